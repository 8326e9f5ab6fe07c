/*
 * Steiner mode: a 2-approximate Steiner tree spanning a graph's terminals, by
 * Kou, Markowsky and Berman or by Mehlhorn's variant, on the CPU or the GPU,
 * optionally improved by loose-path exchanges; checking and PACE output.
 */
#ifndef MVC_STEINER_H
#define MVC_STEINER_H

#include <stdint.h>
#include <stdio.h>

#include "deadline.h"
#include "error.h"
#include "gpu_steiner.h"
#include "graph.h"
#include "progress.h"

enum steiner_algo {
    STEINER_KMB,      /* shortest paths from every terminal, MST of the distance graph */
    STEINER_MEHLHORN, /* one multi-source search, MST over the Voronoi boundary */
};

enum { STEINER_DEVICE_AUTO = -1, STEINER_DEVICE_CPU = 0, STEINER_DEVICE_GPU = 1 };

/* A tree as a list of graph edges. The empty tree (weight 0) spans a single terminal. */
struct steiner_tree {
    int64_t weight;
    int64_t n_edges;
    int32_t (*edges)[2]; /* 0-based, u < v, sorted */
};

struct steiner_opts {
    int algo;    /* enum steiner_algo */
    int use_gpu; /* STEINER_DEVICE_*: auto takes the CPU (steiner.c says why) */
    int sssp;    /* enum sssp_kernel, for the GPU path */
    int mst;     /* STEINER_DEVICE_*: spanning forests of G'' and of Mehlhorn's boundary
                    graph; auto takes the GPU from a size on (steiner_mst.h says why) */
    int batch;   /* GPU KMB: sources per p-SSSP launch, 0 to choose */
    int improve; /* run the loose-path exchange after the construction */
    struct deadline deadline; /* ends the improvement (none by default) */
    struct progress *report;  /* the tree's weight as it improves, exchanges tried; or NULL */
};

void steiner_opts_default(struct steiner_opts *o);

struct steiner_stats {
    const char *algo;         /* "kmb" or "mehlhorn" */
    const char *device;       /* "cpu" or "gpu" */
    const char *sssp;         /* "dijkstra" or the GPU kernel that ran */
    const char *mst;          /* distance or boundary graph: "prim", "kruskal" or "boruvka-gpu" */
    const char *subgraph_mst; /* G'': "none" (already a tree), "kruskal" or "boruvka-gpu" */
    int batch;                /* GPU KMB: sources per launch */
    int32_t n_terminals;
    double t_sssp;   /* shortest paths */
    double t_mst;    /* MST of the terminal distance graph (KMB) or of the boundary graph */
    double t_expand; /* paths into G'', its MST when not a tree, leaf pruning */
    double t_improve;
    double t_total;
    int64_t sssp_runs;                         /* CPU: Dijkstra runs; GPU: batches */
    int64_t settled;                           /* CPU: vertices settled over all runs */
    int64_t gpu_launches;                      /* GPU: shortest-path kernel launches */
    int64_t gpu_mst_rounds;                    /* Boruvka rounds of the GPU forests */
    double t_gpu_mst;                          /* their time, within t_mst and t_expand */
    int64_t subgraph_vertices, subgraph_edges; /* G'', the union of the expanded paths */
    int subgraph_was_tree;                     /* |E''| = |V''| - 1: its MST was skipped */
    int64_t pruned;                            /* non-terminal leaves removed */
    int64_t weight_constructed;                /* before the improvement */
    int64_t weight;                            /* final */
    int64_t improve_rounds, improve_attempts, improve_exchanges;
    int improve_interrupted; /* the time limit or the stop flag ended the improvement */
};

/*
 * Steiner tree of g spanning g->terminals. Returns MVC_OK, or MVC_EINPUT with
 * a message for no terminals, a terminal out of range, a negative weight or
 * terminals in different components; MVC_ENOMEM, MVC_EDEVICE, MVC_EUNSUPPORTED
 * (GPU asked for in a build without CUDA). st may be NULL. An unweighted graph
 * (weights NULL) weighs 1 per edge.
 */
int steiner_solve(const struct graph *g, const struct steiner_opts *o, struct steiner_tree *out,
                  struct steiner_stats *st, struct error *err);

/*
 * Loose-path exchange on an existing tree (what steiner_solve runs when
 * o->improve): never increases the weight, ends by o->deadline; st (may be
 * NULL) describes this call alone.
 */
int steiner_improve(const struct graph *g, const struct steiner_opts *o, struct steiner_tree *t,
                    struct steiner_stats *st, struct error *err);

/*
 * MVC_OK when t's edges exist in g without repeats, form one tree (connected,
 * acyclic) that contains every terminal, and t->weight is the sum of their
 * weights; MVC_EINPUT with the first violation otherwise.
 */
int steiner_check(const struct graph *g, const struct steiner_tree *t, struct error *err);

/* "VALUE w", then "u v" per edge, 1-based. MVC_EIO when writing fails. */
int steiner_write_pace(FILE *out, const struct steiner_tree *t);

/*
 * Reads such an answer ("-" is standard input; "c" lines are comments) into t,
 * weight as claimed by VALUE, for steiner_check to judge. MVC_EINPUT with
 * FILE:LINE for malformed lines or vertices outside 1..g->n, MVC_EIO, MVC_ENOMEM.
 */
int steiner_read_pace(const char *path, const struct graph *g, struct steiner_tree *t,
                      struct error *err);

/* The same from an open stream; name is what messages call it. */
int steiner_read_pace_stream(FILE *in, const char *name, const struct graph *g,
                             struct steiner_tree *t, struct error *err);

void steiner_tree_free(struct steiner_tree *t);

/* "kmb", "mehlhorn"; and back (-1 for an unknown name). */
const char *steiner_algo_name(int algo);
int steiner_algo_parse(const char *name);

/* "auto", "bellman-ford", "tpull", "near-far"; and back (-1 for an unknown name). */
const char *steiner_sssp_name(int kernel);
int steiner_sssp_parse(const char *name);

#endif
