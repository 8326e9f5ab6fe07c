/*
 * The GPU vertex cover kernels (kernels/vc/hybrid.cu, kernels/vc/stackonly.cu,
 * both node storages) and the broker queue (worklist/broker.cuh) run on the
 * host under tests/cuda_emulation.h: a few blocks of one or two warps, threads
 * switched in a seeded random order at barriers, atomics, fences and spin
 * loops. The buffers are laid out by kernels/vc/search_layout.h, as
 * kernels/vc/gpu_solve.cu does on the device. Checked: every cover is valid
 * and of minimum size (brute force), PVC says no at k = opt - 1 and yes at
 * k = opt, the kernels report no error, both ways of building G - N(v) give
 * the host's child, reduce_node reaches a fixed point that keeps the optimum,
 * and the broker queue under load loses and duplicates nothing and ends
 * exactly when the work is done.
 *
 * MVC_EMULATED_SEED sets the first seed, MVC_EMULATED_GRAPHS the number of
 * random graphs (default 60), MVC_EMULATED_TERMINATION the number of
 * termination runs of the queue alone (default 12).
 */
#define EMU_WARP 32
#define MVC_GPU_DEBUG 1

#include <math.h>

#include "cuda_emulation.h"

extern "C" {
#include "brute.h"
#include "cover.h"
#include "error.h"
#include "graph.h"
#include "greedy.h"
#include "read.h"
#include "solve.h"
}
#include "search_layout.h"

/* The kernels' dynamic shared memory (per block, see cuda_emulation.h): two nodes of the largest
 * graph. */
#define SMEM_INTS 1024
EMU_DYNAMIC_SHARED(int4, search_smem, SMEM_INTS / 4);

#include "hybrid.cu"
#include "stackonly.cu"
#include "gen.h"
#include "tap.h"
#include "work_tree.h"

#define POISON 0x5a5a5a5a
/* No launch here needs more than a few million switches: more is a search that never ends. */
#define SWITCH_LIMIT 20000000LL

static long long most_switches;

/* One way of launching the search. */
struct config {
    int hybrid;
    int in_shared;
    int blocks;
    int threads;
    int64_t worklist_size; /* hybrid */
    double threshold;      /* hybrid: fraction of worklist_size */
    int depth;             /* stackonly start depth */
    int stop;              /* the host's stop request is up before the launch */
    /* a search over several devices (kernels/vc/search_team.cu) */
    int split_part, split_parts;   /* stackonly: this launch's sub-trees */
    int export_start;              /* hybrid: the export counters' start (the ring wraps) */
    int export_wanted;             /* hybrid: nodes asked for */
    long long export_after;        /* hybrid: switches of the launch before they are asked for */
    int export_capacity;           /* hybrid: the ring's size, 0 for none */
    const std::vector<int> *seeds; /* hybrid: nodes to start from instead of the root */
    int seed_count;
    std::vector<int> *exported; /* hybrid: where the exported nodes go, in order */
};

static const char *describe(const struct config &c, char *buf, size_t len)
{
    if (c.hybrid)
        snprintf(buf, len, "hybrid/%s %dx%d, worklist %lld, threshold %.2f",
                 c.in_shared ? "shared" : "global", c.blocks, c.threads, (long long)c.worklist_size,
                 c.threshold);
    else
        snprintf(buf, len, "stackonly/%s %dx%d, depth %d", c.in_shared ? "shared" : "global",
                 c.blocks, c.threads, c.depth);
    return buf;
}

struct outcome {
    int launch;     /* emu_launch: 0 or EMU_* */
    int error;      /* search_control.error */
    int consistent; /* the driver's checks on the control words and the saved cover */
    int found;      /* PVC */
    int size;       /* size of the cover the solve reports, -1 when none */
    int valid;      /* cover_check says yes */
    long long nodes;
    long long shared; /* children put into the worklist */
    long long switches;
};

/* Host memory for one node-bearing buffer, 16-byte aligned like cudaMalloc's, filled with poison.
 */
static std::vector<int4> node_memory(size_t bytes)
{
    std::vector<int4> v((bytes + sizeof(int4) - 1) / sizeof(int4) + 1);
    memset(v.data(), 0x5a, v.size() * sizeof(int4));
    return v;
}

/*
 * What gpu_solve_mvc does around the kernel, in host memory: the upper
 * bound `upper` (a cover of g), the plan from c, the launch, and reading the
 * best cover back into cv with the same consistency checks.
 */
