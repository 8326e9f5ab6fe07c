/*
 * The GPU's transversal walkers (gpu_transversal.h): on graphs of cliques
 * with a planted transversal they find one, and what they report is one
 * vertex per clique with no edge between two; where none exists they never
 * claim one and report their fewest conflicts; time limits, the caller's stop
 * flag and an early finish end them. SKIP without a CUDA build or device.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

#ifndef HAVE_CUDA
int main(void)
{
    skip_all("no CUDA build");
    return 0;
}
#else

#include "clock.h"
#include "gen.h"
#include "gpu.h"
#include "gpu_transversal.h"
#include "graph.h"
#include "transversal.h"

/*
 * Walkers as bound-sat starts them: the cliques grouped, and walker 0's
 * choice made, by the CPU's transversal_new (from `start`, or members of
 * least degree).
 */
struct walk {
    struct transversal *cpu;
    int32_t *first;
    struct gpu_transversal *gpu;
};

static struct walk walk_start(const struct graph *g, const int32_t *clique_of, int32_t cliques,
                              const uint8_t *start, uint64_t seed, const struct deadline *d)
{
    struct walk w = {transversal_new(g, clique_of, cliques, start, seed),
                     malloc(((size_t)cliques + 1) * sizeof(int32_t)), NULL};
    if (w.cpu == NULL || w.first == NULL)
        bail("out of memory");
    const int32_t *clique_start, *members;
    transversal_cliques(w.cpu, &clique_start, &members);
    transversal_choice(w.cpu, w.first);
    w.gpu = gpu_transversal_start(g, clique_of, cliques, clique_start, members, w.first, seed, d);
    if (w.gpu == NULL)
        bail("no walker thread");
    return w;
}

static void walk_finish(struct walk *w, struct gpu_transversal_stats *st)
{
    gpu_transversal_finish(w->gpu, st);
    transversal_free(w->cpu);
    free(w->first);
}

struct edges {
    int32_t (*e)[2];
    int64_t m, cap;
};

static void add_edge(struct edges *es, int32_t u, int32_t v)
{
    if (es->m == es->cap) {
        es->cap = es->cap ? 2 * es->cap : 1024;
        es->e = realloc(es->e, (size_t)es->cap * sizeof *es->e);
        if (es->e == NULL)
            bail("out of memory");
    }
    es->e[es->m][0] = u;
    es->e[es->m][1] = v;
    es->m++;
}

/*
 * `cliques` cliques of `smallest` to smallest + 8 vertices, one member of
 * each planted, and edges between cliques with probability p, never between
 * two planted vertices. Returns n; clique_of receives each vertex's clique.
 */
static int32_t planted(struct edges *es, struct rng *r, int32_t cliques, int32_t smallest, double p,
                       int32_t **clique_of)
{
    int32_t n = 0, *size = malloc((size_t)cliques * sizeof *size);
    for (int32_t c = 0; c < cliques; c++)
        n += size[c] = smallest + rng_below(r, 9);
    *clique_of = malloc((size_t)n * sizeof **clique_of);
    uint8_t *is_planted = malloc((size_t)n);
    es->m = 0;
    for (int32_t c = 0, first = 0; c < cliques; first += size[c++])
        for (int32_t a = 0; a < size[c]; a++) {
            (*clique_of)[first + a] = c;
            is_planted[first + a] = a == size[c] / 2;
            for (int32_t b = a + 1; b < size[c]; b++)
                add_edge(es, first + a, first + b);
        }
    for (int32_t u = 0; u < n; u++)
        for (int32_t v = u + 1; v < n; v++)
            if ((*clique_of)[u] != (*clique_of)[v] && !(is_planted[u] && is_planted[v]) &&
                rng_chance(r, p))
                add_edge(es, u, v);
    free(size);
    free(is_planted);
    return n;
}

/* Whether set holds one vertex per clique and no edge. */
static int is_transversal(const struct graph *g, const int32_t *clique_of, int32_t cliques,
                          const uint8_t *set)
{
    int32_t *count = calloc((size_t)cliques, sizeof *count);
    int holds = 1;
    for (int32_t v = 0; v < g->n; v++) {
        if (!set[v])
            continue;
        count[clique_of[v]]++;
        for (int64_t j = g->offsets[v]; j < g->offsets[v + 1]; j++)
            holds &= !set[g->adj[j]];
    }
    for (int32_t c = 0; c < cliques; c++)
        holds &= count[c] == 1;
    free(count);
    return holds;
}

/* Waits until the walkers found the transversal (1, in set) or `seconds` passed (0). */
static int wait_found(struct gpu_transversal *t, uint8_t *set, double seconds)
{
    double until = clock_seconds() + seconds;
    while (clock_seconds() < until) {
        if (gpu_transversal_found(t, set))
            return 1;
        clock_sleep(0.001);
    }
    return gpu_transversal_found(t, set);
}

