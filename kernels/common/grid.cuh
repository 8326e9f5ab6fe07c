/*
 * Grids of the kernels that give each thread an item (Steiner mode's shortest
 * paths and spanning forests): enough blocks for every item, at least one and
 * at most GRID_MAX_BLOCKS; past that, a kernel that loops with GRID_STRIDE
 * gives each thread several items.
 */
#ifndef MVC_GRID_CUH
#define MVC_GRID_CUH

#include <stdint.h>

#define GRID_MAX_BLOCKS (65535 * 64)

static inline unsigned grid_blocks(int64_t items, int threads)
{
    int64_t b = (items + threads - 1) / threads;
    return (unsigned)(b < 1 ? 1 : b > GRID_MAX_BLOCKS ? GRID_MAX_BLOCKS : b);
}

/* Items i < total of this thread: its own index, then one grid's worth of threads apart. */
#define GRID_STRIDE(i, total)                                                                      \
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < (total);                  \
         i += (int64_t)gridDim.x * blockDim.x)

#endif
