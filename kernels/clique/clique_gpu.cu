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
#include "device_team.h"
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
    ctl->hot[HOT_PENDING] = 1; /* the root list's unit (take_root_ticket) */
    ctl->hot[HOT_HUNGRY] = ctl->hot[HOT_AVAIL] = 0;
    ctl->hot[HOT_ROOTS_DONE] = 0;
    ctl->root_ticket = 0;
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

/* One device's share of a search, and what it leaves. */
struct clique_part {
    struct clique_device d;
    int32_t *clique; /* the largest clique it found (search indices), `size` of them */
    int32_t size;
    struct clique_outcome out;
    struct clique_plan plan;
    unsigned long long per_sm[SOLVE_MAX_SMS];
    int64_t spared;
    int status;
    struct error err;
};

/*
 * One search over the devices of a team (one or more). Device 0 colours the
 * root; every device searches the root's branches, taking them from one
 * counter (shared tickets) or every size-th of them, and donating between
 * its own warps. Each host thread shares the largest clique its device has
 * found through `best`, which the others write into their kernels' floor.
 */
struct clique_team {
    int size;
    int shared_tickets;
    int32_t *ticket; /* device 0's word the shared tickets are counted in */
    const struct clique_problem *cp;
    const struct solve_opts *o;
    int32_t target, low_rows, floor, root_bound;
    int maxsat;
    int32_t root_count, colours;
    uint32_t *root_entry; /* the root's list and ranks on the host, for devices 1 .. size - 1 */
    int32_t *root_rank;
    int32_t best; /* largest clique any device has found (atomic) */
    int stop;     /* a device failed: the others stop (atomic) */
    struct clique_part part[DEVICE_TEAM_MAX];
};

static int32_t team_best(struct clique_team *t)
{
    return __atomic_load_n(&t->best, __ATOMIC_ACQUIRE);
}

static void team_offer(struct clique_team *t, int32_t size)
{
    int32_t seen = team_best(t);
    while (size > seen && !__atomic_compare_exchange_n(&t->best, &seen, size, 0, __ATOMIC_ACQ_REL,
                                                       __ATOMIC_ACQUIRE)) {
    }
}

/*
 * Waits for the search; a stop request reaches the kernel through
 * ctl->hot[HOT_STOP]; a larger clique held beside it (solve.h) or found by
 * another device of the team through ctl->hot[HOT_FLOOR] (and, at the
 * target, a stop); the best clique's complement goes to the progress board.
 */
static int wait_for_search(struct clique_team *t, struct clique_device *d, int32_t floor,
                           struct error *err)
{
    const struct solve_opts *o = t->o;
    int32_t n = t->cp->n;
    int stop_sent = 0;
    struct clique_control *ctl = d->p.ctl;
    auto look = [&]() {
        int status = MVC_OK;
        if (o->report != NULL || t->size > 1) {
            int best = 0;
            status = kernel_watch_read(&d->watch, &ctl->hot[HOT_BEST], &best, err);
            if (status != MVC_OK)
                return status;
            team_offer(t, best);
            progress_improve(o->report, n - best);
        }
        int32_t held = held_clique(o->clique.held, n);
        if (held > floor)
            progress_improve(o->report, n - held);
        int32_t others = t->size > 1 && team_best(t) > held ? team_best(t) : held;
        if (others > floor) {
            floor = others;
            status = kernel_watch_write(&d->watch, &ctl->hot[HOT_FLOOR], floor, err);
        }
        int stop = floor >= t->target || __atomic_load_n(&t->stop, __ATOMIC_ACQUIRE);
        if (status == MVC_OK && stop && !stop_sent) {
            status = kernel_watch_send_stop(&d->watch, &ctl->hot[HOT_STOP], err);
            stop_sent = 1;
        }
        return status;
    };
    return kernel_watch_wait(&d->watch, o, &ctl->hot[HOT_STOP], &stop_sent, true, look,
                             "the clique search kernel", err);
}

/* The kernels' parameters every device of the team shares, and device `index`'s root tickets. */
static void set_params(const struct clique_team *t, int index, struct clique_params *p)
{
    p->n = t->cp->n;
    p->words = t->cp->words;
    p->maxsat = t->maxsat;
    p->floor_size = t->o->k >= 0 ? t->target - 1 : 0;
    p->target = t->target;
    p->root_count = t->root_count;
    p->rows = t->colours + 1;
    p->root_shared = t->shared_tickets;
    p->root_ticket = t->shared_tickets ? t->ticket : &p->ctl->root_ticket;
    p->root_step = t->shared_tickets ? 1 : t->size;
    p->root_first = t->shared_tickets ? 0 : index;
}

