/*
 * The solvers by name: what --solver accepts, which need a CUDA device, and
 * solver_run, which runs the one a solve_opts names on a whole graph.
 */
#include "solve.h"

#include <string.h>
#include <unistd.h>

#include "config.h"
#include "bnr.h"
#include "clique.h"
#include "gpu.h"
#include "greedy.h"
#include "local_search_beside.h"

void solve_opts_default(struct solve_opts *o)
{
    memset(o, 0, sizeof *o);
    o->solver = SOLVER_AUTO;
    o->k = -1;
    o->reduce = 1;
    o->pipeline.bound_sat = 1;
    o->pipeline.gpu_after = -1;
}

int solve_cpus(const struct solve_opts *o)
{
    if (o->threads > 0)
        return o->threads;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}

const char *solver_name(enum solver_kind kind)
{
    switch (kind) {
    case SOLVER_AUTO: return "auto";
    case SOLVER_SEQ: return "seq";
    case SOLVER_STACKONLY: return "stackonly";
    case SOLVER_HYBRID: return "hybrid";
    case SOLVER_CLIQUE: return "clique";
    case SOLVER_CLIQUE_GPU: return "clique-gpu";
    case SOLVER_BNR: return "bnr";
    }
    return "?";
}

enum solver_kind solver_resolve(enum solver_kind kind)
{
    if (kind != SOLVER_AUTO)
        return kind;
#ifdef HAVE_CUDA
    if (gpu_device_count() > 0)
        return SOLVER_HYBRID;
#endif
    return SOLVER_SEQ;
}

int solver_needs_gpu(enum solver_kind kind)
{
    return kind == SOLVER_STACKONLY || kind == SOLVER_HYBRID || kind == SOLVER_CLIQUE_GPU;
}

int solver_parse(const char *name, enum solver_kind *kind)
{
    static const struct {
        const char *name;
        enum solver_kind kind;
    } aliases[] = {{"sequential", SOLVER_SEQ}, {"cpu", SOLVER_SEQ}};
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(name, aliases[i].name) == 0) {
            *kind = aliases[i].kind;
            return 0;
        }
    for (int k = SOLVER_AUTO; k <= SOLVER_BNR; k++)
        if (strcmp(name, solver_name((enum solver_kind)k)) == 0) {
            *kind = (enum solver_kind)k;
            return 0;
        }
    return -1;
}

int solver_available(enum solver_kind kind, struct error *err)
{
    if (!solver_needs_gpu(kind))
        return MVC_OK;
#ifdef HAVE_CUDA
    if (gpu_device_count() == 0)
        return error_set(err, MVC_EDEVICE, "solver '%s' needs a CUDA device and none was found",
                         solver_name(kind));
    return MVC_OK;
#else
    return error_set(err, MVC_EUNSUPPORTED,
                     "solver '%s' needs the GPU, and this mvc-gpu was built without CUDA "
                     "(configure --with-cuda)",
                     solver_name(kind));
#endif
}

/*
 * NuMVC beside a clique search on graphs of more than BESIDE_MIN_VERTICES
 * vertices whose complement (the graph searched for cliques) has an edge
 * density of at least BESIDE_MIN_CLIQUE_DENSITY, for BESIDE_STEPS_PER_VERTEX
 * steps a vertex. On the complements of the DIMACS graphs it reaches ω within
 * 15 steps a vertex wherever it does within a second (p_hat1500-3: 22,718
 * steps, p_hat1000-3: 7,333, MANN_a27: 5,052), where the greedy start is one
 * to seven vertices short. Below that density ω is small, the greedy start
 * is within a vertex of it, and the graph is dense, which makes each step
 * dear: on p_hat1500-1 (0.25) the search took 0.82 s with it against 0.68 s
 * without (H200 machine). Smaller graphs are searched in microseconds.
 */
