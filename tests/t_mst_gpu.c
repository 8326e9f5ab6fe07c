/*
 * The GPU minimum spanning forest against Kruskal: random edge lists with
 * many equal weights, connected and not, the shipped instances, and Steiner
 * trees built with either forest. Optional: MVC_STEINER_DIR names a folder of
 * larger .stp/.gr instances (e.g. ../shared/instances/steiner) to add.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "gpu_steiner.h"
#include "mst.h"
#include "read.h"
#include "steiner.h"
#include "steiner_mst.h"
#include "steiner_tree.h"
#include "tap.h"

/* The whole test needs the GPU kernels: a build without CUDA skips it. */
#ifndef HAVE_CUDA
int main(void)
{
    skip_all("no CUDA build");
    return 0;
}
#else

#include "gen.h"

/* What one comparison found; why[] names the first difference. */
struct verdict {
    int bad;
    char why[ERROR_MESSAGE_MAX + 128];
};

static void fail(struct verdict *vd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(struct verdict *vd, const char *fmt, ...)
{
    if (vd->bad++)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(vd->why, sizeof vd->why, fmt, ap);
    va_end(ap);
}

static int32_t count_components(int32_t n, const struct wedge *e, int64_t m)
{
    struct disjoint_sets s;
    if (dsets_init(&s, n) != MVC_OK)
        bail("out of memory");
    for (int64_t i = 0; i < m; i++)
        dsets_unite(&s, e[i].u, e[i].v);
    int32_t c = s.count;
    dsets_free(&s);
    return c;
}

/*
 * Runs gpu_msf on a copy of e and checks it against Kruskal on another: the
 * same count, n - components; a forest (each edge joins two trees); the
 * same total weight; and the same edges in the same order, since both take
 * the forest that is unique under the order (w, u, v, tag).
 */
static void compare_forests(int32_t n, const struct wedge *e, int64_t m, const char *what,
                            struct verdict *vd, struct gpu_mst_stats *gs)
{
    size_t bytes = (size_t)(m > 0 ? m : 1) * sizeof *e;
    struct wedge *gpu = malloc(bytes), *cpu = malloc(bytes);
    if (gpu == NULL || cpu == NULL)
        bail("out of memory");
    if (m > 0) {
        memcpy(gpu, e, (size_t)m * sizeof *e);
        memcpy(cpu, e, (size_t)m * sizeof *e);
    }
    int64_t got = -1, want = -1;
    struct error err = {0};
    int status = gpu_msf(n, gpu, m, &got, gs, &err);
    mst_kruskal(n, cpu, m, &want);
    int32_t components = count_components(n, e, m);
    if (status != MVC_OK) {
        fail(vd, "%s: gpu_msf failed: %s", what, err.message);
    } else if (got != want || got != (int64_t)n - components) {
        fail(vd, "%s: %lld edges, Kruskal %lld, n - components %lld", what, (long long)got,
             (long long)want, (long long)n - components);
    } else {
        struct disjoint_sets s;
        if (dsets_init(&s, n) != MVC_OK)
            bail("out of memory");
        int64_t w_gpu = 0, w_cpu = 0;
        for (int64_t i = 0; i < got; i++) {
            w_gpu += gpu[i].w;
            w_cpu += cpu[i].w;
            if (!dsets_unite(&s, gpu[i].u, gpu[i].v)) {
                fail(vd, "%s: edge %lld {%d, %d} closes a cycle", what, (long long)i, gpu[i].u,
                     gpu[i].v);
                break;
            }
        }
        dsets_free(&s);
        if (w_gpu != w_cpu)
            fail(vd, "%s: weight %lld, Kruskal %lld", what, (long long)w_gpu, (long long)w_cpu);
        for (int64_t i = 0; i < got && !vd->bad; i++)
            if (gpu[i].w != cpu[i].w || gpu[i].u != cpu[i].u || gpu[i].v != cpu[i].v ||
                gpu[i].tag != cpu[i].tag)
                fail(vd, "%s: edge %lld is {%d, %d} w %lld, Kruskal's {%d, %d} w %lld", what,
                     (long long)i, gpu[i].u, gpu[i].v, (long long)gpu[i].w, cpu[i].u, cpu[i].v,
                     (long long)cpu[i].w);
    }
    free(gpu), free(cpu);
}

/*
 * Random edge lists: blocks of vertices with edges only inside them (so
 * several components) and isolated vertices; weights from few values
 * (ties everywhere), from a range far beyond 32 bits (sums still fit), or
 * with negatives; parallel
 * edges, self-loops and tags.
 */
static struct wedge *random_edges(struct rng *r, int32_t n, int64_t m, int weights, int blocks)
{
    struct wedge *e = malloc((size_t)(m > 0 ? m : 1) * sizeof *e);
    if (blocks > n)
        blocks = n;
    int32_t span = n / blocks;
    for (int64_t i = 0; i < m; i++) {
        int32_t base = rng_below(r, blocks) * span;
        int32_t width = base + span <= n ? span : n - base;
        int32_t u = base + rng_below(r, width), v = base + rng_below(r, width);
        int64_t w = weights == 0   ? rng_below(r, 3)
                    : weights == 1 ? (int64_t)(rng_next(r) >> 24)
                                   : (int64_t)rng_below(r, 20) - 10;
        e[i].w = w;
        e[i].u = u < v ? u : v;
        e[i].v = u < v ? v : u;
        e[i].tag = rng_chance(r, 0.5) ? rng_below(r, 4) : 0;
    }
    return e;
}

static void test_random(uint64_t seed)
{
    struct rng r = {seed};
    struct verdict vd = {0};
    int64_t max_rounds = 0;
    for (int round = 0; round < 60; round++) {
        int32_t n = 1 + rng_below(&r, round < 40 ? 60 : 200000);
        int64_t m = rng_below(&r, 4 * n + 1);
        int blocks = 1 + rng_below(&r, round % 3 == 0 ? 1 : 8);
        struct wedge *e = random_edges(&r, n, m, round % 3, blocks);
        char what[96];
        snprintf(what, sizeof what, "round %d (n %d, m %lld, %d blocks)", round, n, (long long)m,
                 blocks);
        struct gpu_mst_stats gs = {0};
        compare_forests(n, e, m, what, &vd, &gs);
        max_rounds = gs.rounds > max_rounds ? gs.rounds : max_rounds;
        free(e);
    }
    is(vd.bad, 0, "random edge lists: the GPU forest is Kruskal's %s", vd.why);
    diag("at most %lld Boruvka rounds", (long long)max_rounds);
}

static void test_shapes(void)
{
    struct verdict vd = {0};
    struct gpu_mst_stats gs;
    /* No edges, one vertex, self-loops only. */
    struct wedge loops[3] = {{1, 0, 0, 0}, {2, 1, 1, 0}, {0, 1, 1, 0}};
    compare_forests(5, NULL, 0, "no edges", &vd, &gs);
    compare_forests(1, loops, 1, "one vertex and its loop", &vd, &gs);
    compare_forests(2, loops, 3, "self-loops only", &vd, &gs);
    /* A long path of zero weights (Boruvka's deepest hooking chains), given backwards. */
    int32_t n = 100000;
    struct wedge *e = malloc((size_t)n * sizeof *e);
    for (int32_t i = 0; i < n - 1; i++)
        e[i] = (struct wedge){0, n - 2 - i, n - 1 - i, 0};
    compare_forests(n, e, n - 1, "zero-weight path", &vd, &gs);
    /* A star of equal weights, and a complete graph of equal weights. */
    for (int32_t i = 0; i < n - 1; i++)
        e[i] = (struct wedge){7, 0, i + 1, 0};
    compare_forests(n, e, n - 1, "star", &vd, &gs);
    free(e);
    int32_t k = 300;
    e = malloc((size_t)k * k / 2 * sizeof *e);
    int64_t m = 0;
    for (int32_t u = 0; u < k; u++)
        for (int32_t v = u + 1; v < k; v++)
            e[m++] = (struct wedge){1, u, v, 0};
    compare_forests(k, e, m, "complete graph of equal weights", &vd, &gs);
    free(e);
    is(vd.bad, 0, "no edges, loops, a long path, a star, a complete graph %s", vd.why);

    struct wedge bad_edge = {1, 0, 5, 0};
    int64_t chosen;
    struct error err = {0};
    is(gpu_msf(3, &bad_edge, 1, &chosen, NULL, &err), MVC_EINPUT,
       "an endpoint out of range is refused (%s)", err.message);
}

static void test_large(uint64_t seed)
{
    struct rng r = {seed ^ 0x5851F42D4C957F2Dull};
    struct verdict vd = {0};
    int32_t n = 1000000;
    int64_t m = 4000000;
    struct wedge *e = random_edges(&r, n, m, 0, 3);
    struct gpu_mst_stats gs = {0};
    compare_forests(n, e, m, "1M vertices, 4M edges", &vd, &gs);
    free(e);
    is(vd.bad, 0, "a million vertices, four million edges of three weights %s", vd.why);
    diag("%lld rounds, %lld jump launches; upload %.3f s, sort %.3f s, rounds %.3f s, "
         "download %.3f s",
         (long long)gs.rounds, (long long)gs.jumps, gs.t_upload, gs.t_sort, gs.t_rounds,
         gs.t_download);
}

/* The graph's edges once each (u < v), tagged with their arc as Mehlhorn's proposals are. */
static struct wedge *graph_edges(const struct graph *g, int64_t *m)
{
    struct wedge *e = malloc((size_t)(g->m > 0 ? g->m : 1) * sizeof *e);
    *m = 0;
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++)
            if (u < g->adj[a])
                e[(*m)++] = (struct wedge){g->weights ? g->weights[a] : 1, u, g->adj[a], a};
    return e;
}

