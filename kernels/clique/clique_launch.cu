/* Launching the GPU clique search's kernels: one variant per number of words a lane owns. */
#include "clique_launch.h"

#include "clique_search.cuh"
#include "cuda_check.h"

extern "C" {
#include "solve.h"
}

static_assert(CLIQUE_NODES_PER_SM == SOLVE_MAX_SMS, "per-SM node counters match solve_stats");
static_assert(CLIQUE_GPU_MAX_VERTICES <= 1 << 16,
              "search indices and colours fit an entry's halves");

int clique_lane_words(int words)
{
    int lane_words = 1;
    while (lane_words * CLIQUE_WARP < words && lane_words < CLIQUE_MAX_LANE_WORDS)
        lane_words *= 2;
    return lane_words;
}

int clique_max_block_threads(int lane_words)
{
    return clique_block_threads(lane_words);
}

/*
 * Lets the search kernel take as much dynamic shared memory as the device
 * allows, not only this launch's shared_bytes: the attribute is the
 * process's, and a solve on another thread (library calls) setting a smaller
 * value between this one's setting and its launch would fail it.
 */
template <int WPL> static int allow_shared(size_t shared_bytes, struct error *err)
{
    cudaFuncAttributes attr;
    int device = 0, optin = 0;
    int status = CUDA_CHECK(err, cudaFuncGetAttributes(&attr, clique_search_kernel<WPL>));
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaGetDevice(&device));
    if (status == MVC_OK)
        status = CUDA_CHECK(
            err, cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    if (status != MVC_OK)
        return status;
    size_t most = (size_t)optin > attr.sharedSizeBytes ? (size_t)optin - attr.sharedSizeBytes : 0;
    if (most < shared_bytes)
        most = shared_bytes; /* refused by the call below, as before */
    return CUDA_CHECK(err,
                      cudaFuncSetAttribute(clique_search_kernel<WPL>,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, (int)most));
}

template <int WPL>
static int search_occupancy(int threads, size_t shared_bytes, int *blocks_per_sm, struct error *err)
{
    int status = allow_shared<WPL>(shared_bytes, err);
    if (status != MVC_OK)
        return status;
    return CUDA_CHECK(err, cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                               blocks_per_sm, clique_search_kernel<WPL>, threads, shared_bytes));
}

template <int WPL>
static int launch_root(const struct clique_params *p, int min_colour, cudaStream_t stream,
                       struct error *err)
{
    clique_root_kernel<WPL><<<1, CLIQUE_WARP, 0, stream>>>(*p, min_colour);
    return CUDA_CHECK_LAUNCH(err, "clique_root_kernel");
}

template <int WPL>
static int launch_search(const struct clique_params *p, int blocks, int threads,
                         size_t shared_bytes, cudaStream_t stream, struct error *err)
{
    clique_search_kernel<WPL><<<blocks, threads, shared_bytes, stream>>>(*p);
    return CUDA_CHECK_LAUNCH(err, "clique_search_kernel");
}

/* The kernel variant for lane_words: CALL<WPL>(...) for the supported widths. */
#define WITH_LANE_WORDS(lane_words, call, ...)                                                     \
    switch (lane_words) {                                                                          \
    case 1: return call<1>(__VA_ARGS__);                                                           \
    case 2: return call<2>(__VA_ARGS__);                                                           \
    case 4: return call<4>(__VA_ARGS__);                                                           \
    case 8: return call<8>(__VA_ARGS__);                                                           \
    case 16: return call<16>(__VA_ARGS__);                                                         \
    case 32: return call<32>(__VA_ARGS__);                                                         \
    }                                                                                              \
    return error_set(err, MVC_EUNSUPPORTED, "no clique kernel for %d words per lane", lane_words)

int clique_search_occupancy(int lane_words, int threads, size_t shared_bytes, int *blocks_per_sm,
                            struct error *err)
{
    WITH_LANE_WORDS(lane_words, search_occupancy, threads, shared_bytes, blocks_per_sm, err);
}

int clique_launch_root(const struct clique_params *p, int min_colour, cudaStream_t stream,
                       struct error *err)
{
    int lane_words = clique_lane_words(p->words);
    WITH_LANE_WORDS(lane_words, launch_root, p, min_colour, stream, err);
}

int clique_launch_search(const struct clique_params *p, int blocks, int threads,
                         size_t shared_bytes, cudaStream_t stream, struct error *err)
{
    int lane_words = clique_lane_words(p->words);
    WITH_LANE_WORDS(lane_words, launch_search, p, blocks, threads, shared_bytes, stream, err);
}
