/*
 * Shared by the shortest-path kernels of Steiner mode: the session that owns
 * every device buffer, and each kernel file's host entry. CUDA calls are
 * checked with CUDA_TRY (cuda_check.h), whose `fail` label releases what the
 * function allocated.
 */
#ifndef MVC_SSSP_CUH
#define MVC_SSSP_CUH

#include <cuda_runtime.h>
#include <stdint.h>

#include "cuda_check.h"
#include "gpu_steiner.h"
#include "grid.cuh"

#define SSSP_THREADS 256              /* threads per block of every kernel */
#define SSSP_GROUP 8                  /* pull launches queued between two convergence checks */
#define SSSP_TPULL_PASSES 3           /* t of t-pull (Rajesh Pandian et al., Sec. 4.2.3: 3 or 4) */
#define SSSP_TARGET_THREADS (1 << 21) /* p-SSSP: batch so that p x n threads fill the device */
#define SSSP_DELTA_WIDTH 32           /* near-far: delta = width x mean weight / mean degree */

/* Near-far's queue counters, copied to and from the device around each launch. */
struct nearfar_counts {
    unsigned int next;          /* entries appended to the next near set */
    unsigned int far;           /* entries in the far pile (expansion appends here) */
    unsigned int far2;          /* entries of the far pile kept by a split */
    int overflow;               /* a distance beyond 32 bits or a full far pile */
    unsigned long long min_far; /* smallest distance left in the far pile after a split */
    unsigned long long scanned; /* arcs of the vertices expanded by the launch */
};

/* Near-far's buffers, allocated on first use. */
struct nearfar_buffers {
    unsigned long long *key; /* distance << 32 | parent, updated together by compare-and-swap */
    int32_t *stamp;          /* launch that last queued a vertex, to queue it once per launch */
    int32_t *near, *next;    /* n entries each */
    int32_t *far, *far2;     /* far_cap entries each */
    int64_t far_cap;
    struct nearfar_counts *counts;
};

/* The graph on the device and the batch buffers: released on every path by gpu_sssp_close. */
struct gpu_sssp_session {
    int32_t n;
    int64_t arcs;
    int requested;    /* enum sssp_kernel asked for */
    int batch;        /* slots of dist and parent */
    int64_t delta;    /* near-far split step */
    int64_t *offsets; /* device CSR */
    int32_t *adj;
    int32_t *weights; /* NULL for unit weights */
    int64_t *dist;    /* batch x n */
    int32_t *parent;  /* batch x n */
    int32_t *sources; /* sources_cap entries */
    int32_t sources_cap;
    int32_t *targets;  /* targets_cap entries */
    int64_t *gathered; /* batch x targets_cap */
    int32_t targets_cap;
    int *changed;      /* SSSP_GROUP x batch convergence flags */
    uint8_t *active;   /* batch: slots still iterating */
    int *host_changed; /* host copies */
    uint8_t *host_active;
    struct nearfar_buffers nf;
    struct gpu_sssp_stats st;
};

/*
 * Pull-based Bellman-Ford (sssp_pull.cu) on slots 0..slots-1, seeded by the
 * caller, to their fixed points; passes = 1 or SSSP_TPULL_PASSES.
 */
int sssp_pull_run(struct gpu_sssp_session *s, int32_t slots, int passes, struct error *err);

/*
 * Near-far (sssp_nearfar.cu) from the n_sources device sources, into dist and
 * parent (device arrays of n). *handed_over = 1, and nothing written, when a
 * distance does not fit its 32 bits or the far pile fills: the caller then
 * runs the pull kernel instead.
 */
int sssp_nearfar_run(struct gpu_sssp_session *s, const int32_t *sources, int32_t n_sources,
                     int64_t *dist, int32_t *parent, int *handed_over, struct error *err);

/* Frees near-far's buffers (sssp_nearfar.cu). */
void sssp_nearfar_free(struct nearfar_buffers *nf);

#endif
