/* A set of undirected edges with O(1) membership tests (open addressing, or a bit matrix). */
#ifndef MVC_EDGE_SET_H
#define MVC_EDGE_SET_H

#include <stdint.h>

/*
 * Keys are pairs {u, v} stored as (min << 32 | max); the table only grows,
 * which suits the kernelization: edges vanish only with a removed endpoint,
 * and callers never ask about removed vertices.
 */
struct edge_set {
    uint64_t *slots;  /* EDGE_SET_EMPTY or a key */
    int64_t capacity; /* power of two */
    int64_t count;
    /*
     * Dense graphs instead: an n x n bit matrix with both (u, v) and (v, u) set,
     * chosen when it is no larger than the table would be (over about n^2 / 128
     * edges): a membership test is then one load, and the domination rule makes
     * millions of them on the DIMACS complements.
     */
    uint64_t *bits;
    int64_t row_words;
};

/* For a graph of n vertices and about `expected` edges. */
int edge_set_init(struct edge_set *s, int32_t n, int64_t expected);
void edge_set_free(struct edge_set *s);
int edge_set_add(struct edge_set *s, int32_t u, int32_t v); /* MVC_OK or MVC_ENOMEM */
int edge_set_has(const struct edge_set *s, int32_t u, int32_t v);

#endif
