/*
 * Dijkstra's algorithm with a binary heap, one vertex at a time: single or
 * multi-source, parents and nearest source, early halts chosen by the
 * caller, a reset that costs only what was reached, and incremental searches
 * in which a new source only lowers the distances that earlier ones left.
 */
#ifndef MVC_DIJKSTRA_H
#define MVC_DIJKSTRA_H

#include <stdint.h>

#include "graph.h"

#define DIJKSTRA_INF INT64_MAX

struct dijkstra_entry {
    int64_t key;
    int32_t v;
};

struct dijkstra {
    int32_t n;
    int64_t *dist;   /* DIJKSTRA_INF where not reached */
    int32_t *parent; /* predecessor on a shortest path, -1 at sources and unreached vertices */
    int32_t *origin; /* the source a vertex was reached from: its nearest source */
    int32_t *pos;    /* place in heap, -1 when not in it */
    uint32_t *mark;  /* == epoch when settled in the current search */
    struct dijkstra_entry *heap; /* a binary min-heap on key (= dist) */
    int32_t *touched;            /* every vertex with a finite dist, for the reset */
    int32_t heap_size, n_touched;
    uint32_t epoch;
    int32_t pending; /* settled but not yet relaxed (relaxed by the next call), or -1 */
    int64_t settled; /* statistics over the lifetime of the struct */
    int64_t relaxed;
};

/* Arrays for n vertices, all unreached. MVC_ENOMEM when out of memory. */
int dijkstra_init(struct dijkstra *d, int32_t n);
void dijkstra_free(struct dijkstra *d);

/* Back to all unreached, in time proportional to the vertices reached since the last reset. */
void dijkstra_reset(struct dijkstra *d);

/*
 * Keeps every distance, parent and origin as an upper bound but forgets which
 * vertices are settled and what is still queued: sources added next only
 * lower what earlier searches left. O(queued) time.
 */
void dijkstra_reopen(struct dijkstra *d);

/* A source at distance 0 (multi-source: call once per source before the first dijkstra_next). */
void dijkstra_add_source(struct dijkstra *d, int32_t s);

/*
 * Settles the next vertex and returns it (-1 when the queue is empty). Its
 * edges are relaxed by the following call, so a caller that halts on the
 * returned vertex pays nothing for its neighbours.
 */
int32_t dijkstra_next(struct dijkstra *d, const struct graph *g);

static inline int dijkstra_is_settled(const struct dijkstra *d, int32_t v)
{
    return d->mark[v] == d->epoch;
}

#endif