static void test_planted(struct rng *r, int count)
{
    struct edges es = {0};
    for (int i = 0; i < count; i++) {
        int32_t cliques = 10 + rng_below(r, 31), smallest = 2 + rng_below(r, 15), *clique_of;
        double p = 0.05 + 0.2 * rng_unit(r);
        int32_t n = planted(&es, r, cliques, smallest, p, &clique_of);
        struct graph *g = graph_from_edges(n, (const int32_t(*)[2])es.e, es.m);
        uint8_t *set = malloc((size_t)n), *none = calloc((size_t)n, 1);
        if (g == NULL || set == NULL || none == NULL)
            bail("out of memory");
        struct deadline d = deadline_after(60, NULL);
        /* no start, or one choosing nothing: walker 0 from members of least degree */
        struct walk w = walk_start(g, clique_of, cliques, i % 2 ? NULL : none, rng_next(r), &d);
        struct gpu_transversal *t = w.gpu;
        int found = wait_found(t, set, 30);
        /* the flag follows the find: the thread raises it just after publishing */
        double seen = clock_seconds();
        while (found && !*gpu_transversal_stop_flag(t) && clock_seconds() < seen + 1)
            clock_sleep(0.0005);
        int flagged = *gpu_transversal_stop_flag(t) != 0;
        struct gpu_transversal_stats st;
        walk_finish(&w, &st);
        ok(found && flagged && is_transversal(g, clique_of, cliques, set) && st.fewest == 0,
           "%ld cliques of %ld-%ld, p %.2f, m %lld: a transversal by %lld walkers in %.3f s "
           "(%lld steps)%s%s",
           (long)cliques, (long)smallest, (long)smallest + 8, p, (long long)g->m,
           (long long)st.walkers, st.seconds, (long long)st.steps, st.message[0] ? ": " : "",
           st.message);
        free(set);
        free(none);
        free(clique_of);
        graph_free(g);
    }
    free(es.e);
}

/* K_{2 size} as two cliques joined completely: every choice has one conflict. */
static struct graph *joined(int32_t size, int32_t *clique_of)
{
    struct edges es = {0};
    for (int32_t u = 0; u < 2 * size; u++) {
        clique_of[u] = u / size;
        for (int32_t v = u + 1; v < 2 * size; v++)
            add_edge(&es, u, v);
    }
    struct graph *g = graph_from_edges(2 * size, (const int32_t(*)[2])es.e, es.m);
    free(es.e);
    if (g == NULL)
        bail("out of memory");
    return g;
}

static void test_none(void)
{
    int32_t clique_of[24];
    uint8_t set[24];
    struct graph *g = joined(12, clique_of);
    /*
     * A time limit. Under compute-sanitizer (MVC_GPU_TEST_SMALL) the set-up
     * and every step take hundreds of times longer: a longer limit, so that
     * the walkers start before it, and more room after it.
     */
    int sanitized = getenv("MVC_GPU_TEST_SMALL") != NULL;
    double limit = sanitized ? 5 : 0.5, slack = sanitized ? 30 : 1;
    struct deadline d = deadline_after(limit, NULL);
    double t0 = clock_seconds();
    struct walk w = walk_start(g, clique_of, 2, NULL, 7, &d);
    struct gpu_transversal *t = w.gpu;
    int found = wait_found(t, set, limit + 1);
    struct gpu_transversal_stats st;
    walk_finish(&w, &st);
    ok(!found && st.walkers > 0 && st.steps > 0 && st.fewest == 1 && st.message[0] == '\0',
       "no transversal: none claimed; %lld walkers, %lld steps, fewest conflicts %lld%s%s",
       (long long)st.walkers, (long long)st.steps, (long long)st.fewest, st.message[0] ? ": " : "",
       st.message);
    ok(st.seconds < limit + slack, "the time limit of %.1f s ended them after %.3f s of %.3f",
       limit, st.seconds, clock_seconds() - t0);

    /* the caller's stop flag, mirrored into theirs */
    volatile sig_atomic_t stop = 0;
    d = deadline_after(0, &stop);
    w = walk_start(g, clique_of, 2, NULL, 8, &d);
    t = w.gpu;
    clock_sleep(0.2);
    int before = *gpu_transversal_stop_flag(t) != 0;
    stop = 1;
    double raised = clock_seconds();
    while (!*gpu_transversal_stop_flag(t) && clock_seconds() < raised + 1)
        clock_sleep(0.0005);
    double lag = clock_seconds() - raised;
    walk_finish(&w, &st);
    ok(!before && lag < 0.1 * slack, "the caller's stop flag reached theirs after %.4f s", lag);

    /* finished at once, whatever the thread was doing */
    d = deadline_after(0, NULL);
    w = walk_start(g, clique_of, 2, NULL, 9, &d);
    t = w.gpu;
    t0 = clock_seconds();
    walk_finish(&w, &st);
    ok(clock_seconds() - t0 < slack, "an early finish returns (%.3f s)%s%s", clock_seconds() - t0,
       st.message[0] ? ": " : "", st.message);
    graph_free(g);
}

int main(void)
{
    if (gpu_device_count() == 0)
        skip_all("no CUDA device");
    uint64_t seed = gen_master_seed();
    struct rng r = {seed};
    diag("seed %llu", (unsigned long long)seed);
    test_planted(&r, getenv("MVC_GPU_TEST_SMALL") != NULL ? 4 : 24);
    test_none();
    done_testing();
    return exit_status();
}

#endif
