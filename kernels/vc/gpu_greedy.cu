/*
 * Greedy vertex cover (Yamout et al. 2022, Sec. II-B): apply the degree-one and
 * degree-two-triangle rules until neither applies, take a vertex of maximum
 * degree, repeat until no edge is left; then drop every cover vertex whose
 * neighbours are all in the cover. O(n + m) with degree buckets.
 */
#include "gpu_greedy.h"

#include <stdlib.h>

extern "C" {
#include "bucket_queue.h"
#include "degree.h"
}

/* Vertices of degree >= 1 in buckets by degree; degrees only fall, and so does max_degree. */
struct greedy_state {
    const struct graph *g;
    int32_t *deg; /* DEGREE_REMOVED once in the cover */
    struct bucket_queue buckets;
    int32_t max_degree;
    int32_t *queue; /* vertices whose degree fell to 1 or 2, duplicates allowed */
    int64_t queue_len, queue_cap;
    int64_t edges;
};

static void bucket_insert(struct greedy_state *s, int32_t v)
{
    int32_t d = s->deg[v];
    bucket_queue_insert(&s->buckets, v, d);
    if (d > s->max_degree)
        s->max_degree = d;
}

static void bucket_remove(struct greedy_state *s, int32_t v)
{
    bucket_queue_remove(&s->buckets, v, s->deg[v]);
}

static void queue_low_degree(struct greedy_state *s, int32_t v)
{
    if ((s->deg[v] == 1 || s->deg[v] == 2) && s->queue_len < s->queue_cap)
        s->queue[s->queue_len++] = v;
}

/* v goes into the cover; its neighbours lose an edge. */
static void take(struct greedy_state *s, struct cover *c, int32_t v)
{
    if (s->deg[v] < 0)
        return;
    if (s->deg[v] > 0)
        bucket_remove(s, v);
    s->deg[v] = DEGREE_REMOVED;
    cover_add(c, v);
    const struct graph *g = s->g;
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
        int32_t x = g->adj[e];
        if (s->deg[x] <= 0)
            continue;
        bucket_remove(s, x);
        s->deg[x]--;
        s->edges--;
        if (s->deg[x] > 0)
            bucket_insert(s, x);
        queue_low_degree(s, x);
    }
}

static int adjacent(const struct graph *g, int32_t u, int32_t w)
{
    int64_t lo = g->offsets[u], hi = g->offsets[u + 1];
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (g->adj[mid] == w)
            return 1;
        if (g->adj[mid] < w)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Degree-one and degree-two-triangle rules for the queued vertices, until the queue is empty. */
static void reduce_queued(struct greedy_state *s, struct cover *c)
{
    const struct graph *g = s->g;
    while (s->queue_len > 0) {
        int32_t v = s->queue[--s->queue_len];
        int32_t d = s->deg[v];
        if (d != 1 && d != 2)
            continue;
        int32_t found[2] = {-1, -1};
        int k = 0;
        for (int64_t e = g->offsets[v]; e < g->offsets[v + 1] && k < d; e++)
            if (s->deg[g->adj[e]] >= 0)
                found[k++] = g->adj[e];
        if (d == 1) {
            take(s, c, found[0]);
        } else if (adjacent(g, found[0], found[1])) {
            take(s, c, found[0]);
            take(s, c, found[1]);
        }
    }
}

/* A cover vertex all of whose neighbours are in the cover is not needed. */
static void drop_redundant(const struct graph *g, struct cover *c)
{
    for (int32_t v = 0; v < g->n; v++) {
        if (!c->in[v])
            continue;
        int needed = 0;
        for (int64_t e = g->offsets[v]; e < g->offsets[v + 1] && !needed; e++)
            needed = !c->in[g->adj[e]];
        if (!needed) {
            c->in[v] = 0;
            c->size--;
        }
    }
}

int gpu_greedy_cover(const struct graph *g, struct cover *c)
{
    int32_t n = g->n;
    struct greedy_state s;
    s.g = g;
    s.max_degree = 0;
    s.edges = g->m;
    s.queue_len = 0;
    s.queue_cap =
        3 * (int64_t)n + 1; /* a vertex is queued at most when it reaches 2, 1, and at the start */
    s.deg = (int32_t *)malloc(((size_t)n + 1) * sizeof(int32_t));
    s.queue = (int32_t *)malloc((size_t)s.queue_cap * sizeof(int32_t));
    int status = bucket_queue_init(&s.buckets, n, n);
    if (status == MVC_OK && (!s.deg || !s.queue))
        status = MVC_ENOMEM;
    if (status != MVC_OK)
        goto done;
    for (int32_t v = 0; v < n; v++) {
        s.deg[v] = graph_degree(g, v);
        if (s.deg[v] > 0)
            bucket_insert(&s, v);
        queue_low_degree(&s, v);
    }
    for (;;) {
        reduce_queued(&s, c);
        if (s.edges == 0)
            break;
        while (s.buckets.head[s.max_degree] < 0)
            s.max_degree--;
        take(&s, c, s.buckets.head[s.max_degree]);
    }
    drop_redundant(g, c);
done:
    free(s.deg);
    bucket_queue_free(&s.buckets);
    free(s.queue);
    return status;
}
