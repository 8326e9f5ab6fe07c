/*
 * The CDCL solver, on each engine the build has (its own, CaDiCaL): random
 * formulas against exhaustive search (answers agree, models satisfy every
 * clause), pigeonhole formulas refuted, planted formulas of 200 variables
 * satisfied, degenerate clauses, and the limits.
 */
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "sat.h"
#include "tap.h"

#define MAX_CLAUSES 2048
#define MAX_WIDTH 16

struct formula {
    int32_t vars, clauses;
    int32_t width[MAX_CLAUSES];
    int32_t lit[MAX_CLAUSES][MAX_WIDTH];
};

static int satisfied_by(const struct formula *f, uint64_t assignment)
{
    for (int32_t c = 0; c < f->clauses; c++) {
        int sat = 0;
        for (int32_t i = 0; i < f->width[c] && !sat; i++) {
            int32_t l = f->lit[c][i];
            sat = (int)((assignment >> (l >> 1)) & 1) != (l & 1);
        }
        if (!sat)
            return 0;
    }
    return 1;
}

static int brute_satisfiable(const struct formula *f)
{
    for (uint64_t a = 0; a < (uint64_t)1 << f->vars; a++)
        if (satisfied_by(f, a))
            return 1;
    return 0;
}

/* 1 when the solver's model satisfies every clause of f. */
static int model_satisfies(const struct sat *s, const struct formula *f)
{
    for (int32_t c = 0; c < f->clauses; c++) {
        int sat = 0;
        for (int32_t i = 0; i < f->width[c] && !sat; i++) {
            int32_t l = f->lit[c][i];
            sat = sat_value(s, l >> 1) != (l & 1);
        }
        if (!sat)
            return 0;
    }
    return 1;
}

static enum sat_engine engine; /* the one under test */
static const char *engine_name;

static struct sat *fresh(int32_t vars)
{
    struct sat *s = sat_new_with(vars, engine);
    if (s == NULL)
        bail("out of memory");
    return s;
}

static struct sat *load(const struct formula *f)
{
    struct sat *s = fresh(f->vars);
    for (int32_t c = 0; c < f->clauses; c++)
        if (sat_add_clause(s, f->lit[c], f->width[c]) != 0)
            bail("out of memory");
    return s;
}

/* Random k-clauses; with planted set, only clauses the planted assignment satisfies. */
static void random_formula(struct formula *f, struct rng *r, int32_t vars, int32_t clauses,
                           int32_t k, const uint8_t *planted)
{
    f->vars = vars;
    f->clauses = 0;
    while (f->clauses < clauses) {
        int32_t c = f->clauses;
        int sat = 0;
        for (int32_t i = 0; i < k; i++) {
            int32_t v = rng_below(r, vars), neg = rng_below(r, 2);
            f->lit[c][i] = SAT_LIT(v, neg);
            sat |= planted != NULL && planted[v] != neg;
        }
        f->width[c] = k;
        if (planted == NULL || sat)
            f->clauses++;
    }
}

/* Planted 3-SAT at the threshold ratio, 200 variables: satisfied by a hidden random assignment. */
static void planted_3sat(struct formula *f, struct rng *r)
{
    uint8_t hidden[200];
    for (int v = 0; v < 200; v++)
        hidden[v] = (uint8_t)rng_below(r, 2);
    random_formula(f, r, 200, 852, 3, hidden);
}

/* Pigeons into holes: each pigeon somewhere, no two in one hole. Unsatisfiable when pigeons >
 * holes. */
static void pigeonhole(struct formula *f, int32_t pigeons, int32_t holes)
{
    f->vars = pigeons * holes;
    f->clauses = 0;
    for (int32_t p = 0; p < pigeons; p++) {
        for (int32_t h = 0; h < holes; h++)
            f->lit[f->clauses][h] = SAT_LIT(p * holes + h, 0);
        f->width[f->clauses++] = holes;
    }
    for (int32_t h = 0; h < holes; h++)
        for (int32_t p = 0; p < pigeons; p++)
            for (int32_t q = p + 1; q < pigeons; q++) {
                f->lit[f->clauses][0] = SAT_LIT(p * holes + h, 1);
                f->lit[f->clauses][1] = SAT_LIT(q * holes + h, 1);
                f->width[f->clauses++] = 2;
            }
}