static struct outcome solve(const struct graph *g, const struct config &c, int pvc, int64_t k,
                            const struct cover *upper, uint64_t seed, struct cover *cv)
{
    struct outcome r;
    memset(&r, 0, sizeof r);
    r.consistent = 1;
    int32_t n = g->n;
    int stride = (int)node_stride(n);
    cover_free(cv);
    cover_init(cv, n);
    if (!pvc && g->m == 0) { /* answered without a search */
        r.valid = 1;
        return r;
    }
    int k_root = search_root_bound(n, pvc, k, upper->size);
    struct launch_request rq;
    memset(&rq, 0, sizeof rq);
    rq.n = n;
    rq.stride = stride;
    rq.stack_depth = k_root + 1;
    rq.hybrid = c.hybrid;
    rq.storage = c.in_shared ? GPU_STORAGE_SHARED : GPU_STORAGE_GLOBAL;
    struct launch_plan p;
    memset(&p, 0, sizeof p);
    p.in_shared = c.in_shared;
    p.block_size = c.threads;
    p.blocks = c.blocks;
    p.dynamic_smem = search_dynamic_smem(c.in_shared, stride);
    if (p.dynamic_smem > sizeof search_smem) {
        fprintf(stderr, "t_search_emulated: raise SMEM_INTS to %zu\n", p.dynamic_smem / 4);
        abort();
    }
    p.worklist_size = c.hybrid ? c.worklist_size : 0;
    if (c.hybrid) {
        double t = ceil(c.threshold * (double)c.worklist_size);
        p.threshold = t < 1 ? 1 : t > (double)c.worklist_size ? (int)c.worklist_size : (int)t;
    }
    p.start_depth = c.hybrid ? 0 : c.depth;

    struct search_plan_bytes bytes = search_plan_bytes_of(&rq, &p);
    std::vector<int4> root = node_memory((size_t)stride * sizeof(int));
    std::vector<int4> best = node_memory((size_t)stride * sizeof(int));
    std::vector<int4> stacks = node_memory(bytes.stacks), scratch = node_memory(bytes.scratch),
                      payload = node_memory(bytes.payload);
    std::vector<struct block_stats> stats((size_t)c.blocks);
    memset(stats.data(), 0, bytes.stats);
    std::vector<unsigned long long> words(SEARCH_QUEUE_WORDS, 0);
    std::vector<unsigned int> tickets(bytes.tickets / sizeof(unsigned int) + 1, 0);
    search_root_fill(g, stride, (int *)root.data());
    struct search_control ctl = search_control_initial((int)upper->size);
    ctl.stop = c.stop;

    struct search_buffers b;
    b.offsets = (int64_t *)g->offsets;
    b.adj = (int *)g->adj;
    b.root = (int *)root.data();
    b.best_node = (int *)best.data();
    b.ctl = &ctl;
    b.stacks = (int *)stacks.data();
    b.scratch = bytes.scratch > 0 ? (int *)scratch.data() : NULL;
    b.stats = stats.data();
    b.queue_words = bytes.queue_words > 0 ? words.data() : NULL;
    b.tickets = bytes.queue_words > 0 ? tickets.data() : NULL;
    b.payload = bytes.queue_words > 0 ? (int *)payload.data() : NULL;
    struct search_args a = search_args_of(&b, &rq, &p, pvc, k_root);
    a.domination = seed % 2; /* half the searches with reduce.cuh's domination rounds */
    std::vector<int4> ring = node_memory((size_t)c.export_capacity * (size_t)stride * sizeof(int));
    if (c.export_capacity > 0) {
        a.exports = (int *)ring.data();
        a.export_capacity = c.export_capacity;
        ctl.export_claimed = ctl.export_written = ctl.export_wanted = c.export_start;
        emu_host = [&](long long switches) {
            if (switches == c.export_after)
                ctl.export_wanted = c.export_start + c.export_wanted;
        };
    }
    std::vector<int4> seeds = node_memory((size_t)c.seed_count * (size_t)stride * sizeof(int));
    if (c.seed_count > 0) {
        memcpy(seeds.data(), c.seeds->data(), (size_t)c.seed_count * (size_t)stride * sizeof(int));
        a.seeds = (const int *)seeds.data();
        a.seed_count = c.seed_count;
    }
    a.subtree_part = c.split_part;
    a.subtree_parts = c.split_parts;

    r.launch = emu_launch(
        c.blocks, c.threads, seed,
        [&] {
            if (c.hybrid && c.in_shared)
                hybrid_search<shared_storage>(a);
            else if (c.hybrid)
                hybrid_search<global_storage>(a);
            else if (c.in_shared)
                stackonly_search<shared_storage>(a);
            else
                stackonly_search<global_storage>(a);
        },
        &r.switches);
    emu_host = nullptr;
    if (r.switches > most_switches)
        most_switches = r.switches;
    r.error = ctl.error;
    r.shared = (long long)words[2];
    for (const struct block_stats &s : stats)
        r.nodes += s.nodes;
    if (r.launch != 0)
        return r;
    /* search_team.cu: every claimed slot is written by the end, none past the request */
    if (ctl.export_claimed != ctl.export_written ||
        ctl.export_claimed > c.export_start + c.export_wanted)
        r.consistent = 0;
    if (c.exported != NULL)
        for (int i = c.export_start; i < ctl.export_claimed; i++) {
            const int *node = (const int *)ring.data() + (size_t)(i % c.export_capacity) * stride;
            c.exported->insert(c.exported->end(), node, node + stride);
        }

    /* gpu_solve.cu: every lowering of best_size is followed by saving a cover of that size */
    if (!pvc && ctl.best_size < upper->size && ctl.saved_size != ctl.best_size)
        r.consistent = 0;
    r.found = ctl.found;
    int improved = pvc ? ctl.found : ctl.saved_size < upper->size;
    if (improved) {
        const int *node = (const int *)best.data();
        for (int32_t v = 0; v < n; v++)
            if (node[v] == DEGREE_REMOVED)
                cover_add(cv, v);
        if (cv->size != ctl.saved_size || node[n] != ctl.saved_size)
            r.consistent = 0;
    } else if (!pvc) {
        memcpy(cv->in, upper->in, (size_t)n);
        cv->size = upper->size;
    }
    r.size = improved || !pvc ? (int)cv->size : -1;
    struct error err = {0, {0}};
    r.valid = r.size < 0 || cover_check(g, cv, &err) == MVC_OK;
    return r;
}

/* Everything that must hold for a run; says what went wrong otherwise. */
static int run_ok(const struct outcome &r, int pvc, int64_t k, int opt, char *why, size_t len)
{
    why[0] = 0;
    if (r.launch != 0)
        snprintf(why, len, "emulation: %s", emu_failure);
    else if (r.error != SEARCH_ERROR_NONE)
        snprintf(why, len, "kernel error %d", r.error);
    else if (!r.consistent)
        snprintf(why, len, "control words and saved cover disagree");
    else if (!r.valid)
        snprintf(why, len, "the cover of %d is not a vertex cover", r.size);
    else if (!pvc && r.size != opt)
        snprintf(why, len, "cover of %d, optimum %d", r.size, opt);
    else if (pvc && (k >= opt) != (r.found != 0))
        snprintf(why, len, "PVC k=%lld answered %s, optimum %d", (long long)k,
                 r.found ? "yes" : "no", opt);
    else if (pvc && r.found && r.size > k)
        snprintf(why, len, "PVC k=%lld gave a cover of %d", (long long)k, r.size);
    return why[0] == 0;
}

/* The cover of every vertex: the weakest upper bound, so that the search records many covers. */
static void all_vertices(const struct graph *g, struct cover *c)
{
    cover_init(c, g->n);
    for (int32_t v = 0; v < g->n; v++)
        if (graph_degree(g, v) > 0)
            cover_add(c, v);
}

/* A launch shape drawn from the seed: one or two warps per block, one to four blocks, tiny to
 * ample worklists, start depths 0 to 4. */
static struct config config_of(unsigned seed, int hybrid, int in_shared)
{
    static const int64_t worklists[] = {1, 2, 4, 16, 64};
    static const double thresholds[] = {0.25, 0.5, 1.0};
    struct config c;
    c.hybrid = hybrid;
    c.in_shared = in_shared;
    c.blocks = 1 + (int)(seed * 7 % 4);
    c.threads = (seed % 5 == 0 ? 3 : seed % 3 == 0 ? 2 : 1) * WARP_LANES;
    c.worklist_size = worklists[seed * 3 % 5];
    c.threshold = thresholds[seed % 3];
    c.depth = (int)(seed * 5 % 5);
    c.stop = 0;
    c.split_part = 0;
    c.split_parts = 1;
    c.export_start = c.export_wanted = c.export_capacity = 0;
    c.export_after = 0;
    c.seeds = NULL;
    c.seed_count = 0;
    c.exported = NULL;
    return c;
}

