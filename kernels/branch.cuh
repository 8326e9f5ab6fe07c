/*
 * Branching on the block's current node (Yamout et al. 2022, Sec. IV-B): a
 * maximum-degree vertex by a block reduction, and the two children G - v and
 * G - N(v), built with parallel degree decrements.
 */
#ifndef MVC_BRANCH_CUH
#define MVC_BRANCH_CUH

#include <cub/block/block_reduce.cuh>

#include "node.cuh"
#include "search_types.cuh"

/*
 * What one pass over the degrees tells: a vertex of maximum degree (the
 * smallest such), 2|E|, and the cover size, read before the barrier so that
 * nobody needs to read the node again before it changes.
 */
struct degree_summary {
    int max_degree; /* -1 when every vertex is in the cover */
    int vertex;
    long long degree_sum;
    int cover_size;
};

struct degree_summary_combine {
    __device__ degree_summary operator()(const degree_summary &a, const degree_summary &b) const
    {
        bool b_wins =
            b.max_degree > a.max_degree || (b.max_degree == a.max_degree && b.vertex < a.vertex);
        degree_summary r;
        r.max_degree = b_wins ? b.max_degree : a.max_degree;
        r.vertex = b_wins ? b.vertex : a.vertex;
        r.degree_sum = a.degree_sum + b.degree_sum;
        r.cover_size = a.cover_size;
        return r;
    }
};

/* Sized for the largest block; blocks of any multiple of 32 threads pass blockDim.x as the valid
 * count. */
typedef cub::BlockReduce<degree_summary, MAX_BLOCK_THREADS, cub::BLOCK_REDUCE_WARP_REDUCTIONS>
    summary_reduce;

/* Block-wide; every thread gets the summary (through *shared_out). The node must not change
 * meanwhile. */
static __device__ degree_summary summarize_degrees(const int *deg, int n,
                                                   summary_reduce::TempStorage &tmp,
                                                   degree_summary *shared_out)
{
    degree_summary mine = {-1, -1, 0, 0};
    for (int v = threadIdx.x; v < n; v += blockDim.x) {
        int d = deg[v];
        if (d > mine.max_degree) {
            mine.max_degree = d;
            mine.vertex = v;
        }
        if (d > 0)
            mine.degree_sum += d;
    }
    degree_summary all = summary_reduce(tmp).Reduce(mine, degree_summary_combine(), blockDim.x);
    if (threadIdx.x == 0) {
        all.cover_size = node_cover_size(deg, n);
        *shared_out = all;
    }
    __syncthreads();
    return *shared_out;
}

/* G - v: v goes into the cover, its neighbours lose an edge. Block-wide, ends with a barrier. */
static __device__ void take_vertex(int *deg, const struct search_graph &g, int v)
{
    if (threadIdx.x == 0) {
        deg[v] = DEGREE_REMOVED;
        deg[g.n] += 1;
    }
    int64_t end = adj_end(g, v);
    for (int64_t e = adj_begin(g, v) + threadIdx.x; e < end; e += blockDim.x) {
        int x = neighbour(g, e);
        if (deg[x] >= 0)
            degree_decrement(deg, x);
    }
    __syncthreads();
}

/*
 * Both children of a branch on v of degree d: cur becomes G - v and other
 * (a distinct buffer) becomes G - N(v). Block-wide, ends with a barrier.
 * For G - N(v) the neighbours are taken first, then, after a barrier, a warp
 * per taken neighbour u decrements the degrees of u's remaining neighbours;
 * the barrier keeps a taken vertex from being decremented.
 */
static __device__ void branch_on_vertex(int *cur, int *other, const struct search_graph &g, int v,
                                        int d)
{
    node_copy(other, cur, g.stride);
    __syncthreads();

    int64_t begin = adj_begin(g, v), end = adj_end(g, v);
    if (threadIdx.x == 0) {
        cur[v] = DEGREE_REMOVED;
        cur[g.n] += 1;
        other[g.n] += d;
    }
    for (int64_t e = begin + threadIdx.x; e < end; e += blockDim.x) {
        int u = neighbour(g, e);
        if (other[u] >= 0) {
            degree_decrement(cur, u);
            other[u] = DEGREE_REMOVED;
        }
    }
    __syncthreads();

    /* cur[u] >= 0 now says that u was present in the parent, so it was taken just now. */
    int lane = threadIdx.x % WARP_LANES;
    int warps = blockDim.x / WARP_LANES;
    for (int64_t e = begin + threadIdx.x / WARP_LANES; e < end; e += warps) {
        int u = neighbour(g, e);
        if (cur[u] < 0)
            continue;
        int64_t u_end = adj_end(g, u);
        for (int64_t f = adj_begin(g, u) + lane; f < u_end; f += WARP_LANES) {
            int x = neighbour(g, f);
            if (degree_load(other, x) >= 0)
                degree_decrement(other, x);
        }
    }
    __syncthreads();
}

#endif
