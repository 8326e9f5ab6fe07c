/*
 * NuMVC runs of several seeds at once, each on a thread of its own, from one
 * start cover towards one target: the first run to reach the target stops
 * the others. Where the lower bound is already the optimum and only the
 * cover lags, one run's steps to it vary widely with the seed (on
 * vc-exact_181's 573-vertex kernel from 5,000 to 196,000 over 16 seeds), and
 * the first of four ends far sooner than a typical one.
 */
#ifndef MVC_LOCAL_SEARCH_PORTFOLIO_H
#define MVC_LOCAL_SEARCH_PORTFOLIO_H

#include "local_search.h"

#define LOCAL_SEARCH_PORTFOLIO_MAX 16

/*
 * local_search_improve with `runs` runs (1 to LOCAL_SEARCH_PORTFOLIO_MAX;
 * one is local_search_improve itself): run i has seed o->seed + i, each on a
 * thread of its own (one alone on the calling thread when a second thread
 * cannot be had). Runs past the first end `others_seconds` in (0 or less: as
 * the first), so that where the target is out of reach they take the other
 * CPUs only that long. best becomes the smallest cover any run found (the
 * first run's among equals). st: the steps of all runs, the rest of the run
 * whose cover was kept; seconds is the wall time of the call. An error, as
 * local_search_improve's, only when every run failed; best is unchanged then.
 */
int local_search_portfolio(const struct graph *g, const struct local_search_opts *o, int runs,
                           double others_seconds, struct cover *best, struct local_search_stats *st,
                           struct error *err);

#endif
