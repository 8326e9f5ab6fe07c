/* The greedy upper bound of the branch-and-reduce search (Yamout et al. 2022, Sec. II-B). */
#ifndef MVC_GREEDY_H
#define MVC_GREEDY_H

#include "cover.h"
#include "error.h"
#include "graph.h"

/*
 * A vertex cover of g, usually small: apply the reduction rules, take a vertex
 * of maximum degree, repeat until no edge is left. Near-linear: O(n + m)
 * and one binary search per degree-two vertex.
 * out is a zeroed or cover_init'ed cover; it is (re)initialised for g->n
 * vertices. Returns MVC_OK, or MVC_ENOMEM with err set.
 */
int greedy_cover(const struct graph *g, struct cover *out, struct error *err);

#endif
