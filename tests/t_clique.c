/* The dense-graph solver (maximum clique of the complement) against exhaustive search. */
#include <stdlib.h>
#include <string.h>

#include "clique.h"
#include "tap.h"

/* Minimum vertex cover size by trying every subset (n <= 20). */
static int32_t brute_force_cover(const struct graph *g)
{
    int32_t best = g->n;
    for (uint32_t set = 0; set < (1u << g->n); set++) {
        int32_t size = __builtin_popcount(set);
        if (size >= best)
            continue;
        int covered = 1;
        for (int32_t u = 0; u < g->n && covered; u++)
            for (int64_t i = g->offsets[u]; i < g->offsets[u + 1] && covered; i++)
                covered = ((set >> u) & 1) || ((set >> g->adj[i]) & 1);
        if (covered)
            best = size;
    }
    return best;
}

static struct graph *random_graph(int32_t n, double p, unsigned seed)
{
    srand(seed);
    int32_t (*edges)[2] = malloc((size_t)n * n * sizeof *edges);
    int64_t m = 0;
    for (int32_t u = 0; u < n; u++)
        for (int32_t v = u + 1; v < n; v++)
            if (rand() < p * RAND_MAX)
                edges[m][0] = u, edges[m][1] = v, m++;
    struct graph *g = graph_from_edges(n, edges, m);
    free(edges);
    return g;
}

int main(void)
{
    static const double densities[] = {0.3, 0.5, 0.7, 0.9};
    for (unsigned seed = 1; seed <= 120; seed++) {
        int32_t n = 1 + (int32_t)(seed % 20);
        double p = densities[seed % 4];
        struct graph *g = random_graph(n, p, seed);
        int32_t opt = brute_force_cover(g);
        struct solve_opts o;
        solve_opts_default(&o);
        struct solve_stats st;
        memset(&st, 0, sizeof st);
        struct cover c = {0};
        struct error err = {0};
        int outcome = solve_clique(g, &o, &c, &st, &err);
        ok(outcome == SOLVE_OPTIMAL && c.size == opt && cover_check(g, &c, &err) == MVC_OK,
           "seed %u n=%d p=%.1f: cover %d, optimum %d", seed, n, p, c.size, opt);
        cover_free(&c);
        for (int delta = -1; delta <= 1 && opt > 0; delta++) {
            o.k = opt + delta;
            outcome = solve_clique(g, &o, &c, &st, &err);
            int right = delta < 0 ? outcome == SOLVE_NO_COVER
                                  : outcome == SOLVE_FOUND && c.size <= o.k &&
                                        cover_check(g, &c, &err) == MVC_OK;
            ok(right, "seed %u PVC k=%lld: outcome %d", seed, (long long)o.k, outcome);
            cover_free(&c);
        }
        graph_free(g);
    }

    /* A stop request already raised still returns a valid cover, marked stopped. */
    struct graph *g = random_graph(300, 0.5, 7);
    volatile sig_atomic_t stop = 1;
    struct solve_opts o;
    solve_opts_default(&o);
    o.stop = &stop;
    struct solve_stats st;
    memset(&st, 0, sizeof st);
    struct cover c = {0};
    struct error err = {0};
    int outcome = solve_clique(g, &o, &c, &st, &err);
    ok(outcome == SOLVE_STOPPED || outcome == SOLVE_OPTIMAL, "stop flag honoured (%d)", outcome);
    ok(cover_check(g, &c, &err) == MVC_OK, "cover valid after a stop");
    cover_free(&c);
    graph_free(g);
    done_testing();
    return exit_status();
}
