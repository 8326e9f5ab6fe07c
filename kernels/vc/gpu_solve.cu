/*
 * gpu_solve_mvc (src/gpu/gpu.h): the host side of the GPU solvers. Greedy upper
 * bound on the host, launch plan (Sec. IV-E), one persistent kernel, a polling
 * wait that honours the stop flag and the time limit, then the best cover and
 * the statistics.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "clock.h"
#include "cover.h"
#include "degree.h"
#include "error.h"
#include "graph.h"
#include "solve.h"
}
#include "gpu.h"

#include "cuda_check.h"
#include "gpu_greedy.h"
#include "kernel_watch.h"
#include "launch_plan.h"
#include "node.cuh"
#include "search_kernels.cuh"
#include "search_layout.h"
#include "search_memory.h"

/* Device memory left to the runtime (kernel stacks, printf buffer, other allocations). */
#define DEVICE_MEMORY_MARGIN ((size_t)256 << 20)
#define DEVICE_MEMORY_MARGIN_FRACTION 0.02
/* Tries of a cooperative launch with fewer blocks when the device refuses the grid. */
#define LAUNCH_ATTEMPTS 8

/* One solve: the inputs, what the greedy found, and what the search is told. */
struct gpu_run {
    const struct graph *g;
    const struct solve_opts *o;
    int pvc;
    int hybrid;
    int stride;
    int k_root;     /* largest cover size worth finding at the root */
    int domination; /* a domination round at each node's fixed point */
};

/* The root node (search_layout.h). */
static int *root_node(const struct graph *g, int stride)
{
    int *root = (int *)malloc((size_t)stride * sizeof(int));
    if (root != NULL)
        search_root_fill(g, stride, root);
    return root;
}

/* Device bytes the search may use beyond the graph: free memory less a margin, under the user's
 * cap. */
static int search_memory_budget(const struct gpu_run *run, size_t *budget, struct error *err)
{
    size_t free_bytes = 0, total_bytes = 0;
    int status = CUDA_CHECK(err, cudaMemGetInfo(&free_bytes, &total_bytes));
    if (status != MVC_OK)
        return status;
    size_t margin = (size_t)(DEVICE_MEMORY_MARGIN_FRACTION * (double)total_bytes);
    if (margin < DEVICE_MEMORY_MARGIN)
        margin = DEVICE_MEMORY_MARGIN;
    *budget = free_bytes > margin ? free_bytes - margin : 0;
    int64_t cap = run->o->gpu.device_memory_limit;
    if (cap > 0) {
        size_t used = search_memory_solve_bytes(run->g, run->stride);
        if ((size_t)cap <= used)
            return error_set(
                err, MVC_EDEVICE,
                "the device memory limit (%lld bytes) does not hold the graph (%zu bytes)",
                (long long)cap, used);
        if ((size_t)cap - used < *budget)
            *budget = (size_t)cap - used;
    }
    return MVC_OK;
}

/* Plan, then allocate; on an allocation failure shrink the plan and try again. */
static int plan_and_allocate(struct search_memory *m, struct launch_request *r,
                             struct launch_plan *p, struct error *err)
{
    int status = launch_plan_choose(r, p, err);
    if (status != MVC_OK)
        return status;
    for (;;) {
        status = search_memory_plan(m, r, p, err);
        if (status != MVC_ENOMEM)
            return status;
        size_t wanted = launch_plan_bytes(r, p);
        search_memory_release_plan(m);
        if (!launch_plan_shrink(r, p))
            return error_set(
                err, MVC_EDEVICE,
                "out of device memory: even one block of the search (%zu bytes for a stack of %d "
                "nodes of %d vertices) cannot be allocated",
                wanted, r->stack_depth, r->n);
    }
}

static void describe_plan(const struct gpu_run *run, const struct launch_request *r,
                          const struct launch_plan *p)
{
    if (run->o->report == NULL)
        return;
    char tail[128];
    if (run->hybrid)
        snprintf(tail, sizeof tail, "worklist of %lld entries, threshold %d",
                 (long long)p->worklist_size, p->threshold);
    else
        snprintf(tail, sizeof tail, "sub-trees from depth %d", p->start_depth);
    progress_message(run->o->report,
                     "gpu: %s, %s-memory kernel, %d blocks of %d threads, %zu bytes of shared "
                     "memory per block, stacks of %d nodes, %s",
                     run->hybrid ? "hybrid" : "stackonly", p->in_shared ? "shared" : "global",
                     p->blocks, p->block_size, p->dynamic_smem, r->stack_depth, tail);
}

