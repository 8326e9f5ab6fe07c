#include "clique_dist.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "clock.h"
#include "deadline.h"
#include "error.h"
#include "gpu_clique_member.h"
#include "progress.h"
#include "steal.h"
#ifdef HAVE_CUDA
#include "gpu.h"
#endif

enum tag {
    TAG_PROBLEM = 1, /* rank 0 -> all, down the tree: a search starts */
    TAG_RELEASE,     /* rank 0 -> all, down the tree: no more searches */
    TAG_STEAL,       /* an idle rank asks for work */
    TAG_WORK,        /* items, the answer to a request */
    TAG_REFUSED,     /* no work to spare */
    TAG_TOKEN,       /* the termination token: int64 count, int32 colour */
    TAG_BEST,        /* a larger clique: its size, then its vertices */
    TAG_STOP,        /* any rank -> 0: stopped by a signal */
    TAG_DONE,        /* down the tree from rank 0: the search is over; int32: 1 when stopped */
    TAG_RESULT,      /* up the tree after DONE: a subtree's result_head, then its best clique */
};

/* Seconds the communicating thread sleeps when no message came and nothing changed. */
#define IDLE_WAIT 0.0002
/*
 * After each refusal in a row an idle rank waits twice as long before it
 * asks again, up to this: where work is scarce (the start, the end) a
 * thousand idle ranks would otherwise send some five million requests a
 * second.
 */
#define ASK_WAIT_MAX 0.004

/*
 * A rank's GPUs join its team this long after its part of a search starts
 * (and once the CUDA runtime is up, which the rank starts then): the many
 * searches that end within milliseconds never pay the runtime's start-up
 * (0.25-0.35 s on an H100) or a device's set-up. Rank 0's own race lets its
 * GPU entrant start later (pipeline.c's CPU_PROBE_SECONDS), so that the
 * team's members usually take its devices first.
 */
#define GPU_MEMBERS_AFTER 0.2

/* The threads of one rank and the pool of items they take from. */
struct team {
    struct clique_split split; /* first: hand_over finds the team from it */
    pthread_mutex_t lock;
    pthread_cond_t wake;
    /*
     * Items, each malloc'd, in pool[head .. count). A thread takes the
     * oldest: the items of one hand-over come in the order the search would
     * have taken them (the largest colour first, where the largest cliques
     * tend to be found); a steal takes every other item.
     */
    int32_t **pool;
    size_t head, count, capacity;
    int started, idle, quit; /* members: the CPU threads and the devices that joined */
    int threads;             /* CPU threads started */
    struct clique_shared shared;
    struct clique_search *searches;
    pthread_t *ids;
    /*
     * The rank's GPUs (gpu_clique_member.h), on a thread of their own that
     * waits GPU_MEMBERS_AFTER first: gpus is how many devices the search
     * lets each rank use (0 for all, -1 for none).
     */
    int gpus, gpu_thread_started;
    pthread_t gpu_thread;
    const struct clique_search *problem;
    clique_members_fn gpu_run;
    double gpu_after;
    int64_t gpu_nodes;
};

/* Under the lock. Takes the item; frees it when there is no room. */
static void pool_add(struct team *t, int32_t *item)
{
    if (t->head > 0 && t->count == t->capacity) {
        memmove(t->pool, t->pool + t->head, (t->count - t->head) * sizeof *t->pool);
        t->count -= t->head;
        t->head = 0;
    }
    if (t->count == t->capacity) {
        size_t capacity = t->capacity ? 2 * t->capacity : 64;
        int32_t **grown = realloc(t->pool, capacity * sizeof *grown);
        if (grown == NULL) {
            /* lost work would be a wrong answer: stop the search instead */
            free(item);
            __atomic_store_n(&t->shared.stop, 1, __ATOMIC_RELAXED);
            return;
        }
        t->pool = grown, t->capacity = capacity;
    }
    t->pool[t->count++] = item;
}

/* Adds the items laid end to end in items[0 .. ints) (each copied), waking the threads. */
static void team_add(struct team *t, const int32_t *items, size_t ints)
{
    pthread_mutex_lock(&t->lock);
    for (size_t at = 0; at < ints && items[at] > 0;) {
        size_t length = (size_t)items[at];
        int32_t *item = malloc(length * sizeof *item);
        if (item == NULL) {
            __atomic_store_n(&t->shared.stop, 1, __ATOMIC_RELAXED);
            break;
        }
        memcpy(item, items + at, length * sizeof *item);
        pool_add(t, item);
        at += length;
    }
    pthread_cond_broadcast(&t->wake);
    pthread_mutex_unlock(&t->lock);
}

static void hand_over(struct clique_split *split, int32_t *items, size_t ints)
{
    team_add((struct team *)split, items, ints);
    free(items);
}

