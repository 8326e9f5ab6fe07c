/*
 * Near-far SSSP (Davidson, Baxter, Garland and Owens, IPDPS 2014, Sec. IV-C):
 * a work-efficient push-based search that expands only the near set, the
 * queued vertices below the split distance, and defers the others to the far
 * pile, which is split again (stale and repeated entries dropped) each time
 * the near set runs dry and the split moves up by delta. Parents: each
 * vertex's distance and parent share one 64-bit word (distance << 32 |
 * parent), lowered by compare-and-swap only for a strictly smaller distance,
 * so they change together and parent chains cannot form cycles, zero-weight
 * edges included. One thread expands one vertex: our graphs have low degree
 * (the paper's load-balanced partitioning matters for skewed degrees).
 */
#include <cub/block/block_reduce.cuh>
#include <string.h>

#include "sssp.cuh"

#define NF_NO_PARENT 0xFFFFFFFFu
#define NF_INF_KEY 0xFFFFFFFFFFFFFFFFull
#define NF_MAX_DIST 0xFFFFFFFEull /* larger distances hand the search over to the pull kernel */

__device__ static unsigned long long nf_dist(unsigned long long key)
{
    return key >> 32;
}

/* Lowers v's word to (dist, from) if dist is strictly below its distance. */
__device__ static bool lower_key(unsigned long long *key, unsigned long long dist, int32_t from)
{
    unsigned long long want = dist << 32 | (uint32_t)from;
    unsigned long long old = __ldcg(key);
    while (nf_dist(old) > dist) {
        unsigned long long seen = atomicCAS(key, old, want);
        if (seen == old)
            return true;
        old = seen;
    }
    return false;
}

/* Queues v once per launch: the stamp holds the launch that queued it last. */
__device__ static void queue_once(int32_t *stamp, int32_t launch, int32_t *queue,
                                  unsigned int *count, int32_t v)
{
    if (atomicExch(stamp + v, launch) != launch)
        queue[atomicAdd(count, 1u)] = v;
}

__global__ static void nf_clear(unsigned long long *key, int32_t *stamp, int32_t n)
{
    GRID_STRIDE(i, n)
    {
        key[i] = NF_INF_KEY;
        stamp[i] = -1;
    }
}

__global__ static void nf_seed_sources(unsigned long long *key, const int32_t *sources,
                                       int32_t n_sources, int32_t *near)
{
    int32_t i = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n_sources) {
        key[sources[i]] = (unsigned long long)NF_NO_PARENT; /* distance 0, no parent */
        near[i] = sources[i];
    }
}

/*
 * Expands the near set: pushes to the next near set below split, to the far
 * pile above. Each block adds its expanded arcs to c->scanned.
 */
__global__ static void nf_expand(const int64_t *__restrict__ offsets,
                                 const int32_t *__restrict__ adj,
                                 const int32_t *__restrict__ weights, const int32_t *near,
                                 unsigned int n_near, unsigned long long *key, int32_t *stamp,
                                 int32_t launch, unsigned long long split, int32_t *next,
                                 int32_t *far, int64_t far_cap, struct nearfar_counts *c)
{
    typedef cub::BlockReduce<unsigned long long, SSSP_THREADS> arc_sum;
    __shared__ typename arc_sum::TempStorage scratch;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long arcs = 0;
    if (i < n_near) {
        int32_t v = near[i];
        unsigned long long dv = nf_dist(__ldcg(key + v));
        arcs = (unsigned long long)(offsets[v + 1] - offsets[v]);
        for (int64_t a = offsets[v]; a < offsets[v + 1]; a++) {
            int32_t u = adj[a];
            unsigned long long du = dv + (unsigned long long)(weights ? weights[a] : 1);
            if (du > NF_MAX_DIST) {
                c->overflow = 1;
                continue;
            }
            if (!lower_key(key + u, du, v))
                continue;
            if (du < split) {
                queue_once(stamp, launch, next, &c->next, u);
            } else {
                unsigned int at = atomicAdd(&c->far, 1u);
                if (at < far_cap)
                    far[at] = u;
                else
                    c->overflow = 1;
            }
        }
    }
    unsigned long long block_arcs = arc_sum(scratch).Sum(arcs);
    if (threadIdx.x == 0 && block_arcs > 0)
        atomicAdd(&c->scanned, block_arcs);
}

/*
 * Splits the far pile at a new split: entries below lo were expanded in a
 * near phase at their present distance and are dropped; repeats go.
 */
__global__ static void nf_split(const int32_t *far, unsigned int n_far,
                                const unsigned long long *key, int32_t *stamp, int32_t launch,
                                unsigned long long lo, unsigned long long split, int32_t *near,
                                int32_t *far2, struct nearfar_counts *c)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n_far)
        return;
    int32_t u = far[i];
    unsigned long long du = nf_dist(__ldcg(key + u));
    if (du < lo || atomicExch(stamp + u, launch) == launch)
        return;
    if (du < split) {
        near[atomicAdd(&c->next, 1u)] = u;
    } else {
        far2[atomicAdd(&c->far2, 1u)] = u;
        atomicMin(&c->min_far, du);
    }
}

__global__ static void nf_unpack(const unsigned long long *key, int32_t n, int64_t *dist,
                                 int32_t *parent)
{
    GRID_STRIDE(v, n)
    {
        unsigned long long k = key[v];
        uint32_t from = (uint32_t)(k & 0xFFFFFFFFu);
        dist[v] = k == NF_INF_KEY ? GPU_SSSP_INF : (int64_t)nf_dist(k);
        parent[v] = k == NF_INF_KEY || from == NF_NO_PARENT ? -1 : (int32_t)from;
    }
}