/* Cooperative launch guarantees the co-residency the termination rule relies on; refused grids
 * shrink. */
static int launch_search(struct search_memory *m, const struct launch_request *r,
                         struct launch_plan *p, struct search_args *a, struct error *err)
{
    int device = 0, cooperative = 0;
    int status = CUDA_CHECK(err, cudaGetDevice(&device));
    if (status == MVC_OK)
        status = CUDA_CHECK(
            err, cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
    if (status != MVC_OK)
        return status;
    const void *kernel = launch_plan_kernel(r, p);
    void *params[] = {a};
    for (int attempt = 0;; attempt++) {
        status = CUDA_CHECK(err, cudaEventRecord(m->watch.started, m->watch.stream));
        if (status != MVC_OK)
            return status;
        cudaError_t code;
        if (cooperative)
            code = cudaLaunchCooperativeKernel(kernel, dim3(p->blocks), dim3(p->block_size), params,
                                               p->dynamic_smem, m->watch.stream);
        else
            code = cudaLaunchKernel(kernel, dim3(p->blocks), dim3(p->block_size), params,
                                    p->dynamic_smem, m->watch.stream);
        if (code == cudaErrorCooperativeLaunchTooLarge && attempt < LAUNCH_ATTEMPTS &&
            p->blocks > 1) {
            (void)cudaGetLastError();
            p->blocks = p->blocks * 3 / 4 > 0 ? p->blocks * 3 / 4 : 1;
            continue;
        }
        status = cuda_check_at(code, "launch of the search kernel", __FILE__, __LINE__, err);
        if (status == MVC_OK)
            status = CUDA_CHECK_LAUNCH(err, "the search kernel");
        if (status == MVC_OK)
            status = CUDA_CHECK(err, cudaEventRecord(m->watch.finished, m->watch.stream));
        return status;
    }
}

/*
 * MVC: the size of the best cover the running kernel knows, to the progress
 * board; a failed read only skips the report.
 */
static int report_best(struct search_memory *m, const struct gpu_run *run)
{
    int best = 0;
    if (kernel_watch_read(&m->watch, &m->dev.ctl->best_size, &best, NULL) == MVC_OK)
        progress_improve(run->o->report, best);
    return MVC_OK;
}

/* Waits for the kernel; a stop request reaches it through ctl->stop, which every block polls. */
static int wait_for_search(struct search_memory *m, const struct gpu_run *run, int *stop_sent,
                           struct error *err)
{
    bool reporting = run->o->report != NULL && !run->pvc;
    return kernel_watch_wait(
        &m->watch, run->o, &m->dev.ctl->stop, stop_sent, reporting,
        [&]() { return report_best(m, run); }, "the search kernel", err);
}

/* The cover held in best_node: {v : node[v] == DEGREE_REMOVED}, checked against its recorded size.
 */
static int read_best_cover(struct search_memory *m, const struct gpu_run *run, int saved_size,
                           struct cover *out, struct error *err)
{
    int32_t n = run->g->n;
    int *node = (int *)malloc((size_t)run->stride * sizeof(int));
    if (node == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory reading the cover back");
    int status =
        CUDA_CHECK(err, cudaMemcpy(node, m->dev.best_node, (size_t)run->stride * sizeof(int),
                                   cudaMemcpyDeviceToHost));
    if (status == MVC_OK) {
        memset(out->in, 0, (size_t)n);
        out->size = 0;
        for (int32_t v = 0; v < n; v++)
            if (node[v] == DEGREE_REMOVED)
                cover_add(out, v);
        if (out->size != saved_size || node[n] != saved_size)
            status = error_set(
                err, MVC_EDEVICE,
                "internal error: the device's best cover holds %ld vertices, its node says %d and "
                "the search recorded %d",
                (long)out->size, node[n], saved_size);
    }
    free(node);
    return status;
}

static void collect_stats(const struct launch_plan *p, const struct block_stats *blocks, int sms,
                          struct solve_stats *st)
{
    st->block_size = p->block_size;
    st->blocks = p->blocks;
    st->shared_kernel = p->in_shared;
    st->worklist_size = p->worklist_size;
    st->threshold = p->worklist_size > 0 ? (double)p->threshold / (double)p->worklist_size : 0;
    st->sms = sms < SOLVE_MAX_SMS ? sms : SOLVE_MAX_SMS;
    memset(st->nodes_per_sm, 0, sizeof st->nodes_per_sm);
    st->nodes = 0;
    double worklist = 0, reductions = 0, branching = 0;
    int timed = 0;
    for (int b = 0; b < p->blocks; b++) {
        st->nodes += blocks[b].nodes;
        if (blocks[b].smid >= 0 && blocks[b].smid < st->sms)
            st->nodes_per_sm[blocks[b].smid] += blocks[b].nodes;
        if (blocks[b].cycles_total > 0) {
            double total = (double)blocks[b].cycles_total;
            worklist += (double)blocks[b].cycles_worklist / total;
            reductions += (double)blocks[b].cycles_reduce / total;
            branching += (double)blocks[b].cycles_branch / total;
            timed++;
        }
    }
    if (timed > 0) {
        st->t_worklist = worklist / timed;
        st->t_reductions = reductions / timed;
        st->t_branching = branching / timed;
    }
}

/* Everything that touches the device: returns a solve_outcome or a negative status. */
static int search_on_device(const struct gpu_run *run, struct search_memory *m, struct cover *out,
                            struct solve_stats *st, struct error *err)
{
    const struct graph *g = run->g;
    int status = CUDA_CHECK(err, cudaSetDevice(0));
    cudaDeviceProp prop;
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaGetDeviceProperties(&prop, 0));
    if (status != MVC_OK)
        return status;

