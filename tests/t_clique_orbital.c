/*
 * The clique search's orbital split (clique_orbital.h) on graphs with
 * symmetry, relabelled at random: circulants, tori, copies of one small
 * graph, and circulants with a few edges more (a smaller group). Each is
 * solved with the split and without it, on one thread and on four: the
 * same optimum, valid covers, PVC at opt - 1 and opt, and where the
 * optimum is known in closed form (cycles, even tori, copies of a graph
 * solved exhaustively) that optimum. A time limit on the 120-cell (a group
 * of order 14,400 whose orbits the split could follow for seconds) leaves
 * the search its time and ends with a valid cover. Without nauty the split
 * never runs and the comparisons still hold.
 */
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "clique.h"
#include "clock.h"
#include "gen.h"
#include "orbits.h"
#include "read.h"
#include "tap.h"

/* An edge, unless a loop (the perturbed circulants draw their extra edges at random). */
static void add(struct gen_edges *es, int32_t u, int32_t v)
{
    if (u != v)
        gen_edge(es, u, v);
}

static void circulant(struct gen_edges *es, struct rng *r, int32_t n, double p)
{
    es->n = n, es->m = 0;
    for (int32_t d = 1; d <= n / 2; d++)
        if (d == 1 || rng_chance(r, p))
            for (int32_t v = 0; v < n; v++)
                add(es, v, (v + d) % n);
}

static int solve(const struct graph *g, int64_t k, int no_symmetry, int threads, struct cover *c,
                 struct solve_stats *st)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.k = k;
    o.threads = threads;
    o.clique.no_symmetry = no_symmetry;
    o.clique.no_local_search = 1;
    memset(st, 0, sizeof *st);
    struct error err = {0};
    return solve_clique(g, &o, c, st, &err);
}

static int splits_seen, graphs_seen;

/*
 * g solved with and without the split: the same optimum (known >= 0: that
 * one too), valid covers, PVC at opt - 1 and opt.
 */
static void check(const struct graph *g, int32_t known, const char *desc)
{
    struct cover plain = {0}, split = {0}, four = {0};
    struct solve_stats st, st_split, st_four;
    struct error err = {0};
    int a = solve(g, -1, 1, 1, &plain, &st);
    int b = solve(g, -1, 0, 1, &split, &st_split);
    int c = solve(g, -1, 0, 4, &four, &st_four);
    int32_t opt = known >= 0 ? known : plain.size;
    ok(a == SOLVE_OPTIMAL && b == SOLVE_OPTIMAL && c == SOLVE_OPTIMAL && plain.size == opt &&
           split.size == opt && four.size == opt && cover_check(g, &plain, &err) == MVC_OK &&
           cover_check(g, &split, &err) == MVC_OK && cover_check(g, &four, &err) == MVC_OK,
       "%s: optimum %d; without the split %d, with it %d (1 thread) and %d (4 threads)", desc, opt,
       plain.size, split.size, four.size);
    graphs_seen++;
    splits_seen += st_split.symmetry.splits > 0;
    struct cover below = {0}, at = {0};
    struct solve_stats st_below, st_at;
    int no = solve(g, opt - 1, 0, 2, &below, &st_below);
    int yes = solve(g, opt, 0, 2, &at, &st_at);
    ok((opt == 0 || no == SOLVE_NO_COVER) && yes == SOLVE_FOUND && at.size <= opt &&
           cover_check(g, &at, &err) == MVC_OK,
       "%s: PVC with the split: none at %d, one at %d", desc, opt - 1, opt);
    cover_free(&plain), cover_free(&split), cover_free(&four), cover_free(&below), cover_free(&at);
}

static struct gen_edges es;

static void test_circulants(uint64_t seed, int count)
{
    for (int i = 0; i < count; i++) {
        struct rng r = {seed + (uint64_t)i};
        int32_t n = 32 + rng_below(&r, 41);
        double p = 0.1 + 0.6 * rng_unit(&r);
        circulant(&es, &r, n, p);
        int plain_cycle = es.m == n;
        char desc[96];
        snprintf(desc, sizeof desc, "circulant n=%d p=%.2f seed=%llu", n, p,
                 (unsigned long long)(seed + (uint64_t)i));
        struct graph *g = gen_build(&es, &r);
        check(g, plain_cycle ? (n + 1) / 2 : -1, desc);
        graph_free(g);
    }
}

