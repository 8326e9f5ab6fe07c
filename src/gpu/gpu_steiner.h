/*
 * Plain C door to the GPU kernels of Steiner mode (kernels/sssp/ and
 * kernels/mst/, built when the configuration has CUDA): single and
 * multi-source SSSP with parents, batches of independent sources (p-SSSP),
 * and minimum spanning forests, usable on their own; with the two types both
 * sides speak of, the kernel choice and the weighted edge.
 */
#ifndef MVC_GPU_STEINER_H
#define MVC_GPU_STEINER_H

#include <stdarg.h>
#include <stdint.h>

/* error.h and graph.h have no C++ guards of their own. */
#ifdef __cplusplus
extern "C" {
#endif

#include "error.h"
#include "graph.h"

/* Shortest-path kernels of the GPU path. */
enum sssp_kernel {
    SSSP_AUTO,         /* chosen per algorithm and graph */
    SSSP_BELLMAN_FORD, /* pull-based Bellman-Ford, one pass per launch */
    SSSP_TPULL,        /* pull-based Bellman-Ford, t passes per launch */
    SSSP_NEAR_FAR,     /* work-efficient near set / far pile */
};

/* An undirected weighted edge; tag is the caller's (Mehlhorn: the graph edge behind it). */
struct wedge {
    int64_t w;
    int32_t u, v;
    int64_t tag;
};

#define GPU_SSSP_INF INT64_MAX

/* Largest batch of independent sources in one launch. */
#define GPU_SSSP_MAX_BATCH 1024

struct gpu_sssp_stats {
    int kernel;       /* enum sssp_kernel that ran (near-far may hand over to tpull) */
    int batch;        /* sources per launch */
    int64_t launches; /* shortest-path kernel launches */
    int64_t runs;     /* batches or multi-source searches */
    /*
     * Work done, summed over slots: near-far counts the arcs of every vertex
     * it expands and the vertices it expands or splits; the pull kernels count
     * all arcs and vertices once per launch that ran for a slot (t-pull may
     * pull a vertex up to SSSP_TPULL_PASSES times in one launch: counted once).
     */
    int64_t arcs_scanned, vertices_visited;
    double t_upload, t_search, t_download; /* seconds */
};

/* Usable CUDA devices (0 without a driver or device). */
int gpu_sssp_device_count(void);

/*
 * Multi-source SSSP: dist[v] from the nearest source (GPU_SSSP_INF where
 * unreachable) and parent[v] on a shortest path (-1 at sources and
 * unreachable vertices), so dist[v] == dist[parent[v]] + w(parent[v], v).
 * n entries each; st may be NULL.
 */
int gpu_sssp(const struct graph *g, const int32_t *sources, int32_t n_sources, int kernel,
             int64_t *dist, int32_t *parent, struct gpu_sssp_stats *st, struct error *err);

/*
 * Independent SSSPs from each source: row i (n entries) of dist and parent
 * belongs to sources[i]; either may be NULL. Runs in p-SSSP batches.
 */
int gpu_sssp_batch(const struct graph *g, const int32_t *sources, int32_t n_sources, int kernel,
                   int64_t *dist, int32_t *parent, struct gpu_sssp_stats *st, struct error *err);

/* The graph on the device with buffers for batches, for many runs on one upload. */
struct gpu_sssp_session;

/* batch: sources per launch, 0 to choose from the graph and free memory. */
int gpu_sssp_open(const struct graph *g, int kernel, int batch, struct gpu_sssp_session **out,
                  struct error *err);
/* Sources per launch that the session chose. */
int gpu_sssp_batch_size(const struct gpu_sssp_session *s);
/* As gpu_sssp, on the session's graph. */
int gpu_sssp_run(struct gpu_sssp_session *s, const int32_t *sources, int32_t n_sources,
                 int64_t *dist, int32_t *parent, struct error *err);
/*
 * count <= gpu_sssp_batch_size() independent sources. With targets, dist
 * gets count x n_targets entries (row i: distances from sources[i] to each
 * target); without, count x n. dist or parent (count x n) may be NULL.
 */
int gpu_sssp_run_batch(struct gpu_sssp_session *s, const int32_t *sources, int32_t count,
                       const int32_t *targets, int32_t n_targets, int64_t *dist, int32_t *parent,
                       struct error *err);
/* The statistics so far. */
void gpu_sssp_session_stats(const struct gpu_sssp_session *s, struct gpu_sssp_stats *st);
/* Releases everything; copies the statistics first when st is not NULL. */
void gpu_sssp_close(struct gpu_sssp_session *s, struct gpu_sssp_stats *st);

struct gpu_mst_stats {
    int64_t rounds;                                /* Boruvka rounds */
    int64_t jumps;                                 /* pointer-jumping launches over all rounds */
    double t_upload, t_sort, t_rounds, t_download; /* seconds */
};

/*
 * Minimum spanning forest of vertices 0..n-1 by Boruvka's algorithm on the
 * GPU, the same forest as mst_kruskal's: edges are ranked by (w, u, v, tag,
 * input position), a strict order under which the forest is unique, so equal
 * weights cannot make cycles and the result does not depend on timing. Moves
 * the chosen edges to the front in that order (the rest: any order);
 * *n_chosen = n - components. MVC_EINPUT for an endpoint outside 0..n-1 or
 * more than INT32_MAX edges, MVC_ENOMEM, MVC_EDEVICE. st may be NULL.
 */
int gpu_msf(int32_t n, struct wedge *edges, int64_t m, int64_t *n_chosen, struct gpu_mst_stats *st,
            struct error *err);

/*
 * gpu_msf's last step, on the host: moves edges[chosen[0]], edges[chosen[1]],
 * ... (distinct positions below m) to the front in that order; the others
 * follow in their order. Plain C, in every build (kernels/mst/mst_move.c).
 * MVC_ENOMEM when out of memory, edges unchanged.
 */
int mst_move_chosen(struct wedge *edges, int64_t m, const int32_t *chosen, int64_t n_chosen);

#ifdef __cplusplus
}
#endif

#endif
