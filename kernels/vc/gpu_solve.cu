/*
 * gpu_solve_mvc (src/gpu/gpu.h): the host side of the GPU solvers. Greedy upper
 * bound on the host, answers that need no search, then the search over the
 * devices --gpus names (search_team.cu: per device a launch plan, Sec. IV-E,
 * and a persistent kernel, with a polling wait that honours the stop flag and
 * the time limit), its best cover and its statistics.
 */
#include <string.h>

extern "C" {
#include "clock.h"
#include "cover.h"
#include "error.h"
#include "graph.h"
#include "solve.h"
}
#include "gpu.h"

#include "device_team.h"
#include "gpu_greedy.h"
#include "kernel_watch.h"
#include "node.cuh"
#include "search_layout.h"
#include "search_team.h"

/*
 * Domination inside the GPU search pays on sparse graphs and costs on dense
 * ones (bench/results/gpu-domination-h100.md, hybrid --no-reduce on an H100:
 * wikipedia_link_lo, mean degree 44, 2.06 s -> 0.015 s; cop_hat500-2, mean
 * degree 250, 0.29 s -> 0.95 s): GPU_DOMINATION_AUTO turns it on up to this
 * mean degree.
 */
#define GPU_DOMINATION_MAX_MEAN_DEGREE 64

static int use_domination(const struct graph *g, enum gpu_domination d)
{
    if (d == GPU_DOMINATION_AUTO)
        return 2 * g->m <= (int64_t)GPU_DOMINATION_MAX_MEAN_DEGREE * g->n;
    return d == GPU_DOMINATION_ON;
}

int gpu_solve_mvc(const struct graph *g, const struct solve_opts *o, struct cover *out,
                  struct solve_stats *st, struct error *err)
{
    struct gpu_run run;
    memset(&run, 0, sizeof run);
    run.g = g;
    run.o = o;
    run.pvc = o->k >= 0;
    run.domination = use_domination(g, o->gpu.domination);
    if (o->solver != SOLVER_HYBRID && o->solver != SOLVER_STACKONLY)
        return error_set(err, MVC_EUNSUPPORTED,
                         "the GPU solves with 'hybrid' or 'stackonly', not solver %d",
                         (int)o->solver);
    run.hybrid = o->solver == SOLVER_HYBRID;
    st->solver = run.hybrid ? "hybrid" : "stackonly";
    run.stride = (int)node_stride(g->n);

    if (cover_init(out, g->n) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for a cover of %ld vertices", (long)g->n);
    double t0 = clock_seconds();
    if (gpu_greedy_cover(g, out) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory in the greedy upper bound");
    st->t_upper = clock_seconds() - t0;
    st->greedy_size = out->size;
    st->best = out->size;
    progress_improve(o->report, out->size);

    /* Answers that need no search. */
    if (run.pvc && out->size <= o->k)
        return SOLVE_FOUND;
    if (!run.pvc && g->m == 0) {
        st->proven = 1;
        return SOLVE_OPTIMAL;
    }
    if (kernel_watch_stop_requested(o))
        return SOLVE_STOPPED;

    run.k_root = search_root_bound(g->n, run.pvc, o->k, out->size);
    run.upper = (int)out->size;
    int status = device_team_size(o, &run.devices, err);
    if (status != MVC_OK)
        return status;

    if (!kernel_watch_claim_device(o))
        return SOLVE_STOPPED; /* another thread's search held the device until the deadline */
    int outcome = search_team_solve(&run, out, st, err);
    kernel_watch_release_device();
    return outcome;
}
