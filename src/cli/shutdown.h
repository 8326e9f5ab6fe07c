/*
 * The command line's end of a run: SIGINT, SIGTERM and the --time-limit alarm
 * raise the stop flag the solvers poll, and a watcher thread makes sure that
 * an answer is printed within a second even when the solvers are slow to
 * notice (a loaded machine): past a grace period it writes the fallback
 * answer itself and ends the process. Process-wide by nature (signals), so it
 * lives in the command line, never in the library.
 */
#ifndef MVC_SHUTDOWN_H
#define MVC_SHUTDOWN_H

#include <signal.h>

/*
 * Writes the best answer known at the end of the grace period and returns
 * the exit status; runs on the watcher thread while the solvers still run.
 * A negative return writes nothing and leaves the answer to the main thread
 * (the watcher then waits for the next signal).
 */
typedef int (*shutdown_fallback_fn)(void *arg);

/*
 * Blocks the stop signals from the first instant of the process, so that one
 * that comes while the program starts waits for the watcher instead of
 * ending the process without an answer. Call it first in main, before any
 * other thread exists; shutdown_release undoes it for modes with no watcher.
 */
int shutdown_hold_signals(void);
void shutdown_release_signals(void);

/*
 * Blocks the stop signals in this thread (and so in every thread it starts
 * afterwards: call it before any other thread exists), starts the watcher and
 * arms the time limit (0 for none). Returns 0, or -1 with errno set.
 */
int shutdown_start(double time_limit);

/* The flag the solvers poll: set once a stop signal or the time limit came. */
volatile sig_atomic_t *shutdown_flag(void);

/* SIGINT, SIGTERM or SIGALRM (the time limit) once stopped, else 0. */
int shutdown_signal(void);

/* What the watcher writes if the answer is late; NULL for nothing. */
void shutdown_set_fallback(shutdown_fallback_fn fallback, void *arg);

/*
 * Claims the output for the main thread's answer: after this the watcher
 * never writes. Returns at once; when the watcher has already begun its
 * fallback answer it does not return (the process ends with that answer).
 */
void shutdown_claim_output(void);

#endif
