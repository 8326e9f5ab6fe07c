/*
 * The GPU vertex cover search (hybrid or StackOnly) over the devices of one
 * host: one host thread and one search_part per device, one incumbent, one
 * rule for the end. With one device it is the single grid of the paper.
 */
#ifndef MVC_SEARCH_TEAM_H
#define MVC_SEARCH_TEAM_H

extern "C" {
#include "cover.h"
#include "error.h"
#include "solve.h"
}
#include "search_part.h"

/*
 * Searches below the greedy cover `out` (of size run->upper) on
 * run->devices devices, the device claimed by the caller: `out` becomes the
 * best cover found (MVC) or the cover of size <= k (PVC, when found).
 * Returns a solve_outcome, or a negative status with err set.
 */
int search_team_solve(const struct gpu_run *run, struct cover *out, struct solve_stats *st,
                      struct error *err);

#endif
