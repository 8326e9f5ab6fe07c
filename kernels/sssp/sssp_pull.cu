/*
 * Pull-based Bellman-Ford with parents (Rajesh Pandian et al., Sec. 4.1): the
 * thread of vertex v pulls the distances of its neighbours and is the only
 * writer of v's distance and parent, so the two stay consistent without
 * atomics. t-pull (Sec. 4.2.3) repeats the pull up to t times in one launch
 * to pick up neighbours improved meanwhile; p-SSSP (Sec. 4.2.1) runs one
 * independent search per blockIdx.y slot.
 */
#include "sssp.cuh"

/*
 * One pull over v's neighbours: the best distance through any of them, and
 * that neighbour. Neighbour distances are read through L2 (__ldcg) so that
 * values written during this launch by other multiprocessors can be seen.
 */
__device__ static bool pull_neighbours(const int64_t *__restrict__ offsets,
                                       const int32_t *__restrict__ adj,
                                       const int32_t *__restrict__ weights, const int64_t *dist,
                                       int32_t v, int64_t *best, int32_t *from)
{
    bool found = false;
    for (int64_t i = offsets[v]; i < offsets[v + 1]; i++) {
        int32_t u = adj[i];
        int64_t du = __ldcg(dist + u);
        if (du == GPU_SSSP_INF)
            continue;
        int64_t candidate = du + (weights ? weights[i] : 1);
        if (candidate < *best) {
            *best = candidate;
            *from = u;
            found = true;
        }
    }
    return found;
}

/*
 * A converged slot stays converged (slots share nothing), so its blocks
 * return at once: `previous` holds the flags of the launch before this one
 * in the group, NULL for the first.
 */
template <int PASSES>
__global__ static void
pull_kernel(const int64_t *__restrict__ offsets, const int32_t *__restrict__ adj,
            const int32_t *__restrict__ weights, int32_t n, int64_t *dist, int32_t *parent,
            const uint8_t *__restrict__ active, const int *previous, int *changed)
{
    int32_t slot = blockIdx.y;
    if (!active[slot] || (previous != NULL && __ldcg(previous + slot) == 0))
        return;
    int32_t v = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    if (v >= n)
        return;
    int64_t *d = dist + (int64_t)slot * n;
    int64_t best = d[v];
    int32_t from = -1;
    bool improved = false;
#pragma unroll
    for (int pass = 0; pass < PASSES; pass++) {
        if (!pull_neighbours(offsets, adj, weights, d, v, &best, &from))
            break;
        __stcg(d + v, best);
        parent[(int64_t)slot * n + v] = from;
        improved = true;
    }
    if (improved)
        changed[slot] = 1;
}

/*
 * Launches SSSP_GROUP iterations between host checks; a slot has reached its
 * fixed point after any launch in which none of its vertices changed.
 */
int sssp_pull_run(struct gpu_sssp_session *s, int32_t slots, int passes, struct error *err)
{
    int status = MVC_OK;
    dim3 grid((unsigned)((s->n + SSSP_THREADS - 1) / SSSP_THREADS), (unsigned)slots);
    size_t flags = (size_t)SSSP_GROUP * (size_t)s->batch * sizeof *s->changed;
    int32_t left = slots;
    for (int32_t i = 0; i < s->batch; i++)
        s->host_active[i] = i < slots;
    if (s->n == 0 || slots == 0)
        return MVC_OK;
    CUDA_TRY(cudaMemcpy(s->active, s->host_active, (size_t)s->batch, cudaMemcpyHostToDevice));
    while (left > 0) {
        CUDA_TRY(cudaMemset(s->changed, 0, flags));
        for (int j = 0; j < SSSP_GROUP; j++) {
            const int *previous = j > 0 ? s->changed + (size_t)(j - 1) * s->batch : NULL;
            int *changed = s->changed + (size_t)j * s->batch;
            if (passes > 1)
                pull_kernel<SSSP_TPULL_PASSES>
                    <<<grid, SSSP_THREADS>>>(s->offsets, s->adj, s->weights, s->n, s->dist,
                                             s->parent, s->active, previous, changed);
            else
                pull_kernel<1><<<grid, SSSP_THREADS>>>(s->offsets, s->adj, s->weights, s->n,
                                                       s->dist, s->parent, s->active, previous,
                                                       changed);
            CUDA_TRY(cudaGetLastError());
            s->st.launches++;
        }
        CUDA_TRY(cudaMemcpy(s->host_changed, s->changed, flags, cudaMemcpyDeviceToHost));
        for (int32_t i = 0; i < slots; i++) {
            if (!s->host_active[i])
                continue;
            /* The slot's blocks ran up to and including its first launch without a change. */
            int ran = 0;
            while (ran < SSSP_GROUP && s->host_changed[(size_t)ran++ * s->batch + i] != 0)
                ;
            s->st.arcs_scanned += (int64_t)ran * s->arcs;
            s->st.vertices_visited += (int64_t)ran * s->n;
            if (s->host_changed[(size_t)(ran - 1) * s->batch + i] == 0) {
                s->host_active[i] = 0;
                left--;
            }
        }
        CUDA_TRY(cudaMemcpy(s->active, s->host_active, (size_t)s->batch, cudaMemcpyHostToDevice));
    }
fail:
    return status;
}
