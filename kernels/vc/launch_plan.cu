/*
 * Block sizing after Yamout et al. 2022, Sec. IV-E. The upper limit on the
 * threads per block is min(hardware limit, |V| rounded up to a warp): more
 * threads than vertices have nothing to do. The number of co-resident blocks
 * is bounded by the hardware, by shared memory (the occupancy calculator, which
 * knows the kernel's registers and shared memory) and by the global memory of
 * the local stacks. Among the block sizes (powers of two up to the upper limit,
 * and the limit itself) we keep those that reach the most resident threads
 * (full occupancy when possible) and prefer the one nearest to about
 * VERTICES_PER_THREAD vertices per thread, but no smaller than
 * MIN_PREFERRED_BLOCK: many small blocks rather than a few large ones, as the
 * paper's code chooses (the smallest power of two from 64 up that keeps the
 * multiprocessors full), since a tree node's work is short and full of
 * barriers and a block's serial steps (thread 0 at the worklist and the
 * control words) idle all its threads. The shared-memory kernel is used
 * unless shared memory is what limits it: when the global-memory kernel would
 * keep more than twice as many threads resident, that one is chosen.
 */
#include "launch_plan.h"

#include <math.h>

#include "cuda_check.h"
#include "search_kernels.cuh"

#define VERTICES_PER_THREAD 8
#define MIN_PREFERRED_BLOCK 64
/* Block sizes keeping at least this fraction of the most resident threads count as equally good. */
#define OCCUPANCY_TOLERANCE 0.75

struct candidate {
    int valid;
    int block_size;
    int blocks;
    int64_t threads;
};

static size_t node_bytes(const struct launch_request *r)
{
    return (size_t)r->stride * sizeof(int);
}

/* Global memory of one block: its stack, its current node (global kernel) and its statistics. */
static size_t block_bytes(const struct launch_request *r, int in_shared)
{
    return (size_t)r->stack_depth * node_bytes(r) + (in_shared ? 0 : node_bytes(r)) +
           sizeof(struct block_stats);
}

static size_t worklist_bytes(const struct launch_request *r, int64_t entries)
{
    return entries > 0 ? (size_t)entries * broker_slot_bytes(r->stride) : 0;
}

size_t launch_plan_bytes(const struct launch_request *r, const struct launch_plan *p)
{
    return (size_t)p->blocks * block_bytes(r, p->in_shared) + worklist_bytes(r, p->worklist_size);
}

const void *launch_plan_kernel(const struct launch_request *r, const struct launch_plan *p)
{
    return r->hybrid ? hybrid_kernel(p->in_shared) : stackonly_kernel(p->in_shared);
}

static int64_t default_worklist_size(const struct launch_request *r)
{
    if (!r->hybrid)
        return 0;
    if (r->o->gpu.worklist_size > 0)
        return r->o->gpu.worklist_size;
    int64_t fit =
        (int64_t)((double)r->memory * WORKLIST_MEMORY_SHARE / (double)broker_slot_bytes(r->stride));
    int64_t size = fit < DEFAULT_WORKLIST_SIZE ? fit : DEFAULT_WORKLIST_SIZE;
    return size > MIN_WORKLIST_SIZE ? size : MIN_WORKLIST_SIZE;
}

static int threshold_entries(const struct launch_request *r, int64_t worklist_size)
{
    double fraction = r->o->gpu.threshold > 0 ? r->o->gpu.threshold : DEFAULT_THRESHOLD;
    double t = ceil(fraction * (double)worklist_size);
    if (t < 1)
        t = 1;
    if (t > (double)worklist_size)
        t = (double)worklist_size;
    return (int)t;
}

/* The power of two nearest to n / VERTICES_PER_THREAD threads, within [MIN_PREFERRED_BLOCK,
 * MAX_BLOCK_THREADS]. */
static int preferred_block_size(int n)
{
    double want = (double)n / VERTICES_PER_THREAD;
    int b = MIN_PREFERRED_BLOCK;
    while (b < MAX_BLOCK_THREADS && want >= b * 1.41421356)
        b *= 2;
    return b;
}

/* log2 distance, for comparing block sizes with the preferred one */
static double size_distance(int a, int b)
{
    return fabs(log2((double)a) - log2((double)b));
}

