/* Defaults shared by every solver. */
#include "solve.h"

#include <string.h>

void solve_opts_default(struct solve_opts *o)
{
    memset(o, 0, sizeof *o);
    o->solver = SOLVER_AUTO;
    o->k = -1;
    o->reduce = 1;
}
