/*
 * The GPU shortest-path session: owns the device copy of the graph and the
 * batch buffers (released on every path by gpu_sssp_close), seeds searches,
 * picks the kernel and returns distances and parents; the entry points of
 * gpu_steiner.h.
 */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "sssp.cuh"

extern "C" {
#include "clock.h"
}

__global__ static void clear_slots(int64_t *dist, int32_t *parent, int64_t total)
{
    GRID_STRIDE(i, total)
    {
        dist[i] = GPU_SSSP_INF;
        parent[i] = -1;
    }
}

/* Source i starts slot i (a batch) or slot 0 (one multi-source search). */
__global__ static void seed_sources(int64_t *dist, int32_t n, const int32_t *sources, int32_t count,
                                    int multi)
{
    int32_t i = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < count)
        dist[(int64_t)(multi ? 0 : i) * n + sources[i]] = 0;
}

/* out[s * n_targets + j] = distance from slot s's source to targets[j]. */
__global__ static void gather_targets(const int64_t *dist, int32_t n, const int32_t *targets,
                                      int32_t n_targets, int32_t count, int64_t *out)
{
    int64_t total = (int64_t)count * n_targets;
    GRID_STRIDE(i, total)
    {
        int64_t s = i / n_targets, j = i % n_targets;
        out[i] = dist[s * n + targets[j]];
    }
}

int gpu_sssp_device_count(void)
{
    return gpu_device_count();
}

/* AUTO: near-far for one multi-source search, t-pull for batches of independent sources. */
static int resolve_kernel(int requested, int multi)
{
    if (requested == SSSP_AUTO)
        return multi ? SSSP_NEAR_FAR : SSSP_TPULL;
    return requested;
}

/* p-SSSP: enough slots that p x n threads fill the device, within half the free memory. */
static int choose_batch(int32_t n, int batch)
{
    if (batch > 0)
        return batch < GPU_SSSP_MAX_BATCH ? batch : GPU_SSSP_MAX_BATCH;
    int p = 1;
    while (p < GPU_SSSP_MAX_BATCH && (int64_t)p * 2 * (n > 0 ? n : 1) <= SSSP_TARGET_THREADS)
        p *= 2;
    size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess)
        while (p > 1 && (double)p * (double)n * 12.0 > (double)free_bytes / 2)
            p /= 2;
    else
        cudaGetLastError();
    return p;
}

void gpu_sssp_close(struct gpu_sssp_session *s, struct gpu_sssp_stats *st)
{
    if (s == NULL) {
        if (st != NULL)
            memset(st, 0, sizeof *st);
        return;
    }
    if (st != NULL)
        *st = s->st;
    device_free_all(s->offsets, s->adj, s->weights, s->dist, s->parent, s->sources, s->targets,
                    s->gathered, s->changed, s->active);
    sssp_nearfar_free(&s->nf);
    free(s->host_changed);
    free(s->host_active);
    free(s);
}

void gpu_sssp_session_stats(const struct gpu_sssp_session *s, struct gpu_sssp_stats *st)
{
    *st = s->st;
}

int gpu_sssp_batch_size(const struct gpu_sssp_session *s)
{
    return s->batch;
}