/* The best block size for one storage policy; c->valid = 0 when none fits. */
static int best_for_storage(const struct launch_request *r, int in_shared, int64_t worklist_size,
                            const cudaDeviceProp *prop, struct candidate *c, struct error *err)
{
    c->valid = 0;
    const void *kernel = r->hybrid ? hybrid_kernel(in_shared) : stackonly_kernel(in_shared);
    size_t smem = search_dynamic_smem(in_shared, r->stride);
    cudaFuncAttributes attr;
    int status = CUDA_CHECK(err, cudaFuncGetAttributes(&attr, kernel));
    if (status != MVC_OK)
        return status;
    if (smem + attr.sharedSizeBytes > prop->sharedMemPerBlockOptin)
        return MVC_OK;
    /*
     * The most the device allows rather than smem: the attribute is the
     * process's, and a solve on another thread (library calls) setting a
     * smaller value between this one's setting and its launch would fail it.
     */
    int allowed = (int)(prop->sharedMemPerBlockOptin - attr.sharedSizeBytes);
    status = CUDA_CHECK(
        err, cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, allowed));
    if (status != MVC_OK)
        return status;

    size_t total = r->memory, queue = worklist_bytes(r, worklist_size);
    int64_t memory_blocks =
        total > queue ? (int64_t)((total - queue) / block_bytes(r, in_shared)) : 0;
    int64_t full = (int64_t)prop->maxThreadsPerMultiProcessor * prop->multiProcessorCount;
    int max_threads = attr.maxThreadsPerBlock < prop->maxThreadsPerBlock ? attr.maxThreadsPerBlock
                                                                         : prop->maxThreadsPerBlock;
    max_threads = max_threads / WARP_LANES * WARP_LANES;
    int upper = (r->n + WARP_LANES - 1) / WARP_LANES * WARP_LANES;
    if (upper > max_threads)
        upper = max_threads;
    if (upper < WARP_LANES)
        upper = WARP_LANES;

    /* Candidates: the user's block size, or powers of two up to the upper limit and the limit
     * itself. */
    struct candidate all[16];
    int count = 0;
    for (int size = WARP_LANES;; size = size * 2 < upper ? size * 2 : upper) {
        int block_size = size;
        if (r->o->gpu.block_size > 0) {
            block_size = (r->o->gpu.block_size + WARP_LANES - 1) / WARP_LANES * WARP_LANES;
            if (block_size > max_threads)
                block_size = max_threads;
        }
        int per_sm = 0;
        status = CUDA_CHECK(
            err, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block_size, smem));
        if (status != MVC_OK)
            return status;
        int64_t blocks = (int64_t)per_sm * prop->multiProcessorCount;
        if (blocks > memory_blocks)
            blocks = memory_blocks;
        if (r->o->gpu.blocks > 0 && blocks > r->o->gpu.blocks)
            blocks = r->o->gpu.blocks;
        if (blocks >= 1) {
            all[count].valid = 1;
            all[count].block_size = block_size;
            all[count].blocks = (int)blocks;
            all[count].threads = blocks * block_size < full ? blocks * block_size : full;
            count++;
        }
        if (r->o->gpu.block_size > 0 || size >= upper || count == 16)
            break;
    }

    /* Within OCCUPANCY_TOLERANCE of the most resident threads, the size nearest the preferred one.
     */
    int64_t most = 0;
    for (int i = 0; i < count; i++)
        most = all[i].threads > most ? all[i].threads : most;
    int prefer = preferred_block_size(r->n);
    for (int i = 0; i < count; i++) {
        if ((double)all[i].threads < OCCUPANCY_TOLERANCE * (double)most)
            continue;
        if (!c->valid ||
            size_distance(all[i].block_size, prefer) < size_distance(c->block_size, prefer))
            *c = all[i];
    }
    return MVC_OK;
}

int launch_plan_choose(const struct launch_request *r, struct launch_plan *p, struct error *err)
{
    int device = 0;
    cudaDeviceProp prop;
    int status = CUDA_CHECK(err, cudaGetDevice(&device));
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaGetDeviceProperties(&prop, device));
    if (status != MVC_OK)
        return status;

    int64_t worklist_size = default_worklist_size(r);
    struct candidate shared = {0, 0, 0, 0}, global = {0, 0, 0, 0};
    if (r->storage != GPU_STORAGE_GLOBAL &&
        (status = best_for_storage(r, 1, worklist_size, &prop, &shared, err)) != MVC_OK)
        return status;
    if (r->storage != GPU_STORAGE_SHARED &&
        (status = best_for_storage(r, 0, worklist_size, &prop, &global, err)) != MVC_OK)
        return status;

    if (r->storage == GPU_STORAGE_SHARED && !shared.valid)
        return error_set(
            err, MVC_EUNSUPPORTED,
            "the shared-memory search kernel cannot run: a node of %d vertices needs %zu bytes "
            "of shared memory (the device has %zu per block) or its stack does not fit",
            r->n, search_dynamic_smem(true, r->stride), prop.sharedMemPerBlockOptin);
    if (!shared.valid && !global.valid)
        return error_set(err, MVC_EDEVICE,
                         "not enough device memory for the search: one block's stack of %d nodes "
                         "needs %zu bytes, "
                         "the worklist %zu, and %zu are available",
                         r->stack_depth, block_bytes(r, 0), worklist_bytes(r, worklist_size),
                         r->memory);

    int use_shared = shared.valid && (!global.valid || shared.threads * 2 >= global.threads);
    const struct candidate *c = use_shared ? &shared : &global;
    p->in_shared = use_shared;
    p->block_size = c->block_size;
    p->blocks = c->blocks;
    p->dynamic_smem = search_dynamic_smem(use_shared, r->stride);
    p->worklist_size = worklist_size;
    p->threshold = r->hybrid ? threshold_entries(r, worklist_size) : 0;
    p->start_depth = 0;
    if (!r->hybrid) {
        if (r->o->gpu.depth > 0) {
            p->start_depth = r->o->gpu.depth;
        } else {
            int64_t want =
                (int64_t)p->blocks * SUBTREES_PER_BLOCK * (r->devices > 1 ? r->devices : 1);
            while ((1ll << p->start_depth) < want)
                p->start_depth++;
        }
        if (p->start_depth > MAX_START_DEPTH)
            p->start_depth = MAX_START_DEPTH;
    }
    return MVC_OK;
}

int launch_plan_shrink(const struct launch_request *r, struct launch_plan *p)
{
    if (r->hybrid && r->o->gpu.worklist_size <= 0 && p->worklist_size > MIN_WORKLIST_SIZE) {
        p->worklist_size /= 2;
        if (p->worklist_size < MIN_WORKLIST_SIZE)
            p->worklist_size = MIN_WORKLIST_SIZE;
        p->threshold = threshold_entries(r, p->worklist_size);
        return 1;
    }
    if (p->blocks > 1) {
        p->blocks /= 2;
        return 1;
    }
    return 0;
}
