/* CSR graph: building from an edge list, queries, complement and induced subgraphs. */
#include "graph.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "sorted.h"

void edge_list_init(struct edge_list *el, int weighted)
{
    memset(el, 0, sizeof *el);
    el->weighted = weighted;
}

int edge_list_push(struct edge_list *el, int32_t u, int32_t v, int32_t w)
{
    if (el->len == el->cap) {
        int64_t cap = grow_capacity(el->cap, el->len + 1, 1024);
        if (grow_resize(&el->u, cap, sizeof *el->u) != MVC_OK ||
            grow_resize(&el->v, cap, sizeof *el->v) != MVC_OK ||
            (el->weighted && grow_resize(&el->w, cap, sizeof *el->w) != MVC_OK))
            return MVC_ENOMEM;
        el->cap = cap;
    }
    el->u[el->len] = u;
    el->v[el->len] = v;
    if (el->weighted)
        el->w[el->len] = w;
    el->len++;
    return MVC_OK;
}

void edge_list_free(struct edge_list *el)
{
    free(el->u);
    free(el->v);
    free(el->w);
    memset(el, 0, sizeof *el);
}

void graph_free(struct graph *g)
{
    if (g == NULL)
        return;
    free(g->offsets);
    free(g->adj);
    free(g->weights);
    free(g->terminals);
    free(g->labels);
    free(g);
}

static struct graph *graph_alloc(int32_t n, int64_t arcs, int weighted)
{
    struct graph *g = calloc(1, sizeof *g);
    if (g == NULL)
        return NULL;
    g->n = n;
    g->offsets = calloc((size_t)n + 1, sizeof *g->offsets);
    g->adj = malloc((size_t)(arcs > 0 ? arcs : 1) * sizeof *g->adj);
    if (weighted)
        g->weights = malloc((size_t)(arcs > 0 ? arcs : 1) * sizeof *g->weights);
    if (g->offsets == NULL || g->adj == NULL || (weighted && g->weights == NULL)) {
        graph_free(g);
        return NULL;
    }
    return g;
}

struct graph *graph_new(int32_t n, int64_t arcs)
{
    return graph_alloc(n, arcs, 0);
}

void graph_sort_lists(struct graph *g)
{
    for (int32_t v = 0; v < g->n; v++)
        sorted_sort_i32(g->adj + g->offsets[v], g->offsets[v + 1] - g->offsets[v]);
}

/*
 * Two counting passes give sorted lists without a comparison sort: first the
 * arcs are bucketed by source (lists unsorted), then the buckets are read in
 * increasing vertex order and each vertex t is appended to the lists of its
 * neighbours, which therefore come out sorted.
 */
int graph_build(int32_t n, struct edge_list *el, const int32_t *terminals, int32_t n_terminals,
                struct graph **out, struct error *err)
{
    *out = NULL;
    int weighted = el->weighted;
    int64_t loops = 0;
    int64_t *count = calloc((size_t)n + 1, sizeof *count);
    if (count == NULL) {
        edge_list_free(el);
        return error_set(err, MVC_ENOMEM, "out of memory building a graph of %ld vertices",
                         (long)n);
    }
    for (int64_t i = 0; i < el->len; i++) {
        if (el->u[i] == el->v[i]) {
            loops++;
            continue;
        }
        count[el->u[i] + 1]++;
        count[el->v[i] + 1]++;
    }
    for (int32_t v = 0; v < n; v++)
        count[v + 1] += count[v];
    int64_t arcs = count[n];

