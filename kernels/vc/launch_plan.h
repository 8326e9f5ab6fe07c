/*
 * Launch configuration of a search (Yamout et al. 2022, Sec. IV-E): storage
 * policy, threads per block, number of co-resident blocks, worklist size and
 * threshold, from the device's limits, the memory at hand and the user's
 * overrides.
 */
#ifndef MVC_LAUNCH_PLAN_H
#define MVC_LAUNCH_PLAN_H

#include <stddef.h>
#include <stdint.h>

extern "C" {
#include "error.h"
#include "solve.h"
}

/* Entries of the worklist by default (the smallest size the paper tries) and its share of free
 * memory. */
#define DEFAULT_WORKLIST_SIZE (1 << 17)
#define WORKLIST_MEMORY_SHARE 0.25
#define MIN_WORKLIST_SIZE 16
/* Share children while the worklist is below this fraction of its size. */
#define DEFAULT_THRESHOLD 0.5
/* StackOnly sub-trees per block when the depth is chosen automatically. */
#define SUBTREES_PER_BLOCK 1
#define MAX_START_DEPTH 40

/* What the search needs, independent of how it is launched. */
struct launch_request {
    int n;
    int stride;      /* ints per node */
    int stack_depth; /* nodes per local stack */
    int hybrid;      /* 1: with a worklist */
    int devices;     /* the devices the search spreads over (StackOnly deals sub-trees to all) */
    enum gpu_storage storage;
    const struct solve_opts *o;
    size_t memory; /* device bytes available for stacks, node buffers and the worklist */
};

struct launch_plan {
    int in_shared;
    int block_size;
    int blocks;
    size_t dynamic_smem;
    int64_t worklist_size; /* 0 for StackOnly */
    int threshold;         /* entries */
    int start_depth;       /* StackOnly */
};

/* Chooses a plan. MVC_EDEVICE with a message when nothing fits, MVC_EUNSUPPORTED when a forced
 * storage cannot be. */
int launch_plan_choose(const struct launch_request *r, struct launch_plan *p, struct error *err);

/* Device bytes the plan's per-launch buffers take. */
size_t launch_plan_bytes(const struct launch_request *r, const struct launch_plan *p);

/* Kernel of the plan. */
const void *launch_plan_kernel(const struct launch_request *r, const struct launch_plan *p);

/* After an allocation failed: a smaller plan (smaller worklist first, then fewer blocks). 0 when
 * none is left. */
int launch_plan_shrink(const struct launch_request *r, struct launch_plan *p);

#endif
