/*
 * The GPU vertex cover search over the devices of one host; see
 * search_team.h.
 *
 * One host thread per device (device_team.h). StackOnly deals the sub-trees
 * of its start depth over every device's blocks. Hybrid starts on device 0
 * from the root; the others begin idle, waiting on a host pool of nodes
 * (src/base/work_pool.h, tested without a GPU with up to 256 members). The
 * thread of a busy device, seeing the pool hungry (idle devices, no node),
 * asks its kernel for nodes (search_control.export_wanted): blocks hand over
 * the bottoms of their local stacks, the roots of the largest sub-trees they
 * hold, into a ring the host empties into the pool. An idle device's thread
 * takes its share and launches its grid from those nodes. The search is over
 * when every device is idle and the pool is empty; a thread only counts its
 * device idle once its grid has ended and every node it exported is in the
 * pool.
 *
 * The threads share the smallest cover any device has found and write it
 * into each kernel's floor word, so that every device prunes against one
 * incumbent; under PVC the first cover of size <= k stops every device.
 */
#include "search_team.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "clock.h"
#include "progress.h"
#include "work_pool.h"
}

#include "cuda_check.h"
#include "device_team.h"
#include "kernel_watch.h"
#include "search_layout.h"

/* Nodes a busy device is asked for in one round, per idle device. */
#define EXPORT_PER_IDLE 16
/* Nodes of a device's export ring and of its seed buffer. */
#define TEAM_SLOTS 64
/* How often the host looks at a running kernel of a team of several devices. */
#define TEAM_LOOK_SECONDS 0.001
/* How often an idle device's thread looks for work. */
#define IDLE_POLL_SECONDS 0.0001

struct search_team {
    const struct gpu_run *run;
    struct work_pool pool; /* nodes between devices (hybrid over several devices) */
    int pooled;
    int depth; /* StackOnly: the start depth every device deals from, -1 until chosen (atomic) */
    int best;  /* MVC: smallest cover any device found, or the greedy's (atomic) */
    int stop;  /* a failure, a cover of size <= k or a stop request: every device stops */
    int cut_short; /* a launch ended before its work did (atomic) */
    struct search_part part[DEVICE_TEAM_MAX];
    struct cover cover[DEVICE_TEAM_MAX]; /* each device's best cover, once read back */
    int has_cover[DEVICE_TEAM_MAX];
    int status[DEVICE_TEAM_MAX];
    struct error err[DEVICE_TEAM_MAX];
};

static int team_best(struct search_team *t)
{
    return __atomic_load_n(&t->best, __ATOMIC_ACQUIRE);
}

static void team_offer(struct search_team *t, int size)
{
    int seen = team_best(t);
    while (size < seen && !__atomic_compare_exchange_n(&t->best, &seen, size, 0, __ATOMIC_ACQ_REL,
                                                       __ATOMIC_ACQUIRE)) {
    }
}

static int team_flag(int *flag)
{
    return __atomic_load_n(flag, __ATOMIC_ACQUIRE);
}

static void team_set(int *flag)
{
    __atomic_store_n(flag, 1, __ATOMIC_RELEASE);
}

