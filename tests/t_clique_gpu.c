/*
 * The GPU dense-graph solver (gpu_solve_clique) against the CPU one
 * (src/vc/clique/clique.c). MVC_GPU_TEST_SMALL=1 keeps it short for
 * compute-sanitizer: a few graphs of each kind, a search over every device
 * among them.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

#ifdef HAVE_CUDA
#include "clique.h"
#include "clock.h"
#include "gen.h"
#include "gpu.h"

struct run {
    int outcome;
    struct cover c;
    struct solve_stats st;
    struct error err;
};

static void run_gpu(const struct graph *g, const struct solve_opts *o, struct run *r)
{
    memset(r, 0, sizeof *r);
    r->outcome = gpu_solve_clique(g, o, &r->c, &r->st, &r->err);
    if (r->outcome < 0)
        diag("gpu_solve_clique: %s", r->err.message);
}

static void run_cpu(const struct graph *g, const struct solve_opts *o, struct run *r)
{
    memset(r, 0, sizeof *r);
    r->outcome = solve_clique(g, o, &r->c, &r->st, &r->err);
}

static int valid(const struct graph *g, struct run *r)
{
    struct error err = {0};
    if (r->c.in == NULL || cover_check(g, &r->c, &err) != MVC_OK) {
        diag("invalid cover: %s", err.message);
        return 0;
    }
    return 1;
}

/*
 * MVC on the GPU, optimum and cover checked against the CPU solver, with the
 * MaxSAT reasoning where it is on by default and with the colour bound alone.
 */
static int32_t check_optimum(const struct graph *g, const char *name)
{
    struct solve_opts o;
    solve_opts_default(&o);
    struct run cpu, gpu, plain;
    run_cpu(g, &o, &cpu);
    run_gpu(g, &o, &gpu);
    ok(gpu.outcome == SOLVE_OPTIMAL && gpu.c.size == cpu.c.size && valid(g, &gpu) &&
           gpu.st.proven && gpu.st.best == gpu.c.size,
       "%s: optimal cover %d (CPU %d), outcome %d, %lld nodes on %d blocks, %lld spared", name,
       gpu.c.size, cpu.c.size, gpu.outcome, (long long)gpu.st.nodes, gpu.st.blocks,
       (long long)gpu.st.maxsat_spared);
    o.clique.colour_bound_only = 1;
    run_gpu(g, &o, &plain);
    ok(plain.outcome == SOLVE_OPTIMAL && plain.c.size == cpu.c.size && valid(g, &plain) &&
           plain.st.maxsat_spared == 0,
       "%s, colour bound alone: optimal cover %d, %lld nodes", name, plain.c.size,
       (long long)plain.st.nodes);
    int32_t opt = cpu.c.size;
    cover_free(&cpu.c), cover_free(&gpu.c), cover_free(&plain.c);
    return opt;
}

/*
 * G(n, p) without the edges among its first `planted` vertices: their complement
 * holds a clique of that many, large enough that the GPU search reasons by MaxSAT.
 */
static struct graph *planted_clique_graph(uint64_t seed, int32_t n, double p, int32_t planted)
{
    struct graph *full = gen_gnp_graph(seed, n, p);
    int32_t(*e)[2] = malloc(((size_t)full->m + 1) * sizeof *e);
    int64_t m = 0;
    /* each edge with an end past the planted vertices, once */
    for (int32_t u = planted; u < n; u++)
        for (int64_t i = full->offsets[u]; i < full->offsets[u + 1]; i++) {
            int32_t v = full->adj[i];
            if (v < planted || v > u) {
                e[m][0] = u;
                e[m][1] = v;
                m++;
            }
        }
    struct graph *g = graph_from_edges(n, (const int32_t(*)[2])e, m);
    free(e);
    graph_free(full);
    return g;
}

/* PVC for k = opt - 1 (no cover), opt and opt + 1 (a cover within k). */
static void check_pvc(const struct graph *g, int32_t opt, const char *name)
{
    struct solve_opts o;
    solve_opts_default(&o);
    for (int delta = -1; delta <= 1; delta++) {
        o.k = opt + delta;
        if (o.k < 0)
            continue;
        struct run gpu;
        run_gpu(g, &o, &gpu);
        int right = delta < 0 ? gpu.outcome == SOLVE_NO_COVER && valid(g, &gpu)
                              : gpu.outcome == SOLVE_FOUND && gpu.c.size <= o.k && valid(g, &gpu);
        ok(right, "%s PVC k=%lld: outcome %d, cover %d", name, (long long)o.k, gpu.outcome,
           gpu.c.size);
        cover_free(&gpu.c);
    }
}

/*
 * With a single warp nothing is donated and the root branches are taken in
 * order, so the GPU walks exactly the tree of src/vc/clique/clique.c: same node count.
 */
