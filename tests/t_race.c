/*
 * race_solve: the first proven answer wins, the others are stopped, late
 * starters wait their turn, and one entrant's cover that meets another's
 * lower bound ends the race proven (MVC only).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "cover.h"
#include "race.h"
#include "tap.h"
#include "thread_priority.h"

/*
 * A scripted solver, chosen by o->solver (used here only as an index):
 * it works for `seconds` (polling its stop flag), then returns `outcome`
 * with a cover of `size` vertices (all of a path's inner vertices and more).
 */
struct script {
    double seconds;
    int outcome;
    int32_t size;
    int started;
    int stopped_early;
    int32_t reports_lower, reports_cover; /* reported at its start, where not 0 */
    int nice_at_start, nice_at_end;       /* its thread's, where known */
};

static struct script scripts[2];

static void nap(void)
{
    struct timespec ts = {0, 200000};
    nanosleep(&ts, NULL);
}

static int scripted_solve(const void *arg, const struct graph *g, const struct solve_opts *o,
                          struct cover *out, struct solve_stats *st, struct error *err)
{
    (void)arg;
    struct script *s = &scripts[o->solver];
    __atomic_store_n(&s->started, 1, __ATOMIC_RELEASE);
    if (s->reports_lower > 0)
        progress_lower(o->report, s->reports_lower);
    if (s->reports_cover > 0)
        progress_improve(o->report, s->reports_cover);
    thread_priority_nice(thread_priority_self(), &s->nice_at_start);
    double until = clock_seconds() + s->seconds;
    int outcome = s->outcome;
    while (clock_seconds() < until) {
        if (deadline_stopped(&o->deadline)) {
            __atomic_store_n(&s->stopped_early, 1, __ATOMIC_RELEASE);
            outcome = SOLVE_STOPPED;
            break;
        }
        nap();
    }
    thread_priority_nice(thread_priority_self(), &s->nice_at_end);
    if (outcome < 0)
        return error_set(err, outcome, "scripted failure %d", (int)o->solver);
    memset(st, 0, sizeof *st);
    st->solver = o->solver == 0 ? "first" : "second";
    st->lower_bound = o->solver == 0 ? 3 : 5;
    if (cover_init(out, g->n) != MVC_OK)
        return MVC_ENOMEM;
    for (int32_t v = 0; v < s->size; v++)
        cover_add(out, v);
    return outcome;
}

static int prepared;

static void count_prepare(void)
{
    prepared++;
}

static int prepared_yet(void)
{
    return prepared > 0;
}

static void script(int i, double seconds, int outcome, int32_t size)
{
    scripts[i] = (struct script){seconds, outcome, size, 0, 0, 0, 0, 0, 0};
}

/*
 * Both entrants stopped after `seconds` unless stopped before: the first
 * with a cover of 9 and reporting `lower` at its start, the second reporting
 * and returning a cover of `cover`.
 */
static void script_bounds(double seconds, int32_t lower, int32_t cover)
{
    script(0, seconds, SOLVE_STOPPED, 9);
    script(1, seconds, SOLVE_STOPPED, cover);
    scripts[0].reports_lower = lower;
    scripts[1].reports_cover = cover;
}

/* Two entrants from o, the first running solver 0 and the second solver 1, nothing else set. */
static void two_entrants(struct race_entrant e[2], const struct solve_opts *o)
{
    for (int i = 0; i < 2; i++) {
        e[i] = (struct race_entrant){.opts = *o};
        e[i].opts.solver = i;
    }
}

static int run_k(const struct graph *g, int64_t k, double second_after,
                 volatile sig_atomic_t *user_stop, struct cover *out, struct solve_stats *st,
                 struct error *err)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.k = k;
    o.deadline.stop = user_stop;
    struct race_entrant e[2];
    two_entrants(e, &o);
    e[1].start_after = second_after;
    memset(err, 0, sizeof *err);
    memset(st, 0, sizeof *st);
    return race_solve(g, scripted_solve, e, 2, &o, out, st, err);
}

static int run(const struct graph *g, double second_after, volatile sig_atomic_t *user_stop,
               struct cover *out, struct solve_stats *st, struct error *err)
{
    return run_k(g, -1, second_after, user_stop, out, st, err);
}