    int *root = root_node(g, run->stride);
    if (root == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the root node");
    status = search_memory_open(m, g, root, run->stride, err);
    free(root);
    if (status != MVC_OK)
        return status;

    struct launch_request r;
    r.n = g->n;
    r.stride = run->stride;
    r.stack_depth = run->k_root + 1;
    r.hybrid = run->hybrid;
    r.storage = run->o->gpu.storage;
    r.o = run->o;
    if ((status = search_memory_budget(run, &r.memory, err)) != MVC_OK)
        return status;
    struct launch_plan p;
    if ((status = plan_and_allocate(m, &r, &p, err)) != MVC_OK)
        return status;
    describe_plan(run, &r, &p);

    struct search_control ctl = search_control_initial((int)out->size);
    if ((status = CUDA_CHECK(
             err, cudaMemcpy(m->dev.ctl, &ctl, sizeof ctl, cudaMemcpyHostToDevice))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaStreamSynchronize(m->watch.stream))) != MVC_OK)
        return status;

    struct search_args a = search_args_of(&m->dev, &r, &p, run->pvc, run->k_root);
    a.domination = run->domination;

    int stop_sent = 0;
    if ((status = launch_search(m, &r, &p, &a, err)) != MVC_OK ||
        (status = wait_for_search(m, run, &stop_sent, err)) != MVC_OK)
        return status;
    (void)cudaGetLastError(); /* a cudaErrorNotReady left by the polling is no error */

    float ms = 0;
    if ((status = CUDA_CHECK(
             err, cudaEventElapsedTime(&ms, m->watch.started, m->watch.finished))) != MVC_OK ||
        (status = CUDA_CHECK(
             err, cudaMemcpy(&ctl, m->dev.ctl, sizeof ctl, cudaMemcpyDeviceToHost))) != MVC_OK)
        return status;
    st->t_search = ms / 1000.0;