static void test_random_graphs(unsigned first, unsigned count)
{
    static const double densities[] = {0.1, 0.2, 0.35, 0.5, 0.7, 0.9};
    long long nodes = 0;
    for (unsigned seed = first; seed < first + count; seed++) {
        int32_t n = 2 + (int32_t)(seed * 13 % 27);
        double density = densities[seed % 6];
        struct graph *g = gen_gnp_graph(seed, n, density);
        struct cover opt_cover = {0, 0, NULL}, upper = {0, 0, NULL}, cv = {0, 0, NULL};
        int opt = brute_minimum_cover(g, &opt_cover);
        struct error err = {0, {0}};
        if (seed % 2)
            all_vertices(g, &upper);
        else
            greedy_cover(g, &upper, &err);
        char name[128], why[512];
        int failures = 0;
        for (int variant = 0; variant < 4; variant++) {
            struct config c = config_of(seed + (unsigned)variant, variant < 2, variant % 2 == 0);
            struct outcome r = solve(g, c, 0, -1, &upper, seed, &cv);
            nodes += r.nodes;
            if (!run_ok(r, 0, -1, opt, why, sizeof why)) {
                failures++;
                diag("seed %u n=%d p=%.2f %s: %s", seed, n, density, describe(c, name, sizeof name),
                     why);
            }
        }
        for (int64_t k = opt - 1; k <= opt; k++) {
            if (k < 0)
                continue;
            for (int hybrid = 0; hybrid <= 1; hybrid++) {
                struct config c = config_of(seed * 3 + (unsigned)k, hybrid, (seed + k) % 2);
                struct outcome r = solve(g, c, 1, k, &upper, seed + 1000, &cv);
                nodes += r.nodes;
                if (!run_ok(r, 1, k, opt, why, sizeof why)) {
                    failures++;
                    diag("seed %u n=%d p=%.2f PVC k=%lld %s: %s", seed, n, density, (long long)k,
                         describe(c, name, sizeof name), why);
                }
            }
        }
        ok(failures == 0,
           "seed %u: n=%d p=%.2f, optimum %d: MVC in four launch shapes, PVC k=%d no "
           "and k=%d yes",
           seed, n, density, opt, opt - 1, opt);
        cover_free(&opt_cover);
        cover_free(&upper);
        cover_free(&cv);
        graph_free(g);
    }
    diag("%lld search-tree nodes visited on the random graphs", nodes);
}

/* A stop raised before the launch: every block returns at once, the upper bound stands. */
static void test_stop(void)
{
    struct graph *g = gen_gnp_graph(3, 40, 0.15);
    struct cover upper = {0, 0, NULL}, cv = {0, 0, NULL};
    all_vertices(g, &upper);
    for (int variant = 0; variant < 4; variant++) {
        struct config c = config_of(3 + (unsigned)variant, variant < 2, variant % 2);
        c.stop = 1;
        c.blocks = 3;
        char name[128];
        struct outcome r = solve(g, c, 0, -1, &upper, 5, &cv);
        ok(r.launch == 0 && r.error == 0 && r.consistent && r.size == upper.size &&
               r.nodes <= (c.hybrid ? 0 : c.depth),
           "%s: a stop raised before the start ends the search at once (%lld nodes)%s%s",
           describe(c, name, sizeof name), r.nodes, r.launch ? ": " : "",
           r.launch ? emu_failure : "");
    }
    cover_free(&upper);
    cover_free(&cv);
    graph_free(g);
}

/* Deeper trees, with more sharing: graphs beyond brute force, against the sequential solver. */
static void test_larger_graphs(unsigned first, unsigned count)
{
    long long nodes = 0, shared = 0;
    for (unsigned seed = first; seed < first + count; seed++) {
        int32_t n = 40 + (int32_t)(seed * 7 % 31);
        double density = 0.06 + 0.03 * (seed % 4);
        struct graph *g = gen_gnp_graph(seed, n, density);
        struct solve_opts o;
        solve_opts_default(&o);
        struct solve_stats st;
        memset(&st, 0, sizeof st);
        struct cover cpu = {0, 0, NULL}, upper = {0, 0, NULL}, cv = {0, 0, NULL};
        struct error err = {0, {0}};
        int status = solve_seq(g, &o, &cpu, &st, &err);
        int opt = status == SOLVE_OPTIMAL ? (int)cpu.size : -1;
        all_vertices(g, &upper);
        char name[128], why[512];
        int failures = opt < 0;
        for (int variant = 0; variant < 4; variant++) {
            struct config c = config_of(seed + (unsigned)variant, variant < 2, variant % 2 == 0);
            c.blocks = 2 + variant;
            struct outcome r = solve(g, c, 0, -1, &upper, seed, &cv);
            nodes += r.nodes;
            shared += r.shared;
            if (!run_ok(r, 0, -1, opt, why, sizeof why)) {
                failures++;
                diag("seed %u n=%d p=%.2f %s: %s", seed, n, density, describe(c, name, sizeof name),
                     why);
            }
        }
        ok(failures == 0,
           "seed %u: n=%d p=%.2f, optimum %d (sequential solver) in four launch shapes", seed, n,
           density, opt);
        cover_free(&cpu);
        cover_free(&upper);
        cover_free(&cv);
        graph_free(g);
    }
    diag("%lld search-tree nodes visited on the larger graphs, %lld children shared", nodes,
         shared);
    ok(shared > 0, "blocks shared children through the worklist");
}

static struct graph *graph_of_pairs(int32_t n, std::vector<int32_t> &pairs)
{
    pairs.push_back(0), pairs.push_back(0);
    return graph_from_edges(n, (const int32_t(*)[2])pairs.data(), (int64_t)pairs.size() / 2 - 1);
}

/*
 * Graphs on which one reduction round takes more vertices than the removal
 * list holds (REMOVAL_LIST_CAPACITY), and many threads ask for the same
 * vertex: disjoint edges, triangles and paths, optimum known.
 */
