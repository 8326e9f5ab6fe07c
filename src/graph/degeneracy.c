/*
 * Core decomposition with a bucket queue of remaining degrees (Batagelj and
 * Zaversnik, "An O(m) algorithm for cores decomposition of networks", 2003):
 * the vertices sit in one array sorted by remaining degree, each degree's
 * bucket a contiguous run, so a vertex moves down one bucket by a swap. The
 * order of a complement needs buckets that a vertex can also leave below the
 * current degree, and takes the linked ones of bucket_queue.h.
 */
#include "degeneracy.h"

#include <stdlib.h>

#include "bucket_queue.h"

/* A vertex's remaining degree (its core number once removed) and place, side by side: the
 * inner loop reads both of a neighbour at once. */
struct bucket_entry {
    int32_t degree, position;
};

int32_t degeneracy_order(const struct graph *g, int32_t *order, int32_t *position, int32_t *core)
{
    int32_t n = g->n, max_degree = 0;
    struct bucket_entry *at = malloc(((size_t)n + 1) * sizeof *at);
    if (at == NULL)
        return MVC_ENOMEM;
    for (int32_t v = 0; v < n; v++) {
        at[v].degree = graph_degree(g, v);
        if (at[v].degree > max_degree)
            max_degree = at[v].degree;
    }
    /* bucket_start[d]: where the vertices of remaining degree d begin in order[] */
    int64_t *bucket_start = calloc((size_t)max_degree + 2, sizeof *bucket_start);
    if (bucket_start == NULL) {
        free(at);
        return MVC_ENOMEM;
    }
    for (int32_t v = 0; v < n; v++)
        bucket_start[at[v].degree + 1]++;
    for (int32_t d = 0; d <= max_degree; d++)
        bucket_start[d + 1] += bucket_start[d];
    for (int32_t v = 0; v < n; v++) {
        at[v].position = (int32_t)bucket_start[at[v].degree]++;
        order[at[v].position] = v;
    }
    for (int32_t d = max_degree; d > 0; d--)
        bucket_start[d] = bucket_start[d - 1];
    bucket_start[0] = 0;
    int32_t degeneracy = 0;
    for (int32_t i = 0; i < n; i++) {
        int32_t v = order[i], dv = at[v].degree;
        if (dv > degeneracy)
            degeneracy = dv;
        for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
            int32_t u = g->adj[e];
            int32_t du = at[u].degree;
            if (du <= dv)
                continue;
            /* u moves to the front of its bucket, which then starts one later */
            int32_t first = (int32_t)bucket_start[du], w = order[first];
            if (w != u) {
                int32_t pu = at[u].position;
                order[pu] = w;
                at[w].position = pu;
                order[first] = u;
                at[u].position = first;
            }
            bucket_start[du]++;
            at[u].degree = du - 1;
        }
    }
    for (int32_t v = 0; v < n; v++) {
        core[v] = at[v].degree;
        position[v] = at[v].position;
    }
    free(bucket_start);
    free(at);
    return degeneracy;
}

int degeneracy_order_complement(const struct graph *g, int32_t *order)
{
    int32_t n = g->n;
    struct bucket_queue q;
    int32_t *degree = malloc(((size_t)n + 1) * sizeof *degree);
    uint8_t *removed = calloc((size_t)n + 1, 1);
    uint8_t *neighbour = calloc((size_t)n + 1, 1);
    int status = degree && removed && neighbour ? bucket_queue_init(&q, n, n) : MVC_ENOMEM;
    if (status != MVC_OK) {
        free(degree), free(removed), free(neighbour);
        return status;
    }
    for (int32_t v = 0; v < n; v++) {
        degree[v] = n - 1 - graph_degree(g, v);
        bucket_queue_insert(&q, v, degree[v]);
    }
    int32_t min_degree = 0;
    for (int32_t placed = n - 1; placed >= 0; placed--) {
        while (q.head[min_degree] < 0)
            min_degree++;
        int32_t v = q.head[min_degree];
        bucket_queue_remove(&q, v, min_degree);
        removed[v] = 1;
        order[placed] = v;
        /* v's complement neighbours: every remaining vertex not adjacent to it in g */
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
            neighbour[g->adj[i]] = 1;
        for (int32_t u = 0; u < n; u++) {
            if (u == v || removed[u] || neighbour[u])
                continue;
            bucket_queue_remove(&q, u, degree[u]);
            degree[u]--;
            bucket_queue_insert(&q, u, degree[u]);
            if (degree[u] < min_degree)
                min_degree = degree[u];
        }
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
            neighbour[g->adj[i]] = 0;
    }
    bucket_queue_free(&q);
    free(degree), free(removed), free(neighbour);
    return MVC_OK;
}
