/* The sparse path of max_clique_solve: no complement, one small search per later neighbourhood. */
#ifndef MVC_MAX_CLIQUE_SPARSE_H
#define MVC_MAX_CLIQUE_SPARSE_H

#include "max_clique.h"

/*
 * max_clique_solve's contract for a graph of at least one vertex. Fills
 * st's sparse fields; out is owned by the caller and holds no vertices on
 * entry.
 */
int max_clique_sparse(const struct graph *g, const struct max_clique_opts *o, struct clique *out,
                      struct max_clique_stats *st, struct error *err);

#endif
