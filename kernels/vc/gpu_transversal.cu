/*
 * The host side of the transversal walkers (gpu_transversal.h): a thread
 * that waits for the device, uploads the graph and its cliques, launches one
 * grid of walkers sized by occupancy and watches it until a walker wins or
 * the caller stops it. Meanwhile it raises the caller's stop flag when the
 * caller's own deadline is stopped, so that a CPU search beside it ends on
 * either.
 */
extern "C" {
#include "gpu_transversal.h"
#include "gpu.h"
}

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_watch.h"
#include "transversal_walk.cuh"

/*
 * Walkers that have not found the transversal in this long give the device
 * back to the pipeline's GPU solver, which waits for it: 195, 197 and 199 of
 * PACE 2019 take them 0.14-0.46 s on an H100, and a bound that is not met
 * would keep them from ever ending.
 */
#define WALK_HOLD_SECONDS 20.0

/* The walkers' states stay below this share of the device's free memory. */
#define WALK_MEMORY_SHARE 0.25

struct gpu_transversal {
    const struct graph *g;
    const int32_t *clique_of;
    int32_t cliques;
    const int32_t *clique_start, *members, *first; /* the caller's: see gpu_transversal_start */
    uint64_t seed;
    struct deadline outer;
    volatile sig_atomic_t halt; /* gpu_transversal_finish: the walkers stop */
    volatile sig_atomic_t done; /* found, or the outer deadline stopped */
    int found;                  /* read and written with __atomic: the thread publishes */
    int32_t *result;            /* per clique: the winner's vertex */
    double started_at;
    pthread_t thread;
    struct gpu_transversal_stats st;
};

/* Mirrors the outer stop flag into t->done; returns whether the walkers must stop. */
static int must_stop(struct gpu_transversal *t)
{
    if (deadline_stopped(&t->outer))
        flag_raise(&t->done);
    return flag_raised(&t->halt) || (t->outer.at > 0 && clock_seconds() >= t->outer.at);
}

static void pause_briefly(void)
{
    struct timespec pause = {0, KERNEL_WATCH_POLL_NS};
    nanosleep(&pause, NULL);
}

/* The winner's choice is a transversal: one member per clique, no two adjacent. */
static int transversal_holds(const struct gpu_transversal *t, uint8_t *in)
{
    const struct graph *g = t->g;
    memset(in, 0, (size_t)g->n);
    for (int32_t c = 0; c < t->cliques; c++) {
        int32_t v = t->result[c];
        if (v < 0 || v >= g->n || t->clique_of[v] != c || in[v])
            return 0;
        in[v] = 1;
    }
    for (int32_t c = 0; c < t->cliques; c++) {
        int32_t v = t->result[c];
        for (int64_t j = g->offsets[v]; j < g->offsets[v + 1]; j++)
            if (in[g->adj[j]])
                return 0;
    }
    return 1;
}

/* How many walkers per block and blocks, and whether their states fit the shared memory. */
struct walk_shape {
    int warps_per_block, blocks, shared;
    size_t shared_bytes;
};

static int walk_shape_choose(size_t state_bytes, struct walk_shape *shape, struct error *err)
{
    int sms = 0, optin = 0, status;
    if ((status = CUDA_CHECK(
             err, cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0))) != MVC_OK ||
        (status = CUDA_CHECK(
             err, cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0))) !=
            MVC_OK)
        return status;
    shape->shared = state_bytes <= (size_t)optin;
    shape->warps_per_block = WALK_WARPS_PER_BLOCK;
    shape->shared_bytes = 0;
    if (shape->shared) {
        size_t fit = (size_t)optin / state_bytes;
        shape->warps_per_block = fit < WALK_WARPS_PER_BLOCK ? (int)fit : WALK_WARPS_PER_BLOCK;
        shape->shared_bytes = (size_t)shape->warps_per_block * state_bytes;
        if ((status =
                 CUDA_CHECK(err, cudaFuncSetAttribute(transversal_walk,
                                                      cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                      (int)shape->shared_bytes))) != MVC_OK)
            return status;
    }
    int per_sm = 0;
    if ((status = CUDA_CHECK(err, cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                                      &per_sm, transversal_walk, shape->warps_per_block * 32,
                                      shape->shared_bytes))) != MVC_OK)
        return status;
    shape->blocks = (per_sm > 0 ? per_sm : 1) * sms;
    if (!shape->shared) {
        size_t free_bytes = 0, total = 0;
        if ((status = CUDA_CHECK(err, cudaMemGetInfo(&free_bytes, &total))) != MVC_OK)
            return status;
        size_t room = (size_t)(WALK_MEMORY_SHARE * (double)free_bytes) / state_bytes;
        size_t block_room = room / (size_t)shape->warps_per_block;
        if (block_room == 0)
            return error_set(err, MVC_ENOMEM, "no device memory for one walker's state");
        if ((size_t)shape->blocks > block_room)
            shape->blocks = (int)block_room;
    }
    return MVC_OK;
}

