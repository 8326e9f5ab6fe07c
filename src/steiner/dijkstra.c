/* Binary-heap Dijkstra settling one vertex per call; see dijkstra.h. */
#include "dijkstra.h"

#include <stdlib.h>

int dijkstra_init(struct dijkstra *d, int32_t n)
{
    size_t count = n > 0 ? (size_t)n : 1;
    d->n = n;
    d->dist = malloc(count * sizeof *d->dist);
    d->parent = malloc(count * sizeof *d->parent);
    d->origin = malloc(count * sizeof *d->origin);
    d->pos = malloc(count * sizeof *d->pos);
    d->mark = calloc(count, sizeof *d->mark);
    d->heap = malloc(count * sizeof *d->heap);
    d->touched = malloc(count * sizeof *d->touched);
    d->heap_size = d->n_touched = 0;
    d->epoch = 1;
    d->pending = -1;
    d->settled = d->relaxed = 0;
    if (!d->dist || !d->parent || !d->origin || !d->pos || !d->mark || !d->heap || !d->touched) {
        dijkstra_free(d);
        return MVC_ENOMEM;
    }
    for (int32_t v = 0; v < n; v++) {
        d->dist[v] = DIJKSTRA_INF;
        d->parent[v] = -1;
        d->origin[v] = -1;
        d->pos[v] = -1;
    }
    return MVC_OK;
}

void dijkstra_free(struct dijkstra *d)
{
    free(d->dist);
    free(d->parent);
    free(d->origin);
    free(d->pos);
    free(d->mark);
    free(d->heap);
    free(d->touched);
    d->dist = NULL, d->parent = NULL, d->origin = NULL, d->pos = NULL;
    d->mark = NULL, d->heap = NULL, d->touched = NULL;
}

void dijkstra_reopen(struct dijkstra *d)
{
    for (int32_t i = 0; i < d->heap_size; i++)
        d->pos[d->heap[i].v] = -1;
    d->heap_size = 0;
    d->pending = -1;
    d->epoch++;
}

void dijkstra_reset(struct dijkstra *d)
{
    dijkstra_reopen(d);
    for (int32_t i = 0; i < d->n_touched; i++) {
        int32_t v = d->touched[i];
        d->dist[v] = DIJKSTRA_INF;
        d->parent[v] = -1;
        d->origin[v] = -1;
    }
    d->n_touched = 0;
}

static void sift_up(struct dijkstra *d, int32_t i, struct dijkstra_entry e)
{
    while (i > 0) {
        int32_t up = (i - 1) / 2;
        if (d->heap[up].key <= e.key)
            break;
        d->heap[i] = d->heap[up];
        d->pos[d->heap[i].v] = i;
        i = up;
    }
    d->heap[i] = e;
    d->pos[e.v] = i;
}

static void sift_down(struct dijkstra *d, int32_t i, struct dijkstra_entry e)
{
    for (;;) {
        int32_t child = 2 * i + 1;
        if (child >= d->heap_size)
            break;
        if (child + 1 < d->heap_size && d->heap[child + 1].key < d->heap[child].key)
            child++;
        if (d->heap[child].key >= e.key)
            break;
        d->heap[i] = d->heap[child];
        d->pos[d->heap[i].v] = i;
        i = child;
    }
    d->heap[i] = e;
    d->pos[e.v] = i;
}

/* v gets distance dist through parent p; it joins the heap or moves up in it. */
static void lower(struct dijkstra *d, int32_t v, int64_t dist, int32_t p, int32_t origin)
{
    if (d->dist[v] == DIJKSTRA_INF)
        d->touched[d->n_touched++] = v;
    d->dist[v] = dist;
    d->parent[v] = p;
    d->origin[v] = origin;
    int32_t i = d->pos[v];
    if (i < 0)
        i = d->heap_size++;
    sift_up(d, i, (struct dijkstra_entry){dist, v});
}

void dijkstra_add_source(struct dijkstra *d, int32_t s)
{
    if (d->dist[s] > 0) {
        lower(d, s, 0, -1, s);
    } else if (d->parent[s] >= 0) {
        /* Already at distance 0 through zero-weight edges: it becomes a root. */
        d->parent[s] = -1;
        d->origin[s] = s;
    }
}

static void relax_edges(struct dijkstra *d, const struct graph *g, int32_t u)
{
    int64_t du = d->dist[u];
    int32_t origin = d->origin[u];
    int64_t end = g->offsets[u + 1];
    for (int64_t i = g->offsets[u]; i < end; i++) {
        int32_t v = g->adj[i];
        int64_t dv = du + (g->weights ? g->weights[i] : 1);
        if (dv < d->dist[v] && d->mark[v] != d->epoch)
            lower(d, v, dv, u, origin);
    }
    d->relaxed += end - g->offsets[u];
}

int32_t dijkstra_next(struct dijkstra *d, const struct graph *g)
{
    if (d->pending >= 0) {
        relax_edges(d, g, d->pending);
        d->pending = -1;
    }
    if (d->heap_size == 0)
        return -1;
    int32_t v = d->heap[0].v;
    d->pos[v] = -1;
    if (--d->heap_size > 0)
        sift_down(d, 0, d->heap[d->heap_size]);
    d->mark[v] = d->epoch;
    d->settled++;
    d->pending = v;
    return v;
}
