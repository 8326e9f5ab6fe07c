/*
 * The graph while it is being kernelized: adjacency that shrinks and merges,
 * degrees kept current, a queue of vertices to look at again, and the log.
 */
#ifndef MVC_RGRAPH_H
#define MVC_RGRAPH_H

#include <stdint.h>

#include "edge_set.h"
#include "graph.h"
#include "kernelize.h"
#include "lift_log.h"

enum rgraph_state { RGRAPH_ALIVE, RGRAPH_TAKEN, RGRAPH_EXCLUDED, RGRAPH_FOLDED };

/* The rules that keep a list of changed vertices of their own. */
enum rgraph_change_list { RGRAPH_CHANGES_UNCONFINED, RGRAPH_CHANGES_FUNNEL, RGRAPH_CHANGE_LISTS };

/*
 * Vertices keep the input's ids; a fold gives the new vertex the id of one of
 * the merged ones, so ids never grow and removed ids never return. Lists are
 * unsorted and may still name removed vertices: rgraph_neighbours drops
 * those when it hands a list out, so an edge lives exactly as long as both
 * ends. edges holds every edge ever present, which with that rule makes it
 * exact for pairs of live vertices.
 */
struct rgraph {
    int32_t n;
    int32_t alive;       /* vertices still in the graph */
    int64_t m;           /* edges still in the graph */
    int64_t edges_added; /* by folds; while 0 the graph is an induced subgraph of the input */
    int32_t **adj;
    int32_t *len, *cap; /* cap 0: adj[v] still points into block */
    int32_t *deg;       /* live neighbours */
    uint8_t *state;
    int32_t *block; /* the input's adjacency, copied once */
    struct edge_set edges;

    int32_t *queue; /* ring of vertices whose neighbourhood changed */
    int32_t head, queued_count;
    uint8_t *queued;
    uint8_t *grew; /* gained neighbours since it was last examined (fold targets) */
    /*
     * The vertex a fold merged v into (merge_into), -1 for none: v is in the
     * lifted cover exactly where that vertex is.
     */
    int32_t *merged_into;

    /*
     * For each rule that looks only where the graph changed, the live
     * vertices next to a removal or a fold since it last took its list
     * (rgraph_take_changed), each listed once.
     */
    struct rgraph_changes {
        int32_t *list;
        int32_t count;
        uint8_t *listed;
    } changes[RGRAPH_CHANGE_LISTS];

    int32_t *mark; /* scratch: mark[v] == stamp means marked */
    int32_t stamp;

    struct kernel_log log;
    int32_t offset; /* input cover size = cover size of this graph + offset */
    int32_t forced;
    int64_t removed_by[KERNEL_RULES];
};

int rgraph_init(struct rgraph *r, const struct graph *g);
void rgraph_free(struct rgraph *r); /* the log stays: the caller takes it over or frees it */

static inline int rgraph_alive(const struct rgraph *r, int32_t v)
{
    return r->state[v] == RGRAPH_ALIVE;
}

/* The live neighbours of v (deg[v] of them); valid until the graph changes. */
const int32_t *rgraph_neighbours(struct rgraph *r, int32_t v);

/* Both ends must be alive. */
static inline int rgraph_has_edge(const struct rgraph *r, int32_t u, int32_t v)
{
    return edge_set_has(&r->edges, u, v);
}

/* A fresh marking: afterwards mark[v] == stamp for exactly the vertices marked since. */
int32_t rgraph_new_stamp(struct rgraph *r);

void rgraph_push(struct rgraph *r, int32_t v);
int32_t rgraph_pop(struct rgraph *r); /* -1 when the queue is empty */
void rgraph_clear_queue(struct rgraph *r);

/*
 * Hands over a rule's list of changed vertices: copies it into out (room for
 * n), returns its length and starts a new one.
 */
int32_t rgraph_take_changed(struct rgraph *r, enum rgraph_change_list which, int32_t *out);

/* Puts v into the cover and removes it. */
int rgraph_take(struct rgraph *r, int32_t v, enum kernel_rule rule);

/* Puts v into the cover and removes it as a branching's choice, which no rule counts. */
int rgraph_take_chosen(struct rgraph *r, int32_t v);

/* Removes isolated v, which stays out of the cover. */
void rgraph_exclude(struct rgraph *r, int32_t v, enum kernel_rule rule);

/* v of degree 2 with non-adjacent neighbours: {v, u, w} become one vertex. */
int rgraph_fold_two(struct rgraph *r, int32_t v);

/* u, v of degree 3 with N(u) = N(v) independent: {u, v} and N(u) become one vertex. */
int rgraph_fold_twins(struct rgraph *r, int32_t u, int32_t v);

/*
 * v a funnel apart from u (rule_funnel.c): v and u leave, N(v) - u is joined
 * to N(u) - v.
 */
int rgraph_fold_funnel(struct rgraph *r, int32_t v, int32_t u);

#endif