static void test_tori(void)
{
    static const int32_t sides[][2] = {{6, 6}, {4, 10}, {8, 6}, {5, 8}, {7, 7}};
    for (size_t t = 0; t < sizeof sides / sizeof sides[0]; t++) {
        int32_t a = sides[t][0], b = sides[t][1];
        struct rng r = {0x70e1 + t};
        es.n = a * b, es.m = 0;
        for (int32_t x = 0; x < a; x++)
            for (int32_t y = 0; y < b; y++) {
                add(&es, x * b + y, ((x + 1) % a) * b + y);
                add(&es, x * b + y, x * b + (y + 1) % b);
            }
        char desc[64];
        snprintf(desc, sizeof desc, "torus C%d x C%d", a, b);
        struct graph *g = gen_build(&es, &r);
        /* bipartite when both sides are even: half the vertices cover every edge */
        check(g, a % 2 == 0 && b % 2 == 0 ? a * b / 2 : -1, desc);
        graph_free(g);
    }
}

/* k copies of a random graph on h vertices: k times its cover, found exhaustively. */
static void test_copies(uint64_t seed, int count)
{
    for (int i = 0; i < count; i++) {
        struct rng r = {seed + (uint64_t)i};
        int32_t h = 4 + rng_below(&r, 4), k = 8 + rng_below(&r, 5);
        double p = 0.3 + 0.5 * rng_unit(&r);
        static struct gen_edges one;
        one.n = h, one.m = 0;
        for (int32_t u = 0; u < h; u++)
            for (int32_t v = u + 1; v < h; v++)
                if (rng_chance(&r, p))
                    add(&one, u, v);
        struct graph *small = graph_from_edges(h, (const int32_t(*)[2])one.e, one.m);
        struct cover c = {0};
        int32_t each = brute_minimum_cover(small, &c);
        cover_free(&c);
        graph_free(small);
        es.n = h * k, es.m = 0;
        for (int32_t copy = 0; copy < k; copy++)
            for (int64_t e = 0; e < one.m; e++)
                add(&es, copy * h + one.e[e][0], copy * h + one.e[e][1]);
        char desc[96];
        snprintf(desc, sizeof desc, "%d copies of a graph on %d vertices (seed %llu)", k, h,
                 (unsigned long long)(seed + (uint64_t)i));
        struct graph *g = gen_build(&es, &r);
        check(g, k * each, desc);
        graph_free(g);
    }
}

/* A circulant with a few edges more: a smaller group, orbits of several sizes. */
static void test_perturbed(uint64_t seed, int count)
{
    for (int i = 0; i < count; i++) {
        struct rng r = {seed + (uint64_t)i};
        int32_t n = 40 + rng_below(&r, 25);
        circulant(&es, &r, n, 0.2 + 0.4 * rng_unit(&r));
        for (int extra = 1 + rng_below(&r, 3); extra > 0; extra--)
            add(&es, rng_below(&r, n), rng_below(&r, n));
        char desc[96];
        snprintf(desc, sizeof desc, "circulant n=%d with extra edges (seed %llu)", n,
                 (unsigned long long)(seed + (uint64_t)i));
        struct graph *g = gen_build(&es, &r);
        check(g, -1, desc);
        graph_free(g);
    }
}

/* The 120-cell under limits of 0.4 and 1.5 s: stopped in time, the split within its share. */
static void test_time_limit(void)
{
    const char *top = getenv("top_srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/instances/120-cell.gr", top ? top : ".");
    struct graph *g = NULL;
    struct error err = {0};
    if (graph_read(path, NULL, &g, &err) != MVC_OK) {
        ok(0, "read %s: %s", path, err.message);
        return;
    }
    static const double limits[] = {0.4, 1.5};
    for (int i = 0; i < 2; i++) {
        struct solve_opts o;
        solve_opts_default(&o);
        o.deadline = deadline_after(limits[i], NULL);
        o.clique.no_local_search = 1;
        struct cover c = {0};
        struct solve_stats st;
        memset(&st, 0, sizeof st);
        double start = clock_seconds();
        int outcome = solve_clique(g, &o, &c, &st, &err);
        double took = clock_seconds() - start;
        ok(outcome == SOLVE_STOPPED && cover_check(g, &c, &err) == MVC_OK &&
               took < limits[i] + 0.5 && st.symmetry.seconds <= limits[i] / 4 + 0.25,
           "120-cell, limit %.1f s: stopped after %.2f s with a valid cover of %d, the split %.3f "
           "s "
           "(%lld orbits)",
           limits[i], took, c.size, st.symmetry.seconds, (long long)st.symmetry.splits);
        cover_free(&c);
    }
    graph_free(g);
}

int main(void)
{
    uint64_t seed = gen_master_seed();
    test_circulants(seed, 24);
    test_tori();
    test_copies(seed + 1000, 10);
    test_perturbed(seed + 2000, 10);
    test_time_limit();
    if (orbits_available())
        ok(splits_seen * 2 > graphs_seen, "the split ran on %d of %d graphs", splits_seen,
           graphs_seen);
    else
        skip("built without nauty: the split never runs");
    done_testing();
    return exit_status();
}
