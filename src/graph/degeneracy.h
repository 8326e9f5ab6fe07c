/* Core numbers and degeneracy orders: of a graph in O(n + m), of its complement in O(n^2). */
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

/*
 * The smallest-last order of g's complement (Matula and Beck, 1983), for
 * dense graphs whose complement is not built: a vertex of least remaining
 * complement degree is removed and placed last, then the one before, and so
 * on, every remaining complement neighbour losing one degree; among equals
 * the vertex that reached its degree last goes first. O(n^2). Unlike
 * degeneracy_order, degrees are not held at the current core number, so the
 * two orders differ even on the same graph. Returns MVC_OK or MVC_ENOMEM.
 */
int degeneracy_order_complement(const struct graph *g, int32_t *order);

#endif
