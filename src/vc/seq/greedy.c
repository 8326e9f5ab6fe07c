/*
 * Greedy upper bound (Yamout et al. 2022, Sec. II-B): reductions to a fixed
 * point, then a maximum-degree vertex into the cover, until no edge is left.
 */
#include "greedy.h"

#include <stdlib.h>

#include "bucket_queue.h"
#include "degree.h"

/*
 * Only the degree-one and degree-two-triangle rules apply here: the
 * high-degree rule needs a bound, and the greedy is what provides the first.
 * Both rules and the choice of a maximum-degree vertex are driven by
 * worklists rather than sweeps, so that the greedy stays near-linear on
 * large graphs: vertices sit in lists by degree, and a vertex whose degree
 * drops to 1 or 2 is queued for the rule that may now apply to it.
 */
struct greedy {
    const struct graph *g;
    int *deg;               /* node layout of degree.h */
    struct bucket_queue by; /* the vertices of degree d >= 1 in bucket d */
    int32_t *ones, *twos;   /* vertices that reached degree 1 (2): candidates for the rules */
    int32_t n_ones, n_twos;
    int32_t max_degree; /* no vertex has a larger degree */
};

static void unlink_vertex(struct greedy *s, int32_t v)
{
    if (s->deg[v] > 0)
        bucket_queue_remove(&s->by, v, s->deg[v]);
}

static void link_vertex(struct greedy *s, int32_t v)
{
    if (s->deg[v] > 0)
        bucket_queue_insert(&s->by, v, s->deg[v]);
}

/* Degrees only fall, and each value is reached once, so each vertex is queued at most once per
 * list. */
static void queue_for_rules(struct greedy *s, int32_t v)
{
    if (s->deg[v] == 1)
        s->ones[s->n_ones++] = v;
    else if (s->deg[v] == 2)
        s->twos[s->n_twos++] = v;
}

static void take(struct greedy *s, int32_t v)
{
    const struct graph *g = s->g;
    int *deg = s->deg;
    unlink_vertex(s, v);
    int left = deg[v];
    for (int64_t i = g->offsets[v]; left > 0; i++) {
        int32_t u = g->adj[i];
        if (deg[u] == DEGREE_REMOVED)
            continue;
        unlink_vertex(s, u);
        deg[u]--;
        link_vertex(s, u);
        queue_for_rules(s, u);
        left--;
    }
    deg[v] = DEGREE_REMOVED;
    deg[g->n]++;
}

static int32_t next_neighbour(const struct greedy *s, int64_t *pos)
{
    while (s->deg[s->g->adj[*pos]] == DEGREE_REMOVED)
        (*pos)++;
    return s->g->adj[(*pos)++];
}

/* Fig. 1 lines 15-29 without the high-degree rule: degree-one, then degree-two-triangle, repeated.
 */
static void reduce(struct greedy *s)
{
    do {
        while (s->n_ones > 0) {
            int32_t v = s->ones[--s->n_ones];
            if (s->deg[v] != 1)
                continue;
            int64_t pos = s->g->offsets[v];
            take(s, next_neighbour(s, &pos));
        }
        while (s->n_twos > 0) {
            int32_t v = s->twos[--s->n_twos];
            if (s->deg[v] != 2)
                continue;
            int64_t pos = s->g->offsets[v];
            int32_t u = next_neighbour(s, &pos);
            int32_t w = next_neighbour(s, &pos);
            if (graph_has_edge(s->g, u, w)) {
                take(s, u);
                take(s, w);
            }
        }
    } while (s->n_ones > 0);
}

static int32_t max_degree_vertex(struct greedy *s)
{
    while (s->max_degree > 0 && s->by.head[s->max_degree] < 0)
        s->max_degree--;
    return s->max_degree > 0 ? s->by.head[s->max_degree] : -1;
}

int greedy_cover(const struct graph *g, struct cover *out, struct error *err)
{
    int32_t n = g->n;
    int32_t max_degree = 0;
    for (int32_t v = 0; v < n; v++)
        if (graph_degree(g, v) > max_degree)
            max_degree = graph_degree(g, v);
    size_t slots = (size_t)n + 1;
    struct greedy s = {
        .g = g,
        .deg = malloc(slots * sizeof(int)),
        .ones = malloc(slots * sizeof(int32_t)),
        .twos = malloc(slots * sizeof(int32_t)),
        .max_degree = max_degree,
    };
    cover_free(out);
    int status = MVC_OK;
    int queued = bucket_queue_init(&s.by, n, max_degree) == MVC_OK;
    if (!s.deg || !queued || !s.ones || !s.twos || cover_init(out, n) != MVC_OK) {
        status = error_set(err, MVC_ENOMEM,
                           "out of memory for the greedy upper bound (%ld vertices)", (long)n);
        goto done;
    }
    /* Lists are filled from the highest id down, so ties first go to the lowest id. */
    for (int32_t v = n - 1; v >= 0; v--) {
        s.deg[v] = graph_degree(g, v);
        link_vertex(&s, v);
        queue_for_rules(&s, v);
    }
    s.deg[n] = 0;
    for (;;) {
        reduce(&s);
        int32_t v = max_degree_vertex(&s);
        if (v < 0)
            break;
        take(&s, v);
    }
    for (int32_t v = 0; v < n; v++)
        if (s.deg[v] == DEGREE_REMOVED)
            cover_add(out, v);
done:
    free(s.deg);
    if (queued)
        bucket_queue_free(&s.by);
    free(s.ones);
    free(s.twos);
    return status;
}
