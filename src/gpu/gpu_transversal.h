/*
 * The GPU as a finder of the transversal that meets the clique-cover bound
 * (bound_sat.h): thousands of min-conflicts tabu walkers, one per warp, each
 * from its own random start (kernels/vc/transversal_walk.cuh), run on a host
 * thread of their own beside the CPU's local search and CDCL, until one
 * walker finds the transversal or the caller stops them. Implemented in
 * kernels/vc/gpu_transversal.cu when the build has CUDA.
 */
#ifndef MVC_GPU_TRANSVERSAL_H
#define MVC_GPU_TRANSVERSAL_H

#include <signal.h>
#include <stdint.h>

#include "deadline.h"
#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

struct gpu_transversal;

struct gpu_transversal_stats {
    int64_t walkers;
    int64_t steps;     /* summed over the walkers */
    int64_t fewest;    /* the fewest conflicts any walker reached; -1 when none ran */
    double seconds;    /* from the start to the walkers' end */
    char message[256]; /* why the walkers did not run or ended early; empty when they ran */
};

/*
 * Starts the walkers on device 0 over the cliques clique_of[v] in
 * 0..cliques-1 (each a clique of g, none empty), whose members are
 * members[clique_start[c] .. clique_start[c + 1]) (as transversal_cliques
 * gives them), walker 0 from first[c] in each clique c, the others from
 * random choices by `seed`.
 * The thread first waits for the device (one search on it at a time,
 * kernel_watch.h), so the walkers may never run. They end when one finds a
 * transversal, when gpu_transversal_finish is called, or when d passes.
 * Returns NULL only when the thread cannot be started (memory).
 * g and the arrays must outlive the walkers, unchanged.
 */
struct gpu_transversal *gpu_transversal_start(const struct graph *g, const int32_t *clique_of,
                                              int32_t cliques, const int32_t *clique_start,
                                              const int32_t *members, const int32_t *first,
                                              uint64_t seed, const struct deadline *d);

/*
 * A flag raised once a walker has found the transversal or d's stop flag is
 * raised: a deadline with it and d's time ends a CPU search beside the
 * walkers as soon as they are done.
 */
volatile sig_atomic_t *gpu_transversal_stop_flag(struct gpu_transversal *t);

/*
 * 1 when a walker found the transversal: set[v] = 1 for its vertices, 0 for
 * the others. Once the stop flag is seen raised by a find, this sees it too.
 */
int gpu_transversal_found(struct gpu_transversal *t, uint8_t *set);

/* Stops the walkers, waits for the thread, fills st (may be NULL) and frees t (may be NULL). */
void gpu_transversal_finish(struct gpu_transversal *t, struct gpu_transversal_stats *st);

#ifdef __cplusplus
}
#endif

#endif
