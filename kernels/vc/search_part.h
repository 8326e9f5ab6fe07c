/*
 * One device's share of a GPU vertex cover solve (hybrid or StackOnly): its
 * memory and launch plan, a launch from given nodes, the wait, and what the
 * launch leaves (counts, the best cover, the nodes it handed over). The
 * team over several devices (search_team.cu) and the solve's entry
 * (gpu_solve.cu) are built on it. Every function runs with the part's
 * device current.
 */
#ifndef MVC_SEARCH_PART_H
#define MVC_SEARCH_PART_H

#include <stdint.h>

extern "C" {
#include "cover.h"
#include "error.h"
#include "graph.h"
#include "solve.h"
}
#include "kernel_watch.h"
#include "launch_plan.h"
#include "search_memory.h"

/* One solve: the inputs, what the greedy found, and what the search is told. */
struct gpu_run {
    const struct graph *g;
    const struct solve_opts *o;
    int pvc;
    int hybrid;
    int stride;
    int k_root;     /* largest cover size worth finding at the root */
    int domination; /* a domination round at each node's fixed point */
    int devices;    /* the devices the search spreads over */
    int upper;      /* the greedy cover's size */
};

struct search_part {
    int index; /* the device */
    struct search_memory m;
    struct launch_request r;
    struct launch_plan p;
    int sms;
    int slots; /* nodes of the export ring and of the seed buffer; 0 for one device */
    struct search_control ctl; /* as the last launch left it */
    int requested, copied;     /* export nodes asked for and taken, over the part's launches */
    int64_t nodes, imported, exported;
    int launches;
    double seconds;                         /* kernel time over every launch */
    double worklist, reductions, branching; /* sums of the blocks' time shares (MVC_GPU_TIMING) */
    int timed;
    int64_t per_sm[SOLVE_MAX_SMS];
};

/*
 * Opens device part->index for run: graph and root uploaded, plan chosen
 * and allocated (with `slots` nodes each for exports and seeds, when more
 * than one device searches).
 */
int search_part_open(const struct gpu_run *run, struct search_part *part, int slots,
                     struct error *err);

/* The launch plan to the progress board (device 0's, and the devices' count). */
void search_part_describe(const struct gpu_run *run, const struct search_part *part);

/*
 * Launches the part's grid from `count` nodes of `seeds` (host memory; NULL
 * and 0 for the root) with the control words `ctl` (the export counters are
 * the part's own). StackOnly ignores the seeds and takes the part's share
 * of the sub-trees (stackonly.cu).
 */
int search_part_launch(const struct gpu_run *run, struct search_part *part,
                       const struct search_control *ctl, const int *seeds, int count,
                       struct error *err);

/*
 * After the launch has ended: its control words into part->ctl, its blocks'
 * counts into the part's; an error the kernel reported is returned.
 */
int search_part_finish(const struct gpu_run *run, struct search_part *part, struct error *err);

/*
 * Export slots from .. to - 1 (counted over the part's launches, at most
 * part->slots of them) into `nodes` (host memory), read on the side stream
 * while the kernel may run.
 */
int search_part_copy_exports(const struct gpu_run *run, struct search_part *part, int from, int to,
                             int *nodes, struct error *err);

/* The cover held in the device's best node, checked against its recorded size. */
int search_part_read_cover(const struct gpu_run *run, struct search_part *part, struct cover *out,
                           struct error *err);

void search_part_close(struct search_part *part);

#endif
