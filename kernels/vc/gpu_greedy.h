/*
 * The greedy upper bound of the GPU solvers, computed on the host: the first
 * best cover and the bound on the depth of the local stacks.
 */
#ifndef MVC_GPU_GREEDY_H
#define MVC_GPU_GREEDY_H

extern "C" {
#include "cover.h"
#include "graph.h"
}

/* Fills c (initialised for g->n vertices, empty) with a vertex cover of g. MVC_OK or MVC_ENOMEM. */
int gpu_greedy_cover(const struct graph *g, struct cover *c);

#endif
