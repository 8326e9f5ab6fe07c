/*
 * sat.h's calls on CaDiCaL's C interface (see sat_cadical.h). The interface
 * reports no statistics: conflicts are counted as the clauses it learns
 * (every one, units included, through its learn callback), decisions and
 * propagations are not known and stay 0. Nor does it take phases before
 * version 1.9, and from then on a phase given is forced on every decision:
 * the engine keeps its own. It gives no way to report running
 * out of memory either (the library aborts); the clause database of the
 * encodings it is given (bound_sat.c) is their edges and cliques.
 */
#include "config.h"

#include "sat_cadical.h"

#include <ccadical.h>
#include <stdlib.h>

#include "clock.h"
#include "error.h"

struct sat_cadical {
    CCaDiCaL *solver;
    int32_t mentioned; /* variables 0..mentioned-1 appear in a clause: CaDiCaL knows no others */
    int result;        /* SAT_SATISFIABLE or SAT_UNSATISFIABLE once answered, else SAT_UNKNOWN */
    const struct sat_limits *lim; /* the running call's limits, for the terminate callback */
    struct sat_stats stats;
};

static int external(int32_t lit)
{
    int v = (int)(lit >> 1) + 1;
    return (lit & 1) ? -v : v;
}

static int reached_limit(void *state)
{
    const struct sat_cadical *c = state;
    return c->lim != NULL && deadline_passed(&c->lim->deadline);
}

static void count_learnt(void *state, int *clause)
{
    (void)clause;
    struct sat_cadical *c = state;
    c->stats.learnt++;
    c->stats.conflicts++; /* each conflict learns one clause */
}

struct sat_cadical *sat_cadical_new(void)
{
    struct sat_cadical *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->solver = ccadical_init();
    if (c->solver == NULL) {
        free(c);
        return NULL;
    }
    ccadical_set_option(c->solver, "quiet", 1); /* its messages would go to stdout, the cover's */
    ccadical_set_terminate(c->solver, c, reached_limit);
    ccadical_set_learn(c->solver, c, INT32_MAX, count_learnt);
    return c;
}

void sat_cadical_free(struct sat_cadical *c)
{
    if (c == NULL)
        return;
    ccadical_release(c->solver);
    free(c);
}

int sat_cadical_add_clause(struct sat_cadical *c, const int32_t *lits, int32_t len)
{
    for (int32_t i = 0; i < len; i++) {
        ccadical_add(c->solver, external(lits[i]));
        if ((lits[i] >> 1) >= c->mentioned)
            c->mentioned = (lits[i] >> 1) + 1;
    }
    ccadical_add(c->solver, 0);
    return MVC_OK;
}

void sat_cadical_set_seed(struct sat_cadical *c, uint64_t seed)
{
    ccadical_set_option(c->solver, "seed", (int)(seed % INT32_MAX)); /* its options are ints */
}

int sat_cadical_solve(struct sat_cadical *c, const struct sat_limits *lim)
{
    if (c->result != SAT_UNKNOWN)
        return c->result;
    if (lim != NULL && deadline_passed(&lim->deadline))
        return SAT_UNKNOWN;
    double start = clock_seconds();
    int64_t budget = lim != NULL && lim->max_conflicts > 0 ? lim->max_conflicts : -1;
    ccadical_limit(c->solver, "conflicts", budget > INT32_MAX ? INT32_MAX : (int)budget);
    c->lim = lim;
    int r = ccadical_solve(c->solver);
    c->lim = NULL;
    c->stats.seconds += clock_seconds() - start;
    if (r == 10 || r == 20)
        c->result = r == 10 ? SAT_SATISFIABLE : SAT_UNSATISFIABLE;
    return c->result;
}

int sat_cadical_value(const struct sat_cadical *c, int32_t v)
{
    return v < c->mentioned && ccadical_val(c->solver, (int)v + 1) > 0;
}

void sat_cadical_get_stats(const struct sat_cadical *c, struct sat_stats *st)
{
    *st = c->stats;
}
