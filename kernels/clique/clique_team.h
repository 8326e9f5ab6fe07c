/*
 * The GPU clique search over the devices of one host (--gpus): device 0
 * colours the root, every device then searches its share of the root's
 * branches with its own persistent grid, and a device that runs dry is fed
 * subproblems the others export through the host, until none holds work.
 */
#ifndef MVC_CLIQUE_TEAM_H
#define MVC_CLIQUE_TEAM_H

#include <stdint.h>

extern "C" {
#include "error.h"
#include "solve.h"
}

#include "clique_prepare.h"

/* What a search leaves behind. */
struct clique_outcome {
    int complete; /* the whole tree was searched (or pruned) */
    int64_t nodes;
    double seconds; /* of search: kernel time on one device, wall clock on several */
};

/*
 * The search from the greedy clique in cp->clique[0 .. cp->size) for a
 * clique of `target` vertices (n + 1 for the maximum), on the devices o
 * asks for, bounded also by the clique held beside it (o->clique.held), with
 * MaxSAT reasoning when `maxsat`. cp gets the largest clique the devices
 * found, r and st what the search did. A search that cannot start before
 * o's deadline leaves r->complete 0.
 */
int clique_team_search(const struct solve_opts *o, struct clique_problem *cp, int32_t target,
                       int maxsat, struct clique_outcome *r, struct solve_stats *st,
                       struct error *err);

#endif
