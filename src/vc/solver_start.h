/* The opening every CPU vertex cover solver shares: defaults, statistics, the greedy first answer.
 */
#ifndef MVC_SOLVER_START_H
#define MVC_SOLVER_START_H

#include "cover.h"
#include "error.h"
#include "graph.h"
#include "solve.h"

/* What a solver works with once started; lives on the solver's stack. */
struct solver_start {
    const struct solve_opts *o; /* the caller's options, or defaults when it gave none */
    struct solve_stats *st;     /* the caller's statistics, or a local record */
    double t_start;             /* clock_seconds() when the solver began */
    struct solve_opts defaults;
    struct solve_stats local;
};

/*
 * Resolves NULL options and statistics, clears the statistics and names the
 * solver, then takes a greedy cover into out as the first answer (timed as
 * the upper bound, reported to the progress board). Returns MVC_OK to go on,
 * SOLVE_FOUND when that cover already answers PVC (at most k vertices), or a
 * negative status with err set: a solver returns anything but MVC_OK as it is.
 */
int solver_start(struct solver_start *s, const char *name, const struct graph *g,
                 const struct solve_opts *opts, struct solve_stats *stats, struct cover *out,
                 struct error *err);

#endif
