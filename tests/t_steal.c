/*
 * The work-stealing and termination protocol of the distributed search
 * (src/dist/steal.h): first the orders of events that defeat a weaker
 * token (work on its way as the round ends, work passed back and forth
 * behind the token), step by step; then a discrete-event simulation of 1 to
 * 256 ranks:
 * messages arrive after random delays and out of order, ranks work at
 * random speeds, and the work is a random search tree that starts at one
 * rank. Every node must be visited exactly once, and when rank 0 declares
 * the search over, no rank may hold work and no work may be on its way.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "random.h"
#include "steal.h"
#include "tap.h"

enum { MSG_STEAL, MSG_WORK, MSG_REFUSED, MSG_TOKEN };

struct message {
    int64_t arrives;
    int to, from, kind;
    int64_t count; /* token count, or how many nodes the work carries */
    int black;
    uint32_t *nodes;
};

struct rank {
    struct steal_state s;
    uint32_t *stack;
    int64_t top, cap;
    uint32_t working; /* the node in hand, taken off the stack */
    int64_t left;     /* steps it still takes; 0: no node in hand */
};

struct sim {
    int ranks;
    struct rank *r;
    struct message *in_flight;
    int64_t flying, flying_cap;
    uint64_t random;
    int max_delay;
    uint32_t *visits; /* per node: how often visited */
    int64_t nodes, visited;
    int64_t messages;
};

/* Children of node v: 0 to 3 by a hash of v, within `nodes` (ids are breadth-first positions). */
static int children(uint64_t seed, uint32_t v, int64_t nodes, uint32_t *first)
{
    /* a fixed tree: child ids are 3v+1 .. 3v+3 where they exist, kept by a hash */
    int count = 0;
    for (int j = 1; j <= 3; j++) {
        uint64_t h = seed ^ ((uint64_t)v * 3 + (uint64_t)j) * 0x9e3779b97f4a7c15ull;
        uint64_t id = (uint64_t)v * 3 + (uint64_t)j;
        if (id < (uint64_t)nodes && (v == 0 || random_next(&h) % 3 != 0))
            first[count++] = (uint32_t)id;
    }
    return count;
}

static int64_t tree_size(uint64_t seed, int64_t nodes)
{
    uint32_t *stack = malloc((size_t)nodes * sizeof *stack), kids[3];
    int64_t top = 0, size = 0;
    stack[top++] = 0;
    while (top) {
        uint32_t v = stack[--top];
        size++;
        int c = children(seed, v, nodes, kids);
        for (int j = 0; j < c; j++)
            stack[top++] = kids[j];
    }
    free(stack);
    return size;
}

static void push(struct rank *r, uint32_t v)
{
    if (r->top == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 64;
        r->stack = realloc(r->stack, (size_t)r->cap * sizeof *r->stack);
    }
    r->stack[r->top++] = v;
}

static void post(struct sim *m, int64_t now, struct message msg)
{
    if (m->flying == m->flying_cap) {
        m->flying_cap = m->flying_cap ? 2 * m->flying_cap : 64;
        m->in_flight = realloc(m->in_flight, (size_t)m->flying_cap * sizeof *m->in_flight);
    }
    /* half the messages are quick, the others take up to max_delay ticks: overtaking is common */
    uint64_t draw = random_next(&m->random);
    msg.arrives = now + 1 + (draw & 1 ? 0 : (int64_t)((draw >> 1) % (uint64_t)m->max_delay));
    m->in_flight[m->flying++] = msg;
    m->messages++;
}

/* A request at a rank with work: the bottom of its stack (the largest subtrees). */
static void answer_steal(struct sim *m, int64_t now, int victim, int thief)
{
    struct rank *r = &m->r[victim];
    struct message msg = {.to = thief, .from = victim};
    if (r->top < 2) {
        msg.kind = MSG_REFUSED;
        post(m, now, msg);
        return;
    }
    /* a random part of it, at least one node and never the last */
    int64_t give = 1 + (int64_t)(random_next(&m->random) % (uint64_t)(r->top - 1));
    msg.kind = MSG_WORK;
    msg.count = give;
    msg.nodes = malloc((size_t)give * sizeof *msg.nodes);
    memcpy(msg.nodes, r->stack, (size_t)give * sizeof *msg.nodes);
    memmove(r->stack, r->stack + give, (size_t)(r->top - give) * sizeof *r->stack);
    r->top -= give;
    steal_work_sent(&r->s);
    post(m, now, msg);
}

