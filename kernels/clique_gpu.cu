/*
 * gpu_solve_clique (src/gpu.h): minimum vertex cover of a dense graph as the
 * complement of a maximum clique of its edge complement, searched by the
 * kernels of clique_search.cu. This part owns the device memory, plans the
 * grid, waits for the search while honouring stop requests, and turns the
 * best clique into a cover.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern "C" {
#include "clique.h"
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

#define POLL_NS 200000     /* host wait between looks at the running kernel */
#define REPORT_SECONDS 0.1 /* between reads of the best clique's size for the progress board */
#define MEMORY_SHARE 0.8   /* of the free device memory, for the warps' stacks */
#define MIN_QUEUE_SLOTS 64

/* Pinned host words the host copies to or from the running kernel. */
enum host_word { HOST_ONE, HOST_BEST, HOST_WORDS };

/* Everything a solve holds on the device; released on every path by device_close. */
struct clique_device {
    clique_word *adj;
    struct clique_control *ctl;
    uint32_t *root_entry;
    int32_t *root_rank;
    clique_word *root_low;
    int32_t *best_clique;
    unsigned long long *nodes_per_sm;
    int32_t *stacks;
    int32_t *queue;
    unsigned int *queue_seq;
    int *host_words;
    cudaStream_t stream, side;
    cudaEvent_t started, finished;
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

/* cudaMalloc with a message naming what did not fit. */
static int device_alloc(void **p, size_t bytes, const char *what, struct error *err)
{
    cudaError_t code = cudaMalloc(p, bytes > 0 ? bytes : 1);
    if (code == cudaSuccess)
        return MVC_OK;
    *p = NULL;
    if (code == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError();
        return error_set(err, MVC_ENOMEM,
                         "not enough device memory for the clique search's %s (%zu bytes)", what,
                         bytes);
    }
    return CUDA_CHECK(err, code);
}

static void device_free(void *p)
{
    if (p != NULL)
        (void)CUDA_CHECK(NULL, cudaFree(p));
}

static void device_close(struct clique_device *d)
{
    if (d->stream != NULL)
        (void)CUDA_CHECK(NULL, cudaStreamSynchronize(d->stream));
    device_free(d->adj), device_free(d->ctl), device_free(d->root_entry);
    device_free(d->root_rank), device_free(d->root_low), device_free(d->best_clique);
    device_free(d->nodes_per_sm), device_free(d->stacks), device_free(d->queue);
    device_free(d->queue_seq);
    if (d->host_words != NULL)
        (void)CUDA_CHECK(NULL, cudaFreeHost(d->host_words));
    if (d->started != NULL)
        (void)CUDA_CHECK(NULL, cudaEventDestroy(d->started));
    if (d->finished != NULL)
        (void)CUDA_CHECK(NULL, cudaEventDestroy(d->finished));
    if (d->stream != NULL)
        (void)CUDA_CHECK(NULL, cudaStreamDestroy(d->stream));
    if (d->side != NULL)
        (void)CUDA_CHECK(NULL, cudaStreamDestroy(d->side));
    memset(d, 0, sizeof *d);
}

/* The graph and the root's buffers on the device; root_low_rows low classes for the root. */
static int device_open(struct clique_device *d, const struct clique_problem *cp,
                       int32_t root_low_rows, struct error *err)
{
    memset(d, 0, sizeof *d);
    size_t n = (size_t)cp->n, adj_bytes = n * cp->words * sizeof(clique_word);
    int status;
    if ((status = CUDA_CHECK(err, cudaStreamCreateWithFlags(&d->stream, cudaStreamNonBlocking))) !=
            MVC_OK ||
        (status = CUDA_CHECK(err, cudaStreamCreateWithFlags(&d->side, cudaStreamNonBlocking))) !=
            MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventCreate(&d->started))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventCreate(&d->finished))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaHostAlloc((void **)&d->host_words, HOST_WORDS * sizeof(int),
                                                cudaHostAllocDefault))) != MVC_OK ||
        (status = device_alloc((void **)&d->adj, adj_bytes, "adjacency bitsets", err)) != MVC_OK ||
        (status = device_alloc((void **)&d->ctl, sizeof *d->ctl, "control block", err)) != MVC_OK ||
        (status = device_alloc((void **)&d->root_entry, n * sizeof *d->root_entry, "root list",
                               err)) != MVC_OK ||
        (status = device_alloc((void **)&d->root_rank, n * sizeof *d->root_rank, "root ranks",
                               err)) != MVC_OK ||
        (status = device_alloc((void **)&d->root_low,
                               (size_t)root_low_rows * cp->words * sizeof(clique_word),
                               "root colour classes", err)) != MVC_OK ||
        (status = device_alloc((void **)&d->best_clique, n * sizeof *d->best_clique, "best clique",
                               err)) != MVC_OK ||
        (status = device_alloc((void **)&d->nodes_per_sm, SOLVE_MAX_SMS * sizeof *d->nodes_per_sm,
                               "statistics", err)) != MVC_OK)
        return status;
    d->host_words[HOST_ONE] = 1;
    if ((status = CUDA_CHECK(err, cudaMemcpyAsync(d->adj, cp->adj, adj_bytes,
                                                  cudaMemcpyHostToDevice, d->stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaMemsetAsync(d->root_rank, 0xff, n * sizeof *d->root_rank,
                                                  d->stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaMemsetAsync(d->nodes_per_sm, 0,
                                                  SOLVE_MAX_SMS * sizeof *d->nodes_per_sm,
                                                  d->stream))) != MVC_OK)
        return status;
    return MVC_OK;
}

static int stop_requested(const struct solve_opts *o, double start)
{
    if (o->stop != NULL && *o->stop)
        return 1;
    return o->time_limit > 0 && clock_seconds() - start >= o->time_limit;
}

static void pause_host(void)
{
    struct timespec ts = {0, POLL_NS};
    nanosleep(&ts, NULL);
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
    if (o->block_size > 0) {
        plan->threads = o->block_size / CLIQUE_WARP * CLIQUE_WARP;
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
    plan->blocks = o->blocks > 0 ? o->blocks : plan->sms * per_sm;
    int warps_per_block = plan->threads / CLIQUE_WARP;
    plan->warps = plan->blocks * warps_per_block;

    p->arena = clique_arena_entries(cp->max_degree, p->rows - 1);
    p->stack_stride = clique_stack_stride(p->rows, cp->words, p->arena);
    p->slot_stride = clique_slot_stride(p->rows, cp->words);
    size_t free_bytes = 0, total_bytes = 0;
    if ((status = CUDA_CHECK(err, cudaMemGetInfo(&free_bytes, &total_bytes))) != MVC_OK)
        return status;
    double budget = MEMORY_SHARE * (double)free_bytes;
    if (o->device_memory_limit > 0 && (double)o->device_memory_limit < budget)
        budget = (double)o->device_memory_limit;
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
                       struct clique_params *p, struct clique_control *ctl, struct error *err)
{
    int status;
    size_t stack_bytes = (size_t)plan->warps * p->stack_stride * sizeof(int32_t);
    size_t queue_bytes = (size_t)plan->queue_capacity * p->slot_stride * sizeof(int32_t);
    if ((status = device_alloc((void **)&d->stacks, stack_bytes, "warp stacks", err)) != MVC_OK ||
        (status = device_alloc((void **)&d->queue, queue_bytes, "subproblem queue", err)) !=
            MVC_OK ||
        (status = device_alloc((void **)&d->queue_seq, plan->queue_capacity * sizeof(unsigned int),
                               "subproblem queue", err)) != MVC_OK)
        return status;
    unsigned int *seq = (unsigned int *)malloc(plan->queue_capacity * sizeof *seq);
    if (seq == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the subproblem queue");
    for (unsigned int i = 0; i < plan->queue_capacity; i++)
        seq[i] = i; /* slot i first takes ticket i */
    status = CUDA_CHECK(err, cudaMemcpyAsync(d->queue_seq, seq, plan->queue_capacity * sizeof *seq,
                                             cudaMemcpyHostToDevice, d->stream));
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaStreamSynchronize(d->stream));
    free(seq);
    if (status != MVC_OK)
        return status;
    p->stacks = d->stacks;
    p->queue = d->queue;
    p->queue_seq = d->queue_seq;
    ctl->hot[HOT_PENDING] = p->root_count;
    ctl->hot[HOT_HUNGRY] = ctl->hot[HOT_AVAIL] = 0;
    ctl->hot[HOT_ROOT_TAKEN] = 0;
    ctl->space = (int)plan->queue_capacity;
    ctl->head = ctl->tail = 0;
    ctl->best_lock = 0;
    ctl->nodes = 0;
    return CUDA_CHECK(err,
                      cudaMemcpyAsync(d->ctl, ctl, sizeof *ctl, cudaMemcpyHostToDevice, d->stream));
}

/*
 * Waits for the search by polling, so that a stop request (signal or time
 * limit) reaches the kernel: the host copies a 1 into ctl->hot[HOT_STOP] on a
 * second stream while the kernel runs. The best clique's complement goes to
 * the progress board.
 */
static int wait_for_search(struct clique_device *d, const struct solve_opts *o, double start,
                           int32_t n, struct error *err)
{
    int stop_sent = 0;
    double last_report = clock_seconds();
    for (;;) {
        cudaError_t code = cudaEventQuery(d->finished);
        if (code == cudaSuccess)
            return MVC_OK;
        if (code != cudaErrorNotReady)
            return CUDA_CHECK(err, code);
        if (!stop_sent && stop_requested(o, start)) {
            int status =
                CUDA_CHECK(err, cudaMemcpyAsync(&d->ctl->hot[HOT_STOP], &d->host_words[HOST_ONE],
                                                sizeof(int), cudaMemcpyHostToDevice, d->side));
            if (status != MVC_OK)
                return status;
            stop_sent = 1;
        }
        double now = clock_seconds();
        if (o->report != NULL && now - last_report >= REPORT_SECONDS) {
            last_report = now;
            int status =
                CUDA_CHECK(err, cudaMemcpyAsync(&d->host_words[HOST_BEST], &d->ctl->hot[HOT_BEST],
                                                sizeof(int), cudaMemcpyDeviceToHost, d->side));
            if (status == MVC_OK)
                status = CUDA_CHECK(err, cudaStreamSynchronize(d->side));
            if (status != MVC_OK)
                return status;
            progress_improve(o->report, n - d->host_words[HOST_BEST]);
        }
        pause_host();
    }
}

/*
 * The whole device search from the greedy clique in cp->clique[0 .. size):
 * root colouring, then the grid. Leaves the best clique in cp->clique.
 */
static int search_on_device(struct clique_device *d, struct clique_problem *cp,
                            const struct solve_opts *o, int32_t target, double start,
                            struct clique_outcome *out, struct solve_stats *st, struct error *err)
{
    struct clique_control ctl;
    memset(&ctl, 0, sizeof ctl);
    ctl.hot[HOT_BEST] = cp->size;
    ctl.hot[HOT_STOP] = stop_requested(o, start);
    struct clique_params p;
    memset(&p, 0, sizeof p);
    p.n = cp->n;
    p.words = cp->words;
    p.floor_size = o->k >= 0 ? target - 1 : 0;
    p.target = target;
    p.adj = d->adj;
    p.ctl = d->ctl;
    p.root_entry = d->root_entry;
    p.root_rank = d->root_rank;
    p.root_low = d->root_low;
    p.best_clique = d->best_clique;
    p.nodes_per_sm = d->nodes_per_sm;
    int32_t bound = cp->size > p.floor_size ? cp->size : p.floor_size;
    int status;
    if ((status = CUDA_CHECK(err, cudaMemcpyAsync(d->ctl, &ctl, sizeof ctl, cudaMemcpyHostToDevice,
                                                  d->stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventRecord(d->started, d->stream))) != MVC_OK ||
        (status = clique_launch_root(&p, bound + 1, d->stream, err)) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaMemcpyAsync(&ctl, d->ctl, sizeof ctl, cudaMemcpyDeviceToHost,
                                                  d->stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaStreamSynchronize(d->stream))) != MVC_OK)
        return status;
    out->nodes = 1; /* the root */
    p.root_count = ctl.root_count;
    p.rows = ctl.colours + 1;
    if (p.root_count > 0) {
        struct clique_plan plan;
        memset(&plan, 0, sizeof plan);
        if ((status = plan_search(cp, o, &p, &plan, err)) != MVC_OK ||
            (status = open_search(d, &plan, &p, &ctl, err)) != MVC_OK ||
            (status = clique_launch_search(&p, plan.blocks, plan.threads, plan.shared_bytes,
                                           d->stream, err)) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaEventRecord(d->finished, d->stream))) != MVC_OK ||
            (status = wait_for_search(d, o, start, cp->n, err)) != MVC_OK)
            return status;
        unsigned long long per_sm[SOLVE_MAX_SMS];
        if ((status = CUDA_CHECK(err, cudaMemcpyAsync(&ctl, d->ctl, sizeof ctl,
                                                      cudaMemcpyDeviceToHost, d->stream))) !=
                MVC_OK ||
            (status = CUDA_CHECK(err, cudaMemcpyAsync(per_sm, d->nodes_per_sm, sizeof per_sm,
                                                      cudaMemcpyDeviceToHost, d->stream))) !=
                MVC_OK ||
            (status = CUDA_CHECK(err, cudaStreamSynchronize(d->stream))) != MVC_OK)
            return status;
        st->blocks = plan.blocks;
        st->block_size = plan.threads;
        st->sms = plan.sms;
        for (int i = 0; i < SOLVE_MAX_SMS; i++)
            st->nodes_per_sm[i] = (int64_t)per_sm[i];
        out->nodes += (int64_t)ctl.nodes;
        /*
         * A stop request ends the warps' expansions early and they still count
         * their items done, so no pending work proves nothing once the stop
         * word was raised: then the search is taken as cut short.
         */
        out->complete = ctl.hot[HOT_PENDING] == 0 && ctl.hot[HOT_STOP] == 0;
    } else {
        if ((status = CUDA_CHECK(err, cudaEventRecord(d->finished, d->stream))) != MVC_OK)
            return status;
        out->complete = 1; /* the root's colouring bounds every branch */
    }
    float ms = 0;
    if ((status = CUDA_CHECK(err, cudaEventSynchronize(d->finished))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventElapsedTime(&ms, d->started, d->finished))) != MVC_OK)
        return status;
    out->seconds = ms / 1000.0;
    if (ctl.hot[HOT_BEST] > cp->size) {
        if ((status =
                 CUDA_CHECK(err, cudaMemcpyAsync(cp->clique, d->best_clique,
                                                 (size_t)ctl.hot[HOT_BEST] * sizeof *cp->clique,
                                                 cudaMemcpyDeviceToHost, d->stream))) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaStreamSynchronize(d->stream))) != MVC_OK)
            return status;
        cp->size = ctl.hot[HOT_BEST];
    }
    return MVC_OK;
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
    if (g->n > CLIQUE_MAX_VERTICES)
        return error_set(err, MVC_EUNSUPPORTED,
                         "solver 'clique' takes at most %d vertices, the graph has %ld",
                         CLIQUE_MAX_VERTICES, (long)g->n);
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
        struct clique_device d;
        int status = device_open(&d, &cp, low_rows > 0 ? low_rows : 1, err);
        if (status == MVC_OK)
            status = search_on_device(&d, &cp, o, target, start, &r, st, err);
        device_close(&d);
        if (status != MVC_OK) {
            clique_problem_free(&cp);
            return status;
        }
        cover_from_clique(&cp, out);
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