    int32_t *bucket = malloc((size_t)(arcs > 0 ? arcs : 1) * sizeof *bucket);
    int32_t *bucket_w = weighted ? malloc((size_t)(arcs > 0 ? arcs : 1) * sizeof *bucket_w) : NULL;
    int64_t *fill = malloc(((size_t)n + 1) * sizeof *fill);
    struct graph *g = graph_alloc(n, arcs, weighted);
    if (bucket == NULL || fill == NULL || g == NULL || (weighted && bucket_w == NULL)) {
        free(count), free(bucket), free(bucket_w), free(fill), graph_free(g);
        edge_list_free(el);
        return error_set(err, MVC_ENOMEM, "out of memory building a graph of %ld edges",
                         (long)el->len);
    }
    memcpy(fill, count, ((size_t)n + 1) * sizeof *fill);
    for (int64_t i = 0; i < el->len; i++) {
        int32_t a = el->u[i], b = el->v[i];
        if (a == b)
            continue;
        int32_t w = weighted ? el->w[i] : 0;
        bucket[fill[a]] = b;
        bucket[fill[b]] = a;
        if (weighted)
            bucket_w[fill[a]] = w, bucket_w[fill[b]] = w;
        fill[a]++, fill[b]++;
    }
    edge_list_free(el);

    memcpy(fill, count, ((size_t)n + 1) * sizeof *fill);
    for (int32_t t = 0; t < n; t++) {
        for (int64_t i = count[t]; i < count[t + 1]; i++) {
            int32_t s = bucket[i];
            g->adj[fill[s]] = t;
            if (weighted)
                g->weights[fill[s]] = bucket_w[i];
            fill[s]++;
        }
    }
    free(bucket);
    free(bucket_w);

    /* Merge repeats in place, keeping the lightest weight. */
    int64_t write = 0, repeats = 0;
    for (int32_t v = 0; v < n; v++) {
        int64_t begin = count[v], end = count[v + 1];
        g->offsets[v] = write;
        for (int64_t i = begin; i < end; i++) {
            if (write > g->offsets[v] && g->adj[write - 1] == g->adj[i]) {
                if (weighted && g->weights[i] < g->weights[write - 1])
                    g->weights[write - 1] = g->weights[i];
                repeats++;
                continue;
            }
            g->adj[write] = g->adj[i];
            if (weighted)
                g->weights[write] = g->weights[i];
            write++;
        }
    }
    g->offsets[n] = write;
    g->m = write / 2;
    g->loops_dropped = loops;
    g->parallel_merged = repeats / 2;
    free(count);
    free(fill);

    if (n_terminals > 0) {
        g->terminals = malloc((size_t)n_terminals * sizeof *g->terminals);
        if (g->terminals == NULL) {
            graph_free(g);
            return error_set(err, MVC_ENOMEM, "out of memory for %ld terminals", (long)n_terminals);
        }
        memcpy(g->terminals, terminals, (size_t)n_terminals * sizeof *g->terminals);
        g->n_terminals = n_terminals;
    }
    *out = g;
    return MVC_OK;
}

struct graph *graph_from_edges(int32_t n, const int32_t (*edges)[2], int64_t m)
{
    struct edge_list el;
    edge_list_init(&el, 0);
    for (int64_t i = 0; i < m; i++)
        if (edge_list_push(&el, edges[i][0], edges[i][1], 0) != MVC_OK) {
            edge_list_free(&el);
            return NULL;
        }
    struct graph *g = NULL;
    struct error err = {0};
    graph_build(n, &el, NULL, 0, &g, &err);
    return g;
}

int64_t graph_arc(const struct graph *g, int32_t u, int32_t v)
{
    int64_t at = sorted_first_at_least_i32(g->adj, g->offsets[u], g->offsets[u + 1], v);
    return (at < g->offsets[u + 1] && g->adj[at] == v) ? at : -1;
}

int graph_has_edge(const struct graph *g, int32_t u, int32_t v)
{
    return graph_arc(g, u, v) >= 0;
}

int64_t graph_edge_weight(const struct graph *g, int32_t u, int32_t v)
{
    int64_t i = graph_arc(g, u, v);
    if (i < 0)
        return -1;
    return g->weights ? g->weights[i] : 1;
}

