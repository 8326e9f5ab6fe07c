/* Reduction rules on degree arrays (Yamout et al. 2022, Fig. 1 and Sec. II-B), CPU versions. */
#include "reduce.h"

#include <assert.h>

void reduce_node_root(const struct graph *g, struct reduce_node *x)
{
    for (int32_t v = 0; v < g->n; v++)
        x->deg[v] = graph_degree(g, v);
    x->deg[g->n] = 0;
    x->edges = g->m;
}

int64_t reduce_count_edges(const int *deg, int32_t n)
{
    int64_t sum = 0;
    for (int32_t v = 0; v < n; v++)
        if (deg[v] > 0)
            sum += deg[v];
    return sum / 2;
}

void reduce_take_vertex(const struct graph *g, struct reduce_node *x, int32_t v)
{
    int *deg = x->deg;
    assert(deg[v] != DEGREE_REMOVED);
    /* Only deg[v] neighbours are still in the graph: stop once they are all seen. */
    int left = deg[v];
    for (int64_t i = g->offsets[v]; left > 0; i++) {
        int32_t u = g->adj[i];
        if (deg[u] != DEGREE_REMOVED) {
            deg[u]--;
            left--;
        }
    }
    x->edges -= deg[v];
    deg[v] = DEGREE_REMOVED;
    deg[g->n]++;
}

void reduce_take_neighbours(const struct graph *g, struct reduce_node *x, int32_t v)
{
    const int *deg = x->deg;
    for (int64_t i = g->offsets[v]; deg[v] > 0; i++) {
        int32_t u = g->adj[i];
        if (deg[u] != DEGREE_REMOVED)
            reduce_take_vertex(g, x, u);
    }
}

/* The first neighbour of v still in the graph at or after CSR position *pos; moves *pos past it. */
static int32_t next_neighbour(const struct graph *g, const int *deg, int64_t *pos)
{
    while (deg[g->adj[*pos]] == DEGREE_REMOVED)
        (*pos)++;
    return g->adj[(*pos)++];
}

int32_t reduce_degree_one(const struct graph *g, struct reduce_node *x)
{
    const int *deg = x->deg;
    int32_t taken = 0, in_sweep;
    /* Taking a neighbour can leave an earlier vertex at degree 1: sweep until a sweep finds none. */
    do {
        in_sweep = 0;
        for (int32_t v = 0; v < g->n; v++) {
            if (deg[v] != 1)
                continue;
            int64_t pos = g->offsets[v];
            reduce_take_vertex(g, x, next_neighbour(g, deg, &pos));
            in_sweep++;
        }
        taken += in_sweep;
    } while (in_sweep > 0);
    return taken;
}

int32_t reduce_degree_two_triangle(const struct graph *g, struct reduce_node *x)
{
    const int *deg = x->deg;
    int32_t taken = 0, in_sweep;
    do {
        in_sweep = 0;
        for (int32_t v = 0; v < g->n; v++) {
            if (deg[v] != 2)
                continue;
            int64_t pos = g->offsets[v];
            int32_t u = next_neighbour(g, deg, &pos);
            int32_t w = next_neighbour(g, deg, &pos);
            if (!graph_has_edge(g, u, w))
                continue;
            reduce_take_vertex(g, x, u);
            reduce_take_vertex(g, x, w);
            in_sweep += 2;
        }
        taken += in_sweep;
    } while (in_sweep > 0);
    return taken;
}

int32_t reduce_high_degree(const struct graph *g, struct reduce_node *x, int64_t bound)
{
    const int *deg = x->deg;
    int32_t taken = 0, in_sweep;
    /* Every vertex taken lowers bound - |S|, so vertices passed over may qualify on the next sweep. */
    do {
        in_sweep = 0;
        for (int32_t v = 0; v < g->n; v++) {
            int64_t room = bound - deg[g->n];
            if (room < 0)
                return taken + in_sweep;
            if (deg[v] > room) {
                reduce_take_vertex(g, x, v);
                in_sweep++;
            }
        }
        taken += in_sweep;
    } while (in_sweep > 0);
    return taken;
}

int32_t reduce_apply(const struct graph *g, struct reduce_node *x, int64_t bound)
{
    const int *deg = x->deg;
    int32_t taken = 0, before;
    do {
        before = taken;
        if (deg[g->n] > bound)
            break;
        taken += reduce_degree_one(g, x);
        if (deg[g->n] > bound)
            break;
        taken += reduce_degree_two_triangle(g, x);
        if (deg[g->n] > bound)
            break;
        taken += reduce_high_degree(g, x, bound);
    } while (taken > before);
    return taken;
}
