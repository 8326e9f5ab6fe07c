/* A small CDCL SAT solver: clauses over 0-based variables, solved within limits. */
#ifndef MVC_SAT_H
#define MVC_SAT_H

#include <stdint.h>

#include "deadline.h"

/* Literal of variable v: SAT_LIT(v, 0) is v, SAT_LIT(v, 1) is not v. */
#define SAT_LIT(v, negated) (2 * (int32_t)(v) + ((negated) ? 1 : 0))

enum sat_result {
    SAT_UNKNOWN = 0,        /* a limit was reached first */
    SAT_SATISFIABLE = 10,   /* sat_value gives a model */
    SAT_UNSATISFIABLE = 20, /* no assignment satisfies every clause */
};

struct sat_limits {
    int64_t max_conflicts;    /* in this call; 0 for none */
    struct deadline deadline; /* give up once passed */
};

struct sat_stats {
    int64_t conflicts, decisions, propagations, restarts, learnt, deleted;
    double seconds;
};

struct sat;

/*
 * The search behind the calls below: this module's own CDCL, or CaDiCaL
 * (sat_cadical.h) in builds configured with it. On the transversal of
 * PACE 2019's vc-exact_183 (48,878 variables, 104,876 clauses, satisfiable)
 * CaDiCaL finds a model in 5 to 8 minutes where the own search finds none
 * in 10, with or without target phases (tried, not kept).
 */
enum sat_engine { SAT_ENGINE_OWN, SAT_ENGINE_CADICAL };

/* Whether this build has the engine. */
int sat_engine_available(enum sat_engine engine);

/* A solver for vars variables and no clauses yet; NULL when out of memory. */
struct sat *sat_new(int32_t vars);

/* The same on the given engine; NULL also where the build lacks it. */
struct sat *sat_new_with(int32_t vars, enum sat_engine engine);
void sat_free(struct sat *s);

/*
 * Adds the clause l[0] or ... or l[len-1] (repeats are merged, a clause with
 * both v and not v is dropped). Before the first sat_solve only. 0, or
 * MVC_ENOMEM.
 */
int sat_add_clause(struct sat *s, const int32_t *lits, int32_t len);

/*
 * The seed of the engine's random choices: CaDiCaL's; the own search makes
 * none, and ignores it.
 */
void sat_set_seed(struct sat *s, uint64_t seed);

/*
 * The value tried first for v when the search next decides it (default:
 * false). CaDiCaL keeps its own phases and ignores it.
 */
void sat_set_phase(struct sat *s, int32_t v, int value);

/*
 * Conflict-driven clause learning (Marques-Silva and Sakallah 1999; Een and
 * Sorensson's MiniSat 2003): two watched literals, first-UIP learning with
 * clause minimisation, VSIDS decisions with phase saving, Luby restarts and
 * learnt clauses kept by their LBD (Audemard and Simon 2009). Returns an
 * enum sat_result, or MVC_ENOMEM (after which the solver may only be
 * freed). After SAT_UNKNOWN it may be called again
 * to go on, keeping what it learnt, from the phases as they are then (set
 * them with sat_set_phase in between to steer it); after an answer it
 * returns the same answer at once.
 */
int sat_solve(struct sat *s, const struct sat_limits *lim);

/* In a model (after SAT_SATISFIABLE): 1 when v is true, else 0. */
int sat_value(const struct sat *s, int32_t v);

void sat_get_stats(const struct sat *s, struct sat_stats *st);

#endif
