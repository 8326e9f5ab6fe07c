/*
 * The door between host C and the GPU solvers of vertex cover (src/gpu/ holds
 * every door): plain C declarations, implemented in kernels/common/, vc/ and
 * clique/ when the build has CUDA. Without CUDA none of these exist and the
 * callers are compiled out (HAVE_CUDA in config.h).
 */
#ifndef MVC_GPU_H
#define MVC_GPU_H

#include <stdint.h>

#include "cover.h"
#include "error.h"
#include "graph.h"
#include "solve.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Number of usable CUDA devices (0 when none or the driver is missing). */
int gpu_device_count(void);

/*
 * Starts the CUDA runtime (driver, device 0's primary context) on a
 * background thread, so that its cost (about 0.25-0.35 s on an H100)
 * overlaps loading, kernelization and the CPU probe instead of following
 * them. Later CUDA calls from any thread wait for it inside the runtime.
 * Idempotent; does nothing when there is no device.
 */
void gpu_warm_up_start(void);

/*
 * Searches start the CUDA runtime (gpu_warm_up_start) this long after they
 * begin: late enough that the many components the CPU solves within tens of
 * milliseconds never start it (a start-up in flight when the answer is ready
 * delays the process's end by 0.07-0.15 s on an H100 machine: cop_hat300-3,
 * solved by the threaded clique search in 0.04 s, ended after 0.19 s with it
 * started at 0.02 s), early enough that it is mostly ready when the GPU
 * solver joins the pipeline's race (bench/results/gpu-warm-up-moment-h100.md).
 */
#define GPU_WARM_UP_AFTER 0.06

/* Whether that start-up is still under way (the process must then end with _exit). */
int gpu_warm_up_running(void);

/* Whether it has ended (successfully or not): CUDA calls no longer wait for it. */
int gpu_warm_up_done(void);

/* One line naming device 0, e.g. "NVIDIA H100 80GB HBM3 (132 SMs, sm_90)". */
int gpu_device_name(char *buf, int size);

/*
 * Vertex cover on the GPU: o->solver is SOLVER_HYBRID or SOLVER_STACKONLY.
 * Same contract as solve_seq (solve.h): returns a solve_outcome or a negative
 * mvc_status, and the cover is valid even when stopped early.
 */
int gpu_solve_mvc(const struct graph *g, const struct solve_opts *o, struct cover *out,
                  struct solve_stats *st, struct error *err);

/*
 * Dense graphs: minimum vertex cover as the complement of a maximum clique of
 * g's edge complement, by a bitset colouring branch-and-bound spread over the
 * GPU's warps (the CPU version is src/vc/clique/clique.c). Same contract as solve_seq.
 */
int gpu_solve_clique(const struct graph *g, const struct solve_opts *o, struct cover *out,
                     struct solve_stats *st, struct error *err);

#ifdef __cplusplus
}
#endif

#endif
