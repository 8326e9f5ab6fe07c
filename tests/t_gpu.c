/*
 * The GPU solvers, hybrid and stackonly: hand graphs with known optima, random
 * graphs against a brute force (MVC, and PVC at k = opt - 1, opt, opt + 1), both
 * node storages, tiny worklists and odd launch shapes, and stopping.
 * MVC_GPU_TEST_SMALL=1 keeps it short (for compute-sanitizer), MVC_GPU_RANDOM=N
 * sets the number of random graphs (default 200), MVC_GPU_SEED the first seed.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
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
#include "cover.h"
#include "gen.h"
#include "gpu.h"
#include "graph.h"
#include "solve.h"

#define BRUTE_FORCE_MAX_N 22
#define HARD_GRAPH_N 300
#define HARD_GRAPH_DENSITY 0.25
#define STOP_TIME_LIMIT 0.05
#define STOP_PROMPT_SECONDS 10.0

/* One way of running the GPU solver. */
struct config {
    const char *name;
    enum solver_kind solver;
    enum gpu_storage storage;
    int64_t worklist_size;
    double threshold;
    int blocks;
    int block_size;
    int depth;
    int domination; /* reduce.cuh's domination rounds */
};

static int small_mode;

struct result {
    int status;
    int size;
    int valid;
    char message[ERROR_MESSAGE_MAX];
};

static struct result solve(const struct graph *g, const struct config *cf, int64_t k,
                           double time_limit, volatile sig_atomic_t *stop)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.solver = cf->solver;
    o.k = k;
    o.deadline = deadline_after(time_limit, o.deadline.stop);
    o.deadline.stop = stop;
    o.gpu.worklist_size = cf->worklist_size;
    o.gpu.threshold = cf->threshold;
    o.gpu.blocks = cf->blocks;
    o.gpu.block_size = cf->block_size;
    o.gpu.depth = cf->depth;
    if (small_mode && o.gpu.blocks == 0)
        o.gpu.blocks = 8;
    if (small_mode && o.gpu.worklist_size == 0)
        o.gpu.worklist_size = 64;
    o.gpu.storage = cf->storage;
    o.gpu.domination = cf->domination ? GPU_DOMINATION_ON : GPU_DOMINATION_OFF;
    struct cover c = {0};
    struct solve_stats st;
    memset(&st, 0, sizeof st);
    struct error err = {0};
    struct result r;
    r.status = gpu_solve_mvc(g, &o, &c, &st, &err);
    r.size = c.size;
    r.valid = r.status >= 0 && c.in != NULL && cover_check(g, &c, NULL) == MVC_OK;
    snprintf(r.message, sizeof r.message, "%s", err.set ? err.message : "");
    cover_free(&c);
    return r;
}

static const char *outcome_name(int status)
{
    switch (status) {
    case SOLVE_OPTIMAL: return "optimal";
    case SOLVE_FOUND: return "found";
    case SOLVE_NO_COVER: return "no-cover";
    case SOLVE_STOPPED: return "stopped";
    }
    return "error";
}

/* MVC gives opt; with pvc also PVC at opt - 1 (none), opt and opt + 1 (found). Empty why on
 * success. */
static void check_solver(const struct graph *g, int opt, const struct config *cf, int pvc,
                         char *why, size_t size)
{
    why[0] = '\0';
    struct result r = solve(g, cf, -1, 0, NULL);
    if (r.status != SOLVE_OPTIMAL || !r.valid || r.size != opt) {
        snprintf(why, size, "MVC: %s, size %d, %s cover, optimum %d %s", outcome_name(r.status),
                 r.size, r.valid ? "valid" : "invalid", opt, r.message);
        return;
    }
    if (!pvc)
        return;
    for (int k = opt - 1; k <= opt + 1; k++) {
        if (k < 0)
            continue;
        r = solve(g, cf, k, 0, NULL);
        int want = k < opt ? SOLVE_NO_COVER : SOLVE_FOUND;
        if (r.status != want || !r.valid || (want == SOLVE_FOUND && r.size > k)) {
            snprintf(why, size, "PVC k=%d: %s, size %d, %s cover, optimum %d %s", k,
                     outcome_name(r.status), r.size, r.valid ? "valid" : "invalid", opt, r.message);
            return;
        }
    }
}

