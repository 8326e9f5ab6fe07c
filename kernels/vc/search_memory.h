/*
 * All device memory of one GPU solve, owned by one struct: the graph, the root
 * and best nodes and the control words for the whole solve; stacks, node
 * buffers, statistics and the worklist for one launch plan. Every exit path
 * ends with search_memory_close(), which frees whatever is held.
 */
#ifndef MVC_SEARCH_MEMORY_H
#define MVC_SEARCH_MEMORY_H

extern "C" {
#include "error.h"
#include "graph.h"
}
#include "kernel_watch.h"
#include "launch_plan.h"
#include "search_layout.h"
#include "search_types.cuh"

struct search_memory {
    struct search_buffers dev; /* device memory, laid out by search_layout.h */
    struct kernel_watch watch; /* whole solve: the search kernel's streams and events */
};

/* Device bytes search_memory_open() takes for g. */
size_t search_memory_solve_bytes(const struct graph *g, int stride);

/* Uploads g and the root node (stride ints), opens the watch (streams and events). */
int search_memory_open(struct search_memory *m, const struct graph *g, const int *root, int stride,
                       struct error *err);

/* Buffers of one plan. MVC_ENOMEM without a message when the device is out of memory (retry
 * smaller). */
int search_memory_plan(struct search_memory *m, const struct launch_request *r,
                       const struct launch_plan *p, struct error *err);
void search_memory_release_plan(struct search_memory *m);

void search_memory_close(struct search_memory *m);

#endif
