/*
 * Knobs of the GPU solver beyond struct solve_opts, for tests and experiments
 * (plain C). gpu_solve_mvc(g, o, ...) is gpu_solve_mvc_tuned(g, o, NULL, ...),
 * except that it also reads MVC_GPU_STORAGE=shared|global from the environment.
 */
#ifndef MVC_GPU_TUNING_H
#define MVC_GPU_TUNING_H

#include "cover.h"
#include "error.h"
#include "graph.h"
#include "solve.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a block keeps its current node (Sec. IV-E): chosen from the device's limits, or forced. */
enum gpu_storage {
    GPU_STORAGE_AUTO = 0,
    GPU_STORAGE_SHARED, /* shared memory; refused with MVC_EUNSUPPORTED when a node does not fit */
    GPU_STORAGE_GLOBAL, /* global memory */
};

/*
 * Domination inside the GPU search pays on sparse graphs and costs on dense
 * ones (bench/results/gpu-domination-h100.md, hybrid --no-reduce on an H100:
 * wikipedia_link_lo, mean degree 44, 2.06 s -> 0.015 s; cop_hat500-2, mean
 * degree 250, 0.29 s -> 0.95 s): on by default up to this mean degree.
 */
#define GPU_DOMINATION_MAX_MEAN_DEGREE 64

struct gpu_tuning {
    enum gpu_storage storage;
    int domination; /* a domination round at each node's fixed point (reduce.cuh) */
};

/* gpu_solve_mvc with tuning t (NULL: defaults). */
int gpu_solve_mvc_tuned(const struct graph *g, const struct solve_opts *o,
                        const struct gpu_tuning *t, struct cover *out, struct solve_stats *st,
                        struct error *err);

#ifdef __cplusplus
}
#endif

#endif
