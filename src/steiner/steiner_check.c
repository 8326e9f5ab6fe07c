/* Independent check of a Steiner tree against its graph. */
#include <stdlib.h>

#include "mst.h"
#include "steiner.h"
#include "steiner_tree.h"

int steiner_check(const struct graph *g, const struct steiner_tree *t, struct error *err)
{
    if (t->n_edges < 0 || (t->n_edges > 0 && t->edges == NULL))
        return error_set(err, MVC_EINPUT, "the tree has no edge array");
    for (int32_t i = 0; i < g->n_terminals; i++)
        if (g->terminals[i] < 0 || g->terminals[i] >= g->n)
            return error_set(err, MVC_EINPUT, "terminal %ld is out of range 1..%ld",
                             (long)g->terminals[i] + 1, (long)g->n);
    if (t->n_edges == 0) {
        if (g->n_terminals > 1)
            return error_set(err, MVC_EINPUT, "the empty tree cannot span %ld terminals",
                             (long)g->n_terminals);
        if (t->weight != 0)
            return error_set(err, MVC_EINPUT, "the empty tree has weight %lld, not 0",
                             (long long)t->weight);
        return MVC_OK;
    }
    struct disjoint_sets sets;
    uint8_t *in_tree = calloc((size_t)g->n + 1, 1);
    if (in_tree == NULL || dsets_init(&sets, g->n) != MVC_OK) {
        free(in_tree);
        return error_set(err, MVC_ENOMEM, "out of memory checking a Steiner tree");
    }
    int status = MVC_OK;
    int64_t weight = 0, n_vertices = 0;
    for (int64_t i = 0; i < t->n_edges && status == MVC_OK; i++) {
        int32_t u = t->edges[i][0], v = t->edges[i][1];
        if (u < 0 || u >= g->n || v < 0 || v >= g->n) {
            status = error_set(err, MVC_EINPUT, "edge %lld has a vertex out of range 1..%ld",
                               (long long)i + 1, (long)g->n);
            break;
        }
        int64_t w = graph_edge_weight(g, u, v);
        if (w < 0) {
            status = error_set(err, MVC_EINPUT, "edge {%lld, %lld} is not in the graph",
                               steiner_vertex_name(g, u), steiner_vertex_name(g, v));
            break;
        }
        /* A repeated edge or any other cycle joins two vertices already connected. */
        if (!dsets_unite(&sets, u, v)) {
            status = error_set(err, MVC_EINPUT, "edge {%lld, %lld} closes a cycle",
                               steiner_vertex_name(g, u), steiner_vertex_name(g, v));
            break;
        }
        weight += w;
        n_vertices += !in_tree[u] + !in_tree[v];
        in_tree[u] = in_tree[v] = 1;
    }
    if (status == MVC_OK && n_vertices != t->n_edges + 1)
        status = error_set(err, MVC_EINPUT, "the edges form %lld separate trees, not one",
                           (long long)(n_vertices - t->n_edges));
    for (int32_t i = 0; i < g->n_terminals && status == MVC_OK; i++)
        if (!in_tree[g->terminals[i]])
            status = error_set(err, MVC_EINPUT, "terminal %lld is not in the tree",
                               steiner_vertex_name(g, g->terminals[i]));
    if (status == MVC_OK && weight != t->weight)
        status = error_set(err, MVC_EINPUT, "the tree weighs %lld, not the %lld it claims",
                           (long long)weight, (long long)t->weight);
    dsets_free(&sets);
    free(in_tree);
    return status;
}