/* Uploads, launches and watches the walkers; the device is claimed. */
static int run_walkers(struct gpu_transversal *t, struct error *err)
{
    const struct graph *g = t->g;
    size_t n = (size_t)g->n, k = (size_t)t->cliques;
    int64_t *d_offsets = NULL;
    int32_t *d_adj = NULL, *d_clique_of = NULL, *d_start = NULL, *d_members = NULL;
    int32_t *d_first = NULL, *d_state = NULL, *d_result = NULL;
    walk_control *d_ctl = NULL, ctl = {0, -1, INT32_MAX, 0, 0};
    struct kernel_watch w;
    memset(&w, 0, sizeof w);
    int status = MVC_OK;
    CUDA_TRY(cudaSetDevice(0));
    {
        size_t state_bytes = walk_state_words(g->n, t->cliques) * sizeof(int32_t);
        struct walk_shape shape;
        if ((status = walk_shape_choose(state_bytes, &shape, err)) != MVC_OK)
            goto fail;
        int32_t walkers = shape.blocks * shape.warps_per_block;
        if ((status = kernel_watch_open(&w, err)) != MVC_OK)
            goto fail;
        if ((status = device_alloc((void **)&d_offsets, (n + 1) * sizeof(int64_t), err)) !=
                MVC_OK ||
            (status = device_alloc((void **)&d_adj, 2 * (size_t)g->m * sizeof(int32_t), err)) !=
                MVC_OK ||
            (status = device_alloc((void **)&d_clique_of, n * sizeof(int32_t), err)) != MVC_OK ||
            (status = device_alloc((void **)&d_start, (k + 1) * sizeof(int32_t), err)) != MVC_OK ||
            (status = device_alloc((void **)&d_members, n * sizeof(int32_t), err)) != MVC_OK ||
            (status = device_alloc((void **)&d_first, k * sizeof(int32_t), err)) != MVC_OK ||
            (status = device_alloc((void **)&d_result, k * sizeof(int32_t), err)) != MVC_OK ||
            (status = device_alloc((void **)&d_ctl, sizeof ctl, err)) != MVC_OK ||
            (!shape.shared &&
             (status = device_alloc((void **)&d_state, (size_t)walkers * state_bytes, err)) !=
                 MVC_OK)) {
            if (status == MVC_ENOMEM)
                error_set(err, status, "out of device memory for the walkers");
            goto fail;
        }
        CUDA_TRY(
            cudaMemcpy(d_offsets, g->offsets, (n + 1) * sizeof(int64_t), cudaMemcpyHostToDevice));
        CUDA_TRY(
            cudaMemcpy(d_adj, g->adj, 2 * (size_t)g->m * sizeof(int32_t), cudaMemcpyHostToDevice));
        CUDA_TRY(
            cudaMemcpy(d_clique_of, t->clique_of, n * sizeof(int32_t), cudaMemcpyHostToDevice));
        CUDA_TRY(cudaMemcpy(d_start, t->clique_start, (k + 1) * sizeof(int32_t),
                            cudaMemcpyHostToDevice));
        CUDA_TRY(cudaMemcpy(d_members, t->members, n * sizeof(int32_t), cudaMemcpyHostToDevice));
        CUDA_TRY(cudaMemcpy(d_first, t->first, k * sizeof(int32_t), cudaMemcpyHostToDevice));
        CUDA_TRY(cudaMemcpy(d_ctl, &ctl, sizeof ctl, cudaMemcpyHostToDevice));
        walk_graph wg = {d_offsets, d_adj,   d_clique_of, d_start,
                         d_members, d_first, g->n,        t->cliques};
        t->st.walkers = walkers;
        CUDA_TRY(cudaEventRecord(w.started, w.stream));
        transversal_walk<<<shape.blocks, shape.warps_per_block * 32, shape.shared_bytes,
                           w.stream>>>(wg, d_state, shape.shared, walkers, t->seed, d_result,
                                       d_ctl);
        if ((status = CUDA_CHECK_LAUNCH(err, "transversal_walk")) != MVC_OK)
            goto fail;
        CUDA_TRY(cudaEventRecord(w.finished, w.stream));
        int stop_sent = 0;
        for (;;) {
            cudaError_t code = cudaEventQuery(w.finished);
            if (code == cudaSuccess)
                break;
            if (code != cudaErrorNotReady) {
                status = cuda_check_at(code, "transversal_walk", __FILE__, __LINE__, err);
                goto fail;
            }
            int held_long = clock_seconds() >= t->started_at + WALK_HOLD_SECONDS;
            if (held_long && !stop_sent)
                snprintf(t->st.message, sizeof t->st.message,
                         "none found in %.0f s: the device is given back", WALK_HOLD_SECONDS);
            if (!stop_sent && (must_stop(t) || held_long)) {
                if ((status = kernel_watch_send_stop(&w, &d_ctl->stop, err)) != MVC_OK)
                    goto fail;
                stop_sent = 1;
            }
            pause_briefly();
        }
        CUDA_TRY(cudaMemcpy(&ctl, d_ctl, sizeof ctl, cudaMemcpyDeviceToHost));
        t->st.steps = (int64_t)ctl.steps;
        t->st.fewest = ctl.fewest;
        t->st.seconds = clock_seconds() - t->started_at;
        if (ctl.winner >= 0) {
            CUDA_TRY(cudaMemcpy(t->result, d_result, k * sizeof(int32_t), cudaMemcpyDeviceToHost));
            uint8_t *check = (uint8_t *)malloc(n + 1);
            if (check == NULL) {
                status = error_set(err, MVC_ENOMEM, "out of memory to check the transversal");
                goto fail;
            }
            int holds = transversal_holds(t, check);
            free(check);
            if (!holds) {
                status =
                    error_set(err, MVC_EINTERNAL,
                              "internal error: walker %d's transversal does not hold", ctl.winner);
                goto fail;
            }
            __atomic_store_n(&t->found, 1, __ATOMIC_RELEASE);
            /* found before done: a reader that saw done and then fences sees found */
            __atomic_thread_fence(__ATOMIC_RELEASE);
            flag_raise(&t->done);
        }
    }
fail:
    if (status != MVC_OK && w.stream != NULL)
        kernel_watch_abandon(&w, d_ctl != NULL ? &d_ctl->stop : NULL); /* they end only when told */
    device_free(d_offsets), device_free(d_adj), device_free(d_clique_of), device_free(d_start);
    device_free(d_members), device_free(d_first), device_free(d_state), device_free(d_result);
    device_free(d_ctl);
    kernel_watch_close(&w);
    return status;
}

