/*
 * Internal to Steiner mode: the run context, the subgraph G'' assembled from
 * expanded shortest paths and made a tree, and tree adjacency for pruning
 * non-terminal leaves and for the loose-path exchange.
 */
#ifndef MVC_STEINER_TREE_H
#define MVC_STEINER_TREE_H

#include <stdint.h>

#include "graph.h"
#include "mst.h"
#include "steiner.h"

/* What every phase of one steiner_solve shares. */
struct steiner_run {
    const struct graph *g;
    const struct steiner_opts *o;
    struct steiner_stats *st;
    uint8_t *is_terminal; /* n + 1 flags */
    int32_t *cid;         /* n entries of -1, lent to tree_adj_build */
    int use_gpu;          /* the shortest paths run on the GPU (its context is started) */
};

/*
 * A run over g: no terminal flagged yet, every cid -1, on the CPU. MVC_OK,
 * or MVC_ENOMEM with a message.
 */
int steiner_run_start(struct steiner_run *run, const struct graph *g, const struct steiner_opts *o,
                      struct steiner_stats *st, struct error *err);
void steiner_run_end(struct steiner_run *run);

/* Collected edges of G'' (repeats allowed until subgraph_to_tree). */
struct subgraph {
    struct wedge *e;
    int64_t len, cap;
};

void subgraph_init(struct subgraph *s);
void subgraph_free(struct subgraph *s);
int subgraph_add_edge(struct subgraph *s, int32_t u, int32_t v, int64_t w);

/*
 * Adds the path from `from` to `to` along parent pointers (parent[from] leads
 * towards `to`, which must be an ancestor; to = -1: up to the root). MVC_ENOMEM,
 * or MVC_EINPUT when the parent chain breaks (a caller's bug, reported rather
 * than followed).
 */
int subgraph_add_path(struct subgraph *s, const struct graph *g, const int32_t *parent,
                      int32_t from, int32_t to, struct error *err);

/*
 * Removes repeated edges, takes an MST unless G'' is already a tree
 * (|E''| = |V''| - 1, Kou-Markowsky-Berman's last step skipped as in Rajesh
 * Pandian et al., Sec. 3.1), prunes non-terminal leaves and fills out.
 * G'' must be connected. s is emptied.
 */
int subgraph_to_tree(struct steiner_run *run, struct subgraph *s, struct steiner_tree *out,
                     struct error *err);

/* Removes non-terminal leaves until none is left; *pruned = edges removed. cid as for tree_adj. */
int steiner_prune(const struct graph *g, const uint8_t *is_terminal, int32_t *cid,
                  struct steiner_tree *t, int64_t *pruned);

/* Weight of a graph arc (1 in an unweighted graph). */
static inline int64_t arc_weight(const struct graph *g, int64_t arc)
{
    return g->weights ? g->weights[arc] : 1;
}

/*
 * Adjacency of a tree over compact ids 0..nv-1, built in O(edges) through a
 * graph-sized map that the caller lends: cid[v] is v's compact id while the
 * adjacency lives (-1 for vertices outside the tree), and all -1 again after
 * tree_adj_free.
 */
struct tree_adj {
    int32_t nv;
    int32_t *vertex; /* compact id -> graph vertex */
    int64_t *off;    /* nv + 1 offsets into nbr and edge */
    int32_t *nbr;    /* compact ids of the neighbours */
    int64_t *edge;   /* index of that edge in the tree's edge list */
    int32_t *cid;    /* the lent map */
};

int tree_adj_build(const struct steiner_tree *t, int32_t *cid, struct tree_adj *a);
void tree_adj_free(struct tree_adj *a);

/* Graph vertex name for messages: the input's label, or the 1-based id. */
long long steiner_vertex_name(const struct graph *g, int32_t v);

#endif