static void *team_thread(void *arg)
{
    struct clique_search *s = arg;
    struct team *t = (struct team *)s->split;
    pthread_mutex_lock(&t->lock);
    for (;;) {
        while (t->count == t->head && !t->quit) {
            t->idle++;
            if (t->idle < t->started) /* someone is busy: ask for a hand-over */
                __atomic_store_n(&t->split.want, 1, __ATOMIC_RELAXED);
            pthread_cond_wait(&t->wake, &t->lock);
            t->idle--;
        }
        if (t->quit)
            break;
        int32_t *item = t->pool[t->head++];
        if (t->head == t->count)
            t->head = t->count = 0;
        pthread_mutex_unlock(&t->lock);
        double start = clock_seconds();
        clique_search_item(s, item);
        s->busy += clock_seconds() - start;
        free(item);
        clique_search_report(s);
        pthread_mutex_lock(&t->lock);
    }
    t->idle++;
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

static void *members_thread(void *arg);

/*
 * What runs a rank's GPUs as members of its team, and how long after the
 * start of its part of a search: gpu_clique_members where the build has
 * CUDA, or a stand-in of the tests (clique_dist_set_members).
 */
static clique_members_fn members_run =
#ifdef HAVE_CUDA
    gpu_clique_members;
#else
    NULL;
#endif
static double members_after = GPU_MEMBERS_AFTER;

void clique_dist_set_members(clique_members_fn run, double after)
{
    members_run = run;
    members_after = after;
}

/*
 * `threads` threads searching with s's graph and options, from s's best,
 * and the rank's GPUs when `gpus` >= 0 (how many, 0 for all).
 */
static int team_open(struct team *t, struct clique_search *s, int threads, int gpus)
{
    memset(t, 0, sizeof *t);
    t->split.hand_over = hand_over;
    t->shared.best_size = s->best_size;
    t->shared.best = malloc(((size_t)s->n + 1) * sizeof *t->shared.best);
    t->searches = calloc((size_t)threads, sizeof *t->searches);
    t->ids = calloc((size_t)threads, sizeof *t->ids);
    if (!t->shared.best || !t->searches || !t->ids) {
        free(t->shared.best), free(t->searches), free(t->ids);
        return MVC_ENOMEM;
    }
    memcpy(t->shared.best, s->best, (size_t)s->best_size * sizeof *t->shared.best);
    pthread_mutex_init(&t->lock, NULL);
    pthread_mutex_init(&t->shared.lock, NULL);
    pthread_cond_init(&t->wake, NULL);
    for (int i = 0; i < threads; i++) {
        struct clique_search *h = &t->searches[i];
        *h = *s;
        h->owns_graph = 0;
        h->shared = &t->shared;
        h->split = &t->split;
        h->nodes = h->nodes_reported = 0;
        memset(&h->maxsat, 0, sizeof h->maxsat);
        if (clique_search_scratch(h) != MVC_OK) {
            clique_search_free(h);
            break;
        }
        pthread_mutex_lock(&t->lock);
        int created = pthread_create(&t->ids[i], NULL, team_thread, h) == 0;
        t->started += created;
        t->threads += created;
        pthread_mutex_unlock(&t->lock);
        if (!created) {
            clique_search_free(h);
            break;
        }
    }
    /* without that thread the rank searches on its CPUs alone */
    t->gpus = gpus;
    t->problem = s;
    t->gpu_run = members_run;
    t->gpu_after = clock_seconds() + members_after;
    if (t->threads > 0 && gpus >= 0 && t->gpu_run != NULL)
        t->gpu_thread_started = pthread_create(&t->gpu_thread, NULL, members_thread, t) == 0;
    if (t->threads > 0)
        return MVC_OK;
    pthread_mutex_destroy(&t->lock);
    pthread_mutex_destroy(&t->shared.lock);
    pthread_cond_destroy(&t->wake);
    free(t->shared.best), free(t->searches), free(t->ids);
    return MVC_ENOMEM;
}

/*
 * Ends the threads; s gets the team's best clique and what its threads
 * counted. Returns the seconds they spent searching, all told.
 */
static double team_close(struct team *t, struct clique_search *s)
{
    double busy = 0;
    pthread_mutex_lock(&t->lock);
    t->quit = 1;
    __atomic_store_n(&t->shared.stop, 1, __ATOMIC_RELAXED);
    pthread_cond_broadcast(&t->wake);
    pthread_mutex_unlock(&t->lock);
    if (t->gpu_thread_started) {
        pthread_join(t->gpu_thread, NULL);
        s->nodes += t->gpu_nodes;
    }
    for (int i = 0; i < t->threads; i++) {
        pthread_join(t->ids[i], NULL);
        s->nodes += t->searches[i].nodes;
        s->nodes_reported += t->searches[i].nodes; /* each thread reported its own */
        s->maxsat.spared += t->searches[i].maxsat.spared;
        busy += t->searches[i].busy;
        clique_search_free(&t->searches[i]);
    }
    s->best_size = t->shared.best_size;
    memcpy(s->best, t->shared.best, (size_t)s->best_size * sizeof *s->best);
    for (size_t i = t->head; i < t->count; i++)
        free(t->pool[i]);
    free(t->pool);
    pthread_mutex_destroy(&t->lock);
    pthread_mutex_destroy(&t->shared.lock);
    pthread_cond_destroy(&t->wake);
    free(t->shared.best), free(t->searches), free(t->ids);
    return busy;
}

/* No item in the pool and every thread waiting: the rank holds no work. */
static int team_passive(struct team *t)
{
    pthread_mutex_lock(&t->lock);
    int empty = t->count == t->head;
    int passive = empty && t->idle == t->started;
    int hungry = empty && t->idle > 0 && t->idle < t->started;
    pthread_mutex_unlock(&t->lock);
    if (hungry)
        __atomic_store_n(&t->split.want, 1, __ATOMIC_RELAXED);
    return passive;
}

/*
 * Which items a packing of the pool takes, in pool order from the oldest:
 * every other one, or the first `most` of depth 1 or more. A function of
 * the item, its place among those looked at and how many were taken before
 * it, so that sizing and copying take the same ones.
 */
struct pool_pick {
    enum { PICK_EVERY_OTHER, PICK_DEEP } rule;
    size_t most;
};

static int pool_picks(struct pool_pick pick, const int32_t *item, size_t seen, size_t taken)
{
    if (pick.rule == PICK_EVERY_OTHER)
        return seen % 2 == 0;
    return taken < pick.most && item[1] > 0;
}

/*
 * Under the lock: the items `pick` takes, laid end to end in a malloc'd
 * *items of *ints ints and a 0 after them, out of the pool; the rest stay
 * in order. Returns how many; 0 (and *items untouched) when none or memory
 * is short.
 */
static size_t pool_pack(struct team *t, struct pool_pick pick, int32_t **items, size_t *ints)
{
    size_t total = 0, taken = 0;
    for (size_t i = t->head; i < t->count; i++)
        if (pool_picks(pick, t->pool[i], i - t->head, taken))
            total += (size_t)t->pool[i][0], taken++;
    int32_t *out = taken > 0 ? malloc((total + 1) * sizeof *out) : NULL;
    if (out == NULL)
        return 0;
    size_t at = 0, kept = t->head;
    taken = 0;
    for (size_t i = t->head; i < t->count; i++) {
        if (pool_picks(pick, t->pool[i], i - t->head, taken)) {
            memcpy(out + at, t->pool[i], (size_t)t->pool[i][0] * sizeof *out);
            at += (size_t)t->pool[i][0];
            free(t->pool[i]);
            taken++;
        } else {
            t->pool[kept++] = t->pool[i];
        }
    }
    out[at] = 0;
    *items = out;
    *ints = at;
    t->count = kept;
    if (t->head == t->count)
        t->head = t->count = 0;
    return taken;
}

/*
 * Every other item of the pool, from the oldest (at least one), laid end
 * to end in a malloc'd array of *ints: the thief and this rank both go on
 * in the order the search would have taken (a newer half would leave the
 * thief the branches a good clique found later prunes). NULL when the pool
 * is empty (a thread is then asked to hand over, for the next request) or
 * memory is short.
 */
static int32_t *team_give(struct team *t, size_t *ints)
{
    int32_t *out = NULL;
    pthread_mutex_lock(&t->lock);
    int empty = t->head == t->count;
    pool_pack(t, (struct pool_pick){PICK_EVERY_OTHER, 0}, &out, ints);
    pthread_mutex_unlock(&t->lock);
    if (empty)
        __atomic_store_n(&t->split.want, 1, __ATOMIC_RELAXED);
    return out;
}

/* A clique from another rank: taken when larger than the team's. */
static void team_offer(struct team *t, const int32_t *clique, int32_t size, int32_t target)
{
    struct clique_shared *sh = &t->shared;
    pthread_mutex_lock(&sh->lock);
    if (size > sh->best_size) {
        memcpy(sh->best, clique, (size_t)size * sizeof *sh->best);
        __atomic_store_n(&sh->best_size, size, __ATOMIC_RELAXED);
        if (size >= target)
            __atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&sh->lock);
}

/*
 * The team as its GPUs see it (gpu_clique_member.h): they join and leave
 * as members counted like its threads (idle while they wait for work), and
 * take items from its pool, as many as their queue holds, or half of those
 * there when threads wait too. Items of depth 0 (the root, an orbital
 * split's rest) stay for the threads: the devices' queues take subproblems
 * with a clique prefix, and a thread soon hands the branches of such an
 * item on.
 */
static void member_join(void *arg, int members)
{
    struct team *t = arg;
    pthread_mutex_lock(&t->lock);
    t->started += members;
    t->idle += members;
    pthread_mutex_unlock(&t->lock);
}

static void member_leave(void *arg, int members)
{
    struct team *t = arg;
    pthread_mutex_lock(&t->lock);
    t->started -= members;
    t->idle -= members;
    pthread_cond_broadcast(&t->wake);
    pthread_mutex_unlock(&t->lock);
}

/* Under the lock: up to `room` items of depth 1 or more, from the oldest, laid end to end. */
static size_t pool_take_deep(struct team *t, size_t room, int32_t **items, size_t *ints)
{
    size_t deep = 0;
    for (size_t i = t->head; i < t->count; i++)
        deep += t->pool[i][1] > 0;
    size_t most = t->idle > 1 && deep > 1 ? deep / 2 : deep;
    return pool_pack(t, (struct pool_pick){PICK_DEEP, most < room ? most : room}, items, ints);
}

static size_t member_take(void *arg, int busy, size_t room, int32_t **items, size_t *ints)
{
    struct team *t = arg;
    size_t taken = 0;
    pthread_mutex_lock(&t->lock);
    if (busy)
        t->idle++;
    while (!t->quit && (taken = pool_take_deep(t, room, items, ints)) == 0) {
        if (t->idle < t->started) /* someone is busy: ask for a hand-over */
            __atomic_store_n(&t->split.want, 1, __ATOMIC_RELAXED);
        pthread_cond_wait(&t->wake, &t->lock);
    }
    if (taken > 0)
        t->idle--;
    pthread_mutex_unlock(&t->lock);
    return taken;
}

static void member_give(void *arg, const int32_t *items, size_t ints)
{
    team_add(arg, items, ints);
}

static int member_wanted(void *arg)
{
    struct team *t = arg;
    return __atomic_load_n(&t->split.want, __ATOMIC_RELAXED) &&
           __atomic_exchange_n(&t->split.want, 0, __ATOMIC_ACQ_REL);
}

static int32_t member_best(void *arg)
{
    return __atomic_load_n(&((struct team *)arg)->shared.best_size, __ATOMIC_RELAXED);
}

static void member_found(void *arg, const int32_t *clique, int32_t size)
{
    struct team *t = arg;
    team_offer(t, clique, size, t->problem->target);
}

static int member_stopping(void *arg)
{
    return __atomic_load_n(&((struct team *)arg)->shared.stop, __ATOMIC_RELAXED);
}

static void member_lost(void *arg)
{
    __atomic_store_n(&((struct team *)arg)->shared.stop, 1, __ATOMIC_RELAXED);
}

/* Whether the team is closing; checked while the GPUs wait to start. */
static int team_quitting(struct team *t)
{
    pthread_mutex_lock(&t->lock);
    int quit = t->quit;
    pthread_mutex_unlock(&t->lock);
    return quit;
}

/* Whether the members may start: their moment has come, and with it the CUDA runtime. */
static int members_ready(struct team *t)
{
    if (clock_seconds() < t->gpu_after)
        return 0;
#ifdef HAVE_CUDA
    if (t->gpu_run == gpu_clique_members) {
        gpu_warm_up_start();
        return gpu_warm_up_done();
    }
#endif
    return 1;
}

/*
 * The rank's GPUs: from GPU_MEMBERS_AFTER on, once the CUDA runtime is up,
 * as members of the team until the search is over. A device that fails
 * while it holds work ends the search unproven (member_lost); the message
 * says why.
 */
static void *members_thread(void *arg)
{
    struct team *t = arg;
    const struct clique_search *s = t->problem;
    while (!members_ready(t)) {
        if (team_quitting(t))
            return NULL;
        clock_sleep(0.001);
    }
    struct clique_member_link link = {
        .team = t,
        .join = member_join,
        .leave = member_leave,
        .take = member_take,
        .give = member_give,
        .wanted = member_wanted,
        .best = member_best,
        .found = member_found,
        .stopping = member_stopping,
        .lost = member_lost,
    };
    struct error err = {0, ""};
    int64_t nodes = 0;
    int status =
        t->gpu_run(&link, t->gpus, s->n, s->words, s->adj, s->use_maxsat, s->target, &nodes, &err);
    t->gpu_nodes = nodes;
    if (status != MVC_OK)
        fprintf(stderr, "mvc-gpu: the GPUs left the distributed clique search: %s\n", err.message);
    return NULL;
}

/*
 * What a subtree of ranks sends up the tree once a search is over, before
 * its largest clique: its nodes and branches spared, how many ranks, the
 * fewest and most nodes of one, the lowest and the sum of their busy
 * fractions (the share of a rank's threads' time spent searching).
 */
struct result_head {
    int64_t nodes, spared, ranks, nodes_min, nodes_max, gpu_nodes;
    double busy_min, busy_sum;
};
#define RESULT_HEAD sizeof(struct result_head)

/* A message kept for later. */
struct letter {
    int from, tag;
    void *bytes;
    size_t size;
};

/*
 * What reached a rank before the problem did (it comes down the tree of
 * ranks, the rest straight from their senders): the search handles it
 * first.
 */
struct backlog {
    struct letter *letters;
    size_t count, capacity;
};

/* One rank's part of a search. */
struct rank_run {
    struct dist_link *l;
    struct clique_search *s; /* the graph, the options, and where the answer goes */
    struct team team;
    struct steal_state steal;
    int32_t sent_best; /* the largest clique this rank has sent the others */
    int done, stopped;
    /*
     * The team's threads ended and its pool freed: work or a clique that
     * arrives later (an answer to a steal asked before the end, news sent
     * before it) must not reach the team.
     */
    int team_closed;
    int stop_asked;            /* rank 0: a rank was stopped; other ranks: rank 0 was told */
    double ask_wait, next_ask; /* the wait after refusals, and when to ask again */
    double start;              /* when its threads started */
    struct result_head sum;    /* this rank's subtree, once the search is over */
    int results;               /* results of child ranks received */
    /*
     * Taken before the search starts, so that nothing after can fail for
     * memory: a clique to send (n + 1 ints), the subtree's largest clique
     * (n + 1 ints, `merged_size` of them), and the result message.
     */
    int32_t *clique, *merged;
    int32_t merged_size;
    unsigned char *result;
};

/* Ranks below this one in the binary tree of ranks (2i + 1, 2i + 2): 0, 1 or 2. */
static int children(const struct dist_link *l)
{
    return (2 * l->rank + 1 < l->ranks) + (2 * l->rank + 2 < l->ranks);
}

/* A subtree's counts into the sum of a larger one. */
static void result_merge(struct result_head *into, const struct result_head *add)
{
    if (add->ranks <= 0)
        return;
    if (into->ranks == 0 || add->nodes_min < into->nodes_min)
        into->nodes_min = add->nodes_min;
    if (into->ranks == 0 || add->nodes_max > into->nodes_max)
        into->nodes_max = add->nodes_max;
    if (into->ranks == 0 || add->busy_min < into->busy_min)
        into->busy_min = add->busy_min;
    into->busy_sum += add->busy_sum;
    into->nodes += add->nodes;
    into->gpu_nodes += add->gpu_nodes;
    into->spared += add->spared;
    into->ranks += add->ranks;
}

/* Down the binary tree of ranks: rank i passes what it got on to 2i + 1 and 2i + 2. */
static void forward(struct dist_link *l, int tag, const void *bytes, size_t size)
{
    for (int child = 2 * l->rank + 1; child <= 2 * l->rank + 2 && child < l->ranks; child++)
        l->send(l, child, tag, bytes, size);
}

static void send_to(struct rank_run *r, int to, int tag, const void *bytes, size_t size)
{
    r->l->send(r->l, to, tag, bytes, size);
}

static void send_all(struct rank_run *r, int tag, const void *bytes, size_t size)
{
    for (int to = 0; to < r->l->ranks; to++)
        if (to != r->l->rank)
            send_to(r, to, tag, bytes, size);
}

/* The subtree's largest clique becomes clique when it is larger (count <= n). */
static void merge_clique(struct rank_run *r, const void *clique, int32_t count)
{
    if (count > r->merged_size) {
        memcpy(r->merged, clique, (size_t)count * sizeof *r->merged);
        r->merged_size = count;
    }
}

static void handle(struct rank_run *r, int from, int tag, const void *bytes, size_t size)
{
    struct team *t = &r->team;
    switch (tag) {
    case TAG_STEAL: {
        size_t ints = 0;
        int32_t *items = r->done ? NULL : team_give(t, &ints);
        if (items != NULL) {
            steal_work_sent(&r->steal);
            send_to(r, from, TAG_WORK, items, ints * sizeof *items);
            free(items);
        } else {
            send_to(r, from, TAG_REFUSED, NULL, 0);
        }
        break;
    }
    case TAG_WORK:
        if (r->team_closed)
            break; /* the search is over: stopped, or ended with nothing in flight but this */
        /* counted before the items are in the pool: the rank is busy from here */
        steal_work_received(&r->steal);
        team_add(t, bytes, size / sizeof(int32_t));
        r->ask_wait = 0;
        break;
    case TAG_REFUSED:
        steal_refused(&r->steal);
        r->ask_wait = r->ask_wait > 0 ? 2 * r->ask_wait : IDLE_WAIT;
        if (r->ask_wait > ASK_WAIT_MAX)
            r->ask_wait = ASK_WAIT_MAX;
        r->next_ask = clock_seconds() + r->ask_wait;
        break;
    case TAG_TOKEN: {
        int64_t count;
        int32_t black;
        if (size < sizeof count + sizeof black)
            break;
        memcpy(&count, bytes, sizeof count);
        memcpy(&black, (const char *)bytes + sizeof count, sizeof black);
        steal_token_received(&r->steal, count, black);
        break;
    }
    case TAG_BEST: {
        const int32_t *clique = bytes;
        int32_t count = (int32_t)(size / sizeof *clique);
        if (count > r->s->n)
            break;
        if (r->team_closed) { /* kept with the subtree's largest clique, which goes up */
            merge_clique(r, clique, count);
            break;
        }
        if (count > __atomic_load_n(&t->shared.best_size, __ATOMIC_RELAXED)) {
            team_offer(t, clique, count, r->s->target);
            if (r->l->rank == 0)
                progress_improve(r->s->opts->report, r->s->n - count);
        }
        if (count > r->sent_best)
            r->sent_best = count; /* every rank has it already */
        break;
    }
    case TAG_STOP: r->stop_asked = 1; break;
    case TAG_DONE: {
        int32_t stopped = 0;
        if (size >= sizeof stopped)
            memcpy(&stopped, bytes, sizeof stopped);
        if (!r->done)
            forward(r->l, TAG_DONE, &stopped, sizeof stopped);
        r->done = 1;
        r->stopped = stopped;
        break;
    }
    case TAG_RESULT: {
        struct result_head head;
        if (size >= RESULT_HEAD) {
            memcpy(&head, bytes, sizeof head);
            result_merge(&r->sum, &head);
            /* the subtree's largest clique, in case its own message is still on its way */
            int32_t count = (int32_t)((size - RESULT_HEAD) / sizeof(int32_t));
            if (count <= r->s->n)
                merge_clique(r, (const char *)bytes + RESULT_HEAD, count);
        }
        r->results++;
        break;
    }
    default: break; /* a search's leftovers never reach the next (link->settle) */
    }
    (void)from;
}

/* Whatever has arrived; whether anything had. */
static int receive_all(struct rank_run *r)
{
    int from, tag, any = 0;
    void *bytes;
    size_t size;
    while (r->l->receive(r->l, &from, &tag, &bytes, &size)) {
        handle(r, from, tag, bytes, size);
        free(bytes);
        any = 1;
    }
    return any;
}

/* A clique larger than any this rank has sent goes to every other rank. */
static int share_best(struct rank_run *r)
{
    struct clique_shared *sh = &r->team.shared;
    if (__atomic_load_n(&sh->best_size, __ATOMIC_RELAXED) <= r->sent_best)
        return 0;
    pthread_mutex_lock(&sh->lock);
    int32_t size = sh->best_size;
    memcpy(r->clique, sh->best, (size_t)size * sizeof *r->clique);
    pthread_mutex_unlock(&sh->lock);
    send_all(r, TAG_BEST, r->clique, (size_t)size * sizeof *r->clique);
    r->sent_best = size;
    return 1;
}

/* Rank 0 ends the search: every rank is told (down the tree), and this rank's threads stop. */
static void finish(struct rank_run *r, int stopped)
{
    int32_t flag = stopped;
    forward(r->l, TAG_DONE, &flag, sizeof flag);
    __atomic_store_n(&r->team.shared.stop, 1, __ATOMIC_RELAXED);
    r->done = 1;
    r->stopped = stopped;
}

/* Rank 0's reasons to end the search before the token says so. */
static void check_end(struct rank_run *r)
{
    struct clique_search *s = r->s;
    struct clique_shared *sh = &r->team.shared;
    if (__atomic_load_n(&sh->best_size, __ATOMIC_RELAXED) >= s->target)
        finish(r, 0);
    else if (r->stop_asked || __atomic_load_n(&sh->stop, __ATOMIC_RELAXED) ||
             deadline_passed(&s->opts->deadline))
        finish(r, 1);
}

/* What an idle rank does: ask for work, pass the token on, and at rank 0 see the end. */
static void when_idle(struct rank_run *r)
{
    if (!r->steal.asking && r->l->ranks > 1 && clock_seconds() >= r->next_ask) {
        int victim = steal_victim(&r->steal);
        send_to(r, victim, TAG_STEAL, NULL, 0);
    }
    int to, black;
    int64_t count;
    if (steal_token_to_send(&r->steal, &to, &count, &black)) {
        unsigned char token[sizeof count + sizeof(int32_t)];
        int32_t colour = black;
        memcpy(token, &count, sizeof count);
        memcpy(token + sizeof count, &colour, sizeof colour);
        send_to(r, to, TAG_TOKEN, token, sizeof token);
    }
    if (r->l->rank == 0 && r->steal.over)
        finish(r, 0);
}

static void rank_free(struct rank_run *r)
{
    free(r->clique), free(r->merged), free(r->result);
}

/*
 * What a rank needs for its part of the search of s, taken before it
 * starts: `threads` threads (and its GPUs, `gpus` as team_open takes it),
 * the buffers, and at rank 0 the root item, or the items given instead
 * (items: item_ints ints, or NULL). MVC_OK, or MVC_ENOMEM with nothing
 * started.
 */
static int rank_open(struct rank_run *r, struct clique_search *s, struct dist_link *l, int threads,
                     int gpus, const int32_t *items, size_t item_ints)
{
    *r = (struct rank_run){.l = l, .s = s, .sent_best = s->best_size, .start = clock_seconds()};
    r->clique = malloc(((size_t)s->n + 1) * sizeof *r->clique);
    r->merged = malloc(((size_t)s->n + 1) * sizeof *r->merged);
    r->result = malloc(RESULT_HEAD + ((size_t)s->n + 1) * sizeof(int32_t));
    size_t ints = clique_item_ints(0, s->words);
    int32_t *root = l->rank == 0 && items == NULL ? calloc(ints, sizeof *root) : NULL;
    if (!r->clique || !r->merged || !r->result || (l->rank == 0 && !items && !root) ||
        team_open(&r->team, s, threads, gpus) != MVC_OK) {
        rank_free(r);
        free(root);
        return MVC_ENOMEM;
    }
    steal_init(&r->steal, l->rank, l->ranks, 0x5eed);
    if (root != NULL) {
        /* the root: no vertex chosen yet, every vertex a candidate */
        root[0] = (int32_t)ints, root[1] = 0, root[2] = s->n;
        for (int32_t v = 0; v < s->n; v++)
            root[CLIQUE_ITEM_HEAD + 2 * (v / WORD_BITS) + (v % WORD_BITS) / 32] |=
                (int32_t)(1u << (v % 32));
        team_add(&r->team, root, ints);
        free(root);
    } else if (l->rank == 0 && item_ints > 0) {
        team_add(&r->team, items, item_ints);
    }
    return MVC_OK;
}

/*
 * One rank's part of the search (rank_open'ed): its threads, the messages,
 * until rank 0 says it is over; then the counts go to rank 0 and the link
 * settles. stop: this rank's signal flag (NULL at rank 0, whose deadline
 * carries it); early: what came before the problem.
 */
static void rank_search(struct rank_run *r, volatile sig_atomic_t *stop,
                        const struct backlog *early, struct rank_stats *ranks)
{
    struct dist_link *l = r->l;
    struct clique_search *s = r->s;
    struct clique_shared *sh = &r->team.shared;
    int64_t nodes_before = s->nodes, spared_before = s->maxsat.spared;
    int threads = r->team.threads;
    for (size_t i = 0; early != NULL && i < early->count; i++) {
        const struct letter *m = &early->letters[i];
        handle(r, m->from, m->tag, m->bytes, m->size);
    }
    while (!r->done) {
        int busy = receive_all(r);
        if (r->done)
            break;
        busy |= share_best(r);
        if (l->rank == 0) {
            check_end(r);
            if (r->done)
                break;
        } else if (stop != NULL && *stop) {
            __atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED);
        }
        /*
         * A stopped rank drops its work: it must never pass the token on
         * (rank 0 could take the search for complete before the stop
         * reaches it), only tell rank 0, which ends the search as stopped.
         * The stop is read after the idleness: a thread raises it before it
         * takes the team's lock to go idle, so a rank seen idle here with
         * the stop unseen had no stopped thread.
         */
        int passive = team_passive(&r->team);
        if (__atomic_load_n(&sh->stop, __ATOMIC_RELAXED)) {
            if (l->rank != 0 && !r->stop_asked &&
                __atomic_load_n(&sh->best_size, __ATOMIC_RELAXED) < s->target) {
                send_to(r, 0, TAG_STOP, NULL, 0);
                r->stop_asked = 1;
            }
        } else if (passive) {
            when_idle(r);
        }
        if (!busy && !r->done)
            clock_sleep(IDLE_WAIT);
    }
    /*
     * The results go up the tree: each rank adds its own to its children's
     * and passes the sum, with the subtree's largest clique (one a rank
     * found may not have reached the others yet), to its parent.
     */
    double wall = clock_seconds() - r->start;
    double busy = team_close(&r->team, s);
    r->team_closed = 1;
    busy = wall > 0 && threads > 0 ? busy / (wall * threads) : 0;
    int64_t own = s->nodes - nodes_before;
    struct result_head mine = {
        own, s->maxsat.spared - spared_before, 1, own, own, r->team.gpu_nodes, busy, busy};
    result_merge(&r->sum, &mine);
    merge_clique(r, s->best, s->best_size);
    while (r->results < children(l))
        if (!receive_all(r))
            clock_sleep(IDLE_WAIT);
    if (l->rank != 0) {
        memcpy(r->result, &r->sum, RESULT_HEAD);
        memcpy(r->result + RESULT_HEAD, r->merged, (size_t)r->merged_size * sizeof(int32_t));
        send_to(r, (l->rank - 1) / 2, TAG_RESULT, r->result,
                RESULT_HEAD + (size_t)r->merged_size * sizeof(int32_t));
    } else {
        s->nodes = nodes_before + r->sum.nodes;
        s->maxsat.spared = spared_before + r->sum.spared;
        if (r->merged_size > s->best_size) {
            memcpy(s->best, r->merged, (size_t)r->merged_size * sizeof *s->best);
            s->best_size = r->merged_size;
        }
        if (ranks != NULL)
            *ranks = (struct rank_stats){(int)r->sum.ranks,
                                         r->sum.nodes_min,
                                         r->sum.nodes_max,
                                         r->sum.busy_min,
                                         r->sum.busy_sum / (double)r->sum.ranks,
                                         r->sum.gpu_nodes};
    }
    s->stopped = r->stopped;
    rank_free(r);
    l->settle(l);
}

