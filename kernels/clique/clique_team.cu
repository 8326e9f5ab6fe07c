/*
 * The GPU clique search over the devices of one host; see clique_team.h.
 *
 * One host thread per device. Device 0 colours the root and the others take
 * copies of its branching list; device i's grid takes every size-th root
 * branch from the i-th. Within a device, idle warps are fed by busy ones
 * through its queue (clique_queue.cuh). Between devices the host carries the
 * work: a thread whose grid has ended counts itself idle and waits on a
 * host pool of subproblems (src/base/work_pool.h, tested without a GPU with
 * up to 256 members); the thread of a busy device, seeing the pool hungry
 * (idle devices, no subproblem), asks its kernel for a few (HOT_EXPORT), and
 * its warps hand over the untried rest of their shallowest open nodes, which
 * then leave that device's pending count. The idle thread loads them into its
 * device's queue and launches again. The search is over when every device is
 * idle and the pool is empty: a thread only counts itself idle once its grid
 * has ended and every subproblem it exported is in the pool.
 *
 * Each thread also shares the largest clique its device has found, and writes
 * the team's largest (or the clique held beside the search) into its kernel's
 * floor word: the devices prune against one incumbent.
 */
#include "clique_team.h"

#include <stdlib.h>
#include <string.h>

extern "C" {
#include "clock.h"
#include "progress.h"
#include "work_pool.h"
}

#include "clique_device.h"
#include "cuda_check.h"
#include "device_team.h"
#include "kernel_watch.h"

/* How often an idle device's thread looks for work. */
#define IDLE_POLL_SECONDS 0.0001

/* One device's share of a search, and what it leaves. */
struct clique_part {
    struct clique_device d;
    struct clique_plan plan;
    int32_t *clique; /* the largest clique it found (search indices), `size` of them */
    int32_t size;
    int64_t nodes, spared, imported;
    double seconds; /* kernel time, over every launch */
    int launches;
    int requested, copied; /* the running launch's export units asked for, slots taken */
    unsigned long long per_sm[SOLVE_MAX_SMS];
    int status;
    struct error err;
};

struct clique_team {
    int size;
    const struct clique_problem *cp;
    const struct solve_opts *o;
    int32_t target, low_rows, floor, root_bound;
    int maxsat;
    int32_t root_count, colours;
    uint32_t *root_entry; /* the root's list and ranks on the host, for devices 1 .. size - 1 */
    int32_t *root_rank;
    size_t slot_ints;      /* ints of one subproblem (a queue slot) */
    struct work_pool pool; /* subproblems between devices, once pool_open */
    int pool_open;
    int32_t best;  /* largest clique any device has found (atomic) */
    int stop;      /* a failure, the target or a stop request: every device stops (atomic) */
    int cut_short; /* a launch ended before its work did (atomic) */
    struct clique_part part[DEVICE_TEAM_MAX];
};

/* The clique held beside the search (solve.h): the complement of its cover (0 before). */
static int32_t held_clique(const struct held_cover *held, int32_t n)
{
    int32_t size = held_cover_size(held);
    return size < n ? n - size : 0;
}

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

static int team_stopping(struct clique_team *t)
{
    return __atomic_load_n(&t->stop, __ATOMIC_ACQUIRE);
}

static void team_set(int *flag)
{
    __atomic_store_n(flag, 1, __ATOMIC_RELEASE);
}

/* The floor a device's kernel prunes against: the held clique, and the others' best. */
static int32_t team_floor(struct clique_team *t)
{
    int32_t held = held_clique(t->o->clique.held, t->cp->n);
    int32_t best = t->size > 1 ? team_best(t) : 0;
    return best > held ? best : held;
}

