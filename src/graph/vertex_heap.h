/* Vertices by (score, stamp): the highest score first, then the smallest stamp (the oldest). */
#ifndef MVC_VERTEX_HEAP_H
#define MVC_VERTEX_HEAP_H

#include <stdint.h>

/*
 * A binary max-heap with each vertex's position, so that a vertex whose
 * score changes moves in O(log len). Keys sit beside the vertices in heap
 * order, so that sifting reads contiguous memory. With `unordered` set the
 * array keeps no order and popping scans it: cheaper when each pop follows
 * many score changes, as in local search on dense graphs.
 * The hot operations are inline; local search calls them every step.
 */
struct vertex_heap_key {
    int64_t score;
    int64_t stamp;
};

struct vertex_heap {
    struct vertex_heap_key *key; /* by position */
    int32_t *vertex;             /* by position */
    int32_t *pos;                /* by vertex: position, or -1 when absent */
    int32_t len;
    int unordered;
};

/* Empty heap for vertices 0..n-1. Returns MVC_OK or MVC_ENOMEM. */
int vertex_heap_init(struct vertex_heap *h, int32_t n, int unordered);
void vertex_heap_free(struct vertex_heap *h);

/* Empties the heap in O(len). */
void vertex_heap_clear(struct vertex_heap *h);

/* Heap order over everything appended (O(len)). */
void vertex_heap_order(struct vertex_heap *h);

static inline int vertex_heap_before(struct vertex_heap_key a, struct vertex_heap_key b)
{
    return a.score > b.score || (a.score == b.score && a.stamp < b.stamp);
}

static inline void vertex_heap_place(struct vertex_heap *h, int32_t i, int32_t v,
                                     struct vertex_heap_key k)
{
    h->key[i] = k;
    h->vertex[i] = v;
    h->pos[v] = i;
}

static inline void vertex_heap_up(struct vertex_heap *h, int32_t i)
{
    int32_t v = h->vertex[i];
    struct vertex_heap_key k = h->key[i];
    while (i > 0) {
        int32_t parent = (i - 1) / 2;
        if (!vertex_heap_before(k, h->key[parent]))
            break;
        vertex_heap_place(h, i, h->vertex[parent], h->key[parent]);
        i = parent;
    }
    vertex_heap_place(h, i, v, k);
}

static inline void vertex_heap_down(struct vertex_heap *h, int32_t i)
{
    int32_t v = h->vertex[i];
    struct vertex_heap_key k = h->key[i];
    for (;;) {
        int32_t child = 2 * i + 1;
        if (child >= h->len)
            break;
        if (child + 1 < h->len && vertex_heap_before(h->key[child + 1], h->key[child]))
            child++;
        if (!vertex_heap_before(h->key[child], k))
            break;
        vertex_heap_place(h, i, h->vertex[child], h->key[child]);
        i = child;
    }
    vertex_heap_place(h, i, v, k);
}

static inline int vertex_heap_contains(const struct vertex_heap *h, int32_t v)
{
    return h->pos[v] >= 0;
}

/* Adds v (absent) without restoring the order: for building, before vertex_heap_order. */
static inline void vertex_heap_append(struct vertex_heap *h, int32_t v, int64_t score,
                                      int64_t stamp)
{
    struct vertex_heap_key k = {score, stamp};
    vertex_heap_place(h, h->len++, v, k);
}

static inline void vertex_heap_push(struct vertex_heap *h, int32_t v, int64_t score, int64_t stamp)
{
    vertex_heap_append(h, v, score, stamp);
    if (!h->unordered)
        vertex_heap_up(h, h->len - 1);
}

/* New score of v (present). */
static inline void vertex_heap_update(struct vertex_heap *h, int32_t v, int64_t score)
{
    int32_t i = h->pos[v];
    int64_t old = h->key[i].score;
    h->key[i].score = score;
    if (h->unordered)
        return;
    if (score > old)
        vertex_heap_up(h, i);
    else
        vertex_heap_down(h, i);
}

/*
 * Position of the first vertex when unordered, in two passes without
 * data-dependent branches (the best score, then the oldest with it): a scan
 * with the comparison of vertex_heap_before mispredicts on every tie.
 */
static inline int32_t vertex_heap_scan(const struct vertex_heap *h)
{
    int64_t score = INT64_MIN, stamp = INT64_MAX;
    for (int32_t j = 0; j < h->len; j++)
        score = h->key[j].score > score ? h->key[j].score : score;
    int32_t at = 0;
    for (int32_t j = 0; j < h->len; j++) {
        int take = (h->key[j].score == score) & (h->key[j].stamp < stamp);
        stamp = take ? h->key[j].stamp : stamp;
        at = take ? j : at;
    }
    return at;
}

/*
 * Removes and returns the first vertex (len > 0). The hole left at the top
 * goes down to a leaf along the better children, one comparison a level, and
 * the last vertex fills it from there (Floyd's bottom-up variant): the last
 * vertex usually belongs near the bottom, so this halves the comparisons.
 */
static inline int32_t vertex_heap_pop(struct vertex_heap *h)
{
    int32_t i = h->unordered ? vertex_heap_scan(h) : 0;
    int32_t top = h->vertex[i];
    h->pos[top] = -1;
    int32_t last = --h->len;
    if (i == last)
        return top;
    if (!h->unordered) {
        for (int32_t child = 1; child < last; child = 2 * i + 1) {
            if (child + 1 < last && vertex_heap_before(h->key[child + 1], h->key[child]))
                child++;
            vertex_heap_place(h, i, h->vertex[child], h->key[child]);
            i = child;
        }
    }
    vertex_heap_place(h, i, h->vertex[last], h->key[last]);
    if (!h->unordered)
        vertex_heap_up(h, i);
    return top;
}

#endif
