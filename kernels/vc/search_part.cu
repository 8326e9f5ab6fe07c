/* One device's share of a GPU vertex cover solve; see search_part.h. */
#include "search_part.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "degree.h"
#include "progress.h"
}

#include "cuda_check.h"
#include "node.cuh"
#include "search_kernels.cuh"
#include "search_layout.h"

/* Device memory left to the runtime (kernel stacks, printf buffer, other allocations). */
#define DEVICE_MEMORY_MARGIN ((size_t)256 << 20)
#define DEVICE_MEMORY_MARGIN_FRACTION 0.02
/* Tries of a cooperative launch with fewer blocks when the device refuses the grid. */
#define LAUNCH_ATTEMPTS 8

/* The root node (search_layout.h). */
static int *root_node(const struct graph *g, int stride)
{
    int *root = (int *)malloc((size_t)stride * sizeof(int));
    if (root != NULL)
        search_root_fill(g, stride, root);
    return root;
}

static size_t node_bytes(const struct gpu_run *run)
{
    return (size_t)run->stride * sizeof(int);
}

/*
 * Device bytes the search may use beyond the graph and the team's buffers:
 * free memory less a margin, under the user's cap.
 */
static int search_memory_budget(const struct gpu_run *run, size_t team_bytes, size_t *budget,
                                struct error *err)
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
        size_t used = search_memory_solve_bytes(run->g, run->stride) + team_bytes;
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

int search_part_open(const struct gpu_run *run, struct search_part *part, int slots,
                     struct error *err)
{
    const struct graph *g = run->g;
    int index = part->index;
    cudaDeviceProp prop;
    int status = CUDA_CHECK(err, cudaGetDeviceProperties(&prop, index));
    if (status != MVC_OK)
        return status;
    part->sms = prop.multiProcessorCount;

    int *root = root_node(g, run->stride);
    if (root == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the root node");
    status = search_memory_open(&part->m, g, root, run->stride, err);
    free(root);
    if (status != MVC_OK)
        return status;

    size_t team_bytes = 2 * (size_t)slots * node_bytes(run);
    if (slots > 0 &&
        ((status = device_alloc((void **)&part->m.dev.exports, team_bytes / 2, err)) != MVC_OK ||
         (status = device_alloc((void **)&part->m.dev.seeds, team_bytes / 2, err)) != MVC_OK))
        return status == MVC_ENOMEM
                   ? error_set(err, MVC_EDEVICE,
                               "not enough device memory for the nodes handed between devices "
                               "(%zu bytes)",
                               team_bytes)
                   : status;
    part->slots = slots;

    struct launch_request *r = &part->r;
    r->n = g->n;
    r->stride = run->stride;
    r->stack_depth = run->k_root + 1;
    r->hybrid = run->hybrid;
    r->devices = run->devices;
    r->storage = run->o->gpu.storage;
    r->o = run->o;
    if ((status = search_memory_budget(run, team_bytes, &r->memory, err)) != MVC_OK)
        return status;
    return plan_and_allocate(&part->m, r, &part->p, err);
}

void search_part_describe(const struct gpu_run *run, const struct search_part *part)
{
    if (run->o->report == NULL)
        return;
    const struct launch_plan *p = &part->p;
    char tail[128], devices[64] = "";
    if (run->hybrid)
        snprintf(tail, sizeof tail, "worklist of %lld entries, threshold %d",
                 (long long)p->worklist_size, p->threshold);
    else
        snprintf(tail, sizeof tail, "sub-trees from depth %d", p->start_depth);
    if (run->devices > 1)
        snprintf(devices, sizeof devices, "%d devices, each ", run->devices);
    progress_message(run->o->report,
                     "gpu: %s, %s%s-memory kernel, %d blocks of %d threads, %zu bytes of shared "
                     "memory per block, stacks of %d nodes, %s",
                     run->hybrid ? "hybrid" : "stackonly", devices,
                     p->in_shared ? "shared" : "global", p->blocks, p->block_size, p->dynamic_smem,
                     part->r.stack_depth, tail);
}

/* Cooperative launch guarantees the co-residency the termination rule relies on; refused grids
 * shrink. */
static int launch_search(struct search_part *part, struct search_args *a, struct error *err)
{
    struct search_memory *m = &part->m;
    struct launch_plan *p = &part->p;
    int cooperative = 0;
    int status = CUDA_CHECK(
        err, cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, part->index));
    if (status != MVC_OK)
        return status;
    const void *kernel = launch_plan_kernel(&part->r, p);
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

int search_part_launch(const struct gpu_run *run, struct search_part *part,
                       const struct search_control *ctl, const int *seeds, int count,
                       struct error *err)
{
    struct search_memory *m = &part->m;
    cudaStream_t stream = m->watch.stream;
    /* every export of the launches before has been taken: the ring starts where they ended */
    struct search_control c = *ctl;
    part->requested = part->copied;
    c.export_wanted = c.export_claimed = c.export_written = part->copied;
    int status =
        CUDA_CHECK(err, cudaMemcpyAsync(m->dev.ctl, &c, sizeof c, cudaMemcpyHostToDevice, stream));
    if (status == MVC_OK && count > 0)
        status =
            CUDA_CHECK(err, cudaMemcpyAsync(m->dev.seeds, seeds, (size_t)count * node_bytes(run),
                                            cudaMemcpyHostToDevice, stream));
    /* the queue ended empty with every block idle: its positions and tickets stay, the count
     * of idle blocks starts again from none */
    if (status == MVC_OK && part->launches > 0 && m->dev.queue_words != NULL)
        status = CUDA_CHECK(
            err, cudaMemsetAsync(m->dev.queue_words, 0, sizeof(unsigned long long), stream));
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaStreamSynchronize(stream));
    if (status != MVC_OK)
        return status;

