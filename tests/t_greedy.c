/* Greedy upper bound: always a cover, never below the optimum, optimal where the rules alone
 * suffice. */
#include <stdlib.h>

#include "brute.h"
#include "clock.h"
#include "gen.h"
#include "greedy.h"
#include "tap.h"

static int greedy_size(const struct graph *g, struct cover *c)
{
    struct error err = {0};
    if (greedy_cover(g, c, &err) != MVC_OK)
        bail("greedy_cover failed");
    return cover_check(g, c, &err) == MVC_OK ? c->size : -1;
}

static void test_small(void)
{
    struct cover c = {0};
    struct graph *g = graph_from_edges(0, NULL, 0);
    is(greedy_size(g, &c), 0, "empty graph (n = 0): empty cover");
    graph_free(g);

    g = graph_from_edges(5, NULL, 0);
    ok(greedy_size(g, &c) == 0 && c.n == 5, "five isolated vertices: empty cover of 5 vertices");
    graph_free(g);

    const int32_t star[][2] = {{3, 0}, {3, 1}, {3, 2}, {3, 4}, {3, 5}};
    g = graph_from_edges(6, star, 5);
    ok(greedy_size(g, &c) == 1 && c.in[3], "star: the centre alone");
    graph_free(g);

    int32_t k6[15][2], m = 0;
    for (int32_t u = 0; u < 6; u++)
        for (int32_t v = u + 1; v < 6; v++) {
            k6[m][0] = u;
            k6[m][1] = v;
            m++;
        }
    g = graph_from_edges(6, (const int32_t(*)[2])k6, m);
    is(greedy_size(g, &c), 5, "K6: five vertices");
    graph_free(g);

    /* Petersen graph: 3-regular, no triangles, minimum cover 6 */
    const int32_t pet[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7},
                              {3, 8}, {4, 9}, {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}};
    g = graph_from_edges(10, pet, 15);
    int size = greedy_size(g, &c);
    ok(size >= 6 && size <= 10, "Petersen graph: a valid cover, at least 6 (got %d)", size);
    graph_free(g);

    /* reusing an initialised cover of another size */
    g = graph_from_edges(3, star, 0);
    ok(greedy_size(g, &c) == 0 && c.n == 3, "an initialised cover of 10 vertices is resized to 3");
    graph_free(g);
    cover_free(&c);
}

/*
 * Valid on every random graph and never below the optimum; exactly optimal on
 * forests and cycles, where the degree-one rule (after one branch on a cycle)
 * is exact.
 */
static void test_random(uint64_t master)
{
    int invalid = 0, below = 0, not_exact = 0, graphs = 0, exact_graphs = 0, above = 0;
    char desc[96];
    for (int i = 0; i < 700; i++) {
        uint64_t seed = master + (uint64_t)i * 104729;
        enum gen_family fam = (enum gen_family)(i % GEN_FAMILIES);
        struct graph *g =
            gen_graph(fam, gen_densities[(i / GEN_FAMILIES) % 5], 22, seed, desc, sizeof desc);
        struct cover c = {0}, best = {0};
        int size = greedy_size(g, &c);
        int opt = brute_minimum_cover(g, &best);
        graphs++;
        if (size < 0) {
            invalid++;
            ok(0, "%s: greedy cover is valid", desc);
        } else if (size < opt) {
            below++;
            ok(0, "%s: greedy %d is not below the optimum %d", desc, size, opt);
        }
        above += size > opt;
        if (fam == GEN_TREE || fam == GEN_CYCLE) {
            exact_graphs++;
            if (size != opt) {
                not_exact++;
                ok(0, "%s: greedy %d equals the optimum %d", desc, size, opt);
            }
        }
        cover_free(&c);
        cover_free(&best);
        graph_free(g);
    }
    ok(invalid == 0, "greedy cover valid on %d random graphs", graphs);
    ok(below == 0, "greedy never below the exhaustive optimum");
    ok(not_exact == 0, "greedy optimal on all %d trees and cycles", exact_graphs);
    diag("greedy above the optimum on %d of %d graphs", above, graphs);
}

/* A large sparse graph: the worklists keep it near-linear, and the cover is valid. */
static void test_large(uint64_t master)
{
    struct rng r = {master};
    int32_t n = 200000;
    int64_t m = 3 * (int64_t)n;
    int32_t(*e)[2] = malloc((size_t)m * sizeof *e);
    for (int64_t i = 0; i < m; i++) {
        e[i][0] = rng_below(&r, n);
        e[i][1] = rng_below(&r, n);
    }
    struct graph *g = graph_from_edges(n, (const int32_t(*)[2])e, m);
    free(e);
    struct cover c = {0};
    double t = clock_seconds();
    int size = greedy_size(g, &c);
    t = clock_seconds() - t;
    ok(size > 0, "random graph with %d vertices and %lld edges: valid greedy cover of %d", n,
       (long long)g->m, size);
    diag("greedy on it took %.3f s", t);
    cover_free(&c);
    graph_free(g);
}

int main(void)
{
    uint64_t master = gen_master_seed();
    test_small();
    test_random(master);
    test_large(master);
    done_testing();
    return exit_status();
}
