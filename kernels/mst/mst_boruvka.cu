/*
 * Minimum spanning forest on the GPU by Boruvka's algorithm, in the
 * data-parallel form of Harish, Vineet and Narayanan (IIIT/TR/2009/74,
 * Sec. VIII): every component picks its lightest outgoing edge, components
 * hook along those edges and collapse, until no edge joins two components.
 *
 * Two changes to the paper's version. The edges are ranked once by
 * (w, u, v, tag, input position), mst_kruskal's order made strict, so that
 * a component's pick is the smallest rank leaving it: with no ties the only
 * cycles the picks can form are two components picking the same edge, which
 * the one with the smaller id breaks by staying a root (no cycle-removal
 * passes), and the forest is exactly Kruskal's. Components are found by
 * pointer jumping on the hooking forest instead of colour propagation, and
 * each round keeps only the edges that still join two components.
 */
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "gpu_steiner.h"
#include "grid.cuh"

extern "C" {
#include "clock.h"
}

#define MST_THREADS 256         /* threads per block of every kernel */
#define MST_NO_EDGE 0xFFFFFFFFu /* best[] of a component with no outgoing edge */
#define MST_MAX_ROUNDS 64       /* each round at least halves the components that have edges */

/* Device buffers of one gpu_msf call, all released by msf_free. */
struct msf_buffers {
    struct wedge *edges;    /* the input, as the host holds it */
    int64_t *key[2];        /* sort keys, double-buffered */
    int32_t *perm[2];       /* input position by rank, double-buffered */
    int32_t *su, *sv;       /* endpoints by rank */
    uint32_t *live[2];      /* ranks of the edges that still join two components */
    uint8_t *chosen;        /* by rank: in the forest */
    uint32_t *best;         /* by component root: smallest rank leaving it */
    int32_t *comp, *parent; /* each vertex's component root; the hooking forest */
    int *changed;           /* pointer jumping's flag */
    int *count;             /* items a CUB selection kept */
    int32_t *picked;        /* input positions of the forest's edges, in rank order */
    void *temp;
    size_t temp_bytes;
};

static void msf_free(struct msf_buffers *b)
{
    for (int i = 0; i < 2; i++)
        device_free_all(b->key[i], b->perm[i], b->live[i]);
    device_free_all(b->edges, b->su, b->sv, b->chosen, b->best, b->comp, b->parent, b->changed,
                    b->count, b->picked, b->temp);
    memset(b, 0, sizeof *b);
}

/* Which field of the edges a sort pass orders by. */
enum sort_field { BY_TAG, BY_ENDPOINTS, BY_WEIGHT };

__global__ static void identity(int32_t *perm, int64_t m)
{
    GRID_STRIDE(i, m)
    perm[i] = (int32_t)i;
}

/* key[i] = the field of the edge now at position i of the order. */
__global__ static void gather_keys(const struct wedge *edges, const int32_t *perm, int64_t m,
                                   enum sort_field field, int64_t *key)
{
    GRID_STRIDE(i, m)
    {
        const struct wedge *e = edges + perm[i];
        key[i] = field == BY_TAG      ? e->tag
                 : field == BY_WEIGHT ? e->w
                                      : (int64_t)e->u << 32 | (int64_t)(uint32_t)e->v;
    }
}

/* Endpoints by rank, every vertex its own component, every edge live and unchosen. */
__global__ static void start_ranks(const struct wedge *edges, const int32_t *perm, int64_t m,
                                   int32_t *su, int32_t *sv, uint32_t *live, uint8_t *chosen)
{
    GRID_STRIDE(r, m)
    {
        const struct wedge *e = edges + perm[r];
        su[r] = e->u;
        sv[r] = e->v;
        live[r] = (uint32_t)r;
        chosen[r] = 0;
    }
}

__global__ static void start_components(int32_t *comp, int32_t n)
{
    GRID_STRIDE(x, n)
    comp[x] = (int32_t)x;
}

/* Step 1: each component's lightest outgoing edge, the smallest rank leaving it. */
__global__ static void find_lightest_edges(const uint32_t *live, int64_t n_live, const int32_t *su,
                                           const int32_t *sv, const int32_t *comp, uint32_t *best)
{
    GRID_STRIDE(i, n_live)
    {
        uint32_t r = live[i];
        int32_t a = comp[su[r]], b = comp[sv[r]];
        if (a != b) {
            atomicMin(best + a, r);
            atomicMin(best + b, r);
        }
    }
}

