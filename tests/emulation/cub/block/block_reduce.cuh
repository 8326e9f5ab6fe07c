/*
 * Host stand-in for CUB's BlockReduce under tests/cuda_emulation.h: the same
 * interface and result (the aggregate of the first num_valid threads' inputs
 * in thread 0), and a block-wide collective like the real one: every thread
 * of the block must call it, it contains one barrier, and its temporary
 * storage may only be reused after a barrier (the real one's rule), since
 * thread 0 reads the other threads' inputs after the others have moved on.
 */
#ifndef MVC_EMULATION_CUB_BLOCK_REDUCE
#define MVC_EMULATION_CUB_BLOCK_REDUCE

#include <string.h>

#include "../../../cuda_emulation.h"

namespace cub
{

enum BlockReduceAlgorithm {
    BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
    BLOCK_REDUCE_RAKING,
    BLOCK_REDUCE_WARP_REDUCTIONS,
};

struct Sum {
    template <typename T> T operator()(const T &a, const T &b) const
    {
        return a + b;
    }
};

template <typename T, int BLOCK_DIM_X,
          BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce
{
  public:
    /* The inputs live in the emulated block's scratch for this storage (emu_collective). */
    struct TempStorage {
        unsigned char token;
    };

    explicit BlockReduce(TempStorage &temp) : temp_(temp)
    {
    }

    template <typename Op> T Reduce(T input, Op op, int num_valid)
    {
        if ((int)blockDim.x > BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) {
            fprintf(stderr, "cub::BlockReduce: %u threads, sized for %d\n", blockDim.x,
                    BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z);
            abort();
        }
        unsigned char *slots = emu_collective(&temp_, sizeof(T) * blockDim.x);
        memcpy(slots + sizeof(T) * threadIdx.x, &input, sizeof(T));
        __syncthreads();
        if (threadIdx.x != 0)
            return input; /* undefined in CUB: a partial result */
        T all;
        memcpy(&all, slots, sizeof(T));
        for (int i = 1; i < num_valid && i < (int)blockDim.x; i++) {
            T next;
            memcpy(&next, slots + sizeof(T) * (size_t)i, sizeof(T));
            all = op(all, next);
        }
        return all;
    }

    template <typename Op> T Reduce(T input, Op op)
    {
        return Reduce(input, op, (int)blockDim.x);
    }

    T Sum(T input)
    {
        return Reduce(input, cub::Sum());
    }

  private:
    TempStorage &temp_;
};

} // namespace cub

#endif
