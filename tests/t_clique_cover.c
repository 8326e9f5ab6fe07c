/*
 * Clique-cover bounds: never above the optimum (brute force on random graphs
 * of up to 20 vertices), never lowered by iterated-greedy rounds, and exact
 * on disjoint cliques (ids shuffled) and on triangles joined through hubs of
 * equal degree (the shape of a 3-SAT reduction). Reshaping a cover in random
 * orders (clique_cover_shake) and tabu search for fewer cliques
 * (clique_cover_tabu) leave a partition into cliques, numbered densely, never
 * of more cliques, whose bound stays at most the optimum; tabu search finds
 * the planted partition of graphs built as the forced model RB instances are.
 */
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "clique_cover.h"
#include "components.h"
#include "gen.h"
#include "tap.h"

/* The bound over all components of g. */
static int32_t bound(const struct graph *g, int rounds)
{
    int32_t *component_of = malloc(((size_t)g->n + 1) * sizeof *component_of);
    int32_t count = 0;
    if (component_of == NULL || graph_components(g, component_of, &count) != MVC_OK)
        bail("out of memory");
    int32_t *joins = calloc((size_t)count + 1, sizeof *joins);
    if (joins == NULL || clique_cover_joins(g, component_of, rounds, joins) != MVC_OK)
        bail("out of memory");
    int32_t sum = 0;
    for (int32_t c = 0; c < count; c++)
        sum += joins[c];
    free(joins);
    free(component_of);
    return sum;
}

static struct graph *graph_of(struct gen_edges *ge)
{
    return graph_from_edges(ge->n, (const int32_t(*)[2])ge->e, ge->m);
}

/* Whether clique_of is a partition of g into `count` cliques numbered 0..count-1. */
static int partition_ok(const struct graph *g, const int32_t *clique_of, int32_t count)
{
    int32_t *size = calloc((size_t)count + 1, sizeof *size);
    int ok_so_far = size != NULL;
    for (int32_t v = 0; v < g->n && ok_so_far; v++) {
        ok_so_far = clique_of[v] >= 0 && clique_of[v] < count;
        if (ok_so_far)
            size[clique_of[v]]++;
    }
    for (int32_t c = 0; c < count && ok_so_far; c++)
        ok_so_far = size[c] > 0;
    /* a clique of s vertices: each member has s - 1 neighbours in it */
    for (int32_t v = 0; v < g->n && ok_so_far; v++) {
        int32_t inside = 0;
        for (int64_t j = g->offsets[v]; j < g->offsets[v + 1]; j++)
            inside += clique_of[g->adj[j]] == clique_of[v];
        ok_so_far = inside == size[clique_of[v]] - 1;
    }
    free(size);
    return ok_so_far;
}

typedef int (*improve_fn)(const struct graph *g, uint64_t seed, int32_t *clique_of, int32_t *count);

static int shake(const struct graph *g, uint64_t seed, int32_t *clique_of, int32_t *count)
{
    struct deadline none = {0};
    return clique_cover_shake(g, 64, 16, seed, &none, clique_of, count);
}

static int tabu(const struct graph *g, uint64_t seed, int32_t *clique_of, int32_t *count)
{
    struct deadline none = {0};
    return clique_cover_tabu(g, 1 << 14, seed, &none, clique_of, count);
}

/* What an improver did to the covers of random graphs. */
struct improved {
    int broken; /* not a partition into cliques numbered 0..count-1 */
    int more, fewer;
    int above; /* n minus the cliques above the exhaustive optimum (graphs of up to 20) */
};

/*
 * `graphs` random graphs of 2 to max_n vertices, p from 0.2 to 0.9, each
 * covered by the greedy with `rounds` of iterated greedy and then improved.
 */
static struct improved improve_random(struct rng *r, int graphs, int32_t max_n, int rounds,
                                      improve_fn improve)
{
    static struct gen_edges ge;
    struct improved out = {0, 0, 0, 0};
    for (int i = 0; i < graphs; i++) {
        memset(&ge, 0, sizeof ge);
        ge.n = 2 + rng_below(r, max_n - 1);
        gen_gnp(&ge, r, 0, ge.n, 0.2 + 0.7 * (double)rng_below(r, 1000) / 1000);
        struct graph *g = graph_of(&ge);
        int32_t *clique_of = malloc(((size_t)g->n + 1) * sizeof *clique_of), count = 0;
        if (clique_of == NULL || clique_cover_partition(g, rounds, clique_of, &count) != MVC_OK)
            bail("out of memory");
        int32_t before = count;
        if (improve(g, rng_next(r), clique_of, &count) != MVC_OK)
            bail("out of memory");
        if (g->n <= 20) {
            struct cover c = {0};
            out.above += g->n - count > brute_minimum_cover(g, &c);
            cover_free(&c);
        }
        out.broken += !partition_ok(g, clique_of, count);
        out.more += count > before;
        out.fewer += count < before;
        free(clique_of);
        graph_free(g);
    }
    return out;
}

