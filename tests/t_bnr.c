/* The branch-and-reduce solver with bounds against exhaustive search and seq: MVC, PVC, stop. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "bnr.h"
#include "brute.h"
#include "clock.h"
#include "gen.h"
#include "greedy.h"
#include "solve.h"
#include "tap.h"

static int valid(const struct graph *g, const struct cover *c)
{
    struct error err = {0};
    return c->n == g->n && cover_check(g, c, &err) == MVC_OK;
}

static int run(const struct graph *g, int64_t k, struct cover *c, struct solve_stats *st)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.k = k;
    o.quiet = 1;
    struct error err = {0};
    int outcome = solve_bnr(g, &o, c, st, &err);
    if (outcome < 0)
        bail(err.message);
    return outcome;
}

struct tally {
    int graphs, solves, failed, searched, improved, branched;
};

/* MVC, then PVC at k = opt - 1, opt and opt + 1, each against the reference optimum. */
static void check_against(const struct graph *g, int opt, const char *desc, struct tally *t)
{
    struct cover c = {0};
    struct solve_stats st;
    t->graphs++;

    int outcome = run(g, -1, &c, &st);
    t->solves++;
    if (!ok(outcome == SOLVE_OPTIMAL && valid(g, &c) && c.size == opt && st.best == opt &&
                st.proven && st.lower_bound == opt && st.greedy_size >= opt &&
                strcmp(st.solver, "bnr") == 0,
            "%s: MVC optimal, valid, size %d = reference %d", desc, c.size, opt))
        t->failed++;
    t->searched += st.nodes > 0;
    t->improved += st.greedy_size > opt;
    t->branched += st.nodes > 1;

    if (opt > 0) {
        outcome = run(g, opt - 1, &c, &st);
        t->solves++;
        if (!ok(outcome == SOLVE_NO_COVER && valid(g, &c) && st.lower_bound == opt,
                "%s: PVC k = %d: no cover (outcome %d), a valid cover returned", desc, opt - 1,
                outcome))
            t->failed++;
    }
    for (int extra = 0; extra <= 1; extra++) {
        outcome = run(g, opt + extra, &c, &st);
        t->solves++;
        if (!ok(outcome == SOLVE_FOUND && valid(g, &c) && c.size <= opt + extra,
                "%s: PVC k = %d: found a valid cover of size %d", desc, opt + extra, c.size))
            t->failed++;
    }
    cover_free(&c);
}

static void check_graph(const struct graph *g, const char *desc, struct tally *t)
{
    struct cover best = {0};
    check_against(g, brute_minimum_cover(g, &best), desc, t);
    cover_free(&best);
}

/* Sparse graphs with vertices of degree one and two: folds, components and LP fixing happen. */
static struct graph *sparse_graph(uint64_t seed, int32_t max_n, char *desc, size_t len)
{
    struct rng r = {seed};
    static struct gen_edges ge;
    ge.m = 0;
    ge.n = 0;
    do {
        int32_t part = 4 + rng_below(&r, 9), first = ge.n;
        if (ge.n + part > max_n)
            break;
        gen_gnp(&ge, &r, first, part, 2.5 / part + 0.3 * rng_chance(&r, 0.3));
        /* subdivide a few edges and hang a few pendant paths: degrees one and two */
        int64_t m = ge.m;
        ge.n += part;
        for (int64_t i = 0; i < m && ge.n < max_n; i++)
            if (ge.e[i][0] >= first && rng_chance(&r, 0.2)) {
                int32_t b = ge.e[i][1];
                ge.e[i][1] = ge.n;
                gen_edge(&ge, ge.n++, b);
            }
        if (ge.n < max_n && rng_chance(&r, 0.5))
            gen_edge(&ge, first + rng_below(&r, part), ge.n++);
    } while (ge.n < max_n && rng_chance(&r, 0.7));
    snprintf(desc, len, "sparse n=%d m=%lld seed=%llu", ge.n, (long long)ge.m,
             (unsigned long long)seed);
    return gen_build(&ge, &r);
}

static void test_random(uint64_t master)
{
    struct tally t = {0};
    char desc[96];
    int index = 0;
    /* sparse graphs with folds and LP fixing (t_solver_contract asks the contract on every family)
     */
    for (int i = 0; i < 150; i++, index++) {
        struct graph *g = sparse_graph(master + (uint64_t)index * 15485863, 22, desc, sizeof desc);
        check_graph(g, desc, &t);
        graph_free(g);
    }
    /* cycles with matchings: no rule applies, the search has to branch */
    for (int i = 0; i < 100; i++, index++) {
        struct graph *g = gen_cycle_matchings_graph(master + (uint64_t)index * 15485863, 26,
                                                    1 + i % 3, desc, sizeof desc);
        check_graph(g, desc, &t);
        graph_free(g);
    }
    ok(t.failed == 0, "%d graphs, %d solves: all agree with exhaustive search", t.graphs, t.solves);
    ok(t.branched >= 20, "the search branched on %d graphs (the tests reach the branching)",
       t.branched);
    diag("greedy above optimum on %d graphs, search branched on %d", t.improved, t.branched);
}

