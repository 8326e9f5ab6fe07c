/*
 * Two solvers on one graph at once, the first proven answer wins: under
 * --solver=auto a CPU solver starts at once and a GPU solver joins it once
 * the CPU has had its head start. Neither search is thrown away when the
 * GPU comes in (the CPU keeps its progress), and whichever suits the graph
 * better decides the time: the CPU's lower bounds on sparse kernels, the
 * GPU's throughput on searches without them.
 */
#include "race.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "thread_priority.h"

/*
 * Progress: each entrant reports into a scope of its own under the race's
 * (o->report), unshifted, so the race's best is the smallest cover any
 * entrant has found; the answer kept is reported to the race's scope before
 * the entrants' scopes close. Where nobody listens (o->report NULL) the race
 * keeps a board of its own, for what follows.
 *
 * Bounds that meet: one entrant's cover as small as another's lower bound is
 * minimum, though neither entrant can tell. On the forced model RB graphs
 * frb30-15 (450 vertices), bound-sat's clique cover proves 420 and the clique
 * search finds a cover of 420 but not its own proof: the race ends there.
 * Only for MVC: PVC's answers are each entrant's own.
 */

/*
 * How often the coordinator looks at the runners' bounds and the user's stop
 * flag. A runner that ends wakes it at once (struct race_wake): on the small
 * kernels that nested races end in a few milliseconds, waiting for the next
 * look cost about 1 ms a race.
 */
#define POLL_SECONDS 0.001

/*
 * How far an entrant that gives way (race_entrant.yield_after) lowers its
 * thread's priority, in nice levels: to the lowest, where a thread sharing a
 * core with one of normal priority gets about 1.5 % of it. At 10 it got a
 * fifth: on the 2-core machine bnr then took 67.3 s beside the clique search
 * on 5-regular(200), 65.7 s at 19, and 56.9 s alone (at d01fc6b).
 */
#define YIELD_NICE_STEPS 19

/* A runner's end, told to the coordinator (where the condition could be made: ready). */
struct race_wake {
    pthread_mutex_t lock;
    pthread_cond_t ended;
    int ready;
};

struct runner {
    const struct graph *g;
    race_solve_fn solve;
    const void *arg;
    struct solve_opts opts;     /* its deadline's stop flag is stop below, opts.report scope */
    volatile sig_atomic_t stop; /* set by the coordinator only */
    struct progress scope;      /* under the race's: every entrant covers its graph */
    pthread_t thread;
    int prepared;
    int started;       /* on its own thread */
    int64_t thread_id; /* for thread_priority_lower; written by the runner, read under __atomic */
    int yielded;       /* its thread's priority lowered (race_entrant.yield_after) */
    int finished;      /* written by the runner thread, read under __atomic */
    int done;          /* the coordinator has seen it end */
    double finished_at;
    int result; /* a solve_outcome or a negative mvc_status */
    struct cover cover;
    struct solve_stats stats;
    struct error err;
    struct race_wake *wake;
};

static int runner_done(struct runner *r)
{
    return __atomic_load_n(&r->finished, __ATOMIC_ACQUIRE);
}

static void *run_solver(void *arg)
{
    struct runner *r = arg;
    __atomic_store_n(&r->thread_id, thread_priority_self(), __ATOMIC_RELEASE);
    r->result = r->solve(r->arg, r->g, &r->opts, &r->cover, &r->stats, &r->err);
    r->finished_at = clock_seconds();
    if (!r->wake->ready) {
        __atomic_store_n(&r->finished, 1, __ATOMIC_RELEASE);
        return NULL;
    }
    pthread_mutex_lock(&r->wake->lock);
    __atomic_store_n(&r->finished, 1, __ATOMIC_RELEASE);
    pthread_cond_signal(&r->wake->ended);
    pthread_mutex_unlock(&r->wake->lock);
    return NULL;
}

