/*
 * Internal to Steiner mode: minimum spanning forests of edge lists (G'' and
 * Mehlhorn's boundary graph) by Kruskal on the CPU, or by Boruvka on the GPU
 * where that pays; the choice is a pure function, reported in the statistics.
 */
#ifndef MVC_STEINER_MST_H
#define MVC_STEINER_MST_H

#include <stdint.h>

#include "error.h"
#include "mst.h"
#include "steiner_tree.h"

/*
 * Edges from which the GPU forest pays in a run that already uses the GPU
 * (context started, graph uploaded). The GPU's cost is nearly fixed at these
 * sizes: an upload, three radix-sort passes and about log2(n) Boruvka rounds,
 * each ending in a few host synchronisations, estimated at some 5 ms; mst_kruskal's
 * qsort of 24-byte edges took 0.34 us per edge at 2^17 edges and 0.41 at 2^21
 * on the development machine's CPU, so 2^17 edges (some 45 ms) leave the GPU
 * a wide margin. To be tuned once measured on a device.
 */
#define STEINER_GPU_MST_MIN_EDGES ((int64_t)1 << 17)

/*
 * Edges from which the GPU forest pays in a run on the CPU, where it must
 * start CUDA first: about 0.35 s on an H100 (bench/results/steiner-h100.md,
 * the GPU rows of the smallest instances), what Kruskal needs for about a
 * million edges; 2^22 (some 1.7 s of Kruskal) keeps a margin. Below it a CPU
 * run never touches the CUDA runtime.
 */
#define STEINER_GPU_MST_COLD_MIN_EDGES ((int64_t)1 << 22)

/* Names in the statistics. */
#define STEINER_MST_KRUSKAL "kruskal"
#define STEINER_MST_BORUVKA_GPU "boruvka-gpu"

/*
 * Where the forest of m edges is computed: STEINER_DEVICE_CPU or _GPU.
 * requested: STEINER_DEVICE_* (steiner_opts.mst); gpu_run: the run's shortest
 * paths are on the GPU. Auto takes the GPU from the thresholds above; whether
 * a device exists is the caller's to check.
 */
int steiner_mst_choose(int requested, int gpu_run, int64_t m);

/*
 * Minimum spanning forest of vertices 0..n-1, chosen edges moved to the front
 * in mst_kruskal's order, *n_chosen of them: on the device steiner_mst_choose
 * picks for run->o->mst and run->use_gpu. An automatic choice of the GPU falls back to Kruskal when
 * no device is found or the device runs out of memory; a GPU asked for fails instead (MVC_EDEVICE,
 * MVC_EUNSUPPORTED without CUDA). *used names the code that ran; run->st gains the GPU's rounds and
 * time.
 */
int steiner_msf(struct steiner_run *run, int32_t n, struct wedge *edges, int64_t m,
                int64_t *n_chosen, const char **used, struct error *err);

#endif
