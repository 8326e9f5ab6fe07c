/* Seeded random graphs for the solver tests: each graph is rebuilt from its seed alone. */
#ifndef MVC_TEST_GEN_H
#define MVC_TEST_GEN_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* graph.h and random.h have no C++ guards of their own; the emulated kernel tests are C++. */
#ifdef __cplusplus
extern "C" {
#endif
#include "graph.h"
#include "random.h"
#ifdef __cplusplus
}
#endif

#define GEN_MAX_EDGES 8192

/* splitmix64 (random.h): small, good enough, the same on every platform. */
struct rng {
    uint64_t state;
};

static inline uint64_t rng_next(struct rng *r)
{
    return random_next(&r->state);
}

/* Uniform in [0, n), n >= 1. */
static inline int32_t rng_below(struct rng *r, int32_t n)
{
    return (int32_t)(rng_next(r) % (uint64_t)n);
}

/* Uniform in [0, 1). */
static inline double rng_unit(struct rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

static inline int rng_chance(struct rng *r, double p)
{
    return rng_unit(r) < p;
}

/* The run's seed: MVC_SEED from the environment, or the clock. Printed so a failure can be
 * replayed. */
static inline uint64_t gen_master_seed(void)
{
    const char *env = getenv("MVC_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL);
    printf("# seed %llu (MVC_SEED=%llu replays this run)\n", (unsigned long long)seed,
           (unsigned long long)seed);
    return seed;
}

struct gen_edges {
    int32_t n;
    int64_t m;
    int32_t e[GEN_MAX_EDGES][2];
};

static inline void gen_edge(struct gen_edges *ge, int32_t u, int32_t v)
{
    if (ge->m < GEN_MAX_EDGES) {
        ge->e[ge->m][0] = u;
        ge->e[ge->m][1] = v;
        ge->m++;
    }
}

/* G(n, p) on the vertices [first, first + n). */
static inline void gen_gnp(struct gen_edges *ge, struct rng *r, int32_t first, int32_t n, double p)
{
    for (int32_t u = 0; u < n; u++)
        for (int32_t v = u + 1; v < n; v++)
            if (rng_chance(r, p))
                gen_edge(ge, first + u, first + v);
}

/* Uniform random recursive tree: each vertex hangs from an earlier one. */
static inline void gen_tree(struct gen_edges *ge, struct rng *r, int32_t first, int32_t n)
{
    for (int32_t v = 1; v < n; v++)
        gen_edge(ge, first + rng_below(r, v), first + v);
}

static inline void gen_cycle(struct gen_edges *ge, int32_t first, int32_t n)
{
    for (int32_t v = 0; v < n; v++)
        gen_edge(ge, first + v, first + (v + 1) % n);
}

static inline void gen_bipartite(struct gen_edges *ge, struct rng *r, int32_t first, int32_t a,
                                 int32_t b, double p)
{
    for (int32_t u = 0; u < a; u++)
        for (int32_t v = 0; v < b; v++)
            if (rng_chance(r, p))
                gen_edge(ge, first + u, first + a + v);
}

/* A clique of c vertices with paths hanging from random clique vertices; n - c path vertices. */
static inline void gen_clique_paths(struct gen_edges *ge, struct rng *r, int32_t first, int32_t c,
                                    int32_t n)
{
    gen_gnp(ge, r, first, c, 1.0);
    int32_t prev = -1;
    for (int32_t v = c; v < n; v++) {
        if (prev < 0 || rng_chance(r, 0.3))
            prev = rng_below(r, c); /* start a new path */
        gen_edge(ge, first + prev, first + v);
        prev = v;
    }
}

/* perm[0..n) becomes a uniform random permutation of 0..n-1 (Fisher-Yates). */
static inline void gen_permutation(int32_t *perm, int32_t n, struct rng *r)
{
    for (int32_t v = 0; v < n; v++)
        perm[v] = v;
    for (int32_t v = n - 1; v > 0; v--) {
        int32_t w = rng_below(r, v + 1), t = perm[v];
        perm[v] = perm[w];
        perm[w] = t;
    }
}

/*
 * A cycle with random perfect matchings laid over it: minimum degree about
 * three, no structure a greedy choice or a reduction rule can exploit, so a
 * search has to branch. Between max_n / 2 and max_n vertices.
 */
static inline void gen_cycle_matchings(struct gen_edges *ge, struct rng *r, int32_t max_n,
                                       int matchings)
{
    ge->m = 0;
    ge->n = max_n / 2 + rng_below(r, max_n - max_n / 2 + 1);
    gen_cycle(ge, 0, ge->n);
    int32_t *perm = (int32_t *)malloc(((size_t)ge->n + 1) * sizeof *perm);
    for (int k = 0; perm != NULL && k < matchings; k++) {
        gen_permutation(perm, ge->n, r);
        for (int32_t v = 0; v + 1 < ge->n; v += 2)
            gen_edge(ge, perm[v], perm[v + 1]);
    }
    free(perm);
}

/* Random relabelling, so that no test depends on vertices coming in a convenient order. */
static inline struct graph *gen_build(struct gen_edges *ge, struct rng *r)
{
    int32_t *perm = (int32_t *)malloc(((size_t)ge->n + 1) * sizeof *perm);
    gen_permutation(perm, ge->n, r);
    for (int64_t i = 0; i < ge->m; i++) {
        ge->e[i][0] = perm[ge->e[i][0]];
        ge->e[i][1] = perm[ge->e[i][1]];
    }
    free(perm);
    return graph_from_edges(ge->n, (const int32_t(*)[2])ge->e, ge->m);
}

/* gen_cycle_matchings as a relabelled graph from seed alone; desc receives a line naming it. */
static inline struct graph *gen_cycle_matchings_graph(uint64_t seed, int32_t max_n, int matchings,
                                                      char *desc, size_t len)
{
    struct rng r = {seed};
    static struct gen_edges ge;
    gen_cycle_matchings(&ge, &r, max_n, matchings);
    snprintf(desc, len, "cycle+%d matchings n=%d seed=%llu", matchings, ge.n,
             (unsigned long long)seed);
    return gen_build(&ge, &r);
}

/* G(n, p) from seed alone, of any size (gen_edges holds GEN_MAX_EDGES edges); NULL when out of
 * memory. */
static inline struct graph *gen_gnp_graph(uint64_t seed, int32_t n, double p)
{
    struct rng r = {seed};
    size_t pairs = n > 1 ? (size_t)n * (size_t)(n - 1) / 2 : 0;
    int32_t(*e)[2] = (int32_t(*)[2])malloc((pairs + 1) * sizeof *e);
    if (e == NULL)
        return NULL;
    int64_t m = 0;
    for (int32_t u = 0; u < n; u++)
        for (int32_t v = u + 1; v < n; v++)
            if (rng_chance(&r, p)) {
                e[m][0] = u;
                e[m][1] = v;
                m++;
            }
    struct graph *g = graph_from_edges(n, (const int32_t(*)[2])e, m);
    free(e);
    return g;
}

enum gen_family {
    GEN_GNP, /* G(n, p) for p in 0.1 .. 0.8 */
    GEN_TREE,
    GEN_CYCLE,
    GEN_BIPARTITE,
    GEN_CLIQUE_PATHS, /* a clique with pendant paths */
    GEN_UNION,        /* disjoint union of small graphs of the other families */
    GEN_ISOLATED,     /* sparse G(n, p) plus isolated vertices */
    GEN_FAMILIES
};

static const char *const gen_family_name[GEN_FAMILIES] = {
    "gnp", "tree", "cycle", "bipartite", "clique+paths", "union", "isolated",
};

static const double gen_densities[] = {0.1, 0.2, 0.3, 0.5, 0.8};

/*
 * A graph of the family with at most max_n (<= 30) vertices, from seed alone;
 * desc receives a line that names it. p is used by the G(n, p) family.
 */
static inline struct graph *gen_graph(enum gen_family family, double p, int32_t max_n,
                                      uint64_t seed, char *desc, size_t desc_len)
{
    struct rng r = {seed};
    static struct gen_edges ge;
    ge.m = 0;
    int32_t n = 0;
    switch (family) {
    case GEN_GNP:
        n = 1 + rng_below(&r, max_n);
        gen_gnp(&ge, &r, 0, n, p);
        break;
    case GEN_TREE:
        n = 1 + rng_below(&r, max_n);
        gen_tree(&ge, &r, 0, n);
        break;
    case GEN_CYCLE:
        n = 3 + rng_below(&r, max_n - 2);
        gen_cycle(&ge, 0, n);
        break;
    case GEN_BIPARTITE: {
        int32_t a = 1 + rng_below(&r, max_n / 2), b = 1 + rng_below(&r, max_n - a);
        n = a + b;
        gen_bipartite(&ge, &r, 0, a, b, 0.15 + 0.5 * rng_chance(&r, 0.5));
        break;
    }
    case GEN_CLIQUE_PATHS: {
        int32_t c = 3 + rng_below(&r, 6);
        n = c + rng_below(&r, max_n - c + 1);
        gen_clique_paths(&ge, &r, 0, c, n);
        break;
    }
    case GEN_UNION:
        do {
            int32_t room = max_n - n;
            if (room < 3)
                break;
            int32_t part = 3 + rng_below(&r, (room < 8 ? room : 8) - 2);
            switch (rng_below(&r, 4)) {
            case 0: gen_gnp(&ge, &r, n, part, 0.5); break;
            case 1: gen_tree(&ge, &r, n, part); break;
            case 2: gen_cycle(&ge, n, part); break;
            default: gen_clique_paths(&ge, &r, n, 3, part); break;
            }
            n += part;
        } while (rng_chance(&r, 0.8));
        break;
    case GEN_ISOLATED: {
        int32_t core = 1 + rng_below(&r, max_n / 2);
        n = core + rng_below(&r, max_n - core + 1);
        gen_gnp(&ge, &r, 0, core, 0.3);
        break;
    }
    default: break;
    }
    ge.n = n;
    if (family == GEN_GNP)
        snprintf(desc, desc_len, "gnp n=%d p=%.1f seed=%llu", n, p, (unsigned long long)seed);
    else
        snprintf(desc, desc_len, "%s n=%d seed=%llu", gen_family_name[family], n,
                 (unsigned long long)seed);
    return gen_build(&ge, &r);
}

#endif