/*
 * The problem, as rank 0 sends it: int32 n, MaxSAT on, target, best size,
 * the GPUs each rank may use (0 for all, -1 for none), the best clique, a
 * pad to a multiple of 8 bytes, then the adjacency rows (n rows of words,
 * search order).
 */
#define PROBLEM_HEAD 5

static size_t problem_head_ints(int32_t best_size)
{
    return ((size_t)PROBLEM_HEAD + (size_t)best_size + 1) / 2 * 2;
}

int clique_dist_search(struct clique_search *s, struct dist_link *l, int threads,
                       const int32_t *items, size_t item_ints, struct rank_stats *ranks)
{
    size_t head_bytes = problem_head_ints(s->best_size) * sizeof(int32_t);
    size_t rows = (size_t)s->n * (size_t)s->words * sizeof(word_t);
    unsigned char *problem = calloc(head_bytes + rows, 1);
    struct rank_run r;
    const struct solve_opts *o = s->opts;
    int32_t gpus = o->clique.spread_gpus ? o->gpu.devices : -1;
    /* everything taken before the problem leaves: once it has, the search must run to its end */
    if (problem == NULL || rank_open(&r, s, l, threads, gpus, items, item_ints) != MVC_OK) {
        free(problem);
        return MVC_ENOMEM;
    }
    int32_t head[PROBLEM_HEAD] = {s->n, s->use_maxsat, s->target, s->best_size, gpus};
    memcpy(problem, head, sizeof head);
    memcpy(problem + sizeof head, s->best, (size_t)s->best_size * sizeof(int32_t));
    memcpy(problem + head_bytes, s->adj, rows);
    forward(l, TAG_PROBLEM, problem, head_bytes + rows);
    free(problem);
    rank_search(&r, NULL, NULL, ranks);
    return MVC_OK;
}

