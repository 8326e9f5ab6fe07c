/*
 * Mehlhorn's variant of KMB (Inf. Process. Lett. 27, 1988): one multi-source
 * search gives every vertex its nearest terminal (Voronoi regions); each edge
 * {u, v} between regions s(u) != s(v) proposes the edge {s(u), s(v)} of weight
 * d(u) + w(u, v) + d(v); an MST of those proposals (Kruskal keeps the lightest
 * per pair) is an MST of KMB's distance graph, and expands through the
 * parents of the one search. Same 2-approximation as KMB.
 */
#include <stdlib.h>

#include "clock.h"
#include "config.h"
#include "dijkstra.h"
#include "gpu_steiner.h"
#include "steiner_algo.h"
#include "steiner_mst.h"

/* Distances, parents and nearest terminal of every vertex. */
struct voronoi {
    int64_t *dist;
    int32_t *parent;
    int32_t *origin; /* nearest terminal (a vertex id), -1 where unreached */
};

static int voronoi_cpu(struct steiner_run *run, struct voronoi *vo, struct dijkstra *d)
{
    const struct graph *g = run->g;
    if (dijkstra_init(d, g->n) != MVC_OK)
        return MVC_ENOMEM;
    for (int32_t i = 0; i < g->n_terminals; i++)
        dijkstra_add_source(d, g->terminals[i]);
    while (dijkstra_next(d, g) >= 0)
        ;
    vo->dist = d->dist;
    vo->parent = d->parent;
    vo->origin = d->origin;
    run->st->settled = d->settled;
    run->st->sssp_runs = 1;
    return MVC_OK;
}

#ifdef HAVE_CUDA
/* Nearest terminal from the parents alone (the GPU returns no origins): the root of v's chain. */
static void origins_from_parents(const int32_t *parent, int32_t n, int32_t *origin)
{
    for (int32_t v = 0; v < n; v++)
        origin[v] = -2;
    for (int32_t v = 0; v < n; v++) {
        int32_t x = v;
        while (origin[x] == -2 && parent[x] >= 0)
            x = parent[x];
        int32_t root = origin[x] != -2 ? origin[x] : x;
        for (int32_t y = v; origin[y] == -2; y = parent[y] >= 0 ? parent[y] : y)
            origin[y] = root;
    }
}

static int voronoi_gpu(struct steiner_run *run, struct voronoi *vo, struct error *err)
{
    const struct graph *g = run->g;
    size_t n = (size_t)g->n;
    vo->dist = malloc(n * sizeof *vo->dist);
    vo->parent = malloc(n * sizeof *vo->parent);
    vo->origin = malloc(n * sizeof *vo->origin);
    if (!vo->dist || !vo->parent || !vo->origin)
        return error_set(err, MVC_ENOMEM, "out of memory for %ld distances", (long)g->n);
    struct gpu_sssp_stats gs = {0};
    int status =
        gpu_sssp(g, g->terminals, g->n_terminals, run->o->sssp, vo->dist, vo->parent, &gs, err);
    if (status != MVC_OK)
        return status;
    run->st->sssp = steiner_sssp_name(gs.kernel);
    run->st->gpu_launches = gs.launches;
    run->st->sssp_runs = 1;
    /* Unreached vertices keep origin -1; terminals and reached vertices get their root. */
    origins_from_parents(vo->parent, g->n, vo->origin);
    for (int32_t v = 0; v < g->n; v++)
        if (vo->dist[v] == GPU_SSSP_INF)
            vo->origin[v] = -1;
    return MVC_OK;
}
#endif

/* The graph vertex whose adjacency holds arc a. */
static int32_t arc_tail(const struct graph *g, int64_t a)
{
    int32_t lo = 0, hi = g->n - 1;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo + 1) / 2;
        if (g->offsets[mid] <= a)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Boundary edges as proposals between terminal indices, tagged with their arc. */
