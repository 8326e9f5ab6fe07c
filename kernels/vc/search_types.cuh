/*
 * What the host hands the search kernels and what they hand back: arguments,
 * the global control words, per-block statistics and the named limits.
 * Included by the kernels and by the host code that launches them.
 */
#ifndef MVC_SEARCH_TYPES_CUH
#define MVC_SEARCH_TYPES_CUH

#include <stdint.h>

#include "broker.cuh"

#define MAX_BLOCK_THREADS 1024
#define WARP_LANES 32
#define FULL_WARP 0xffffffffu

/* Vertices one reduction round can take into the cover; more are taken by the next round. */
#define REMOVAL_LIST_CAPACITY 256

/* Values of search_control.error: failures the kernel detects itself. */
#define SEARCH_ERROR_NONE 0
#define SEARCH_ERROR_STACK_OVERFLOW 1

/*
 * Global words every block reads and writes. `stop`, `floor` and
 * `export_wanted` are written by the host while the kernel runs; `best_size`
 * only decreases (atomicMin); the cover in best_node and its size
 * `saved_size` change together under `lock`. The export words serve a search
 * over several devices (search_team.cu): the host asks for export_wanted
 * nodes in all, a block claims slot export_claimed (never past the wanted
 * count), copies a node there and then counts it in export_written.
 */
struct search_control {
    int best_size;      /* MVC: size of the smallest cover this device found or was given */
    int saved_size;     /* size of the cover held in best_node, INT_MAX when none */
    int lock;           /* spin lock around best_node and saved_size */
    int found;          /* PVC: some block found a cover of size <= k */
    int stop;           /* the host asks every block to return */
    int error;          /* SEARCH_ERROR_* */
    int floor;          /* MVC: the smallest cover another device found (the host's copy) */
    int export_wanted;  /* nodes the host has asked for, in all */
    int export_claimed; /* export slots taken by blocks */
    int export_written; /* export slots filled */
};

/* One per block, written once when the block returns. */
struct block_stats {
    long long nodes;                                                       /* tree nodes visited */
    long long cycles_total, cycles_worklist, cycles_reduce, cycles_branch; /* MVC_GPU_TIMING only */
    int smid;
    int pad;
};

/* The input graph as the kernels see it: CSR, read only. */
struct search_graph {
    int n;
    int stride; /* ints of one node: n degrees, the cover size, padding to a multiple of 4 */
    const int64_t *offsets;
    const int *adj;
};

#if defined(__CUDACC__) || defined(MVC_CUDA_EMULATION)
/* The graph never changes during a search: read it through the read-only data cache. */
static __device__ __forceinline__ int64_t adj_begin(const struct search_graph &g, int v)
{
    return __ldg(&g.offsets[v]);
}

static __device__ __forceinline__ int64_t adj_end(const struct search_graph &g, int v)
{
    return __ldg(&g.offsets[v + 1]);
}

static __device__ __forceinline__ int neighbour(const struct search_graph &g, int64_t e)
{
    return __ldg(&g.adj[e]);
}
#endif

struct search_args {
    struct search_graph g;
    int pvc;         /* 1: find a cover of size <= k and stop; 0: minimum */
    int k;           /* PVC parameter */
    const int *root; /* the tree's root node */
    /*
     * hybrid: the nodes the launch starts from, one per block 0 ..
     * seed_count - 1 (the root, or sub-trees handed over by another device)
     */
    const int *seeds;
    int seed_count;
    /* hybrid: where blocks copy the nodes the host asks for (NULL: never asked) */
    int *exports;
    int export_capacity;
    int *best_node; /* the best cover's node: {v : node[v] == DEGREE_REMOVED} */
    struct search_control *ctl;
    int *stacks; /* gridDim.x stacks of stack_depth nodes */
    int stack_depth;
    int *scratch;        /* global-memory storage: one current node per block */
    struct broker queue; /* hybrid only */
    int threshold;       /* hybrid: share a child while the queue holds fewer */
    int start_depth;     /* stackonly: sub-trees start at this depth */
    /* stackonly over several devices: this launch takes the sub-trees of part subtree_part */
    int subtree_part, subtree_parts;
    int domination; /* reduce_node adds domination rounds */
    struct block_stats *stats;
};

#endif
