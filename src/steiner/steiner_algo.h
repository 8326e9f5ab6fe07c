/* Internal to Steiner mode: the constructions and the exchange, as steiner_solve calls them. */
#ifndef MVC_STEINER_ALGO_H
#define MVC_STEINER_ALGO_H

#include "steiner.h"
#include "steiner_tree.h"

/* Kou-Markowsky-Berman on the CPU: one early-halting Dijkstra per terminal. */
int steiner_kmb(struct steiner_run *run, struct steiner_tree *out, struct error *err);

/* Kou-Markowsky-Berman with batched GPU shortest paths (MVC_EUNSUPPORTED without CUDA). */
int steiner_kmb_gpu(struct steiner_run *run, struct steiner_tree *out, struct error *err);

/* Mehlhorn's variant: one multi-source search on the CPU or the GPU. */
int steiner_mehlhorn(struct steiner_run *run, int use_gpu, struct steiner_tree *out,
                     struct error *err);

/* The loose-path exchange on t until no exchange helps or o->deadline passes. */
int steiner_improve_run(struct steiner_run *run, struct steiner_tree *t, struct error *err);

#endif
