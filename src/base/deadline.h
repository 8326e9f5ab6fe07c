/*
 * When a search must end: a moment on the monotonic clock and a stop flag
 * that a signal, the command line's time-limit watcher or a race raises. The
 * pipeline makes one from the time limit when it starts and hands it down;
 * every solver, the kernelization and the GPU host loops ask deadline_passed,
 * and none keeps a clock of its own.
 */
#ifndef MVC_DEADLINE_H
#define MVC_DEADLINE_H

#include <signal.h>

struct deadline {
    double at;                   /* clock_seconds() to end by; 0 for no time limit */
    volatile sig_atomic_t *stop; /* raised to end at once; NULL for none */
    /*
     * A second flag that ends it as well, NULL for none: a search beside
     * another one ends at its caller's flag and at the other's news
     * (bound-sat's CPU search and the GPU's walkers).
     */
    volatile sig_atomic_t *stop_too;
};

/*
 * A stop flag raised by one thread and read by others: as atomic accesses
 * (relaxed: the flag carries no data), which a sig_atomic_t alone is not
 * between threads. Only a true signal handler may write one plainly (a
 * thread that waits for signals, as the command line's watcher, is a thread).
 */
static inline void flag_raise(volatile sig_atomic_t *flag)
{
    __atomic_store_n(flag, 1, __ATOMIC_RELAXED);
}

static inline int flag_raised(const volatile sig_atomic_t *flag)
{
    return __atomic_load_n(flag, __ATOMIC_RELAXED) != 0;
}

/* seconds from now (0 or less: no time limit), ending early when *stop is raised. */
struct deadline deadline_after(double seconds, volatile sig_atomic_t *stop);

/* The sooner of d and seconds from now (0 or less: d itself), with d's stop flag. */
struct deadline deadline_within(struct deadline d, double seconds);

/* d with `flag` as its second stop flag (see struct deadline). */
struct deadline deadline_also(struct deadline d, volatile sig_atomic_t *flag);

/* A stop flag is raised (cheap: no clock read). */
int deadline_stopped(const struct deadline *d);

/* A stop flag is raised or the time is up. */
int deadline_passed(const struct deadline *d);

/* Whether d has a time limit. */
static inline int deadline_limited(const struct deadline *d)
{
    return d->at > 0;
}

/* Seconds left (0 when passed), or 0 for a deadline without a time limit: ask deadline_limited. */
double deadline_left(const struct deadline *d);

#endif
