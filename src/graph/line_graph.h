/*
 * Line graphs: g is the line graph of a root graph H when its vertices are
 * H's edges, two adjacent when they share an end. A largest independent set
 * of g is then a largest matching of H, which Edmonds' algorithm finds in
 * polynomial time, where every bound of the branch-and-reduce solvers can be
 * far off: the clique cover of g by H's stars is a vertex cover of H, and a
 * random graph's smallest vertex cover is well above its largest matching.
 */
#ifndef MVC_LINE_GRAPH_H
#define MVC_LINE_GRAPH_H

#include <stdint.h>

#include "cover.h"
#include "graph.h"

/*
 * Tries to find a root graph of g: end[2v] and end[2v + 1] are the ends, in
 * 0 .. *root_n - 1, of the root's edge that g's vertex v stands for. Each
 * vertex's neighbours are split into the two stars it lies in (those not
 * adjacent to its first neighbour are in the other one; a triangle that some
 * vertex meets an odd number of times lies in one star, where nothing else
 * tells), and the root so built is checked: 1 is returned only when its line
 * graph is exactly g.
 * Returns 0 when g is not a line graph, or is one of the few small ones this
 * way does not find, or when finding out would take more than about
 * max_work steps; -1 when out of memory.
 */
int line_graph_root(const struct graph *g, int64_t max_work, int32_t *end, int32_t *root_n);

/*
 * A minimum vertex cover of g when g is a line graph whose root has at most
 * max_root_vertices vertices (its complement in g is a largest matching of
 * the root): 1 with out filled, 0 when it does not apply, -1 when out of
 * memory.
 */
int line_graph_cover(const struct graph *g, int32_t max_root_vertices, struct cover *out);

#endif