static void expect_optimum(const struct graph *g, int opt, const struct config *cf, int pvc,
                           const char *label)
{
    char why[2 * ERROR_MESSAGE_MAX];
    check_solver(g, opt, cf, pvc, why, sizeof why);
    ok(why[0] == '\0', "%s: %s finds the optimum %d%s", label, cf->name, opt,
       pvc ? ", PVC at opt-1, opt, opt+1" : "");
    if (why[0] != '\0')
        diag("%s", why);
}

/* ---- brute force: n minus a maximum independent set, on bitmasks (n <= 22) ---- */

static int max_independent(uint32_t cand, const uint32_t *nbr)
{
    if (cand == 0)
        return 0;
    int branch = -1, branch_degree = -1;
    for (uint32_t c = cand; c != 0; c &= c - 1) {
        int v = __builtin_ctz(c);
        int d = __builtin_popcount(nbr[v] & cand);
        if (d <= 1) /* a vertex of degree <= 1 is in some maximum independent set */
            return 1 + max_independent(cand & ~(1u << v) & ~nbr[v], nbr);
        if (d > branch_degree) {
            branch_degree = d;
            branch = v;
        }
    }
    uint32_t rest = cand & ~(1u << branch);
    int without = max_independent(rest, nbr);
    int with = 1 + max_independent(rest & ~nbr[branch], nbr);
    return without > with ? without : with;
}

static int brute_force_mvc(const struct graph *g)
{
    uint32_t nbr[BRUTE_FORCE_MAX_N] = {0};
    for (int32_t v = 0; v < g->n; v++)
        for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
            nbr[v] |= 1u << g->adj[e];
    uint32_t all = g->n == 32 ? ~0u : (1u << g->n) - 1;
    return g->n - max_independent(all, nbr);
}

/* ---- graphs ---- */

static struct graph *path_graph(int32_t n)
{
    int32_t edges[64][2];
    for (int32_t i = 0; i + 1 < n; i++) {
        edges[i][0] = i;
        edges[i][1] = i + 1;
    }
    return graph_from_edges(n, (const int32_t(*)[2])edges, n - 1);
}

static struct graph *cycle_graph(int32_t n)
{
    int32_t edges[64][2];
    for (int32_t i = 0; i < n; i++) {
        edges[i][0] = i;
        edges[i][1] = (i + 1) % n;
    }
    return graph_from_edges(n, (const int32_t(*)[2])edges, n);
}

static struct graph *star_graph(int32_t leaves)
{
    int32_t edges[64][2];
    for (int32_t i = 0; i < leaves; i++) {
        edges[i][0] = 0;
        edges[i][1] = i + 1;
    }
    return graph_from_edges(leaves + 1, (const int32_t(*)[2])edges, leaves);
}

static struct graph *clique_graph(int32_t n)
{
    int32_t edges[512][2];
    int64_t m = 0;
    for (int32_t u = 0; u < n; u++)
        for (int32_t v = u + 1; v < n; v++) {
            edges[m][0] = u;
            edges[m][1] = v;
            m++;
        }
    return graph_from_edges(n, (const int32_t(*)[2])edges, m);
}

static struct graph *bipartite_graph(int32_t a, int32_t b)
{
    int32_t edges[512][2];
    int64_t m = 0;
    for (int32_t u = 0; u < a; u++)
        for (int32_t v = 0; v < b; v++) {
            edges[m][0] = u;
            edges[m][1] = a + v;
            m++;
        }
    return graph_from_edges(a + b, (const int32_t(*)[2])edges, m);
}

static struct graph *petersen_graph(void)
{
    static const int32_t edges[15][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0},
                                         {0, 5}, {1, 6}, {2, 7}, {3, 8}, {4, 9},
                                         {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}};
    return graph_from_edges(10, edges, 15);
}

/* A triangle with a pendant edge, and four isolated vertices. */
static struct graph *isolated_graph(void)
{
    static const int32_t edges[4][2] = {{0, 1}, {1, 2}, {2, 0}, {2, 3}};
    return graph_from_edges(8, edges, 4);
}

/* ---- tests ---- */

static const struct config hybrid = {"hybrid", SOLVER_HYBRID, GPU_STORAGE_AUTO, 0, 0, 0, 0, 0, 0};
static const struct config stackonly = {
    "stackonly", SOLVER_STACKONLY, GPU_STORAGE_AUTO, 0, 0, 0, 0, 0, 0};
