/*
 * The buffers of one search and how the kernels' arguments point into them:
 * sizes, initial contents and struct search_args. Shared by the device side
 * (search_memory.cu allocates, gpu_solve.cu launches) and the host emulation
 * of the kernels (tests/t_search_emulated.cc), so that both lay out the same
 * search.
 */
#ifndef MVC_SEARCH_LAYOUT_H
#define MVC_SEARCH_LAYOUT_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

extern "C" {
#include "graph.h"
}
#include "launch_plan.h"
#include "search_types.cuh"

/* Where the buffers are: device memory on the GPU, host memory in the emulation. */
struct search_buffers {
    /* whole solve */
    int64_t *offsets;
    int *adj;
    int *root;
    int *best_node;
    struct search_control *ctl;
    int *exports; /* a search over several devices: the export ring and the seeds of a launch */
    int *seeds;
    /* one launch plan */
    int *stacks;
    int *scratch; /* global-memory kernel only */
    struct block_stats *stats;
    unsigned long long *queue_words; /* hybrid only: SEARCH_QUEUE_WORDS words, state, head, tail */
    unsigned int *tickets;
    int *payload;
};

#define SEARCH_QUEUE_WORDS 3

/*
 * Bytes of each buffer of one plan, 0 for those it does not use. stats,
 * queue_words and tickets must start zeroed; stacks, scratch and payload are
 * written before they are read.
 */
struct search_plan_bytes {
    size_t stacks, scratch, stats, queue_words, tickets, payload;
};

static inline struct search_plan_bytes search_plan_bytes_of(const struct launch_request *r,
                                                            const struct launch_plan *p)
{
    size_t node = (size_t)r->stride * sizeof(int), blocks = (size_t)p->blocks;
    size_t entries = p->worklist_size > 0 ? (size_t)p->worklist_size : 0;
    struct search_plan_bytes b;
    b.stacks = blocks * (size_t)r->stack_depth * node;
    b.scratch = p->in_shared ? 0 : blocks * node;
    b.stats = blocks * sizeof(struct block_stats);
    b.queue_words = entries > 0 ? SEARCH_QUEUE_WORDS * sizeof(unsigned long long) : 0;
    b.tickets = entries * sizeof(unsigned int);
    b.payload = entries * node;
    return b;
}

/*
 * The largest cover size worth finding at the root, from PVC's k or (MVC) the
 * greedy cover's size. Nothing deeper than this + 1 nodes ever waits on a
 * local stack (search_steps.cuh), which sizes the stacks.
 */
static inline int search_root_bound(int32_t n, int pvc, int64_t k, int64_t upper)
{
    return pvc ? (int)(k < n ? k : n) : (int)upper - 1;
}

/* The root node (stride ints): every vertex with its degree, nothing in the cover. */
static inline void search_root_fill(const struct graph *g, int stride, int *root)
{
    memset(root, 0, (size_t)stride * sizeof *root);
    for (int32_t v = 0; v < g->n; v++)
        root[v] = (int)graph_degree(g, v);
}

/* The control words at the launch: the best cover known is of size `upper`, none saved yet. */
static inline struct search_control search_control_initial(int upper)
{
    struct search_control c = {upper, INT_MAX, 0, 0, 0, SEARCH_ERROR_NONE, upper, 0, 0, 0};
    return c;
}

/* The kernels' arguments for plan p over buffers b; k_root from search_root_bound(). */
static inline struct search_args search_args_of(const struct search_buffers *b,
                                                const struct launch_request *r,
                                                const struct launch_plan *p, int pvc, int k_root)
{
    struct search_args a;
    memset(&a, 0, sizeof a);
    a.g.n = r->n;
    a.g.stride = r->stride;
    a.g.offsets = b->offsets;
    a.g.adj = b->adj;
    a.pvc = pvc;
    a.k = pvc ? k_root : 0;
    a.root = b->root;
    a.seeds = b->root;
    a.seed_count = 1;
    a.best_node = b->best_node;
    a.ctl = b->ctl;
    a.stacks = b->stacks;
    a.stack_depth = r->stack_depth;
    a.scratch = b->scratch;
    a.queue.state = b->queue_words;
    a.queue.head = b->queue_words != NULL ? b->queue_words + 1 : NULL;
    a.queue.tail = b->queue_words != NULL ? b->queue_words + 2 : NULL;
    a.queue.tickets = b->tickets;
    a.queue.payload = b->payload;
    a.queue.capacity = p->worklist_size > 0 ? (unsigned long long)p->worklist_size : 0;
    a.queue.stride = r->stride;
    a.threshold = p->threshold;
    a.start_depth = p->start_depth;
    a.subtree_part = 0;
    a.subtree_parts = 1;
    a.stats = b->stats;
    return a;
}

#endif
