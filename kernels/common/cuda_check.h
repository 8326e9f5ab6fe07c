/*
 * The one way CUDA runtime calls are checked in the host code: CUDA_CHECK(err, call)
 * evaluates call and returns MVC_OK, or records "CALL failed at FILE:LINE: reason"
 * in err (which may be NULL) and returns MVC_ENOMEM for an allocation failure (so
 * that the caller may retry smaller) or MVC_EDEVICE for anything else.
 * CUDA_CHECK_LAUNCH(err, name) follows every kernel launch. In functions that
 * release what they hold at a `fail` label, CUDA_TRY(call) is CUDA_CHECK into the
 * local `status` (with the local `err`), jumping to `fail` on failure.
 */
#ifndef MVC_CUDA_CHECK_H
#define MVC_CUDA_CHECK_H

#include <cuda_runtime.h>

extern "C" {
#include "error.h"
}

static inline int cuda_check_at(cudaError_t code, const char *call, const char *file, int line,
                                struct error *err)
{
    if (code == cudaSuccess)
        return MVC_OK;
    /* Clears the runtime's last error, so that it is not blamed on a later launch. */
    (void)cudaGetLastError();
    int status = code == cudaErrorMemoryAllocation ? MVC_ENOMEM : MVC_EDEVICE;
    error_set(err, status, "%s failed at %s:%d: %s (%s)", call, file, line,
              cudaGetErrorString(code), cudaGetErrorName(code));
    return status;
}

#define CUDA_CHECK(err, call) cuda_check_at((call), #call, __FILE__, __LINE__, (err))
#define CUDA_CHECK_LAUNCH(err, name)                                                               \
    cuda_check_at(cudaGetLastError(), "launch of " name, __FILE__, __LINE__, (err))
#define CUDA_TRY(call)                                                                             \
    do {                                                                                           \
        status = CUDA_CHECK(err, call);                                                            \
        if (status != MVC_OK)                                                                      \
            goto fail;                                                                             \
    } while (0)

/*
 * cudaMalloc of `bytes` (at least one); *p is NULL on failure. A full device gives
 * MVC_ENOMEM without a message, so that the caller may retry smaller or say what
 * did not fit.
 */
static inline int device_alloc(void **p, size_t bytes, struct error *err)
{
    cudaError_t code = cudaMalloc(p, bytes > 0 ? bytes : 1);
    if (code != cudaSuccess)
        *p = NULL;
    return cuda_check_at(code, "cudaMalloc", __FILE__, __LINE__,
                         code == cudaErrorMemoryAllocation ? NULL : err);
}

static inline void device_free(void *p)
{
    if (p != NULL)
        (void)CUDA_CHECK(NULL, cudaFree(p));
}

/* device_free of each buffer: one line for the release paths that hold many. */
template <class... Buffers> static inline void device_free_all(Buffers *...p)
{
    (device_free((void *)p), ...);
}

#endif