static const struct config hybrid_global = {
    "hybrid (global memory)", SOLVER_HYBRID, GPU_STORAGE_GLOBAL, 0, 0, 0, 0, 0, 0};
static const struct config hybrid_shared = {
    "hybrid (shared memory)", SOLVER_HYBRID, GPU_STORAGE_SHARED, 0, 0, 0, 0, 0, 0};
static const struct config stackonly_global = {
    "stackonly (global memory)", SOLVER_STACKONLY, GPU_STORAGE_GLOBAL, 0, 0, 0, 0, 0, 0};
static const struct config hybrid_domination = {
    "hybrid with domination", SOLVER_HYBRID, GPU_STORAGE_AUTO, 0, 0, 0, 0, 0, 1};
static const struct config stackonly_domination = {"stackonly with domination (global memory)",
                                                   SOLVER_STACKONLY,
                                                   GPU_STORAGE_GLOBAL,
                                                   0,
                                                   0,
                                                   0,
                                                   0,
                                                   0,
                                                   1};

/* Launch shapes that push the worklist to its edges. */
static const struct config odd_configs[] = {
    {"hybrid, 4-entry worklist, threshold 1", SOLVER_HYBRID, GPU_STORAGE_AUTO, 4, 1.0, 0, 0, 0, 0},
    {"hybrid, 4-entry worklist, threshold 0.25", SOLVER_HYBRID, GPU_STORAGE_AUTO, 4, 0.25, 0, 0, 0,
     0},
    {"hybrid, 1-entry worklist", SOLVER_HYBRID, GPU_STORAGE_AUTO, 1, 1.0, 0, 0, 0, 0},
    {"hybrid, global memory, 4-entry worklist", SOLVER_HYBRID, GPU_STORAGE_GLOBAL, 4, 1.0, 0, 0, 0,
     0},
    {"hybrid, one block", SOLVER_HYBRID, GPU_STORAGE_AUTO, 0, 0, 1, 0, 0, 0},
    {"hybrid, two blocks of 32 threads, 2-entry worklist", SOLVER_HYBRID, GPU_STORAGE_AUTO, 2, 0.5,
     2, 32, 0, 0},
    {"hybrid, 96-thread blocks", SOLVER_HYBRID, GPU_STORAGE_AUTO, 0, 0, 0, 96, 0, 0},
    {"stackonly, depth 1", SOLVER_STACKONLY, GPU_STORAGE_AUTO, 0, 0, 0, 0, 1, 0},
    {"stackonly, depth 12", SOLVER_STACKONLY, GPU_STORAGE_AUTO, 0, 0, 0, 0, 12, 0},
    {"stackonly, global memory, 3 blocks, depth 5", SOLVER_STACKONLY, GPU_STORAGE_GLOBAL, 0, 0, 3,
     0, 5, 0},
};

static void test_hand_graphs(void)
{
    struct {
        const char *name;
        struct graph *g;
        int opt;
    } cases[] = {
        {"path on 10 vertices", path_graph(10), 5},
        {"cycle on 9 vertices", cycle_graph(9), 5},
        {"star with 8 leaves", star_graph(8), 1},
        {"clique K8", clique_graph(8), 7},
        {"complete bipartite K3,4", bipartite_graph(3, 4), 3},
        {"Petersen graph", petersen_graph(), 6},
        {"five vertices, no edges", graph_from_edges(5, NULL, 0), 0},
        {"triangle, pendant edge, isolated vertices", isolated_graph(), 2},
        {"one edge", path_graph(2), 1},
        {"clique K20", clique_graph(20), 19},
        {"complete bipartite K7,9", bipartite_graph(7, 9), 7},
        {"path on 40 vertices", path_graph(40), 20},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        expect_optimum(cases[i].g, cases[i].opt, &hybrid, 1, cases[i].name);
        expect_optimum(cases[i].g, cases[i].opt, &stackonly, 1, cases[i].name);
        expect_optimum(cases[i].g, cases[i].opt, &hybrid_global, 0, cases[i].name);
        expect_optimum(cases[i].g, cases[i].opt, &hybrid_shared, 0, cases[i].name);
        graph_free(cases[i].g);
    }
}

