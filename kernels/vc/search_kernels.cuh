/*
 * The search kernels as the host sees them: one per traversal and storage
 * policy, each taking one struct search_args, launched as a persistent grid of
 * co-resident blocks (the worklist's termination rule needs every block live).
 */
#ifndef MVC_SEARCH_KERNELS_CUH
#define MVC_SEARCH_KERNELS_CUH

#include <stddef.h>

#include "search_types.cuh"

/*
 * Registers per thread of the search kernels. Uncapped they take 64 or more,
 * which leaves half of a multiprocessor's warps unused; 48 keeps 42 warps
 * resident, spilling a few words to L1. NVCCFLAGS=-DSEARCH_MAX_REGISTERS=N
 * changes the cap, 0 removes it.
 */
#ifndef SEARCH_MAX_REGISTERS
#define SEARCH_MAX_REGISTERS 48
#endif
#if SEARCH_MAX_REGISTERS > 0
#define SEARCH_REGISTER_CAP __maxnreg__(SEARCH_MAX_REGISTERS)
#else
#define SEARCH_REGISTER_CAP
#endif

/* Hybrid traversal (local stacks and the broker-queue worklist), hybrid.cu. */
const void *hybrid_kernel(bool in_shared);

/* StackOnly traversal (sub-trees from a fixed depth, local stacks only), stackonly.cu. */
const void *stackonly_kernel(bool in_shared);

/* Dynamic shared memory a kernel of that storage policy needs for nodes of `stride` ints. */
size_t search_dynamic_smem(bool in_shared, int stride);

#endif
