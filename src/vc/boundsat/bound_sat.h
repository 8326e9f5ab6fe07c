/* Minimum covers from the clique-cover bound up, by SAT: is there a cover of bound + s vertices? */
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
 * per edge), which local search and CDCL answer where branching on covers
 * cannot close the last gap: on 3-SAT reductions and other kernels whose
 * bound is the optimum (PACE 2019's vc-exact_089-193), where the branching's
 * local search ends a few vertices above it. When the bound is refuted, a
 * counter lets up to s cliques go empty: covers of n - c + s vertices, s =
 * 1, 2, ..., each question answered in full, the first cover found minimum
 * (vc-exact_153, 7 above its bound).
 *
 * The contract of the other solvers (solve.h): SOLVE_OPTIMAL with a minimum
 * cover; PVC: the bound itself, then (refuted) s = k - (n - c):
 * SOLVE_FOUND, or SOLVE_NO_COVER (also when k is below the bound); a greedy
 * cover within k is found at once. Otherwise (a limit, or a
 * counter too large) SOLVE_STOPPED with the greedy cover and st->lower_bound
 * the bound plus the slacks refuted; with o->bound_sat.no_slack, MVC stops
 * there after slack 0. o and st may be NULL.
 */
int solve_bound_sat(const struct graph *g, const struct solve_opts *o, struct cover *out,
                    struct solve_stats *st, struct error *err);

/*
 * One short question at the bound of g's own clique cover, for a branching
 * solver's root: CDCL alone (the own engine), at most max_conflicts, phases
 * from hint (a cover of g). Returns SAT_SATISFIABLE with out (freed and
 * replaced) a cover of exactly *bound vertices, hence minimum;
 * SAT_UNSATISFIABLE when every cover has more than *bound; SAT_UNKNOWN on the
 * limit or the deadline; or MVC_ENOMEM. *bound receives n - c.
 */
int bound_sat_probe(const struct graph *g, const struct cover *hint, int64_t max_conflicts,
                    const struct deadline *d, struct cover *out, int32_t *bound);

#endif
