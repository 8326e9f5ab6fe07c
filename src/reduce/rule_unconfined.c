/*
 * Unconfined vertices: if the confining procedure started from {v} fails,
 * some minimum cover holds v (Xiao and Nagamochi 2013; Akiba and Iwata
 * 2016). The rule subsumes domination.
 */
#include "rules.h"

#include <stdlib.h>

/*
 * The confining set grows to at most this many vertices; past it v counts as
 * confined (the rule missed only leaves the graph larger). Without a bound,
 * on a long cycle each test walked the whole cycle: a cycle of 200,001
 * vertices, reduced without folds (the first reduction of bound-sat's
 * pipeline), took 188 s. On lattices with missing sites the sets that
 * proved a vertex unconfined held at most 32 vertices.
 */
#define UNCONFINED_MAX_SET 256

struct kernel_unconfined {
    int32_t stamp;
    int32_t *closed; /* == stamp: in N[S] */
    int32_t *in_s;   /* == stamp: in S */
    int32_t *queued; /* == stamp: on the stack */
    int32_t *count;  /* |N(u) ∩ S| for u in N(S) */
    int32_t *stack;  /* vertices of N(S) to examine */
    int32_t *fresh;  /* vertices that joined N(S) in the last growth */
    int32_t sp;
    int32_t size; /* |S| */
};

struct kernel_unconfined *kernel_unconfined_new(int32_t n)
{
    struct kernel_unconfined *u = calloc(1, sizeof *u);
    if (u == NULL)
        return NULL;
    size_t nn = (size_t)(n > 0 ? n : 1);
    u->closed = calloc(nn, sizeof *u->closed);
    u->in_s = calloc(nn, sizeof *u->in_s);
    u->queued = calloc(nn, sizeof *u->queued);
    u->count = malloc(nn * sizeof *u->count);
    u->stack = malloc(nn * sizeof *u->stack);
    u->fresh = malloc(nn * sizeof *u->fresh);
    if (u->closed == NULL || u->in_s == NULL || u->queued == NULL || u->count == NULL ||
        u->stack == NULL || u->fresh == NULL) {
        kernel_unconfined_free(u);
        return NULL;
    }
    return u;
}

void kernel_unconfined_free(struct kernel_unconfined *u)
{
    if (u == NULL)
        return;
    free(u->closed), free(u->in_s), free(u->queued), free(u->count), free(u->stack);
    free(u->fresh);
    free(u);
}

static void examine_later(struct kernel_unconfined *c, int32_t u)
{
    if (c->queued[u] != c->stamp) {
        c->queued[u] = c->stamp;
        c->stack[c->sp++] = u;
    }
}

/*
 * Adds w, a vertex outside N[S], to S. Its new neighbours join N(S) and are
 * examined; so are the vertices of N(S) next to them, whose neighbourhood
 * outside N[S] just shrank.
 */
static void grow_s(struct kernel_unconfined *c, struct rgraph *r, int32_t w, int first)
{
    c->in_s[w] = c->closed[w] = c->stamp;
    c->size++;
    int32_t d = r->deg[w], fresh = 0;
    const int32_t *a = rgraph_neighbours(r, w);
    for (int32_t i = 0; i < d; i++) {
        int32_t z = a[i];
        if (c->closed[z] == c->stamp) {
            c->count[z]++;
        } else {
            c->closed[z] = c->stamp;
            c->count[z] = 1;
            c->fresh[fresh++] = z;
            examine_later(c, z);
        }
    }
    /* When S = {w} alone, all of N(S) is fresh and already waits to be examined. */
    for (int32_t i = 0; !first && i < fresh; i++) {
        int32_t z = c->fresh[i], dz = r->deg[z];
        const int32_t *b = rgraph_neighbours(r, z);
        for (int32_t j = 0; j < dz; j++) {
            int32_t y = b[j];
            if (c->closed[y] == c->stamp && c->in_s[y] != c->stamp && c->count[y] == 1)
                examine_later(c, y);
        }
    }
}

/* Vertices of N(u) outside N[S], counted up to 2; *outside receives the last one seen. */
static int outside_neighbours(struct kernel_unconfined *c, struct rgraph *r, int32_t u,
                              int32_t *outside)
{
    int32_t d = r->deg[u];
    const int32_t *a = rgraph_neighbours(r, u);
    int k = 0;
    for (int32_t i = 0; i < d && k < 2; i++)
        if (c->closed[a[i]] != c->stamp) {
            *outside = a[i];
            k++;
        }
    return k;
}

/*
 * The confining procedure: S = {v}; while some u in N(S) has exactly one
 * neighbour in S: if N(u) lies within N[S], v is unconfined; if N(u) has a
 * single vertex w outside N[S], w joins S. Otherwise v is confined. Xiao and
 * Nagamochi look at the u with fewest outside neighbours first; any order is
 * sound, since each w added lies in every maximum independent set holding S
 * when v is in all of them, and u with none outside stays so as S grows. Here
 * a stack holds the u whose situation changed since they were last examined.
 */
static int is_unconfined(struct kernel_unconfined *c, struct rgraph *r, int32_t v)
{
    if (c->stamp == INT32_MAX) {
        for (int32_t i = 0; i < r->n; i++)
            c->closed[i] = c->in_s[i] = c->queued[i] = 0;
        c->stamp = 0;
    }
    c->stamp++;
    c->sp = c->size = 0;
    grow_s(c, r, v, 1);
    while (c->sp > 0) {
        int32_t u = c->stack[--c->sp], w = -1;
        c->queued[u] = 0;
        if (c->count[u] != 1)
            continue;
        int k = outside_neighbours(c, r, u, &w);
        if (k == 0)
            return 1;
        if (k == 1 && c->size == UNCONFINED_MAX_SET)
            return 0;
        if (k == 1)
            grow_s(c, r, w, 0);
    }
    return 0;
}
int kernel_rule_unconfined(struct kernel_unconfined *c, struct rgraph *r, int32_t v)
{
    if (r->deg[v] == 0 || !is_unconfined(c, r, v))
        return 0;
    int status = rgraph_take(r, v, KERNEL_RULE_UNCONFINED);
    return status < 0 ? status : 1;
}