/* Export slots, as the device's kernel wrote them, into the pool between devices. */
static int pool_exports(struct clique_team *t, const int32_t *slots, size_t count,
                        struct error *err)
{
    if (work_pool_add(&t->pool, slots, count) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for subproblems between devices");
    return MVC_OK;
}

/*
 * While the device runs: takes the subproblems it has exported, and, with
 * devices idle and the pool empty, asks for more (clique_device_serve_exports).
 */
static int serve_exports(struct clique_team *t, struct clique_part *part, struct error *err)
{
    auto want = [&]() { return CLIQUE_EXPORTS_PER_ASK * work_pool_hunger(&t->pool); };
    auto take = [&](const int32_t *slots, size_t count) {
        return pool_exports(t, slots, count, err);
    };
    return clique_device_serve_exports(&part->d, &part->copied, &part->requested, want, take, err);
}

/*
 * A look at a running launch: a larger clique held beside the search or
 * found by another device goes into ctl->hot[HOT_FLOOR] (and, at the
 * target, a stop); the best clique's complement goes to the progress
 * board; other devices' hunger is answered with exports.
 */
static int look_at_launch(struct clique_team *t, struct clique_part *part, int32_t *floor,
                          int *stop_sent, struct error *err)
{
    const struct solve_opts *o = t->o;
    int32_t n = t->cp->n;
    struct clique_device *d = &part->d;
    struct clique_control *ctl = d->p.ctl;
    int status = MVC_OK;
    if (o->report != NULL || t->size > 1) {
        int best = 0;
        status = kernel_watch_read(&d->watch, &ctl->hot[HOT_BEST], &best, err);
        if (status != MVC_OK)
            return status;
        team_offer(t, best);
        progress_improve(o->report, n - best);
    }
    int32_t now = team_floor(t);
    if (now > *floor) {
        *floor = now;
        progress_improve(o->report, n - now);
        status = kernel_watch_write(&d->watch, &ctl->hot[HOT_FLOOR], now, err);
    }
    if (status == MVC_OK && (*floor >= t->target || team_stopping(t)) && !*stop_sent) {
        status = kernel_watch_send_stop(&d->watch, &ctl->hot[HOT_STOP], err);
        *stop_sent = 1;
    }
    if (status == MVC_OK && t->size > 1 && !*stop_sent)
        status = serve_exports(t, part, err);
    return status;
}

/* The kernels' parameters every device shares, and device `index`'s root branches. */
static void set_params(const struct clique_team *t, int index, struct clique_params *p)
{
    p->n = t->cp->n;
    p->words = t->cp->words;
    p->maxsat = t->maxsat;
    p->floor_size = t->o->k >= 0 ? t->target - 1 : 0;
    p->target = t->target;
    p->root_count = t->root_count;
    p->rows = t->colours + 1;
    p->root_step = t->size;
    p->root_first = index;
}

/* The control words the host knows before a launch: the best, the floor, a stop. */
static void initial_control(struct clique_team *t, int32_t best, struct clique_control *ctl)
{
    memset(ctl, 0, sizeof *ctl);
    int32_t floor = team_floor(t);
    floor = floor > t->floor ? floor : t->floor;
    ctl->hot[HOT_BEST] = best;
    ctl->hot[HOT_STOP] =
        kernel_watch_stop_requested(t->o) || floor >= t->target || team_stopping(t);
    ctl->hot[HOT_FLOOR] = floor;
}

/*
 * Device 0 colours the root with the team's bound; the list and the number
 * of colours go to the team (and, for a team of several, the list to the
 * host). Device 0's kernel time counts from here.
 */
static int colour_root(struct clique_team *t, struct error *err)
{
    struct clique_device *d = &t->part[0].d;
    struct clique_params *p = &d->p;
    cudaStream_t stream = d->watch.stream;
    struct clique_control ctl;
    initial_control(t, t->cp->size, &ctl);
    set_params(t, 0, p);
    int status = clique_device_colour_root(d, t->root_bound + 1, &ctl, err);
    if (status != MVC_OK)
        return status;
    t->root_count = ctl.root_count;
    t->colours = ctl.colours;
    t->slot_ints = clique_slot_stride(t->colours + 1, t->cp->words);
    float ms = 0;
    if ((status = CUDA_CHECK(
             err, cudaEventElapsedTime(&ms, d->watch.started, d->watch.finished))) != MVC_OK)
        return status;
    t->part[0].seconds = ms / 1000.0;
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
                                             cudaMemcpyDeviceToHost, stream))) != MVC_OK)
        return status;
    return CUDA_CHECK(err, cudaStreamSynchronize(stream));
}