static int boundary_mst(struct steiner_run *run, const struct voronoi *vo, const int32_t *index,
                        struct wedge **edges, int64_t *n_chosen, struct error *err)
{
    const struct graph *g = run->g;
    int64_t count = 0;
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++) {
            int32_t v = g->adj[a];
            count +=
                u < v && vo->origin[u] >= 0 && vo->origin[v] >= 0 && vo->origin[u] != vo->origin[v];
        }
    struct wedge *e = malloc((size_t)(count > 0 ? count : 1) * sizeof *e);
    if (e == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for %lld boundary edges",
                         (long long)count);
    int64_t m = 0;
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++) {
            int32_t v = g->adj[a];
            if (!(u < v && vo->origin[u] >= 0 && vo->origin[v] >= 0 &&
                  vo->origin[u] != vo->origin[v]))
                continue;
            int32_t s = index[vo->origin[u]], t = index[vo->origin[v]];
            e[m].w = vo->dist[u] + arc_weight(g, a) + vo->dist[v];
            e[m].u = s < t ? s : t;
            e[m].v = s < t ? t : s;
            e[m].tag = a;
            m++;
        }
    *edges = e;
    return steiner_msf(run, g->n_terminals, e, m, n_chosen, &run->st->mst, err);
}

int steiner_mehlhorn(struct steiner_run *run, int use_gpu, struct steiner_tree *out,
                     struct error *err)
{
    const struct graph *g = run->g;
    struct steiner_stats *st = run->st;
    struct voronoi vo = {0};
    struct dijkstra d = {0};
    struct subgraph sub;
    subgraph_init(&sub);
    int32_t *index = malloc((size_t)g->n * sizeof *index);
    struct wedge *e = NULL;
    int64_t chosen = 0;
    int status = MVC_OK;
    double t0 = clock_seconds();
    if (index == NULL) {
        status = error_set(err, MVC_ENOMEM, "out of memory for %ld vertices", (long)g->n);
        goto done;
    }
    if (use_gpu) {
#ifdef HAVE_CUDA
        status = voronoi_gpu(run, &vo, err);
#else
        status = error_set(err, MVC_EUNSUPPORTED, "this build has no CUDA");
#endif
    } else if (voronoi_cpu(run, &vo, &d) != MVC_OK) {
        status =
            error_set(err, MVC_ENOMEM, "out of memory for Dijkstra on %ld vertices", (long)g->n);
    }
    if (status != MVC_OK)
        goto done;
    double t1 = clock_seconds();
    st->t_sssp = t1 - t0;

    for (int32_t v = 0; v < g->n; v++)
        index[v] = -1;
    for (int32_t i = 0; i < g->n_terminals; i++)
        index[g->terminals[i]] = i;
    if ((status = boundary_mst(run, &vo, index, &e, &chosen, err)) != MVC_OK)
        goto done;
    double t2 = clock_seconds();
    st->t_mst = t2 - t1;
    for (int64_t i = 0; i < chosen && status == MVC_OK; i++) {
        int64_t a = e[i].tag;
        int32_t x = arc_tail(g, a), y = g->adj[a];
        status = subgraph_add_path(&sub, g, vo.parent, x, vo.origin[x], err);
        if (status == MVC_OK && subgraph_add_edge(&sub, x, y, arc_weight(g, a)) != MVC_OK)
            status = error_set(err, MVC_ENOMEM, "out of memory expanding shortest paths");
        if (status == MVC_OK)
            status = subgraph_add_path(&sub, g, vo.parent, y, vo.origin[y], err);
    }
    if (status == MVC_OK)
        status = subgraph_to_tree(run, &sub, out, err);
    st->t_expand = clock_seconds() - t2;
done:
    if (use_gpu) {
        free(vo.dist), free(vo.parent), free(vo.origin);
    }
    dijkstra_free(&d);
    subgraph_free(&sub);
    free(e);
    free(index);
    return status;
}
