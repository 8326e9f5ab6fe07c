/* The vertex heap against a plain array: pops in (score, stamp) order, ordered and scanned. */
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "gen.h"
#include "tap.h"
#include "vertex_heap.h"

#define HEAP_VERTICES 200
#define HEAP_OPERATIONS 20000

struct naive {
    int present[HEAP_VERTICES];
    struct vertex_heap_key key[HEAP_VERTICES];
};

/* The best key among the vertices present, or score INT64_MIN when none is. */
static struct vertex_heap_key naive_best(const struct naive *a)
{
    struct vertex_heap_key best = {INT64_MIN, 0};
    int found = 0;
    for (int v = 0; v < HEAP_VERTICES; v++)
        if (a->present[v] && (!found || vertex_heap_before(a->key[v], best))) {
            best = a->key[v];
            found = 1;
        }
    return best;
}

/* Random pushes, score changes and pops; scores in a small range so that ties happen. */
static int run(uint64_t seed, int unordered, int *pops)
{
    struct rng r = {seed};
    struct vertex_heap h;
    struct naive a;
    memset(&a, 0, sizeof a);
    if (vertex_heap_init(&h, HEAP_VERTICES, unordered) != MVC_OK)
        bail("out of memory");
    int wrong = 0;
    for (int op = 0; op < HEAP_OPERATIONS && !wrong; op++) {
        int32_t v = rng_below(&r, HEAP_VERTICES);
        int kind = rng_below(&r, 3);
        if (kind == 0 && !a.present[v]) {
            a.present[v] = 1;
            a.key[v].score = -rng_below(&r, 8);
            a.key[v].stamp = rng_below(&r, 4);
            vertex_heap_push(&h, v, a.key[v].score, a.key[v].stamp);
        } else if (kind == 1 && a.present[v]) {
            a.key[v].score = -rng_below(&r, 8);
            vertex_heap_update(&h, v, a.key[v].score);
        } else if (kind == 2 && h.len > 0) {
            struct vertex_heap_key best = naive_best(&a);
            int32_t top = vertex_heap_pop(&h);
            wrong |= !a.present[top] || a.key[top].score != best.score ||
                     a.key[top].stamp != best.stamp || vertex_heap_contains(&h, top);
            a.present[top] = 0;
            (*pops)++;
        }
        int count = 0;
        for (int32_t u = 0; u < HEAP_VERTICES; u++)
            count += a.present[u];
        wrong |= count != h.len;
    }
    /* empties in order */
    while (h.len > 0 && !wrong) {
        struct vertex_heap_key best = naive_best(&a);
        int32_t top = vertex_heap_pop(&h);
        wrong |= a.key[top].score != best.score || a.key[top].stamp != best.stamp;
        a.present[top] = 0;
    }
    vertex_heap_free(&h);
    return !wrong;
}

int main(void)
{
    uint64_t master = gen_master_seed();
    for (int unordered = 0; unordered <= 1; unordered++) {
        int good = 0, pops = 0;
        for (int i = 0; i < 20; i++)
            good += run(master + (uint64_t)i * 7919, unordered, &pops);
        ok(good == 20, "%s: 20 random runs, %d pops, each the best (score, stamp) present",
           unordered ? "scanned" : "ordered", pops);
    }

    struct vertex_heap h;
    vertex_heap_init(&h, 6, 0);
    for (int32_t v = 0; v < 6; v++)
        vertex_heap_append(&h, v, v % 3 == 0 ? 0 : -v, 10 - v);
    vertex_heap_order(&h);
    int32_t first = vertex_heap_pop(&h), second = vertex_heap_pop(&h);
    ok(first == 3 && second == 0, "built by append and order: score 0 first, the older (3) first");
    vertex_heap_clear(&h);
    ok(h.len == 0 && !vertex_heap_contains(&h, 1), "clear empties it");
    vertex_heap_free(&h);
    done_testing();
    return exit_status();
}
