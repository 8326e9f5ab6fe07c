/* Solver defaults and dispatch: picks the CPU or a GPU solver for a graph. */
#include "solve.h"

#include <string.h>

#include "config.h"
#include "gpu.h"

void solve_opts_default(struct solve_opts *o)
{
    memset(o, 0, sizeof *o);
    o->solver = SOLVER_AUTO;
    o->k = -1;
    o->reduce = 1;
}

const char *solver_name(enum solver_kind kind)
{
    switch (kind) {
    case SOLVER_AUTO: return "auto";
    case SOLVER_SEQ: return "seq";
    case SOLVER_STACKONLY: return "stackonly";
    case SOLVER_HYBRID: return "hybrid";
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

int solve_cover(const struct graph *g, const struct solve_opts *o, struct cover *out,
                struct solve_stats *st, struct error *err)
{
    struct solve_opts run = *o;
    run.solver = solver_resolve(o->solver);
    if (run.solver == SOLVER_SEQ)
        return solve_seq(g, &run, out, st, err);
#ifdef HAVE_CUDA
    if (gpu_device_count() == 0)
        return error_set(err, MVC_EDEVICE, "solver '%s' needs a CUDA device and none was found",
                         solver_name(run.solver));
    return gpu_solve_mvc(g, &run, out, st, err);
#else
    return error_set(err, MVC_EUNSUPPORTED,
                     "solver '%s' needs the GPU, and this mvc-gpu was built without CUDA "
                     "(configure --with-cuda)",
                     solver_name(run.solver));
#endif
}
