/*
 * The library's door for the mvc-gpu program (not installed): wrap a graph it
 * has already read, solve with every internal option, and read the internal
 * answer and statistics back for its output and --stats.
 */
#ifndef MVCGPU_INTERNAL_H
#define MVCGPU_INTERNAL_H

#include "cover.h"
#include "graph.h"
#include "max_clique.h"
#include "mvcgpu.h"
#include "solve.h"

/*
 * A view of g as an mvcgpu_graph, without copying and without taking
 * ownership: g must outlive *out, and mvcgpu_graph_free(*out) frees the view
 * only. Errors: MVCGPU_EINVAL, MVCGPU_ENOMEM.
 */
int mvcgpu_graph_wrap(const struct graph *g, mvcgpu_graph **out, mvcgpu_error *err);

/* The graph behind g (read only). */
const struct graph *mvcgpu_graph_internal(const mvcgpu_graph *g);

/*
 * Everything a solve can be told, as the internals take it, including what
 * the public options leave out (GPU tuning, progress, verbose lines, the
 * complement's memory bound, the clique path).
 */
struct mvcgpu_settings {
    enum mvcgpu_problem problem;
    int64_t k;                     /* PVC: the budget; CLIQUE_AT_LEAST: the size */
    struct solve_opts solve;       /* used as given, but for its k, which problem and k set */
    struct max_clique_opts clique; /* clique problems: its at_least and solve are replaced */
};

/* Problem MVC with solve_opts_default and max_clique_opts_default. */
void mvcgpu_settings_default(struct mvcgpu_settings *s);

/*
 * mvcgpu_solve with settings in place of options. The settings are not
 * checked beyond what the internals check themselves, and a CUDA start-up
 * the solve began is not waited for: the caller sees to it (gpu.h's
 * gpu_warm_up_running; the command line ends with _exit while it runs).
 */
int mvcgpu_solve_settings(const mvcgpu_graph *g, const struct mvcgpu_settings *s,
                          mvcgpu_result **out, mvcgpu_error *err);

/* The answer as the internals hold it: the cover (vertex cover problems) or NULL. */
const struct cover *mvcgpu_result_cover(const mvcgpu_result *r);

/* The clique (clique problems) or NULL. */
const struct clique *mvcgpu_result_clique(const mvcgpu_result *r);

/*
 * The vertex cover pipeline's statistics: the whole solve in the vertex
 * cover problems, the dense path's cover of the complement in the clique
 * problems (zero on the sparse path).
 */
const struct solve_stats *mvcgpu_result_solve_stats(const mvcgpu_result *r);

/* max_clique_solve's statistics (clique problems) or NULL. */
const struct max_clique_stats *mvcgpu_result_max_clique_stats(const mvcgpu_result *r);

#endif
