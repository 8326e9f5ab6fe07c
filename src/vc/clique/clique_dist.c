#include "clique_dist.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "deadline.h"
#include "error.h"
#include "progress.h"
#include "steal.h"

enum tag {
    TAG_PROBLEM = 1, /* rank 0 -> all, down the tree: a search starts */
    TAG_RELEASE,     /* rank 0 -> all, down the tree: no more searches */
    TAG_STEAL,       /* an idle rank asks for work */
    TAG_WORK,        /* items, the answer to a request */
    TAG_REFUSED,     /* no work to spare */
    TAG_TOKEN,       /* the termination token: int64 count, int32 colour */
    TAG_BEST,        /* a larger clique: its size, then its vertices */
    TAG_STOP,        /* any rank -> 0: stopped by a signal */
    TAG_DONE,        /* 0 -> all: the search is over; int32: 1 when stopped */
    TAG_RESULT, /* all -> 0 after DONE: int64 nodes, int64 spared, double busy, the best clique */
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
    int started, idle, quit;
    struct clique_shared shared;
    struct clique_search *searches;
    pthread_t *ids;
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

static void hand_over(struct clique_split *split, int32_t *items, size_t ints, int32_t count)
{
    (void)count;
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

/* `threads` threads searching with s's graph and options, from s's best. */
static int team_open(struct team *t, struct clique_search *s, int threads)
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
        pthread_mutex_unlock(&t->lock);
        if (!created) {
            clique_search_free(h);
            break;
        }
    }
    if (t->started > 0)
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
    for (int i = 0; i < t->started; i++) {
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
 * Every other item of the pool, from the oldest (at least one), laid end
 * to end in a malloc'd array of *ints: the thief and this rank both go on
 * in the order the search would have taken (a newer half would leave the
 * thief the branches a good clique found later prunes). NULL when the pool
 * is empty (a thread is then asked to hand over, for the next request) or
 * memory is short.
 */
static int32_t *team_give(struct team *t, size_t *ints)
{
    pthread_mutex_lock(&t->lock);
    size_t give = (t->count - t->head + 1) / 2, total = 0;
    for (size_t i = t->head; i < t->count; i += 2)
        total += (size_t)t->pool[i][0];
    int32_t *out = give > 0 ? malloc(total * sizeof *out) : NULL;
    if (out != NULL) {
        size_t at = 0, kept = t->head;
        for (size_t i = t->head; i < t->count; i++) {
            if ((i - t->head) % 2 == 0) {
                memcpy(out + at, t->pool[i], (size_t)t->pool[i][0] * sizeof *out);
                at += (size_t)t->pool[i][0];
                free(t->pool[i]);
            } else {
                t->pool[kept++] = t->pool[i];
            }
        }
        t->count = kept;
        if (t->head == t->count)
            t->head = t->count = 0;
        *ints = total;
    }
    pthread_mutex_unlock(&t->lock);
    if (give == 0)
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
    int stop_asked;            /* rank 0: a rank was stopped; other ranks: rank 0 was told */
    int64_t nodes, spared;     /* rank 0: the other ranks' counts */
    int results;               /* rank 0: the other ranks' results received */
    struct rank_stats spread;  /* rank 0: every rank's nodes and busy fraction */
    double ask_wait, next_ask; /* the wait after refusals, and when to ask again */
    /*
     * Taken before the search starts, so that nothing after can fail for
     * memory: a clique (n + 1 ints), and the result message (two int64
     * counts and a clique).
     */
    int32_t *clique;
    unsigned char *result;
};

/* A rank's result: two int64 counts and its busy fraction, then its best clique. */
#define RESULT_HEAD (2 * sizeof(int64_t) + sizeof(double))

/* One rank's nodes and busy fraction into the spread (busy_mean a running sum until the end). */
static void spread_add(struct rank_stats *spread, int64_t nodes, double busy)
{
    if (spread->ranks == 0 || nodes < spread->nodes_min)
        spread->nodes_min = nodes;
    if (spread->ranks == 0 || nodes > spread->nodes_max)
        spread->nodes_max = nodes;
    if (spread->ranks == 0 || busy < spread->busy_min)
        spread->busy_min = busy;
    spread->busy_mean += busy;
    spread->ranks++;
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
        r->done = 1;
        r->stopped = stopped;
        break;
    }
    case TAG_RESULT: {
        int64_t counts[2] = {0, 0};
        double busy = 0;
        if (size >= RESULT_HEAD) {
            memcpy(counts, bytes, sizeof counts);
            memcpy(&busy, (const char *)bytes + sizeof counts, sizeof busy);
            /* the best clique of that rank, in case its own message is still on its way */
            int32_t count = (int32_t)((size - RESULT_HEAD) / sizeof(int32_t));
            if (count <= r->s->n &&
                count > __atomic_load_n(&t->shared.best_size, __ATOMIC_RELAXED)) {
                memcpy(r->clique, (const char *)bytes + RESULT_HEAD,
                       (size_t)count * sizeof *r->clique);
                team_offer(t, r->clique, count, r->s->target);
            }
        }
        r->nodes += counts[0], r->spared += counts[1];
        r->results++;
        spread_add(&r->spread, counts[0], busy);
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

/* Rank 0 ends the search: every rank is told, and this rank's threads stop. */
static void finish(struct rank_run *r, int stopped)
{
    int32_t flag = stopped;
    send_all(r, TAG_DONE, &flag, sizeof flag);
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
    free(r->clique), free(r->result);
}

/*
 * What a rank needs for its part of the search of s, taken before it
 * starts: `threads` threads, the buffers, and at rank 0 the root item.
 * MVC_OK, or MVC_ENOMEM with nothing started.
 */
static int rank_open(struct rank_run *r, struct clique_search *s, struct dist_link *l, int threads)
{
    *r = (struct rank_run){.l = l, .s = s, .sent_best = s->best_size};
    r->clique = malloc(((size_t)s->n + 1) * sizeof *r->clique);
    r->result = malloc(RESULT_HEAD + ((size_t)s->n + 1) * sizeof(int32_t));
    size_t ints = clique_item_ints(0, s->words);
    int32_t *root = l->rank == 0 ? calloc(ints, sizeof *root) : NULL;
    if (!r->clique || !r->result || (l->rank == 0 && root == NULL) ||
        team_open(&r->team, s, threads) != MVC_OK) {
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
    double start = clock_seconds();
    int64_t nodes_before = s->nodes;
    int threads = r->team.started;
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
    if (l->rank == 0) {
        /* the threads keep the team's best, which the results may raise */
        while (r->results < l->ranks - 1) {
            if (!receive_all(r))
                clock_sleep(IDLE_WAIT);
        }
        double wall = clock_seconds() - start;
        double busy = team_close(&r->team, s);
        spread_add(&r->spread, s->nodes - nodes_before,
                   wall > 0 && threads > 0 ? busy / (wall * threads) : 0);
        r->spread.busy_mean /= r->spread.ranks;
        s->nodes += r->nodes;
        s->maxsat.spared += r->spared;
    } else {
        double wall = clock_seconds() - start;
        double busy = team_close(&r->team, s);
        busy = wall > 0 && threads > 0 ? busy / (wall * threads) : 0;
        int64_t counts[2] = {s->nodes - nodes_before, s->maxsat.spared};
        memcpy(r->result, counts, sizeof counts);
        memcpy(r->result + sizeof counts, &busy, sizeof busy);
        memcpy(r->result + RESULT_HEAD, s->best, (size_t)s->best_size * sizeof(int32_t));
        send_to(r, 0, TAG_RESULT, r->result, RESULT_HEAD + (size_t)s->best_size * sizeof(int32_t));
    }
    s->stopped = r->stopped;
    if (ranks != NULL)
        *ranks = r->spread;
    rank_free(r);
    l->settle(l);
}

/*
 * The problem, as rank 0 sends it: int32 n, MaxSAT on, target, best size,
 * the best clique, a pad to a multiple of 8 bytes, then the adjacency rows
 * (n rows of words, search order).
 */
#define PROBLEM_HEAD 4

static size_t problem_head_ints(int32_t best_size)
{
    return ((size_t)PROBLEM_HEAD + (size_t)best_size + 1) / 2 * 2;
}

/* Down the binary tree of ranks: rank i passes what it got on to 2i + 1 and 2i + 2. */
static void forward(struct dist_link *l, int tag, const void *bytes, size_t size)
{
    for (int child = 2 * l->rank + 1; child <= 2 * l->rank + 2 && child < l->ranks; child++)
        l->send(l, child, tag, bytes, size);
}

int clique_dist_search(struct clique_search *s, struct dist_link *l, int threads,
                       struct rank_stats *ranks)
{
    size_t head_bytes = problem_head_ints(s->best_size) * sizeof(int32_t);
    size_t rows = (size_t)s->n * (size_t)s->words * sizeof(word_t);
    unsigned char *problem = calloc(head_bytes + rows, 1);
    struct rank_run r;
    /* everything taken before the problem leaves: once it has, the search must run to its end */
    if (problem == NULL || rank_open(&r, s, l, threads) != MVC_OK) {
        free(problem);
        return MVC_ENOMEM;
    }
    int32_t head[PROBLEM_HEAD] = {s->n, s->use_maxsat, s->target, s->best_size};
    memcpy(problem, head, sizeof head);
    memcpy(problem + sizeof head, s->best, (size_t)s->best_size * sizeof(int32_t));
    memcpy(problem + head_bytes, s->adj, rows);
    forward(l, TAG_PROBLEM, problem, head_bytes + rows);
    free(problem);
    rank_search(&r, NULL, NULL, ranks);
    return MVC_OK;
}

/* A rank that cannot take part: rank 0 is told, and the search ends as stopped. */
static void sit_out(struct dist_link *l, const struct backlog *early)
{
    l->send(l, 0, TAG_STOP, NULL, 0);
    int done = 0;
    for (size_t i = 0; i < early->count; i++) {
        if (early->letters[i].tag == TAG_STEAL)
            l->send(l, early->letters[i].from, TAG_REFUSED, NULL, 0);
        done |= early->letters[i].tag == TAG_DONE;
    }
    /* requests refused, the token kept (the search cannot end as complete), until rank 0 ends it */
    while (!done) {
        int from, tag;
        void *bytes;
        size_t size;
        if (!l->receive(l, &from, &tag, &bytes, &size)) {
            clock_sleep(IDLE_WAIT);
            continue;
        }
        if (tag == TAG_STEAL)
            l->send(l, from, TAG_REFUSED, NULL, 0);
        done = tag == TAG_DONE;
        free(bytes);
    }
    unsigned char result[RESULT_HEAD] = {0};
    l->send(l, 0, TAG_RESULT, result, sizeof result);
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
        status = rank_open(&r, &s, l, clique_search_threads_cap(n, threads));
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