/* Larger sparse graphs, beyond exhaustive search: against the seq solver. */
static void test_against_seq(uint64_t master)
{
    struct tally t = {0};
    char desc[96];
    for (int i = 0; i < 60; i++) {
        uint64_t seed = master + (uint64_t)(1000 + i) * 15485863;
        struct graph *g =
            i % 2 ? sparse_graph(seed, 60, desc, sizeof desc)
                  : gen_cycle_matchings_graph(seed, 50, 1 + i / 2 % 2, desc, sizeof desc);
        struct solve_opts o;
        solve_opts_default(&o);
        o.quiet = 1;
        struct cover ref = {0};
        struct error err = {0};
        if (solve_seq(g, &o, &ref, NULL, &err) != SOLVE_OPTIMAL)
            bail(err.message);
        check_against(g, ref.size, desc, &t);
        cover_free(&ref);
        graph_free(g);
    }
    ok(t.failed == 0, "%d graphs of up to 60 vertices, %d solves: all agree with seq", t.graphs,
       t.solves);
}

/*
 * What the contract test (t_solver_contract) does not ask: the greedy cover
 * returned with no cover, no search when k is far above n, NULL options and
 * an out initialised for another graph.
 */
static void test_special(void)
{
    struct cover c = {0};
    struct solve_stats st;
    /* Petersen graph: minimum cover 6, no triangles and no degree-one vertex: search needed */
    const int32_t pet[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7},
                              {3, 8}, {4, 9}, {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}};
    struct graph *g = graph_from_edges(10, pet, 15);
    ok(run(g, 0, &c, &st) == SOLVE_NO_COVER && valid(g, &c) && c.size == st.greedy_size,
       "Petersen graph, k = 0: no cover; the cover returned is the greedy one");
    ok(run(g, 1000, &c, &st) == SOLVE_FOUND && valid(g, &c) && st.nodes == 0,
       "k far above n: the greedy cover answers without a search");

    struct error err = {0};
    struct cover other = {0};
    cover_init(&other, 3);
    ok(solve_bnr(g, NULL, &other, NULL, &err) == SOLVE_OPTIMAL && other.n == 10 &&
           other.size == 6 && valid(g, &other),
       "NULL options and stats: MVC; an initialised cover of 3 vertices becomes one of 10");
    cover_free(&other);
    graph_free(g);
    cover_free(&c);
}

/* A graph on which the search takes seconds: sparse G(n, p) whose kernel stays large. */
static struct graph *hard_graph(uint64_t seed)
{
    struct rng r = {seed};
    static struct gen_edges ge;
    ge.m = 0;
    ge.n = 400;
    gen_gnp(&ge, &r, 0, ge.n, 0.02);
    return graph_from_edges(ge.n, (const int32_t(*)[2])ge.e, ge.m);
}

static volatile sig_atomic_t stop_flag;

static void test_stop(uint64_t master)
{
    struct graph *g = hard_graph(master);
    struct cover c = {0}, greedy = {0};
    struct solve_stats st;
    struct solve_opts o;
    struct error err = {0};
    greedy_cover(g, &greedy, &err);

    solve_opts_default(&o);
    o.quiet = 1;
    stop_flag = 1;
    o.stop = &stop_flag;
    int outcome = solve_bnr(g, &o, &c, &st, &err);
    ok(outcome == SOLVE_STOPPED && valid(g, &c) && c.size == greedy.size && !st.proven,
       "stop flag already set: stopped at once, greedy cover (%d) returned", greedy.size);
    o.k = greedy.size - 1;
    outcome = solve_bnr(g, &o, &c, &st, &err);
    ok(outcome == SOLVE_STOPPED && valid(g, &c), "the same for PVC below the greedy bound");

    solve_opts_default(&o);
    o.quiet = 1;
    o.time_limit = 0.05;
    double t = clock_seconds();
    outcome = solve_bnr(g, &o, &c, &st, &err);
    t = clock_seconds() - t;
    ok(outcome == SOLVE_STOPPED && valid(g, &c) && c.size <= greedy.size && st.nodes > 1 &&
           st.lower_bound <= c.size,
       "time limit 0.05 s on G(400, 0.02) seed=%llu: stopped after %lld nodes with a valid "
       "cover of %d (lower bound %d)",
       (unsigned long long)master, (long long)st.nodes, c.size, st.lower_bound);
    ok(t < 1.0, "the time limit is honoured promptly (%.3f s)", t);
    cover_free(&c);
    cover_free(&greedy);
    graph_free(g);
}

int main(void)
{
    uint64_t master = gen_master_seed();
    test_special();
    test_random(master);
    test_against_seq(master);
    test_stop(master);
    done_testing();
    return exit_status();
}
