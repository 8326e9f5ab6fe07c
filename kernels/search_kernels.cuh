/*
 * The search kernels as the host sees them: one per traversal and storage
 * policy, each taking one struct search_args, launched as a persistent grid of
 * co-resident blocks (the worklist's termination rule needs every block live).
 */
#ifndef MVC_SEARCH_KERNELS_CUH
#define MVC_SEARCH_KERNELS_CUH

#include <stddef.h>

#include "search_types.cuh"

/* Hybrid traversal (local stacks and the broker-queue worklist), kernels/hybrid.cu. */
const void *hybrid_kernel(bool in_shared);

/* StackOnly traversal (sub-trees from a fixed depth, local stacks only), kernels/stackonly.cu. */
const void *stackonly_kernel(bool in_shared);

/* Dynamic shared memory a kernel of that storage policy needs for nodes of `stride` ints. */
size_t search_dynamic_smem(bool in_shared, int stride);

#endif
