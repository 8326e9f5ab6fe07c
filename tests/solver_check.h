/*
 * One exact vertex cover solver, called directly, checked against a known
 * optimum: MVC and PVC around it with the statistics, the cases the contract
 * test (t_solver_contract) does not ask, a stop flag and a time limit.
 */
#ifndef MVC_TEST_SOLVER_CHECK_H
#define MVC_TEST_SOLVER_CHECK_H

#include <signal.h>
#include <string.h>

#include "brute.h"
#include "clock.h"
#include "cover.h"
#include "graph.h"
#include "greedy.h"
#include "solve.h"
#include "tap.h"

/* The solver under test (solve.h's signature) and what it says of itself. */
struct solver_check {
    int (*solve)(const struct graph *g, const struct solve_opts *o, struct cover *out,
                 struct solve_stats *st, struct error *err);
    const char *name;           /* in its statistics */
    int64_t nodes_when_stopped; /* nodes it visits under a stop raised before the call */
};

/* A cover of all of g's vertices that covers every edge. */
static inline int check_valid(const struct graph *g, const struct cover *c)
{
    struct error err = {0};
    return c->n == g->n && cover_check(g, c, &err) == MVC_OK;
}

/* The solver with the default options but k (MVC when negative); bails out on an error. */
static inline int check_run(const struct solver_check *s, const struct graph *g, int64_t k,
                            struct cover *c, struct solve_stats *st)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.k = k;
    struct error err = {0};
    int outcome = s->solve(g, &o, c, st, &err);
    if (outcome < 0)
        bail(err.message);
    return outcome;
}

struct check_tally {
    int graphs, solves, failed;
    int searched; /* graphs on which the MVC search visited a node */
    int improved; /* graphs on which it beat the greedy cover */
    int branched; /* graphs on which it visited more than one node */
    /* bnr: branchings on two threads in MVC and in PVC solves, and those one child settled */
    int64_t parallel_mvc, parallel_pvc, parallel_settled;
};

/* MVC, then PVC at k = opt - 1, opt and opt + 1, each against the reference optimum opt. */
static inline void check_against(const struct solver_check *s, const struct graph *g, int opt,
                                 const char *desc, struct check_tally *t)
{
    struct cover c = {0};
    struct solve_stats st;
    t->graphs++;

    int outcome = check_run(s, g, -1, &c, &st);
    t->solves++;
    if (!ok(outcome == SOLVE_OPTIMAL && check_valid(g, &c) && c.size == opt && st.best == opt &&
                st.proven && st.lower_bound == opt && st.greedy_size >= opt &&
                strcmp(st.solver, s->name) == 0,
            "%s: MVC optimal, valid, size %d = reference %d", desc, c.size, opt))
        t->failed++;
    t->searched += st.nodes > 0;
    t->improved += st.greedy_size > opt;
    t->branched += st.nodes > 1;
    t->parallel_mvc += st.parallel_branchings;
    t->parallel_settled += st.parallel_settled;

    if (opt > 0) {
        outcome = check_run(s, g, opt - 1, &c, &st);
        t->solves++;
        if (!ok(outcome == SOLVE_NO_COVER && check_valid(g, &c) && st.lower_bound == opt,
                "%s: PVC k = %d: no cover (outcome %d), a valid cover returned", desc, opt - 1,
                outcome))
            t->failed++;
        t->parallel_pvc += st.parallel_branchings;
        t->parallel_settled += st.parallel_settled;
    }
    for (int extra = 0; extra <= 1; extra++) {
        outcome = check_run(s, g, opt + extra, &c, &st);
        t->solves++;
        if (!ok(outcome == SOLVE_FOUND && check_valid(g, &c) && c.size <= opt + extra,
                "%s: PVC k = %d: found a valid cover of size %d", desc, opt + extra, c.size))
            t->failed++;
        t->parallel_pvc += st.parallel_branchings;
        t->parallel_settled += st.parallel_settled;
    }
    cover_free(&c);
}

