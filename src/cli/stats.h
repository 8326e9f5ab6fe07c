/* Statistics of one run as JSON (--stats). */
#ifndef MVC_STATS_H
#define MVC_STATS_H

#include <stdio.h>

#include "graph.h"
#include "solve.h"

struct run_info {
    const char *input;
    const char *mode; /* "mvc", "pvc", "clique", "clique-k" */
    int64_t k;        /* -1 for MVC */
    int32_t n;        /* input graph (after --complement) */
    int64_t m;
    double t_load;       /* reading the file */
    double t_total;      /* whole process until the answer */
    const char *outcome; /* "optimal", "found", "no-cover", "stopped" */
};

int stats_write_json(FILE *out, const struct run_info *run, const struct solve_stats *st);

struct max_clique_stats;
/* --clique: the run, the path taken and its search; size is the clique's. */
int stats_write_clique_json(FILE *out, const struct run_info *run,
                            const struct max_clique_stats *st, int32_t size);

struct steiner_stats;
/* improve_budget: the improvement phase's budget in seconds, 0 for none of its own. */
int stats_write_steiner_json(FILE *out, const char *input, const struct graph *g, double t_load,
                             double t_total, double improve_budget, const struct steiner_stats *st);

#endif
