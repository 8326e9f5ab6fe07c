/* NuMVC runs of several seeds at once; see local_search_portfolio.h. */
#include "local_search_portfolio.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>

#include "clock.h"

/* How often the calling thread passes its caller's stop flag on to the runs. */
#define MIRROR_POLL_SECONDS 0.0002

struct portfolio {
    const struct graph *g;
    volatile sig_atomic_t stop; /* a run reached the target, or the caller's flag was raised */
    int ended;                  /* runs that have returned (atomic) */
};

struct run {
    struct portfolio *p;
    struct local_search_opts opts;
    struct cover cover;
    struct local_search_stats st;
    struct error err;
    int status;
    pthread_t thread;
};

static void *run_thread(void *arg)
{
    struct run *r = arg;
    r->status = local_search_improve(r->p->g, &r->opts, &r->cover, &r->st, &r->err);
    /* a cover at the target: the others stop (a run that fails ends alone) */
    if (r->status == MVC_OK && r->cover.size <= r->opts.target)
        flag_raise(&r->p->stop);
    __atomic_add_fetch(&r->p->ended, 1, __ATOMIC_RELEASE);
    return NULL;
}

int local_search_portfolio(const struct graph *g, const struct local_search_opts *o, int runs,
                           double others_seconds, struct cover *best, struct local_search_stats *st,
                           struct error *err)
{
    if (runs > LOCAL_SEARCH_PORTFOLIO_MAX)
        runs = LOCAL_SEARCH_PORTFOLIO_MAX;
    double t0 = clock_seconds();
    struct local_search_opts base = o != NULL ? *o : local_search_opts_default();
    struct portfolio p = {.g = g};
    struct run r[LOCAL_SEARCH_PORTFOLIO_MAX];
    memset(r, 0, sizeof r);
    int started = 0;
    /* every run on a thread of its own: this one passes the caller's stop flag on */
    for (int i = 0; i < runs && runs > 1; i++, started++) {
        r[i].p = &p;
        r[i].opts = base;
        r[i].opts.seed = base.seed + (uint64_t)i;
        r[i].opts.deadline = (struct deadline){base.deadline.at, &p.stop, NULL};
        if (i > 0)
            r[i].opts.deadline = deadline_within(r[i].opts.deadline, others_seconds);
        if (cover_copy(&r[i].cover, best) != MVC_OK)
            break;
        if (pthread_create(&r[i].thread, NULL, run_thread, &r[i]) != 0) {
            cover_free(&r[i].cover);
            break;
        }
    }
    if (started <= 1) {
        /* one run, or no second thread: the search on this thread alone */
        flag_raise(&p.stop);
        if (started == 1) {
            pthread_join(r[0].thread, NULL);
            cover_free(&r[0].cover);
        }
        return local_search_improve(g, o, best, st, err);
    }
    while (__atomic_load_n(&p.ended, __ATOMIC_ACQUIRE) < started) {
        if (deadline_stopped(&base.deadline))
            flag_raise(&p.stop);
        clock_sleep(MIRROR_POLL_SECONDS);
    }
    int kept = -1, failed = -1;
    int64_t steps = 0;
    for (int i = 0; i < started; i++) {
        pthread_join(r[i].thread, NULL);
        steps += r[i].st.steps;
        if (r[i].status != MVC_OK && failed < 0)
            failed = i;
        if (r[i].status == MVC_OK && (kept < 0 || r[i].cover.size < r[kept].cover.size))
            kept = i;
    }
    /* an error only when every run failed (a start that is no cover fails them all) */
    int status = kept >= 0 ? MVC_OK : r[failed].status;
    if (kept < 0 && err != NULL)
        *err = r[failed].err;
    if (status == MVC_OK) {
        memcpy(best->in, r[kept].cover.in, (size_t)g->n);
        best->size = r[kept].cover.size;
        if (st != NULL) {
            *st = r[kept].st;
            st->steps = steps;
            st->seconds = clock_seconds() - t0;
        }
    }
    for (int i = 0; i < started; i++)
        cover_free(&r[i].cover);
    return status;
}
