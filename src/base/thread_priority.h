/*
 * A thread that gives way: its scheduling priority lowered, so that on a
 * machine with fewer cores than busy threads the others get more of them.
 * Linux only (there the priority belongs to each thread); elsewhere nothing
 * changes.
 */
#ifndef MVC_THREAD_PRIORITY_H
#define MVC_THREAD_PRIORITY_H

#include <stdint.h>

/* The calling thread's id for thread_priority_lower; 0 where that cannot be done. */
int64_t thread_priority_self(void);

/* *nice := thread `id`'s nice level (-20 to 19, higher is lower). 0, or -1 where unknown. */
int thread_priority_nice(int64_t id, int *nice);

/*
 * Lowers the priority of thread `id` (from thread_priority_self) by `steps`
 * nice levels, at most to the lowest. Threads it starts afterwards inherit
 * the lower priority. An unprivileged process cannot raise it again, so this
 * is for threads that end with their work. 0, or -1 where it did nothing.
 */
int thread_priority_lower(int64_t id, int steps);

#endif