/* Until a running runner ends or POLL_SECONDS pass. */
static void wait_for_news(struct runner *r, int count)
{
    struct race_wake *wake = r[0].wake;
    if (!wake->ready) {
        clock_sleep(POLL_SECONDS);
        return;
    }
    pthread_mutex_lock(&wake->lock);
    int news = 0;
    for (int i = 0; i < count && !news; i++)
        news = r[i].started && !r[i].done && runner_done(&r[i]);
    if (!news) {
        struct timespec until = clock_timespec(clock_seconds() + POLL_SECONDS);
        pthread_cond_timedwait(&wake->ended, &wake->lock, &until);
    }
    pthread_mutex_unlock(&wake->lock);
}

static int runner_start(struct runner *r, volatile sig_atomic_t *user_stop)
{
    r->started = pthread_create(&r->thread, NULL, run_solver, r) == 0;
    if (!r->started) {
        /* no thread to be had: run it here, to the end, stopped only by the user */
        r->opts.deadline.stop = user_stop;
        run_solver(r);
    }
    return r->started;
}

/* A proven answer: MVC optimal, PVC found or refuted. */
static int proven(const struct runner *r)
{
    return r->result == SOLVE_OPTIMAL || r->result == SOLVE_FOUND || r->result == SOLVE_NO_COVER;
}

/* Whether some entrant's cover is no larger than the best lower bound of the race's scope. */
static int bounds_meet(const struct runner *r, int count, struct progress *race_scope,
                       const struct solve_opts *o)
{
    if (o->k >= 0 || race_scope == NULL)
        return 0;
    int64_t best = PROGRESS_NONE, lower, entrant_best, entrant_lower;
    for (int i = 0; i < count; i++) {
        if (r[i].opts.report == NULL)
            continue;
        progress_read_scope(r[i].opts.report, &entrant_best, &entrant_lower);
        if (entrant_best < best)
            best = entrant_best;
    }
    progress_read_scope(race_scope, &entrant_best, &lower);
    return best != PROGRESS_NONE && best <= lower;
}

/*
 * The answer to keep: a proven one (the earlier when both are), else the
 * smaller stopped cover, else the first runner's error.
 */
static struct runner *winner(struct runner *r, int count)
{
    struct runner *best = NULL;
    for (int i = 0; i < count; i++) {
        if (!r[i].done)
            continue; /* never started */
        if (best == NULL) {
            best = &r[i];
            continue;
        }
        int p = proven(&r[i]), bp = proven(best);
        if (p != bp) {
            if (p)
                best = &r[i];
        } else if (p) {
            if (r[i].finished_at < best->finished_at)
                best = &r[i];
        } else if (r[i].result >= 0 && (best->result < 0 || r[i].cover.size < best->cover.size)) {
            best = &r[i];
        }
    }
    return best;
}