/* The control block before a launch: the best, the floor and the stop the host knows now. */
static void initial_control(const struct clique_team *t, struct clique_control *ctl)
{
    memset(ctl, 0, sizeof *ctl);
    ctl->hot[HOT_BEST] = t->cp->size;
    ctl->hot[HOT_STOP] = kernel_watch_stop_requested(t->o) || t->floor >= t->target;
    ctl->hot[HOT_FLOOR] = t->floor;
}

/*
 * Device 0 colours the root with the team's bound; the list and the number
 * of colours go to the team (and, for a team of several, the list to the
 * host). The kernel's time counts from here.
 */
static int colour_root(struct clique_team *t, struct error *err)
{
    struct clique_device *d = &t->part[0].d;
    struct clique_params *p = &d->p;
    cudaStream_t stream = d->watch.stream;
    struct clique_control ctl;
    initial_control(t, &ctl);
    set_params(t, 0, p);
    int status;
    if ((status = CUDA_CHECK(err, cudaMemcpyAsync(p->ctl, &ctl, sizeof ctl, cudaMemcpyHostToDevice,
                                                  stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventRecord(d->watch.started, stream))) != MVC_OK ||
        (status = clique_launch_root(p, t->root_bound + 1, stream, err)) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaMemcpyAsync(&ctl, p->ctl, sizeof ctl, cudaMemcpyDeviceToHost,
                                                  stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaStreamSynchronize(stream))) != MVC_OK)
        return status;
    t->root_count = ctl.root_count;
    t->colours = ctl.colours;
    if (t->size == 1 || t->root_count == 0)
        return MVC_OK;
    size_t n = (size_t)t->cp->n;
    t->root_entry = (uint32_t *)malloc(n * sizeof *t->root_entry);
    t->root_rank = (int32_t *)malloc(n * sizeof *t->root_rank);
    if (t->root_entry == NULL || t->root_rank == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the root's branching list");
    if ((status = CUDA_CHECK(err, cudaMemcpyAsync(t->root_entry, p->root_entry,
                                                  n * sizeof *t->root_entry, cudaMemcpyDeviceToHost,
                                                  stream))) != MVC_OK ||
        (status =
             CUDA_CHECK(err, cudaMemcpyAsync(t->root_rank, p->root_rank, n * sizeof *t->root_rank,
                                             cudaMemcpyDeviceToHost, stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaStreamSynchronize(stream))) != MVC_OK)
        return status;
    if (!t->shared_tickets)
        return MVC_OK;
    if ((status = clique_alloc((void **)&t->ticket, sizeof *t->ticket, "shared root ticket",
                               err)) != MVC_OK)
        return status;
    return CUDA_CHECK(err, cudaMemset(t->ticket, 0, sizeof *t->ticket));
}

/*
 * Device `index`'s grid over the root's branches (device 0 has coloured the
 * root; the others first take its list), run until done or stopped; leaves
 * the device's clique and counts in its part.
 */
static int search_branches(struct clique_team *t, int index, struct error *err)
{
    struct clique_part *part = &t->part[index];
    struct clique_device *d = &part->d;
    struct clique_params *p = &d->p;
    cudaStream_t stream = d->watch.stream;
    size_t n = (size_t)t->cp->n;
    int status;
    if (index > 0) {
        if ((t->shared_tickets && (status = device_team_reach_device_0(err)) != MVC_OK) ||
            (status = device_open(d, t->cp, t->low_rows, err)) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaMemcpyAsync(p->root_entry, t->root_entry,
                                                      n * sizeof *t->root_entry,
                                                      cudaMemcpyHostToDevice, stream))) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaMemcpyAsync(p->root_rank, t->root_rank,
                                                      n * sizeof *t->root_rank,
                                                      cudaMemcpyHostToDevice, stream))) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaEventRecord(d->watch.started, stream))) != MVC_OK)
            return status;
    }
    set_params(t, index, p);
    struct clique_control ctl;
    initial_control(t, &ctl);
    struct clique_plan *plan = &part->plan;
    if ((status = plan_search(t->cp, t->o, p, plan, err)) != MVC_OK ||
        (status = open_search(d, plan, &ctl, err)) != MVC_OK ||
        (status = clique_launch_search(p, plan->blocks, plan->threads, plan->shared_bytes, stream,
                                       err)) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventRecord(d->watch.finished, stream))) != MVC_OK ||
        (status = wait_for_search(t, d, t->floor, err)) != MVC_OK)
        return status;
    if ((status = CUDA_CHECK(err, cudaMemcpyAsync(&ctl, p->ctl, sizeof ctl, cudaMemcpyDeviceToHost,
                                                  stream))) != MVC_OK ||
        (status =
             CUDA_CHECK(err, cudaMemcpyAsync(part->per_sm, p->nodes_per_sm, sizeof part->per_sm,
                                             cudaMemcpyDeviceToHost, stream))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaStreamSynchronize(stream))) != MVC_OK)
        return status;
    part->out.nodes += (int64_t)ctl.nodes;
    part->spared = (int64_t)ctl.spared;
    /*
     * A stop request ends the warps' expansions early and they still count
     * their items done, so no pending work proves nothing once the stop
     * word was raised: then the search is taken as cut short.
     */
    part->out.complete = ctl.hot[HOT_PENDING] == 0 && ctl.hot[HOT_STOP] == 0;
    if (ctl.hot[HOT_BEST] > part->size) {
        if ((status = CUDA_CHECK(err, cudaMemcpyAsync(part->clique, p->best_clique,
                                                      (size_t)ctl.hot[HOT_BEST] * sizeof(int32_t),
                                                      cudaMemcpyDeviceToHost, stream))) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaStreamSynchronize(stream))) != MVC_OK)
            return status;
        part->size = ctl.hot[HOT_BEST];
    }
    return MVC_OK;
}

