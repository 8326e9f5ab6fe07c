/* Progress lines on the command line: a thread reads the board and prints (progress_printer.h). */
#include "progress_printer.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "clock.h"

/* Seconds between lines while the cover stays the same. */
#define PRINT_INTERVAL 1.0

/*
 * Seconds at least between two lines: a burst of improvements (a search
 * that lowers its bound many times in its first milliseconds) gives one
 * line, with the last of them.
 */
#define PRINT_MIN_GAP 0.05

struct progress_printer {
    FILE *out;
    int what;
    struct progress_board *board;
    pthread_t thread;
    int started;
    pthread_mutex_t lock; /* the two flags below */
    pthread_cond_t wake;
    int improved; /* the whole cover shrank since the thread last looked */
    int stopping;
    int64_t best_heard; /* the listener's last best, for telling shrinks from other changes */
    int32_t clique_n;   /* > 0: the covers are of the complement of a graph of this many vertices */
    /* the thread's own */
    double last_line; /* clock_seconds() of the last line */
    int64_t printed;  /* cover size on it */
};

static void print_line(struct progress_printer *pp)
{
    struct progress_state s;
    progress_board_read(pp->board, &s);
    char best[24] = "-", lower[24] = "-";
    if (s.best != PROGRESS_NONE)
        snprintf(best, sizeof best, "%lld", (long long)s.best);
    if (s.lower > 0)
        snprintf(lower, sizeof lower, "%lld", (long long)s.lower);
    double rate = s.seconds > 0 ? (double)s.nodes / s.seconds : 0.0;
    if (pp->clique_n > 0) {
        if (s.best != PROGRESS_NONE)
            snprintf(best, sizeof best, "%lld", (long long)(pp->clique_n - s.best));
        if (s.lower > 0)
            snprintf(lower, sizeof lower, "%lld", (long long)(pp->clique_n - s.lower));
        fprintf(pp->out, "c %8.2f s  clique %9s  at most %9s  %14lld nodes  %11.0f nodes/s\n",
                s.seconds, best, lower, (long long)s.nodes, rate);
    } else if (pp->what & PROGRESS_PRINT_WEIGHTS)
        fprintf(pp->out, "c %8.2f s  weight %12s  %14lld exchanges tried  %11.0f tried/s\n",
                s.seconds, best, (long long)s.nodes, rate);
    else
        fprintf(pp->out, "c %8.2f s  cover %9s  lower %9s  %14lld nodes  %11.0f nodes/s\n",
                s.seconds, best, lower, (long long)s.nodes, rate);
    fflush(pp->out);
    pp->last_line = clock_seconds();
    pp->printed = s.best;
}

/* The board's listener: called with the board locked, so it only raises a flag. */
static void changed(void *arg, int64_t best, int64_t lower)
{
    struct progress_printer *pp = arg;
    (void)lower;
    pthread_mutex_lock(&pp->lock);
    if (best < pp->best_heard) {
        pp->best_heard = best;
        pp->improved = 1;
        pthread_cond_signal(&pp->wake);
    }
    pthread_mutex_unlock(&pp->lock);
}

static void message(void *arg, const char *text)
{
    struct progress_printer *pp = arg;
    fprintf(pp->out, "c %s\n", text); /* one call: whole lines, whichever thread */
    fflush(pp->out);
}

/* A line once a second, and one soon after each improvement (at most one per PRINT_MIN_GAP). */
static void *print_loop(void *arg)
{
    struct progress_printer *pp = arg;
    pthread_mutex_lock(&pp->lock);
    while (!pp->stopping) {
        double now = clock_seconds();
        double due = pp->last_line + PRINT_INTERVAL;
        /* a tree's weight falls with nearly every exchange: its lines stay once a second */
        if (pp->improved && !(pp->what & PROGRESS_PRINT_WEIGHTS) &&
            pp->last_line + PRINT_MIN_GAP < due)
            due = pp->last_line + PRINT_MIN_GAP;
        if (now < due) {
            struct timespec until = clock_timespec(due);
            pthread_cond_timedwait(&pp->wake, &pp->lock, &until);
            continue;
        }
        pp->improved = 0;
        pthread_mutex_unlock(&pp->lock);
        print_line(pp);
        pthread_mutex_lock(&pp->lock);
    }
    pthread_mutex_unlock(&pp->lock);
    return NULL;
}

/* clique_n > 0: the clique modes' lines (set before the thread starts, which reads it) */
static struct progress_printer *start(FILE *out, int what, int32_t clique_n)
{
    struct progress_printer *pp = calloc(1, sizeof *pp);
    if (pp == NULL)
        return NULL;
    pp->out = out;
    pp->what = what;
    pp->clique_n = clique_n > 0 ? clique_n : 0;
    pp->best_heard = pp->printed = PROGRESS_NONE;
    pp->last_line = clock_seconds() - PRINT_MIN_GAP; /* the first improvement prints at once */
    if (pthread_mutex_init(&pp->lock, NULL) != 0) {
        free(pp);
        return NULL;
    }
    if (clock_cond_init(&pp->wake) != 0) {
        pthread_mutex_destroy(&pp->lock);
        free(pp);
        return NULL;
    }
    struct progress_listener l = {NULL, NULL, pp};
    if (what & PROGRESS_PRINT_LINES)
        l.changed = changed;
    if (what & PROGRESS_PRINT_MESSAGES)
        l.message = message;
    pp->board = progress_board_new(&l);
    if (pp->board != NULL && (what & PROGRESS_PRINT_LINES))
        pp->started = pthread_create(&pp->thread, NULL, print_loop, pp) == 0;
    if (pp->board == NULL || ((what & PROGRESS_PRINT_LINES) && !pp->started)) {
        progress_board_free(pp->board);
        pthread_cond_destroy(&pp->wake);
        pthread_mutex_destroy(&pp->lock);
        free(pp);
        return NULL;
    }
    return pp;
}

struct progress_printer *progress_printer_start(FILE *out, int what)
{
    return start(out, what, 0);
}

struct progress_printer *progress_printer_start_cliques(FILE *out, int what, int32_t n)
{
    return start(out, what, n);
}

struct progress *progress_printer_scope(struct progress_printer *pp)
{
    return pp != NULL ? progress_board_root(pp->board) : NULL;
}

void progress_printer_stop(struct progress_printer *pp)
{
    if (pp == NULL)
        return;
    if (pp->started) {
        pthread_mutex_lock(&pp->lock);
        pp->stopping = 1;
        pthread_cond_signal(&pp->wake);
        pthread_mutex_unlock(&pp->lock);
        pthread_join(pp->thread, NULL);
        struct progress_state s;
        progress_board_read(pp->board, &s);
        if (s.best != pp->printed) /* the answer, even where it is not the smallest heard (PVC) */
            print_line(pp);
    }
    progress_board_free(pp->board);
    pthread_cond_destroy(&pp->wake);
    pthread_mutex_destroy(&pp->lock);
    free(pp);
}