static void deliver(struct sim *m, int64_t now, struct message *msg)
{
    struct rank *r = &m->r[msg->to];
    switch (msg->kind) {
    case MSG_STEAL: answer_steal(m, now, msg->to, msg->from); break;
    case MSG_WORK:
        for (int64_t i = 0; i < msg->count; i++)
            push(r, msg->nodes[i]);
        free(msg->nodes);
        steal_work_received(&r->s);
        break;
    case MSG_REFUSED: steal_refused(&r->s); break;
    case MSG_TOKEN: steal_token_received(&r->s, msg->count, msg->black); break;
    }
}

/* Work in flight to any rank. */
static int work_flying(const struct sim *m)
{
    for (int64_t i = 0; i < m->flying; i++)
        if (m->in_flight[i].kind == MSG_WORK)
            return 1;
    return 0;
}

/*
 * Runs the protocol to the end; returns 1 when rank 0 declared it over with
 * every node visited once and no work anywhere, 0 otherwise (*why says).
 */
static int simulate(int ranks, int64_t nodes, uint64_t seed, int max_delay, int start_rank,
                    const char **why, int64_t *ticks, int64_t *messages)
{
    struct sim m = {.ranks = ranks, .random = seed, .max_delay = max_delay, .nodes = nodes};
    m.r = calloc((size_t)ranks, sizeof *m.r);
    int64_t size = tree_size(seed, nodes);
    m.visits = calloc((size_t)nodes, sizeof *m.visits);
    for (int i = 0; i < ranks; i++)
        steal_init(&m.r[i].s, i, ranks, seed * 31 + 7);
    push(&m.r[start_rank], 0);
    int ok_run = 0;
    *why = "ran out of time: work lost or never ended";
    int64_t now = 0, quiet_since = -1;
    for (; now < 50 * 1000 * 1000; now++) {
        /* everything visited and nothing moving for long: rank 0 will never say so */
        if (m.visited == size && !work_flying(&m)) {
            if (quiet_since < 0)
                quiet_since = now;
            else if (now - quiet_since > 1000 * (int64_t)max_delay * ranks)
                break;
        }
        /* deliver, in the order messages happen to sit (not the order sent) */
        for (int64_t i = 0; i < m.flying;) {
            if (m.in_flight[i].arrives <= now) {
                struct message msg = m.in_flight[i];
                m.in_flight[i] = m.in_flight[--m.flying];
                deliver(&m, now, &msg);
            } else {
                i++;
            }
        }
        int over = 0;
        for (int k = 0; k < ranks; k++) {
            int i = (int)((k + now) % ranks);
            struct rank *r = &m.r[i];
            /* a rank works 0 to 3 nodes a tick; every third rank one node in 16 ticks */
            uint64_t draw = random_next(&m.random);
            int steps = i % 3 == 1 ? draw % 16 == 0 : (int)(draw % 4);
            for (int s = 0; s < steps && (r->top || r->left); s++) {
                if (!r->left) {
                    /* one node in 64 takes 300 steps: a rank holds it long, with nothing to give */
                    r->working = r->stack[--r->top];
                    uint64_t h = seed ^ r->working;
                    r->left = random_next(&h) % 64 == 0 ? 300 : 1;
                }
                if (--r->left)
                    continue;
                uint32_t v = r->working, kids[3];
                m.visits[v]++;
                m.visited++;
                int c = children(seed, v, nodes, kids);
                for (int j = 0; j < c; j++)
                    push(r, kids[j]);
            }
            if (r->top || r->left)
                continue;
            if (!r->s.asking) {
                int victim = steal_victim(&r->s);
                if (victim >= 0)
                    post(&m, now, (struct message){.to = victim, .from = i, .kind = MSG_STEAL});
            }
            int to, black;
            int64_t count;
            if (steal_token_to_send(&r->s, &to, &count, &black))
                post(&m, now,
                     (struct message){
                         .to = to, .from = i, .kind = MSG_TOKEN, .count = count, .black = black});
            if (i == 0 && r->s.over)
                over = 1;
        }
        if (!over)
            continue;
        ok_run = 1;
        *why = "";
        if (m.visited != size)
            ok_run = 0, *why = "declared over with nodes unvisited";
        for (int64_t v = 0; v < nodes && ok_run; v++)
            if (m.visits[v] > 1)
                ok_run = 0, *why = "a node visited twice";
        for (int i = 0; i < ranks && ok_run; i++)
            if (m.r[i].top || m.r[i].left)
                ok_run = 0, *why = "declared over while a rank holds work";
        if (ok_run && work_flying(&m))
            ok_run = 0, *why = "declared over with work on its way";
        break;
    }
    *ticks = now;
    *messages = m.messages;
    for (int64_t i = 0; i < m.flying; i++)
        if (m.in_flight[i].kind == MSG_WORK)
            free(m.in_flight[i].nodes);
    for (int i = 0; i < ranks; i++)
        free(m.r[i].stack);
    free(m.r), free(m.in_flight), free(m.visits);
    return ok_run;
}