/* The kernel time of device `index`'s search, from its `started` event. */
static int time_search(struct clique_part *part, struct error *err)
{
    struct clique_device *d = &part->d;
    float ms = 0;
    int status;
    if ((status = CUDA_CHECK(err, cudaEventSynchronize(d->watch.finished))) != MVC_OK ||
        (status = CUDA_CHECK(
             err, cudaEventElapsedTime(&ms, d->watch.started, d->watch.finished))) != MVC_OK)
        return status;
    part->out.seconds = ms / 1000.0;
    return MVC_OK;
}

/* A team member's thread: its grid, then its time; a failure stops the others. */
static void run_part(int index, void *arg)
{
    struct clique_team *t = (struct clique_team *)arg;
    struct clique_part *part = &t->part[index];
    part->status = search_branches(t, index, &part->err);
    if (part->status == MVC_OK)
        part->status = time_search(part, &part->err);
    if (part->status != MVC_OK)
        __atomic_store_n(&t->stop, 1, __ATOMIC_RELEASE);
}

/*
 * The whole search from the greedy clique in cp->clique[0 .. size), bounded
 * also by the clique held beside it (solve.h): device 0 opened and coloured
 * the root, then the grids of every device. The parts keep what each found.
 */
static int search_team(struct clique_team *t, struct error *err)
{
    int status = colour_root(t, err);
    if (status != MVC_OK)
        return status;
    t->part[0].out.nodes = 1; /* the root */
    if (t->root_count == 0) {
        struct clique_device *d = &t->part[0].d;
        for (int i = 0; i < t->size; i++)
            t->part[i].out.complete = 1; /* the root's colouring bounds every branch */
        if ((status = CUDA_CHECK(err, cudaEventRecord(d->watch.finished, d->watch.stream))) !=
            MVC_OK)
            return status;
        return time_search(&t->part[0], err);
    }
    device_team_run(t->size, run_part, t);
    for (int i = 0; i < t->size; i++)
        if (t->part[i].status != MVC_OK) {
            *err = t->part[i].err;
            return t->part[i].status;
        }
    return MVC_OK;
}