/*
 * Step 2: each root hooks onto the component across its lightest edge, which
 * joins the forest. Two components that picked the same edge would hook onto
 * each other: the smaller id stays the root, and the edge is chosen once.
 * Other vertices keep pointing at their root.
 */
__global__ static void hook_components(const int32_t *comp, const uint32_t *best, const int32_t *su,
                                       const int32_t *sv, int32_t n, int32_t *parent,
                                       uint8_t *chosen)
{
    GRID_STRIDE(x, n)
    {
        uint32_t r = best[x];
        if (comp[x] != x || r == MST_NO_EDGE) {
            parent[x] = comp[x];
            continue;
        }
        int32_t a = comp[su[r]], b = comp[sv[r]];
        int32_t other = a == (int32_t)x ? b : a;
        if (best[other] == r && (int32_t)x < other) {
            parent[x] = (int32_t)x;
        } else {
            parent[x] = other;
            chosen[r] = 1;
        }
    }
}

/* Step 3: one round of pointer jumping; *changed when some pointer moved. */
__global__ static void jump_pointers(int32_t *parent, int32_t n, int *changed)
{
    GRID_STRIDE(x, n)
    {
        int32_t p = parent[x], pp = parent[p];
        if (p != pp) {
            parent[x] = pp;
            *changed = 1;
        }
    }
}

/* Step 4's test: the edge still joins two components. */
struct joins_components {
    const int32_t *su, *sv, *comp;
    __device__ bool operator()(uint32_t r) const
    {
        return comp[su[r]] != comp[sv[r]];
    }
};

/* Sorts perm by the field, stably, so earlier passes break its ties. */
static int sort_pass(struct msf_buffers *b, int64_t m, enum sort_field field,
                     cub::DoubleBuffer<int64_t> *keys, cub::DoubleBuffer<int32_t> *perm,
                     struct error *err)
{
    int status = MVC_OK;
    gather_keys<<<grid_blocks(m, MST_THREADS), MST_THREADS>>>(b->edges, perm->Current(), m, field,
                                                              keys->Current());
    CUDA_TRY(cudaGetLastError());
    {
        size_t bytes = b->temp_bytes;
        CUDA_TRY(cub::DeviceRadixSort::SortPairs(b->temp, bytes, *keys, *perm, (int)m));
    }
fail:
    return status;
}

/* Scratch space for the largest CUB call: the sort of m pairs and the selections of m items. */
static int temp_size(int64_t m, size_t *bytes, struct error *err)
{
    int status = MVC_OK;
    size_t sort = 0, select = 0, flagged = 0;
    cub::DoubleBuffer<int64_t> keys(NULL, NULL);
    cub::DoubleBuffer<int32_t> perm(NULL, NULL);
    joins_components test = {NULL, NULL, NULL};
    CUDA_TRY(cub::DeviceRadixSort::SortPairs(NULL, sort, keys, perm, (int)m));
    CUDA_TRY(cub::DeviceSelect::If(NULL, select, (uint32_t *)NULL, (uint32_t *)NULL, (int *)NULL,
                                   (int)m, test));
    CUDA_TRY(cub::DeviceSelect::Flagged(NULL, flagged, (int32_t *)NULL, (uint8_t *)NULL,
                                        (int32_t *)NULL, (int *)NULL, (int)m));
    *bytes = sort > select ? sort : select;
    *bytes = *bytes > flagged ? *bytes : flagged;
fail:
    return status;
}

static int msf_alloc(struct msf_buffers *b, int32_t n, int64_t m, struct error *err)
{
    int status = MVC_OK;
    size_t me = (size_t)(m > 0 ? m : 1), nv = (size_t)(n > 0 ? n : 1);
    CUDA_TRY(cudaMalloc(&b->edges, me * sizeof *b->edges));
    for (int i = 0; i < 2; i++) {
        CUDA_TRY(cudaMalloc(&b->key[i], me * sizeof *b->key[i]));
        CUDA_TRY(cudaMalloc(&b->perm[i], me * sizeof *b->perm[i]));
        CUDA_TRY(cudaMalloc(&b->live[i], me * sizeof *b->live[i]));
    }
    CUDA_TRY(cudaMalloc(&b->su, me * sizeof *b->su));
    CUDA_TRY(cudaMalloc(&b->sv, me * sizeof *b->sv));
    CUDA_TRY(cudaMalloc(&b->chosen, me));
    CUDA_TRY(cudaMalloc(&b->picked, me * sizeof *b->picked));
    CUDA_TRY(cudaMalloc(&b->best, nv * sizeof *b->best));
    CUDA_TRY(cudaMalloc(&b->comp, nv * sizeof *b->comp));
    CUDA_TRY(cudaMalloc(&b->parent, nv * sizeof *b->parent));
    CUDA_TRY(cudaMalloc(&b->changed, sizeof *b->changed));
    CUDA_TRY(cudaMalloc(&b->count, sizeof *b->count));
    if ((status = temp_size(m, &b->temp_bytes, err)) != MVC_OK)
        goto fail;
    CUDA_TRY(cudaMalloc(&b->temp, b->temp_bytes > 0 ? b->temp_bytes : 1));
fail:
    return status;
}

