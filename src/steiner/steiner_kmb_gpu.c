/*
 * Kou-Markowsky-Berman with the shortest paths on the GPU (Rajesh Pandian et
 * al., Sec. 3.2 and 4.2.1): p-SSSP batches of terminals give the k x k
 * terminal distances, Prim's algorithm on the CPU their MST T' (a GPU MST is
 * not worth it at these k), and a second batched pass returns parent arrays
 * for the MST edges' expansion. That pass runs from a minimum vertex cover
 * of T' (every MST edge has one endpoint whose search expands it), which a
 * leaves-up greedy finds exactly on a tree: at most k/2 searches instead of
 * keeping k parent arrays of n entries.
 */
#include <stdlib.h>

#include "clock.h"
#include "config.h"
#include "gpu_steiner.h"
#include "steiner_algo.h"

#ifdef HAVE_CUDA

/* Minimum vertex cover of the tree given by parent[] (root: parent -1), leaves first. */
static int tree_cover(int32_t k, const int32_t *parent, uint8_t *cover)
{
    int32_t *order = malloc((size_t)k * sizeof *order);
    int32_t *first = malloc((size_t)k * sizeof *first);
    int32_t *next = malloc((size_t)k * sizeof *next);
    if (!order || !first || !next) {
        free(order), free(first), free(next);
        return MVC_ENOMEM;
    }
    int32_t root = 0;
    for (int32_t i = 0; i < k; i++)
        first[i] = -1;
    for (int32_t i = 0; i < k; i++) {
        cover[i] = 0;
        if (parent[i] < 0) {
            root = i;
            continue;
        }
        next[i] = first[parent[i]];
        first[parent[i]] = i;
    }
    int32_t len = 0;
    order[len++] = root;
    for (int32_t h = 0; h < len; h++)
        for (int32_t c = first[order[h]]; c >= 0; c = next[c])
            order[len++] = c;
    for (int32_t h = len - 1; h > 0; h--) {
        int32_t i = order[h];
        if (!cover[i] && !cover[parent[i]])
            cover[parent[i]] = 1;
    }
    free(order), free(first), free(next);
    return MVC_OK;
}

/* All k x k terminal distances, p sources per launch. */
static int distance_matrix(struct gpu_sssp_session *s, const struct graph *g, int64_t *dist,
                           struct error *err)
{
    int32_t k = g->n_terminals, p = gpu_sssp_batch_size(s);
    for (int32_t b = 0; b < k; b += p) {
        int32_t count = k - b < p ? k - b : p;
        int status = gpu_sssp_run_batch(s, g->terminals + b, count, g->terminals, k,
                                        dist + (int64_t)b * k, NULL, err);
        if (status != MVC_OK)
            return status;
    }
    return MVC_OK;
}

/* Expands every MST edge (i, parent[i]) from the search of its endpoint in the cover. */
static int expand_edges(struct gpu_sssp_session *s, const struct graph *g, const int32_t *parent,
                        const uint8_t *cover, struct subgraph *sub, struct error *err)
{
    int32_t k = g->n_terminals, p = gpu_sssp_batch_size(s);
    int32_t *sources = malloc((size_t)k * sizeof *sources);
    int32_t *slot = malloc((size_t)k * sizeof *slot);
    int32_t *parents = malloc((size_t)p * (size_t)g->n * sizeof *parents);
    if (!sources || !slot || !parents) {
        free(sources), free(slot), free(parents);
        return error_set(err, MVC_ENOMEM, "out of memory for %d parent arrays of %ld vertices", p,
                         (long)g->n);
    }
    int32_t n_sources = 0;
    for (int32_t i = 0; i < k; i++)
        if (cover[i])
            sources[n_sources++] = i;
    int status = MVC_OK;
    for (int32_t b = 0; b < n_sources && status == MVC_OK; b += p) {
        int32_t count = n_sources - b < p ? n_sources - b : p;
        int32_t batch[GPU_SSSP_MAX_BATCH];
        for (int32_t i = 0; i < k; i++)
            slot[i] = -1;
        for (int32_t j = 0; j < count; j++) {
            slot[sources[b + j]] = j;
            batch[j] = g->terminals[sources[b + j]];
        }
        status = gpu_sssp_run_batch(s, batch, count, NULL, 0, NULL, parents, err);
        for (int32_t i = 0; i < k && status == MVC_OK; i++) {
            if (parent[i] < 0)
                continue;
            int32_t src = cover[i] ? i : parent[i], other = cover[i] ? parent[i] : i;
            if (slot[src] < 0)
                continue;
            status = subgraph_add_path(sub, g, parents + (int64_t)slot[src] * g->n,
                                       g->terminals[other], g->terminals[src], err);
        }
    }
    free(sources), free(slot), free(parents);
    return status;
}