static void test_long_rounds(void)
{
    static const struct {
        const char *name;
        int part;  /* vertices of one component: 2 edge, 3 triangle, 4 path P3 + isolated */
        int parts; /* components */
    } shapes[] = {{"300 disjoint edges", 2, 300},
                  {"120 disjoint triangles", 3, 120},
                  {"150 disjoint paths of three vertices", 4, 150}};
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        int32_t n = shapes[i].part * shapes[i].parts;
        std::vector<int32_t> pairs;
        for (int32_t c = 0; c < shapes[i].parts; c++) {
            int32_t v = c * shapes[i].part;
            pairs.insert(pairs.end(), {v, v + 1});
            if (shapes[i].part == 3)
                pairs.insert(pairs.end(), {v + 1, v + 2, v, v + 2});
            if (shapes[i].part == 4)
                pairs.insert(pairs.end(), {v + 1, v + 2});
        }
        int opt = shapes[i].parts * (shapes[i].part == 3 ? 2 : 1);
        struct graph *g = graph_of_pairs(n, pairs);
        struct cover upper = {0, 0, NULL}, cv = {0, 0, NULL};
        all_vertices(g, &upper);
        char name[128], why[512];
        int failures = 0;
        for (int variant = 0; variant < 4; variant++) {
            struct config c = config_of(7 + (unsigned)variant, variant < 2, 0);
            c.in_shared =
                search_dynamic_smem(true, (int)node_stride(n)) <= sizeof search_smem && variant % 2;
            struct outcome r = solve(g, c, 0, -1, &upper, 11 + i, &cv);
            if (!run_ok(r, 0, -1, opt, why, sizeof why)) {
                failures++;
                diag("%s %s: %s", shapes[i].name, describe(c, name, sizeof name), why);
            }
        }
        ok(failures == 0, "%s: optimum %d from both traversals", shapes[i].name, opt);
        cover_free(&upper);
        cover_free(&cv);
        graph_free(g);
    }
}

/* The small graphs of instances/ with their optima from manifest.tsv. */
static void test_instances(void)
{
    static const struct {
        const char *file;
        int optimum;
    } instances[] = {{"path10.gr", 5},   {"star9.gr", 1},        {"cycle9.gr", 5},
                     {"clique8.gr", 7},  {"bipartite3x4.gr", 3}, {"empty5.gr", 0},
                     {"isolated.gr", 2}, {"petersen.gr", 6},     {"grid4x4.gr", 8}};
    const char *top = getenv("top_srcdir");
    for (size_t i = 0; i < sizeof instances / sizeof *instances; i++) {
        char path[4096], name[128], why[512];
        snprintf(path, sizeof path, "%s/instances/%s", top != NULL ? top : "..", instances[i].file);
        struct graph *g = NULL;
        struct error err = {0, {0}};
        if (graph_read(path, NULL, &g, &err) != MVC_OK) {
            ok(0, "%s: read (%s)", instances[i].file, err.message);
            continue;
        }
        struct cover upper = {0, 0, NULL}, cv = {0, 0, NULL}, opt_cover = {0, 0, NULL};
        all_vertices(g, &upper);
        int brute = brute_minimum_cover(g, &opt_cover);
        int failures = brute != instances[i].optimum;
        for (int variant = 0; variant < 4; variant++) {
            struct config c =
                config_of(40 + (unsigned)(i * 4) + (unsigned)variant, variant < 2, variant % 2);
            struct outcome r = solve(g, c, 0, -1, &upper, 77 + i, &cv);
            if (!run_ok(r, 0, -1, instances[i].optimum, why, sizeof why)) {
                failures++;
                diag("%s %s: %s", instances[i].file, describe(c, name, sizeof name), why);
            }
        }
        ok(failures == 0, "%s: optimum %d (brute force %d) from both traversals and storages",
           instances[i].file, instances[i].optimum, brute);
        cover_free(&upper);
        cover_free(&cv);
        cover_free(&opt_cover);
        graph_free(g);
    }
}

/* ---- the node steps alone: branching and reduction on random nodes ---- */

/* A random node of g: each vertex in the cover with probability `removed`, the others with their
 * degrees among those left; stride ints, 16-byte aligned. */
static std::vector<int4> random_node(const struct graph *g, double removed, unsigned seed)
{
    int32_t n = g->n;
    int stride = (int)node_stride(n);
    std::vector<int4> mem = node_memory((size_t)stride * sizeof(int));
    int *node = (int *)mem.data();
    srand(seed);
    int cover = 0;
    for (int32_t v = 0; v < n; v++) {
        node[v] = rand() < removed * RAND_MAX ? DEGREE_REMOVED : 0;
        cover += node[v] == DEGREE_REMOVED;
    }
    for (int32_t v = 0; v < n; v++)
        if (node[v] >= 0)
            for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
                node[v] += node[g->adj[e]] >= 0;
    node[n] = cover;
    return mem;
}

static struct search_graph search_graph_of(const struct graph *g)
{
    struct search_graph sg;
    sg.n = g->n;
    sg.stride = (int)node_stride(g->n);
    sg.offsets = g->offsets;
    sg.adj = g->adj;
    return sg;
}

/* A random G(n, p) graph, its search view and a random node of it; the graph goes with it. */
struct random_case {
    struct graph *g;
    struct search_graph sg;
    std::vector<int4> node;
    random_case(unsigned seed, int32_t n, double density, double removed, unsigned node_seed)
        : g(gen_gnp_graph(seed, n, density)), sg(search_graph_of(g)),
          node(random_node(g, removed, node_seed))
    {
    }
    ~random_case()
    {
        graph_free(g);
    }
    random_case(const random_case &) = delete;
    random_case &operator=(const random_case &) = delete;
};

/* Degrees are the numbers of neighbours left and deg[n] counts the cover. */
static bool node_consistent(const struct graph *g, const int *node)
{
    int cover = 0;
    for (int32_t v = 0; v < g->n; v++) {
        if (node[v] < 0) {
            cover += node[v] == DEGREE_REMOVED;
            if (node[v] != DEGREE_REMOVED)
                return false;
            continue;
        }
        int d = 0;
        for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
            d += node[g->adj[e]] >= 0;
        if (d != node[v])
            return false;
    }
    return cover == node[g->n];
}

/* Minimum cover of what is left of the node, plus the node's cover (brute force). */
static int node_optimum(const struct graph *g, const int *node)
{
    std::vector<int32_t> pairs;
    for (int32_t v = 0; v < g->n; v++)
        for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
            if (node[v] >= 0 && v < g->adj[e] && node[g->adj[e]] >= 0)
                pairs.insert(pairs.end(), {v, g->adj[e]});
    struct graph *left = graph_of_pairs(g->n, pairs);
    struct cover c = {0, 0, NULL};
    int opt = brute_minimum_cover(left, &c);
    cover_free(&c);
    graph_free(left);
    return opt + node[g->n];
}