static int instance_name(const char *name)
{
    size_t len = strlen(name);
    return len > 4 && (strcmp(name + len - 4, ".stp") == 0 || strcmp(name + len - 3, ".gr") == 0);
}

/* Every .stp and .gr file of dir; returns how many were read. */
static int forests_of_folder(const char *dir, struct verdict *vd)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return 0;
    int count = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        if (!instance_name(ent->d_name))
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
        struct graph *g = NULL;
        struct error err = {0};
        if (graph_read(path, NULL, &g, &err) != MVC_OK) {
            fail(vd, "%s", err.message);
            continue;
        }
        int64_t m;
        struct wedge *e = graph_edges(g, &m);
        compare_forests(g->n, e, m, ent->d_name, vd, NULL);
        free(e);
        count++;
        graph_free(g);
    }
    closedir(d);
    return count;
}

static void test_instances(void)
{
    const char *src = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
    char dir[4096];
    struct verdict vd = {0};
    snprintf(dir, sizeof dir, "%s/tests/data/steiner", src);
    int stp = forests_of_folder(dir, &vd);
    snprintf(dir, sizeof dir, "%s/instances", src);
    int gr = forests_of_folder(dir, &vd);
    ok(stp >= 8 && gr >= 10, "shipped instances found (%d Steiner, %d vertex cover)", stp, gr);
    is(vd.bad, 0, "shipped instances: the GPU forest of every graph is Kruskal's %s", vd.why);
    const char *extra = getenv("MVC_STEINER_DIR");
    if (extra == NULL) {
        skip("MVC_STEINER_DIR not set: no larger instances");
        return;
    }
    struct verdict big = {0};
    int found = forests_of_folder(extra, &big);
    snprintf(dir, sizeof dir, "%s/pace2018", extra);
    found += forests_of_folder(dir, &big);
    ok(found > 0 && big.bad == 0, "%d instances of %s: the GPU forest is Kruskal's %s", found,
       extra, big.why);
}

