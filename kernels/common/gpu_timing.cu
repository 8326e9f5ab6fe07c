/* Device facts and CUDA-event stopwatches for the benchmarks; see gpu_timing.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "gpu_timing.h"

int gpu_memory_info_get(struct gpu_memory_info *out, struct error *err)
{
    memset(out, 0, sizeof *out);
    int device = 0, status = MVC_OK;
    cudaDeviceProp prop;
    if ((status = CUDA_CHECK(err, cudaGetDevice(&device))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaGetDeviceProperties(&prop, device))) != MVC_OK ||
        (status = CUDA_CHECK(
             err, cudaDeviceGetAttribute(&out->clock_khz, cudaDevAttrMemoryClockRate, device))) !=
            MVC_OK ||
        (status =
             CUDA_CHECK(err, cudaDeviceGetAttribute(&out->bus_bits, cudaDevAttrGlobalMemoryBusWidth,
                                                    device))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaDeviceGetAttribute(&out->l2_bytes, cudaDevAttrL2CacheSize,
                                                         device))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaDeviceGetAttribute(&out->sms, cudaDevAttrMultiProcessorCount,
                                                         device))) != MVC_OK)
        return status;
    snprintf(out->name, sizeof out->name, "%s", prop.name);
    out->total_bytes = prop.totalGlobalMem;
    out->peak_bytes_per_s = (double)out->clock_khz * 1e3 * 2.0 * (double)out->bus_bits / 8.0;
    return MVC_OK;
}

struct gpu_stopwatch {
    cudaEvent_t start, stop;
};

int gpu_stopwatch_new(struct gpu_stopwatch **out, struct error *err)
{
    int status = MVC_OK;
    struct gpu_stopwatch *w = (struct gpu_stopwatch *)calloc(1, sizeof *w);
    *out = NULL;
    if (w == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for a stopwatch");
    if ((status = CUDA_CHECK(err, cudaEventCreate(&w->start))) != MVC_OK) {
        free(w);
        return status;
    }
    if ((status = CUDA_CHECK(err, cudaEventCreate(&w->stop))) != MVC_OK) {
        cudaEventDestroy(w->start);
        free(w);
        return status;
    }
    *out = w;
    return MVC_OK;
}

int gpu_stopwatch_start(struct gpu_stopwatch *w, struct error *err)
{
    return CUDA_CHECK(err, cudaEventRecord(w->start, 0));
}

int gpu_stopwatch_stop(struct gpu_stopwatch *w, double *ms, struct error *err)
{
    float elapsed = 0;
    int status = CUDA_CHECK(err, cudaEventRecord(w->stop, 0));
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaEventSynchronize(w->stop));
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaEventElapsedTime(&elapsed, w->start, w->stop));
    *ms = elapsed;
    return status;
}

void gpu_stopwatch_free(struct gpu_stopwatch *w)
{
    if (w == NULL)
        return;
    cudaEventDestroy(w->start);
    cudaEventDestroy(w->stop);
    free(w);
}