static void test_random_graphs(int count, uint64_t first_seed)
{
    static const double densities[] = {0.1, 0.2, 0.3, 0.5, 0.8};
    int failed = 0;
    for (int i = 0; i < count; i++) {
        int32_t n = 1 + i % BRUTE_FORCE_MAX_N;
        double p = densities[i % 5];
        uint64_t seed = first_seed + (uint64_t)i;
        struct graph *g = gen_gnp_graph(seed, n, p);
        int opt = brute_force_mvc(g);
        char label[128];
        snprintf(label, sizeof label, "random n=%d p=%.1f seed=%llu (m=%lld)", n, p,
                 (unsigned long long)seed, (long long)g->m);
        char why[2 * ERROR_MESSAGE_MAX];
        const struct config *configs[] = {
            &hybrid,           &stackonly,         &hybrid_global,
            &stackonly_global, &hybrid_domination, &stackonly_domination};
        for (int c = 0; c < 6; c++) {
            check_solver(g, opt, configs[c], c < 2 || c == 4, why, sizeof why);
            if (why[0] != '\0') {
                failed++;
                ok(0, "%s: %s", label, configs[c]->name);
                diag("%s", why);
            }
        }
        graph_free(g);
    }
    ok(failed == 0,
       "%d random graphs (n <= %d): hybrid and stackonly, shared and global memory, with and "
       "without domination, find the brute-force optimum; PVC at opt-1, opt, opt+1 answers right",
       count, BRUTE_FORCE_MAX_N);
}

/* Odd launch shapes: against the brute force on small graphs, against each other on larger ones. */
static void test_odd_configs(uint64_t seed)
{
    size_t configs = sizeof odd_configs / sizeof odd_configs[0];
    for (int i = 0; i < 4; i++) {
        struct graph *g =
            gen_gnp_graph(seed + 7 * (uint64_t)i, BRUTE_FORCE_MAX_N - i, 0.3 + 0.15 * i);
        int opt = brute_force_mvc(g);
        for (size_t c = 0; c < configs; c++) {
            char label[96];
            snprintf(label, sizeof label, "random n=%d seed=%llu", g->n,
                     (unsigned long long)(seed + 7 * i));
            expect_optimum(g, opt, &odd_configs[c], i == 0, label);
        }
        graph_free(g);
    }
    int sizes[] = {60, 45, 90};
    double densities[] = {0.3, 0.6, 0.1};
    for (int i = 0; i < 3; i++) {
        if (small_mode && i > 0)
            break;
        struct graph *g = gen_gnp_graph(seed + 100 + (uint64_t)i, sizes[i], densities[i]);
        struct result ref = solve(g, &hybrid, -1, 0, NULL);
        ok(ref.status == SOLVE_OPTIMAL && ref.valid,
           "random n=%d p=%.1f: hybrid solves it (cover %d)", sizes[i], densities[i], ref.size);
        for (size_t c = 0; c < configs; c++) {
            struct result r = solve(g, &odd_configs[c], -1, 0, NULL);
            ok(r.status == SOLVE_OPTIMAL && r.valid && r.size == ref.size,
               "random n=%d p=%.1f: %s agrees (%d)", sizes[i], densities[i], odd_configs[c].name,
               r.size);
            if (r.message[0])
                diag("%s", r.message);
        }
        graph_free(g);
    }
}

static void test_stop(uint64_t seed)
{
    /* Sparse, like cop_hat300-3 (density 0.26), which takes the hybrid 0.6 s on an H100. */
    struct graph *hard = gen_gnp_graph(seed, HARD_GRAPH_N, HARD_GRAPH_DENSITY);
    volatile sig_atomic_t stop = 1;
    for (int s = 0; s < 2; s++) {
        const struct config *cf = s == 0 ? &hybrid : &stackonly;
        struct result r = solve(hard, cf, -1, 0, &stop);
        ok(r.status == SOLVE_STOPPED && r.valid,
           "%s: a stop flag set before the search gives STOPPED and a cover", cf->name);

        double t0 = clock_seconds();
        r = solve(hard, cf, -1, STOP_TIME_LIMIT, NULL);
        double took = clock_seconds() - t0;
        if (r.status == SOLVE_OPTIMAL) {
            skip("the hard graph was solved within the time limit");
        } else {
            ok(r.status == SOLVE_STOPPED && r.valid,
               "%s: a %.2f s time limit stops the running search (%s, cover %d)", cf->name,
               STOP_TIME_LIMIT, outcome_name(r.status), r.size);
            if (r.message[0])
                diag("%s", r.message);
        }
        ok(took < STOP_PROMPT_SECONDS, "%s: it returns promptly (%.2f s)", cf->name, took);
    }
    graph_free(hard);
}