    struct block_stats *blocks = (struct block_stats *)calloc((size_t)p.blocks, sizeof *blocks);
    if (blocks == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for block statistics");
    status = CUDA_CHECK(err, cudaMemcpy(blocks, m->dev.stats, (size_t)p.blocks * sizeof *blocks,
                                        cudaMemcpyDeviceToHost));
    if (status == MVC_OK) {
        collect_stats(&p, blocks, prop.multiProcessorCount, st);
        progress_nodes(run->o->report, st->nodes);
    }
    free(blocks);
    if (status != MVC_OK)
        return status;

    if (ctl.error == SEARCH_ERROR_STACK_OVERFLOW)
        return error_set(err, MVC_EDEVICE, "internal error: a local stack of %d nodes overflowed",
                         r.stack_depth);
    if (ctl.error != SEARCH_ERROR_NONE)
        return error_set(err, MVC_EDEVICE, "internal error: the search kernel reported error %d",
                         ctl.error);

    /* Every lowering of best_size is followed by saving a cover of that size (record_cover). */
    if (!run->pvc && ctl.best_size < out->size && ctl.saved_size != ctl.best_size)
        return error_set(err, MVC_EDEVICE,
                         "internal error: the search found a cover of %d but saved one of %d",
                         ctl.best_size, ctl.saved_size);
    int improved = run->pvc ? ctl.found : ctl.saved_size < out->size;
    if (improved && (status = read_best_cover(m, run, ctl.saved_size, out, err)) != MVC_OK)
        return status;
    st->best = out->size;
    progress_improve(run->o->report, out->size);
    if (run->pvc) {
        if (ctl.found)
            return SOLVE_FOUND;
        if (stop_sent)
            return SOLVE_STOPPED;
        st->lower_bound = (int32_t)(run->k_root + 1);
        progress_lower(run->o->report, st->lower_bound);
        return SOLVE_NO_COVER;
    }
    if (stop_sent)
        return SOLVE_STOPPED;
    st->proven = 1;
    st->lower_bound = out->size;
    progress_lower(run->o->report, st->lower_bound);
    return SOLVE_OPTIMAL;
}

/*
 * Domination inside the GPU search pays on sparse graphs and costs on dense
 * ones (bench/results/gpu-domination-h100.md, hybrid --no-reduce on an H100:
 * wikipedia_link_lo, mean degree 44, 2.06 s -> 0.015 s; cop_hat500-2, mean
 * degree 250, 0.29 s -> 0.95 s): GPU_DOMINATION_AUTO turns it on up to this
 * mean degree.
 */
#define GPU_DOMINATION_MAX_MEAN_DEGREE 64

static int use_domination(const struct graph *g, enum gpu_domination d)
{
    if (d == GPU_DOMINATION_AUTO)
        return 2 * g->m <= (int64_t)GPU_DOMINATION_MAX_MEAN_DEGREE * g->n;
    return d == GPU_DOMINATION_ON;
}

int gpu_solve_mvc(const struct graph *g, const struct solve_opts *o, struct cover *out,
                  struct solve_stats *st, struct error *err)
{
    struct gpu_run run;
    run.g = g;
    run.o = o;
    run.pvc = o->k >= 0;
    run.domination = use_domination(g, o->gpu.domination);
    if (o->solver != SOLVER_HYBRID && o->solver != SOLVER_STACKONLY)
        return error_set(err, MVC_EUNSUPPORTED,
                         "the GPU solves with 'hybrid' or 'stackonly', not solver %d",
                         (int)o->solver);
    run.hybrid = o->solver == SOLVER_HYBRID;
    st->solver = run.hybrid ? "hybrid" : "stackonly";
    run.stride = (int)node_stride(g->n);

    if (cover_init(out, g->n) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for a cover of %ld vertices", (long)g->n);
    double t0 = clock_seconds();
    if (gpu_greedy_cover(g, out) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory in the greedy upper bound");
    st->t_upper = clock_seconds() - t0;
    st->greedy_size = out->size;
    st->best = out->size;
    progress_improve(o->report, out->size);

    /* Answers that need no search. */
    if (run.pvc && out->size <= o->k)
        return SOLVE_FOUND;
    if (!run.pvc && g->m == 0) {
        st->proven = 1;
        return SOLVE_OPTIMAL;
    }
    if (kernel_watch_stop_requested(o))
        return SOLVE_STOPPED;

    run.k_root = search_root_bound(g->n, run.pvc, o->k, out->size);

    if (!kernel_watch_claim_device(o))
        return SOLVE_STOPPED; /* another thread's search held the device until the deadline */
    struct search_memory m;
    memset(&m, 0, sizeof m);
    int outcome = search_on_device(&run, &m, out, st, err);
    search_memory_close(&m);
    kernel_watch_release_device();
    return outcome;
}
