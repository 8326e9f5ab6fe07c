/*
 * gpu_clique_members (src/gpu/gpu_clique_member.h): the devices of one rank
 * in its team's distributed clique search.
 *
 * Each device's host thread loops: take a batch of the team's items, load
 * them into the queue of its grid as subproblems (the slot image of
 * clique_queue.cuh: depth, clique prefix, candidates, the same search
 * indices and bit order as the items), launch the persistent search, and
 * while it runs write the team's best into the kernel's floor, hand a
 * larger clique the kernel found to the team, and answer the team's asks
 * for work by asking the kernel for exports (the untried rest of its warps'
 * shallowest open nodes), which go back to the team as items. Only once a
 * launch has ended and its exports are in the team's pool does the thread
 * take again (and so count itself idle): the team's termination rule sees
 * no work vanish.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "clique_search.h"
#include "gpu_clique_member.h"
#include "solve.h"
}
#include "gpu.h"

#include "clique_device.h"
#include "clique_prepare.h"
#include "cuda_check.h"
#include "device_team.h"
#include "kernel_watch.h"

struct member_part {
    struct clique_device d;
    struct clique_plan plan;
    int32_t *slots;   /* host images of a launch's queue slots */
    int32_t *clique;  /* a clique read back from the device */
    int32_t reported; /* the largest clique of this device the team has had */
    int requested, copied;
    int holding; /* held work since its last take */
    int64_t nodes;
    int status;
    struct error err;
};

struct members {
    const struct clique_member_link *link;
    struct clique_problem cp; /* the graph in 32-bit rows; no order: search indices throughout */
    int32_t words64;          /* words of the team's rows and items */
    int32_t target, floor_size;
    int maxsat;
    struct solve_opts o; /* the defaults: stops come from the team */
    int size;
    struct member_part part[DEVICE_TEAM_MAX];
};

/* The team's rows (64-bit words) as the kernels' (32-bit words), and the largest degree. */
static int problem_from_rows(struct clique_problem *cp, int32_t n, int32_t words64,
                             const uint64_t *rows)
{
    memset(cp, 0, sizeof *cp);
    cp->n = n;
    cp->words = (n + CLIQUE_WORD_BITS - 1) / CLIQUE_WORD_BITS;
    cp->adj = (clique_word *)calloc((size_t)n * cp->words + 1, sizeof *cp->adj);
    cp->clique = (int32_t *)calloc((size_t)n + 1, sizeof *cp->clique);
    if (cp->adj == NULL || cp->clique == NULL) {
        free(cp->adj), free(cp->clique);
        return MVC_ENOMEM;
    }
    for (int32_t i = 0; i < n; i++) {
        const uint64_t *row = rows + (size_t)i * words64;
        clique_word *out = cp->adj + (size_t)i * cp->words;
        int32_t degree = 0;
        for (int32_t w = 0; w < cp->words; w++) {
            out[w] = (clique_word)(row[w / 2] >> (32 * (w % 2)));
            degree += __builtin_popcount(out[w]);
        }
        if (degree > cp->max_degree)
            cp->max_degree = degree;
    }
    return MVC_OK;
}

/* Whether clique[0 .. size) are distinct vertices, each pair adjacent: a torn read is not. */
static int is_clique(const struct clique_problem *cp, const int32_t *clique, int32_t size)
{
    for (int32_t i = 0; i < size; i++) {
        if (clique[i] < 0 || clique[i] >= cp->n)
            return 0;
        const clique_word *row = cp->adj + (size_t)clique[i] * cp->words;
        for (int32_t j = 0; j < i; j++)
            if (!((row[clique[j] / CLIQUE_WORD_BITS] >> (clique[j] % CLIQUE_WORD_BITS)) & 1))
                return 0;
    }
    return 1;
}

/*
 * The device's largest clique, `size` vertices, read back and given to the
 * team when it checks out. While the kernel runs a larger one may be
 * written over it as it is read: that read is dropped, the next look reads
 * again.
 */
