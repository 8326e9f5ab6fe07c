/*
 * The work pool that carries subproblems between the devices of a search
 * (src/base/work_pool.h): shares, hunger and the end of the search, then the
 * whole protocol of clique_team.cu simulated with 64 and 256 members, one
 * step at a time in a seeded order and on 64 threads at once: every node of
 * a search tree is visited exactly once, and the search is never seen over
 * while a node is left.
 */
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "random.h"
#include "tap.h"
#include "work_pool.h"

/* A search tree, numbered breadth first: node v's children are first[v] .. first[v + 1) - 1. */
struct tree {
    int32_t nodes;
    int32_t *first;
};

/* Up to `nodes` nodes; each has 0 to 3 children, by a hash of its number, down to depth 40. */
static struct tree make_tree(uint64_t seed, int32_t nodes)
{
    struct tree t;
    t.first = malloc(((size_t)nodes + 1) * sizeof *t.first);
    int32_t *depth = malloc((size_t)nodes * sizeof *depth);
    int32_t made = 1;
    depth[0] = 0;
    int32_t v = 0;
    for (; v < made; v++) {
        t.first[v] = made;
        uint64_t h = seed ^ ((uint64_t)v * 0x9e3779b97f4a7c15u);
        int children = v == 0 ? 3 : (int)(random_next(&h) % 4);
        for (int c = 0; c < children && depth[v] < 40 && made < nodes; c++) {
            depth[made] = depth[v] + 1;
            made++;
        }
    }
    t.first[v] = made;
    t.nodes = made;
    free(depth);
    return t;
}

/* One member: a stack of nodes to visit, and what it has handed over but not yet added. */
struct member {
    int32_t *stack;
    int32_t top;
    int32_t outbox[8];
    int out;
    int idle, finished;
};

struct simulation {
    struct tree t;
    struct work_pool pool;
    struct member *m;
    int members;
    unsigned char *visits; /* per node */
    int64_t visited;
    int early;   /* the search was seen over with a node left */
    int handoff; /* subproblems handed over */
};

static void visit(struct simulation *s, struct member *me, int32_t v)
{
    s->visits[v]++;
    s->visited++;
    for (int32_t c = s->t.first[v]; c < s->t.first[v + 1]; c++)
        me->stack[me->top++] = c;
}

/*
 * One step of a member, as a device's thread and kernel act: a busy member
 * first adds what it handed over at its last step (the host copies
 * exported slots a moment after the kernel wrote them), visits a node, and
 * when the pool is hungry hands over its shallowest nodes; an empty member
 * declares itself idle once its outbox is added, then takes work.
 */
static void step(struct simulation *s, int i)
{
    struct member *me = &s->m[i];
    if (me->finished)
        return;
    if (me->out > 0) {
        work_pool_add(&s->pool, me->outbox, (size_t)me->out);
        s->handoff += me->out;
        me->out = 0;
        return;
    }
    if (me->top > 0) {
        visit(s, me, me->stack[--me->top]);
        int hunger = work_pool_hunger(&s->pool);
        while (hunger-- > 0 && me->top > 0 && me->out < 8) {
            me->outbox[me->out++] = me->stack[0]; /* the bottom: the shallowest open node */
            memmove(me->stack, me->stack + 1, (size_t)(me->top - 1) * sizeof *me->stack);
            me->top--;
        }
        return;
    }
    if (!me->idle) {
        work_pool_idle(&s->pool);
        me->idle = 1;
    }
    int over = 0;
    int32_t taken[4];
    size_t count = work_pool_try_take(&s->pool, taken, 4, &over);
    if (count > 0) {
        me->idle = 0;
        for (size_t k = 0; k < count; k++)
            me->stack[me->top++] = taken[k];
    } else if (over) {
        me->finished = 1;
        if (s->visited != s->t.nodes)
            s->early = 1;
    }
}

/* The root's children dealt out as the devices take root branches: member i every members-th. */
static void deal_root(struct simulation *s)
{
    s->visits[0]++;
    s->visited++;
    int k = 0;
    for (int32_t c = s->t.first[0]; c < s->t.first[1]; c++, k++)
        s->m[k % s->members].stack[s->m[k % s->members].top++] = c;
}

static void simulation_open(struct simulation *s, int members, int32_t nodes, uint64_t seed)
{
    memset(s, 0, sizeof *s);
    s->t = make_tree(seed, nodes);
    s->members = members;
    work_pool_init(&s->pool, members, 1);
    s->m = calloc((size_t)members, sizeof *s->m);
    for (int i = 0; i < members; i++)
        s->m[i].stack = malloc((size_t)s->t.nodes * sizeof(int32_t));
    s->visits = calloc((size_t)s->t.nodes, 1);
    deal_root(s);
}

static void simulation_close(struct simulation *s)
{
    for (int i = 0; i < s->members; i++)
        free(s->m[i].stack);
    free(s->m);
    free(s->visits);
    free(s->t.first);
    work_pool_free(&s->pool);
}

static int visited_once(const struct simulation *s)
{
    for (int32_t v = 0; v < s->t.nodes; v++)
        if (s->visits[v] != 1)
            return 0;
    return 1;
}

