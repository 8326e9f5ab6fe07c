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

#include <stdlib.h>

#include "clique_launch.h"
#include "clique_layout.h"
#include "clique_prepare.h"
#include "cuda_check.h"
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

/* How often a host thread looks at a running launch that shares its search. */
#define CLIQUE_LOOK_SECONDS 0.001
/* Subproblems a device is asked for at a time when others need work. */
#define CLIQUE_EXPORTS_PER_ASK 32

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

/* The device's best clique, `size` vertices, into out (host), on `stream`. */
int clique_device_read_best(struct clique_device *d, int32_t size, int32_t *out,
                            cudaStream_t stream, struct error *err);

/*
 * The root coloured by one warp from min_colour on (clique_launch_root):
 * *ctl copied to the device first and read back after, with root_count and
 * colours filled; recorded between the watch's started and finished events.
 */
int clique_device_colour_root(struct clique_device *d, int min_colour, struct clique_control *ctl,
                              struct error *err);

/*
 * One launch of the planned grid over `count` subproblems of `slots` (0:
 * the root's branches): *ctl loaded (clique_device_load), the search kernel
 * launched between the watch's events and waited for (kernel_watch_wait:
 * o's stop requests reach it, *stop_sent then set; look() every
 * report_seconds), and *ctl read back once it has ended. A failed wait
 * leaves the kernel stopped (kernel_watch_abandon).
 */
template <class Look>
static int clique_device_run(struct clique_device *d, const struct clique_plan *plan,
                             struct clique_control *ctl, const int32_t *slots, unsigned int count,
                             const struct solve_opts *o, int *stop_sent, Look look,
                             struct error *err)
{
    struct clique_params *p = &d->p;
    cudaStream_t stream = d->watch.stream;
    int status;
    if ((status = clique_device_load(d, ctl, slots, count, err)) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventRecord(d->watch.started, stream))) != MVC_OK ||
        (status = clique_launch_search(p, plan->blocks, plan->threads, plan->shared_bytes, stream,
                                       err)) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventRecord(d->watch.finished, stream))) != MVC_OK)
        return status;
    if ((status = kernel_watch_wait(&d->watch, o, &p->ctl->hot[HOT_STOP], stop_sent, true, look,
                                    "the clique search kernel", err)) != MVC_OK) {
        kernel_watch_abandon(&d->watch, &p->ctl->hot[HOT_STOP]);
        return status;
    }
    if ((status = CUDA_CHECK(err, cudaMemcpyAsync(ctl, p->ctl, sizeof *ctl, cudaMemcpyDeviceToHost,
                                                  stream))) != MVC_OK)
        return status;
    return CUDA_CHECK(err, cudaStreamSynchronize(stream));
}

/*
 * The export slots [*copied, end) of the running or ended launch (end at
 * most the slots there are), read back into a host array and passed to
 * take(slots, count), which returns a status; then *copied = end.
 */
template <class Take>
static int clique_device_take_exports(struct clique_device *d, int *copied, int end, Take take,
                                      struct error *err)
{
    const struct clique_params *p = &d->p;
    end = end < p->export_capacity ? end : p->export_capacity;
    if (end <= *copied)
        return MVC_OK;
    size_t count = (size_t)(end - *copied), ints = count * p->slot_stride;
    int32_t *slots = (int32_t *)malloc(ints * sizeof(int32_t));
    if (slots == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for subproblems a device hands on");
    int status = CUDA_CHECK(
        err, cudaMemcpyAsync(slots, p->exports + (size_t)*copied * p->slot_stride,
                             ints * sizeof(int32_t), cudaMemcpyDeviceToHost, d->watch.side));
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaStreamSynchronize(d->watch.side));
    if (status == MVC_OK)
        status = take(slots, count);
    free(slots);
    if (status == MVC_OK)
        *copied = end;
    return status;
}

/*
 * While a launch runs: the export slots it has completed since *copied go
 * to take (clique_device_take_exports), and once the last ask is used up,
 * the kernel is asked for want() more (at most the slots left; 0 asks for
 * none, and want() is only called when an ask could be made). The slots
 * written are read first and the slots claimed after: when the two agree,
 * no claim was unwritten at the first read nor made before the second
 * (both only grow, and never more are written than claimed), so every slot
 * up to there is complete. One read of both could see a claim's slot
 * counted by another warp's write and copy it unwritten.
 */
template <class Want, class Take>
static int clique_device_serve_exports(struct clique_device *d, int *copied, int *requested,
                                       Want want, Take take, struct error *err)
{
    struct clique_control *ctl = d->p.ctl;
    int written = 0, tail = 0;
    int status = kernel_watch_read(&d->watch, &ctl->export_written, &written, err);
    if (status == MVC_OK)
        status = kernel_watch_read(&d->watch, &ctl->export_tail, &tail, err);
    if (status == MVC_OK && tail == written && tail > *copied)
        status = clique_device_take_exports(d, copied, tail, take, err);
    int room = d->p.export_capacity - *requested;
    if (status != MVC_OK || tail < *requested || room <= 0)
        return status;
    int ask = want();
    ask = ask < room ? ask : room;
    if (ask <= 0)
        return MVC_OK;
    status = kernel_watch_write(&d->watch, &ctl->hot[HOT_EXPORT], ask, err);
    if (status == MVC_OK)
        *requested += ask;
    return status;
}

#endif
