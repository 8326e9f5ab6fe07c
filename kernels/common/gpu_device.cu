/* Which CUDA devices there are, and starting the runtime early: gpu_device_* and gpu_warm_up_* of
 * src/gpu/gpu.h. */
#include <pthread.h>
#include <stdio.h>

extern "C" {
#include "cover.h"
#include "error.h"
#include "graph.h"
#include "solve.h"
}
#include "gpu.h"

#include "cuda_check.h"

int gpu_device_count(void)
{
    int count = 0;
    if (CUDA_CHECK(NULL, cudaGetDeviceCount(&count)) != MVC_OK)
        return 0;
    return count;
}

int gpu_device_name(char *buf, int size)
{
    cudaDeviceProp prop;
    if (gpu_device_count() == 0 || CUDA_CHECK(NULL, cudaGetDeviceProperties(&prop, 0)) != MVC_OK) {
        if (size > 0)
            buf[0] = '\0';
        return MVC_EDEVICE;
    }
    snprintf(buf, (size_t)size, "%s (%d SMs, sm_%d%d)", prop.name, prop.multiProcessorCount,
             prop.major, prop.minor);
    return MVC_OK;
}

/* 0: not started, 1: running, 2: finished (successfully or not). */
static int warm_up_state;

static void *warm_up(void *unused)
{
    (void)unused;
    /* any error here is reported again, with context, by the first real CUDA call */
    if (cudaFree(0) != cudaSuccess)
        (void)cudaGetLastError();
    __atomic_store_n(&warm_up_state, 2, __ATOMIC_RELEASE);
    return NULL;
}

void gpu_warm_up_start(void)
{
    /* one start per process, however many solves (library calls on other threads) ask for it */
    int not_started = 0;
    if (!__atomic_compare_exchange_n(&warm_up_state, &not_started, 1, 0, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE))
        return;
    pthread_t thread;
    if (pthread_create(&thread, NULL, warm_up, NULL) != 0)
        __atomic_store_n(&warm_up_state, 2,
                         __ATOMIC_RELEASE); /* the first solver call starts it instead */
    else
        pthread_detach(thread);
}

int gpu_warm_up_running(void)
{
    return __atomic_load_n(&warm_up_state, __ATOMIC_ACQUIRE) == 1;
}

int gpu_warm_up_done(void)
{
    return __atomic_load_n(&warm_up_state, __ATOMIC_ACQUIRE) == 2;
}
