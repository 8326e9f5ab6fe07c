/*
 * Maximum clique by bitset branch-and-bound with a greedy colouring bound, used
 * as the vertex cover solver for dense graphs: a minimum vertex cover of G is
 * the complement of a maximum clique of G's edge complement.
 */
#ifndef MVC_CLIQUE_H
#define MVC_CLIQUE_H

#include <stdint.h>

#include "cover.h"
#include "graph.h"
#include "solve.h"

/* Largest graph the bitset representation accepts (n^2 / 8 bytes of adjacency). */
#define CLIQUE_MAX_VERTICES 32768

/* True when the complement search pays: G dense enough and small enough for bitsets. */
int clique_suits(const struct graph *g);

/*
 * Minimum vertex cover of g through a maximum independent set of g (a maximum
 * clique of its complement). Same contract as solve_seq: returns a
 * solve_outcome (MVC: OPTIMAL or STOPPED; PVC with o->k >= 0: FOUND, NO_COVER
 * or STOPPED) or a negative mvc_status; out is always a valid cover.
 */
int solve_clique(const struct graph *g, const struct solve_opts *o, struct cover *out,
                 struct solve_stats *st, struct error *err);

#endif