/*
 * One device against every device (--gpus 1 and all): the same optimum,
 * PVC's answers at opt - 1 and opt, and, with several devices, work on
 * each of them (hybrid: nodes handed over from device 0's grid).
 */
static void test_devices(uint64_t seed)
{
    int devices = gpu_device_count();
    const struct config *configs[] = {&hybrid, &stackonly};
    for (int c = 0; c < 2; c++) {
        /* StackOnly, without the worklist's balance, takes far longer on the hard graph */
        int32_t n = small_mode ? 60 : c == 0 ? HARD_GRAPH_N : 90;
        double p = small_mode ? 0.3 : c == 0 ? HARD_GRAPH_DENSITY : 0.1;
        struct graph *g = gen_gnp_graph(seed, n, p);
        int size[2] = {-1, -1}, answers_ok = 1;
        int64_t busiest_idle = -1;
        for (int all = 0; all <= 1; all++) {
            for (int64_t k = -1; k <= (int64_t)size[0]; k++) {
                if (k >= 0 && k < (int64_t)size[0] - 1)
                    k = size[0] - 1;
                struct solve_opts o;
                solve_opts_default(&o);
                o.solver = configs[c]->solver;
                o.k = k;
                o.gpu.devices = all ? 0 : 1;
                struct cover cv = {0};
                struct solve_stats st;
                memset(&st, 0, sizeof st);
                struct error err = {0};
                int status = gpu_solve_mvc(g, &o, &cv, &st, &err);
                int valid = status >= 0 && cover_check(g, &cv, NULL) == MVC_OK;
                if (k < 0) {
                    size[all] = status == SOLVE_OPTIMAL && valid ? (int)cv.size : -1;
                    if (all && st.gpus == devices && devices > 1) {
                        busiest_idle = st.nodes_per_gpu[1];
                        for (int i = 1; i < devices; i++)
                            if (st.nodes_per_gpu[i] < busiest_idle)
                                busiest_idle = st.nodes_per_gpu[i];
                    }
                } else {
                    int want = k < size[0] ? SOLVE_NO_COVER : SOLVE_FOUND;
                    if (status != want || !valid || (want == SOLVE_FOUND && cv.size > k))
                        answers_ok = 0;
                }
                if (err.set)
                    diag("%s, %s devices, k=%lld: %s", configs[c]->name, all ? "all" : "1",
                         (long long)k, err.message);
                cover_free(&cv);
                if (k < 0 && size[0] < 0)
                    break;
            }
        }
        ok(size[0] >= 0 && size[0] == size[1] && answers_ok,
           "G(%d, %.2f), %s: one device and %d agree (cover %d and %d), PVC right at opt-1 and "
           "opt on both",
           (int)n, p, configs[c]->name, devices, size[0], size[1]);
        if (devices > 1 && !small_mode)
            ok(busiest_idle > 0, "%s over %d devices: every device searched (fewest nodes %lld)",
               configs[c]->name, devices, (long long)busiest_idle);
        graph_free(g);
    }
}

int main(void)
{
    if (gpu_device_count() == 0)
        skip_all("no CUDA device");
    small_mode = getenv("MVC_GPU_TEST_SMALL") != NULL;
    int count = small_mode ? 12 : 200;
    if (getenv("MVC_GPU_RANDOM") != NULL)
        count = atoi(getenv("MVC_GPU_RANDOM"));
    uint64_t seed = getenv("MVC_GPU_SEED") != NULL ? strtoull(getenv("MVC_GPU_SEED"), NULL, 10) : 1;
    char name[256];
    if (gpu_device_name(name, sizeof name) == 0)
        diag("device: %s", name);
    diag("random graphs from seed %llu", (unsigned long long)seed);

    test_hand_graphs();
    test_random_graphs(count, seed);
    test_odd_configs(seed + 1000);
    test_stop(seed + 2000);
    test_devices(seed + 3000);
    done_testing();
    return exit_status();
}

#endif
