/* Vertices in buckets by an integer key, for orders by least (or most) remaining degree. */
#ifndef MVC_BUCKET_QUEUE_H
#define MVC_BUCKET_QUEUE_H

#include <stdint.h>

/*
 * Vertices 0..n-1, each in at most one bucket 0..max_key, the caller keeping
 * each vertex's key: a doubly linked list per bucket, so that insertion and
 * removal cost O(1). A vertex inserted goes first in its bucket, so head[key]
 * is the newest vertex of that key.
 */
struct bucket_queue {
    int32_t *head;        /* per key: the first vertex, or -1 when none */
    int32_t *next, *prev; /* per vertex: the next and previous one in its bucket, or -1 */
};

/* Empty buckets 0..max_key for vertices 0..n-1. MVC_OK or MVC_ENOMEM. */
int bucket_queue_init(struct bucket_queue *q, int32_t n, int32_t max_key);
void bucket_queue_free(struct bucket_queue *q);

static inline void bucket_queue_insert(struct bucket_queue *q, int32_t v, int32_t key)
{
    q->prev[v] = -1;
    q->next[v] = q->head[key];
    if (q->next[v] >= 0)
        q->prev[q->next[v]] = v;
    q->head[key] = v;
}

static inline void bucket_queue_remove(struct bucket_queue *q, int32_t v, int32_t key)
{
    if (q->prev[v] >= 0)
        q->next[q->prev[v]] = q->next[v];
    else
        q->head[key] = q->next[v];
    if (q->next[v] >= 0)
        q->prev[q->next[v]] = q->prev[v];
}

#endif
