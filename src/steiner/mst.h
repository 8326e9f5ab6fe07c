/*
 * Minimum spanning trees for Steiner mode: disjoint sets, Kruskal over a
 * weighted edge list (forests allowed), and Prim over a dense distance matrix.
 */
#ifndef MVC_MST_H
#define MVC_MST_H

#include <stdint.h>

#include "gpu_steiner.h"

/* Union by size with path halving. */
struct disjoint_sets {
    int32_t *up;   /* parent, or -size at a root */
    int32_t count; /* number of sets */
};

int dsets_init(struct disjoint_sets *s, int32_t n);
void dsets_free(struct disjoint_sets *s);
int32_t dsets_find(struct disjoint_sets *s, int32_t x);
/* Joins the sets of a and b; 0 when they were already one. */
int dsets_unite(struct disjoint_sets *s, int32_t a, int32_t b);

/*
 * Kruskal on vertices 0..n-1: sorts edges by (w, u, v, tag) so ties are broken
 * the same way on every run, and moves the chosen edges to the front.
 * *n_chosen = their number (n - components). MVC_ENOMEM when out of memory.
 */
int mst_kruskal(int32_t n, struct wedge *edges, int64_t m, int64_t *n_chosen);

/*
 * Prim on the complete graph with weights dist[i * k + j] (symmetric, INT64_MAX
 * for none), rooted at 0: parent[i] is i's neighbour in the tree, -1 at the
 * root. Returns the first vertex that cannot be reached from 0, or -1 when the
 * tree spans all k. O(k^2) time, O(k) extra memory.
 */
int32_t mst_prim_dense(int32_t k, const int64_t *dist, int32_t *parent, int64_t *key);

#endif
