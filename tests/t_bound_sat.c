/*
 * The SAT search from the clique-cover bound up, on 3-SAT reductions, whose
 * optimum is the bound plus what the fewest variables taken both ways and
 * clauses left false add (enumerated here). Random graphs of every family
 * against exhaustive search are t_solver_contract's, as for every solver.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bound_sat.h"
#include "clock.h"
#include "gen.h"
#include "greedy.h"
#include "sat.h"
#include "tap.h"

struct tally {
    int runs, invalid, wrong_claim, optimal, stopped;
};

/* The default options but k (MVC when negative) and the time limit (0: none). */
static struct solve_opts options(int64_t k, double time_limit)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.k = k;
    o.deadline = deadline_after(time_limit, o.deadline.stop);
    return o;
}

/*
 * One call with the contract checked against the known optimum opt (or a
 * lower bound on it, exact = 0); *size (when not NULL) gets the cover's size.
 */
static int run(const struct graph *g, struct solve_opts o, int32_t opt, int exact, struct tally *t,
               int32_t *size)
{
    int64_t k = o.k;
    struct cover c = {0};
    struct solve_stats st;
    struct error err = {0};
    int r = solve_bound_sat(g, &o, &c, &st, &err);
    t->runs++;
    if (size != NULL)
        *size = c.size;
    if (r < 0) {
        diag("error: %s", err.message);
        t->wrong_claim++;
        return r;
    }
    /* cover_check also asks for a cover of g->n vertices whose size counts its members */
    t->invalid += cover_check(g, &c, &err) != MVC_OK;
    int wrong = st.lower_bound > opt && exact;
    if (r == SOLVE_OPTIMAL)
        wrong |= k >= 0 || c.size != opt || !exact;
    if (r == SOLVE_FOUND)
        wrong |= k < 0 || c.size > k;
    if (r == SOLVE_NO_COVER)
        wrong |= k < 0 || (exact && k >= opt);
    if (r == SOLVE_STOPPED)
        t->stopped++;
    t->optimal += r == SOLVE_OPTIMAL;
    t->wrong_claim += wrong;
    cover_free(&c);
    return r;
}

/* Clauses of 3 literals over vars variables; literal 2v + 1 is the negation of v. */
struct formula {
    int32_t vars, clauses;
    int32_t lit[1100][3];
};

/*
 * Clauses over three distinct variables, so that the clause triangles are
 * the graph's only triangles and no cover by cliques beats the natural one.
 */
static void random_clauses(struct formula *f, struct rng *r)
{
    for (int32_t c = 0; c < f->clauses; c++)
        for (int k = 0; k < 3; k++) {
            int32_t v;
            do
                v = rng_below(r, f->vars);
            while ((k > 0 && v == f->lit[c][0] >> 1) || (k > 1 && v == f->lit[c][1] >> 1));
            f->lit[c][k] = 2 * v + rng_below(r, 2);
        }
}

/*
 * What a minimum cover of the reduction needs beyond vars + 2 clauses: a
 * cover takes one or both ends of each variable's edge (true, false, or
 * both: one more) and two or three vertices of each clause's triangle
 * (three when no literal vertex of the clause is in it). The least of
 * (variables taken both ways) + (clauses left without a true literal) over
 * the 3^vars choices, by enumeration; 0 exactly when f is satisfiable.
 */
static int32_t extra_needed(const struct formula *f)
{
    int32_t best = f->clauses;
    int8_t state[16] = {0}; /* per variable: 0 false, 1 true, 2 both */
    for (;;) {
        int32_t extra = 0;
        for (int32_t v = 0; v < f->vars; v++)
            extra += state[v] == 2;
        for (int32_t c = 0; c < f->clauses && extra < best; c++) {
            int sat = 0;
            for (int i = 0; i < 3; i++) {
                int32_t l = f->lit[c][i], st = state[l >> 1];
                sat |= st == 2 || st == !(l & 1);
            }
            extra += !sat;
        }
        if (extra < best)
            best = extra;
        int32_t v = 0; /* the next choice, counting in base 3 */
        while (v < f->vars && state[v] == 2)
            state[v++] = 0;
        if (v == f->vars)
            return best;
        state[v]++;
    }
}

/*
 * The textbook reduction: an edge per variable (its two literals), a
 * triangle per clause, each triangle vertex joined to its literal's vertex.
 * A minimum cover has vars + 2 clauses vertices exactly when f is satisfiable.
 */
static struct graph *reduction(const struct formula *f, struct rng *r)
{
    static struct gen_edges ge;
    ge.m = 0;
    ge.n = 2 * f->vars + 3 * f->clauses;
    for (int32_t v = 0; v < f->vars; v++)
        gen_edge(&ge, 2 * v, 2 * v + 1);
    for (int32_t c = 0; c < f->clauses; c++) {
        int32_t t = 2 * f->vars + 3 * c;
        gen_edge(&ge, t, t + 1);
        gen_edge(&ge, t + 1, t + 2);
        gen_edge(&ge, t, t + 2);
        for (int i = 0; i < 3; i++)
            gen_edge(&ge, t + i, f->lit[c][i]);
    }
    return gen_build(&ge, r);
}