int race_solve(const struct graph *g, race_solve_fn solve, const struct race_entrant *entrants,
               int count, const struct solve_opts *o, struct cover *out, struct solve_stats *st,
               struct error *err)
{
    if (count > RACE_MAX_ENTRANTS)
        count = RACE_MAX_ENTRANTS;
    struct runner runners[RACE_MAX_ENTRANTS];
    memset(runners, 0, sizeof runners);
    struct race_wake wake;
    wake.ready = pthread_mutex_init(&wake.lock, NULL) == 0;
    if (wake.ready && clock_cond_init(&wake.ended) != 0) {
        pthread_mutex_destroy(&wake.lock);
        wake.ready = 0; /* then it looks every POLL_SECONDS */
    }
    struct progress_board *own = o->report == NULL ? progress_board_new(NULL) : NULL;
    struct progress *race_scope = o->report != NULL ? o->report : progress_board_root(own);
    for (int i = 0; i < count; i++) {
        runners[i].g = g;
        runners[i].solve = entrants[i].solve != NULL ? entrants[i].solve : solve;
        runners[i].arg = entrants[i].arg;
        runners[i].opts = entrants[i].opts;
        runners[i].opts.deadline.stop = &runners[i].stop;
        runners[i].opts.report = progress_open(&runners[i].scope, race_scope, 0, 0);
        runners[i].wake = &wake;
    }
    double start = clock_seconds();
    for (;;) {
        int user_stop = deadline_stopped(&o->deadline);
        int running = 0, waiting = 0, answered = 0, out_of_time = 0;
        double now = clock_seconds();
        for (int i = 0; i < count; i++) {
            struct runner *r = &runners[i];
            if (r->started && !r->done && runner_done(r))
                r->done = 1;
            if (r->done) {
                answered |= proven(r);
                out_of_time |= r->result == SOLVE_STOPPED;
            }
        }
        answered |= bounds_meet(runners, count, race_scope, o);
        for (int i = 0; i < count; i++) {
            struct runner *r = &runners[i];
            if (!r->prepared && !r->started && !r->done && entrants[i].prepare != NULL &&
                !answered && !user_stop && !out_of_time &&
                now - start >= entrants[i].prepare_after) {
                entrants[i].prepare();
                r->prepared = 1;
            }
            if (!r->started && !r->done) {
                if (i > 0 && (answered || user_stop || out_of_time))
                    continue; /* will never start; the first always runs, so there is an answer */
                if (now - start < entrants[i].start_after ||
                    (entrants[i].ready != NULL && !entrants[i].ready())) {
                    waiting++;
                    continue;
                }
                if (!runner_start(r, o->deadline.stop)) {
                    r->done = 1;
                    answered |= proven(r);
                    continue;
                }
            }
            if (r->started && !r->done) {
                running++;
                int64_t id = __atomic_load_n(&r->thread_id, __ATOMIC_ACQUIRE);
                if (!r->yielded && entrants[i].yield_after > 0 &&
                    now - start >= entrants[i].yield_after && id != 0 && !runner_done(r)) {
                    thread_priority_lower(id, YIELD_NICE_STEPS);
                    r->yielded = 1;
                }
            }
        }
        if (user_stop || answered)
            for (int i = 0; i < count; i++)
                flag_raise(&runners[i].stop);
        if (running == 0 && waiting == 0)
            break;
        wait_for_news(runners, count);
    }
    for (int i = 0; i < count; i++)
        if (runners[i].started)
            pthread_join(runners[i].thread, NULL);

    struct runner *best = winner(runners, count);
    int result = best->result;
    if (result < 0) {
        *err = best->err;
    } else {
        progress_improve(o->report, best->cover.size);
        *out = best->cover;
        best->cover = (struct cover){0};
        *st = best->stats;
        /* a stopped answer keeps the best lower bound any runner proved */
        for (int i = 0; i < count && result == SOLVE_STOPPED; i++)
            if (runners[i].result == SOLVE_STOPPED &&
                runners[i].stats.lower_bound > st->lower_bound)
                st->lower_bound = runners[i].stats.lower_bound;
        int64_t best_reported, lower_reported;
        if (result == SOLVE_STOPPED && race_scope != NULL) {
            progress_read_scope(race_scope, &best_reported, &lower_reported);
            if (lower_reported > st->lower_bound)
                st->lower_bound = (int32_t)lower_reported;
        }
        if (result == SOLVE_STOPPED && o->k < 0 && out->size <= st->lower_bound) {
            result = SOLVE_OPTIMAL; /* the bounds met */
            st->best = st->lower_bound = out->size;
            st->proven = 1;
        }
        progress_lower(o->report, st->lower_bound);
    }
    for (int i = 0; i < count; i++) {
        progress_close(runners[i].opts.report);
        cover_free(&runners[i].cover);
    }
    progress_board_free(own);
    if (wake.ready) {
        pthread_cond_destroy(&wake.ended);
        pthread_mutex_destroy(&wake.lock);
    }
    return result;
}