void sssp_nearfar_free(struct nearfar_buffers *nf)
{
    device_free_all(nf->key, nf->stamp, nf->near, nf->next, nf->far, nf->far2, nf->counts);
    memset(nf, 0, sizeof *nf);
}

static int nearfar_alloc(struct gpu_sssp_session *s, struct error *err)
{
    int status = MVC_OK;
    struct nearfar_buffers *nf = &s->nf;
    size_t n = (size_t)(s->n > 0 ? s->n : 1);
    /* Repeats in the far pile are bounded by the successful relaxations between splits. */
    nf->far_cap = 2 * s->arcs + s->n + 1;
    CUDA_TRY(cudaMalloc(&nf->key, n * sizeof *nf->key));
    CUDA_TRY(cudaMalloc(&nf->stamp, n * sizeof *nf->stamp));
    CUDA_TRY(cudaMalloc(&nf->near, n * sizeof *nf->near));
    CUDA_TRY(cudaMalloc(&nf->next, n * sizeof *nf->next));
    CUDA_TRY(cudaMalloc(&nf->far, (size_t)nf->far_cap * sizeof *nf->far));
    CUDA_TRY(cudaMalloc(&nf->far2, (size_t)nf->far_cap * sizeof *nf->far2));
    CUDA_TRY(cudaMalloc(&nf->counts, sizeof *nf->counts));
    return MVC_OK;
fail:
    sssp_nearfar_free(nf);
    return status;
}

static struct nearfar_counts fresh_counts(unsigned int far)
{
    struct nearfar_counts c;
    memset(&c, 0, sizeof c);
    c.far = far;
    c.min_far = ~0ull;
    return c;
}

int sssp_nearfar_run(struct gpu_sssp_session *s, const int32_t *sources, int32_t n_sources,
                     int64_t *dist, int32_t *parent, int *handed_over, struct error *err)
{
    int status = MVC_OK;
    struct nearfar_buffers *nf = &s->nf;
    struct nearfar_counts c;
    *handed_over = 0;
    if (nf->key == NULL && (status = nearfar_alloc(s, err)) != MVC_OK)
        return status;
    unsigned long long delta = (unsigned long long)s->delta, split = delta;
    unsigned int n_near = (unsigned int)n_sources, n_far = 0;
    int32_t launch = 0;
    nf_clear<<<grid_blocks(s->n, SSSP_THREADS), SSSP_THREADS>>>(nf->key, nf->stamp, s->n);
    CUDA_TRY(cudaGetLastError());
    if (n_sources > 0) {
        nf_seed_sources<<<grid_blocks(n_sources, SSSP_THREADS), SSSP_THREADS>>>(
            nf->key, sources, n_sources, nf->near);
        CUDA_TRY(cudaGetLastError());
    }
    for (;;) {
        /* Near phase: expand until no vertex below the split is left. */
        while (n_near > 0) {
            c = fresh_counts(n_far);
            CUDA_TRY(cudaMemcpy(nf->counts, &c, sizeof c, cudaMemcpyHostToDevice));
            nf_expand<<<grid_blocks(n_near, SSSP_THREADS), SSSP_THREADS>>>(
                s->offsets, s->adj, s->weights, nf->near, n_near, nf->key, nf->stamp, launch++,
                split, nf->next, nf->far, nf->far_cap, nf->counts);
            CUDA_TRY(cudaGetLastError());
            s->st.launches++;
            CUDA_TRY(cudaMemcpy(&c, nf->counts, sizeof c, cudaMemcpyDeviceToHost));
            if (c.overflow) {
                *handed_over = 1;
                return MVC_OK;
            }
            s->st.arcs_scanned += (int64_t)c.scanned;
            s->st.vertices_visited += n_near;
            n_near = c.next;
            n_far = c.far;
            int32_t *t = nf->near;
            nf->near = nf->next;
            nf->next = t;
        }
        if (n_far == 0)
            break;
        /*
         * Far phase: every reached vertex not yet expanded at its present
         * distance is in the far pile, at or above split. Raise the split by
         * delta, or straight to the nearest distance left when the band is empty.
         */
        do {
            c = fresh_counts(0);
            CUDA_TRY(cudaMemcpy(nf->counts, &c, sizeof c, cudaMemcpyHostToDevice));
            nf_split<<<grid_blocks(n_far, SSSP_THREADS), SSSP_THREADS>>>(
                nf->far, n_far, nf->key, nf->stamp, launch++, split, split + delta, nf->near,
                nf->far2, nf->counts);
            CUDA_TRY(cudaGetLastError());
            CUDA_TRY(cudaMemcpy(&c, nf->counts, sizeof c, cudaMemcpyDeviceToHost));
            s->st.vertices_visited += n_far;
            split += delta;
            n_near = c.next;
            n_far = c.far2;
            int32_t *t = nf->far;
            nf->far = nf->far2;
            nf->far2 = t;
            if (n_near == 0 && n_far > 0)
                split = c.min_far;
        } while (n_near == 0 && n_far > 0);
    }
    nf_unpack<<<grid_blocks(s->n, SSSP_THREADS), SSSP_THREADS>>>(nf->key, s->n, dist, parent);
    CUDA_TRY(cudaGetLastError());
fail:
    return status;
}
