/* Checking a graph against everything struct graph promises, for tests and fuzzing. */
#include "graph.h"

#include <stddef.h>

static int check_offsets(const struct graph *g, struct error *err)
{
    if (g->n < 0 || g->m < 0)
        return error_set(err, MVC_EINPUT, "negative size: n = %ld, m = %lld", (long)g->n,
                         (long long)g->m);
    if (g->offsets == NULL)
        return error_set(err, MVC_EINPUT, "no offsets");
    if (g->offsets[0] != 0)
        return error_set(err, MVC_EINPUT, "offsets[0] = %lld, not 0", (long long)g->offsets[0]);
    for (int32_t v = 0; v < g->n; v++)
        if (g->offsets[v + 1] < g->offsets[v])
            return error_set(err, MVC_EINPUT, "offsets decrease at vertex %ld", (long)v);
    if (g->offsets[g->n] != 2 * g->m)
        return error_set(err, MVC_EINPUT, "offsets end at %lld, but 2m = %lld",
                         (long long)g->offsets[g->n], (long long)(2 * g->m));
    if (g->m > 0 && g->adj == NULL)
        return error_set(err, MVC_EINPUT, "%lld edges but no adjacency", (long long)g->m);
    return MVC_OK;
}

/* Each list sorted without repeats or loops, and each arc matched by its reverse of equal weight.
 */
static int check_lists(const struct graph *g, struct error *err)
{
    for (int32_t v = 0; v < g->n; v++)
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++) {
            int32_t u = g->adj[i];
            if (u < 0 || u >= g->n)
                return error_set(err, MVC_EINPUT, "vertex %ld has neighbour %ld outside 0..%ld",
                                 (long)v, (long)u, (long)g->n - 1);
            if (u == v)
                return error_set(err, MVC_EINPUT, "self-loop at vertex %ld", (long)v);
            if (i > g->offsets[v] && g->adj[i - 1] >= u)
                return error_set(err, MVC_EINPUT, "list of vertex %ld not strictly increasing",
                                 (long)v);
            if (!graph_has_edge(g, u, v))
                return error_set(err, MVC_EINPUT, "arc %ld->%ld without its reverse", (long)v,
                                 (long)u);
            if (g->weights != NULL) {
                if (g->weights[i] < 0)
                    return error_set(err, MVC_EINPUT, "negative weight on %ld->%ld", (long)v,
                                     (long)u);
                if (graph_edge_weight(g, u, v) != g->weights[i])
                    return error_set(err, MVC_EINPUT, "arcs %ld->%ld and back weigh differently",
                                     (long)v, (long)u);
            }
        }
    return MVC_OK;
}

static int check_terminals(const struct graph *g, struct error *err)
{
    if (g->n_terminals < 0 || g->n_terminals > g->n)
        return error_set(err, MVC_EINPUT, "%ld terminals in %ld vertices", (long)g->n_terminals,
                         (long)g->n);
    if (g->n_terminals > 0 && g->terminals == NULL)
        return error_set(err, MVC_EINPUT, "%ld terminals but no list", (long)g->n_terminals);
    for (int32_t t = 0; t < g->n_terminals; t++) {
        if (g->terminals[t] < 0 || g->terminals[t] >= g->n)
            return error_set(err, MVC_EINPUT, "terminal %ld outside 0..%ld", (long)g->terminals[t],
                             (long)g->n - 1);
        if (t > 0 && g->terminals[t - 1] >= g->terminals[t])
            return error_set(err, MVC_EINPUT, "terminals not strictly increasing at %ld", (long)t);
    }
    return MVC_OK;
}

static int check_labels(const struct graph *g, struct error *err)
{
    if (g->labels == NULL)
        return MVC_OK;
    for (int32_t v = 0; v < g->n; v++) {
        if (g->labels[v] < 0)
            return error_set(err, MVC_EINPUT, "negative label at vertex %ld", (long)v);
        if (v > 0 && g->labels[v - 1] >= g->labels[v])
            return error_set(err, MVC_EINPUT, "labels not strictly increasing at vertex %ld",
                             (long)v);
    }
    return MVC_OK;
}

int graph_check(const struct graph *g, struct error *err)
{
    if (g == NULL)
        return error_set(err, MVC_EINPUT, "no graph");
    int status = check_offsets(g, err);
    if (status == MVC_OK)
        status = check_lists(g, err);
    if (status == MVC_OK)
        status = check_terminals(g, err);
    if (status == MVC_OK)
        status = check_labels(g, err);
    if (status == MVC_OK && (g->loops_dropped < 0 || g->parallel_merged < 0))
        status = error_set(err, MVC_EINPUT, "negative counts of dropped loops or merged repeats");
    return status;
}
