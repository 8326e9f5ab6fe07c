/*
 * Warp-wide bitset primitives of the GPU clique search: a bitset of `words`
 * words is spread over the 32 lanes, lane l holding words l, l + 32, ... in
 * registers (WPL words per lane), so set operations are one instruction per
 * lane and "lowest vertex" is a ballot.
 */
#ifndef MVC_CLIQUE_WARP_CUH
#define MVC_CLIQUE_WARP_CUH

#include "clique_layout.h"
#include "gpu_debug.cuh"

#define FULL_MASK 0xffffffffu

/* The graph as the kernels see it: adjacency rows in shared or global memory. */
struct clique_graph {
    const clique_word *adj;
    int32_t n, words;
};

static __device__ __forceinline__ const clique_word *adj_row(const struct clique_graph &g, int v)
{
    return g.adj + (size_t)v * g.words;
}

/* This lane's words of a row (zero past the end). */
template <int WPL>
static __device__ __forceinline__ void row_load(const clique_word *row, int words, int lane,
                                                clique_word (&x)[WPL])
{
#pragma unroll
    for (int j = 0; j < WPL; j++) {
        int w = j * CLIQUE_WARP + lane;
        x[j] = w < words ? row[w] : 0;
    }
}

template <int WPL>
static __device__ __forceinline__ void row_store(clique_word *row, int words, int lane,
                                                 const clique_word (&x)[WPL])
{
#pragma unroll
    for (int j = 0; j < WPL; j++) {
        int w = j * CLIQUE_WARP + lane;
        if (w < words)
            row[w] = x[j];
    }
}

/* Same as row_load, through L2 only: for rows another multiprocessor wrote. */
template <int WPL>
static __device__ __forceinline__ void row_load_shared_by_all(const clique_word *row, int words,
                                                              int lane, clique_word (&x)[WPL])
{
#pragma unroll
    for (int j = 0; j < WPL; j++) {
        int w = j * CLIQUE_WARP + lane;
        x[j] = w < words ? __ldcg(row + w) : 0;
    }
}

template <int WPL> static __device__ __forceinline__ bool set_empty(const clique_word (&x)[WPL])
{
    clique_word any = 0;
#pragma unroll
    for (int j = 0; j < WPL; j++)
        any |= x[j];
    return !__any_sync(FULL_MASK, any != 0);
}

/* Smallest vertex of the set, or -1 when it is empty. */
template <int WPL> static __device__ __forceinline__ int first_vertex(const clique_word (&x)[WPL])
{
#pragma unroll
    for (int j = 0; j < WPL; j++) {
        unsigned int lanes = __ballot_sync(FULL_MASK, x[j] != 0);
        if (lanes != 0) {
            int owner = __ffs(lanes) - 1;
            clique_word word = __shfl_sync(FULL_MASK, x[j], owner);
            return (j * CLIQUE_WARP + owner) * CLIQUE_WORD_BITS + __ffs(word) - 1;
        }
    }
    return -1;
}

/* word with v's bit set (in) or cleared */
static __device__ __forceinline__ clique_word with_vertex(clique_word word, int v, bool in)
{
    clique_word bit = 1u << (v % CLIQUE_WORD_BITS);
    return in ? word | bit : word & ~bit;
}

/* v into (in) or out of the set, in the lane that owns its word. */
template <int WPL>
static __device__ __forceinline__ void put_vertex(clique_word (&x)[WPL], int v, int lane, bool in)
{
    int w = v / CLIQUE_WORD_BITS;
#pragma unroll
    for (int j = 0; j < WPL; j++)
        if (w == j * CLIQUE_WARP + lane)
            x[j] = with_vertex(x[j], v, in);
}

template <int WPL>
static __device__ __forceinline__ void drop_vertex(clique_word (&x)[WPL], int v, int lane)
{
    put_vertex(x, v, lane, false);
}

template <int WPL>
static __device__ __forceinline__ void add_vertex(clique_word (&x)[WPL], int v, int lane)
{
    put_vertex(x, v, lane, true);
}

/* The same on a row in memory, done by the lane that owns the word. */
static __device__ __forceinline__ void row_put_vertex(clique_word *row, int v, int lane, bool in)
{
    int w = v / CLIQUE_WORD_BITS;
    if (w % CLIQUE_WARP == lane)
        row[w] = with_vertex(row[w], v, in);
}

#endif