/*
 * A rank that cannot take part: rank 0 is told, and the search ends as
 * stopped. It refuses requests and keeps the token (the search cannot end as
 * complete), passes the end down the tree and its children's results up,
 * with a result of no nodes of its own.
 */
static void sit_out(struct dist_link *l, const struct backlog *early)
{
    l->send(l, 0, TAG_STOP, NULL, 0);
    struct result_head sum = {.ranks = 1};
    void *largest = NULL; /* the child result with the largest clique, reused to send the sum */
    size_t largest_size = 0;
    int done = 0, results = 0;
    for (size_t i = 0; i < early->count; i++) {
        const struct letter *m = &early->letters[i];
        if (m->tag == TAG_STEAL)
            l->send(l, m->from, TAG_REFUSED, NULL, 0);
        if (m->tag == TAG_DONE && !done) {
            forward(l, TAG_DONE, m->bytes, m->size);
            done = 1;
        }
    }
    while (!done || results < children(l)) {
        int from, tag;
        void *bytes;
        size_t size;
        if (!l->receive(l, &from, &tag, &bytes, &size)) {
            clock_sleep(IDLE_WAIT);
            continue;
        }
        if (tag == TAG_STEAL)
            l->send(l, from, TAG_REFUSED, NULL, 0);
        if (tag == TAG_DONE && !done) {
            forward(l, TAG_DONE, bytes, size);
            done = 1;
        }
        if (tag == TAG_RESULT && size >= RESULT_HEAD) {
            struct result_head head;
            memcpy(&head, bytes, sizeof head);
            result_merge(&sum, &head);
            results++;
            if (largest == NULL || size > largest_size) {
                free(largest);
                largest = bytes, largest_size = size;
                continue;
            }
        }
        free(bytes);
    }
    if (l->rank != 0) {
        unsigned char alone[RESULT_HEAD];
        unsigned char *out = largest != NULL ? largest : alone;
        memcpy(out, &sum, RESULT_HEAD);
        l->send(l, (l->rank - 1) / 2, TAG_RESULT, out,
                largest != NULL ? largest_size : RESULT_HEAD);
    }
    free(largest);
    l->settle(l);
}

