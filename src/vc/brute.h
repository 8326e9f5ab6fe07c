/* Exhaustive minimum vertex cover for tiny graphs: the reference the solvers are tested against. */
#ifndef MVC_BRUTE_H
#define MVC_BRUTE_H

#include "cover.h"
#include "graph.h"

/* Vertex sets are bit masks of one machine word, so graphs must stay this small. */
#define BRUTE_MAX_VERTICES 30

/*
 * Minimum vertex cover of g (g->n <= BRUTE_MAX_VERTICES), by a complete search
 * over independent sets that shares no code with the real solvers. out is a
 * zeroed or cover_init'ed cover; it is (re)initialised for g->n vertices.
 * Returns the cover size, or MVC_EUNSUPPORTED / MVC_ENOMEM.
 */
int brute_minimum_cover(const struct graph *g, struct cover *out);

#endif
