/* Once-a-second progress lines on stderr: elapsed time, tree nodes, rate, best cover, stack depth. */
#include "progress.h"

#include <stdio.h>

#define PROGRESS_INTERVAL 1.0 /* seconds between lines */

void progress_start(struct progress *p, double t_start)
{
    p->t_start = t_start;
    p->t_last = t_start;
    p->nodes_last = 0;
}

void progress_update(struct progress *p, double now, int64_t nodes, int64_t best, int64_t depth)
{
    if (now - p->t_last < PROGRESS_INTERVAL)
        return;
    double rate = (double)(nodes - p->nodes_last) / (now - p->t_last);
    fprintf(stderr, "c %9.1f s %14lld nodes %12.0f nodes/s  best %lld  depth %lld\n",
            now - p->t_start, (long long)nodes, rate, (long long)best, (long long)depth);
    fflush(stderr);
    p->t_last = now;
    p->nodes_last = nodes;
}
