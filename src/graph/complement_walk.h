/*
 * The complement of a graph one row at a time, in a chosen vertex order: the
 * bitset clique searches (CPU and GPU) build their adjacency rows from it
 * without building the complement graph.
 */
#ifndef MVC_COMPLEMENT_WALK_H
#define MVC_COMPLEMENT_WALK_H

#include <stdint.h>

#include "graph.h"

struct complement_walk {
    const struct graph *g;
    const int32_t *order;
    uint8_t *neighbour; /* by vertex: marks of the row being read, cleared after it */
    int32_t *row;       /* the positions of the last row read */
};

/* A walk of g's complement in order (a permutation of g's vertices). MVC_OK or MVC_ENOMEM. */
int complement_walk_open(struct complement_walk *w, const struct graph *g, const int32_t *order);
void complement_walk_close(struct complement_walk *w);

/*
 * Row i: the positions in order of the vertices other than order[i] that are
 * not adjacent to it, ascending, in w->row (valid until the next call).
 * Returns their count, order[i]'s degree in the complement.
 */
int32_t complement_walk_row(struct complement_walk *w, int32_t i);

#endif
