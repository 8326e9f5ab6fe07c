/*
 * Plain C door to device facts and device-side timing for the benchmarks
 * (kernels/common/gpu_timing.cu, built when the configuration has CUDA): the memory
 * system's peak bandwidth, and a stopwatch of CUDA events.
 */
#ifndef MVC_GPU_TIMING_H
#define MVC_GPU_TIMING_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#include "error.h"

struct gpu_memory_info {
    char name[256];
    int sms;
    int clock_khz;           /* peak memory clock */
    int bus_bits;            /* global memory bus width */
    int l2_bytes;            /* L2 cache: graphs smaller than this may never leave it */
    size_t total_bytes;      /* device memory */
    double peak_bytes_per_s; /* clock x 2 (double data rate) x bus width / 8 */
};

/* Facts of the current device (cudaDeviceGetAttribute; CUDA 13 has no clock in cudaDeviceProp). */
int gpu_memory_info_get(struct gpu_memory_info *out, struct error *err);

/* CUDA events on the default stream around device work. */
struct gpu_stopwatch;

int gpu_stopwatch_new(struct gpu_stopwatch **out, struct error *err);
int gpu_stopwatch_start(struct gpu_stopwatch *w, struct error *err);
/* Records the stop, waits for it, *ms = milliseconds since the start. */
int gpu_stopwatch_stop(struct gpu_stopwatch *w, double *ms, struct error *err);
void gpu_stopwatch_free(struct gpu_stopwatch *w);

#ifdef __cplusplus
}
#endif

#endif