/* Device `index` ready for its launches: the graph and the root's list (devices 1 ..), the grid. */
static int open_part(struct clique_team *t, int index, struct error *err)
{
    struct clique_part *part = &t->part[index];
    struct clique_device *d = &part->d;
    struct clique_params *p = &d->p;
    size_t n = (size_t)t->cp->n;
    int status;
    if (index > 0) {
        cudaStream_t stream = d->watch.stream;
        if ((status = clique_device_open(d, t->cp, t->low_rows, err)) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaMemcpyAsync(p->root_entry, t->root_entry,
                                                      n * sizeof *t->root_entry,
                                                      cudaMemcpyHostToDevice, stream))) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaMemcpyAsync(p->root_rank, t->root_rank,
                                                      n * sizeof *t->root_rank,
                                                      cudaMemcpyHostToDevice, stream))) != MVC_OK)
            return status;
        if (t->size > 1)
            d->watch.report_seconds = CLIQUE_LOOK_SECONDS;
    }
    set_params(t, index, p);
    if ((status = clique_device_plan(t->cp, t->o, t->size > 1, p, &part->plan, err)) != MVC_OK)
        return status;
    return clique_device_open_grid(d, &part->plan, t->size > 1, err);
}

/*
 * One launch of device `index`'s grid: over its share of the root's branches
 * (count 0) or over `count` subproblems of `slots`, until done or stopped.
 * Leaves the device's clique, counts and exports in its part and the pool;
 * *complete when the launch finished its work.
 */
static int launch(struct clique_team *t, int index, const int32_t *slots, unsigned int count,
                  int *complete, struct error *err)
{
    struct clique_part *part = &t->part[index];
    struct clique_device *d = &part->d;
    cudaStream_t stream = d->watch.stream;
    struct clique_control ctl;
    initial_control(t, part->size, &ctl);
    part->requested = part->copied = 0;
    int32_t floor = ctl.hot[HOT_FLOOR];
    int stop_sent = 0;
    auto look = [&]() { return look_at_launch(t, part, &floor, &stop_sent, err); };
    int status = clique_device_run(d, &part->plan, &ctl, slots, count, t->o, &stop_sent, look, err);
    float ms = 0;
    if (status != MVC_OK ||
        (status = CUDA_CHECK(
             err, cudaEventElapsedTime(&ms, d->watch.started, d->watch.finished))) != MVC_OK)
        return status;
    part->launches++;
    part->imported += count;
    part->seconds += ms / 1000.0;
    part->nodes += (int64_t)ctl.nodes;
    part->spared += (int64_t)ctl.spared;
    if (ctl.hot[HOT_BEST] > part->size) {
        if ((status = clique_device_read_best(d, ctl.hot[HOT_BEST], part->clique, stream, err)) !=
            MVC_OK)
            return status;
        part->size = ctl.hot[HOT_BEST];
        team_offer(t, part->size);
    }
    /*
     * A stop request ends the warps' expansions early and they still count
     * their items done, so no pending work proves nothing once the stop
     * word was raised: then the launch is taken as cut short.
     */
    *complete = ctl.hot[HOT_PENDING] == 0 && ctl.hot[HOT_STOP] == 0;
    auto take = [&](const int32_t *exported, size_t exports) {
        return pool_exports(t, exported, exports, err);
    };
    return clique_device_take_exports(d, &part->copied, ctl.export_tail, take, err);
}

/*
 * Device `index` has no work left (its grid has ended and its exports are in
 * the pool): waits for subproblems and takes its share into `slots` (room
 * for the queue's capacity); returns how many, or 0 when the search is over
 * or stopping.
 */