int graph_complement(const struct graph *g, int64_t max_bytes, struct graph **out,
                     struct error *err)
{
    *out = NULL;
    int64_t n = g->n;
    int64_t arcs = n * (n - 1) - 2 * g->m;
    int64_t bytes = arcs * (int64_t)sizeof(int32_t) + (n + 1) * (int64_t)sizeof(int64_t);
    if (bytes > max_bytes) {
        char need[32], allowed[32];
        error_bytes(need, sizeof need, (double)bytes);
        error_bytes(allowed, sizeof allowed, (double)max_bytes);
        return error_set(err, MVC_ENOMEM,
                         "the complement of a graph with %lld vertices and %lld edges has %lld "
                         "edges and needs %s, more than the %s allowed",
                         (long long)n, (long long)g->m, (long long)(arcs / 2), need, allowed);
    }
    struct graph *c = graph_alloc(g->n, arcs, 0);
    if (c == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the complement (%lld edges)",
                         (long long)(arcs / 2));
    int64_t write = 0;
    for (int32_t u = 0; u < g->n; u++) {
        c->offsets[u] = write;
        int64_t i = g->offsets[u], end = g->offsets[u + 1];
        for (int32_t v = 0; v < g->n; v++) {
            while (i < end && g->adj[i] < v)
                i++;
            if (v == u || (i < end && g->adj[i] == v))
                continue;
            c->adj[write++] = v;
        }
    }
    c->offsets[g->n] = write;
    c->m = write / 2;
    *out = c;
    return MVC_OK;
}

struct graph *graph_induced(const struct graph *g, const uint8_t *keep, int32_t *new_to_old)
{
    int32_t *old_to_new = malloc(((size_t)g->n + 1) * sizeof *old_to_new);
    if (old_to_new == NULL)
        return NULL;
    int32_t k = 0;
    int64_t arcs = 0;
    for (int32_t v = 0; v < g->n; v++) {
        old_to_new[v] = keep[v] ? k++ : -1;
        if (keep[v])
            for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
                arcs += keep[g->adj[i]] != 0;
    }
    struct graph *h = graph_alloc(k, arcs, g->weights != NULL);
    if (h == NULL) {
        free(old_to_new);
        return NULL;
    }
    int64_t write = 0;
    for (int32_t v = 0; v < g->n; v++) {
        if (!keep[v])
            continue;
        int32_t nv = old_to_new[v];
        if (new_to_old)
            new_to_old[nv] = v;
        h->offsets[nv] = write;
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++) {
            int32_t u = g->adj[i];
            if (!keep[u])
                continue;
            if (h->weights)
                h->weights[write] = g->weights[i];
            h->adj[write++] = old_to_new[u];
        }
    }
    h->offsets[k] = write;
    h->m = write / 2;
    free(old_to_new);
    return h;
}

struct graph *graph_induced_closed(const struct graph *g, const int32_t *members, int32_t k,
                                   int32_t *scratch)
{
    int64_t arcs = 0;
    for (int32_t j = 0; j < k; j++) {
        scratch[members[j]] = j;
        arcs += g->offsets[members[j] + 1] - g->offsets[members[j]];
    }
    struct graph *h = graph_alloc(k, arcs, g->weights != NULL);
    if (h == NULL)
        return NULL;
    int64_t write = 0;
    for (int32_t j = 0; j < k; j++) {
        int32_t v = members[j];
        h->offsets[j] = write;
        /* members in id order: each list stays sorted */
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++) {
            if (h->weights)
                h->weights[write] = g->weights[i];
            h->adj[write++] = scratch[g->adj[i]];
        }
    }
    h->offsets[k] = write;
    h->m = write / 2;
    return h;
}

double graph_complement_density(const struct graph *g)
{
    double pairs = (double)g->n * (g->n - 1) / 2;
    return pairs > 0 ? (pairs - (double)g->m) / pairs : 0;
}