/* The export slots [part->copied, to) into the pool. */
static int collect_exports(struct search_team *t, struct search_part *part, int to,
                           struct error *err)
{
    if (to <= part->copied)
        return MVC_OK;
    size_t count = (size_t)(to - part->copied);
    int *nodes = (int *)malloc(count * (size_t)t->run->stride * sizeof(int));
    if (nodes == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for nodes between devices");
    int status = search_part_copy_exports(t->run, part, part->copied, to, nodes, err);
    if (status == MVC_OK && work_pool_add(&t->pool, (const int32_t *)nodes, count) != MVC_OK)
        status = error_set(err, MVC_ENOMEM, "out of memory for nodes between devices");
    free(nodes);
    if (status == MVC_OK)
        part->copied = to;
    return status;
}

/*
 * While the device runs: takes the nodes it has exported once every claimed
 * slot is written, and, with devices idle and the pool empty, asks for more
 * once the last request is used up, never past the ring's room. The slots
 * written are read first and the slots claimed after: when the two agree,
 * every slot up to there is complete (both only grow, and never more are
 * written than claimed).
 */
static int serve_exports(struct search_team *t, struct search_part *part, struct error *err)
{
    struct search_control *ctl = part->m.dev.ctl;
    int written = 0, claimed = 0;
    int status = kernel_watch_read(&part->m.watch, &ctl->export_written, &written, err);
    if (status == MVC_OK)
        status = kernel_watch_read(&part->m.watch, &ctl->export_claimed, &claimed, err);
    if (status == MVC_OK && claimed == written && claimed > part->copied)
        status = collect_exports(t, part, claimed, err);
    if (status != MVC_OK || claimed < part->requested)
        return status;
    int hunger = work_pool_hunger(&t->pool);
    int room = part->copied + part->slots - part->requested;
    if (hunger == 0 || room <= 0)
        return MVC_OK;
    int ask = EXPORT_PER_IDLE * hunger < room ? EXPORT_PER_IDLE * hunger : room;
    status = kernel_watch_write(&part->m.watch, &ctl->export_wanted, part->requested + ask, err);
    if (status == MVC_OK)
        part->requested += ask;
    return status;
}

/*
 * Waits for the part's launch: a stop request (or another device's end)
 * reaches the kernel through ctl->stop, the team's best cover through
 * ctl->floor, and other devices' hunger is answered with exports.
 */
static int wait_for_launch(struct search_team *t, struct search_part *part, int floor,
                           int *stop_sent, struct error *err)
{
    const struct gpu_run *run = t->run;
    const struct solve_opts *o = run->o;
    struct search_control *ctl = part->m.dev.ctl;
    int several = run->devices > 1;
    auto look = [&]() {
        int status = MVC_OK;
        if (!run->pvc) {
            int best = 0;
            if (kernel_watch_read(&part->m.watch, &ctl->best_size, &best, NULL) == MVC_OK)
                team_offer(t, best);
            progress_improve(o->report, team_best(t));
            int now = team_best(t);
            if (several && now < floor) {
                floor = now;
                status = kernel_watch_write(&part->m.watch, &ctl->floor, floor, err);
            }
        } else if (several) {
            int found = 0;
            status = kernel_watch_read(&part->m.watch, &ctl->found, &found, err);
            if (status == MVC_OK && found)
                team_set(&t->stop);
        }
        if (status == MVC_OK && several && team_flag(&t->stop) && !*stop_sent) {
            status = kernel_watch_send_stop(&part->m.watch, &ctl->stop, err);
            *stop_sent = 1;
        }
        if (status == MVC_OK && t->pooled && !*stop_sent)
            status = serve_exports(t, part, err);
        return status;
    };
    bool looking = several || (o->report != NULL && !run->pvc);
    return kernel_watch_wait(&part->m.watch, o, &ctl->stop, stop_sent, looking, look,
                             "the search kernel", err);
}

/*
 * One launch of the part's grid from `count` nodes of `seeds` (0: the root,
 * or StackOnly's share of the sub-trees), until done or stopped. Leaves the
 * counts in the part and its exports in the pool; *complete when the launch
 * finished its work.
 */
static int launch(struct search_team *t, struct search_part *part, const int *seeds, int count,
                  int *complete, struct error *err)
{
    const struct gpu_run *run = t->run;
    struct search_control c = search_control_initial(run->upper);
    if (part->launches > 0) {
        c.best_size = part->ctl.best_size;
        c.saved_size = part->ctl.saved_size;
    }
    c.floor = run->pvc ? INT_MAX : team_best(t);
    c.stop = kernel_watch_stop_requested(run->o) || team_flag(&t->stop);
    int stop_sent = 0, status;
    if ((status = search_part_launch(run, part, &c, seeds, count, err)) != MVC_OK)
        return status;
    if ((status = wait_for_launch(t, part, c.floor, &stop_sent, err)) != MVC_OK) {
        kernel_watch_abandon(&part->m.watch, &part->m.dev.ctl->stop);
        return status;
    }
    if ((status = search_part_finish(run, part, err)) != MVC_OK)
        return status;
    const struct search_control *ctl = &part->ctl;
    if (!run->pvc)
        team_offer(t, ctl->best_size);
    if (run->pvc && ctl->found)
        team_set(&t->stop);
    if (ctl->export_claimed != ctl->export_written)
        return error_set(err, MVC_EDEVICE,
                         "internal error: the search kernel claimed %d export slots and wrote %d",
                         ctl->export_claimed, ctl->export_written);
    *complete = !stop_sent && ctl->stop == 0 && !(run->pvc && ctl->found);
    return t->pooled ? collect_exports(t, part, ctl->export_claimed, err) : MVC_OK;
}

/*
 * The part's device has no work left (its grid has ended and its exports are
 * in the pool): waits for nodes and takes its share into `seeds`; returns how
 * many, or 0 when the search is over or stopping.
 */
static int take_work(struct search_team *t, struct search_part *part, int *seeds)
{
    int room = part->slots < part->p.blocks ? part->slots : part->p.blocks;
    work_pool_idle(&t->pool);
    for (;;) {
        int over = 0;
        size_t count = work_pool_try_take(&t->pool, (int32_t *)seeds, (size_t)room, &over);
        if (count > 0)
            return (int)count;
        if (over || team_flag(&t->stop) || kernel_watch_stop_requested(t->run->o))
            return 0;
        clock_sleep(IDLE_POLL_SECONDS);
    }
}

/* A device's thread: its grid from the root (or its share of the sub-trees), then from the pool. */
static int run_device(struct search_team *t, int index, struct error *err)
{
    const struct gpu_run *run = t->run;
    struct search_part *part = &t->part[index];
    /* device_team_run made the device current; a failure there must not search on another */
    int status = CUDA_CHECK(err, cudaSetDevice(index));
    if (status == MVC_OK)
        status = search_part_open(run, part, t->pooled ? TEAM_SLOTS : 0, err);
    if (status != MVC_OK)
        return status;
    /*
     * StackOnly: every device must deal the sub-trees of one start depth, or
     * some would be nobody's and others searched twice; the plans' depths
     * follow each device's blocks, so the first device to open chooses.
     */
    if (!run->hybrid) {
        int unset = -1;
        __atomic_compare_exchange_n(&t->depth, &unset, part->p.start_depth, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE);
        part->p.start_depth = __atomic_load_n(&t->depth, __ATOMIC_ACQUIRE);
    }
    if (index == 0)
        search_part_describe(run, part);
    if (run->devices > 1)
        part->m.watch.report_seconds = TEAM_LOOK_SECONDS;
    int *seeds = NULL;
    if (t->pooled) {
        seeds = (int *)malloc((size_t)part->slots * (size_t)run->stride * sizeof(int));
        if (seeds == NULL)
            return error_set(err, MVC_ENOMEM, "out of memory for nodes between devices");
    }
    /* hybrid: device 0 starts from the root, the others from what it hands over */
    int count = t->pooled && index > 0 ? take_work(t, part, seeds) : 0;
    int launching = !t->pooled || index == 0 || count > 0;
    while (launching) {
        int complete = 0;
        if ((status = launch(t, part, seeds, count, &complete, err)) != MVC_OK)
            break;
        if (!complete) {
            team_set(&t->cut_short);
            team_set(&t->stop);
            break;
        }
        launching = t->pooled && (count = take_work(t, part, seeds)) > 0;
    }
    free(seeds);
    /* the device's best cover, read here while its memory is open */
    int improved = run->pvc ? part->ctl.found : part->ctl.saved_size < run->upper;
    if (status == MVC_OK && part->launches > 0 && improved) {
        if (cover_init(&t->cover[index], run->g->n) != MVC_OK)
            return error_set(err, MVC_ENOMEM, "out of memory for a cover of %ld vertices",
                             (long)run->g->n);
        t->has_cover[index] = 1;
        status = search_part_read_cover(run, part, &t->cover[index], err);
    }
    return status;
}

static void refuse_part(int index, void *arg)
{
    struct search_team *t = (struct search_team *)arg;
    t->status[index] =
        error_set(&t->err[index], MVC_ENOMEM,
                  "could not start a host thread for device %d of the search", index);
    team_set(&t->stop);
}

static void run_part(int index, void *arg)
{
    struct search_team *t = (struct search_team *)arg;
    t->part[index].index = index;
    t->status[index] = run_device(t, index, &t->err[index]);
    if (t->status[index] != MVC_OK)
        team_set(&t->stop);
    search_part_close(&t->part[index]);
}

/* The parts' counts and times into st. */
static void gather_stats(struct search_team *t, double wall, struct solve_stats *st)
{
    const struct gpu_run *run = t->run;
    const struct launch_plan *p0 = &t->part[0].p;
    st->block_size = p0->block_size;
    st->shared_kernel = p0->in_shared;
    st->worklist_size = p0->worklist_size;
    st->threshold = p0->worklist_size > 0 ? (double)p0->threshold / (double)p0->worklist_size : 0;
    st->gpus = run->devices;
    st->blocks = 0;
    st->nodes = 0;
    st->sms = 0;
    memset(st->nodes_per_sm, 0, sizeof st->nodes_per_sm);
    double worklist = 0, reductions = 0, branching = 0;
    int timed = 0, sms = 0;
    for (int i = 0; i < run->devices; i++) {
        struct search_part *part = &t->part[i];
        st->nodes += part->nodes;
        st->nodes_per_gpu[i] = part->nodes;
        st->search_per_gpu[i] = part->seconds;
        st->blocks += part->p.blocks;
        /* one device: every SM id's count; several: each device's first sms ids in turn */
        int ids = run->devices == 1 ? SOLVE_MAX_SMS : part->sms;
        for (int j = 0; j < ids && sms < SOLVE_MAX_SMS; j++)
            st->nodes_per_sm[sms++] = part->per_sm[j];
        st->sms += part->sms;
        worklist += part->worklist;
        reductions += part->reductions;
        branching += part->branching;
        timed += part->timed;
    }
    if (st->sms > SOLVE_MAX_SMS)
        st->sms = SOLVE_MAX_SMS;
    if (timed > 0) {
        st->t_worklist = worklist / timed;
        st->t_reductions = reductions / timed;
        st->t_branching = branching / timed;
    }
    st->t_search = run->devices > 1 ? wall : t->part[0].seconds;
    progress_nodes(run->o->report, st->nodes);
}

/* The outcome: the smallest cover any device saved (MVC) or the one of size <= k (PVC). */
static int team_outcome(struct search_team *t, struct cover *out, struct solve_stats *st)
{
    const struct gpu_run *run = t->run;
    int chosen = -1;
    for (int i = 0; i < run->devices; i++)
        if (t->has_cover[i] && (chosen < 0 || t->cover[i].size < t->cover[chosen].size))
            chosen = i;
    if (chosen >= 0 && (run->pvc || t->cover[chosen].size < out->size)) {
        memcpy(out->in, t->cover[chosen].in, (size_t)run->g->n);
        out->size = t->cover[chosen].size;
    }
    st->best = out->size;
    progress_improve(run->o->report, out->size);
    int complete = !t->cut_short && (!t->pooled || work_pool_over(&t->pool));
    if (run->pvc) {
        if (chosen >= 0)
            return SOLVE_FOUND;
        if (!complete)
            return SOLVE_STOPPED;
        st->lower_bound = (int32_t)(run->k_root + 1);
        progress_lower(run->o->report, st->lower_bound);
        return SOLVE_NO_COVER;
    }
    if (!complete)
        return SOLVE_STOPPED;
    st->proven = 1;
    st->lower_bound = out->size;
    progress_lower(run->o->report, st->lower_bound);
    return SOLVE_OPTIMAL;
}

int search_team_solve(const struct gpu_run *run, struct cover *out, struct solve_stats *st,
                      struct error *err)
{
    struct search_team *t = (struct search_team *)calloc(1, sizeof *t);
    if (t == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the GPU search");
    t->run = run;
    t->best = run->upper;
    t->depth = -1;
    int status = MVC_OK;
    if (run->hybrid && run->devices > 1) {
        if (work_pool_init(&t->pool, run->devices, (size_t)run->stride) != MVC_OK)
            status = error_set(err, MVC_ENOMEM, "out of memory for nodes between devices");
        t->pooled = status == MVC_OK;
    }
    int outcome = status;
    if (status == MVC_OK) {
        double start = clock_seconds();
        device_team_run(run->devices, run_part, refuse_part, t);
        for (int i = 0; i < run->devices && status == MVC_OK; i++)
            if (t->status[i] != MVC_OK) {
                *err = t->err[i];
                status = t->status[i];
            }
        outcome = status;
        if (status == MVC_OK) {
            gather_stats(t, clock_seconds() - start, st);
            outcome = team_outcome(t, out, st);
        }
    }
    for (int i = 0; i < run->devices; i++)
        if (t->has_cover[i])
            cover_free(&t->cover[i]);
    if (t->pooled)
        work_pool_free(&t->pool);
    free(t);
    return outcome;
}
