/* The sequential solver against exhaustive search: MVC and PVC on random families, stop and time
 * limit. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "brute.h"
#include "clock.h"
#include "gen.h"
#include "solve.h"
#include "solver_check.h"
#include "tap.h"

static const struct solver_check seq = {solve_seq, "seq", 0};

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
        if (size != best || !check_valid(g, &c)) {
            wrong++;
            ok(0, "%s: brute %d = enumeration %d", desc, size, best);
        }
        cover_free(&c);
        graph_free(g);
    }
    ok(wrong == 0, "exhaustive reference agrees with enumeration of all subsets on 120 graphs");
}

static void test_random(uint64_t master)
{
    struct check_tally t = {0};
    char desc[96];
    int index = 0;
    /*
     * Larger sparse-to-medium G(n, p), where the greedy bound is most often
     * beaten (t_solver_contract asks the contract on every family).
     */
    for (int i = 0; i < 150; i++, index++) {
        uint64_t seed = master + (uint64_t)index * 15485863;
        int32_t n = 16 + (int32_t)(seed % 7);
        double p = gen_densities[i % 4];
        struct graph *g = gen_gnp_graph(seed, n, p);
        snprintf(desc, sizeof desc, "gnp n=%d p=%.1f seed=%llu (large)", n, p,
                 (unsigned long long)seed);
        check_against_brute(&seq, g, desc, &t);
        graph_free(g);
    }
    ok(t.failed == 0, "%d graphs, %d solves: all agree with exhaustive search", t.graphs, t.solves);
    /*
     * How many graphs the greedy misses varies with the seed (4 to 15 of 150
     * seen over 40 seeds): at least one keeps the branching under test
     * without failing on an unlucky seed.
     */
    ok(t.improved >= 1,
       "the search had to beat the greedy bound on %d graphs (the tests reach the branching)",
       t.improved);
    diag("search ran on %d graphs, greedy above optimum on %d", t.searched, t.improved);
}

static volatile sig_atomic_t stop_flag;

static void on_alarm(int sig)
{
    (void)sig;
    stop_flag = 1;
}

static void test_stop(uint64_t master)
{
    /* a graph on which the search takes seconds: G(n, p) with low density is hard for these rules
     */
    struct graph *g = gen_gnp_graph(master, 160, 0.15);
    check_stops(&seq, g, "G(160, 0.15)");

    struct cover c = {0};
    struct solve_stats st;
    struct solve_opts o;
    struct error err = {0};
    /* the flag raised asynchronously, as the main program's signal handler does */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    stop_flag = 0;
    solve_opts_default(&o);
    o.deadline.stop = &stop_flag;
    struct itimerval timer = {{0, 0}, {0, 100000}};
    setitimer(ITIMER_REAL, &timer, NULL);
    double t = clock_seconds();
    int outcome = solve_seq(g, &o, &c, &st, &err);
    t = clock_seconds() - t;
    ok(outcome == SOLVE_STOPPED && check_valid(g, &c) && st.nodes > 0 && t < 1.0,
       "stop flag raised by SIGALRM after 0.1 s: stopped in %.3f s with a valid cover", t);
    cover_free(&c);
    graph_free(g);
}

int main(void)
{
    uint64_t master = gen_master_seed();
    test_brute(master);
    check_special(&seq);
    test_random(master);
    test_stop(master);
    done_testing();
    return exit_status();
}
