/* GPU shortest paths and GPU Steiner trees against the CPU: every kernel, parents, batches. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "dijkstra.h"
#include "gen.h"
#include "gpu_steiner.h"
#include "mst.h"
#include "steiner.h"
#include "steiner_brute.h"
#include "tap.h"

/* The whole test needs the GPU kernels: a build without CUDA skips it. */
#ifndef HAVE_CUDA
int main(void)
{
    skip_all("no CUDA build");
    return 0;
}
#else

/* The random graphs' generator (gen.h), seeded by each test. */
static struct rng rng_state;

/*
 * Random graph: a sparse part that looks like a road network (a path with
 * shortcuts) plus random edges, some vertices left unreachable; weights in
 * 0..max_w (zero weights make ties), or none.
 */
static struct graph *random_graph(int32_t n, int weighted, int32_t max_w, int32_t nt)
{
    struct edge_list el;
    edge_list_init(&el, weighted);
    int32_t reachable = n - n / 10;
    for (int32_t v = 1; v < reachable; v++)
        edge_list_push(&el, v, rng_below(&rng_state, v), rng_below(&rng_state, max_w + 1));
    for (int32_t i = 0; i < n; i++) {
        int32_t u = rng_below(&rng_state, reachable), v = rng_below(&rng_state, reachable);
        edge_list_push(&el, u, v, rng_below(&rng_state, max_w + 1));
    }
    for (int32_t v = reachable + 1; v < n; v++) /* a separate component */
        edge_list_push(&el, v, v - 1, rng_below(&rng_state, max_w + 1));
    int32_t *terminals = malloc((size_t)(nt > 0 ? nt : 1) * sizeof *terminals);
    uint8_t *is = calloc((size_t)n, 1);
    for (int32_t got = 0; got < nt;) {
        int32_t t = rng_below(&rng_state, reachable);
        if (!is[t])
            is[t] = 1, got++;
    }
    for (int32_t v = 0, got = 0; v < n; v++)
        if (is[v])
            terminals[got++] = v;
    struct graph *g = NULL;
    struct error err = {0};
    if (graph_build(n, &el, terminals, nt, &g, &err) != MVC_OK)
        bail(err.message);
    free(terminals), free(is);
    return g;
}

/* CPU reference: multi-source Dijkstra. */
static void cpu_distances(const struct graph *g, const int32_t *sources, int32_t n_sources,
                          int64_t *dist)
{
    struct dijkstra d;
    if (dijkstra_init(&d, g->n) != MVC_OK)
        bail("out of memory");
    for (int32_t i = 0; i < n_sources; i++)
        dijkstra_add_source(&d, sources[i]);
    while (dijkstra_next(&d, g) >= 0)
        ;
    memcpy(dist, d.dist, (size_t)g->n * sizeof *dist);
    dijkstra_free(&d);
}

/*
 * 0 when dist equals the reference and parent is a shortest-path forest:
 * roots are exactly the sources, dist[v] == dist[parent[v]] + w, and every
 * chain reaches a source.
 */
static int check_tree(const struct graph *g, const int32_t *sources, int32_t n_sources,
                      const int64_t *want, const int64_t *dist, const int32_t *parent, char *why,
                      size_t why_size)
{
    uint8_t *is_source = calloc((size_t)g->n, 1);
    for (int32_t i = 0; i < n_sources; i++)
        is_source[sources[i]] = 1;
    int bad = 0;
    for (int32_t v = 0; v < g->n && !bad; v++) {
        if (dist[v] != want[v]) {
            snprintf(why, why_size, "dist[%d] = %lld, Dijkstra says %lld", v, (long long)dist[v],
                     (long long)want[v]);
            bad = 1;
        } else if (dist[v] == GPU_SSSP_INF || is_source[v]) {
            if (parent[v] != -1) {
                snprintf(why, why_size, "vertex %d (%s) has parent %d", v,
                         is_source[v] ? "a source" : "unreached", parent[v]);
                bad = 1;
            }
        } else if (parent[v] < 0 || parent[v] >= g->n || graph_edge_weight(g, parent[v], v) < 0 ||
                   dist[v] != dist[parent[v]] + graph_edge_weight(g, parent[v], v)) {
            snprintf(why, why_size, "vertex %d: parent %d does not give dist %lld", v, parent[v],
                     (long long)dist[v]);
            bad = 1;
        }
    }
    for (int32_t v = 0; v < g->n && !bad; v++) {
        int32_t x = v, steps = 0;
        while (parent[x] >= 0 && steps++ <= g->n)
            x = parent[x];
        if (dist[v] != GPU_SSSP_INF && (steps > g->n || dist[x] != 0)) {
            snprintf(why, why_size, "the parent chain of %d does not reach a source", v);
            bad = 1;
        }
    }
    free(is_source);
    return bad;
}

