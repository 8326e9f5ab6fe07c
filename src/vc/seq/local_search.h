/* NuMVC local search: small vertex covers (upper bounds) from a given start cover. */
#ifndef MVC_LOCAL_SEARCH_H
#define MVC_LOCAL_SEARCH_H

#include <stdint.h>

#include "cover.h"
#include "deadline.h"
#include "error.h"
#include "graph.h"

/*
 * How the vertex to leave C is found: a heap ordered by dscore, or a scan of
 * C as in the paper (faster on dense graphs, where a step changes the dscore
 * of many vertices in C). Both give NuMVC's choice; ties may differ.
 */
enum local_search_removal {
    LOCAL_SEARCH_REMOVAL_AUTO, /* by mean degree and cover size */
    LOCAL_SEARCH_REMOVAL_HEAP,
    LOCAL_SEARCH_REMOVAL_SCAN,
};

struct local_search_opts {
    struct deadline deadline; /* end once passed (none by default) */
    int64_t max_steps;        /* exchange steps, 0 for none */
    int32_t target;           /* stop once the best cover has at most this many vertices */
    uint64_t seed;            /* the same seed and step budget give the same cover */
    enum local_search_removal removal;
    /*
     * Seconds, 0 for none: end once no smaller cover has come for this long
     * and for as long as the last one took to find, however much of the time
     * limit is left.
     */
    double patience;
};

struct local_search_stats {
    int64_t steps;        /* exchange steps taken */
    int64_t best_step;    /* step at which the returned cover was found (0: the start) */
    int64_t improvements; /* covers found, each one vertex smaller than the one before */
    int64_t forgettings;  /* times the edge weights were scaled down */
    int32_t start_size;   /* size of the start cover */
    double best_seconds;  /* time from the call to the returned cover */
    double seconds;       /* time spent in the call */
};

/* A budget of a million steps, no time limit or target, seed 1, removal chosen automatically. */
struct local_search_opts local_search_opts_default(void);

/*
 * Improves best, on entry a vertex cover of g, by NuMVC (Cai et al., JAIR 46,
 * 2013); on return best holds the smallest cover found, never larger than the
 * start and always valid. The search ends when best->size <= o->target, when
 * no smaller cover can exist (m = 0, or one vertex left and m > 0), or on the
 * time limit, step budget, patience or stop flag. o and st may be NULL (defaults).
 * Returns MVC_OK, MVC_EINPUT when best is not a cover of g, MVC_ENOMEM, or
 * MVC_EUNSUPPORTED beyond INT32_MAX edges; best is unchanged on error.
 */
int local_search_improve(const struct graph *g, const struct local_search_opts *o,
                         struct cover *best, struct local_search_stats *st, struct error *err);

#endif