    struct search_args a = search_args_of(&m->dev, &part->r, &part->p, run->pvc, run->k_root);
    a.domination = run->domination;
    if (count > 0) {
        a.seeds = m->dev.seeds;
        a.seed_count = count;
    }
    if (part->slots > 0) {
        a.exports = m->dev.exports;
        a.export_capacity = part->slots;
    }
    a.subtree_part = part->index;
    a.subtree_parts = run->devices;
    part->imported += count;
    return launch_search(part, &a, err);
}

int search_part_finish(const struct gpu_run *run, struct search_part *part, struct error *err)
{
    struct search_memory *m = &part->m;
    const struct launch_plan *p = &part->p;
    (void)cudaGetLastError(); /* a cudaErrorNotReady left by the polling is no error */
    float ms = 0;
    int status;
    if ((status = CUDA_CHECK(
             err, cudaEventElapsedTime(&ms, m->watch.started, m->watch.finished))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaMemcpy(&part->ctl, m->dev.ctl, sizeof part->ctl,
                                             cudaMemcpyDeviceToHost))) != MVC_OK)
        return status;
    part->seconds += ms / 1000.0;
    part->launches++;

    struct block_stats *blocks = (struct block_stats *)calloc((size_t)p->blocks, sizeof *blocks);
    if (blocks == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for block statistics");
    status = CUDA_CHECK(err, cudaMemcpy(blocks, m->dev.stats, (size_t)p->blocks * sizeof *blocks,
                                        cudaMemcpyDeviceToHost));
    for (int b = 0; b < p->blocks && status == MVC_OK; b++) {
        part->nodes += blocks[b].nodes;
        if (blocks[b].smid >= 0 && blocks[b].smid < SOLVE_MAX_SMS)
            part->per_sm[blocks[b].smid] += blocks[b].nodes;
        if (blocks[b].cycles_total > 0) {
            double total = (double)blocks[b].cycles_total;
            part->worklist += (double)blocks[b].cycles_worklist / total;
            part->reductions += (double)blocks[b].cycles_reduce / total;
            part->branching += (double)blocks[b].cycles_branch / total;
            part->timed++;
        }
    }
    free(blocks);
    if (status != MVC_OK)
        return status;

    const struct search_control *ctl = &part->ctl;
    if (ctl->error == SEARCH_ERROR_STACK_OVERFLOW)
        return error_set(err, MVC_EDEVICE, "internal error: a local stack of %d nodes overflowed",
                         part->r.stack_depth);
    if (ctl->error != SEARCH_ERROR_NONE)
        return error_set(err, MVC_EDEVICE, "internal error: the search kernel reported error %d",
                         ctl->error);
    /* Every lowering of best_size is followed by saving a cover of that size (record_cover). */
    if (!run->pvc && ctl->best_size < run->upper && ctl->saved_size != ctl->best_size)
        return error_set(err, MVC_EDEVICE,
                         "internal error: the search found a cover of %d but saved one of %d",
                         ctl->best_size, ctl->saved_size);
    return MVC_OK;
}

int search_part_copy_exports(const struct gpu_run *run, struct search_part *part, int from, int to,
                             int *nodes, struct error *err)
{
    struct search_memory *m = &part->m;
    size_t node = (size_t)run->stride;
    int status = MVC_OK;
    /* the ring's slots from `from` to its end, then from its start */
    for (int i = from; i < to && status == MVC_OK;) {
        int slot = i % part->slots;
        int count = to - i < part->slots - slot ? to - i : part->slots - slot;
        status = CUDA_CHECK(err, cudaMemcpyAsync(nodes + (size_t)(i - from) * node,
                                                 m->dev.exports + (size_t)slot * node,
                                                 (size_t)count * node * sizeof(int),
                                                 cudaMemcpyDeviceToHost, m->watch.side));
        i += count;
    }
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaStreamSynchronize(m->watch.side));
    if (status == MVC_OK)
        part->exported += to - from;
    return status;
}

int search_part_read_cover(const struct gpu_run *run, struct search_part *part, struct cover *out,
                           struct error *err)
{
    int32_t n = run->g->n;
    int saved_size = part->ctl.saved_size;
    int *node = (int *)malloc(node_bytes(run));
    if (node == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory reading the cover back");
    int status = CUDA_CHECK(
        err, cudaMemcpy(node, part->m.dev.best_node, node_bytes(run), cudaMemcpyDeviceToHost));
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

void search_part_close(struct search_part *part)
{
    search_memory_close(&part->m);
}
