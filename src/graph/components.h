/* Connected components of a graph, so that each can be solved on its own. */
#ifndef MVC_COMPONENTS_H
#define MVC_COMPONENTS_H

#include <stdint.h>

#include "graph.h"

/*
 * component_of[v] (n entries, caller's) receives v's component, numbered
 * 0..*count-1 in order of each component's smallest vertex. MVC_OK, or
 * MVC_ENOMEM.
 */
int graph_components(const struct graph *g, int32_t *component_of, int32_t *count);

#endif