/*
 * Steiner trees with the forests on the GPU are the CPU's, edge for edge:
 * both forests are Kruskal's. KMB on the CPU (G'''s forest when G'' is not
 * a tree) and Mehlhorn on the CPU (the boundary graph's too). Mehlhorn with
 * GPU shortest paths: valid trees only, since near-far may pick other
 * parents among equally short ones from run to run.
 */
static void steiner_both_ways(const struct graph *g, const char *what, struct verdict *vd,
                              int *gpu_forests)
{
    for (int algo = 0; algo < 2; algo++)
        for (int device = 0; device < 2; device++) {
            if (algo == STEINER_KMB && device == STEINER_DEVICE_GPU)
                continue; /* KMB's GPU path spends seconds on searches, not on forests */
            struct steiner_tree t[2];
            struct steiner_stats st[2];
            int status[2];
            struct error err = {0};
            for (int mst = 0; mst < 2; mst++) {
                struct steiner_opts o;
                steiner_opts_default(&o);
                o.algo = algo;
                o.use_gpu = device;
                o.mst = mst;
                o.improve = 0;
                status[mst] = steiner_solve(g, &o, &t[mst], &st[mst], &err);
            }
            if (status[0] != MVC_OK || status[1] != MVC_OK) {
                fail(vd, "%s, %s on the %s: %s", what, steiner_algo_name(algo),
                     device ? "GPU" : "CPU", err.message);
                continue;
            }
            if (device == STEINER_DEVICE_GPU) {
                for (int mst = 0; mst < 2; mst++)
                    if (steiner_check(g, &t[mst], &err) != MVC_OK)
                        fail(vd, "%s, %s on the GPU, forests on the %s: %s", what,
                             steiner_algo_name(algo), mst ? "GPU" : "CPU", err.message);
                *gpu_forests += strcmp(st[1].mst, "boruvka-gpu") == 0;
                steiner_tree_free(&t[0]), steiner_tree_free(&t[1]);
                continue;
            }
            int same = t[0].weight == t[1].weight && t[0].n_edges == t[1].n_edges;
            for (int64_t i = 0; same && i < t[0].n_edges; i++)
                same = t[0].edges[i][0] == t[1].edges[i][0] && t[0].edges[i][1] == t[1].edges[i][1];
            if (!same)
                fail(vd, "%s, %s on the %s: weight %lld with the GPU forest, %lld with Kruskal",
                     what, steiner_algo_name(algo), device ? "GPU" : "CPU", (long long)t[1].weight,
                     (long long)t[0].weight);
            if (strcmp(st[0].subgraph_mst, "boruvka-gpu") == 0 ||
                strcmp(st[0].mst, "boruvka-gpu") == 0)
                fail(vd, "%s: --steiner-mst cpu ran the GPU forest", what);
            *gpu_forests += strcmp(st[1].subgraph_mst, "boruvka-gpu") == 0;
            *gpu_forests += strcmp(st[1].mst, "boruvka-gpu") == 0;
            steiner_tree_free(&t[0]), steiner_tree_free(&t[1]);
        }
}

