/* Which CUDA devices there are: gpu_device_count and gpu_device_name of src/gpu.h. */
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