static void check_single_warp(const struct graph *g, const char *name)
{
    struct solve_opts o;
    solve_opts_default(&o);
    struct run cpu, gpu;
    o.clique.colour_bound_only = 1; /* the same tree as the GPU's: the colour bound alone */
    o.clique.no_local_search = 1;   /* no floor that comes in at a moment timing decides */
    o.threads = 1;                  /* and one thread: node counts are compared */
    run_cpu(g, &o, &cpu);
    o.gpu.blocks = 1;
    o.gpu.block_size = 32;
    o.gpu.devices = 1;
    run_gpu(g, &o, &gpu);
    ok(gpu.outcome == SOLVE_OPTIMAL && gpu.c.size == cpu.c.size && gpu.st.nodes == cpu.st.nodes &&
           valid(g, &gpu),
       "%s one warp: cover %d (CPU %d), %lld nodes (CPU %lld)", name, gpu.c.size, cpu.c.size,
       (long long)gpu.st.nodes, (long long)cpu.st.nodes);
    cover_free(&cpu.c), cover_free(&gpu.c);
}

/*
 * Every device of the machine (--gpus all), each a grid of one warp: the
 * devices split the root's branches, the one that runs dry first is fed
 * what the others hand over, and the optimum is the CPU's; every device
 * searched. Skipped on a machine of one device.
 */
static void check_devices(const struct graph *g, const char *name)
{
    int count = gpu_device_count();
    if (count < 2) {
        skip("one CUDA device: no search over several");
        return;
    }
    struct solve_opts o;
    solve_opts_default(&o);
    struct run cpu, gpu;
    run_cpu(g, &o, &cpu);
    o.gpu.blocks = 1;
    o.gpu.block_size = 32;
    run_gpu(g, &o, &gpu);
    int64_t least = gpu.st.gpus == count ? INT64_MAX : 0;
    for (int i = 0; i < gpu.st.gpus && i < SOLVE_MAX_GPUS; i++)
        least = gpu.st.nodes_per_gpu[i] < least ? gpu.st.nodes_per_gpu[i] : least;
    ok(gpu.outcome == SOLVE_OPTIMAL && gpu.c.size == cpu.c.size && valid(g, &gpu) && least > 0,
       "%s on %d devices of one warp: cover %d (CPU %d), %lld nodes, fewest on one device %lld",
       name, count, gpu.c.size, cpu.c.size, (long long)gpu.st.nodes, (long long)least);
    cover_free(&cpu.c), cover_free(&gpu.c);
}

/* A stop request already raised, or a time limit that runs out, still gives a valid cover. */
static void check_stop(void)
{
    struct graph *g = gen_gnp_graph(7, 300, 0.5);
    volatile sig_atomic_t stop = 1;
    struct solve_opts o;
    solve_opts_default(&o);
    o.deadline.stop = &stop;
    struct run gpu;
    run_gpu(g, &o, &gpu);
    ok(gpu.outcome == SOLVE_STOPPED && !gpu.st.proven && valid(g, &gpu),
       "stop flag raised before the start: outcome %d, cover %d", gpu.outcome, gpu.c.size);
    cover_free(&gpu.c);
    graph_free(g);

    g = gen_gnp_graph(11, 700, 0.25);
    solve_opts_default(&o);
    o.deadline = deadline_after(0.05, o.deadline.stop);
    double start = clock_seconds();
    run_gpu(g, &o, &gpu);
    double took = clock_seconds() - start;
    ok((gpu.outcome == SOLVE_STOPPED || gpu.outcome == SOLVE_OPTIMAL) && valid(g, &gpu) &&
           took < 2.0,
       "time limit 0.05 s reaches the running kernel: outcome %d after %.3f s, cover %d",
       gpu.outcome, took, gpu.c.size);
    cover_free(&gpu.c);
    graph_free(g);

    /*
     * A stop that lands mid-search must never be reported as a proof: on a
     * sparse graph (dense complement) that takes the GPU a while, a limit
     * of a quarter of its full time should give a stopped answer, and
     * whatever a run claims proven equals the full run's optimum. The full
     * run's time does not repeat exactly (other tests share the devices
     * under make -j): a limited run that still finished is no failure as
     * long as its answer is the optimum, and the limit halves, up to four
     * times, until one run is stopped.
     */
    for (int32_t n = 200; n <= 320; n += 40) {
        g = gen_gnp_graph(5, n, 0.04);
        solve_opts_default(&o);
        o.deadline = deadline_after(20, o.deadline.stop);
        struct run full;
        start = clock_seconds();
        run_gpu(g, &o, &full);
        took = clock_seconds() - start;
        if (full.outcome != SOLVE_OPTIMAL || took < 0.4) {
            diag("G(%d, 0.04): outcome %d after %.3f s, too quick or too slow to cut short", (int)n,
                 full.outcome, took);
            cover_free(&full.c);
            graph_free(g);
            continue;
        }
        double cut = took / 4;
        int stopped = 0, wrong = 0, finished = 0;
        for (int attempt = 0; attempt < 4 && !stopped && !wrong; attempt++, cut /= 2) {
            o.deadline = deadline_after(cut, o.deadline.stop);
            run_gpu(g, &o, &gpu);
            if (gpu.outcome == SOLVE_STOPPED)
                stopped = 1;
            else if (gpu.outcome == SOLVE_OPTIMAL)
                finished++;
            if (!valid(g, &gpu) || gpu.c.size < full.c.size ||
                (gpu.outcome == SOLVE_STOPPED && gpu.st.proven) ||
                (gpu.outcome == SOLVE_OPTIMAL && gpu.c.size != full.c.size) ||
                (gpu.outcome != SOLVE_STOPPED && gpu.outcome != SOLVE_OPTIMAL))
                wrong = 1;
            if (wrong || stopped)
                diag("G(%d, 0.04) cut at %.3f s of %.3f: outcome %d, proven %d, cover %d, "
                     "optimum %d",
                     (int)n, cut, took, gpu.outcome, gpu.st.proven, gpu.c.size, full.c.size);
            cover_free(&gpu.c);
        }
        ok(stopped && !wrong,
           "G(%d, 0.04) cut short: stopped unproven after %d limited runs that finished, no "
           "wrong claim",
           (int)n, finished);
        cover_free(&full.c);
        graph_free(g);
        return;
    }
    skip("no random sparse graph took the GPU between 0.4 and 20 s");
}
#endif

