/*
 * The reduction rules of the branch-and-reduce search on degree arrays, CPU
 * side (Yamout et al. 2022, Fig. 1 lines 14-30 and Sec. II-B).
 */
#ifndef MVC_REDUCE_H
#define MVC_REDUCE_H

#include <stdint.h>

#include "degree.h"
#include "graph.h"

/*
 * Scratch space of the rules, allocated once per solve: the vertices whose
 * degree has fallen to 1 or 2 since the rules last looked at them. With it a
 * fixed point costs one scan of the degree array instead of a sweep per rule
 * and per round.
 */
struct reduce_work {
    int32_t *ones, *twos; /* n entries each */
    int32_t n_ones, n_twos;
};

int reduce_work_init(struct reduce_work *w, int32_t n); /* MVC_OK or MVC_ENOMEM */
void reduce_work_free(struct reduce_work *w);

/*
 * One intermediate graph (G, S): a degree array in the layout of degree.h
 * (n + 1 ints, deg[n] = |S|) over the CSR graph, and |E(G)|, which every
 * operation below keeps in step so that no node ever recounts it. The rules
 * need work; taking vertices outside them (branching) runs without it.
 */
struct reduce_node {
    int *deg;
    int64_t edges;
    struct reduce_work *work; /* NULL, or scratch for a graph of this size */
};

/*
 * The rules take a bound: the largest cover that is still of interest. The
 * paper's two variants are the same rules with bound = best - 1 for MVC and
 * bound = k for PVC, so that its high-degree test d(v) > best - |S| - 1 (MVC)
 * or d(v) > k - |S| (PVC) reads d(v) > bound - |S| for both.
 */

/* The input graph as the root node: every vertex at its degree, S empty. deg holds n + 1 ints. */
void reduce_node_root(const struct graph *g, struct reduce_node *x);

/* |E| of a degree array counted from scratch (half the degree sum), for checks and tests. */
int64_t reduce_count_edges(const int *deg, int32_t n);

/* G - v, S + v. v must still be in the graph. */
void reduce_take_vertex(const struct graph *g, struct reduce_node *x, int32_t v);

/* G - N(v), S + N(v); v stays, isolated. */
void reduce_take_neighbours(const struct graph *g, struct reduce_node *x, int32_t v);

/*
 * Each rule runs until it no longer applies ("while there is a v such that")
 * and returns the number of vertices it took into S. x->work must be set.
 */

/* Degree-one: a vertex of degree 1 puts its neighbour into S. */
int32_t reduce_degree_one(const struct graph *g, struct reduce_node *x);

/* Degree-two-triangle: a vertex v with N(v) = {u, w} and uw an edge puts u and w into S. */
int32_t reduce_degree_two_triangle(const struct graph *g, struct reduce_node *x);

/*
 * High-degree: a vertex with d(v) > bound - |S| goes into S. Stops as soon as
 * |S| > bound, since such a node holds no cover of interest and is pruned.
 */
int32_t reduce_high_degree(const struct graph *g, struct reduce_node *x, int64_t bound);

/*
 * The three rules in the paper's order, repeated until the graph stops
 * changing (or until |S| > bound, when the node is pruned anyway). Returns the
 * vertices taken.
 */
int32_t reduce_apply(const struct graph *g, struct reduce_node *x, int64_t bound);

#endif
