/*
 * Unconfined vertices: if the confining procedure started from {v} fails,
 * some minimum cover holds v (Xiao and Nagamochi 2013; Akiba and Iwata 2016,
 * Sec. 3). The rule subsumes domination.
 */
#include "kernel_rules.h"

#include <stdlib.h>

struct kernel_unconfined {
    int32_t stamp;
    int32_t *closed;   /* == stamp: in N[S] */
    int32_t *in_s;     /* == stamp: in S */
    int32_t *count;    /* |N(u) ∩ S| for u in N(S) */
    int32_t *boundary; /* N(S) as a list */
};

struct kernel_unconfined *kernel_unconfined_new(int32_t n)
{
    struct kernel_unconfined *u = calloc(1, sizeof *u);
    if (u == NULL)
        return NULL;
    size_t nn = (size_t)(n > 0 ? n : 1);
    u->closed = calloc(nn, sizeof *u->closed);
    u->in_s = calloc(nn, sizeof *u->in_s);
    u->count = malloc(nn * sizeof *u->count);
    u->boundary = malloc(nn * sizeof *u->boundary);
    if (u->closed == NULL || u->in_s == NULL || u->count == NULL || u->boundary == NULL) {
        kernel_unconfined_free(u);
        return NULL;
    }
    return u;
}

void kernel_unconfined_free(struct kernel_unconfined *u)
{
    if (u == NULL)
        return;
    free(u->closed), free(u->in_s), free(u->count), free(u->boundary);
    free(u);
}

/* Adds w, a vertex outside N[S], to S. */
static void grow_s(struct kernel_unconfined *c, struct rgraph *r, int32_t w, int32_t *boundary_len)
{
    c->in_s[w] = c->closed[w] = c->stamp;
    int32_t d = r->deg[w];
    const int32_t *a = rgraph_neighbours(r, w);
    for (int32_t i = 0; i < d; i++) {
        int32_t z = a[i];
        if (c->closed[z] == c->stamp) {
            c->count[z]++;
        } else {
            c->closed[z] = c->stamp;
            c->count[z] = 1;
            c->boundary[(*boundary_len)++] = z;
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
 * neighbour in S, look at the u with fewest neighbours outside N[S]: none
 * means v is unconfined, exactly one (w) means S grows by w, more means v is
 * confined. No such u at all also means confined.
 */
static int is_unconfined(struct kernel_unconfined *c, struct rgraph *r, int32_t v)
{
    if (c->stamp == INT32_MAX) {
        for (int32_t i = 0; i < r->n; i++)
            c->closed[i] = c->in_s[i] = 0;
        c->stamp = 0;
    }
    c->stamp++;
    int32_t boundary_len = 0;
    grow_s(c, r, v, &boundary_len);
    for (;;) {
        int32_t grow = -1;
        for (int32_t i = 0; i < boundary_len; i++) {
            int32_t u = c->boundary[i], w = -1;
            if (c->count[u] != 1)
                continue;
            int k = outside_neighbours(c, r, u, &w);
            if (k == 0)
                return 1;
            if (k == 1 && grow < 0)
                grow = w;
        }
        if (grow < 0)
            return 0;
        grow_s(c, r, grow, &boundary_len);
    }
}

int kernel_rule_unconfined(struct kernel_unconfined *c, struct rgraph *r, int32_t v)
{
    if (r->deg[v] == 0 || !is_unconfined(c, r, v))
        return 0;
    int status = rgraph_take(r, v, KERNEL_RULE_UNCONFINED);
    return status < 0 ? status : 1;
}