/* A rank's copy of the problem rank 0 sent, and its part of the search. */
static void serve_problem(struct dist_link *l, int threads, volatile sig_atomic_t *stop,
                          const unsigned char *problem, size_t size, struct backlog *early)
{
    int32_t head[PROBLEM_HEAD];
    if (size < sizeof head) {
        sit_out(l, early);
        return;
    }
    memcpy(head, problem, sizeof head);
    int32_t n = head[0], best_size = head[3];
    struct solve_opts o;
    solve_opts_default(&o);
    o.deadline.stop = stop;
    struct clique_search s;
    memset(&s, 0, sizeof s);
    s.opts = &o;
    s.use_maxsat = head[1];
    s.target = head[2];
    s.start = clock_seconds();
    size_t head_bytes = problem_head_ints(best_size) * sizeof(int32_t);
    size_t rows = (size_t)n * (size_t)((n + WORD_BITS - 1) / WORD_BITS) * sizeof(word_t);
    struct rank_run r;
    int status = n >= 0 && best_size >= 0 && best_size <= n && size == head_bytes + rows
                     ? clique_search_from_rows(&s, n, problem + head_bytes)
                     : MVC_EINPUT;
    if (status == MVC_OK) {
        memcpy(s.best, problem + sizeof head, (size_t)best_size * sizeof(int32_t));
        s.best_size = best_size;
        status = threads > 0
                     ? rank_open(&r, &s, l, clique_search_threads_cap(n, threads), head[4], NULL, 0)
                     : MVC_ENOMEM;
    }
    if (status == MVC_OK)
        rank_search(&r, stop, early, NULL);
    else
        sit_out(l, early);
    clique_search_free(&s);
}