/* Passes the token through an idle rank: returns where it goes. */
static int pass(struct steal_state *s, int64_t *count, int *black)
{
    int to;
    steal_token_received(s, *count, *black);
    if (!steal_token_to_send(s, &to, count, black))
        return -1;
    return to;
}

/* A ring of `ranks` fresh ranks. */
static void ring(struct steal_state *s, int ranks)
{
    for (int i = 0; i < ranks; i++)
        steal_init(&s[i], i, ranks, 1);
}

/* Rank 0, idle, starts a round: the token leaves for rank 1. */
static void start_round(struct steal_state *s0, int64_t *count, int *black)
{
    int to;
    int sent = steal_token_to_send(s0, &to, count, black);
    ok(sent && to == 1 && *count == 0 && !*black, "rank 0 starts a white round at rank 1");
}

/*
 * Rank 2, busy and not yet visited, sends work to rank 1, which the token
 * has passed; rank 2 runs dry and passes the token on before the work
 * arrives. Every rank was white: only the count (+1) tells that work is on
 * its way.
 */
static void work_on_its_way(void)
{
    struct steal_state s[3];
    ring(s, 3);
    int64_t count;
    int black;
    start_round(&s[0], &count, &black);
    int to = pass(&s[1], &count, &black);
    steal_work_sent(&s[2]);
    to = to == 2 ? pass(&s[2], &count, &black) : -1;
    ok(to == 0 && count == 1 && !black, "a white token comes back counting one message on its way");
    steal_token_received(&s[0], count, black);
    int again = steal_token_to_send(&s[0], &to, &count, &black);
    ok(!s[0].over && again, "not over: rank 0 starts another round");
    steal_work_received(&s[1]);
    /* rank 1 works, runs dry and passes the token black */
    to = pass(&s[1], &count, &black);
    to = pass(&s[2], &count, &black);
    steal_token_received(&s[0], count, black);
    steal_token_to_send(&s[0], &to, &count, &black);
    ok(!s[0].over, "not over while the round saw rank 1 receive work");
    pass(&s[1], &count, &black);
    pass(&s[2], &count, &black);
    steal_token_received(&s[0], count, black);
    int sent = steal_token_to_send(&s[0], &to, &count, &black);
    ok(s[0].over && !sent, "over after a white round with every message received");
}

/*
 * Four ranks. The token has passed rank 1; rank 2, busy, sends work to rank
 * 1, which then sends work back to rank 2; both arrive before the token
 * reaches rank 2. Counts cancel (rank 1's two messages were after its
 * visit), and rank 1 is busy: only rank 2's colour, carried on through the
 * white rank 3, keeps the round from ending the search.
 */
static void work_behind_the_token(void)
{
    struct steal_state s[4];
    ring(s, 4);
    int64_t count;
    int black;
    start_round(&s[0], &count, &black);
    int to = pass(&s[1], &count, &black);
    steal_work_sent(&s[2]);
    steal_work_received(&s[1]);
    steal_work_sent(&s[1]);
    steal_work_received(&s[2]);
    to = to == 2 ? pass(&s[2], &count, &black) : -1;
    to = to == 3 ? pass(&s[3], &count, &black) : -1;
    ok(to == 0 && count == 0 && black, "the token comes back black with counts that cancel");
    steal_token_received(&s[0], count, black);
    steal_token_to_send(&s[0], &to, &count, &black);
    ok(!s[0].over, "not over while rank 1 holds the work");
}

int main(void)
{
    work_on_its_way();
    work_behind_the_token();
    static const struct {
        int ranks;
        int64_t nodes;
        int max_delay;
    } cases[] = {
        {1, 2000, 1},     {2, 2000, 3}, {4, 20000, 1},     {4, 20000, 40},    {64, 200000, 5},
        {64, 200000, 60}, {64, 50, 30}, {256, 400000, 10}, {256, 400000, 80}, {256, 3000, 20},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (uint64_t seed = 1; seed <= 12; seed++) {
            const char *why;
            int64_t ticks, messages;
            int start = (int)(seed * 7 % (uint64_t)cases[c].ranks);
            int good = simulate(cases[c].ranks, cases[c].nodes, seed, cases[c].max_delay, start,
                                &why, &ticks, &messages);
            ok(good,
               "%d ranks, tree of up to %lld nodes from rank %d, delays up to %d, seed %llu: "
               "over after %lld ticks, %lld messages %s",
               cases[c].ranks, (long long)cases[c].nodes, start, cases[c].max_delay,
               (unsigned long long)seed, (long long)ticks, (long long)messages, why);
        }
    }
    done_testing();
    return exit_status();
}
