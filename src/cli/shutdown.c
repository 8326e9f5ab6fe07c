/* Stop signals, the time limit and the guarantee of an answer within a second of either. */
#include "shutdown.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "deadline.h"

/*
 * How long the solvers get to stop and print their own (better) answer before
 * the watcher writes the fallback: well inside the second PACE allows after
 * SIGTERM, leaving room for a loaded machine to schedule the watcher and for
 * the fallback's own work (a greedy cover, linear in the graph).
 */
#define GRACE_SECONDS 0.4

enum output_owner { OWNER_NONE, OWNER_MAIN, OWNER_WATCHER };

static volatile sig_atomic_t stop_flag;
static volatile sig_atomic_t stop_signal;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static enum output_owner owner = OWNER_NONE;
static shutdown_fallback_fn fallback_fn;
static void *fallback_arg;
static sigset_t stop_signals;

volatile sig_atomic_t *shutdown_flag(void)
{
    return &stop_flag;
}

int shutdown_signal(void)
{
    return stop_signal;
}

void shutdown_set_fallback(shutdown_fallback_fn fallback, void *arg)
{
    pthread_mutex_lock(&lock);
    fallback_fn = fallback;
    fallback_arg = arg;
    pthread_mutex_unlock(&lock);
}

void shutdown_claim_output(void)
{
    pthread_mutex_lock(&lock); /* the watcher keeps it while it writes, then ends the process */
    owner = OWNER_MAIN;
    pthread_mutex_unlock(&lock);
}

static void sleep_until(const struct timespec *deadline)
{
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, deadline, NULL) == EINTR)
        ;
}

static void *watch(void *unused)
{
    (void)unused;
    for (;;) {
        int sig = 0;
        while (sigwait(&stop_signals, &sig) != 0)
            ;
        struct timespec deadline;
        clock_gettime(CLOCK_MONOTONIC, &deadline);
        stop_signal = sig;
        flag_raise(&stop_flag); /* a thread, not a handler: the solvers read it atomically */
        long ns = deadline.tv_nsec + (long)(GRACE_SECONDS * 1e9);
        deadline.tv_sec += ns / 1000000000L;
        deadline.tv_nsec = ns % 1000000000L;
        sleep_until(&deadline);
        pthread_mutex_lock(&lock);
        if (owner != OWNER_NONE || fallback_fn == NULL) {
            pthread_mutex_unlock(&lock); /* the main thread is answering */
            return NULL;
        }
        owner = OWNER_WATCHER;
        int code = fallback_fn(fallback_arg);
        if (code >= 0) {
            fflush(NULL);
            _exit(code);
        }
        owner = OWNER_NONE; /* not for this signal: the main thread answers, or the next one */
        pthread_mutex_unlock(&lock);
    }
}

static void arm_timer(double seconds)
{
    struct itimerval timer;
    memset(&timer, 0, sizeof timer);
    timer.it_value.tv_sec = (time_t)seconds;
    timer.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
    if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0)
        timer.it_value.tv_usec = 1;
    setitimer(ITIMER_REAL, &timer, NULL);
}

int shutdown_hold_signals(void)
{
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    sigaddset(&stop_signals, SIGALRM);
    int status = pthread_sigmask(SIG_BLOCK, &stop_signals, NULL);
    if (status != 0) {
        errno = status;
        return -1;
    }
    return 0;
}

void shutdown_release_signals(void)
{
    pthread_sigmask(SIG_UNBLOCK, &stop_signals, NULL); /* one that came meanwhile acts now */
}

int shutdown_start(double time_limit)
{
    if (shutdown_hold_signals() != 0)
        return -1;
    pthread_t watcher;
    int status;
    status = pthread_create(&watcher, NULL, watch, NULL);
    if (status != 0) {
        errno = status;
        return -1;
    }
    pthread_detach(watcher);
    if (time_limit > 0)
        arm_timer(time_limit);
    return 0;
}
