/*
 * The orbits of a graph's automorphism group: vertices that some symmetry
 * of the graph maps onto each other. A search whose subproblems are
 * symmetric copies of each other need search only one of them (orbital
 * branching: src/vc/clique/clique_orbital.c, src/vc/bnr/orbital.c). Computed by nauty (B. McKay
 * and A. Piperno) where configure found it; without it every vertex is its
 * own orbit and the searches run as they would on a graph with no
 * symmetry.
 */
#ifndef MVC_ORBITS_H
#define MVC_ORBITS_H

#include <stdint.h>

/* Graphs of more vertices than this are taken as asymmetric: nauty's memory stays bounded. */
#define ORBITS_MAX_VERTICES 8192

/* True when this build computes automorphism groups (configure found nauty). */
int orbits_available(void);

/*
 * The orbits of the automorphism group of G[S], where G's adjacency is given
 * as bitset rows (`words` 64-bit words per row, bit v of row u set when u
 * and v are adjacent, no loops) and S is the `count` vertices of `members`.
 * orbit[i] becomes the index in members of the first member of member i's
 * orbit, and *log10_group the base-10 logarithm of the group's order (0:
 * only the identity). Returns the number of orbits (count when the group is
 * trivial, when S has more than ORBITS_MAX_VERTICES vertices, or without
 * nauty), or MVC_ENOMEM.
 */
int orbits_of_subgraph(const uint64_t *rows, int32_t words, const int32_t *members, int32_t count,
                       int32_t *orbit, double *log10_group);

/*
 * The orbits of the automorphism group of the graph of n vertices whose
 * sorted adjacency lists are adj[offsets[v] .. offsets[v + 1]) (the CSR of
 * graph.h, each edge listed from both ends). orbit[v] becomes the smallest
 * vertex of v's orbit, and *log10_group as above. Returns the number of
 * orbits (n when the group is trivial, when the graph has more than
 * ORBITS_MAX_VERTICES vertices, or without nauty), or MVC_ENOMEM.
 *
 * by_distances: nauty first splits the vertices by the counts of vertices at
 * each distance up to 3 from them. On a regular graph, where degrees split
 * nothing, that is what makes an asymmetric one quick: random 3-regular(300)
 * 15 ms -> 0.2 ms; on vertex-transitive graphs it costs a little more.
 */
int orbits_of_lists(int32_t n, const int64_t *offsets, const int32_t *adj, int by_distances,
                    int32_t *orbit, double *log10_group);

/*
 * Frees what nauty keeps between calls on this thread (it keeps its
 * workspace in thread-local storage): once a thread is done with orbits.
 */
void orbits_release(void);

#endif
