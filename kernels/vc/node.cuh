/*
 * A search-tree node on the device: the degree array of src/graph/degree.h (n degrees,
 * DEGREE_REMOVED for vertices in the cover, then the cover size), padded to a
 * multiple of 4 ints so that nodes move as int4. Where the block's current
 * node lives is a storage policy: shared memory when it fits, else global.
 */
#ifndef MVC_NODE_CUH
#define MVC_NODE_CUH

#include <cuda/atomic>
#include <stdint.h>

#include "degree.h"
#include "gpu_debug.cuh"
#include "search_types.cuh"

/* Host and device: ints of one node of an n-vertex graph. */
static inline __host__ __device__ int64_t node_stride(int64_t n)
{
    return (DEGREE_NODE_INTS(n) + 3) / 4 * 4;
}

static __device__ __forceinline__ int node_cover_size(const int *node, int n)
{
    return node[n];
}

/*
 * A degree that other threads of the block may be changing with atomics in the
 * same phase: a relaxed atomic load (block scope), as cheap as a plain load but
 * no data race. Between phases (after a barrier) plain reads do.
 */
static __device__ __forceinline__ int degree_load(int *deg, int v)
{
    return cuda::atomic_ref<int, cuda::thread_scope_block>(deg[v]).load(cuda::memory_order_relaxed);
}

/*
 * Sets a degree that other threads of the block may be reading in the same
 * phase. An atomic exchange rather than a relaxed store: the readers only test
 * the sign, which the store keeps, and compute-sanitizer's racecheck takes a
 * read-modify-write for the atomic it is, where it reports relaxed stores
 * against relaxed loads as hazards.
 */
static __device__ __forceinline__ void degree_store(int *deg, int v, int value)
{
    atomicExch(&deg[v], value);
}

/* x, present, loses a neighbour. A present vertex's degree counts present neighbours, so never
 * drops below 0. */
static __device__ __forceinline__ void degree_decrement(int *deg, int x)
{
#ifdef MVC_GPU_DEBUG
    int old = atomicSub(&deg[x], 1);
    GPU_ASSERT(old > 0);
#else
    atomicSub(&deg[x], 1);
#endif
}

/*
 * Warp-wide: u has just been taken into the cover, and each of its neighbours
 * still present loses an edge; the lanes share u's adjacency list.
 */
static __device__ __forceinline__ void drop_edges_of(int *deg, const struct search_graph &g, int u,
                                                     int lane)
{
    int64_t end = adj_end(g, u);
    for (int64_t e = adj_begin(g, u) + lane; e < end; e += WARP_LANES) {
        int x = neighbour(g, e);
        if (degree_load(deg, x) >= 0)
            degree_decrement(deg, x);
    }
}

/* Block-wide copy of one node (16-byte aligned buffers, stride a multiple of 4). */
static __device__ void node_copy(int *dst, const int *src, int stride)
{
    const int4 *s = (const int4 *)src;
    int4 *d = (int4 *)dst;
    for (int i = threadIdx.x; i < stride / 4; i += blockDim.x)
        d[i] = s[i];
}

/*
 * Block-wide: src replaces the block's current node. The first barrier waits
 * until every thread is done reading the node being replaced (a visit that
 * prunes returns without one), the second publishes the new node.
 */
static __device__ void node_load(int *cur, const int *src, int stride)
{
    __syncthreads();
    node_copy(cur, src, stride);
    __syncthreads();
}

/*
 * Storage policies. Both give the block's current node `cur`, and a buffer in
 * which to build the child that leaves the block: child_buffer(dest) for a
 * destination dest in global memory, then commit_child(dest) moves it there.
 */

/* The current node and the child under construction in shared memory. */
struct shared_storage {
    int *cur;
    int *other;
    static constexpr bool in_shared = true;
    static size_t dynamic_bytes(int stride)
    {
        return 2 * (size_t)stride * sizeof(int);
    }
    __device__ shared_storage(const struct search_args &a, int *smem)
        : cur(smem), other(smem + a.g.stride)
    {
    }
    __device__ int *child_buffer(int *)
    {
        return other;
    }
    /* Block-wide; the caller synchronises before publishing dest. */
    __device__ void commit_child(int *dest, int stride)
    {
        node_copy(dest, other, stride);
    }
};

/* The current node in a per-block global buffer; children are built in place. */
struct global_storage {
    int *cur;
    static constexpr bool in_shared = false;
    static size_t dynamic_bytes(int)
    {
        return 0;
    }
    __device__ global_storage(const struct search_args &a, int *)
        : cur(a.scratch + (size_t)blockIdx.x * (size_t)a.g.stride)
    {
    }
    __device__ int *child_buffer(int *dest)
    {
        return dest;
    }
    __device__ void commit_child(int *, int)
    {
    }
};

#endif
