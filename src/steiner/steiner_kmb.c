/*
 * Kou, Markowsky and Berman's 2-approximation (Acta Informatica 15, 1981) on
 * the CPU: shortest paths between terminals, an MST T' of the terminal
 * distance graph G', T''s edges expanded into shortest paths through parent
 * arrays (no stored paths), then G'' made a tree and pruned (steiner_tree.c).
 *
 * Prim's algorithm on G' needs, for each terminal outside its tree, the
 * distance to the nearest terminal inside (its key), so one Dijkstra runs from
 * each terminal as it joins the tree. The runs share one distance array,
 * which always holds each vertex's distance to the nearest tree terminal: a
 * new terminal's run only lowers it, so it stops wherever the terminal is not
 * strictly nearer than the tree already is. A key can only drop through such
 * vertices, so the keys stay exact, and each terminal's parent chain is a
 * shortest path to the tree: the MST edge that brings it in, expanded.
 * Every run also halts early (Rajesh Pandian et al., Sec. 3.1): the first
 * once all terminals are settled, each one beyond the largest key outside
 * the tree, which no terminal farther away can lower.
 */
#include <stdlib.h>

#include "clock.h"
#include "dijkstra.h"
#include "steiner_algo.h"

/*
 * Dijkstra from terminal cur, which has just joined the tree: lowers the
 * distances to the tree (the keys of the terminals outside it among them).
 */
static void search_from(const struct graph *g, struct dijkstra *d, const int32_t *index,
                        const uint8_t *in_tree, int32_t cur)
{
    int64_t bound = 0;
    int32_t waiting = 0;
    for (int32_t i = 0; i < g->n_terminals; i++)
        if (!in_tree[i]) {
            waiting++;
            if (d->dist[g->terminals[i]] > bound)
                bound = d->dist[g->terminals[i]];
        }
    dijkstra_reopen(d);
    dijkstra_add_source(d, g->terminals[cur]);
    int32_t v;
    while (waiting > 0 && (v = dijkstra_next(d, g)) >= 0) {
        if (d->dist[v] > bound)
            break;
        if (index[v] >= 0 && !in_tree[index[v]])
            waiting--;
    }
}

/* Prim's choice: the terminal outside the tree nearest to it, -1 when none is left. */
static int32_t nearest_outside(const struct graph *g, const struct dijkstra *d,
                               const uint8_t *in_tree)
{
    int32_t best = -1;
    for (int32_t i = 0; i < g->n_terminals; i++)
        if (!in_tree[i] && (best < 0 || d->dist[g->terminals[i]] < d->dist[g->terminals[best]]))
            best = i;
    return best;
}

int steiner_kmb(struct steiner_run *run, struct steiner_tree *out, struct error *err)
{
    const struct graph *g = run->g;
    struct steiner_stats *st = run->st;
    struct dijkstra d;
    struct subgraph sub;
    subgraph_init(&sub);
    int32_t *index = malloc((size_t)g->n * sizeof *index);
    uint8_t *in_tree = calloc((size_t)g->n_terminals, 1);
    if (index == NULL || in_tree == NULL || dijkstra_init(&d, g->n) != MVC_OK) {
        free(index), free(in_tree);
        return error_set(err, MVC_ENOMEM, "out of memory for KMB on %ld vertices", (long)g->n);
    }
    for (int32_t v = 0; v < g->n; v++)
        index[v] = -1;
    for (int32_t i = 0; i < g->n_terminals; i++)
        index[g->terminals[i]] = i;

    int status = MVC_OK;
    int32_t cur = 0;
    while (cur >= 0 && status == MVC_OK) {
        double t0 = clock_seconds();
        /* The MST edge to the tree, before cur's own run rewrites its chain. */
        status = subgraph_add_path(&sub, g, d.parent, g->terminals[cur], -1, err);
        in_tree[cur] = 1;
        double t1 = clock_seconds();
        search_from(g, &d, index, in_tree, cur);
        double t2 = clock_seconds();
        cur = nearest_outside(g, &d, in_tree);
        st->t_expand += t1 - t0;
        st->t_sssp += t2 - t1;
        st->t_mst += clock_seconds() - t2;
        st->sssp_runs++;
    }
    st->settled = d.settled;
    dijkstra_free(&d);
    free(index), free(in_tree);
    double t0 = clock_seconds();
    if (status == MVC_OK)
        status = subgraph_to_tree(run, &sub, out, err);
    st->t_expand += clock_seconds() - t0;
    subgraph_free(&sub);
    return status;
}