static void backlog_clear(struct backlog *b)
{
    for (size_t i = 0; i < b->count; i++)
        free(b->letters[i].bytes);
    b->count = 0;
}

/* Seconds a rank sleeps between polls while no search runs. */
#define SERVE_WAIT 0.001

void clique_dist_serve(struct dist_link *l, int threads, volatile sig_atomic_t *stop)
{
    struct backlog early = {NULL, 0, 0};
    for (;;) {
        int from, tag;
        void *bytes;
        size_t size;
        if (!l->receive(l, &from, &tag, &bytes, &size)) {
            clock_sleep(early.count > 0 ? IDLE_WAIT : SERVE_WAIT);
            continue;
        }
        if (tag == TAG_PROBLEM || tag == TAG_RELEASE) {
            forward(l, tag, bytes, size);
        } else {
            if (early.count == early.capacity) {
                size_t capacity = early.capacity ? 2 * early.capacity : 16;
                struct letter *grown = realloc(early.letters, capacity * sizeof *grown);
                if (grown == NULL) {
                    /* a lost token or request could hang the search: an error instead */
                    fprintf(stderr, "mvc-gpu: rank %d: out of memory for a message\n", l->rank);
                    abort();
                }
                early.letters = grown, early.capacity = capacity;
            }
            early.letters[early.count++] = (struct letter){from, tag, bytes, size};
            continue;
        }
        if (tag == TAG_PROBLEM) {
            serve_problem(l, threads, stop, bytes, size, &early);
            backlog_clear(&early);
        }
        free(bytes);
        if (tag == TAG_RELEASE)
            break;
    }
    backlog_clear(&early);
    free(early.letters);
}

void clique_dist_release(struct dist_link *l)
{
    forward(l, TAG_RELEASE, NULL, 0);
}
