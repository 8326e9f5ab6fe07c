/*
 * Degree arrays: the intermediate graph of the branch-and-reduce search
 * (Yamout et al. 2022, Sec. II-A). Plain C shared by the CPU solver and the
 * CUDA kernels, so that both walk the same nodes.
 *
 * A node is n + 1 ints: deg[v] for each vertex v of the CSR graph, with
 * DEGREE_REMOVED for vertices already in the cover, and deg[n] the number of
 * removed vertices (the size of the partial cover). Vertices of degree 0 are
 * not removed: they simply contribute nothing. The partial cover is therefore
 * { v : deg[v] == DEGREE_REMOVED }, read straight off the node.
 */
#ifndef MVC_DEGREE_H
#define MVC_DEGREE_H

#include <stdint.h>

#define DEGREE_REMOVED (-1)

/* ints one node occupies for a graph of n vertices */
#define DEGREE_NODE_INTS(n) ((int64_t)(n) + 1)

/* index of the removed-vertex count inside a node */
#define DEGREE_COVER_SIZE(node, n) ((node)[(n)])

#endif
