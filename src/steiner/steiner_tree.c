/* G'' from expanded shortest paths, made a tree, and pruned; tree adjacency. */
#include "steiner_tree.h"

#include "grow.h"
#include "steiner_mst.h"

#include <stdlib.h>
#include <string.h>

long long steiner_vertex_name(const struct graph *g, int32_t v)
{
    return g->labels ? (long long)g->labels[v] : (long long)v + 1;
}

int steiner_run_start(struct steiner_run *run, const struct graph *g, const struct steiner_opts *o,
                      struct steiner_stats *st, struct error *err)
{
    *run = (struct steiner_run){g, o, st, NULL, NULL, 0};
    run->is_terminal = calloc((size_t)g->n + 1, 1);
    run->cid = malloc(((size_t)g->n + 1) * sizeof *run->cid);
    if (run->is_terminal == NULL || run->cid == NULL) {
        steiner_run_end(run);
        return error_set(err, MVC_ENOMEM, "out of memory for %ld vertices", (long)g->n);
    }
    for (int32_t v = 0; v < g->n; v++)
        run->cid[v] = -1;
    return MVC_OK;
}

void steiner_run_end(struct steiner_run *run)
{
    free(run->is_terminal);
    free(run->cid);
    run->is_terminal = NULL;
    run->cid = NULL;
}

void subgraph_init(struct subgraph *s)
{
    memset(s, 0, sizeof *s);
}

void subgraph_free(struct subgraph *s)
{
    free(s->e);
    memset(s, 0, sizeof *s);
}

int subgraph_add_edge(struct subgraph *s, int32_t u, int32_t v, int64_t w)
{
    if (s->len == s->cap && grow_array(&s->e, &s->cap, s->len + 1, sizeof *s->e, 256) != MVC_OK)
        return MVC_ENOMEM;
    struct wedge *e = &s->e[s->len++];
    e->u = u < v ? u : v;
    e->v = u < v ? v : u;
    e->w = w;
    e->tag = 0;
    return MVC_OK;
}

int subgraph_add_path(struct subgraph *s, const struct graph *g, const int32_t *parent,
                      int32_t from, int32_t to, struct error *err)
{
    int32_t steps = 0;
    for (int32_t v = from; v != to; v = parent[v]) {
        int32_t p = parent[v];
        if (p < 0 && to < 0)
            break;
        int64_t w = p >= 0 ? graph_edge_weight(g, p, v) : -1;
        if (w < 0 || ++steps > g->n)
            return error_set(err, MVC_EINPUT,
                             "internal error: no shortest path from vertex %lld to vertex %lld",
                             steiner_vertex_name(g, from), steiner_vertex_name(g, to));
        if (subgraph_add_edge(s, p, v, w) != MVC_OK)
            return error_set(err, MVC_ENOMEM, "out of memory expanding shortest paths");
    }
    return MVC_OK;
}

static int compare_endpoints(const void *pa, const void *pb)
{
    const struct wedge *a = pa, *b = pb;
    if (a->u != b->u)
        return a->u < b->u ? -1 : 1;
    return (a->v > b->v) - (a->v < b->v);
}

static int compare_pairs(const void *pa, const void *pb)
{
    const int32_t *a = pa, *b = pb;
    if (a[0] != b[0])
        return a[0] < b[0] ? -1 : 1;
    return (a[1] > b[1]) - (a[1] < b[1]);
}

int subgraph_to_tree(struct steiner_run *run, struct subgraph *s, struct steiner_tree *out,
                     struct error *err)
{
    const struct graph *g = run->g;
    memset(out, 0, sizeof *out);
    qsort(s->e, (size_t)s->len, sizeof *s->e, compare_endpoints);
    int64_t m = 0;
    for (int64_t i = 0; i < s->len; i++)
        if (m == 0 || s->e[m - 1].u != s->e[i].u || s->e[m - 1].v != s->e[i].v)
            s->e[m++] = s->e[i];
    s->len = m;

