/* The device side of one GPU clique search: see clique_device.h. */
#include "clique_device.h"

#include <stdlib.h>
#include <string.h>

#include "clique_launch.h"
#include "cuda_check.h"

#define MEMORY_SHARE 0.8 /* of the free device memory, for the warps' stacks */
#define MIN_QUEUE_SLOTS 64
/* Export slots of a device: subproblems it may hand to others within one launch. */
#define EXPORT_SLOTS 16384

/* device_alloc, with a message naming what did not fit. */
int clique_alloc(void **p, size_t bytes, const char *what, struct error *err)
{
    int status = device_alloc(p, bytes, err);
    if (status == MVC_ENOMEM)
        return error_set(err, MVC_ENOMEM,
                         "not enough device memory for the clique search's %s (%zu bytes)", what,
                         bytes);
    return status;
}

int clique_device_read_best(struct clique_device *d, int32_t size, int32_t *out,
                            cudaStream_t stream, struct error *err)
{
    int status = CUDA_CHECK(err, cudaMemcpyAsync(out, d->p.best_clique, (size_t)size * sizeof *out,
                                                 cudaMemcpyDeviceToHost, stream));
    return status == MVC_OK ? CUDA_CHECK(err, cudaStreamSynchronize(stream)) : status;
}

void clique_device_close(struct clique_device *d)
{
    struct clique_params *p = &d->p;
    /*
     * A kernel still running here was left by a failure on the host side:
     * told to stop, it ends within a node instead of searching on.
     */
    if (d->watch.stream != NULL)
        kernel_watch_abandon(&d->watch, p->ctl != NULL ? &p->ctl->hot[HOT_STOP] : NULL);
    device_free_all(p->adj, p->ctl, p->root_entry, p->root_rank, p->root_low, p->best_clique,
                    p->nodes_per_sm, p->stacks, p->queue, p->queue_seq, p->exports);
    free(d->seq);
    kernel_watch_close(&d->watch);
    memset(d, 0, sizeof *d);
}