/*
 * The reduction of a random formula of 5 to 8 variables and 3 to 15
 * clauses per variable (from below the threshold to far above), into f;
 * *fewest as extra_needed counts it, *opt the minimum cover.
 */
static struct graph *random_reduction(struct formula *f, struct rng *r, int32_t *fewest,
                                      int32_t *opt)
{
    f->vars = 5 + rng_below(r, 4);
    f->clauses = (int32_t)((3.0 + 12.0 * rng_unit(r)) * f->vars);
    random_clauses(f, r);
    *fewest = extra_needed(f);
    *opt = f->vars + 2 * f->clauses + *fewest;
    return reduction(f, r);
}

/*
 * 100 random reductions under the given CaDiCaL policy: MVC must prove the
 * minimum, PVC find a cover at opt and none at opt - 1. The count of wrong
 * answers, invalid covers and false claims.
 */
static int reductions_wrong(struct formula *f, struct rng *r, enum bound_sat_cadical policy)
{
    int wrong = 0;
    struct tally t = {0};
    for (int i = 0; i < 100; i++) {
        int32_t fewest, opt, size = -1;
        struct graph *g = random_reduction(f, r, &fewest, &opt);
        struct solve_opts o = options(-1, 0), at = options(opt, 0), below = options(opt - 1, 0);
        o.bound_sat.cadical = at.bound_sat.cadical = below.bound_sat.cadical = policy;
        o.seed = (uint64_t)i;
        wrong += run(g, o, opt, 1, &t, &size) != SOLVE_OPTIMAL || size != opt;
        wrong += run(g, at, opt, 1, &t, NULL) != SOLVE_FOUND;
        wrong += run(g, below, opt, 1, &t, NULL) != SOLVE_NO_COVER;
        graph_free(g);
    }
    return wrong + t.invalid + t.wrong_claim;
}

/* Raises the flag it is given 0.1 s after it starts. */
static void *raise_after_tenth(void *flag)
{
    struct timespec pause = {0, 100000000};
    nanosleep(&pause, NULL);
    *(volatile sig_atomic_t *)flag = 1;
    return NULL;
}