static const int kernels[] = {SSSP_BELLMAN_FORD, SSSP_TPULL, SSSP_NEAR_FAR, SSSP_AUTO};

static void test_multi_source(unsigned seed)
{
    rng_state.state = 0x243F6A8885A308D3ull ^ seed;
    int bad[4] = {0};
    for (int round = 0; round < 12; round++) {
        int32_t n = 2 + rng_below(&rng_state, round < 6 ? 200 : 20000);
        int weighted = round % 4 != 3;
        struct graph *g = random_graph(n, weighted, round % 3 == 0 ? 3 : 1000, 0);
        int32_t n_sources = 1 + rng_below(&rng_state, round % 2 ? 1 : 40);
        int32_t *sources = malloc((size_t)n_sources * sizeof *sources);
        for (int32_t i = 0; i < n_sources; i++)
            sources[i] = rng_below(&rng_state, n);
        int64_t *want = malloc((size_t)n * sizeof *want), *dist = malloc((size_t)n * sizeof *dist);
        int32_t *parent = malloc((size_t)n * sizeof *parent);
        cpu_distances(g, sources, n_sources, want);
        for (int k = 0; k < 4; k++) {
            struct error err = {0};
            char why[ERROR_MESSAGE_MAX + 64] = "";
            if (gpu_sssp(g, sources, n_sources, kernels[k], dist, parent, NULL, &err) != MVC_OK)
                snprintf(why, sizeof why, "%s", err.message);
            else
                check_tree(g, sources, n_sources, want, dist, parent, why, sizeof why);
            if (why[0] && !bad[k]++)
                diag("%s, round %d (n %d, %d sources): %s", steiner_sssp_name(kernels[k]), round, n,
                     n_sources, why);
        }
        free(sources), free(want), free(dist), free(parent);
        graph_free(g);
    }
    for (int k = 0; k < 4; k++)
        is(bad[k], 0,
           "%s: single and multi-source distances equal Dijkstra's, parents form "
           "shortest-path trees",
           steiner_sssp_name(kernels[k]));
}

static void test_batches(unsigned seed)
{
    rng_state.state = 0x13198A2E03707344ull ^ seed;
    int bad[4] = {0};
    for (int round = 0; round < 4; round++) {
        int32_t n = 50 + rng_below(&rng_state, 3000);
        struct graph *g = random_graph(n, 1, round == 0 ? 2 : 500, 0);
        int32_t count = 1 + rng_below(&rng_state, 70);
        int32_t *sources = malloc((size_t)count * sizeof *sources);
        for (int32_t i = 0; i < count; i++)
            sources[i] = rng_below(&rng_state, n);
        size_t rows = (size_t)count * (size_t)n;
        int64_t *want = malloc((size_t)n * sizeof *want), *dist = malloc(rows * sizeof *dist);
        int32_t *parent = malloc(rows * sizeof *parent);
        for (int k = 0; k < 4; k++) {
            struct error err = {0};
            char why[ERROR_MESSAGE_MAX + 64] = "";
            if (gpu_sssp_batch(g, sources, count, kernels[k], dist, parent, NULL, &err) != MVC_OK)
                snprintf(why, sizeof why, "%s", err.message);
            for (int32_t i = 0; i < count && !why[0]; i++) {
                cpu_distances(g, sources + i, 1, want);
                check_tree(g, sources + i, 1, want, dist + (size_t)i * n, parent + (size_t)i * n,
                           why, sizeof why);
            }
            if (why[0] && !bad[k]++)
                diag("%s batch, round %d (n %d, %d sources): %s", steiner_sssp_name(kernels[k]),
                     round, n, count, why);
        }
        free(sources), free(want), free(dist), free(parent);
        graph_free(g);
    }
    for (int k = 0; k < 4; k++)
        is(bad[k], 0, "%s: p-SSSP batches equal Dijkstra from each source, with parents",
           steiner_sssp_name(kernels[k]));
}