/* The graph and the root's buffers on the device; root_low_rows low classes for the root. */
int clique_device_open(struct clique_device *d, const struct clique_problem *cp,
                       int32_t root_low_rows, struct error *err)
{
    memset(d, 0, sizeof *d);
    struct clique_params *p = &d->p;
    size_t n = (size_t)cp->n, adj_bytes = n * cp->words * sizeof(clique_word);
    int status;
    if ((status = kernel_watch_open(&d->watch, err)) != MVC_OK ||
        (status = clique_alloc((void **)&p->adj, adj_bytes, "adjacency bitsets", err)) != MVC_OK ||
        (status = clique_alloc((void **)&p->ctl, sizeof *p->ctl, "control block", err)) != MVC_OK ||
        (status = clique_alloc((void **)&p->root_entry, n * sizeof *p->root_entry, "root list",
                               err)) != MVC_OK ||
        (status = clique_alloc((void **)&p->root_rank, n * sizeof *p->root_rank, "root ranks",
                               err)) != MVC_OK ||
        (status = clique_alloc((void **)&p->root_low,
                               (size_t)root_low_rows * cp->words * sizeof(clique_word),
                               "root colour classes", err)) != MVC_OK ||
        (status = clique_alloc((void **)&p->best_clique, n * sizeof *p->best_clique, "best clique",
                               err)) != MVC_OK ||
        (status = clique_alloc((void **)&p->nodes_per_sm, SOLVE_MAX_SMS * sizeof *p->nodes_per_sm,
                               "statistics", err)) != MVC_OK)
        return status;
    cudaStream_t stream = d->watch.stream;
    if ((status = CUDA_CHECK(err, cudaMemcpyAsync((void *)p->adj, cp->adj, adj_bytes,
                                                  cudaMemcpyHostToDevice, stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaMemsetAsync(p->root_rank, 0xff, n * sizeof *p->root_rank,
                                                  stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaMemsetAsync(p->nodes_per_sm, 0,
                                                  SOLVE_MAX_SMS * sizeof *p->nodes_per_sm,
                                                  stream))) != MVC_OK)
        return status;
    return MVC_OK;
}

/*
 * Grid and memory of the search: blocks as the occupancy allows (or as the
 * options say), adjacency in shared memory when it fits, and no more warps
 * than their stacks fit in the device memory left.
 */
int clique_device_plan(const struct clique_problem *cp, const struct solve_opts *o, int exports,
                       struct clique_params *p, struct clique_plan *plan, struct error *err)
{
    int device, status, optin = 0;
    if ((status = CUDA_CHECK(err, cudaGetDevice(&device))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaDeviceGetAttribute(&plan->sms, cudaDevAttrMultiProcessorCount,
                                                         device))) != MVC_OK ||
        (status =
             CUDA_CHECK(err, cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                                    device))) != MVC_OK)
        return status;
    plan->lane_words = clique_lane_words(cp->words);
    int max_threads = clique_max_block_threads(plan->lane_words);
    plan->threads = max_threads;
    if (o->gpu.block_size > 0) {
        plan->threads = o->gpu.block_size / CLIQUE_WARP * CLIQUE_WARP;
        if (plan->threads < CLIQUE_WARP)
            plan->threads = CLIQUE_WARP;
        if (plan->threads > max_threads)
            plan->threads = max_threads;
    }
    size_t adj_bytes = (size_t)cp->n * cp->words * sizeof(clique_word);
    plan->shared_bytes = adj_bytes <= (size_t)optin ? adj_bytes : 0;
    int per_sm = 0;
    if ((status = clique_search_occupancy(plan->lane_words, plan->threads, plan->shared_bytes,
                                          &per_sm, err)) != MVC_OK)
        return status;
    if (per_sm == 0 && plan->shared_bytes > 0) {
        plan->shared_bytes = 0;
        if ((status = clique_search_occupancy(plan->lane_words, plan->threads, 0, &per_sm, err)) !=
            MVC_OK)
            return status;
    }
    if (per_sm == 0)
        return error_set(err, MVC_EDEVICE,
                         "the clique search kernel does not fit on this device "
                         "(%d threads per block)",
                         plan->threads);
    plan->blocks = o->gpu.blocks > 0 ? o->gpu.blocks : plan->sms * per_sm;
    int warps_per_block = plan->threads / CLIQUE_WARP;
    plan->warps = plan->blocks * warps_per_block;

    p->arena = clique_arena_entries(cp->max_degree, p->rows - 1);
    p->stack_stride = clique_stack_stride(p->rows, cp->words, p->arena, p->maxsat);
    p->slot_stride = clique_slot_stride(p->rows, cp->words);
    size_t free_bytes = 0, total_bytes = 0;
    if ((status = CUDA_CHECK(err, cudaMemGetInfo(&free_bytes, &total_bytes))) != MVC_OK)
        return status;
    double budget = MEMORY_SHARE * (double)free_bytes;
    if (o->gpu.device_memory_limit > 0 && (double)o->gpu.device_memory_limit < budget)
        budget = (double)o->gpu.device_memory_limit;
    if (exports)
        budget -= (double)EXPORT_SLOTS * p->slot_stride * sizeof(int32_t);
    /* a warp costs its stack and about two queue slots (the queue has a slot per warp, rounded up)
     */
    double per_warp = (double)(p->stack_stride + 2 * p->slot_stride) * sizeof(int32_t);
    double fit = budget / per_warp;
    if (fit < 1)
        return error_set(err, MVC_ENOMEM,
                         "not enough device memory for one warp of the clique search "
                         "(%.0f bytes per warp, %.0f available)",
                         per_warp, budget);
    if ((double)plan->warps > fit) {
        plan->warps = (int)fit;
        plan->blocks = (plan->warps + warps_per_block - 1) / warps_per_block;
    }
    unsigned int capacity = MIN_QUEUE_SLOTS;
    while (capacity < (unsigned int)plan->warps)
        capacity *= 2;
    plan->queue_capacity = capacity;
    p->warps = plan->warps;
    p->queue_capacity = capacity;
    p->adj_shared = plan->shared_bytes > 0;
    return MVC_OK;
}

