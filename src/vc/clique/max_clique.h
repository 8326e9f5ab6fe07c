/*
 * Maximum clique of a graph as a mode of its own (--clique): dense graphs
 * through the vertex cover pipeline on the edge complement, large sparse
 * graphs without any complement (degeneracy order, then each vertex's later
 * neighbourhood searched by the clique solver).
 */
#ifndef MVC_MAX_CLIQUE_H
#define MVC_MAX_CLIQUE_H

#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "graph.h"
#include "solve.h"

/* A clique of a graph of n vertices: size distinct 0-based ids, increasing. */
struct clique {
    int32_t n;
    int32_t size;
    int32_t *vertices;
};

void clique_free(struct clique *c);

struct max_clique_opts {
    /*
     * -1: a maximum clique. Otherwise the decision form: a clique of at least
     * this many vertices, or a proof that none exists.
     */
    int64_t at_least;
    /*
     * Options of the vertex cover pipeline (time limit, threads, solver,
     * stop flag, progress, GPU tuning): used as they are on the dense path,
     * and their time limit, threads and stop flag on the sparse one.
     */
    struct solve_opts solve;
    int64_t complement_max_bytes; /* the dense path is taken only when the complement fits */
    int path;                     /* MAX_CLIQUE_PATH_* */
};

enum max_clique_path {
    MAX_CLIQUE_PATH_AUTO = 0,
    MAX_CLIQUE_PATH_DENSE = 1,  /* complement, then the vertex cover pipeline */
    MAX_CLIQUE_PATH_SPARSE = 2, /* degeneracy order and later neighbourhoods */
};

void max_clique_opts_default(struct max_clique_opts *o);

struct max_clique_stats {
    const char *path;         /* "dense" or "sparse" */
    int32_t degeneracy;       /* sparse path: largest core number */
    int32_t heuristic;        /* sparse path: size of the clique found before the search */
    int64_t searched;         /* sparse path: neighbourhoods searched (not pruned) */
    int64_t nodes;            /* search tree nodes, all searches together */
    int32_t upper_bound;      /* best proven upper bound on the clique number */
    double t_search;          /* seconds */
    struct solve_stats cover; /* dense path: the vertex cover pipeline's statistics */
    double t_order; /* sparse path: seconds for the degeneracy order and its oriented graph */
};

/*
 * Returns SOLVE_OPTIMAL (out is a maximum clique), SOLVE_FOUND (at_least >= 0:
 * out has at least at_least vertices), SOLVE_NO_COVER (at_least >= 0: proven
 * that no clique of that size exists; out is the largest found), SOLVE_STOPPED
 * (time limit or stop flag: out is the largest found), or a negative
 * mvc_status with err set. out is always a clique of g when the return is >= 0.
 */
int max_clique_solve(const struct graph *g, const struct max_clique_opts *o, struct clique *out,
                     struct max_clique_stats *st, struct error *err);

/* MVC_OK when c's vertices are distinct, in range and pairwise adjacent in g; else MVC_EINPUT. */
int clique_check(const struct graph *g, const struct clique *c, struct error *err);

/* "s clique N SIZE", then one 1-based vertex per line. */
int clique_write(FILE *out, const struct clique *c);

/*
 * Reads that form for a graph of n vertices ("c" comments allowed, gzip when
 * built with zlib); errors name file and line.
 */
int clique_read(const char *path, int32_t n, struct clique *c, struct error *err);

#endif