/* check_against with the optimum from exhaustive search (brute.h). */
static inline void check_against_brute(const struct solver_check *s, const struct graph *g,
                                       const char *desc, struct check_tally *t)
{
    struct cover best = {0};
    check_against(s, g, brute_minimum_cover(g, &best), desc, t);
    cover_free(&best);
}

/*
 * What the contract test does not ask: the greedy cover returned with no
 * cover, no search when k is far above n, NULL options and an out
 * initialised for another graph.
 */
static inline void check_special(const struct solver_check *s)
{
    struct cover c = {0};
    struct solve_stats st;
    /* Petersen graph: minimum cover 6, no triangles and no degree-one vertex: search needed */
    const int32_t pet[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7},
                              {3, 8}, {4, 9}, {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}};
    struct graph *g = graph_from_edges(10, pet, 15);
    ok(check_run(s, g, 0, &c, &st) == SOLVE_NO_COVER && check_valid(g, &c) &&
           c.size == st.greedy_size,
       "Petersen graph, k = 0: no cover; the cover returned is the greedy one");
    ok(check_run(s, g, 1000, &c, &st) == SOLVE_FOUND && check_valid(g, &c) && st.nodes == 0,
       "k far above n: the greedy cover answers without a search");

    struct error err = {0};
    struct cover other = {0};
    cover_init(&other, 3);
    ok(s->solve(g, NULL, &other, NULL, &err) == SOLVE_OPTIMAL && other.n == 10 && other.size == 6 &&
           check_valid(g, &other),
       "NULL options and stats: MVC; an initialised cover of 3 vertices becomes one of 10");
    cover_free(&other);
    graph_free(g);
    cover_free(&c);
}

/*
 * Stopping on g, a search of seconds (desc names it): a stop flag raised
 * before the call stops the solver at once, unproven, with the greedy cover,
 * for MVC and for PVC below the greedy bound; a time limit of 0.05 s stops
 * it promptly, after a search, with a valid cover.
 */
static inline void check_stops(const struct solver_check *s, const struct graph *g,
                               const char *desc)
{
    struct cover c = {0}, greedy = {0};
    struct solve_stats st;
    struct solve_opts o;
    struct error err = {0};
    if (greedy_cover(g, &greedy, &err) != MVC_OK)
        bail(err.message);
    volatile sig_atomic_t stop = 1;
    solve_opts_default(&o);
    o.deadline.stop = &stop;
    int outcome = s->solve(g, &o, &c, &st, &err);
    ok(outcome == SOLVE_STOPPED && check_valid(g, &c) && c.size == greedy.size && !st.proven &&
           st.nodes == s->nodes_when_stopped,
       "stop flag already set: stopped after %lld nodes (%lld expected), unproven, greedy cover "
       "(%d) returned",
       (long long)st.nodes, (long long)s->nodes_when_stopped, greedy.size);
    o.k = greedy.size - 1;
    outcome = s->solve(g, &o, &c, &st, &err);
    ok(outcome == SOLVE_STOPPED && check_valid(g, &c), "the same for PVC below the greedy bound");

    /*
     * A short limit, lengthened until the search has branched: the root's
     * reductions alone can take 0.05 s on a loaded machine or under a
     * sanitizer, and then no node past the root is the machine's doing.
     */
    double limit = 0.05, t = 0;
    for (int tries = 0; tries < 3; tries++) {
        if (tries > 0)
            limit *= 4;
        solve_opts_default(&o);
        o.deadline = deadline_after(limit, o.deadline.stop);
        t = clock_seconds();
        outcome = s->solve(g, &o, &c, &st, &err);
        t = clock_seconds() - t;
        if (st.nodes > 1)
            break;
    }
    ok(outcome == SOLVE_STOPPED && check_valid(g, &c) && c.size <= greedy.size && st.nodes > 1 &&
           st.lower_bound <= c.size,
       "time limit %.2f s on %s: stopped after %lld nodes with a valid cover of %d (lower bound "
       "%d)",
       limit, desc, (long long)st.nodes, c.size, st.lower_bound);
    ok(t < limit + 0.95, "the time limit is honoured promptly (%.3f s)", t);
    cover_free(&c);
    cover_free(&greedy);
}

#endif
