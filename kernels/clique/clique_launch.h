/*
 * Launching the GPU clique search's kernels (clique_search.cuh) from the host
 * part (clique_gpu.cu): one kernel variant per number of words a lane owns.
 */
#ifndef MVC_CLIQUE_LAUNCH_H
#define MVC_CLIQUE_LAUNCH_H

#include <cuda_runtime.h>

#include "clique_layout.h"

extern "C" {
#include "error.h"
}

/* Words each lane owns for rows of `words` words: 1, 2, 4, ... CLIQUE_MAX_LANE_WORDS. */
int clique_lane_words(int words);

/* Largest block the search kernel for this many lane words takes. */
int clique_max_block_threads(int lane_words);

/*
 * Lets the search kernel use `shared_bytes` of dynamic shared memory and
 * tells how many blocks of `threads` fit on one multiprocessor.
 */
int clique_search_occupancy(int lane_words, int threads, size_t shared_bytes, int *blocks_per_sm,
                            struct error *err);

/* The root node, coloured by one warp: fills root_entry, root_rank and ctl's root fields. */
int clique_launch_root(const struct clique_params *p, int min_colour, cudaStream_t stream,
                       struct error *err);

/* The persistent search grid. */
int clique_launch_search(const struct clique_params *p, int blocks, int threads,
                         size_t shared_bytes, cudaStream_t stream, struct error *err);

#endif