static void check_engine(uint64_t seed)
{
    struct rng r = {seed};
    static struct formula f;

    /* random formulas of 3 to 16 variables, widths 2 to 4, from easy to over-constrained */
    int wrong = 0, bad_model = 0, unknown = 0, sats = 0;
    for (int i = 0; i < 600; i++) {
        int32_t vars = 3 + rng_below(&r, 14), k = 2 + rng_below(&r, 3);
        double ratio = (k == 2 ? 0.5 : k == 3 ? 2.5 : 6.0) + 4.0 * rng_unit(&r);
        random_formula(&f, &r, vars, (int32_t)(ratio * vars), k, NULL);
        struct sat *s = load(&f);
        int got = sat_solve(s, NULL);
        int want = brute_satisfiable(&f) ? SAT_SATISFIABLE : SAT_UNSATISFIABLE;
        wrong += got != want;
        unknown += got == SAT_UNKNOWN;
        if (got == SAT_SATISFIABLE) {
            sats++;
            bad_model += !model_satisfies(s, &f);
        }
        sat_free(s);
    }
    is(wrong, 0,
       "%s: 600 random formulas: the answer agrees with exhaustive search (%d satisfiable)",
       engine_name, sats);
    is(bad_model, 0, "%s: every model satisfies its formula", engine_name);
    is(unknown, 0, "%s: no limit, no unknown answer", engine_name);

    /* planted 3-SAT: satisfiable, and found so */
    int planted_ok = 0;
    for (int i = 0; i < 10; i++) {
        planted_3sat(&f, &r);
        struct sat *s = load(&f);
        planted_ok += sat_solve(s, NULL) == SAT_SATISFIABLE && model_satisfies(s, &f);
        sat_free(s);
    }
    is(planted_ok, 10, "%s: 10 planted 3-SAT formulas of 200 variables: satisfied", engine_name);

    /* pigeonhole: refuted */
    for (int32_t holes = 3; holes <= 7; holes++) {
        pigeonhole(&f, holes + 1, holes);
        struct sat *s = load(&f);
        is(sat_solve(s, NULL), SAT_UNSATISFIABLE, "%s: %d pigeons in %d holes: unsatisfiable",
           engine_name, holes + 1, holes);
        sat_free(s);
    }
    pigeonhole(&f, 7, 7);
    struct sat *s = load(&f);
    int r7 = sat_solve(s, NULL);
    ok(r7 == SAT_SATISFIABLE && model_satisfies(s, &f), "%s: 7 pigeons in 7 holes: satisfied",
       engine_name);
    sat_free(s);

    /* limits */
    pigeonhole(&f, 11, 10);
    s = load(&f);
    struct sat_limits lim = {100, deadline_after(0, NULL)};
    struct sat_stats st;
    is(sat_solve(s, &lim), SAT_UNKNOWN, "%s: 11 pigeons in 10 holes within 100 conflicts: unknown",
       engine_name);
    sat_get_stats(s, &st);
    is(st.conflicts, 100, "%s: it stopped at the 100th conflict", engine_name);
    sat_free(s);
    volatile sig_atomic_t stop = 1;
    s = load(&f);
    lim = (struct sat_limits){0, deadline_after(0, &stop)};
    is(sat_solve(s, &lim), SAT_UNKNOWN, "%s: a raised stop flag ends the search: unknown",
       engine_name);
    sat_free(s);
    s = load(&f);
    lim = (struct sat_limits){0, deadline_after(0.05, NULL)};
    is(sat_solve(s, &lim), SAT_UNKNOWN, "%s: 11 pigeons in 10 holes within 0.05 s: unknown",
       engine_name);
    sat_get_stats(s, &st);
    ok(st.seconds < 1.0, "%s: the time limit is kept (%.3f s)", engine_name, st.seconds);
    sat_free(s);

    /* going on after a limit: the same answers, in chunks of 50 conflicts, phases reset between */
    pigeonhole(&f, 8, 7);
    s = load(&f);
    lim = (struct sat_limits){50, deadline_after(0, NULL)};
    int chunks = 0, res = SAT_UNKNOWN;
    while (res == SAT_UNKNOWN && chunks < 100000) {
        res = sat_solve(s, &lim);
        chunks++;
    }
    is(res, SAT_UNSATISFIABLE,
       "%s: 8 pigeons in 7 holes, 50 conflicts a call: refuted after %d calls", engine_name,
       chunks);
    is(sat_solve(s, &lim), SAT_UNSATISFIABLE, "%s: called again after the answer: the same answer",
       engine_name);
    sat_free(s);
    int resumed_ok = 0;
    for (int i = 0; i < 5; i++) {
        planted_3sat(&f, &r);
        s = load(&f);
        res = SAT_UNKNOWN;
        for (int call = 0; call < 100000 && res == SAT_UNKNOWN; call++) {
            for (int v = 0; v < 200; v++)
                sat_set_phase(s, v, rng_below(&r, 2));
            res = sat_solve(s, &lim);
        }
        resumed_ok += res == SAT_SATISFIABLE && model_satisfies(s, &f);
        sat_free(s);
    }
    is(resumed_ok, 5,
       "%s: 5 planted formulas, 50 conflicts a call, random phases between: satisfied",
       engine_name);

    /*
     * going on after a stop raised between decisions: every variable still gets decided (a
     * stop that came after the choice of a decision variable once lost it, and "models" left
     * it unassigned)
     */
    int stopped_ok = 0;
    for (int i = 0; i < 20; i++) {
        f.vars = 300 + rng_below(&r, 300);
        f.clauses = 0;
        for (int32_t c = 0; c < f.vars / 2; c++) {
            f.lit[c][0] = SAT_LIT(rng_below(&r, f.vars), 0);
            f.lit[c][1] = SAT_LIT(rng_below(&r, f.vars), 0);
            f.width[f.clauses++] = 2;
        }
        s = load(&f);
        volatile sig_atomic_t raised = 1;
        lim = (struct sat_limits){0, deadline_after(0, &raised)};
        for (int call = 0; call < 300; call++) /* each stops within its first 256 decisions */
            sat_solve(s, &lim);
        res = sat_solve(s, NULL);
        stopped_ok += res == SAT_SATISFIABLE && model_satisfies(s, &f);
        sat_free(s);
    }
    is(stopped_ok, 20,
       "%s: 20 formulas of positive 2-clauses, 300 calls stopped between decisions, "
       "then one to the end: satisfied",
       engine_name);

    /* degenerate clauses */
    s = fresh(0);
    is(sat_solve(s, NULL), SAT_SATISFIABLE, "%s: no variables, no clauses: satisfiable",
       engine_name);
    sat_free(s);
    s = fresh(2);
    sat_add_clause(s, NULL, 0);
    is(sat_solve(s, NULL), SAT_UNSATISFIABLE, "%s: the empty clause: unsatisfiable", engine_name);
    sat_free(s);
    s = fresh(1);
    int32_t x = SAT_LIT(0, 0), not_x = SAT_LIT(0, 1);
    sat_add_clause(s, &x, 1);
    sat_add_clause(s, &not_x, 1);
    is(sat_solve(s, NULL), SAT_UNSATISFIABLE, "%s: x and not x as units: unsatisfiable",
       engine_name);
    sat_free(s);
    s = fresh(2);
    int32_t taut[3] = {SAT_LIT(0, 0), SAT_LIT(1, 1), SAT_LIT(0, 1)};
    int32_t dup[3] = {SAT_LIT(1, 0), SAT_LIT(1, 0), SAT_LIT(1, 0)};
    int32_t neg_y = SAT_LIT(1, 1);
    sat_add_clause(s, taut, 3);
    sat_add_clause(s, dup, 3);
    is(sat_solve(s, NULL), SAT_SATISFIABLE, "%s: a tautology and a repeated literal: satisfiable",
       engine_name);
    ok(sat_value(s, 1) == 1, "%s: the repeated literal y is true in the model", engine_name);
    sat_free(s);
    s = fresh(2);
    sat_add_clause(s, dup, 3);
    sat_add_clause(s, &neg_y, 1);
    is(sat_solve(s, NULL), SAT_UNSATISFIABLE, "%s: (y or y or y) and not y: unsatisfiable",
       engine_name);
    sat_free(s);

    /* phases steer the search but not the answer */
    s = fresh(3);
    int32_t any[3] = {SAT_LIT(0, 0), SAT_LIT(1, 0), SAT_LIT(2, 0)};
    sat_add_clause(s, any, 3);
    sat_set_phase(s, 2, 1);
    is(sat_solve(s, NULL), SAT_SATISFIABLE, "%s: one clause with phases set: satisfiable",
       engine_name);
    ok(sat_value(s, 0) + sat_value(s, 1) + sat_value(s, 2) >= 1, "%s: its model satisfies it",
       engine_name);
    sat_free(s);
}

int main(void)
{
    uint64_t seed = gen_master_seed();
    engine = SAT_ENGINE_OWN;
    engine_name = "own";
    check_engine(seed);
    if (sat_engine_available(SAT_ENGINE_CADICAL)) {
        engine = SAT_ENGINE_CADICAL;
        engine_name = "CaDiCaL";
        check_engine(seed);
    } else {
        skip("CaDiCaL: not in this build");
    }
    ok(sat_new_with(-1, SAT_ENGINE_CADICAL) == NULL, "a negative variable count: no solver");
    done_testing();
    return exit_status();
}
