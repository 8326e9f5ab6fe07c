/* Solvers racing on one graph: the first proven answer wins (see race.c). */
#ifndef MVC_RACE_H
#define MVC_RACE_H

#include "solve.h"

#define RACE_MAX_ENTRANTS 4

/* One entrant's solver; arg is the entrant's own (struct race_entrant). */
typedef int (*race_solve_fn)(const void *arg, const struct graph *g, const struct solve_opts *o,
                             struct cover *out, struct solve_stats *st, struct error *err);

struct race_entrant {
    struct solve_opts opts; /* its stop pointer is replaced by the race's own */
    race_solve_fn solve;    /* NULL: the race's solve */
    const void *arg;        /* passed to solve */
    double start_after;     /* seconds after the race starts; the first entrant should have 0 */
    void (*prepare)(void);  /* NULL, or called once prepare_after seconds in, while undecided */
    double prepare_after;
    int (*ready)(void); /* NULL, or the entrant starts only once this returns non-zero */
    /*
     * 0, or seconds after the race starts when the entrant's thread gives way
     * (thread_priority.h: YIELD_NICE_STEPS lower), where its CPUs are wanted by
     * an entrant that suits the graph better in the long run.
     */
    double yield_after;
};

/*
 * Runs solve once per entrant, each on its own thread from its start time
 * on, until one returns a proven answer (the others are then stopped), all
 * have ended, or o->deadline's stop flag is raised. Returns the winner's outcome with its
 * cover and statistics (a stopped answer: the smallest cover, with the best
 * lower bound any entrant proved), or the first entrant's error when none
 * answered.
 */
int race_solve(const struct graph *g, race_solve_fn solve, const struct race_entrant *entrants,
               int count, const struct solve_opts *o, struct cover *out, struct solve_stats *st,
               struct error *err);

#endif
