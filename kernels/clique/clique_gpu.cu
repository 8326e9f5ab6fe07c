/*
 * gpu_solve_clique (src/gpu/gpu.h): minimum vertex cover of a dense graph as
 * the complement of a maximum clique of its edge complement, searched by the
 * kernels of clique_search.cuh. This part owns the device memory, plans the
 * grid, waits for the search while honouring stop requests, and turns the
 * best clique into a cover.
 */
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "clock.h"
#include "cover.h"
#include "error.h"
#include "graph.h"
#include "solve.h"
}
#include "gpu.h"

#include "clique_launch.h"
#include "clique_layout.h"
#include "clique_prepare.h"
#include "cuda_check.h"
#include "kernel_watch.h"

#define MEMORY_SHARE 0.8 /* of the free device memory, for the warps' stacks */
#define MIN_QUEUE_SLOTS 64

/*
 * Everything a solve holds on the device, released on every path by
 * device_close: the kernels' parameters, whose pointers are the device
 * buffers, and the watch over the search kernel.
 */
struct clique_device {
    struct clique_params p;
    struct kernel_watch watch;
};

/* How the grid is laid out for one search. */
struct clique_plan {
    int lane_words, threads, blocks, warps, sms;
    size_t shared_bytes;
    unsigned int queue_capacity;
};

/* What a search leaves behind. */
struct clique_outcome {
    int complete; /* the whole tree was searched (or pruned) */
    int64_t nodes;
    double seconds; /* kernel time */
};

/* device_alloc, with a message naming what did not fit. */
static int clique_alloc(void **p, size_t bytes, const char *what, struct error *err)
{
    int status = device_alloc(p, bytes, err);
    if (status == MVC_ENOMEM)
        return error_set(err, MVC_ENOMEM,
                         "not enough device memory for the clique search's %s (%zu bytes)", what,
                         bytes);
    return status;
}

static void device_close(struct clique_device *d)
{
    struct clique_params *p = &d->p;
    if (d->watch.stream != NULL)
        (void)CUDA_CHECK(NULL, cudaStreamSynchronize(d->watch.stream));
    device_free_all(p->adj, p->ctl, p->root_entry, p->root_rank, p->root_low, p->best_clique,
                    p->nodes_per_sm, p->stacks, p->queue, p->queue_seq);
    kernel_watch_close(&d->watch);
    memset(d, 0, sizeof *d);
}

