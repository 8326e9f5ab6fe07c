/*
 * Debugging and measuring aids for the kernels, free when switched off:
 *   NVCCFLAGS=-DMVC_GPU_DEBUG   device assertions (print the failed condition, then trap)
 *   NVCCFLAGS=-DMVC_GPU_TIMING  Fig. 6 time breakdown (Yamout et al. 2022, Sec. V-D) from clock64()
 * e.g. ./configure NVCCFLAGS=-DMVC_GPU_TIMING && make
 */
#ifndef MVC_GPU_DEBUG_CUH
#define MVC_GPU_DEBUG_CUH

#include <stdio.h>

#ifdef MVC_GPU_DEBUG
#define GPU_ASSERT(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            printf("GPU_ASSERT(%s) failed at %s:%d, block %d thread %d\n", #cond, __FILE__,        \
                   __LINE__, (int)blockIdx.x, (int)threadIdx.x);                                   \
            __trap();                                                                              \
        }                                                                                          \
    } while (0)
#else
#define GPU_ASSERT(cond) ((void)0)
#endif

#ifdef MVC_GPU_TIMING
#define TIMING_START(t) long long t = clock64()
#define TIMING_ADD(sum, t) ((sum) += clock64() - (t))
#else
#define TIMING_START(t) ((void)0)
#define TIMING_ADD(sum, t) ((void)0)
#endif

/* The multiprocessor this block runs on (a persistent block never moves). */
static __device__ __forceinline__ int current_smid(void)
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