static void *walk_thread(void *arg)
{
    struct gpu_transversal *t = (struct gpu_transversal *)arg;
    struct error err = {0, {0}};
    double began = clock_seconds();
    int claimed = 0;
    while (!(claimed = kernel_watch_try_claim_device()) && !must_stop(t))
        pause_briefly();
    /*
     * The CUDA runtime is started GPU_WARM_UP_AFTER in (gpu.h), as the pipeline's GPU
     * solvers start it, unless one of them has already: a CUDA call before it
     * is up would wait for it, and so would the caller's finish.
     */
    while (claimed && !gpu_warm_up_done() && !must_stop(t)) {
        if (clock_seconds() >= began + GPU_WARM_UP_AFTER)
            gpu_warm_up_start();
        pause_briefly();
    }
    if (!claimed)
        snprintf(t->st.message, sizeof t->st.message, "the device stayed busy");
    else if (!gpu_warm_up_done())
        snprintf(t->st.message, sizeof t->st.message, "stopped before the CUDA runtime was up");
    else if (gpu_device_count() == 0)
        snprintf(t->st.message, sizeof t->st.message, "no CUDA device");
    else if (must_stop(t))
        snprintf(t->st.message, sizeof t->st.message, "stopped before the launch");
    else {
        t->started_at = clock_seconds();
        if (run_walkers(t, &err) != MVC_OK)
            snprintf(t->st.message, sizeof t->st.message, "%.200s", err.message);
    }
    if (claimed)
        kernel_watch_release_device();
    while (!flag_raised(&t->halt)) {
        (void)must_stop(t); /* the outer stop flag is mirrored until the caller finishes */
        pause_briefly();
    }
    return NULL;
}

struct gpu_transversal *gpu_transversal_start(const struct graph *g, const int32_t *clique_of,
                                              int32_t cliques, const int32_t *clique_start,
                                              const int32_t *members, const int32_t *first,
                                              uint64_t seed, const struct deadline *d)
{
    struct gpu_transversal *t = (struct gpu_transversal *)calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    t->result = (int32_t *)malloc(((size_t)cliques + 1) * sizeof(int32_t));
    if (t->result == NULL) {
        free(t);
        return NULL;
    }
    t->g = g;
    t->clique_of = clique_of;
    t->cliques = cliques;
    t->clique_start = clique_start;
    t->members = members;
    t->first = first;
    t->seed = seed;
    t->outer = *d;
    t->st.fewest = -1;
    if (pthread_create(&t->thread, NULL, walk_thread, t) != 0) {
        free(t->result);
        free(t);
        return NULL;
    }
    return t;
}

volatile sig_atomic_t *gpu_transversal_stop_flag(struct gpu_transversal *t)
{
    return &t->done;
}

int gpu_transversal_found(struct gpu_transversal *t, uint8_t *set)
{
    __atomic_thread_fence(__ATOMIC_ACQUIRE); /* after the caller's read of the stop flag */
    if (!__atomic_load_n(&t->found, __ATOMIC_ACQUIRE))
        return 0;
    memset(set, 0, (size_t)t->g->n);
    for (int32_t c = 0; c < t->cliques; c++)
        set[t->result[c]] = 1;
    return 1;
}

void gpu_transversal_finish(struct gpu_transversal *t, struct gpu_transversal_stats *st)
{
    if (t == NULL)
        return;
    flag_raise(&t->halt);
    pthread_join(t->thread, NULL);
    if (st != NULL)
        *st = t->st;
    free(t->result);
    free(t);
}