int main(void)
{
    uint64_t seed = gen_master_seed();
    struct rng r = {seed};
    static struct gen_edges ge;
    int above = 0, lowered = 0, tighter = 0;
    for (int i = 0; i < 400; i++) {
        memset(&ge, 0, sizeof ge);
        ge.n = 1 + rng_below(&r, 20);
        gen_gnp(&ge, &r, 0, ge.n, 0.05 + 0.9 * (double)rng_below(&r, 1000) / 1000);
        struct graph *g = graph_of(&ge);
        struct cover c = {0};
        int32_t opt = brute_minimum_cover(g, &c);
        cover_free(&c);
        int32_t plain = bound(g, 0), iterated = bound(g, 8);
        above += plain > opt || iterated > opt;
        lowered += iterated < plain;
        tighter += iterated > plain;
        graph_free(g);
    }
    is(above, 0, "400 random graphs: the bound never exceeds the optimum");
    is(lowered, 0, "iterated-greedy rounds never lower the bound (%d of 400 raised it)", tighter);

    /* disjoint cliques of 1 to 9 vertices, vertex ids shuffled: n minus the number of cliques */
    int exact = 0;
    for (int i = 0; i < 100; i++) {
        memset(&ge, 0, sizeof ge);
        int32_t label[200], cliques = 0;
        int32_t n = 0;
        while (n < 150) {
            int32_t size = 1 + rng_below(&r, 9);
            for (int32_t a = 0; a < size; a++)
                for (int32_t b = a + 1; b < size; b++)
                    gen_edge(&ge, n + a, n + b);
            n += size;
            cliques++;
        }
        for (int32_t v = 0; v < n; v++)
            label[v] = v;
        for (int32_t v = n - 1; v > 0; v--) {
            int32_t w = rng_below(&r, v + 1), t = label[v];
            label[v] = label[w], label[w] = t;
        }
        for (int64_t e = 0; e < ge.m; e++)
            ge.e[e][0] = label[ge.e[e][0]], ge.e[e][1] = label[ge.e[e][1]];
        ge.n = n;
        struct graph *g = graph_of(&ge);
        exact += bound(g, 8) == n - cliques;
        graph_free(g);
    }
    is(exact, 100, "100 unions of disjoint cliques: the bound is n minus the number of cliques");

    /*
     * Two triangles {0,1,2} and {3,4,5}, hub pairs (6,7) and (8,9) (an edge each, like a variable
     * and its negation): 0-6, 3-6, 1-8, 4-8, 2-7, 5-9. Every vertex has degree 3, so the greedy
     * meets them in id order; the optimum is 2 + 2 + 1 + 1 = 6, the clique-cover bound with the
     * triangles and the hub edges.
     */
    memset(&ge, 0, sizeof ge);
    ge.n = 10;
    static const int32_t edges[][2] = {{0, 1}, {1, 2}, {0, 2}, {3, 4}, {4, 5}, {3, 5}, {6, 7},
                                       {8, 9}, {0, 6}, {3, 6}, {1, 8}, {4, 8}, {2, 7}, {5, 9}};
    for (size_t e = 0; e < sizeof edges / sizeof edges[0]; e++)
        gen_edge(&ge, edges[e][0], edges[e][1]);
    struct graph *g = graph_of(&ge);
    struct cover c = {0};
    int32_t opt = brute_minimum_cover(g, &c);
    cover_free(&c);
    is(bound(g, 8), opt, "triangles through degree-3 hubs: the bound reaches the optimum %d", opt);
    graph_free(g);

    /* reshaping, then tabu search from the plain greedy: small graphs against the optimum */
    struct improved shaken = improve_random(&r, 200, 80, 16, shake);
    is(shaken.broken + shaken.above, 0,
       "200 random graphs reshaped: a partition into cliques, numbered densely, bound valid");
    is(shaken.more, 0, "never more cliques than before");
    ok(shaken.fewer > 0, "fewer cliques on %d of 200, where the size orders had settled",
       shaken.fewer);
    struct improved small = improve_random(&r, 300, 20, 0, tabu);
    struct improved larger = improve_random(&r, 300, 80, 0, tabu);
    is(small.above, 0,
       "tabu search, 300 random graphs: n minus its cliques never exceeds the optimum");
    is(small.broken + larger.broken, 0,
       "600 random graphs: a partition into cliques, numbered densely");
    is(small.more + larger.more, 0, "never more cliques than before");
    ok(small.fewer + larger.fewer > 0, "fewer cliques than the greedy's on %d of 600",
       small.fewer + larger.fewer);

    /*
     * Planted: k cliques of d vertices with random edges between them (each
     * pair of cliques joined with probability 0.5, each such pair of vertices
     * with 0.3), as model RB builds its CSPs: the greedy's cover takes more
     * than k, and the search must find the k.
     */
    int planted = 0, greedy_missed = 0;
    for (int i = 0; i < 20; i++) {
        memset(&ge, 0, sizeof ge);
        int32_t k = 20, d = 10;
        ge.n = k * d;
        for (int32_t a = 0; a < k; a++) {
            gen_gnp(&ge, &r, a * d, d, 1.0);
            for (int32_t b = a + 1; b < k; b++)
                if (rng_below(&r, 2))
                    for (int32_t u = 0; u < d; u++)
                        for (int32_t v = 0; v < d; v++)
                            if (rng_below(&r, 10) < 3)
                                gen_edge(&ge, a * d + u, b * d + v);
        }
        g = gen_build(&ge, &r);
        int32_t *clique_of = malloc(((size_t)g->n + 1) * sizeof *clique_of), count = 0;
        if (clique_of == NULL || clique_cover_partition(g, 0, clique_of, &count) != MVC_OK)
            bail("out of memory");
        greedy_missed += count > k;
        struct deadline none = {0};
        if (clique_cover_tabu(g, 1 << 20, rng_next(&r), &none, clique_of, &count) != MVC_OK)
            bail("out of memory");
        planted += count == k && partition_ok(g, clique_of, count);
        free(clique_of);
        graph_free(g);
    }
    ok(greedy_missed > 0, "the greedy's cover misses the planted one on %d of 20", greedy_missed);
    is(planted, 20, "tabu search finds the 20 planted cliques of 10 on every one of 20 graphs");
    done_testing();
    return exit_status();
}