/* The graph and the root's buffers on the device; root_low_rows low classes for the root. */
static int device_open(struct clique_device *d, const struct clique_problem *cp,
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
static int plan_search(const struct clique_problem *cp, const struct solve_opts *o,
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

/* Stack and queue memory for the planned grid, and the control block set for it. */
static int open_search(struct clique_device *d, const struct clique_plan *plan,
                       struct clique_control *ctl, struct error *err)
{
    struct clique_params *p = &d->p;
    int status;
    size_t stack_bytes = (size_t)plan->warps * p->stack_stride * sizeof(int32_t);
    size_t queue_bytes = (size_t)plan->queue_capacity * p->slot_stride * sizeof(int32_t);
    if ((status = clique_alloc((void **)&p->stacks, stack_bytes, "warp stacks", err)) != MVC_OK ||
        (status = clique_alloc((void **)&p->queue, queue_bytes, "subproblem queue", err)) !=
            MVC_OK ||
        (status = clique_alloc((void **)&p->queue_seq, plan->queue_capacity * sizeof(unsigned int),
                               "subproblem queue", err)) != MVC_OK)
        return status;
    unsigned int *seq = (unsigned int *)malloc(plan->queue_capacity * sizeof *seq);
    if (seq == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the subproblem queue");
    for (unsigned int i = 0; i < plan->queue_capacity; i++)
        seq[i] = i; /* slot i first takes ticket i */
    status = CUDA_CHECK(err, cudaMemcpyAsync(p->queue_seq, seq, plan->queue_capacity * sizeof *seq,
                                             cudaMemcpyHostToDevice, d->watch.stream));
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaStreamSynchronize(d->watch.stream));
    free(seq);
    if (status != MVC_OK)
        return status;
    ctl->hot[HOT_PENDING] = p->root_count;
    ctl->hot[HOT_HUNGRY] = ctl->hot[HOT_AVAIL] = 0;
    ctl->hot[HOT_ROOT_TAKEN] = 0;
    ctl->space = (int)plan->queue_capacity;
    ctl->head = ctl->tail = 0;
    ctl->best_lock = 0;
    ctl->nodes = 0;
    /*
     * On the device before the launch: a stop the host sends on the side
     * stream once the search runs must not be overwritten by this copy.
     */
    status = CUDA_CHECK(
        err, cudaMemcpyAsync(p->ctl, ctl, sizeof *ctl, cudaMemcpyHostToDevice, d->watch.stream));
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaStreamSynchronize(d->watch.stream));
    return status;
}

/* The clique held beside the search (solve.h): the complement of its cover (0 before). */
static int32_t held_clique(const struct held_cover *held, int32_t n)
{
    int32_t size = held_cover_size(held);
    return size < n ? n - size : 0;
}

/*
 * Waits for the search; a stop request reaches the kernel through
 * ctl->hot[HOT_STOP], a larger clique held beside it (solve.h) through
 * ctl->hot[HOT_FLOOR] (and, at the target, a stop), and the best clique's
 * complement goes to the progress board.
 */
static int wait_for_search(struct clique_device *d, const struct solve_opts *o, int32_t n,
                           int32_t floor, int32_t target, struct error *err)
{
    int stop_sent = 0;
    struct clique_control *ctl = d->p.ctl;
    auto look = [&]() {
        int status = MVC_OK;
        int32_t held = held_clique(o->clique.held, n);
        if (held > floor) {
            floor = held;
            progress_improve(o->report, n - held);
            status = kernel_watch_write(&d->watch, &ctl->hot[HOT_FLOOR], held, err);
            if (status == MVC_OK && held >= target && !stop_sent) {
                status = kernel_watch_send_stop(&d->watch, &ctl->hot[HOT_STOP], err);
                stop_sent = 1;
            }
        }
        if (status == MVC_OK && o->report != NULL) {
            int best = 0;
            status = kernel_watch_read(&d->watch, &ctl->hot[HOT_BEST], &best, err);
            if (status == MVC_OK)
                progress_improve(o->report, n - best);
        }
        return status;
    };
    return kernel_watch_wait(&d->watch, o, &ctl->hot[HOT_STOP], &stop_sent, true, look,
                             "the clique search kernel", err);
}

/*
 * The whole device search from the greedy clique in cp->clique[0 .. size),
 * bounded also by the clique held beside it (solve.h): root colouring,
 * then the grid. Leaves the best clique the device found in cp->clique.
 */
static int search_on_device(struct clique_device *d, struct clique_problem *cp,
                            const struct solve_opts *o, int32_t target, int32_t root_low_rows,
                            int maxsat, struct clique_outcome *out, struct solve_stats *st,
                            struct error *err)
{
    struct clique_params *p = &d->p;
    cudaStream_t stream = d->watch.stream;
    struct clique_control ctl;
    memset(&ctl, 0, sizeof ctl);
    int32_t floor = held_clique(o->clique.held, cp->n);
    ctl.hot[HOT_BEST] = cp->size;
    ctl.hot[HOT_STOP] = kernel_watch_stop_requested(o) || floor >= target;
    ctl.hot[HOT_FLOOR] = floor;
    p->n = cp->n;
    p->words = cp->words;
    p->maxsat = maxsat;
    p->floor_size = o->k >= 0 ? target - 1 : 0;
    p->target = target;
    int32_t bound = cp->size > p->floor_size ? cp->size : p->floor_size;
    bound = floor > bound ? floor : bound;
    /*
     * The root keeps its classes under the bound + 1, in the rows device_open
     * made before the floor was known: past them it lists more branches, and
     * the grid skips those the floor rules out.
     */
    int32_t root_bound = bound < root_low_rows ? bound : root_low_rows;
    int status;
    if ((status = CUDA_CHECK(err, cudaMemcpyAsync(p->ctl, &ctl, sizeof ctl, cudaMemcpyHostToDevice,
                                                  stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventRecord(d->watch.started, stream))) != MVC_OK ||
        (status = clique_launch_root(p, root_bound + 1, stream, err)) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaMemcpyAsync(&ctl, p->ctl, sizeof ctl, cudaMemcpyDeviceToHost,
                                                  stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaStreamSynchronize(stream))) != MVC_OK)
        return status;
    out->nodes = 1; /* the root */
    p->root_count = ctl.root_count;
    p->rows = ctl.colours + 1;
    if (p->root_count > 0) {
        struct clique_plan plan;
        memset(&plan, 0, sizeof plan);
        if ((status = plan_search(cp, o, p, &plan, err)) != MVC_OK ||
            (status = open_search(d, &plan, &ctl, err)) != MVC_OK ||
            (status = clique_launch_search(p, plan.blocks, plan.threads, plan.shared_bytes, stream,
                                           err)) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaEventRecord(d->watch.finished, stream))) != MVC_OK ||
            (status = wait_for_search(d, o, cp->n, floor, target, err)) != MVC_OK)
            return status;
        unsigned long long per_sm[SOLVE_MAX_SMS];
        if ((status = CUDA_CHECK(err, cudaMemcpyAsync(&ctl, p->ctl, sizeof ctl,
                                                      cudaMemcpyDeviceToHost, stream))) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaMemcpyAsync(per_sm, p->nodes_per_sm, sizeof per_sm,
                                                      cudaMemcpyDeviceToHost, stream))) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaStreamSynchronize(stream))) != MVC_OK)
            return status;
        st->blocks = plan.blocks;
        st->block_size = plan.threads;
        st->sms = plan.sms;
        for (int i = 0; i < SOLVE_MAX_SMS; i++)
            st->nodes_per_sm[i] = (int64_t)per_sm[i];
        out->nodes += (int64_t)ctl.nodes;
        st->maxsat_spared = (int64_t)ctl.spared;
        /*
         * A stop request ends the warps' expansions early and they still count
         * their items done, so no pending work proves nothing once the stop
         * word was raised: then the search is taken as cut short.
         */
        out->complete = ctl.hot[HOT_PENDING] == 0 && ctl.hot[HOT_STOP] == 0;
    } else {
        if ((status = CUDA_CHECK(err, cudaEventRecord(d->watch.finished, stream))) != MVC_OK)
            return status;
        out->complete = 1; /* the root's colouring bounds every branch */
    }
    float ms = 0;
    if ((status = CUDA_CHECK(err, cudaEventSynchronize(d->watch.finished))) != MVC_OK ||
        (status = CUDA_CHECK(
             err, cudaEventElapsedTime(&ms, d->watch.started, d->watch.finished))) != MVC_OK)
        return status;
    out->seconds = ms / 1000.0;
    if (ctl.hot[HOT_BEST] > cp->size) {
        if ((status =
                 CUDA_CHECK(err, cudaMemcpyAsync(cp->clique, p->best_clique,
                                                 (size_t)ctl.hot[HOT_BEST] * sizeof *cp->clique,
                                                 cudaMemcpyDeviceToHost, stream))) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaStreamSynchronize(stream))) != MVC_OK)
            return status;
        cp->size = ctl.hot[HOT_BEST];
    }
    return MVC_OK;
}