/*
 * G - N(v) finished both ways (decrements through N(v), recount of the rest)
 * and through branch_on_vertex's own choice: the same child, the one the
 * host computes, and G - v beside it; blocks of one to three warps.
 */
static void test_children_agree(unsigned first, unsigned count)
{
    static const double densities[] = {0.1, 0.3, 0.6, 0.85};
    int failures = 0;
    for (unsigned seed = first; seed < first + count; seed++) {
        int32_t n = 3 + (int32_t)(seed * 11 % 70);
        random_case parent(seed, n, densities[seed % 4], 0.1 * (seed % 5), seed + 1);
        const struct graph *g = parent.g;
        const struct search_graph sg = parent.sg;
        const int *p = (const int *)parent.node.data();
        int v = -1, live = 0;
        for (int32_t x = 0; x < n; x++) {
            live += p[x] > 0;
            if (p[x] > 0 && (v < 0 || p[x] > p[v]))
                v = x;
        }
        if (v < 0)
            continue;
        int d = p[v];
        std::vector<int> want_other(p, p + sg.stride), want_cur(p, p + sg.stride);
        for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
            if (p[g->adj[e]] >= 0) {
                want_other[(size_t)g->adj[e]] = DEGREE_REMOVED;
                want_cur[(size_t)g->adj[e]]--;
            }
        want_other[(size_t)n] += d;
        want_cur[(size_t)v] = DEGREE_REMOVED;
        want_cur[(size_t)n]++;
        for (int32_t x = 0; x < n; x++)
            if (want_other[(size_t)x] >= 0) {
                int left = 0;
                for (int64_t e = g->offsets[x]; e < g->offsets[x + 1]; e++)
                    left += want_other[(size_t)g->adj[e]] >= 0;
                want_other[(size_t)x] = left;
            }
        for (int way = 0; way < 3; way++) {
            std::vector<int4> cur = node_memory((size_t)sg.stride * sizeof(int));
            std::vector<int4> other = node_memory((size_t)sg.stride * sizeof(int));
            int *c = (int *)cur.data(), *o = (int *)other.data();
            int threads = WARP_LANES * (1 + (int)((seed + (unsigned)way) % 3));
            int launch = emu_launch(
                1, threads, seed * 3 + (unsigned)way,
                [&] {
                    node_copy(c, p, sg.stride);
                    __syncthreads();
                    if (way == 2) {
                        branch_on_vertex(c, o, sg, v, d, live);
                        return;
                    }
                    take_neighbours(c, o, sg, v, d);
                    if (way == 1)
                        recount_survivor_degrees(o, sg);
                    else
                        drop_edges_of_neighbours(c, o, sg, v);
                    __syncthreads();
                },
                NULL);
            bool same = launch == 0 &&
                        memcmp(o, want_other.data(), (size_t)(n + 1) * sizeof(int)) == 0 &&
                        memcmp(c, want_cur.data(), (size_t)(n + 1) * sizeof(int)) == 0;
            if (!same) {
                failures++;
                diag("seed %u n=%d v=%d d=%d, %s with %d threads: %s", seed, n, v, d,
                     way == 0   ? "decrements"
                     : way == 1 ? "recount"
                                : "branch_on_vertex",
                     threads, launch ? emu_failure : "children differ from the host's");
            }
        }
    }
    ok(failures == 0,
       "G - N(v) by decrements, by recount and by branch_on_vertex's choice: the host's children "
       "on %u random nodes",
       count);
}

/*
 * reduce_node on random nodes and bounds: the node stays consistent, a pruned
 * node's cover exceeds the bound, a kept one is a fixed point of the rules
 * (nothing above the budget; with budget >= 2 no degree-one vertex and no
 * degree-two vertex in a triangle), and whenever a cover within the bound
 * exists the reduction keeps the optimum (brute force).
 */
static void test_reduce_fixpoint(unsigned first, unsigned count)
{
    static const double densities[] = {0.08, 0.15, 0.3, 0.5, 0.8};
    int failures = 0, kept = 0;
    for (unsigned seed = first; seed < first + count; seed++) {
        int32_t n = 2 + (int32_t)(seed * 7 % 23);
        random_case start(seed, n, densities[seed % 5], 0.05 * (seed % 4), seed + 7);
        const struct graph *g = start.g;
        const struct search_graph sg = start.sg;
        int opt = node_optimum(g, (const int *)start.node.data());
        int k_eff = opt - 1 + (int)(seed % 4);
        std::vector<int4> node = start.node;
        int *deg = (int *)node.data();
        int threads = WARP_LANES * (1 + (int)(seed % 3));
        int reduced = -1;
        int launch = emu_launch(
            1, threads, seed,
            [&] {
                __shared__ struct reduce_scratch rs;
                if (threadIdx.x == 0)
                    rs.list_len[0] = rs.list_len[1] = rs.claims = 0;
                __syncthreads();
                bool r = reduce_node(deg, sg, k_eff, seed % 2 == 0, &rs);
                if (threadIdx.x == 0)
                    reduced = r;
            },
            NULL);
        const char *why = NULL;
        int budget = k_eff - deg[n];
        if (launch != 0)
            why = emu_failure;
        else if (!node_consistent(g, deg))
            why = "degrees or cover size inconsistent";
        else if (!reduced && budget >= 0)
            why = "pruned within the bound";
        else if (reduced && budget < 0)
            why = "kept beyond the bound";
        else if (opt <= k_eff && (!reduced || node_optimum(g, deg) != opt))
            why = "the optimum was lost";
        for (int32_t v = 0; why == NULL && reduced && v < n; v++) {
            int d = deg[v], u = -1, w = -1;
            if (d > budget)
                why = "a vertex above the budget is left";
            if (budget < 2 || (d != 1 && d != 2))
                continue;
            for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
                if (deg[g->adj[e]] >= 0)
                    (u < 0 ? u : w) = g->adj[e];
            if (d == 1)
                why = "a degree-one vertex is left";
            else if (graph_has_edge(g, u, w))
                why = "a degree-two vertex in a triangle is left";
        }
        kept += reduced == 1;
        if (why != NULL) {
            failures++;
            diag("seed %u n=%d k_eff=%d optimum %d, %d threads: %s", seed, n, k_eff, opt, threads,
                 why);
        }
    }
    ok(failures == 0,
       "reduce_node on %u random nodes (%d kept): consistent, a fixed point, optimum kept", count,
       kept);
}

/* ---- the broker queue alone ---- */

#define ITEM_INTS 8
#define QUEUE_THREADS 32