/* Ranks the edges: stable radix sorts by tag, endpoints, then weight, from input order. */
static int rank_edges(struct msf_buffers *b, int64_t m, int tags_differ, struct error *err)
{
    int status = MVC_OK;
    cub::DoubleBuffer<int64_t> keys(b->key[0], b->key[1]);
    cub::DoubleBuffer<int32_t> perm(b->perm[0], b->perm[1]);
    identity<<<grid_blocks(m, MST_THREADS), MST_THREADS>>>(perm.Current(), m);
    CUDA_TRY(cudaGetLastError());
    if (tags_differ && (status = sort_pass(b, m, BY_TAG, &keys, &perm, err)) != MVC_OK)
        goto fail;
    if ((status = sort_pass(b, m, BY_ENDPOINTS, &keys, &perm, err)) != MVC_OK)
        goto fail;
    if ((status = sort_pass(b, m, BY_WEIGHT, &keys, &perm, err)) != MVC_OK)
        goto fail;
    /* perm[0] holds the order from here on. */
    if (perm.Current() != b->perm[0])
        CUDA_TRY(cudaMemcpy(b->perm[0], perm.Current(), (size_t)m * sizeof *b->perm[0],
                            cudaMemcpyDeviceToDevice));
fail:
    return status;
}

/* Boruvka rounds until no edge joins two components. */
static int run_rounds(struct msf_buffers *b, int32_t n, int64_t m, int64_t *rounds, int64_t *jumps,
                      struct error *err)
{
    int status = MVC_OK;
    int cur = 0, n_live = (int)m;
    start_ranks<<<grid_blocks(m, MST_THREADS), MST_THREADS>>>(b->edges, b->perm[0], m, b->su, b->sv,
                                                              b->live[0], b->chosen);
    CUDA_TRY(cudaGetLastError());
    start_components<<<grid_blocks(n, MST_THREADS), MST_THREADS>>>(b->comp, n);
    CUDA_TRY(cudaGetLastError());
    while (n_live > 0) {
        if (++*rounds > MST_MAX_ROUNDS) {
            status =
                error_set(err, MVC_EDEVICE, "internal error: Boruvka did not finish in %d rounds",
                          MST_MAX_ROUNDS);
            goto fail;
        }
        CUDA_TRY(cudaMemset(b->best, 0xFF, (size_t)n * sizeof *b->best));
        find_lightest_edges<<<grid_blocks(n_live, MST_THREADS), MST_THREADS>>>(
            b->live[cur], n_live, b->su, b->sv, b->comp, b->best);
        CUDA_TRY(cudaGetLastError());
        hook_components<<<grid_blocks(n, MST_THREADS), MST_THREADS>>>(
            b->comp, b->best, b->su, b->sv, n, b->parent, b->chosen);
        CUDA_TRY(cudaGetLastError());
        for (int changed = 1; changed;) {
            CUDA_TRY(cudaMemset(b->changed, 0, sizeof *b->changed));
            jump_pointers<<<grid_blocks(n, MST_THREADS), MST_THREADS>>>(b->parent, n, b->changed);
            CUDA_TRY(cudaGetLastError());
            CUDA_TRY(cudaMemcpy(&changed, b->changed, sizeof changed, cudaMemcpyDeviceToHost));
            ++*jumps;
        }
        /* The jumped forest is every vertex's new component root. */
        int32_t *t = b->comp;
        b->comp = b->parent;
        b->parent = t;
        joins_components test = {b->su, b->sv, b->comp};
        size_t bytes = b->temp_bytes;
        CUDA_TRY(cub::DeviceSelect::If(b->temp, bytes, b->live[cur], b->live[1 - cur], b->count,
                                       n_live, test));
        CUDA_TRY(cudaMemcpy(&n_live, b->count, sizeof n_live, cudaMemcpyDeviceToHost));
        cur = 1 - cur;
    }
fail:
    return status;
}