static unsigned int take_work(struct clique_team *t, int index, int32_t *slots)
{
    work_pool_idle(&t->pool);
    for (;;) {
        int over = 0;
        size_t count =
            work_pool_try_take(&t->pool, slots, t->part[index].d.p.queue_capacity, &over);
        if (count > 0)
            return (unsigned int)count;
        if (over || team_stopping(t))
            return 0;
        clock_sleep(IDLE_POLL_SECONDS);
    }
}

/* A device's thread: its grid over its root branches, then over work from the pool. */
static int run_device(struct clique_team *t, int index, struct error *err)
{
    struct clique_part *part = &t->part[index];
    /* device_team_run made the device current; a failure there must not search on another */
    int status = CUDA_CHECK(err, cudaSetDevice(index));
    if (status == MVC_OK)
        status = open_part(t, index, err);
    if (status != MVC_OK)
        return status;
    int32_t *slots = NULL;
    if (t->size > 1) {
        slots =
            (int32_t *)malloc((size_t)part->d.p.queue_capacity * t->slot_ints * sizeof(int32_t));
        if (slots == NULL)
            return error_set(err, MVC_ENOMEM, "out of memory for subproblems between devices");
    }
    unsigned int count = 0;
    for (;;) {
        int complete = 0;
        if ((status = launch(t, index, slots, count, &complete, err)) != MVC_OK)
            break;
        if (!complete) {
            team_set(&t->cut_short);
            team_set(&t->stop);
            break;
        }
        if ((count = take_work(t, index, slots)) == 0)
            break;
    }
    free(slots);
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaMemcpy(part->per_sm, part->d.p.nodes_per_sm,
                                            sizeof part->per_sm, cudaMemcpyDeviceToHost));
    return status;
}

/* A device whose host thread could not start: the search fails, and the others stop. */
static void refuse_part(int index, void *arg)
{
    struct clique_team *t = (struct clique_team *)arg;
    struct clique_part *part = &t->part[index];
    part->status =
        error_set(&part->err, MVC_ENOMEM,
                  "could not start a host thread for device %d of the clique search", index);
    team_set(&t->stop);
}

static void run_part(int index, void *arg)
{
    struct clique_team *t = (struct clique_team *)arg;
    struct clique_part *part = &t->part[index];
    part->status = run_device(t, index, &part->err);
    if (part->status != MVC_OK)
        team_set(&t->stop);
}