struct host_queue {
    std::vector<unsigned long long> words;
    std::vector<unsigned int> tickets;
    std::vector<int4> payload;
    struct broker q;
    explicit host_queue(unsigned long long capacity)
        : words(SEARCH_QUEUE_WORDS, 0), tickets(capacity, 0),
          payload(capacity * ITEM_INTS / 4, int4{POISON, POISON, POISON, POISON})
    {
        q.state = &words[0];
        q.head = &words[1];
        q.tail = &words[2];
        q.tickets = tickets.data();
        q.payload = (int *)payload.data();
        q.capacity = capacity;
        q.stride = ITEM_INTS;
    }
};

/* Word j of an item: consumers check them all, so torn or stale copies show. */
static int item_word(int item, int j)
{
    return item * ITEM_INTS + j;
}

static void fill_item(int *buf, int item)
{
    if (threadIdx.x < ITEM_INTS)
        buf[threadIdx.x] = item_word(item, (int)threadIdx.x);
    __syncthreads();
}

/* The item in buf, or -1 when its words disagree. */
static int item_in(const int *buf)
{
    int item = buf[0] / ITEM_INTS;
    for (int j = 0; j < ITEM_INTS; j++)
        if (buf[j] != item_word(item, j))
            return -1;
    return item;
}

/* Many producers and consumers: every item taken exactly once, intact. */
static void test_many(unsigned seed)
{
    const int producers = 3, consumers = 3, per_producer = 40, total = producers * per_producer;
    host_queue hq(4);
    std::vector<int> seen(total, 0);
    int claimed = 0, bad = 0;
    long long switches = 0;
    int launch = emu_launch(
        producers + consumers, QUEUE_THREADS, seed,
        [&] {
            __shared__ int4 storage[ITEM_INTS / 4];
            __shared__ int go;
            int *buf = (int *)storage;
            const struct broker *q = &hq.q;
            if ((int)blockIdx.x < producers) {
                for (int i = 0; i < per_producer; i++) {
                    fill_item(buf, (int)blockIdx.x * per_producer + i);
                    while (!broker_put(q, buf))
                        __nanosleep(100);
                }
                return;
            }
            for (;;) {
                if (threadIdx.x == 0)
                    go = atomicAdd(&claimed, 1) < total;
                __syncthreads();
                if (!go)
                    break;
                while (!broker_take(q, buf))
                    __nanosleep(100);
                if (threadIdx.x == 0) {
                    int item = item_in(buf);
                    if (item < 0 || item >= total)
                        bad++;
                    else
                        seen[(size_t)item]++;
                }
                __syncthreads();
            }
        },
        &switches);
    int once = 0;
    for (int s : seen)
        once += s == 1;
    ok(launch == 0 && bad == 0 && once == total,
       "seed %u: %d producers and %d consumers through 4 slots: %d of %d items taken exactly "
       "once, %d damaged%s%s",
       seed, producers, consumers, once, total, bad, launch ? ": " : "", launch ? emu_failure : "");
}

/* Full and empty edges refuse, and the queue recovers. */
static void test_edges(void)
{
    const int capacity = 4;
    host_queue hq(capacity);
    int r[8] = {0};
    int launch = emu_launch(
        1, QUEUE_THREADS, 5,
        [&] {
            __shared__ int4 storage[ITEM_INTS / 4];
            int *buf = (int *)storage;
            const struct broker *q = &hq.q;
            bool took = broker_take(q, buf);
            if (threadIdx.x == 0)
                r[0] = !took && !broker_reserve_take(q);
            int puts = 0;
            for (int i = 0; i < capacity; i++) {
                fill_item(buf, i);
                puts += broker_put(q, buf);
            }
            fill_item(buf, capacity);
            bool put_full = broker_put(q, buf);
            if (threadIdx.x == 0)
                r[1] = puts == capacity && !put_full && !broker_reserve_put(q) &&
                       broker_count(q) == capacity;
            took = broker_take(q, buf);
            if (threadIdx.x == 0)
                r[2] = took && item_in(buf) == 0;
            __syncthreads();
            fill_item(buf, capacity);
            r[3] = broker_put(q, buf);
            int in_order = 0;
            for (int i = 1; i <= capacity; i++) {
                took = broker_take(q, buf);
                if (threadIdx.x == 0 && took && item_in(buf) == i)
                    in_order++;
                __syncthreads();
            }
            took = broker_take(q, buf);
            if (threadIdx.x == 0)
                r[4] = in_order == capacity && !took && broker_count(q) == 0;
        },
        NULL);
    ok(launch == 0 && r[0], "an empty queue refuses take and reserve_take");
    ok(launch == 0 && r[1], "%d puts fill a queue of %d; it then refuses put and reserve_put",
       capacity, capacity);
    ok(launch == 0 && r[2] && r[3], "after a take from the full queue a put is accepted again");
    ok(launch == 0 && r[4], "draining gives the items in order, then the queue is empty again");
}

/* The work: work_tree.h's tree, with two children with probability 11/16 above depth 0. */
#define TREE_DEPTH 10
#define TREE_SIXTEENTHS 11
#define TREE_ROOTS 6
#define TREE_STACK (TREE_ROOTS + TREE_DEPTH + 2)

/*
 * Termination: blocks process a random tree, sharing children through a small
 * queue; every block must end with FINISHED exactly when all elements are
 * processed, never earlier, and the run must not hang. With quit_at > 0 a
 * quit flag rises after that many elements, and every block must leave.
 */