/* Counts and times of the parts into st; the largest clique into cp; whether all ended. */
static int gather_team(struct clique_team *t, struct clique_problem *cp, struct clique_outcome *r,
                       struct solve_stats *st)
{
    r->complete = 1;
    r->nodes = 0;
    r->seconds = 0;
    st->gpus = t->size;
    st->sms = 0;
    st->blocks = 0;
    st->maxsat_spared = 0;
    int sms = 0;
    for (int i = 0; i < t->size; i++) {
        struct clique_part *part = &t->part[i];
        r->complete &= part->out.complete;
        r->nodes += part->out.nodes;
        r->seconds = part->out.seconds > r->seconds ? part->out.seconds : r->seconds;
        st->nodes_per_gpu[i] = part->out.nodes;
        st->search_per_gpu[i] = part->out.seconds;
        st->maxsat_spared += part->spared;
        st->blocks += part->plan.blocks;
        if (part->plan.threads > 0)
            st->block_size = part->plan.threads;
        for (int j = 0; j < part->plan.sms && sms < SOLVE_MAX_SMS; j++)
            st->nodes_per_sm[sms++] = (int64_t)part->per_sm[j];
        st->sms += part->plan.sms;
        if (part->size > cp->size) {
            memcpy(cp->clique, part->clique, (size_t)part->size * sizeof *cp->clique);
            cp->size = part->size;
        }
    }
    return r->complete;
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

/* Releases what a team holds, each device's part with that device current. */
static void close_team(struct clique_team *t)
{
    for (int i = t->size - 1; i >= 0; i--) {
        (void)cudaSetDevice(i);
        device_close(&t->part[i].d);
        free(t->part[i].clique);
    }
    if (t->ticket != NULL)
        (void)CUDA_CHECK(NULL, cudaFree(t->ticket));
    free(t->root_entry);
    free(t->root_rank);
}

/*
 * The search on the devices o asks for, from the greedy clique in cp (which
 * gets the largest clique found); r->complete when the whole tree was
 * searched.
 */
static int search_devices(const struct graph *g, const struct solve_opts *o,
                          struct clique_problem *cp, int32_t target, struct clique_outcome *r,
                          struct solve_stats *st, struct error *err)
{
    struct clique_team *t = (struct clique_team *)calloc(1, sizeof *t);
    if (t == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the clique search");
    int status = device_team_size(o, &t->size, err);
    if (status != MVC_OK) {
        free(t);
        return status;
    }
    t->cp = cp;
    t->o = o;
    t->target = target;
    t->maxsat = maxsat_pays(g, o, cp->size);
    /* the root keeps its classes under the bound + 1: at most min(bound, n) of them */
    int32_t floor_size = o->k >= 0 ? target - 1 : 0;
    int32_t bound = cp->size > floor_size ? cp->size : floor_size;
    t->low_rows = bound < g->n ? bound : g->n;
    t->low_rows = t->low_rows > 0 ? t->low_rows : 1;
    int claimed = kernel_watch_claim_device(o);
    for (int i = 0; i < t->size && status == MVC_OK; i++) {
        t->part[i].size = cp->size;
        t->part[i].clique = (int32_t *)malloc((size_t)g->n * sizeof(int32_t));
        if (t->part[i].clique == NULL)
            status = error_set(err, MVC_ENOMEM, "out of memory for the clique search");
    }
    if (status == MVC_OK && claimed) {
        t->shared_tickets = t->size > 1 && device_team_shared_atomics(t->size);
        status = CUDA_CHECK(err, cudaSetDevice(0));
        if (status == MVC_OK)
            status = device_open(&t->part[0].d, cp, t->low_rows, err);
    }
    /*
     * The device's start-up can take longer than a short limit: past the
     * deadline no search starts, as in the vertex cover solvers, and the
     * greedy answer stands, unproven.
     */
    r->complete = 0;
    if (status == MVC_OK && claimed && !kernel_watch_stop_requested(o)) {
        /*
         * The root keeps its classes under the bound + 1, in the rows
         * device_open made before the clique held beside the search was
         * known: past them it lists more branches, and the grid skips those
         * the floor rules out.
         */
        t->floor = held_clique(o->clique.held, cp->n);
        bound = t->floor > bound ? t->floor : bound;
        t->root_bound = bound < t->low_rows ? bound : t->low_rows;
        t->best = cp->size;
        status = search_team(t, err);
        if (status == MVC_OK)
            gather_team(t, cp, r, st);
    }
    if (claimed) {
        close_team(t);
        kernel_watch_release_device();
    } else {
        for (int i = 0; i < t->size; i++)
            free(t->part[i].clique);
    }
    free(t);
    return status;
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
        int status = search_devices(g, o, &cp, target, &r, st, err);
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