int main(void)
{
    plan(37);
    int32_t edges[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {7, 8}, {8, 9}};
    struct graph *g = graph_from_edges(10, edges, 9);
    struct cover c = {0};
    struct solve_stats st;
    struct error err;

    /* the CPU answers before the GPU's turn: the second never starts */
    script(0, 0.01, SOLVE_OPTIMAL, 7);
    script(1, 0.0, SOLVE_OPTIMAL, 6);
    double t0 = clock_seconds();
    /* times leave wide margins: loaded machines and sanitizers slow everything down */
    int r = run(g, 3.0, NULL, &c, &st, &err);
    is(r, SOLVE_OPTIMAL, "an early answer wins");
    is(c.size, 7, "with its own cover");
    ok(!scripts[1].started, "the late entrant never started");
    ok(clock_seconds() - t0 < 2.0, "and the race did not wait for its start time (3 s)");
    cover_free(&c);

    /* the late entrant answers first: the first is stopped */
    script(0, 5.0, SOLVE_OPTIMAL, 8);
    script(1, 0.01, SOLVE_OPTIMAL, 6);
    t0 = clock_seconds();
    r = run(g, 0.02, NULL, &c, &st, &err);
    is(r, SOLVE_OPTIMAL, "the GPU-like entrant's proven answer wins");
    is(c.size, 6, "its cover is returned");
    ok(scripts[0].stopped_early, "the slower entrant was stopped");
    ok(clock_seconds() - t0 < 3.0, "without waiting for its end (5 s)");
    is(strcmp(st.solver, "second"), 0, "the winner's statistics are reported");
    cover_free(&c);

    /* the late entrant fails (no device): the first goes on alone (long enough to see it start) */
    script(0, 1.0, SOLVE_OPTIMAL, 7);
    script(1, 0.0, MVC_EDEVICE, 0);
    r = run(g, 0.01, NULL, &c, &st, &err);
    is(r, SOLVE_OPTIMAL, "a failing entrant does not end the race");
    ok(scripts[1].started && !scripts[0].stopped_early, "the first ran to its end");
    cover_free(&c);

    /* both fail: the first one's error */
    script(0, 0.0, MVC_ENOMEM, 0);
    script(1, 0.0, MVC_EDEVICE, 0);
    r = run(g, 0.01, NULL, &c, &st, &err);
    is(r, MVC_ENOMEM, "both failing: the first entrant's error");
    ok(err.set, "with its message");
    cover_free(&c);

    /* the user stops the race: the smaller cover, the best lower bound */
    script(0, 5.0, SOLVE_OPTIMAL, 9);
    script(1, 5.0, SOLVE_OPTIMAL, 8);
    volatile sig_atomic_t user_stop = 0;
    struct solve_opts o;
    solve_opts_default(&o);
    o.deadline.stop = &user_stop;
    struct race_entrant e[2];
    two_entrants(e, &o);
    user_stop =
        1; /* already raised: the first still runs (and stops at once), the second never starts */
    r = race_solve(g, scripted_solve, e, 2, &o, &c, &st, &err);
    is(r, SOLVE_STOPPED, "a raised stop flag gives a stopped answer");
    is(c.size, 9, "the first entrant's cover");
    ok(!scripts[1].started, "no entrant starts after the stop");
    cover_free(&c);

    /* both stop unproven at the time limit: the smaller cover, the larger bound */
    script(0, 0.01, SOLVE_STOPPED, 9);
    script(1, 0.01, SOLVE_STOPPED, 8);
    r = run(g, 0.0, NULL, &c, &st, &err);
    is(r, SOLVE_STOPPED, "both stopped: stopped");
    is(c.size, 8, "the smaller cover is kept");
    is(st.lower_bound, 5, "with the best lower bound either proved");
    cover_free(&c);

    /* the first stops at its time limit before the second's turn: the second never starts */
    script(0, 0.01, SOLVE_STOPPED, 9);
    script(1, 0.0, SOLVE_OPTIMAL, 6);
    r = run(g, 0.3, NULL, &c, &st, &err);
    is(r, SOLVE_STOPPED, "out of time before the second's turn");
    ok(!scripts[1].started, "the second did not start with no time left");
    is(c.size, 9, "the first's cover");
    cover_free(&c);

    /* prepare: called once its time comes while the race is open, never after an answer */
    /* a wide window for the prepare due at 0.01 s, ending before the entrant's turn at 1 s */
    script(0, 0.5, SOLVE_OPTIMAL, 7);
    script(1, 0.0, SOLVE_OPTIMAL, 6);
    solve_opts_default(&o);
    struct race_entrant p[2];
    two_entrants(p, &o);
    p[1].start_after = 1.0;
    p[1].prepare = count_prepare;
    p[1].prepare_after = 0.01;
    prepared = 0;
    r = race_solve(g, scripted_solve, p, 2, &o, &c, &st, &err);
    ok(r == SOLVE_OPTIMAL && prepared == 1, "prepare ran once while the first was searching");
    cover_free(&c);
    script(0, 0.0, SOLVE_OPTIMAL, 7);
    p[1].prepare_after = 0.5;
    prepared = 0;
    r = race_solve(g, scripted_solve, p, 2, &o, &c, &st, &err);
    ok(r == SOLVE_OPTIMAL && prepared == 0, "prepare is skipped when the answer comes first");
    ok(!scripts[1].started, "and so is the entrant");
    cover_free(&c);

    /* ready: an entrant whose time has come still waits for it */
    script(0, 5.0, SOLVE_OPTIMAL, 8);
    script(1, 0.0, SOLVE_OPTIMAL, 6);
    struct race_entrant q[2];
    two_entrants(q, &o);
    q[1].prepare = count_prepare;
    q[1].prepare_after = 0.05;
    q[1].ready = prepared_yet;
    prepared = 0;
    t0 = clock_seconds();
    r = race_solve(g, scripted_solve, q, 2, &o, &c, &st, &err);
    ok(r == SOLVE_OPTIMAL && c.size == 6, "the waiting entrant started once ready and won");
    ok(clock_seconds() - t0 >= 0.05 && clock_seconds() - t0 < 3.0,
       "not before its readiness (%.3f s)", clock_seconds() - t0);
    cover_free(&c);

    /*
     * Bounds that meet: the first proves 6 (and would search on for 5 s), the
     * second finds a cover of 6 (and would search on to prove it): proven at once.
     */
    script_bounds(5.0, 6, 6);
    t0 = clock_seconds();
    r = run(g, 0.0, NULL, &c, &st, &err);
    is(r, SOLVE_OPTIMAL, "one's cover meeting the other's lower bound is optimal");
    ok(c.size == 6 && st.lower_bound == 6 && st.proven, "the cover of 6, its bound 6, proven");
    ok(clock_seconds() - t0 < 3.0, "both stopped at once, not after their 5 s");
    cover_free(&c);

    /* a bound one short of the cover proves nothing: both run to their end */
    script_bounds(0.3, 6, 7);
    t0 = clock_seconds();
    r = run(g, 0.0, NULL, &c, &st, &err);
    ok(r == SOLVE_STOPPED && c.size == 7 && st.lower_bound == 6,
       "a bound of 6 and a cover of 7: stopped, with both");
    ok(clock_seconds() - t0 >= 0.3, "after the entrants' own end");
    cover_free(&c);

    /* PVC: each entrant's answer is its own (k = 6, the same reports) */
    script_bounds(0.3, 6, 6);
    r = run_k(g, 6, 0.0, NULL, &c, &st, &err);
    is(r, SOLVE_STOPPED, "PVC: the bounds are not joined");
    cover_free(&c);

    /*
     * Giving way: the second entrant's thread drops its priority 0.05 s in,
     * the first's stays; the second still wins with its answer.
     */
    script(0, 5.0, SOLVE_OPTIMAL, 8);
    script(1, 0.3, SOLVE_OPTIMAL, 6);
    struct race_entrant y[2];
    two_entrants(y, &o);
    y[1].yield_after = 0.05;
    r = race_solve(g, scripted_solve, y, 2, &o, &c, &st, &err);
    ok(r == SOLVE_OPTIMAL && c.size == 6, "the entrant that gave way still answers");
    cover_free(&c);
#if defined(__linux__)
    ok(scripts[1].nice_at_end > scripts[1].nice_at_start ||
           (scripts[1].nice_at_start == 19 && scripts[1].nice_at_end == 19),
       "its thread's priority dropped (nice %d -> %d)", scripts[1].nice_at_start,
       scripts[1].nice_at_end);
    ok(scripts[0].nice_at_end == scripts[0].nice_at_start, "the other's did not (nice %d -> %d)",
       scripts[0].nice_at_start, scripts[0].nice_at_end);
    /* a thread of this test's own: lowered by 2, at most to 19 */
    int before = 0, after = 0;
    thread_priority_nice(thread_priority_self(), &before);
    int lowered = thread_priority_lower(thread_priority_self(), 2);
    thread_priority_nice(thread_priority_self(), &after);
    ok(lowered == 0 && after == (before + 2 > 19 ? 19 : before + 2),
       "thread_priority_lower: nice %d -> %d", before, after);
#else
    for (int i = 0; i < 3; i++)
        skip("thread priorities are lowered on Linux only");
#endif

    graph_free(g);
    return exit_status();
}
