/*
 * One device's part of a GPU clique search (host side): the graph and the
 * root's buffers on the device, the grid planned from its occupancy and
 * memory, the stacks, queue and export slots of that grid, and the control
 * block and queue set for each launch. Every exit path ends with
 * clique_device_close.
 */
#ifndef MVC_CLIQUE_DEVICE_H
#define MVC_CLIQUE_DEVICE_H

extern "C" {
#include "error.h"
#include "solve.h"
}

#include "clique_layout.h"
#include "clique_prepare.h"
#include "kernel_watch.h"

/*
 * Everything a solve holds on one device: the kernels' parameters, whose
 * pointers are the device buffers, the watch over the search kernel, and
 * the host's image of the queue's sequence numbers.
 */
struct clique_device {
    struct clique_params p;
    struct kernel_watch watch;
    unsigned int *seq;
};

/* How the grid is laid out on one device. */
struct clique_plan {
    int lane_words, threads, blocks, warps, sms;
    size_t shared_bytes;
    unsigned int queue_capacity;
};

/* device_alloc, with a message naming what did not fit. */
int clique_alloc(void **p, size_t bytes, const char *what, struct error *err);

/* The graph and the root's buffers on the current device; root_low_rows low classes. */
int clique_device_open(struct clique_device *d, const struct clique_problem *cp,
                       int32_t root_low_rows, struct error *err);
void clique_device_close(struct clique_device *d);

/*
 * Grid and memory of the search once p->rows and p->maxsat are set: blocks as
 * the occupancy allows (or as the options say), adjacency in shared memory
 * when it fits, and no more warps than their stacks fit in the device memory
 * left (less the export slots, when `exports`). Sets p's strides, warps and
 * queue capacity.
 */
int clique_device_plan(const struct clique_problem *cp, const struct solve_opts *o, int exports,
                       struct clique_params *p, struct clique_plan *plan, struct error *err);

/*
 * Stack and queue memory for the planned grid, and, when `exports` (the
 * device shares a search with others), its export slots.
 */
int clique_device_open_grid(struct clique_device *d, const struct clique_plan *plan, int exports,
                            struct error *err);

/*
 * The control block *ctl (its hot best, floor and stop set by the caller)
 * completed for a launch and copied to the device with the queue: with
 * count 0 the grid takes the root's branches; otherwise the queue starts
 * with the `count` subproblems of `slots` (queue slot images, at most the
 * queue's capacity) and the root list counts as used up.
 */
int clique_device_load(struct clique_device *d, struct clique_control *ctl, const int32_t *slots,
                       unsigned int count, struct error *err);

#endif