int steiner_kmb_gpu(struct steiner_run *run, struct steiner_tree *out, struct error *err)
{
    const struct graph *g = run->g;
    struct steiner_stats *st = run->st;
    int32_t k = g->n_terminals;
    double bytes = (double)k * (double)k * sizeof(int64_t);
    int64_t *dist = (size_t)k <= SIZE_MAX / sizeof(int64_t) / (size_t)k
                        ? malloc((size_t)k * (size_t)k * sizeof *dist)
                        : NULL;
    int32_t *parent = malloc((size_t)k * sizeof *parent);
    int64_t *key = malloc((size_t)k * sizeof *key);
    uint8_t *cover = malloc((size_t)k);
    struct gpu_sssp_session *s = NULL;
    struct subgraph sub;
    subgraph_init(&sub);
    int status = MVC_OK;
    if (!dist || !parent || !key || !cover) {
        status = error_set(err, MVC_ENOMEM,
                           "KMB on the GPU needs %.2f GiB for the distances between %ld "
                           "terminals; Mehlhorn's variant does not",
                           bytes / (1 << 30), (long)k);
        goto done;
    }
    double t0 = clock_seconds();
    status = gpu_sssp_open(g, run->o->sssp, run->o->batch, &s, err);
    if (status == MVC_OK)
        status = distance_matrix(s, g, dist, err);
    double t1 = clock_seconds();
    st->t_sssp += t1 - t0;
    if (status != MVC_OK)
        goto done;
    int32_t cut_off = mst_prim_dense(k, dist, parent, key);
    if (cut_off >= 0) {
        status = error_set(err, MVC_EINPUT, "terminal %lld cannot be reached from terminal %lld",
                           steiner_vertex_name(g, g->terminals[cut_off]),
                           steiner_vertex_name(g, g->terminals[0]));
        goto done;
    }
    if (tree_cover(k, parent, cover) != MVC_OK) {
        status = error_set(err, MVC_ENOMEM, "out of memory for the terminal tree");
        goto done;
    }
    double t2 = clock_seconds();
    st->t_mst += t2 - t1;
    status = expand_edges(s, g, parent, cover, &sub, err);
    double t3 = clock_seconds();
    st->t_sssp += t3 - t2;
    if (status == MVC_OK)
        status = subgraph_to_tree(run, &sub, out, err);
    st->t_expand += clock_seconds() - t3;
done:
    if (s != NULL) {
        struct gpu_sssp_stats gs;
        gpu_sssp_close(s, &gs);
        st->sssp = steiner_sssp_name(gs.kernel);
        st->batch = gs.batch;
        st->gpu_launches = gs.launches;
        st->sssp_runs = gs.runs;
    }
    subgraph_free(&sub);
    free(dist), free(parent), free(key), free(cover);
    return status;
}

#else

int steiner_kmb_gpu(struct steiner_run *run, struct steiner_tree *out, struct error *err)
{
    (void)run, (void)out;
    return error_set(err, MVC_EUNSUPPORTED,
                     "KMB on the GPU needs a build with CUDA (configure --with-cuda)");
}

#endif