int main(void)
{
#ifndef HAVE_CUDA
    printf("1..0 # SKIP no CUDA build\n");
    return 0;
#else
    if (gpu_device_count() == 0) {
        printf("1..0 # SKIP no CUDA device\n");
        return 0;
    }
    int small = getenv("MVC_GPU_TEST_SMALL") != NULL;
    static const double densities[] = {0.3, 0.5, 0.7, 0.9};
    char name[96];
    for (unsigned seed = 1; seed <= (small ? 8u : 40u); seed++) {
        int32_t n = 1 + (int32_t)(seed * 37 % 60);
        double p = densities[seed % 4];
        struct graph *g = gen_gnp_graph(seed, n, p);
        snprintf(name, sizeof name, "seed %u n=%d p=%.1f", seed, n, p);
        int32_t opt = check_optimum(g, name);
        check_pvc(g, opt, name);
        if (seed % 4 == 0)
            check_single_warp(g, name);
        graph_free(g);
    }
    /* big enough that warps run out of root branches and share subtrees */
    for (unsigned seed = 41; seed <= (small ? 42u : 46u); seed++) {
        int32_t n = 120 + (int32_t)(seed % 3) * 40;
        double p = seed % 2 ? 0.4 : 0.6;
        struct graph *g = gen_gnp_graph(seed, n, p);
        snprintf(name, sizeof name, "seed %u n=%d p=%.1f", seed, n, p);
        int32_t opt = check_optimum(g, name);
        if (seed == 41)
            check_pvc(g, opt, name);
        if (seed == 42)
            check_single_warp(g, name);
        check_devices(g, name);
        graph_free(g);
    }
    /* a clique of 30 planted in a clique graph of density 0.75: the MaxSAT reasoning is on */
    for (unsigned seed = 48; seed <= (small ? 48u : 50u); seed++) {
        struct graph *g = planted_clique_graph(seed, 160 + 20 * (seed % 3), 0.25, 30);
        snprintf(name, sizeof name, "seed %u n=%d, a planted clique of 30", seed, g->n);
        int32_t opt = check_optimum(g, name);
        check_pvc(g, opt, name);
        struct solve_opts o;
        solve_opts_default(&o);
        struct run gpu;
        run_gpu(g, &o, &gpu);
        ok(gpu.st.maxsat_spared > 0, "%s: the reasoning spared %lld branches", name,
           (long long)gpu.st.maxsat_spared);
        cover_free(&gpu.c);
        graph_free(g);
    }
    /* more than 1024 vertices: a lane owns two words of every row */
    struct graph *g = gen_gnp_graph(47, small ? 1040 : 1100, 0.93);
    snprintf(name, sizeof name, "seed 47 n=%d p=0.93", g->n);
    int32_t opt = check_optimum(g, name);
    if (!small)
        check_pvc(g, opt, name);
    graph_free(g);
    if (!small)
        check_stop();
    done_testing();
    return exit_status();
#endif
}