int gpu_sssp_open(const struct graph *g, int kernel, int batch, struct gpu_sssp_session **out,
                  struct error *err)
{
    int status = MVC_OK;
    double t0 = clock_seconds();
    *out = NULL;
    if (kernel < SSSP_AUTO || kernel > SSSP_NEAR_FAR)
        return error_set(err, MVC_EINPUT, "unknown shortest-path kernel %d", kernel);
    if (gpu_sssp_device_count() == 0)
        return error_set(err, MVC_EDEVICE,
                         "GPU shortest paths need a CUDA device and none was found");
    struct gpu_sssp_session *s = (struct gpu_sssp_session *)calloc(1, sizeof *s);
    if (s == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for a GPU session");
    s->n = g->n;
    s->arcs = g->offsets[g->n];
    s->requested = kernel;
    s->batch = choose_batch(g->n, batch);
    s->st.kernel = resolve_kernel(kernel, 0);
    s->st.batch = s->batch;

    /* Near-far's delta: width x mean weight / mean degree (Davidson et al., Sec. IV-C). */
    {
        double total = 0;
        for (int64_t a = 0; a < s->arcs; a++) {
            if (g->weights && g->weights[a] < 0) {
                free(s);
                return error_set(err, MVC_EINPUT,
                                 "shortest paths need non-negative weights, not %ld",
                                 (long)g->weights[a]);
            }
            total += g->weights ? g->weights[a] : 1;
        }
        double mean_weight = s->arcs > 0 ? total / (double)s->arcs : 1;
        double mean_degree = g->n > 0 ? (double)s->arcs / g->n : 1;
        double delta = SSSP_DELTA_WIDTH * mean_weight / (mean_degree > 1 ? mean_degree : 1);
        s->delta = delta >= 1 ? (int64_t)delta : 1;
    }

    {
        size_t n = (size_t)(g->n > 0 ? g->n : 1), arcs = (size_t)(s->arcs > 0 ? s->arcs : 1);
        size_t slots = (size_t)s->batch * n;
        CUDA_TRY(cudaMalloc(&s->offsets, ((size_t)g->n + 1) * sizeof *s->offsets));
        CUDA_TRY(cudaMemcpy(s->offsets, g->offsets, ((size_t)g->n + 1) * sizeof *s->offsets,
                            cudaMemcpyHostToDevice));
        CUDA_TRY(cudaMalloc(&s->adj, arcs * sizeof *s->adj));
        CUDA_TRY(
            cudaMemcpy(s->adj, g->adj, (size_t)s->arcs * sizeof *s->adj, cudaMemcpyHostToDevice));
        if (g->weights != NULL) {
            CUDA_TRY(cudaMalloc(&s->weights, arcs * sizeof *s->weights));
            CUDA_TRY(cudaMemcpy(s->weights, g->weights, (size_t)s->arcs * sizeof *s->weights,
                                cudaMemcpyHostToDevice));
        }
        CUDA_TRY(cudaMalloc(&s->dist, slots * sizeof *s->dist));
        CUDA_TRY(cudaMalloc(&s->parent, slots * sizeof *s->parent));
        CUDA_TRY(cudaMalloc(&s->changed, (size_t)SSSP_GROUP * s->batch * sizeof *s->changed));
        CUDA_TRY(cudaMalloc(&s->active, (size_t)s->batch));
        s->host_changed = (int *)malloc((size_t)SSSP_GROUP * s->batch * sizeof *s->host_changed);
        s->host_active = (uint8_t *)malloc((size_t)s->batch);
        if (s->host_changed == NULL || s->host_active == NULL) {
            status = error_set(err, MVC_ENOMEM, "out of memory for a GPU session");
            goto fail;
        }
    }
    s->st.t_upload = clock_seconds() - t0;
    *out = s;
    return MVC_OK;
fail:
    gpu_sssp_close(s, NULL);
    return status;
}

/* Device room for count sources (or targets), grown on demand. */
static int ensure_ids(int32_t **ids, int32_t *cap, int32_t count, struct error *err)
{
    int status = MVC_OK;
    if (count <= *cap)
        return MVC_OK;
    cudaFree(*ids);
    *ids = NULL;
    *cap = 0;
    CUDA_TRY(cudaMalloc(ids, (size_t)count * sizeof **ids));
    *cap = count;
fail:
    return status;
}

static int check_ids(const struct gpu_sssp_session *s, const int32_t *ids, int32_t count,
                     const char *what, struct error *err)
{
    for (int32_t i = 0; i < count; i++)
        if (ids[i] < 0 || ids[i] >= s->n)
            return error_set(err, MVC_EINPUT, "%s %ld is out of range 0..%ld", what, (long)ids[i],
                             (long)s->n - 1);
    return MVC_OK;
}

/* Pull kernel from count seeded sources: one slot (multi) or one per source. */
static int run_pull(struct gpu_sssp_session *s, int32_t count, int multi, int kernel,
                    struct error *err)
{
    int status = MVC_OK;
    int32_t slots = multi ? 1 : count;
    clear_slots<<<grid_blocks((int64_t)slots * s->n, SSSP_THREADS), SSSP_THREADS>>>(
        s->dist, s->parent, (int64_t)slots * s->n);
    CUDA_TRY(cudaGetLastError());
    if (count > 0) {
        seed_sources<<<grid_blocks(count, SSSP_THREADS), SSSP_THREADS>>>(s->dist, s->n, s->sources,
                                                                         count, multi);
        CUDA_TRY(cudaGetLastError());
    }
    status = sssp_pull_run(s, slots, kernel == SSSP_BELLMAN_FORD ? 1 : SSSP_TPULL_PASSES, err);
fail:
    return status;
}

/*
 * The search of a run: the sources to the device, then near-far (one
 * multi-source search; in a batch, the sources one after another, as near-far
 * keeps one queue) or the pull kernel, which also finishes what near-far hands
 * over. *kernel: the kernel that finished it.
 */
static int search_from(struct gpu_sssp_session *s, const int32_t *sources, int32_t count, int multi,
                       int *kernel, struct error *err)
{
    int status = MVC_OK;
    double t0 = clock_seconds();
    *kernel = resolve_kernel(s->requested, multi);
    if ((status = ensure_ids(&s->sources, &s->sources_cap, count, err)) != MVC_OK)
        return status;
    if (count > 0)
        CUDA_TRY(cudaMemcpy(s->sources, sources, (size_t)count * sizeof *sources,
                            cudaMemcpyHostToDevice));
    for (int32_t i = 0; i < (multi ? 1 : count) && *kernel == SSSP_NEAR_FAR; i++) {
        int handed_over = 0;
        int64_t row = (int64_t)i * s->n;
        status = sssp_nearfar_run(s, s->sources + i, multi ? count : 1, s->dist + row,
                                  s->parent + row, &handed_over, err);
        if (status != MVC_OK)
            return status;
        if (handed_over)
            *kernel = SSSP_TPULL;
    }
    if (*kernel != SSSP_NEAR_FAR && (status = run_pull(s, count, multi, *kernel, err)) != MVC_OK)
        return status;
    CUDA_TRY(cudaDeviceSynchronize());
    s->st.t_search += clock_seconds() - t0;
fail:
    return status;
}

/*
 * The end of a run: distances (whole rows, or at the targets) and parents of
 * slots 0..slots-1 to the host, and the run counted.
 */
static int finish_run(struct gpu_sssp_session *s, int kernel, int32_t slots, const int32_t *targets,
                      int32_t n_targets, int64_t *dist, int32_t *parent, struct error *err)
{
    int status = MVC_OK;
    double t1 = clock_seconds();
    size_t rows = (size_t)slots * (size_t)s->n;
    if (dist != NULL && targets != NULL && slots > 0 && n_targets > 0) {
        if (n_targets > s->targets_cap) {
            cudaFree(s->gathered);
            s->gathered = NULL;
            if ((status = ensure_ids(&s->targets, &s->targets_cap, n_targets, err)) != MVC_OK)
                return status;
            CUDA_TRY(cudaMalloc(&s->gathered, (size_t)s->batch * n_targets * sizeof *s->gathered));
        }
        CUDA_TRY(cudaMemcpy(s->targets, targets, (size_t)n_targets * sizeof *targets,
                            cudaMemcpyHostToDevice));
        gather_targets<<<grid_blocks((int64_t)slots * n_targets, SSSP_THREADS), SSSP_THREADS>>>(
            s->dist, s->n, s->targets, n_targets, slots, s->gathered);
        CUDA_TRY(cudaGetLastError());
        CUDA_TRY(cudaMemcpy(dist, s->gathered, (size_t)slots * n_targets * sizeof *dist,
                            cudaMemcpyDeviceToHost));
    } else if (dist != NULL && targets == NULL) {
        CUDA_TRY(cudaMemcpy(dist, s->dist, rows * sizeof *dist, cudaMemcpyDeviceToHost));
    }
    if (parent != NULL)
        CUDA_TRY(cudaMemcpy(parent, s->parent, rows * sizeof *parent, cudaMemcpyDeviceToHost));
    s->st.t_download += clock_seconds() - t1;
    s->st.kernel = kernel;
    s->st.runs++;
fail:
    return status;
}

int gpu_sssp_run(struct gpu_sssp_session *s, const int32_t *sources, int32_t n_sources,
                 int64_t *dist, int32_t *parent, struct error *err)
{
    int kernel = SSSP_AUTO;
    int status = check_ids(s, sources, n_sources, "source", err);
    if (status == MVC_OK)
        status = search_from(s, sources, n_sources, 1, &kernel, err);
    if (status == MVC_OK)
        status = finish_run(s, kernel, 1, NULL, 0, dist, parent, err);
    return status;
}

int gpu_sssp_run_batch(struct gpu_sssp_session *s, const int32_t *sources, int32_t count,
                       const int32_t *targets, int32_t n_targets, int64_t *dist, int32_t *parent,
                       struct error *err)
{
    if (count < 0 || count > s->batch)
        return error_set(err, MVC_EINPUT, "a batch of %ld sources, more than the session's %d",
                         (long)count, s->batch);
    int kernel = SSSP_AUTO;
    int status = check_ids(s, sources, count, "source", err);
    if (status == MVC_OK && targets != NULL)
        status = check_ids(s, targets, n_targets, "target", err);
    if (status == MVC_OK)
        status = search_from(s, sources, count, 0, &kernel, err);
    if (status == MVC_OK)
        status = finish_run(s, kernel, count, targets, n_targets, dist, parent, err);
    return status;
}

int gpu_sssp(const struct graph *g, const int32_t *sources, int32_t n_sources, int kernel,
             int64_t *dist, int32_t *parent, struct gpu_sssp_stats *st, struct error *err)
{
    struct gpu_sssp_session *s = NULL;
    int status = gpu_sssp_open(g, kernel, 1, &s, err);
    if (status == MVC_OK)
        status = gpu_sssp_run(s, sources, n_sources, dist, parent, err);
    gpu_sssp_close(s, st);
    return status;
}

int gpu_sssp_batch(const struct graph *g, const int32_t *sources, int32_t n_sources, int kernel,
                   int64_t *dist, int32_t *parent, struct gpu_sssp_stats *st, struct error *err)
{
    struct gpu_sssp_session *s = NULL;
    int status = gpu_sssp_open(g, kernel, 0, &s, err);
    for (int32_t b = 0; status == MVC_OK && b < n_sources; b += s->batch) {
        int32_t count = n_sources - b < s->batch ? n_sources - b : s->batch;
        int64_t row = (int64_t)b * g->n;
        status = gpu_sssp_run_batch(s, sources + b, count, NULL, 0, dist ? dist + row : NULL,
                                    parent ? parent + row : NULL, err);
    }
    gpu_sssp_close(s, st);
    return status;
}