static int report_clique(struct members *m, struct member_part *part, int32_t size,
                         struct error *err)
{
    if (size <= part->reported)
        return MVC_OK;
    struct clique_device *d = &part->d;
    int status = clique_device_read_best(d, size, part->clique, d->watch.side, err);
    if (status == MVC_OK && is_clique(&m->cp, part->clique, size)) {
        m->link->found(m->link->team, part->clique, size);
        part->reported = size;
    }
    return status;
}

/* Exported slots (clique_queue.cuh's image) as items for the team (clique_search.h's layout). */
static int give_exports(struct members *m, const struct clique_params *p, const int32_t *slots,
                        size_t count, struct error *err)
{
    size_t item_most = clique_item_ints(p->rows, m->words64);
    int32_t *items = (int32_t *)malloc((count * item_most + 1) * sizeof(int32_t));
    if (items == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for subproblems a device hands back");
    size_t at = 0;
    for (size_t i = 0; i < count; i++) {
        const int32_t *slot = slots + i * p->slot_stride;
        const clique_word *set = (const clique_word *)(slot + 1 + p->rows);
        int32_t depth = slot[0], left = 0;
        for (int32_t w = 0; w < m->cp.words; w++)
            left += __builtin_popcount(set[w]);
        /* its bound: the depth and every candidate */
        int32_t *item = items + at;
        size_t ints = clique_item_ints(depth, m->words64);
        item[0] = (int32_t)ints, item[1] = depth, item[2] = depth + left;
        memcpy(item + CLIQUE_ITEM_HEAD, slot + 1, (size_t)depth * sizeof(int32_t));
        int32_t *bits = item + CLIQUE_ITEM_HEAD + depth;
        memset(bits, 0, 2 * (size_t)m->words64 * sizeof(int32_t));
        memcpy(bits, set, (size_t)m->cp.words * sizeof(clique_word));
        at += ints;
    }
    items[at] = 0;
    m->link->give(m->link->team, items, at);
    free(items);
    return MVC_OK;
}

/*
 * While a launch runs: the team's best into the floor, the device's larger
 * cliques to the team, a stop when the team stops, and exports when the team
 * asks for work (clique_device_serve_exports).
 */
static int look(struct members *m, struct member_part *part, int32_t *floor, int *stop_sent,
                struct error *err)
{
    struct clique_device *d = &part->d;
    struct clique_control *ctl = d->p.ctl;
    const struct clique_member_link *link = m->link;
    int best = 0;
    int status = kernel_watch_read(&d->watch, &ctl->hot[HOT_BEST], &best, err);
    if (status == MVC_OK && best > part->reported)
        status = report_clique(m, part, best, err);
    int32_t now = link->best(link->team);
    if (status == MVC_OK && now > *floor) {
        *floor = now;
        status = kernel_watch_write(&d->watch, &ctl->hot[HOT_FLOOR], now, err);
    }
    if (status == MVC_OK && !*stop_sent && (link->stopping(link->team) || *floor >= m->target)) {
        status = kernel_watch_send_stop(&d->watch, &ctl->hot[HOT_STOP], err);
        *stop_sent = 1;
    }
    if (status != MVC_OK || *stop_sent)
        return status;
    auto want = [&]() { return link->wanted(link->team) ? CLIQUE_EXPORTS_PER_ASK : 0; };
    auto take = [&](const int32_t *slots, size_t count) {
        return give_exports(m, &d->p, slots, count, err);
    };
    return clique_device_serve_exports(d, &part->copied, &part->requested, want, take, err);
}

/*
 * Items (laid end to end) as queue slots into part->slots, *count of them:
 * those whose bound cannot beat `floor` are finished here. An item the
 * queue cannot hold (no clique prefix, or one deeper than the colours allow,
 * neither of which the team hands a device) is an error, never dropped.
 */
static int load_slots(struct members *m, struct member_part *part, const int32_t *items,
                      size_t ints, int32_t floor, unsigned int *loaded, struct error *err)
{
    const struct clique_params *p = &part->d.p;
    unsigned int count = 0;
    for (size_t at = 0; at < ints && items[at] > 0; at += (size_t)items[at]) {
        const int32_t *item = items + at;
        int32_t depth = item[1];
        if (depth < 1 || depth >= p->rows)
            return error_set(err, MVC_EINTERNAL,
                             "a subproblem of depth %d for a device whose stacks hold %d levels",
                             depth, p->rows - 1);
        if (item[2] <= floor)
            continue;
        int32_t *slot = part->slots + (size_t)count * p->slot_stride;
        memset(slot, 0, p->slot_stride * sizeof(int32_t));
        slot[0] = depth;
        memcpy(slot + 1, item + CLIQUE_ITEM_HEAD, (size_t)depth * sizeof(int32_t));
        memcpy(slot + 1 + p->rows, item + CLIQUE_ITEM_HEAD + depth,
               (size_t)m->cp.words * sizeof(clique_word));
        count++;
    }
    *loaded = count;
    return MVC_OK;
}

/* One launch over `count` loaded slots; *complete when it searched them all. */
static int launch(struct members *m, struct member_part *part, unsigned int count, int *complete,
                  struct error *err)
{
    struct clique_device *d = &part->d;
    struct clique_control ctl;
    memset(&ctl, 0, sizeof ctl);
    int32_t floor = m->link->best(m->link->team);
    /* the best stays the device's own, whose vertices are in best_clique; the team's is the floor
     */
    ctl.hot[HOT_BEST] = part->reported;
    ctl.hot[HOT_FLOOR] = floor;
    ctl.hot[HOT_STOP] = m->link->stopping(m->link->team) || floor >= m->target;
    part->requested = part->copied = 0;
    int stop_sent = 0;
    auto report = [&]() { return look(m, part, &floor, &stop_sent, err); };
    int status =
        clique_device_run(d, &part->plan, &ctl, part->slots, count, &m->o, &stop_sent, report, err);
    if (status != MVC_OK)
        return status;
    part->nodes += (int64_t)ctl.nodes;
    if (ctl.hot[HOT_BEST] > part->reported &&
        (status = report_clique(m, part, ctl.hot[HOT_BEST], err)) != MVC_OK)
        return status;
    /* a stop ends the warps' items early and they still count them done (clique_team.cu) */
    *complete = ctl.hot[HOT_PENDING] == 0 && ctl.hot[HOT_STOP] == 0;
    auto take = [&](const int32_t *slots, size_t exports) {
        return give_exports(m, &d->p, slots, exports, err);
    };
    return clique_device_take_exports(d, &part->copied, ctl.export_tail, take, err);
}

/*
 * The device ready for launches: the graph, the number of colours (the
 * root kernel's, which bounds any clique and so the depth), the grid with
 * export slots, and the host's slot images.
 */
static int open_part(struct members *m, struct member_part *part, struct error *err)
{
    struct clique_device *d = &part->d;
    struct clique_params *p = &d->p;
    struct clique_control ctl;
    memset(&ctl, 0, sizeof ctl);
    int status = clique_device_open(d, &m->cp, 1, err);
    if (status != MVC_OK)
        return status;
    /* after the opening, which clears them */
    p->n = m->cp.n;
    p->words = m->cp.words;
    p->maxsat = m->maxsat;
    p->floor_size = m->floor_size;
    p->target = m->target;
    p->root_step = 1;
    if ((status = clique_device_colour_root(d, 1, &ctl, err)) != MVC_OK)
        return status;
    p->rows = ctl.colours + 1;
    p->root_count = 0; /* every launch starts from the queue */
    if ((status = clique_device_plan(&m->cp, &m->o, 1, p, &part->plan, err)) != MVC_OK ||
        (status = clique_device_open_grid(d, &part->plan, 1, err)) != MVC_OK)
        return status;
    d->watch.report_seconds = CLIQUE_LOOK_SECONDS;
    part->slots = (int32_t *)malloc((size_t)p->queue_capacity * p->slot_stride * sizeof(int32_t));
    part->clique = (int32_t *)malloc(((size_t)m->cp.n + 1) * sizeof(int32_t));
    if (part->slots == NULL || part->clique == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for a device's subproblems");
    return MVC_OK;
}

/* A device's thread: take, launch, hand back, until the search is over or stops. */
static int run_device(struct members *m, int index, struct error *err)
{
    struct member_part *part = &m->part[index];
    const struct clique_member_link *link = m->link;
    int status = CUDA_CHECK(err, cudaSetDevice(index));
    if (status == MVC_OK)
        status = open_part(m, part, err);
    if (status != MVC_OK)
        return status;
    for (;;) {
        int32_t *items = NULL;
        size_t ints = 0;
        size_t taken =
            link->take(link->team, part->holding, part->d.p.queue_capacity, &items, &ints);
        part->holding = taken > 0;
        if (taken == 0)
            return MVC_OK;
        unsigned int count = 0;
        status = load_slots(m, part, items, ints, link->best(link->team), &count, err);
        free(items);
        int complete = 1;
        if (status == MVC_OK && count > 0)
            status = launch(m, part, count, &complete, err);
        if (status != MVC_OK)
            return status;
        if (!complete)
            return MVC_OK; /* stopped: the search ends, and the team knows why */
    }
}

static void run_part(int index, void *arg)
{
    struct members *m = (struct members *)arg;
    struct member_part *part = &m->part[index];
    part->status = run_device(m, index, &part->err);
    if (part->status != MVC_OK) {
        if (part->holding)
            m->link->lost(m->link->team);
        else
            m->link->leave(m->link->team, 1);
    }
}

static void refuse_part(int index, void *arg)
{
    (void)index;
    struct members *m = (struct members *)arg;
    m->link->leave(m->link->team, 1);
}

int gpu_clique_members(const struct clique_member_link *link, int devices, int32_t n, int32_t words,
                       const uint64_t *rows, int maxsat, int32_t target, int64_t *nodes,
                       struct error *err)
{
    *nodes = 0;
    int count = gpu_device_count();
    if (count == 0 || n < 1 || n > CLIQUE_GPU_MAX_VERTICES)
        return MVC_OK;
    if (!kernel_watch_try_claim_device())
        return MVC_OK; /* another search of this process has the devices */
    struct members *m = (struct members *)calloc(1, sizeof *m);
    int status = m != NULL ? problem_from_rows(&m->cp, n, words, rows) : MVC_ENOMEM;
    if (status != MVC_OK) {
        free(m);
        kernel_watch_release_device();
        return error_set(err, MVC_ENOMEM, "out of memory for the devices' part of the search");
    }
    m->link = link;
    m->words64 = words;
    m->target = target;
    m->floor_size = target <= n ? target - 1 : 0;
    m->maxsat = maxsat;
    solve_opts_default(&m->o);
    m->size = devices > 0 && devices < count ? devices : count;
    if (m->size > DEVICE_TEAM_MAX)
        m->size = DEVICE_TEAM_MAX;
    int caller_device = 0;
    (void)cudaGetDevice(&caller_device);
    link->join(link->team, m->size);
    device_team_run(m->size, run_part, refuse_part, m);
    for (int i = m->size - 1; i >= 0; i--) {
        struct member_part *part = &m->part[i];
        *nodes += part->nodes;
        if (part->status != MVC_OK && status == MVC_OK) {
            status = part->status;
            *err = part->err;
        }
        (void)cudaSetDevice(i);
        clique_device_close(&part->d);
        free(part->slots), free(part->clique);
    }
    (void)cudaSetDevice(caller_device);
    clique_problem_free(&m->cp);
    free(m);
    kernel_watch_release_device();
    return status;
}
