/* Is the clique-cover bound the minimum? A SAT search for a cover of exactly that size. */
#ifndef MVC_BOUND_SAT_H
#define MVC_BOUND_SAT_H

#include "cover.h"
#include "error.h"
#include "graph.h"
#include "solve.h"

/*
 * A graph covered by c cliques has no vertex cover below n - c, and one of
 * exactly n - c vertices when some independent set meets every clique, one
 * vertex in each. That question is a SAT instance (a variable per vertex,
 * true when it stays out of the cover; a clause per clique; a binary clause
 * per edge), which CDCL answers where branching on covers cannot close the
 * last gap: on 3-SAT reductions and forced-satisfiable CSPs (PACE 2019's
 * vc-exact_131-199), where the bound is the optimum and local search ends
 * a few vertices above it.
 *
 * The contract of the other solvers (solve.h): SOLVE_OPTIMAL with a cover of
 * the bound's size; PVC: SOLVE_FOUND, or SOLVE_NO_COVER when k is below the
 * bound or equal to it and the SAT instance has no model. Otherwise
 * SOLVE_STOPPED with a greedy cover and st->lower_bound the bound, one more
 * when the instance has no model: this solver proves nothing above it.
 * o and st may be NULL.
 */
int solve_bound_sat(const struct graph *g, const struct solve_opts *o, struct cover *out,
                    struct solve_stats *st, struct error *err);

#endif