/* Members stepped one at a time in a seeded random order until all have finished. */
static void simulate(int members, int32_t nodes, uint64_t seed)
{
    struct simulation s;
    simulation_open(&s, members, nodes, seed);
    uint64_t rng = seed * 7919 + 1;
    int64_t steps = 0, limit = (int64_t)s.t.nodes * 64 + (int64_t)members * 4096;
    int finished = 0;
    while (finished < members && steps < limit) {
        step(&s, (int)(random_next(&rng) % (uint64_t)members));
        steps++;
        if (steps % 1024 == 0) {
            finished = 0;
            for (int i = 0; i < members; i++)
                finished += s.m[i].finished;
        }
    }
    for (int i = 0; i < members; i++)
        step(&s, i); /* the finished count above may be stale by up to one round */
    finished = 0;
    for (int i = 0; i < members; i++)
        finished += s.m[i].finished;
    ok(finished == members && !s.early && s.visited == s.t.nodes && visited_once(&s) &&
           (s.handoff > 0 || members == 1),
       "%d members, seed %llu: %d nodes visited once each, %d subproblems handed over, over "
       "only at the end (%lld steps)",
       members, (unsigned long long)seed, (int)s.visited, s.handoff, (long long)steps);
    simulation_close(&s);
}

/* The same protocol on threads: one per member, polling as the devices' threads do. */
struct shared_run {
    struct simulation s;
    pthread_mutex_t lock;
    int64_t visited;
    int early;
};

struct thread_arg {
    struct shared_run *run;
    int index;
};

static void *member_thread(void *p)
{
    struct thread_arg *a = p;
    struct shared_run *run = a->run;
    struct simulation *s = &run->s;
    struct member *me = &s->m[a->index];
    for (;;) {
        if (me->top > 0) {
            int32_t v = me->stack[--me->top];
            pthread_mutex_lock(&run->lock);
            s->visits[v]++;
            run->visited++;
            pthread_mutex_unlock(&run->lock);
            for (int32_t c = s->t.first[v]; c < s->t.first[v + 1]; c++)
                me->stack[me->top++] = c;
            if (me->top > 1 && work_pool_hunger(&s->pool) > 0) {
                work_pool_add(&s->pool, me->stack, 1);
                memmove(me->stack, me->stack + 1, (size_t)(me->top - 1) * sizeof *me->stack);
                me->top--;
            }
            continue;
        }
        work_pool_idle(&s->pool);
        for (;;) {
            int over = 0;
            int32_t taken[4];
            size_t count = work_pool_try_take(&s->pool, taken, 4, &over);
            if (count > 0) {
                for (size_t k = 0; k < count; k++)
                    me->stack[me->top++] = taken[k];
                break;
            }
            if (over) {
                pthread_mutex_lock(&run->lock);
                if (run->visited != s->t.nodes)
                    run->early = 1;
                pthread_mutex_unlock(&run->lock);
                return NULL;
            }
            sched_yield();
        }
    }
}

static void threads_run(int members, int32_t nodes, uint64_t seed)
{
    struct shared_run run;
    simulation_open(&run.s, members, nodes, seed);
    pthread_mutex_init(&run.lock, NULL);
    run.visited = 1; /* the root */
    run.early = 0;
    pthread_t *threads = malloc((size_t)members * sizeof *threads);
    struct thread_arg *args = malloc((size_t)members * sizeof *args);
    int started = 0;
    for (int i = 0; i < members; i++) {
        args[i].run = &run;
        args[i].index = i;
        if (pthread_create(&threads[i], NULL, member_thread, &args[i]) == 0)
            started++;
        else
            break;
    }
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    if (started < members) {
        skip("could not start a thread per member");
    } else {
        run.s.visited = run.visited;
        ok(!run.early && run.visited == run.s.t.nodes && visited_once(&run.s),
           "%d threads, seed %llu: %d nodes visited once each, %zu subproblems through the pool",
           members, (unsigned long long)seed, (int)run.visited, run.s.pool.handed);
    }
    free(threads);
    free(args);
    pthread_mutex_destroy(&run.lock);
    simulation_close(&run.s);
}

static void unit_tests(void)
{
    struct work_pool p;
    ok(work_pool_init(&p, 3, 2) == MVC_OK, "a pool of three members, two ints a subproblem");
    int32_t items[] = {1, 10, 2, 20, 3, 30, 4, 40, 5, 50}, got[10];
    int over = -1;
    is(work_pool_hunger(&p), 0, "no hunger while every member is busy");
    work_pool_idle(&p);
    work_pool_idle(&p);
    is(work_pool_hunger(&p), 2, "two idle members, an empty pool: hunger 2");
    ok(work_pool_try_take(&p, got, 4, &over) == 0 && !over, "nothing to take yet, not over");
    work_pool_add(&p, items, 5);
    is(work_pool_hunger(&p), 0, "no hunger while the pool holds work");
    size_t first = work_pool_try_take(&p, got, 8, &over);
    ok(first == 3 && got[0] == 3 && got[1] == 30 && got[4] == 5 && got[5] == 50,
       "an idle member takes its share, 5 over 2 rounded up: %zu", first);
    size_t second = work_pool_try_take(&p, got, 1, &over);
    ok(second == 1 && got[0] == 2 && got[1] == 20, "the next takes at most its room: %zu", second);
    ok(!work_pool_over(&p), "not over: every member busy, one subproblem left");
    work_pool_idle(&p);
    work_pool_idle(&p);
    work_pool_idle(&p);
    ok(!work_pool_over(&p), "not over while the pool holds a subproblem (three idle)");
    ok(work_pool_try_take(&p, got, 4, &over) == 1 && got[0] == 1, "the last one taken");
    work_pool_idle(&p);
    ok(work_pool_over(&p), "over: every member idle, the pool empty");
    ok(work_pool_try_take(&p, got, 4, &over) == 0 && over, "and an idle member hears it");
    work_pool_free(&p);
}

int main(void)
{
    unit_tests();
    for (uint64_t seed = 1; seed <= 3; seed++) {
        simulate(64, 60000, seed);
        simulate(256, 120000, seed + 10);
    }
    simulate(4, 20000, 99);
    simulate(1, 5000, 98);
    threads_run(64, 60000, 5);
    threads_run(8, 60000, 6);
    done_testing();
    return exit_status();
}