/* Input positions of the chosen edges, in rank order, to the host. */
static int download_forest(struct msf_buffers *b, int64_t m, int32_t *picked, int64_t *n_chosen,
                           struct error *err)
{
    int status = MVC_OK;
    int count = 0;
    size_t bytes = b->temp_bytes;
    CUDA_TRY(cub::DeviceSelect::Flagged(b->temp, bytes, b->perm[0], b->chosen, b->picked, b->count,
                                        (int)m));
    CUDA_TRY(cudaMemcpy(&count, b->count, sizeof count, cudaMemcpyDeviceToHost));
    if (count > 0)
        CUDA_TRY(
            cudaMemcpy(picked, b->picked, (size_t)count * sizeof *picked, cudaMemcpyDeviceToHost));
    *n_chosen = count;
fail:
    return status;
}

static int check_input(int32_t n, const struct wedge *edges, int64_t m, int *tags_differ,
                       struct error *err)
{
    if (n < 0 || m < 0)
        return error_set(err, MVC_EINPUT, "a forest of %ld vertices and %lld edges", (long)n,
                         (long long)m);
    if (m > INT32_MAX)
        return error_set(err, MVC_EINPUT, "%lld edges: the GPU forest takes at most %d",
                         (long long)m, INT32_MAX);
    *tags_differ = 0;
    for (int64_t i = 0; i < m; i++) {
        if (edges[i].u < 0 || edges[i].u >= n || edges[i].v < 0 || edges[i].v >= n)
            return error_set(err, MVC_EINPUT, "edge %lld {%ld, %ld} has an endpoint outside 0..%ld",
                             (long long)i, (long)edges[i].u, (long)edges[i].v, (long)n - 1);
        *tags_differ |= edges[i].tag != edges[0].tag;
    }
    return MVC_OK;
}

int gpu_msf(int32_t n, struct wedge *edges, int64_t m, int64_t *n_chosen, struct gpu_mst_stats *st,
            struct error *err)
{
    struct gpu_mst_stats local;
    if (st == NULL)
        st = &local;
    memset(st, 0, sizeof *st);
    *n_chosen = 0;
    int tags_differ = 0;
    int status = check_input(n, edges, m, &tags_differ, err);
    if (status != MVC_OK || m == 0 || n == 0)
        return status;
    if (gpu_sssp_device_count() == 0)
        return error_set(err, MVC_EDEVICE, "the GPU forest needs a CUDA device and none was found");
    struct msf_buffers b;
    memset(&b, 0, sizeof b);
    int32_t *picked = (int32_t *)malloc((size_t)m * sizeof *picked);
    double t0 = clock_seconds(), t1, t2, t3;
    if (picked == NULL) {
        status =
            error_set(err, MVC_ENOMEM, "out of memory for a forest of %lld edges", (long long)m);
        goto fail;
    }
    if ((status = msf_alloc(&b, n, m, err)) != MVC_OK)
        goto fail;
    CUDA_TRY(cudaMemcpy(b.edges, edges, (size_t)m * sizeof *edges, cudaMemcpyHostToDevice));
    t1 = clock_seconds();
    st->t_upload = t1 - t0;
    if ((status = rank_edges(&b, m, tags_differ, err)) != MVC_OK)
        goto fail;
    CUDA_TRY(cudaDeviceSynchronize());
    t2 = clock_seconds();
    st->t_sort = t2 - t1;
    if ((status = run_rounds(&b, n, m, &st->rounds, &st->jumps, err)) != MVC_OK)
        goto fail;
    t3 = clock_seconds();
    st->t_rounds = t3 - t2;
    if ((status = download_forest(&b, m, picked, n_chosen, err)) != MVC_OK)
        goto fail;
    if (mst_move_chosen(edges, m, picked, *n_chosen) != MVC_OK) {
        *n_chosen = 0;
        status =
            error_set(err, MVC_ENOMEM, "out of memory for a forest of %lld edges", (long long)m);
        goto fail;
    }
    st->t_download = clock_seconds() - t3;
fail:
    msf_free(&b);
    free(picked);
    return status;
}