#define BESIDE_MIN_VERTICES 64
#define BESIDE_MIN_CLIQUE_DENSITY 0.4
#define BESIDE_STEPS_PER_VERTEX 30
/*
 * NuMVC takes about 40 bytes an edge beside the graph: past this many edges
 * (about 700 MB) it is left out. The DIMACS complements have under a million.
 */
#define BESIDE_MAX_EDGES ((int64_t)1 << 24)
/*
 * It starts this long after the search: on the 2-core machine the race on a
 * PACE 2019 kernel already keeps both cores busy, and a local search from
 * the start made the many instances solved within 0.3 s up to 2.7 times
 * slower (vc-exact_143: 0.064 -> 0.170 s), while it halves the time of the
 * 200-vertex family that takes seconds (vc-exact_031: 1.17 -> 0.45 s).
 */
#define BESIDE_AFTER 0.2

static int beside_pays(const struct graph *g, const struct solve_opts *o)
{
    return !o->clique.no_local_search && g->n > BESIDE_MIN_VERTICES && g->m <= BESIDE_MAX_EDGES &&
           graph_complement_density(g) >= BESIDE_MIN_CLIQUE_DENSITY;
}

static int run_clique_solver(const struct graph *g, const struct solve_opts *o, struct cover *out,
                             struct solve_stats *st, struct error *err)
{
    if (o->solver == SOLVER_CLIQUE)
        return solve_clique(g, o, out, st, err);
#ifdef HAVE_CUDA
    return gpu_solve_clique(g, o, out, st, err);
#else
    return error_set(err, MVC_EUNSUPPORTED, "no solver chosen");
#endif
}

/*
 * A clique search with NuMVC beside it (local_search_beside.h): the search
 * prunes against the local search's cover as well as its own, so a complete
 * search proves that nothing is smaller than the smaller of the two, and
 * answers with that one.
 */
static int solve_clique_beside(const struct graph *g, const struct solve_opts *o, struct cover *out,
                               struct solve_stats *st, struct error *err)
{
    if (!beside_pays(g, o))
        return run_clique_solver(g, o, out, st, err);
    struct cover start = {0};
    int status = greedy_cover(g, &start, err);
    if (status != MVC_OK)
        return status;
    struct local_search_beside ls;
    /* the two clique searches of a race each get a local search of their own seed */
    local_search_beside_start(&ls, g, &start, &o->deadline, BESIDE_AFTER,
                              (int64_t)BESIDE_STEPS_PER_VERTEX * g->n, (int32_t)o->k,
                              1 + (uint64_t)o->solver);
    cover_free(&start);
    struct solve_opts with = *o;
    with.clique.held = &ls.held;
    int outcome = run_clique_solver(g, &with, out, st, err);
    local_search_beside_free(&ls);
    return outcome;
}

int solver_run(const struct graph *g, const struct solve_opts *o, struct cover *out,
               struct solve_stats *st, struct error *err)
{
    switch (o->solver) {
    case SOLVER_SEQ: return solve_seq(g, o, out, st, err);
    case SOLVER_BNR: return solve_bnr(g, o, out, st, err);
    case SOLVER_CLIQUE:
        if (g->n > CLIQUE_MAX_VERTICES)
            return error_set(err, MVC_EUNSUPPORTED,
                             "solver 'clique' takes at most %d vertices, the graph has %ld",
                             CLIQUE_MAX_VERTICES, (long)g->n);
        return solve_clique_beside(g, o, out, st, err);
    case SOLVER_STACKONLY:
    case SOLVER_HYBRID:
    case SOLVER_CLIQUE_GPU: {
        int status = solver_available(o->solver, err);
        if (status != MVC_OK)
            return status;
#ifdef HAVE_CUDA
        if (o->solver == SOLVER_CLIQUE_GPU)
            return solve_clique_beside(g, o, out, st, err);
        return gpu_solve_mvc(g, o, out, st, err);
#else
        break;
#endif
    }
    case SOLVER_AUTO: break;
    }
    return error_set(err, MVC_EUNSUPPORTED, "no solver chosen");
}