static void test_steiner(uint64_t seed)
{
    const char *src = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
    struct verdict vd = {0};
    int gpu_forests = 0;
    for (int i = 0; i < 8; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/tests/data/steiner/small-%d.stp", src, i);
        struct graph *g = NULL;
        struct error err = {0};
        if (graph_read(path, NULL, &g, &err) != MVC_OK) {
            fail(&vd, "%s", err.message);
            continue;
        }
        steiner_both_ways(g, path, &vd, &gpu_forests);
        graph_free(g);
    }
    /* Random graphs with few weights, so that G'' often has cycles. */
    struct rng r = {seed ^ 0x2545F4914F6CDD1Dull};
    for (int round = 0; round < 20; round++) {
        int32_t n = 20 + rng_below(&r, round < 15 ? 200 : 20000);
        struct edge_list el;
        edge_list_init(&el, 1);
        for (int32_t v = 1; v < n; v++)
            edge_list_push(&el, v, rng_below(&r, v), 1 + rng_below(&r, 3));
        for (int32_t i = 0; i < 2 * n; i++)
            edge_list_push(&el, rng_below(&r, n), rng_below(&r, n), 1 + rng_below(&r, 3));
        int32_t nt = 2 + rng_below(&r, n / 4), *terminals = malloc((size_t)nt * sizeof *terminals);
        for (int32_t i = 0; i < nt; i++)
            terminals[i] = (int32_t)((int64_t)i * n / nt);
        struct graph *g = NULL;
        struct error err = {0};
        if (graph_build(n, &el, terminals, nt, &g, &err) != MVC_OK)
            bail(err.message);
        char what[64];
        snprintf(what, sizeof what, "random graph %d (n %d, %d terminals)", round, n, nt);
        steiner_both_ways(g, what, &vd, &gpu_forests);
        free(terminals);
        graph_free(g);
    }
    is(vd.bad, 0, "Steiner trees with the forests on the GPU are the CPU's %s", vd.why);
    ok(gpu_forests > 20, "the GPU forest ran when asked for (%d times)", gpu_forests);
}

/* Auto in a GPU run: the GPU from STEINER_GPU_MST_MIN_EDGES, the CPU below. */
static void test_auto_choice(uint64_t seed)
{
    struct rng r = {seed ^ 0x9E3779B97F4A7C15ull};
    struct steiner_opts o;
    steiner_opts_default(&o);
    struct steiner_stats st;
    memset(&st, 0, sizeof st);
    struct steiner_run run = {.o = &o, .st = &st, .use_gpu = 1};
    int32_t n = 100000;
    const char *used[2] = {NULL, NULL};
    int64_t sizes[2] = {STEINER_GPU_MST_MIN_EDGES - 1, STEINER_GPU_MST_MIN_EDGES}, chosen;
    for (int i = 0; i < 2; i++) {
        struct wedge *e = random_edges(&r, n, sizes[i], 0, 1);
        struct error err = {0};
        if (steiner_msf(&run, n, e, sizes[i], &chosen, &used[i], &err) != MVC_OK)
            diag("steiner_msf: %s", err.message);
        free(e);
    }
    ok(used[0] && strcmp(used[0], STEINER_MST_KRUSKAL) == 0,
       "auto in a GPU run: Kruskal below the threshold (%s)", used[0]);
    ok(used[1] && strcmp(used[1], STEINER_MST_BORUVKA_GPU) == 0,
       "auto in a GPU run: the GPU from the threshold (%s)", used[1]);
    ok(st.gpu_mst_rounds > 0, "its rounds are counted (%lld)", (long long)st.gpu_mst_rounds);
}

int main(void)
{
    if (gpu_sssp_device_count() == 0)
        skip_all("no CUDA device");
    uint64_t seed = gen_master_seed();
    test_shapes();
    test_random(seed);
    test_large(seed);
    test_instances();
    test_steiner(seed);
    test_auto_choice(seed);
    done_testing();
    return exit_status();
}

#endif