/*
 * MaxSAT reasoning over the colour classes, unless the colour bound alone is
 * asked for: where the graph searched for cliques (g's complement) has an
 * edge density of at least 0.4, as the CPU search decides it
 * (src/vc/clique/clique.c, MAXSAT_MIN_DENSITY: in sparser ones each
 * propagation falsifies most candidates and costs more than it spares), and
 * where the greedy clique has at least MAXSAT_MIN_CLIQUE vertices: with few
 * classes under the threshold a propagation seldom meets a conflict. On an
 * H200, search seconds with / without: C250.9 (ω 44) 1.32 / 4.10,
 * p_hat700-3 (62) 0.93 / 1.92, p_hat1500-2 (65) 6.66 / 12.76, brock400_1
 * (27) 0.55 / 0.68, but DSJC1000.5 (ω 15, density 0.5) 0.63 / 0.44.
 * Measured up to density 0.9 (C250.9) only, it stays off above
 * MAXSAT_MAX_DENSITY: on the nearly complete clique graphs of sparse vertex
 * cover instances (the PACE 2019 kernels, the 120-cell) a node reasons over
 * hundreds of classes of one or two vertices, and the kernels look at the
 * stop word once a node (with it on, one SIGTERM on the 120-cell was
 * answered after 1.1 s).
 */
#define MAXSAT_MIN_CLIQUE 16
#define MAXSAT_MIN_DENSITY 0.4
#define MAXSAT_MAX_DENSITY 0.95

static int maxsat_pays(const struct graph *g, const struct solve_opts *o, int32_t greedy)
{
    double density = graph_complement_density(g);
    return !o->clique.colour_bound_only && greedy >= MAXSAT_MIN_CLIQUE &&
           density >= MAXSAT_MIN_DENSITY && density <= MAXSAT_MAX_DENSITY;
}

