/*
 * Warp-wide bitset primitives of the GPU clique search: a bitset of `words`
 * words is spread over the 32 lanes, lane l holding words l, l + 32, ... in
 * registers (WPL words per lane), so set operations are one instruction per
 * lane and "lowest vertex" is a ballot.
 */
#ifndef MVC_CLIQUE_WARP_CUH
#define MVC_CLIQUE_WARP_CUH

#include <stdio.h>

#include "clique_layout.h"

#define FULL_MASK 0xffffffffu

/* NVCCFLAGS=-DMVC_GPU_DEBUG: device assertions that print the condition and trap. */
#ifdef MVC_GPU_DEBUG
#define CLIQUE_ASSERT(cond)                                                                        \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            printf("CLIQUE_ASSERT(%s) failed at %s:%d, block %d thread %d\n", #cond, __FILE__,     \
                   __LINE__, (int)blockIdx.x, (int)threadIdx.x);                                   \
            __trap();                                                                              \
        }                                                                                          \
    } while (0)
#else
#define CLIQUE_ASSERT(cond) ((void)0)
#endif

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

template <int WPL>
static __device__ __forceinline__ void drop_vertex(clique_word (&x)[WPL], int v, int lane)
{
    int w = v / CLIQUE_WORD_BITS;
#pragma unroll
    for (int j = 0; j < WPL; j++)
        if (w == j * CLIQUE_WARP + lane)
            x[j] &= ~(1u << (v % CLIQUE_WORD_BITS));
}

template <int WPL>
static __device__ __forceinline__ void add_vertex(clique_word (&x)[WPL], int v, int lane)
{
    int w = v / CLIQUE_WORD_BITS;
#pragma unroll
    for (int j = 0; j < WPL; j++)
        if (w == j * CLIQUE_WARP + lane)
            x[j] |= 1u << (v % CLIQUE_WORD_BITS);
}

/* The same bit operations on a row in memory, done by the lane that owns the word. */
static __device__ __forceinline__ void row_drop_vertex(clique_word *row, int v, int lane)
{
    int w = v / CLIQUE_WORD_BITS;
    if (w % CLIQUE_WARP == lane)
        row[w] &= ~(1u << (v % CLIQUE_WORD_BITS));
}

static __device__ __forceinline__ void row_add_vertex(clique_word *row, int v, int lane)
{
    int w = v / CLIQUE_WORD_BITS;
    if (w % CLIQUE_WARP == lane)
        row[w] |= 1u << (v % CLIQUE_WORD_BITS);
}

/* The multiprocessor this warp runs on (a persistent block never moves). */
static __device__ __forceinline__ int clique_smid(void)
{
#ifdef __CUDA_ARCH__
    unsigned int id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    return (int)id;
#else
    return 0; /* the host emulation of the kernels in the tests */
#endif
}

#endif