/* Root, then every device's grid; the first failure of a part is the search's. */
static int search_team(struct clique_team *t, struct error *err)
{
    int status = colour_root(t, err);
    if (status != MVC_OK)
        return status;
    t->part[0].nodes = 1; /* the root */
    if (t->root_count == 0)
        return MVC_OK; /* the root's colouring bounds every branch */
    if (work_pool_init(&t->pool, t->size, t->slot_ints) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for subproblems between devices");
    t->pool_open = 1;
    if (t->size > 1 && t->o->report != NULL)
        progress_message(t->o->report, "clique-gpu: %d devices, %d root branches", t->size,
                         t->root_count);
    device_team_run(t->size, run_part, refuse_part, t);
    for (int i = 0; i < t->size; i++)
        if (t->part[i].status != MVC_OK) {
            *err = t->part[i].err;
            return t->part[i].status;
        }
    return MVC_OK;
}

/* The parts' counts and times into r and st, and the largest clique into cp. */
static void gather_team(struct clique_team *t, double wall, struct clique_problem *cp,
                        struct clique_outcome *r, struct solve_stats *st)
{
    r->complete = (t->root_count == 0 || work_pool_over(&t->pool)) && !t->cut_short;
    r->nodes = 0;
    r->seconds = t->size > 1 ? wall : t->part[0].seconds;
    st->gpus = t->size;
    st->sms = 0;
    st->blocks = 0;
    st->maxsat_spared = 0;
    int sms = 0;
    for (int i = 0; i < t->size; i++) {
        struct clique_part *part = &t->part[i];
        r->nodes += part->nodes;
        st->nodes_per_gpu[i] = part->nodes;
        st->search_per_gpu[i] = part->seconds;
        st->maxsat_spared += part->spared;
        st->blocks += part->plan.blocks;
        if (part->plan.threads > 0)
            st->block_size = part->plan.threads;
        /* one device: every SM id's count; several: each device's first sms ids in turn */
        int ids = t->size == 1 ? SOLVE_MAX_SMS : part->plan.sms;
        for (int j = 0; j < ids && sms < SOLVE_MAX_SMS; j++)
            st->nodes_per_sm[sms++] = (int64_t)part->per_sm[j];
        st->sms += part->plan.sms;
        if (part->size > cp->size) {
            memcpy(cp->clique, part->clique, (size_t)part->size * sizeof *cp->clique);
            cp->size = part->size;
        }
    }
    if (st->sms > SOLVE_MAX_SMS)
        st->sms = SOLVE_MAX_SMS;
}

/* Releases what a team holds, each device's part with that device current. */
static void close_team(struct clique_team *t, int opened)
{
    for (int i = t->size - 1; i >= 0; i--) {
        if (opened) {
            (void)cudaSetDevice(i);
            clique_device_close(&t->part[i].d);
        }
        free(t->part[i].clique);
    }
    (void)cudaSetDevice(0);
    free(t->root_entry);
    free(t->root_rank);
    if (t->pool_open)
        work_pool_free(&t->pool);
    free(t);
}

int clique_team_search(const struct solve_opts *o, struct clique_problem *cp, int32_t target,
                       int maxsat, struct clique_outcome *r, struct solve_stats *st,
                       struct error *err)
{
    memset(r, 0, sizeof *r);
    struct clique_team *t = (struct clique_team *)calloc(1, sizeof *t);
    if (t == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the clique search");
    int status = device_team_size(o, &t->size, err);
    t->cp = cp;
    t->o = o;
    t->target = target;
    t->maxsat = maxsat;
    /* the root keeps its classes under the bound + 1: at most min(bound, n) of them */
    int32_t floor_size = o->k >= 0 ? target - 1 : 0;
    int32_t bound = cp->size > floor_size ? cp->size : floor_size;
    t->low_rows = bound < cp->n ? bound : cp->n;
    t->low_rows = t->low_rows > 0 ? t->low_rows : 1;
    for (int i = 0; i < t->size && status == MVC_OK; i++) {
        t->part[i].size = cp->size;
        t->part[i].clique = (int32_t *)malloc((size_t)cp->n * sizeof(int32_t));
        if (t->part[i].clique == NULL)
            status = error_set(err, MVC_ENOMEM, "out of memory for the clique search");
    }
    int claimed = status == MVC_OK && kernel_watch_claim_device(o);
    int caller_device = 0; /* the calling thread's current device, given back at the end */
    if (claimed) {
        (void)cudaGetDevice(&caller_device);
        status = CUDA_CHECK(err, cudaSetDevice(0));
        if (status == MVC_OK)
            status = clique_device_open(&t->part[0].d, cp, t->low_rows, err);
        if (status == MVC_OK && t->size > 1)
            t->part[0].d.watch.report_seconds = CLIQUE_LOOK_SECONDS;
    }
    /*
     * The device's start-up can take longer than a short limit: past the
     * deadline no search starts, as in the vertex cover solvers, and the
     * greedy answer stands, unproven.
     */
    if (status == MVC_OK && claimed && !kernel_watch_stop_requested(o)) {
        /*
         * The root keeps its classes under the bound + 1, in the rows opened
         * before the clique held beside the search was known: past them it
         * lists more branches, and the grids skip those the floor rules out.
         */
        t->floor = held_clique(o->clique.held, cp->n);
        bound = t->floor > bound ? t->floor : bound;
        t->root_bound = bound < t->low_rows ? bound : t->low_rows;
        t->best = cp->size;
        double start = clock_seconds();
        status = search_team(t, err);
        if (status == MVC_OK)
            gather_team(t, clock_seconds() - start, cp, r, st);
    }
    close_team(t, claimed);
    if (claimed) {
        (void)cudaSetDevice(caller_device);
        kernel_watch_release_device();
    }
    return status;
}