static void test_session_targets(void)
{
    rng_state.state = 77;
    struct graph *g = random_graph(5000, 1, 100, 0);
    int32_t sources[5] = {0, 17, 4000, 123, 17}, targets[4] = {3, 2999, 4500, 17};
    struct gpu_sssp_session *s = NULL;
    struct error err = {0};
    is(gpu_sssp_open(g, SSSP_AUTO, 3, &s, &err), MVC_OK, "a session opens with a batch of 3");
    is(gpu_sssp_batch_size(s), 3, "the session keeps the batch asked for");
    int64_t got[3 * 4], want[5000];
    int bad = 0;
    for (int b = 0; b < 5; b += 3) {
        int32_t count = b + 3 <= 5 ? 3 : 5 - b;
        if (gpu_sssp_run_batch(s, sources + b, count, targets, 4, got, NULL, &err) != MVC_OK) {
            bad++;
            break;
        }
        for (int32_t i = 0; i < count; i++) {
            cpu_distances(g, sources + b + i, 1, want);
            for (int j = 0; j < 4; j++)
                bad += got[i * 4 + j] != want[targets[j]];
        }
    }
    is(bad, 0, "distances gathered at targets equal Dijkstra's");
    int32_t wrong = 5000;
    ok(gpu_sssp_run_batch(s, &wrong, 1, NULL, 0, NULL, NULL, &err) == MVC_EINPUT,
       "a source out of range is refused (%s)", err.message);
    ok(gpu_sssp_run_batch(s, sources, 4, NULL, 0, NULL, NULL, &err) == MVC_EINPUT,
       "a batch larger than the session's is refused");
    struct gpu_sssp_stats st;
    gpu_sssp_close(s, &st);
    ok(st.runs == 2 && st.launches > 0, "statistics count runs (%lld) and launches (%lld)",
       (long long)st.runs, (long long)st.launches);
    graph_free(g);
}

static void test_near_far_hands_over(void)
{
    /* A path whose distances pass 2^32: near-far keeps 32 bits and hands over to t-pull. */
    struct edge_list el;
    edge_list_init(&el, 1);
    for (int32_t v = 1; v < 8; v++)
        edge_list_push(&el, v - 1, v, INT32_MAX);
    struct graph *g = NULL;
    struct error err = {0};
    graph_build(8, &el, NULL, 0, &g, &err);
    int64_t dist[8], want[8];
    int32_t parent[8], source = 0;
    struct gpu_sssp_stats st;
    is(gpu_sssp(g, &source, 1, SSSP_NEAR_FAR, dist, parent, &st, &err), MVC_OK,
       "near-far on distances beyond 32 bits runs");
    cpu_distances(g, &source, 1, want);
    char why[ERROR_MESSAGE_MAX + 64] = "";
    ok(!check_tree(g, &source, 1, want, dist, parent, why, sizeof why), "and is exact %s", why);
    is(st.kernel, SSSP_TPULL, "by handing over to t-pull");
    graph_free(g);
}

/*
 * The work counts behind bench/sssp_throughput: a pull kernel scans every arc
 * once per launch that ran (between one and all of its launches), near-far
 * at least the arcs of every vertex it reaches, each expanded once or more.
 */
