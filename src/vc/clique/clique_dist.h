/*
 * The clique search over the ranks of a distributed run (mpirun, or ranks
 * as threads in the tests), each rank with threads of its own. Rank 0
 * holds the problem and sends it down a binary tree of ranks; every rank
 * keeps a pool of items (subproblems) that its threads take, a thread that
 * finds the pool empty asks a busy one to hand over the untried branches of
 * its shallowest open node, an idle rank steals from a random other rank
 * (src/dist/steal.h), a larger clique found anywhere is sent to every rank,
 * and rank 0 ends the search when the token of the termination protocol
 * says that no rank holds work and none is on its way, or when the target
 * is reached, the time limit passes or a rank is stopped.
 */
#ifndef MVC_CLIQUE_DIST_H
#define MVC_CLIQUE_DIST_H

#include <signal.h>
#include <stdint.h>

#include "clique_search.h"
#include "dist_link.h"
#include "error.h"
#include "gpu_clique_member.h"

/*
 * Rank 0: searches s (its adjacency, order, greedy best, target, MaxSAT
 * choice and options set, as solve_clique sets them) with every rank of l,
 * `threads` threads here, from its root, or from the items given instead
 * (an orbital split's: item_ints ints; NULL for the root). On return
 * s->best, s->best_size, s->nodes (all ranks), s->maxsat.spared and
 * s->stopped say what the search found, and *ranks how the work was
 * spread. MVC_OK, or MVC_ENOMEM with nothing searched.
 */
int clique_dist_search(struct clique_search *s, struct dist_link *l, int threads,
                       const int32_t *items, size_t item_ints, struct rank_stats *ranks);

/*
 * Any other rank: takes part in every search rank 0 starts, `threads`
 * threads each, until rank 0 releases it. *stop (a signal) stops this
 * rank's part of a search and, through rank 0, the search. A rank that
 * cannot take part in a search (no memory for it; or `threads` < 1, which
 * the tests use to make one) tells rank 0, which ends the search as
 * stopped, and passes the end and the results on through the tree.
 */
void clique_dist_serve(struct dist_link *l, int threads, volatile sig_atomic_t *stop);

/*
 * Each rank's GPUs take part in a search where rank 0's options let them
 * (solve.h: clique.spread_gpus), run as members of its team by
 * gpu_clique_members (gpu_clique_member.h) from 0.2 s into the rank's part.
 */
typedef int (*clique_members_fn)(const struct clique_member_link *link, int devices, int32_t n,
                                 int32_t words, const uint64_t *rows, int maxsat, int32_t target,
                                 int64_t *nodes, struct error *err);

/*
 * For the tests: `run` instead (a CPU stand-in for the devices, or NULL for
 * none), `after` seconds into a rank's part. Set before any search starts.
 */
void clique_dist_set_members(clique_members_fn run, double after);

/* Rank 0, after its last search: every other rank leaves clique_dist_serve. */
void clique_dist_release(struct dist_link *l);

#endif
