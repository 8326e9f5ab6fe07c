/*
 * Maximum cardinality matching in a general graph: Edmonds' blossom
 * algorithm, one alternating-tree search per vertex a greedy start leaves
 * free. O(V^3) at worst; meant for graphs of a few thousand vertices.
 */
#ifndef MVC_MATCHING_H
#define MVC_MATCHING_H

#include <stdint.h>

#include "graph.h"

/*
 * Fills mate[v] with v's partner in a maximum matching of g, or -1 when v is
 * unmatched. Returns the matching's size, or -1 when out of memory.
 */
int32_t matching_maximum(const struct graph *g, int32_t *mate);

#endif
