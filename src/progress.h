/* Progress lines on stderr while a search runs, once a second, written as PACE comments ("c ..."). */
#ifndef MVC_PROGRESS_H
#define MVC_PROGRESS_H

#include <stdint.h>

struct progress {
    double t_start;     /* clock_seconds() when the solve began */
    double t_last;      /* when the last line was written */
    int64_t nodes_last; /* tree nodes at that time, for the rate over the last interval */
};

void progress_start(struct progress *p, double t_start);

/* Writes one line when a second has passed since the last; now is clock_seconds(). */
void progress_update(struct progress *p, double now, int64_t nodes, int64_t best, int64_t depth);

#endif