static void test_termination(unsigned seed, int blocks, unsigned long long capacity, int quit_at)
{
    host_queue hq(capacity);
    unsigned long long expected = 0;
    for (int b = 0; b < TREE_ROOTS; b++)
        expected +=
            work_tree_size(work_hash(seed * TREE_ROOTS + (unsigned)b), TREE_DEPTH, TREE_SIXTEENTHS);
    unsigned long long processed = 0;
    int finished = 0, quitted = 0, early = 0, quit = 0;
    long long switches = 0;
    int launch = emu_launch(
        blocks, QUEUE_THREADS, seed,
        [&] {
            __shared__ int4 storage[ITEM_INTS / 4];
            __shared__ unsigned int stack_id[TREE_STACK];
            __shared__ int stack_depth[TREE_STACK];
            __shared__ int top, shared_out;
            int *buf = (int *)storage;
            const struct broker *q = &hq.q;
            if (threadIdx.x == 0) {
                top = 0;
                if (blockIdx.x == 0)
                    for (int b = 0; b < TREE_ROOTS; b++) {
                        stack_id[top] = work_hash(seed * TREE_ROOTS + (unsigned)b);
                        stack_depth[top++] = TREE_DEPTH;
                    }
            }
            __syncthreads();
            for (;;) {
                if (top == 0) {
                    int got = broker_take_or_finish(q, buf, gridDim.x, [&] { return quit != 0; });
                    if (got != BROKER_TOOK) {
                        if (threadIdx.x == 0) {
                            if (got == BROKER_FINISHED) {
                                finished++;
                                early += processed != expected;
                            } else {
                                quitted++;
                            }
                        }
                        return;
                    }
                    if (threadIdx.x == 0) {
                        stack_id[0] = (unsigned int)buf[0];
                        stack_depth[0] = buf[1];
                        top = 1;
                    }
                    __syncthreads();
                }
                unsigned int id = stack_id[top - 1];
                int depth = stack_depth[top - 1];
                __syncthreads();
                if (threadIdx.x == 0) {
                    top--;
                    processed++;
                    if (quit_at > 0 && processed == (unsigned long long)quit_at)
                        quit = 1;
                }
                for (int j = 0; j < work_children(id, depth, TREE_SIXTEENTHS); j++) {
                    unsigned int child = work_child(id, j);
                    if (threadIdx.x < ITEM_INTS)
                        buf[threadIdx.x] = threadIdx.x == 0   ? (int)child
                                           : threadIdx.x == 1 ? depth - 1
                                                              : 0;
                    __syncthreads();
                    if (threadIdx.x == 0)
                        shared_out = broker_count(q) < (int)capacity / 2 + 1;
                    __syncthreads();
                    bool out = shared_out && broker_put(q, buf);
                    if (!out && threadIdx.x == 0) {
                        stack_id[top] = child;
                        stack_depth[top++] = depth - 1;
                    }
                    __syncthreads();
                }
                __syncthreads(); /* top is read by every thread next */
            }
        },
        &switches);
    if (quit_at > 0)
        ok(launch == 0 && quitted + finished == blocks && quitted > 0,
           "seed %u: %d blocks, queue of %llu: a quit after %d elements makes every block leave "
           "(%d quit, %d finished)%s%s",
           seed, blocks, capacity, quit_at, quitted, finished, launch ? ": " : "",
           launch ? emu_failure : "");
    else
        ok(launch == 0 && finished == blocks && early == 0 && processed == expected,
           "seed %u: %d blocks, queue of %llu: all finish after exactly %llu of %llu elements, "
           "none early (%d)%s%s",
           seed, blocks, capacity, processed, expected, early, launch ? ": " : "",
           launch ? emu_failure : "");
}

/* ---- the emulation itself catches what it promises to ---- */

static void test_emulation_checks(void)
{
    int flag = 0, seen_other = 0;
    const struct {
        const char *what;
        int blocks, threads;
        std::function<void()> body;
        int launch;       /* what emu_launch must return */
        const int *wrong; /* must stay 0, where not NULL */
    } checks[] = {
        {"threads at different barriers fail the launch", 1, 64,
         [&] {
             if (threadIdx.x < 32)
                 __syncthreads();
             else
                 __syncthreads();
         },
         EMU_DIVERGENT, NULL},
        {"a barrier after some threads returned fails", 1, 64,
         [&] {
             if (threadIdx.x < 32)
                 return;
             __syncthreads();
         },
         EMU_DIVERGENT, NULL},
        {"a wait that nothing ends fails the launch", 2, 32,
         [&] {
             if (blockIdx.x == 0) {
                 while (atomicAdd(&flag, 0) == 0)
                     __nanosleep(100);
             }
         },
         EMU_LIVELOCK, NULL},
        {"every block has its own shared memory", 2, 32,
         [&] {
             __shared__ int mine;
             if (threadIdx.x == 0)
                 mine = (int)blockIdx.x;
             __syncthreads();
             if (mine != (int)blockIdx.x)
                 seen_other = 1;
         },
         0, &seen_other},
    };
    for (const auto &c : checks) {
        int launch = emu_launch(c.blocks, c.threads, 1, c.body, NULL);
        ok(launch == c.launch && (c.wrong == NULL || *c.wrong == 0), "emulation: %s (%s)", c.what,
           launch != 0 ? emu_failure : "launch completed");
    }
}

/* What launches searched in turn add up to: the smallest cover, a PVC answer, the nodes. */
struct split_sum {
    int best;
    int found;
    long long nodes;
};

/* Adds launch r to s; 1 (with a diagnostic naming `what`) when the launch itself failed. */
static int add_launch(struct split_sum *s, const struct outcome &r, int pvc, int64_t k, int opt,
                      const char *what)
{
    s->nodes += r.nodes;
    if (!r.launch && !r.error && r.consistent && r.valid) {
        if (r.size >= 0 && r.size < s->best)
            s->best = r.size;
        s->found |= r.found;
        return 0;
    }
    char why[512];
    run_ok(r, pvc, k, opt, why, sizeof why);
    diag("%s: %s", what, why);
    return 1;
}

/*
 * The nodes one launch of c visits under PVC with no cover of size <= k
 * (-2 when it failed), which launches in turn must match; -1 elsewhere.
 */
static long long one_launch_nodes(const struct graph *g, const struct config &c, int pvc, int64_t k,
                                  int opt, const struct cover *upper, unsigned seed,
                                  struct cover *cv)
{
    if (!pvc || k >= opt)
        return -1;
    struct outcome r = solve(g, c, pvc, k, upper, seed, cv);
    return r.launch || r.error ? -2 : r.nodes;
}

/*
 * The kernels' side of a search over several devices (search_team.cu),
 * device by device in turn: hybrid launches with the host asking for exports
 * at a random point of the launch (a ring of two to eight slots, its counters started
 * anywhere so that it wraps), and each launch's exports the seeds of the
 * next, as the pool hands them on, for six rounds and a seventh without
 * exports, often more seeds than blocks; StackOnly's sub-trees dealt over two to four launches. The
 * smallest cover over all launches must be the optimum, and PVC must find a
 * cover in some launch exactly when k >= opt: an export lost or searched
 * twice by mistake, or a sub-tree no launch takes, shows there.
 */
