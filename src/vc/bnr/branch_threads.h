/*
 * The threads a branch-and-reduce search may spread its branchings over: a
 * count of those free to start, and the flags that end a sub-search early.
 */
#ifndef MVC_BRANCH_THREADS_H
#define MVC_BRANCH_THREADS_H

#include <pthread.h>
#include <stddef.h>

struct branch_threads {
    int idle;          /* threads that may start now (atomic); below 0 while joins overrun */
    size_t stack;      /* the stack each one gets */
    const int *beside; /* NULL, or threads of other searches running now, which idle leaves */
};

/*
 * count: the threads the search may use in all, its own among them; beside:
 * NULL or a count (atomic) of threads of other searches that count takes in.
 */
void branch_threads_init(struct branch_threads *bt, int count, const int *beside, size_t stack);

/* One more thread for a branching: 1 when one is free (it is then taken), else 0. */
int branch_threads_claim(struct branch_threads *bt);

/* Gives a thread back: one that ends, or one that waits for another. */
void branch_threads_release(struct branch_threads *bt);

/* Takes back a thread given while waiting (the count may go below 0 for a moment). */
void branch_threads_retake(struct branch_threads *bt);

/* Starts fn(arg) on a thread of bt's stack: 0, or an error number (nothing started). */
int branch_threads_start(const struct branch_threads *bt, pthread_t *thread, void *(*fn)(void *),
                         void *arg);

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
