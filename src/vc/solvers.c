/*
 * The solvers by name: what --solver accepts, which need a CUDA device, and
 * solver_run, which runs the one a solve_opts names on a whole graph.
 */
#include "solve.h"

#include <string.h>

#include "config.h"
#include "bnr.h"
#include "clique.h"
#include "gpu.h"

void solve_opts_default(struct solve_opts *o)
{
    memset(o, 0, sizeof *o);
    o->solver = SOLVER_AUTO;
    o->k = -1;
    o->reduce = 1;
    o->pipeline.bound_sat = 1;
    o->pipeline.gpu_after = -1;
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
        return solve_clique(g, o, out, st, err);
    case SOLVER_STACKONLY:
    case SOLVER_HYBRID:
    case SOLVER_CLIQUE_GPU: {
        int status = solver_available(o->solver, err);
        if (status != MVC_OK)
            return status;
#ifdef HAVE_CUDA
        if (o->solver == SOLVER_CLIQUE_GPU)
            return gpu_solve_clique(g, o, out, st, err);
        return gpu_solve_mvc(g, o, out, st, err);
#else
        break;
#endif
    }
    case SOLVER_AUTO: break;
    }
    return error_set(err, MVC_EUNSUPPORTED, "no solver chosen");
}
