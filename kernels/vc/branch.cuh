/*
 * Branching on the block's current node (Yamout et al. 2022, Sec. IV-B): a
 * maximum-degree vertex by a block reduction, and the two children G - v and
 * G - N(v), built with parallel degree decrements (or, when N(v) holds most of
 * the remaining vertices, by counting the survivors' remaining neighbours).
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
    int live; /* vertices of positive degree */
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
        r.live = a.live + b.live;
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
    degree_summary mine = {-1, -1, 0, 0, 0};
    for (int v = threadIdx.x; v < n; v += blockDim.x) {
        int d = deg[v];
        if (d > mine.max_degree) {
            mine.max_degree = d;
            mine.vertex = v;
        }
        if (d > 0) {
            mine.degree_sum += d;
            mine.live++;
        }
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
 * G - N(v), second half, the paper's way: a warp per taken neighbour u
 * decrements the degrees of u's remaining neighbours. Work: the adjacency
 * lists of N(v). `cur` (now G - v) tells which neighbours were present.
 */
static __device__ void drop_edges_of_neighbours(const int *cur, int *other,
                                                const struct search_graph &g, int v)
{
    int64_t begin = adj_begin(g, v), end = adj_end(g, v);
    /* cur[u] >= 0 now says that u was present in the parent, so it was taken just now. */
    int lane = threadIdx.x % WARP_LANES;
    int warps = blockDim.x / WARP_LANES;
    for (int64_t e = begin + threadIdx.x / WARP_LANES; e < end; e += warps) {
        int u = neighbour(g, e);
        if (cur[u] >= 0)
            drop_edges_of(other, g, u, lane);
    }
}

/*
 * G - N(v), second half, by counting: every vertex that had edges and is left
 * gets the number of its neighbours left, a warp per vertex (a ballot per 32
 * adjacency entries). Work: the adjacency lists of the survivors. Only the
 * counted vertex's own word changes, from one non-negative value to another,
 * so the signs that the other warps test stay put.
 */
static __device__ void recount_survivor_degrees(int *other, const struct search_graph &g)
{
    int lane = threadIdx.x % WARP_LANES;
    int warps = blockDim.x / WARP_LANES;
    for (int base = threadIdx.x / WARP_LANES * WARP_LANES; base < g.n; base += warps * WARP_LANES) {
        int x = base + lane;
        unsigned int todo = __ballot_sync(FULL_WARP, x < g.n && degree_load(other, x) > 0);
        while (todo != 0) {
            int y = base + __ffs(todo) - 1;
            todo &= todo - 1;
            int64_t end = adj_end(g, y);
            int count = 0;
            for (int64_t f0 = adj_begin(g, y); f0 < end; f0 += WARP_LANES) {
                int64_t f = f0 + lane;
                bool left = f < end && degree_load(other, neighbour(g, f)) >= 0;
                count += __popc(__ballot_sync(FULL_WARP, left));
            }
            if (lane == 0)
                degree_store(other, y, count);
        }
    }
}

/*
 * Which way G - N(v) is cheaper to finish: decrementing touches the lists of
 * the d neighbours, counting those of the live - d - 1 other vertices with
 * edges (v itself ends isolated either way). Both give the same degrees.
 */
static __device__ __forceinline__ bool recount_is_cheaper(int d, int live)
{
    return live - d - 1 < d;
}

/*
 * The first half of branch_on_vertex (below): cur becomes G - v, other gets cur's
 * degrees with N(v) taken, the other degrees not yet fixed. Ends with a barrier.
 */
static __device__ void take_neighbours(int *cur, int *other, const struct search_graph &g, int v,
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
}

/*
 * Both children of a branch on v of degree d: cur becomes G - v and other
 * (a distinct buffer) becomes G - N(v). Block-wide, ends with a barrier.
 * For G - N(v) the neighbours are taken first, then, after a barrier (which
 * keeps a taken vertex from being decremented or counted), the degrees of
 * what is left are fixed by the cheaper of the two ways above; `live` is the
 * parent's count of vertices with edges (degree_summary.live).
 */
static __device__ void branch_on_vertex(int *cur, int *other, const struct search_graph &g, int v,
                                        int d, int live)
{
    take_neighbours(cur, other, g, v, d);
    if (recount_is_cheaper(d, live))
        recount_survivor_degrees(other, g);
    else
        drop_edges_of_neighbours(cur, other, g, v);
    __syncthreads();
}

#endif
