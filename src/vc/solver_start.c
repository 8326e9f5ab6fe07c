/* The opening every CPU vertex cover solver shares (solver_start.h). */
#include "solver_start.h"

#include <string.h>

#include "clock.h"
#include "greedy.h"
#include "progress.h"

int solver_start(struct solver_start *s, const char *name, const struct graph *g,
                 const struct solve_opts *opts, struct solve_stats *stats, struct cover *out,
                 struct error *err)
{
    if (opts == NULL) {
        solve_opts_default(&s->defaults);
        opts = &s->defaults;
    }
    s->o = opts;
    s->st = stats != NULL ? stats : &s->local;
    memset(s->st, 0, sizeof *s->st);
    s->st->solver = name;
    s->t_start = clock_seconds();
    int status = greedy_cover(g, out, err);
    if (status != MVC_OK)
        return status;
    s->st->t_upper = clock_seconds() - s->t_start;
    s->st->greedy_size = out->size;
    s->st->best = out->size;
    progress_improve(s->o->report, out->size);
    if (s->o->k >= 0 && out->size <= s->o->k) {
        s->st->proven = 1;
        return SOLVE_FOUND; /* PVC: the greedy cover is within k */
    }
    return MVC_OK;
}
