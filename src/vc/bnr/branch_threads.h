/*
 * What a branch-and-reduce search needs to spread its branchings over
 * threads: the count of threads free to start, and the flags by which a
 * branching ends the sub-searches whose answer it no longer needs.
 */
#ifndef MVC_BRANCH_THREADS_H
#define MVC_BRANCH_THREADS_H

#include <pthread.h>
#include <stddef.h>

struct branch_threads {
    int idle;          /* threads that may start now (atomic); below 0 while joins overrun */
    const int *beside; /* NULL, or threads of other searches running now, which idle leaves */
};

/*
 * count: the threads the search may use in all, its own among them; beside:
 * NULL or a count (atomic) of threads of other searches that count takes in.
 * Threads claimed while those are fewer are not given back when they grow.
 */
void branch_threads_init(struct branch_threads *bt, int count, const int *beside);

/* One more thread for a branching: 1 when one is free (it is then taken), else 0. */
int branch_threads_claim(struct branch_threads *bt);

/* Gives a thread back: one that ends, or one that waits for another. */
void branch_threads_release(struct branch_threads *bt);

/* Takes back a thread given while waiting (the count may go below 0 for a moment). */
void branch_threads_retake(struct branch_threads *bt);

/* Starts fn(arg) on a thread with a stack of `stack` bytes: 0, or an error number (none started).
 */
int branch_threads_start(pthread_t *thread, size_t stack, void *(*fn)(void *), void *arg);

/*
 * A chain of flags, one per branching being searched in parallel above a
 * sub-search: once any is raised, that sub-search's answer is not wanted.
 */
struct cancel_link {
    const int *raised; /* atomic */
    const struct cancel_link *up;
};

int cancel_link_raised(const struct cancel_link *link); /* NULL: never */

#endif