    uint8_t *seen = calloc((size_t)g->n + 1, 1);
    if (seen == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory building G''");
    int64_t nv = 0;
    for (int64_t i = 0; i < m; i++) {
        nv += !seen[s->e[i].u] + !seen[s->e[i].v];
        seen[s->e[i].u] = seen[s->e[i].v] = 1;
    }
    free(seen);
    run->st->subgraph_vertices = nv;
    run->st->subgraph_edges = m;
    run->st->subgraph_was_tree = m == nv - 1;
    if (m != nv - 1) {
        int status = steiner_msf(run, g->n, s->e, m, &m, &run->st->subgraph_mst, err);
        if (status != MVC_OK)
            return status;
    }

    out->edges = malloc((size_t)(m > 0 ? m : 1) * sizeof *out->edges);
    if (out->edges == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the Steiner tree");
    for (int64_t i = 0; i < m; i++) {
        out->edges[i][0] = s->e[i].u;
        out->edges[i][1] = s->e[i].v;
        out->weight += s->e[i].w;
    }
    out->n_edges = m;
    subgraph_free(s);
    qsort(out->edges, (size_t)m, sizeof *out->edges, compare_pairs);
    int64_t pruned = 0;
    if (steiner_prune(g, run->is_terminal, run->cid, out, &pruned) != MVC_OK) {
        steiner_tree_free(out);
        return error_set(err, MVC_ENOMEM, "out of memory pruning the Steiner tree");
    }
    run->st->pruned += pruned;
    return MVC_OK;
}

void tree_adj_free(struct tree_adj *a)
{
    if (a->cid != NULL && a->vertex != NULL)
        for (int32_t x = 0; x < a->nv; x++)
            a->cid[a->vertex[x]] = -1;
    free(a->vertex);
    free(a->off);
    free(a->nbr);
    free(a->edge);
    memset(a, 0, sizeof *a);
}

int tree_adj_build(const struct steiner_tree *t, int32_t *cid, struct tree_adj *a)
{
    memset(a, 0, sizeof *a);
    int64_t m = t->n_edges;
    a->cid = cid;
    a->vertex = malloc((size_t)(m + 2) * sizeof *a->vertex);
    a->nbr = malloc((size_t)(2 * m + 1) * sizeof *a->nbr);
    a->edge = malloc((size_t)(2 * m + 1) * sizeof *a->edge);
    a->off = calloc((size_t)(m + 3), sizeof *a->off);
    if (!a->vertex || !a->nbr || !a->edge || !a->off) {
        tree_adj_free(a);
        return MVC_ENOMEM;
    }
    /* Compact ids in order of first appearance; a forest may have more than m + 1 vertices. */
    int32_t nv = 0;
    for (int64_t i = 0; i < m; i++)
        for (int end = 0; end < 2; end++) {
            int32_t v = t->edges[i][end];
            if (cid[v] >= 0)
                continue;
            if (nv == m + 1) {
                tree_adj_free(a);
                return MVC_EINPUT;
            }
            cid[v] = nv;
            a->vertex[nv++] = v;
        }
    a->nv = nv;
    for (int64_t i = 0; i < m; i++) {
        a->off[cid[t->edges[i][0]] + 1]++;
        a->off[cid[t->edges[i][1]] + 1]++;
    }
    for (int32_t x = 0; x < nv; x++)
        a->off[x + 1] += a->off[x];
    int64_t *fill = a->off; /* runs ahead, then is shifted back */
    for (int64_t i = 0; i < m; i++) {
        int32_t x = cid[t->edges[i][0]], y = cid[t->edges[i][1]];
        a->nbr[fill[x]] = y, a->edge[fill[x]++] = i;
        a->nbr[fill[y]] = x, a->edge[fill[y]++] = i;
    }
    for (int32_t x = nv; x > 0; x--)
        a->off[x] = a->off[x - 1];
    a->off[0] = 0;
    return MVC_OK;
}

int steiner_prune(const struct graph *g, const uint8_t *is_terminal, int32_t *cid,
                  struct steiner_tree *t, int64_t *pruned)
{
    *pruned = 0;
    struct tree_adj a;
    int status = tree_adj_build(t, cid, &a);
    if (status != MVC_OK)
        return status;
    int32_t *degree = malloc((size_t)(a.nv + 1) * sizeof *degree);
    int32_t *queue = malloc((size_t)(a.nv + 1) * sizeof *queue);
    uint8_t *removed = calloc((size_t)(t->n_edges + 1), 1);
    if (!degree || !queue || !removed) {
        free(degree), free(queue), free(removed), tree_adj_free(&a);
        return MVC_ENOMEM;
    }
    int32_t head = 0, tail = 0;
    for (int32_t x = 0; x < a.nv; x++) {
        degree[x] = (int32_t)(a.off[x + 1] - a.off[x]);
        if (degree[x] == 1 && !is_terminal[a.vertex[x]])
            queue[tail++] = x;
    }
    while (head < tail) {
        int32_t x = queue[head++];
        for (int64_t i = a.off[x]; i < a.off[x + 1]; i++) {
            if (removed[a.edge[i]])
                continue;
            int64_t e = a.edge[i];
            removed[e] = 1;
            t->weight -= graph_edge_weight(g, t->edges[e][0], t->edges[e][1]);
            (*pruned)++;
            int32_t y = a.nbr[i];
            if (--degree[y] == 1 && !is_terminal[a.vertex[y]])
                queue[tail++] = y;
        }
    }
    int64_t kept = 0;
    for (int64_t e = 0; e < t->n_edges; e++)
        if (!removed[e]) {
            t->edges[kept][0] = t->edges[e][0];
            t->edges[kept][1] = t->edges[e][1];
            kept++;
        }
    t->n_edges = kept;
    free(degree), free(queue), free(removed), tree_adj_free(&a);
    return MVC_OK;
}
