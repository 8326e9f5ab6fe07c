/* The bucket queue (bucket_queue.h) against a plain model: each bucket's list, newest first. */
#include <stdlib.h>
#include <string.h>

#include "bucket_queue.h"
#include "error.h"
#include "gen.h"
#include "tap.h"

#define QUEUE_VERTICES 150
#define QUEUE_MAX_KEY 12
#define QUEUE_OPERATIONS 20000

/* The model: each vertex's key (-1 when in no bucket) and the time it was inserted. */
struct model {
    int32_t key[QUEUE_VERTICES];
    int64_t inserted[QUEUE_VERTICES];
};

/*
 * Whether every bucket lists exactly the model's vertices of its key, newest
 * first, with prev the mirror of next.
 */
static int matches(const struct bucket_queue *q, const struct model *a)
{
    int listed[QUEUE_VERTICES] = {0};
    for (int32_t key = 0; key <= QUEUE_MAX_KEY; key++) {
        int32_t before = -1;
        for (int32_t v = q->head[key]; v >= 0; before = v, v = q->next[v]) {
            if (v >= QUEUE_VERTICES || listed[v] || a->key[v] != key || q->prev[v] != before)
                return 0;
            if (before >= 0 && a->inserted[before] < a->inserted[v])
                return 0;
            listed[v] = 1;
        }
    }
    for (int32_t v = 0; v < QUEUE_VERTICES; v++)
        if (listed[v] != (a->key[v] >= 0))
            return 0;
    return 1;
}

/* Random inserts, removals and key changes (remove, then insert under the new key). */
static int run(uint64_t seed, int *operations)
{
    struct rng r = {seed};
    struct bucket_queue q;
    struct model a;
    if (bucket_queue_init(&q, QUEUE_VERTICES, QUEUE_MAX_KEY) != MVC_OK)
        bail("out of memory");
    for (int32_t v = 0; v < QUEUE_VERTICES; v++)
        a.key[v] = -1;
    int good = matches(&q, &a);
    for (int64_t op = 0; op < QUEUE_OPERATIONS && good; op++) {
        int32_t v = rng_below(&r, QUEUE_VERTICES);
        int32_t key = rng_below(&r, QUEUE_MAX_KEY + 1);
        if (a.key[v] < 0) {
            bucket_queue_insert(&q, v, key);
            a.key[v] = key;
            a.inserted[v] = op;
        } else if (rng_chance(&r, 0.5)) {
            bucket_queue_remove(&q, v, a.key[v]);
            a.key[v] = -1;
        } else {
            bucket_queue_remove(&q, v, a.key[v]);
            bucket_queue_insert(&q, v, key);
            a.key[v] = key;
            a.inserted[v] = op;
        }
        (*operations)++;
        good = matches(&q, &a);
    }
    bucket_queue_free(&q);
    return good;
}

int main(void)
{
    uint64_t master = gen_master_seed();
    int good = 0, operations = 0;
    for (int i = 0; i < 20; i++)
        good += run(master + (uint64_t)i * 7919, &operations);
    is(good, 20, "20 random runs, %d operations: every bucket as the model, newest first",
       operations);

    struct bucket_queue q;
    is(bucket_queue_init(&q, 5, 3), MVC_OK, "5 vertices, keys 0..3");
    ok(q.head[0] == -1 && q.head[1] == -1 && q.head[2] == -1 && q.head[3] == -1,
       "every bucket starts empty");
    bucket_queue_insert(&q, 4, 3);
    bucket_queue_insert(&q, 1, 3);
    bucket_queue_insert(&q, 2, 3);
    ok(q.head[3] == 2 && q.next[2] == 1 && q.next[1] == 4 && q.next[4] == -1,
       "three inserts under key 3: listed 2, 1, 4, newest first");
    bucket_queue_remove(&q, 1, 3);
    ok(q.head[3] == 2 && q.next[2] == 4 && q.prev[4] == 2, "removing the middle one links 2 to 4");
    bucket_queue_remove(&q, 2, 3);
    ok(q.head[3] == 4 && q.prev[4] == -1, "removing the head makes 4 the head");
    bucket_queue_remove(&q, 4, 3);
    is(q.head[3], -1, "removing the last one empties the bucket");
    bucket_queue_free(&q);
    ok(q.head == NULL && q.next == NULL && q.prev == NULL, "free leaves no dangling pointers");

    is(bucket_queue_init(&q, 0, 0), MVC_OK, "no vertices, one key");
    is(q.head[0], -1, "its one bucket is empty");
    bucket_queue_free(&q);
    done_testing();
    return exit_status();
}