static void test_work_counts(void)
{
    rng_state.state = 4242;
    struct graph *g = random_graph(3000, 1, 50, 0);
    int32_t source = 0;
    int64_t *dist = malloc((size_t)g->n * sizeof *dist), reached_arcs = 0, reached = 0;
    cpu_distances(g, &source, 1, dist);
    for (int32_t v = 0; v < g->n; v++)
        if (dist[v] != GPU_SSSP_INF) {
            reached_arcs += graph_degree(g, v);
            reached++;
        }
    for (int k = 0; k < 3; k++) {
        struct gpu_sssp_session *s = NULL;
        struct gpu_sssp_stats mid, st;
        struct error err = {0};
        int status = gpu_sssp_open(g, kernels[k], 1, &s, &err);
        if (status == MVC_OK)
            status = gpu_sssp_run(s, &source, 1, NULL, NULL, &err);
        if (status == MVC_OK)
            gpu_sssp_session_stats(s, &mid);
        gpu_sssp_close(s, &st);
        if (status != MVC_OK) {
            ok(0, "%s: work counts (%s)", steiner_sssp_name(kernels[k]), err.message);
            continue;
        }
        int64_t arcs = 2 * g->m;
        if (kernels[k] == SSSP_NEAR_FAR)
            ok(st.arcs_scanned >= reached_arcs && st.vertices_visited >= reached,
               "near-far: %lld arcs scanned, %lld vertices visited, at least the %lld arcs and "
               "%lld vertices reached",
               (long long)st.arcs_scanned, (long long)st.vertices_visited, (long long)reached_arcs,
               (long long)reached);
        else
            ok(st.arcs_scanned % arcs == 0 && st.arcs_scanned >= arcs &&
                   st.arcs_scanned <= st.launches * arcs &&
                   st.vertices_visited == st.arcs_scanned / arcs * g->n,
               "%s: %lld arcs scanned in %lld launches: whole passes over %lld arcs",
               steiner_sssp_name(kernels[k]), (long long)st.arcs_scanned, (long long)st.launches,
               (long long)arcs);
        ok(mid.arcs_scanned == st.arcs_scanned && mid.launches == st.launches,
           "%s: the session's statistics so far are those it closes with",
           steiner_sssp_name(kernels[k]));
    }
    free(dist);
    graph_free(g);
}

static void test_negative_weight_refused(void)
{
    struct edge_list el;
    edge_list_init(&el, 1);
    edge_list_push(&el, 0, 1, 4);
    edge_list_push(&el, 1, 2, -1);
    struct graph *g = NULL;
    struct error err = {0};
    graph_build(3, &el, NULL, 0, &g, &err);
    int64_t dist[3];
    int32_t parent[3], source = 0;
    ok(gpu_sssp(g, &source, 1, SSSP_AUTO, dist, parent, NULL, &err) == MVC_EINPUT,
       "a negative weight is refused (%s)", err.message);
    graph_free(g);
}

static void test_steiner_on_gpu(unsigned seed)
{
    rng_state.state = 0xA4093822299F31D0ull ^ seed;
    int bad[2] = {0}, far[2] = {0};
    for (int round = 0; round < 40; round++) {
        int32_t n = 4 + rng_below(&rng_state, 11), nt = 2 + rng_below(&rng_state, 4);
        /* random_graph leaves the last n / 10 vertices apart: terminals avoid them */
        struct graph *g =
            random_graph(n, round % 5 != 0, round % 3 ? 10 : 2, nt < n - n / 10 ? nt : 2);
        int64_t opt = brute_steiner_weight(g);
        for (int algo = 0; algo < 2; algo++) {
            struct steiner_opts o;
            steiner_opts_default(&o);
            o.algo = algo;
            o.use_gpu = STEINER_DEVICE_GPU;
            o.improve = round % 2;
            struct steiner_tree t;
            struct steiner_stats st;
            struct error err = {0};
            if (steiner_solve(g, &o, &t, &st, &err) != MVC_OK ||
                steiner_check(g, &t, &err) != MVC_OK || strcmp(st.device, "gpu") != 0) {
                if (!bad[algo]++)
                    diag("%s on the GPU, round %d: %s", steiner_algo_name(algo), round,
                         err.message);
            } else if ((t.weight > 2 * opt || t.weight < opt) && !far[algo]++) {
                diag("%s on the GPU, round %d: weight %lld, optimum %lld", steiner_algo_name(algo),
                     round, (long long)t.weight, (long long)opt);
            }
            steiner_tree_free(&t);
        }
        graph_free(g);
    }
    for (int algo = 0; algo < 2; algo++) {
        is(bad[algo], 0, "%s on the GPU: valid trees", steiner_algo_name(algo));
        is(far[algo], 0, "%s on the GPU: between the optimum and twice it",
           steiner_algo_name(algo));
    }
}

int main(int argc, char **argv)
{
    if (gpu_sssp_device_count() == 0)
        skip_all("no CUDA device");
    unsigned seed = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 20250101u;
    diag("seed %u", seed);
    test_multi_source(seed);
    test_batches(seed);
    test_session_targets();
    test_near_far_hands_over();
    test_work_counts();
    test_negative_weight_refused();
    test_steiner_on_gpu(seed);
    done_testing();
    return exit_status();
}

#endif
