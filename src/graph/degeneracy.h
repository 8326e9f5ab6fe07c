/* Core numbers and a degeneracy order of a graph, in O(n + m). */
#ifndef MVC_DEGENERACY_H
#define MVC_DEGENERACY_H

#include <stdint.h>

#include "graph.h"

/*
 * order[i]: the i-th vertex removed when vertices of least remaining degree
 * are removed one by one; position is its inverse; core[v] is v's core number
 * (the largest k such that v lies in a subgraph of minimum degree k). Core
 * numbers never decrease along the order, and a vertex has at most core[v]
 * neighbours after it. Returns the degeneracy (the largest core number, 0 for
 * an empty graph) or MVC_ENOMEM.
 */
int32_t degeneracy_order(const struct graph *g, int32_t *order, int32_t *position, int32_t *core);

#endif