/* Stack and queue memory for the planned grid, and export slots when `exports`. */
int clique_device_open_grid(struct clique_device *d, const struct clique_plan *plan, int exports,
                            struct error *err)
{
    struct clique_params *p = &d->p;
    int status;
    size_t stack_bytes = (size_t)plan->warps * p->stack_stride * sizeof(int32_t);
    size_t queue_bytes = (size_t)plan->queue_capacity * p->slot_stride * sizeof(int32_t);
    p->export_capacity = exports ? EXPORT_SLOTS : 0;
    size_t export_bytes = (size_t)p->export_capacity * p->slot_stride * sizeof(int32_t);
    if ((status = clique_alloc((void **)&p->stacks, stack_bytes, "warp stacks", err)) != MVC_OK ||
        (status = clique_alloc((void **)&p->queue, queue_bytes, "subproblem queue", err)) !=
            MVC_OK ||
        (status = clique_alloc((void **)&p->queue_seq, plan->queue_capacity * sizeof(unsigned int),
                               "subproblem queue", err)) != MVC_OK ||
        (exports && (status = clique_alloc((void **)&p->exports, export_bytes, "export slots",
                                           err)) != MVC_OK))
        return status;
    d->seq = (unsigned int *)malloc(plan->queue_capacity * sizeof *d->seq);
    if (d->seq == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the subproblem queue");
    return MVC_OK;
}

int clique_device_load(struct clique_device *d, struct clique_control *ctl, const int32_t *slots,
                       unsigned int count, struct error *err)
{
    struct clique_params *p = &d->p;
    cudaStream_t stream = d->watch.stream;
    clique_control_load(ctl, d->seq, p->queue_capacity, count);
    int status;
    if ((status = CUDA_CHECK(err, cudaMemcpyAsync(p->queue_seq, d->seq,
                                                  p->queue_capacity * sizeof *d->seq,
                                                  cudaMemcpyHostToDevice, stream))) != MVC_OK)
        return status;
    if (count > 0 &&
        (status = CUDA_CHECK(err, cudaMemcpyAsync(p->queue, slots,
                                                  count * p->slot_stride * sizeof(int32_t),
                                                  cudaMemcpyHostToDevice, stream))) != MVC_OK)
        return status;
    /*
     * On the device before the launch: a stop the host sends on the side
     * stream once the search runs must not be overwritten by this copy.
     */
    if ((status = CUDA_CHECK(err, cudaMemcpyAsync(p->ctl, ctl, sizeof *ctl, cudaMemcpyHostToDevice,
                                                  stream))) != MVC_OK)
        return status;
    return CUDA_CHECK(err, cudaStreamSynchronize(stream));
}

int clique_device_colour_root(struct clique_device *d, int min_colour, struct clique_control *ctl,
                              struct error *err)
{
    struct clique_params *p = &d->p;
    cudaStream_t stream = d->watch.stream;
    int status;
    if ((status = CUDA_CHECK(err, cudaMemcpyAsync(p->ctl, ctl, sizeof *ctl, cudaMemcpyHostToDevice,
                                                  stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventRecord(d->watch.started, stream))) != MVC_OK ||
        (status = clique_launch_root(p, min_colour, stream, err)) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaMemcpyAsync(ctl, p->ctl, sizeof *ctl, cudaMemcpyDeviceToHost,
                                                  stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventRecord(d->watch.finished, stream))) != MVC_OK)
        return status;
    return CUDA_CHECK(err, cudaStreamSynchronize(stream));
}