static void test_team(unsigned first, unsigned count)
{
    static const double densities[] = {0.15, 0.3, 0.5};
    long long exported = 0, rounds_with_seeds = 0;
    for (unsigned seed = first; seed < first + count; seed++) {
        int32_t n = 14 + (int32_t)(seed * 7 % 15);
        double density = densities[seed % 3];
        struct graph *g = gen_gnp_graph(seed, n, density);
        struct cover opt_cover = {0, 0, NULL}, upper = {0, 0, NULL}, cv = {0, 0, NULL};
        int opt = brute_minimum_cover(g, &opt_cover);
        all_vertices(g, &upper);
        int stride = (int)node_stride(n);
        char what[96];
        int failures = 0;
        for (int pvc = 0; pvc <= 1; pvc++)
            for (int64_t k = pvc ? opt - 1 : -1; k <= (pvc ? opt : -1); k++) {
                if (pvc && k < 0)
                    continue;
                /*
                 * hybrid: each round's exports seed the next. Under PVC with no
                 * cover of size <= k, the tree is fixed by k alone (no incumbent
                 * changes the bound), so the rounds must visit exactly the nodes
                 * of one launch: a node lost or visited twice shows there. The
                 * launches share the parity of their seeds, which picks the
                 * domination rounds.
                 */
                std::vector<int> seeds, next;
                int round = 0;
                struct split_sum sum = {(int)upper.size, 0, 0};
                long long whole = one_launch_nodes(g, config_of(seed * 11, 1, seed % 2), pvc, k,
                                                   opt, &upper, seed, &cv);
                for (; round < 7; round++) {
                    struct config c = config_of(seed * 11 + (unsigned)round, 1, (seed + round) % 2);
                    c.blocks = 1 + (int)((seed + round) % 2); /* one block: deep local stacks */
                    c.worklist_size = 1 + (seed + round) % 3;
                    c.threshold = 0.25;
                    c.export_capacity = 2 + (int)((seed + round) % 7);
                    c.export_start = (int)(seed * 5 % 9);
                    c.export_wanted = round < 6 ? c.export_capacity : 0;
                    c.export_after =
                        1 + (long long)((seed * 7919 + (unsigned)round * 104729) % 20000);
                    c.seed_count = (int)(seeds.size() / (size_t)stride);
                    c.seeds = &seeds;
                    next.clear();
                    c.exported = &next;
                    if (round > 0 && c.seed_count == 0)
                        break;
                    rounds_with_seeds += c.seed_count > 0;
                    struct outcome r = solve(g, c, pvc, k, &upper, seed + 2 * (unsigned)round, &cv);
                    snprintf(what, sizeof what, "seed %u round %d", seed, round);
                    failures += add_launch(&sum, r, pvc, k, opt, what);
                    exported += (long long)(next.size() / (size_t)stride);
                    seeds.swap(next);
                }
                if (round == 7 && !seeds.empty()) {
                    diag("seed %u: exports in the last round", seed);
                    failures++;
                }
                if (whole != -1 && sum.nodes != whole) {
                    diag(
                        "seed %u: hybrid launches in turn, PVC k=%lld: %lld nodes, one launch %lld",
                        seed, (long long)k, sum.nodes, whole);
                    failures++;
                }
                if (!pvc && sum.best != opt) {
                    diag("seed %u: hybrid launches in turn found %d, optimum %d", seed, sum.best,
                         opt);
                    failures++;
                }
                if (pvc && (sum.found != 0) != (k >= opt)) {
                    diag("seed %u: hybrid launches in turn, PVC k=%lld said %s, optimum %d", seed,
                         (long long)k, sum.found ? "yes" : "no", opt);
                    failures++;
                }
                /*
                 * StackOnly: the sub-trees dealt over `devices` launches; under
                 * PVC with no cover, exactly the nodes of one launch (the
                 * descents too: each sub-tree's once)
                 */
                int devices = 2 + (int)(seed % 3), depth = 1 + (int)(seed % 5);
                sum = (struct split_sum){(int)upper.size, 0, 0};
                struct config one = config_of(seed * 13, 0, seed % 2);
                one.depth = depth;
                whole = one_launch_nodes(g, one, pvc, k, opt, &upper, seed, &cv);
                for (int d = 0; d < devices; d++) {
                    struct config c = config_of(seed * 13 + (unsigned)d, 0, (seed + d) % 2);
                    c.depth = depth;
                    c.split_part = d;
                    c.split_parts = devices;
                    struct outcome r = solve(g, c, pvc, k, &upper, seed + 2 * (unsigned)d, &cv);
                    snprintf(what, sizeof what, "seed %u stackonly part %d of %d", seed, d,
                             devices);
                    failures += add_launch(&sum, r, pvc, k, opt, what);
                }
                if ((!pvc && sum.best != opt) || (pvc && (sum.found != 0) != (k >= opt)) ||
                    (whole != -1 && sum.nodes != whole)) {
                    diag("seed %u: stackonly over %d launches: cover %d, found %d, k=%lld, "
                         "optimum %d, %lld nodes (one launch: %lld)",
                         seed, devices, sum.best, sum.found, (long long)k, opt, sum.nodes, whole);
                    failures++;
                }
            }
        ok(failures == 0,
           "seed %u: n=%d p=%.2f, optimum %d: hybrid launches fed by each other's exports and "
           "StackOnly's sub-trees over launches agree with it (MVC, PVC k=%d, %d)",
           seed, n, density, opt, opt - 1, opt);
        cover_free(&opt_cover);
        cover_free(&upper);
        cover_free(&cv);
        graph_free(g);
    }
    ok(exported > 0 && rounds_with_seeds > 0,
       "the hybrid launches exported %lld nodes; %lld launches started from exported nodes",
       exported, rounds_with_seeds);
}

int main(void)
{
    const char *s = getenv("MVC_EMULATED_SEED"), *c = getenv("MVC_EMULATED_GRAPHS");
    unsigned first = s != NULL ? (unsigned)atoi(s) : 1;
    unsigned count = c != NULL ? (unsigned)atoi(c) : 60;
    diag("random graphs from seed %u (MVC_EMULATED_SEED), %u of them (MVC_EMULATED_GRAPHS)", first,
         count);
    emu_switch_limit = SWITCH_LIMIT;
    test_emulation_checks();
    test_edges();
    for (unsigned seed = first; seed < first + 3; seed++)
        test_many(seed);
    const char *t = getenv("MVC_EMULATED_TERMINATION");
    unsigned terminations = t != NULL ? (unsigned)atoi(t) : 12;
    for (unsigned seed = first; seed < first + terminations; seed++)
        test_termination(seed, 2 + (int)(seed % 5), 1ull << (seed % 4), 0);
    test_termination(first + 9, 3, 4, 20);
    test_instances();
    test_long_rounds();
    test_stop();
    test_children_agree(first, 4 * count);
    test_reduce_fixpoint(first, 4 * count);
    test_random_graphs(first, count);
    test_larger_graphs(first + 500, count / 4);
    test_team(first, count / 2);
    diag("at most %lld switches in one search launch", most_switches);
    done_testing();
    return exit_status();
}
