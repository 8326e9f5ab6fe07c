/* The sequential solver against exhaustive search: MVC and PVC on random families, stop and time
 * limit. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "brute.h"
#include "clock.h"
#include "gen.h"
#include "greedy.h"
#include "solve.h"
#include "tap.h"

static int valid(const struct graph *g, const struct cover *c)
{
    struct error err = {0};
    return cover_check(g, c, &err) == MVC_OK;
}

static int run(const struct graph *g, int64_t k, struct cover *c, struct solve_stats *st)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.solver = SOLVER_SEQ;
    o.k = k;
    o.quiet = 1;
    struct error err = {0};
    int outcome = solve_seq(g, &o, c, st, &err);
    if (outcome < 0)
        bail(err.message);
    return outcome;
}

/* The exhaustive reference itself, against plain enumeration of all 2^n vertex sets. */
static void test_brute(uint64_t master)
{
    int wrong = 0;
    char desc[96];
    for (int i = 0; i < 120; i++) {
        struct graph *g =
            gen_graph(GEN_GNP, gen_densities[i % 5], 13, master + (uint64_t)i, desc, sizeof desc);
        int best = g->n;
        for (uint32_t set = 0; set < (1u << g->n); set++) {
            int size = __builtin_popcount(set), covers = 1;
            for (int32_t u = 0; u < g->n && covers; u++)
                for (int64_t j = g->offsets[u]; j < g->offsets[u + 1]; j++)
                    if (!(set >> u & 1u) && !(set >> g->adj[j] & 1u))
                        covers = 0;
            if (covers && size < best)
                best = size;
        }
        struct cover c = {0};
        int size = brute_minimum_cover(g, &c);
        if (size != best || !valid(g, &c)) {
            wrong++;
            ok(0, "%s: brute %d = enumeration %d", desc, size, best);
        }
        cover_free(&c);
        graph_free(g);
    }
    ok(wrong == 0, "exhaustive reference agrees with enumeration of all subsets on 120 graphs");
}

struct tally {
    int graphs, solves, failed, searched, improved;
};

/* MVC, then PVC at k = opt - 1, opt and opt + 1, each against the exhaustive optimum. */
static void check_graph(const struct graph *g, const char *desc, struct tally *t)
{
    struct cover best = {0}, c = {0};
    struct solve_stats st;
    int opt = brute_minimum_cover(g, &best);
    t->graphs++;

    int outcome = run(g, -1, &c, &st);
    t->solves++;
    if (!ok(outcome == SOLVE_OPTIMAL && valid(g, &c) && c.size == opt && st.best == opt &&
                st.proven && st.lower_bound == opt && st.greedy_size >= opt,
            "%s: MVC optimal, valid, size %d = exhaustive %d", desc, c.size, opt))
        t->failed++;
    t->searched += st.nodes > 0;
    t->improved += st.greedy_size > opt;

    if (opt > 0) {
        outcome = run(g, opt - 1, &c, &st);
        t->solves++;
        if (!ok(outcome == SOLVE_NO_COVER && valid(g, &c) && st.lower_bound == opt,
                "%s: PVC k = %d: no cover (outcome %d), greedy cover returned valid", desc, opt - 1,
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
    cover_free(&best);
}

static void test_random(uint64_t master)
{
    struct tally t = {0};
    char desc[96];
    int index = 0;
    /*
     * Larger sparse-to-medium G(n, p), where the greedy bound is most often
     * beaten (t_solver_contract asks the contract on every family).
     */
    for (int i = 0; i < 150; i++, index++) {
        uint64_t seed = master + (uint64_t)index * 15485863;
        struct rng r = {seed};
        static struct gen_edges ge;
        ge.m = 0;
        ge.n = 16 + rng_below(&r, 7);
        double p = gen_densities[i % 4];
        gen_gnp(&ge, &r, 0, ge.n, p);
        struct graph *g = gen_build(&ge, &r);
        snprintf(desc, sizeof desc, "gnp n=%d p=%.1f seed=%llu (large)", ge.n, p,
                 (unsigned long long)seed);
        check_graph(g, desc, &t);
        graph_free(g);
    }
    ok(t.failed == 0, "%d graphs, %d solves: all agree with exhaustive search", t.graphs, t.solves);
    ok(t.improved >= 5,
       "the search had to beat the greedy bound on %d graphs (the tests reach the branching)",
       t.improved);
    diag("search ran on %d graphs, greedy above optimum on %d", t.searched, t.improved);
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

    /* out may come initialised for another graph, and the options may be NULL */
    struct error err = {0};
    struct cover other = {0};
    cover_init(&other, 3);
    ok(solve_seq(g, NULL, &other, NULL, &err) == SOLVE_OPTIMAL && other.n == 10 &&
           other.size == 6 && valid(g, &other),
       "NULL options and stats: MVC; an initialised cover of 3 vertices becomes one of 10");
    cover_free(&other);
    graph_free(g);
    cover_free(&c);
}

/* A graph on which the search takes seconds: G(n, p) with low density is hard for these rules. */
static struct graph *hard_graph(uint64_t seed)
{
    struct rng r = {seed};
    static struct gen_edges ge;
    ge.m = 0;
    ge.n = 160;
    gen_gnp(&ge, &r, 0, ge.n, 0.15);
    return graph_from_edges(ge.n, (const int32_t(*)[2])ge.e, ge.m);
}

static volatile sig_atomic_t stop_flag;

static void on_alarm(int sig)
{
    (void)sig;
    stop_flag = 1;
}

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
    int outcome = solve_seq(g, &o, &c, &st, &err);
    ok(outcome == SOLVE_STOPPED && valid(g, &c) && c.size == greedy.size && st.nodes == 0,
       "stop flag already set: stopped before the first node, greedy cover (%d) returned",
       greedy.size);
    o.k = greedy.size - 1;
    outcome = solve_seq(g, &o, &c, &st, &err);
    ok(outcome == SOLVE_STOPPED && valid(g, &c), "the same for PVC below the greedy bound");

    solve_opts_default(&o);
    o.quiet = 1;
    o.time_limit = 0.05;
    double t = clock_seconds();
    outcome = solve_seq(g, &o, &c, &st, &err);
    t = clock_seconds() - t;
    ok(outcome == SOLVE_STOPPED && valid(g, &c) && c.size <= greedy.size && st.nodes > 0,
       "time limit 0.05 s on G(160, 0.15): stopped after %lld nodes with a valid cover of %d",
       (long long)st.nodes, c.size);
    ok(t < 1.0, "the time limit is honoured promptly (%.3f s)", t);

    /* the flag raised asynchronously, as the main program's signal handler does */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    stop_flag = 0;
    solve_opts_default(&o);
    o.quiet = 1;
    o.stop = &stop_flag;
    struct itimerval timer = {{0, 0}, {0, 100000}};
    setitimer(ITIMER_REAL, &timer, NULL);
    t = clock_seconds();
    outcome = solve_seq(g, &o, &c, &st, &err);
    t = clock_seconds() - t;
    ok(outcome == SOLVE_STOPPED && valid(g, &c) && st.nodes > 0 && t < 1.0,
       "stop flag raised by SIGALRM after 0.1 s: stopped in %.3f s with a valid cover", t);
    cover_free(&c);
    cover_free(&greedy);
    graph_free(g);
}

int main(void)
{
    uint64_t master = gen_master_seed();
    test_brute(master);
    test_special();
    test_random(master);
    test_stop(master);
    done_testing();
    return exit_status();
}