/* The cover: every vertex but those of the clique (search indices mapped back). */
static void cover_from_clique(const struct clique_problem *cp, struct cover *out)
{
    memset(out->in, 1, (size_t)cp->n);
    out->size = cp->n;
    for (int32_t i = 0; i < cp->size; i++) {
        out->in[cp->order[cp->clique[i]]] = 0;
        out->size--;
    }
}

int gpu_solve_clique(const struct graph *g, const struct solve_opts *o, struct cover *out,
                     struct solve_stats *st, struct error *err)
{
    double start = clock_seconds();
    st->solver = "clique-gpu";
    if (cover_init(out, g->n) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for a cover of %ld vertices", (long)g->n);
    if (g->n == 0) {
        st->proven = 1;
        return o->k >= 0 ? SOLVE_FOUND : SOLVE_OPTIMAL;
    }
    if (g->n > CLIQUE_GPU_MAX_VERTICES)
        return error_set(err, MVC_EUNSUPPORTED,
                         "solver 'clique' takes at most %d vertices, the graph has %ld",
                         CLIQUE_GPU_MAX_VERTICES, (long)g->n);
    struct clique_problem cp;
    if (clique_problem_prepare(g, &cp) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for the dense-graph search (%ld vertices)",
                         (long)g->n);
    st->t_upper = clock_seconds() - start;
    st->greedy_size = g->n - cp.size;
    cover_from_clique(&cp, out);
    progress_improve(o->report, out->size);
    /* PVC: a cover of size <= k is an independent set of size >= n - k */
    int64_t wanted = o->k >= 0 ? (int64_t)g->n - o->k : (int64_t)g->n + 1;
    int32_t target = wanted > 0 ? (int32_t)wanted : 0;
    struct clique_outcome r;
    memset(&r, 0, sizeof r);
    r.complete = 1;
    if (cp.size < target) {
        /* the root keeps its classes under the bound + 1: at most min(bound, n) of them */
        int32_t floor_size = o->k >= 0 ? target - 1 : 0;
        int32_t bound = cp.size > floor_size ? cp.size : floor_size;
        int32_t low_rows = bound < g->n ? bound : g->n;
        low_rows = low_rows > 0 ? low_rows : 1;
        struct clique_device d;
        memset(&d, 0, sizeof d);
        int claimed = kernel_watch_claim_device(o);
        int status = claimed ? device_open(&d, &cp, low_rows, err) : MVC_OK;
        /*
         * The device's start-up can take longer than a short limit: past the
         * deadline no search starts, as in the vertex cover solvers, and the
         * greedy answer stands, unproven.
         */
        if (status == MVC_OK && (!claimed || kernel_watch_stop_requested(o)))
            r.complete = 0;
        else if (status == MVC_OK)
            status = search_on_device(&d, &cp, o, target, low_rows, maxsat_pays(g, o, cp.size), &r,
                                      st, err);
        if (claimed) {
            device_close(&d);
            kernel_watch_release_device();
        }
        if (status != MVC_OK) {
            clique_problem_free(&cp);
            return status;
        }
        cover_from_clique(&cp, out);
        /* the search proved that nothing beats the larger of its clique and the floor */
        const struct cover *held = held_cover_latest(o->clique.held);
        if (held != NULL && held->size < out->size) {
            memcpy(out->in, held->in, (size_t)g->n);
            out->size = held->size;
        }
    }
    st->nodes = r.nodes;
    st->t_search = r.seconds;
    st->best = out->size;
    progress_nodes(o->report, r.nodes);
    progress_improve(o->report, out->size);
    int outcome;
    if (o->k >= 0)
        outcome = out->size <= o->k ? SOLVE_FOUND : r.complete ? SOLVE_NO_COVER : SOLVE_STOPPED;
    else
        outcome = r.complete ? SOLVE_OPTIMAL : SOLVE_STOPPED;
    st->proven = outcome != SOLVE_STOPPED;
    if (outcome == SOLVE_OPTIMAL)
        st->lower_bound = out->size;
    else if (outcome == SOLVE_NO_COVER)
        st->lower_bound = (int32_t)(o->k + 1);
    progress_lower(o->report, st->lower_bound);
    clique_problem_free(&cp);
    return outcome;
}
