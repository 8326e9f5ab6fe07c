/*
 * The SAT search of the clique-cover bound: on random graphs against
 * exhaustive search (MVC and PVC at opt - 1, opt, opt + 1: never a wrong
 * claim, every cover valid), and on 3-SAT reductions, where the bound is met
 * exactly when the formula is satisfiable (decided here by enumeration).
 */
#include <stdlib.h>
#include <string.h>

#include "bound_sat.h"
#include "brute.h"
#include "clock.h"
#include "gen.h"
#include "tap.h"

struct tally {
    int runs, invalid, wrong_claim, optimal, stopped;
};

/* One call with the contract checked against the known optimum opt (or a lower bound on it, exact =
 * 0). */
static int run(const struct graph *g, int64_t k, double time_limit, int32_t opt, int exact,
               struct tally *t)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.k = k;
    o.time_limit = time_limit;
    struct cover c = {0};
    struct solve_stats st;
    struct error err = {0};
    int r = solve_bound_sat(g, &o, &c, &st, &err);
    t->runs++;
    if (r < 0) {
        diag("error: %s", err.message);
        t->wrong_claim++;
        return r;
    }
    int32_t members = 0;
    for (int32_t v = 0; v < c.n; v++)
        members += c.in[v] != 0;
    t->invalid += cover_check(g, &c, &err) != MVC_OK || members != c.size || c.n != g->n;
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

static int satisfiable(const struct formula *f)
{
    for (uint32_t a = 0; a < 1u << f->vars; a++) {
        int all = 1;
        for (int32_t c = 0; c < f->clauses && all; c++) {
            int sat = 0;
            for (int i = 0; i < 3; i++)
                sat |= (int)((a >> (f->lit[c][i] >> 1)) & 1) != (f->lit[c][i] & 1);
            all = sat;
        }
        if (all)
            return 1;
    }
    return 0;
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

int main(void)
{
    uint64_t seed = gen_master_seed();
    struct rng r = {seed};

    /* random graphs of every family against exhaustive search */
    struct tally t = {0};
    for (int i = 0; i < 300; i++) {
        char desc[128];
        enum gen_family family = (enum gen_family)(i % GEN_FAMILIES);
        double p = gen_densities[rng_below(&r, 5)];
        struct graph *g = gen_graph(family, p, 20, rng_next(&r), desc, sizeof desc);
        struct cover bc = {0};
        int32_t opt = brute_minimum_cover(g, &bc);
        cover_free(&bc);
        int before = t.wrong_claim + t.invalid;
        run(g, -1, 0, opt, 1, &t);
        for (int32_t k = opt - 1; k <= opt + 1; k++)
            if (k >= 0)
                run(g, k, 0, opt, 1, &t);
        if (t.wrong_claim + t.invalid > before)
            diag("failed on %s (opt %d)", desc, opt);
        graph_free(g);
    }
    is(t.invalid, 0, "random graphs: %d runs, every cover valid", t.runs);
    is(t.wrong_claim, 0, "random graphs: no wrong claim (%d optimal, %d undecided)", t.optimal,
       t.stopped);
    ok(t.optimal > 0, "some random graphs have their optimum at the bound, and it is proven");

    /*
     * 3-SAT reductions of 5 to 14 variables from below to above the threshold
     * ratio, three distinct variables per clause. Where the clique cover is the natural one (an
     * edge per variable, a triangle per clause) the bound is vars + 2 clauses, met exactly when the
     * formula is satisfiable: the search must find the cover, or refute it.
     */
    static struct formula f;
    int natural = 0, found = 0, refuted = 0, mismatch = 0, mismatches_seen = 0, pvc_wrong = 0;
    struct tally u = {0};
    for (int i = 0; i < 200; i++) {
        f.vars = 5 + rng_below(&r, 10);
        f.clauses = (int32_t)((3.0 + 5.0 * rng_unit(&r)) * f.vars);
        random_clauses(&f, &r);
        int sat = satisfiable(&f);
        struct graph *g = reduction(&f, &r);
        int32_t target = f.vars + 2 * f.clauses;
        struct solve_opts o;
        solve_opts_default(&o);
        o.seed = (uint64_t)i; /* each reduction with its own local-search seed */
        struct cover c = {0};
        struct solve_stats st;
        struct error err = {0};
        int res = solve_bound_sat(g, &o, &c, &st, &err);
        int valid = res >= 0 && cover_check(g, &c, &err) == MVC_OK;
        u.invalid += !valid;
        int32_t bound = res == SOLVE_OPTIMAL ? c.size : st.lower_bound - 1;
        if (res == SOLVE_OPTIMAL && !sat)
            mismatch++; /* a cover of vars + 2 clauses or less for an unsatisfiable formula */
        if (res == SOLVE_OPTIMAL && c.size != target)
            mismatch++;
        if (res == SOLVE_STOPPED && st.lower_bound > target + !sat)
            mismatch++;
        if (mismatch > mismatches_seen)
            diag("reduction %d: %d variables, %d clauses, %s: outcome %d, cover %d, bound %d", i,
                 f.vars, f.clauses, sat ? "satisfiable" : "unsatisfiable", res, c.size,
                 st.lower_bound);
        mismatches_seen = mismatch;
        if (bound == target) { /* the natural cover by cliques */
            natural++;
            found += res == SOLVE_OPTIMAL;
            refuted += res == SOLVE_STOPPED && st.lower_bound == target + 1;
            if ((res == SOLVE_OPTIMAL) != sat)
                mismatch++;
            /* PVC at the bound: found exactly when satisfiable; below it: none */
            struct tally v = {0};
            int at = run(g, target, 0, target + !sat, sat, &v);
            int below = run(g, target - 1, 0, target + !sat, sat, &v);
            pvc_wrong += at != (sat ? SOLVE_FOUND : SOLVE_NO_COVER) || below != SOLVE_NO_COVER ||
                         v.invalid > 0;
        }
        cover_free(&c);
        graph_free(g);
    }
    is(u.invalid, 0, "200 3-SAT reductions: every cover valid");
    is(mismatch, 0,
       "3-SAT reductions: optimal exactly when satisfiable (%d natural covers by "
       "cliques: %d found, %d refuted)",
       natural, found, refuted);
    is(found + refuted, natural, "every natural cover by cliques decided");
    ok(natural >= 100, "the clique cover is the natural one on most reductions (%d of 200)",
       natural);
    is(pvc_wrong, 0, "PVC at the bound and one below agree with satisfiability");

    /* a time limit ends an undecided search with a valid cover */
    f.vars = 250;
    f.clauses = 1065;
    random_clauses(&f, &r);
    struct graph *g = reduction(&f, &r);
    struct tally w = {0};
    double start = clock_seconds();
    int res = run(g, -1, 0.01, 0, 0, &w);
    double took = clock_seconds() - start;
    ok(res == SOLVE_STOPPED || res == SOLVE_OPTIMAL, "a 10 ms limit: stopped or answered (%d)",
       res);
    ok(took < 0.5, "the limit is kept (%.3f s)", took);
    is(w.invalid, 0, "the cover it returns is valid");
    graph_free(g);
    done_testing();
    return exit_status();
}