int main(void)
{
    uint64_t seed = gen_master_seed();
    struct rng r = {seed};

    /*
     * 3-SAT reductions of 5 to 8 variables, 3 to 15 clauses per variable (from
     * below the threshold to far above), three distinct variables per clause. A minimum cover has
     * vars + 2 clauses vertices, the bound, plus what extra_needed counts:
     * MVC must find exactly that, whether the bound is met or a slack of a
     * few is needed, and PVC must answer exactly at opt - 1 and opt.
     */
    static struct formula f;
    int wrong_opt = 0, pvc_wrong = 0, satisfiable_count = 0, max_fewest = 0;
    struct tally u = {0};
    for (int i = 0; i < 200; i++) {
        int32_t fewest, opt, size = -1;
        struct graph *g = random_reduction(&f, &r, &fewest, &opt);
        satisfiable_count += fewest == 0;
        if (fewest > max_fewest)
            max_fewest = fewest;
        struct solve_opts o = options(-1, 0);
        o.seed = (uint64_t)i; /* each reduction with its own local-search seed */
        int res = run(g, o, opt, 1, &u, &size);
        if (res != SOLVE_OPTIMAL || size != opt) {
            wrong_opt++;
            diag("reduction %d: %d variables, %d clauses, optimum %d: outcome %d, cover %d", i,
                 f.vars, f.clauses, opt, res, size);
        }
        struct tally v = {0};
        int at = run(g, options(opt, 0), opt, 1, &v, NULL);
        int below = run(g, options(opt - 1, 0), opt, 1, &v, NULL);
        int above = run(g, options(opt + 2, 0), opt, 1, &v, NULL);
        pvc_wrong += at != SOLVE_FOUND || below != SOLVE_NO_COVER || above != SOLVE_FOUND ||
                     v.invalid || v.wrong_claim;
        graph_free(g);
    }
    is(u.invalid, 0, "200 3-SAT reductions: every cover valid");
    is(u.wrong_claim, 0, "no error, and no lower bound above the optimum");
    is(wrong_opt, 0,
       "3-SAT reductions: the minimum found and proven (%d satisfiable, up to %d beyond the bound)",
       satisfiable_count, max_fewest);
    ok(satisfiable_count > 0 && satisfiable_count < 200, "both kinds among them");
    is(pvc_wrong, 0, "PVC at opt - 1 (none), opt and opt + 2 (found) on every reduction");

    /* the same with CaDiCaL for CDCL (bound_sat_opts.cadical), where the build has it */
    if (sat_engine_available(SAT_ENGINE_CADICAL)) {
        is(reductions_wrong(&f, &r, BOUND_SAT_CADICAL), 0,
           "CaDiCaL: 100 3-SAT reductions, the minimum found and proven, PVC at opt - 1 and opt");
        /* a single run's hand-over: breakout here */
        is(reductions_wrong(&f, &r, BOUND_SAT_CADICAL_AFTER_BREAKOUT), 0,
           "CaDiCaL after the breakout round: 100 3-SAT reductions, the minimum found and "
           "proven, PVC at opt - 1 and opt");
    } else {
        skip("CaDiCaL: not in this build");
        skip("CaDiCaL after the breakout round: not in this build");
    }

    /*
     * bound_sat_probe, as bnr asks it at its root: without a conflict limit it
     * decides every reduction (a cover of exactly the bound, which is then the
     * optimum, or none, when the optimum is above it); with one conflict it
     * may stay undecided and then leaves its cover alone.
     */
    {
        int probe_wrong = 0, found = 0, refuted = 0, undecided_wrong = 0;
        for (int i = 0; i < 100; i++) {
            int32_t fewest, opt, bound = -1;
            struct graph *g = random_reduction(&f, &r, &fewest, &opt);
            struct cover hint = {0}, out = {0};
            struct error err = {0};
            if (greedy_cover(g, &hint, &err) != MVC_OK) {
                probe_wrong++;
                graph_free(g);
                continue;
            }
            struct deadline none = {0};
            int res = bound_sat_probe(g, &hint, 0, &none, &out, &bound);
            if (res == SAT_SATISFIABLE) {
                found++;
                probe_wrong += bound != opt || out.size != bound || cover_check(g, &out, &err);
            } else if (res == SAT_UNSATISFIABLE) {
                refuted++;
                probe_wrong += bound >= opt;
            } else {
                probe_wrong++;
            }
            cover_free(&out);
            res = bound_sat_probe(g, &hint, 1, &none, &out, &bound);
            undecided_wrong += res == SAT_UNKNOWN ? out.in != NULL
                               : res == SAT_SATISFIABLE
                                   ? out.size != opt || cover_check(g, &out, &err) != MVC_OK
                                   : res != SAT_UNSATISFIABLE || bound >= opt;
            cover_free(&out);
            cover_free(&hint);
            graph_free(g);
        }
        is(probe_wrong, 0,
           "bound_sat_probe: 100 reductions decided, %d covers at the bound, %d "
           "refuted",
           found, refuted);
        ok(found > 0 && refuted > 0, "both answers among them");
        is(undecided_wrong, 0, "one conflict: undecided with no cover, or a right answer");
    }

    /*
     * The pipeline's schedule (bound_sat_opts): the first round at once, the
     * rest and the slack levels after a moment. The same minimum; and a stop
     * that comes while it waits ends the wait at once.
     */
    int late_wrong = 0;
    struct tally late = {0};
    for (int i = 0; i < 30; i++) {
        int32_t fewest, opt, size = -1;
        struct graph *g = random_reduction(&f, &r, &fewest, &opt);
        struct solve_opts o = options(-1, 0);
        o.bound_sat.first_round_until = clock_seconds() + 0.01;
        o.bound_sat.slack_after = clock_seconds() + 0.02;
        late_wrong += run(g, o, opt, 1, &late, &size) != SOLVE_OPTIMAL || size != opt;
        graph_free(g);
    }
    ok(late_wrong == 0 && late.invalid == 0 && late.wrong_claim == 0,
       "first round at once, the rest after 10 ms, slack after 20 ms: the minimum of 30 "
       "reductions");
    {
        f.vars = 8;
        f.clauses = 120; /* far above the threshold: unsatisfiable, covers past the bound */
        random_clauses(&f, &r);
        struct graph *g = reduction(&f, &r);
        static volatile sig_atomic_t stop_flag;
        stop_flag = 0;
        struct solve_opts o = options(-1, 0);
        o.deadline.stop = &stop_flag;
        o.bound_sat.first_round_until = clock_seconds() + 60;
        o.bound_sat.slack_after = clock_seconds() + 60;
        pthread_t raiser;
        int raised = pthread_create(&raiser, NULL, raise_after_tenth, (void *)&stop_flag) == 0;
        double t0 = clock_seconds();
        struct tally w = {0};
        int res = run(g, o, 0, 0, &w, NULL);
        double took = clock_seconds() - t0;
        if (raised)
            pthread_join(raiser, NULL);
        ok(raised && took < 1.0 && w.invalid == 0 && (res == SOLVE_STOPPED || res == SOLVE_OPTIMAL),
           "a stop raised after 0.1 s while the search waits for its schedule ends it "
           "(outcome %d after %.3f s)",
           res, took);
        graph_free(g);
    }

    /* a time limit ends an undecided search with a valid cover */
    f.vars = 250;
    f.clauses = 1065;
    random_clauses(&f, &r);
    struct graph *g = reduction(&f, &r);
    struct tally w = {0};
    double start = clock_seconds();
    int res = run(g, options(-1, 0.01), 0, 0, &w, NULL);
    double took = clock_seconds() - start;
    ok(res == SOLVE_STOPPED || res == SOLVE_OPTIMAL, "a 10 ms limit: stopped or answered (%d)",
       res);
    ok(took < 0.5, "the limit is kept (%.3f s)", took);
    is(w.invalid, 0, "the cover it returns is valid");
    graph_free(g);
    done_testing();
    return exit_status();
}
