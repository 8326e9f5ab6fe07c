/*
 * NuMVC local search: valid covers, never worse than the start, optimal on small graphs; limits;
 * the same search on a thread beside another; several seeds at once (the portfolio).
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "brute.h"
#include "clock.h"
#include "gen.h"
#include "greedy.h"
#include "local_search.h"
#include "local_search_beside.h"
#include "local_search_portfolio.h"
#include "tap.h"

/* Enough for every small graph here: optima are usually found within a few hundred steps. */
#define SMALL_GRAPH_STEPS 200000

static int valid(const struct graph *g, const struct cover *c)
{
    struct error err = {0};
    return c->n == g->n && cover_check(g, c, &err) == MVC_OK;
}

static void all_vertices(const struct graph *g, struct cover *c)
{
    cover_free(c);
    if (cover_init(c, g->n) != MVC_OK)
        bail("out of memory");
    for (int32_t v = 0; v < g->n; v++)
        cover_add(c, v);
}

static int improve(const struct graph *g, const struct local_search_opts *o, struct cover *c,
                   struct local_search_stats *st)
{
    struct error err = {0};
    int status = local_search_improve(g, o, c, st, &err);
    if (status != MVC_OK)
        bail(err.message);
    return status;
}

/* Seeds past the first that a run from the greedy cover may take to reach the optimum. */
#define EXTRA_SEEDS 4

struct tally {
    int graphs, runs, failed, greedy_off, retried;
    int64_t steps_to_best;
};

static const char *const removal_name[] = {"auto", "heap", "scan"};

/*
 * From all vertices with the optimum as target, and from the greedy cover with
 * no target (the search goes on past the optimum, so the best kept must stay
 * intact while the candidate moves on).
 */
static void check_removal(const struct graph *g, int opt, const char *desc, uint64_t seed,
                          enum local_search_removal removal, struct tally *t)
{
    struct cover c = {0};
    struct local_search_stats st;
    struct error err = {0};
    struct local_search_opts o = local_search_opts_default();
    o.seed = seed;
    o.removal = removal;
    o.max_steps = SMALL_GRAPH_STEPS;
    o.target = opt;
    all_vertices(g, &c);
    improve(g, &o, &c, &st);
    t->runs++;
    t->steps_to_best += st.best_step;
    if (!ok(valid(g, &c) && c.size == opt && st.start_size == g->n && st.steps <= st.best_step,
            "%s, %s: from all %d vertices to the optimum %d (got %d, %lld steps)", desc,
            removal_name[removal], g->n, opt, c.size, (long long)st.steps))
        t->failed++;

    if (greedy_cover(g, &c, &err) != MVC_OK)
        bail(err.message);
    int32_t greedy = c.size;
    t->greedy_off += greedy > opt;
    o.target = 0;
    /*
     * 20 steps an edge were too few: with MVC_SEED=2028132683 a bipartite
     * graph of 21 vertices and 79 edges stayed one above its optimum for
     * 3,580 steps under each of five seeds.
     */
    o.max_steps = 2000 + (int64_t)g->m * 100;
    struct cover start = {0};
    if (cover_copy(&start, &c) != MVC_OK)
        bail("out of memory");
    /*
     * A local search that misses the optimum within its budget is not wrong,
     * only unlucky: a few more seeds from the same start (vanishingly rare to
     * all miss, as MVC_SEED=1795740866 showed for one), each cover valid.
     */
    int tries = 0, valid_all = 1;
    do {
        if (tries > 0 && cover_copy(&c, &start) != MVC_OK)
            bail("out of memory");
        o.seed = seed + (uint64_t)tries * 0x9e3779b9u;
        improve(g, &o, &c, &st);
        valid_all &= valid(g, &c) && c.size <= greedy && st.steps == o.max_steps * (opt > 1);
        tries++;
    } while (c.size != opt && tries < EXTRA_SEEDS + 1);
    t->runs++;
    t->retried += tries > 1;
    if (!ok(valid_all && c.size == opt,
            "%s, %s: from greedy %d, no target: optimum %d kept over %lld steps (got %d, %d "
            "seed%s)",
            desc, removal_name[removal], greedy, opt, (long long)st.steps, c.size, tries,
            tries > 1 ? "s" : ""))
        t->failed++;
    cover_free(&start);
    cover_free(&c);
}

static void check_graph(const struct graph *g, const char *desc, uint64_t seed, struct tally *t)
{
    struct cover ref = {0};
    int opt = brute_minimum_cover(g, &ref);
    t->graphs++;
    check_removal(g, opt, desc, seed, LOCAL_SEARCH_REMOVAL_HEAP, t);
    check_removal(g, opt, desc, seed, LOCAL_SEARCH_REMOVAL_SCAN, t);
    cover_free(&ref);
}

static void test_random(uint64_t master)
{
    struct tally t = {0};
    char desc[96];
    int index = 0;
    for (int d = 0; d < 5; d++)
        for (int i = 0; i < 60; i++, index++) {
            uint64_t seed = master + (uint64_t)index * 15485863;
            struct graph *g = gen_graph(GEN_GNP, gen_densities[d], 22, seed, desc, sizeof desc);
            check_graph(g, desc, seed, &t);
            graph_free(g);
        }
    for (enum gen_family fam = GEN_TREE; fam < GEN_FAMILIES; fam++)
        for (int i = 0; i < 25; i++, index++) {
            uint64_t seed = master + (uint64_t)index * 15485863;
            struct graph *g = gen_graph(fam, 0, 22, seed, desc, sizeof desc);
            check_graph(g, desc, seed, &t);
            graph_free(g);
        }
    for (int i = 0; i < 100; i++, index++) {
        uint64_t seed = master + (uint64_t)index * 15485863;
        struct graph *g = gen_cycle_matchings_graph(seed, 26, 1 + i % 3, desc, sizeof desc);
        check_graph(g, desc, seed, &t);
        graph_free(g);
    }
    ok(t.failed == 0,
       "%d graphs, %d runs (heap and scan): every cover valid, never above the start, optimal",
       t.graphs, t.runs);
    diag("greedy above the optimum on %d graphs; %.1f steps to the optimum on average from all "
         "vertices; %d runs from greedy needed more than one seed",
         t.greedy_off / 2, (double)t.steps_to_best / (t.runs / 2), t.retried);
}

static void test_special(void)
{
    struct local_search_opts o = local_search_opts_default();
    struct local_search_stats st;
    struct cover c = {0};
    struct error err = {0};

    struct graph *g = graph_from_edges(0, NULL, 0);
    all_vertices(g, &c);
    ok(local_search_improve(g, &o, &c, &st, &err) == MVC_OK && c.size == 0 && st.steps == 0,
       "empty graph: the empty cover");
    graph_free(g);

    g = graph_from_edges(9, NULL, 0);
    all_vertices(g, &c);
    ok(local_search_improve(g, &o, &c, &st, &err) == MVC_OK && c.size == 0 && c.n == 9 &&
           st.steps == 0 && st.improvements == 9,
       "nine isolated vertices, all in the start: the empty cover, without exchange steps");
    graph_free(g);

    const int32_t edge[][2] = {{0, 1}};
    g = graph_from_edges(3, edge, 1);
    all_vertices(g, &c);
    ok(local_search_improve(g, NULL, &c, NULL, &err) == MVC_OK && c.size == 1 && valid(g, &c),
       "one edge and an isolated vertex, NULL options and stats: one vertex");
    graph_free(g);

    const int32_t pet[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7},
                              {3, 8}, {4, 9}, {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}};
    g = graph_from_edges(10, pet, 15);
    brute_minimum_cover(g, &c);
    struct cover start = {0};
    cover_copy(&start, &c);
    o.max_steps = 5000;
    ok(local_search_improve(g, &o, &c, &st, &err) == MVC_OK && c.size == 6 && valid(g, &c) &&
           st.steps == 5000 && st.improvements == 0 && memcmp(c.in, start.in, 10) == 0,
       "Petersen graph from a minimum cover: kept unchanged through 5000 steps");

    c.in[start.in[0] ? 0 : 1] = 0;
    c.size--;
    err.set = 0;
    ok(local_search_improve(g, &o, &c, &st, &err) == MVC_EINPUT && err.set &&
           c.size == start.size - 1,
       "a start that is not a cover: MVC_EINPUT (%s)", err.message);
    cover_free(&start);
    graph_free(g);
    cover_free(&c);
}

static volatile sig_atomic_t stop_flag;

static void raise_stop(int signal_number)
{
    (void)signal_number;
    stop_flag = 1;
}

/* SIGALRM raises stop_flag, which is lowered now. */
static void stop_on_alarm(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = raise_stop;
    sigaction(SIGALRM, &sa, NULL);
    stop_flag = 0;
}

static void test_limits(uint64_t master)
{
    struct graph *g = gen_gnp_graph(master, 400, 0.02); /* far beyond exhaustive search */
    struct local_search_opts o = local_search_opts_default();
    struct local_search_stats st;
    struct cover c = {0}, d = {0};
    struct error err = {0};

    all_vertices(g, &c);
    o.target = 300;
    improve(g, &o, &c, &st);
    ok(c.size == 300 && valid(g, &c) && st.improvements == 100,
       "G(400, 0.02) seed=%llu: target 300 reached exactly, one vertex at a time",
       (unsigned long long)master);

    greedy_cover(g, &c, &err);
    int32_t greedy = c.size;
    stop_flag = 1;
    o.deadline.stop = &stop_flag;
    o.target = 0;
    improve(g, &o, &c, &st);
    ok(c.size == greedy && st.steps == 0, "stop flag set: the start comes back, no steps taken");

    /* raised by a signal in the middle of a search without limits (10 s as a backstop) */
    stop_on_alarm();
    o.max_steps = 0;
    o.deadline = deadline_after(10, o.deadline.stop);
    double t = clock_seconds();
    alarm(1);
    improve(g, &o, &c, &st);
    t = clock_seconds() - t;
    ok(stop_flag && valid(g, &c) && c.size <= greedy && t < 3.0 && st.steps > 0,
       "stop flag raised by a signal after 1 s: stopped after %.2f s and %lld steps, cover %d", t,
       (long long)st.steps, c.size);
    stop_flag = 0;

    o.deadline = deadline_after(0.05, o.deadline.stop);
    t = clock_seconds();
    improve(g, &o, &c, &st);
    t = clock_seconds() - t;
    ok(valid(g, &c) && c.size <= greedy && st.steps > 1000,
       "time limit 0.05 s: %lld steps, a valid cover of %d (greedy %d)", (long long)st.steps,
       c.size, greedy);
    ok(t < 1.0, "the time limit is honoured promptly (%.3f s)", t);

    /* a target below any cover: the patience ends the search long before the time limit */
    greedy_cover(g, &c, &err);
    o.target = 1;
    o.patience = 0.02;
    o.deadline = deadline_after(8, o.deadline.stop);
    t = clock_seconds();
    improve(g, &o, &c, &st);
    t = clock_seconds() - t;
    double waited = st.seconds - st.best_seconds;
    ok(valid(g, &c) && c.size < greedy && t < 4.0 && waited >= 0.02 && waited >= st.best_seconds,
       "patience 0.02 s, target 1: ended after %.3f s of 8, %.3f s after its last cover (%d, "
       "found after %.3f s)",
       t, waited, c.size, st.best_seconds);
    o.patience = 0;
    o.target = 0;

    o.deadline = deadline_after(0, o.deadline.stop);
    o.max_steps = 20000;
    o.seed = master;
    for (int removal = LOCAL_SEARCH_REMOVAL_HEAP; removal <= LOCAL_SEARCH_REMOVAL_SCAN; removal++) {
        o.removal = (enum local_search_removal)removal;
        all_vertices(g, &c);
        all_vertices(g, &d);
        struct local_search_stats st2;
        improve(g, &o, &c, &st);
        improve(g, &o, &d, &st2);
        ok(c.size == d.size && memcmp(c.in, d.in, (size_t)g->n) == 0 &&
               st.best_step == st2.best_step && valid(g, &c),
           "%s: the same seed and step budget give the same cover (%d, found at step %lld)",
           removal_name[removal], c.size, (long long)st.best_step);
    }
    o.removal = LOCAL_SEARCH_REMOVAL_AUTO;
    graph_free(g);

    /*
     * A wheel: the hub has degree 100000 and belongs to every minimum cover.
     * Long cycles are slow for local search (defects wander), so the optimum
     * is not asked for, only a cover near it within the step budget.
     */
    int32_t rim = 100000;
    int32_t(*e)[2] = malloc(2 * (size_t)rim * sizeof *e);
    for (int32_t v = 0; v < rim; v++) {
        e[2 * v][0] = 0;
        e[2 * v][1] = 1 + v;
        e[2 * v + 1][0] = 1 + v;
        e[2 * v + 1][1] = 1 + (v + 1) % rim;
    }
    g = graph_from_edges(rim + 1, (const int32_t(*)[2])e, 2 * (int64_t)rim);
    free(e);
    all_vertices(g, &c);
    o.max_steps = 100000;
    o.target = 0;
    t = clock_seconds();
    improve(g, &o, &c, &st);
    t = clock_seconds() - t;
    ok(valid(g, &c) && c.in[0] && c.size <= 1 + rim / 2 + rim / 100,
       "wheel with a hub of degree %d: a cover of %d with the hub (optimum %d; %.2f s, %lld steps)",
       rim, c.size, 1 + rim / 2, t, (long long)st.steps);
    graph_free(g);

    cover_free(&c);
    cover_free(&d);
}

static void pause_ms(long ms)
{
    struct timespec pause = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

/*
 * Beside a search: the first cover published is valid, smaller than the
 * start and no larger than the first round's search gives alone; later
 * rounds publish only smaller covers, every one valid; told to stop, the
 * thread ends at once, also while it waits for its start.
 */
static void test_beside(uint64_t master)
{
    struct graph *g = gen_gnp_graph(master + 7, 200, 0.05);
    struct cover start = {0}, alone = {0};
    all_vertices(g, &start);
    all_vertices(g, &alone);
    struct deadline none = deadline_after(0, NULL);
    struct local_search_beside b;
    local_search_beside_start(&b, g, &start, &none, 0, 20000, -1, 1);
    double t0 = clock_seconds();
    while (held_cover_size(&b.held) == INT32_MAX && clock_seconds() - t0 < 30)
        pause_ms(1);
    int32_t first = held_cover_size(&b.held);
    const struct cover *seen = held_cover_latest(&b.held);
    int first_valid = seen != NULL && seen->size <= first && valid(g, seen);
    struct local_search_opts o = local_search_opts_default();
    o.max_steps = 20000;
    o.target = -1;
    struct local_search_stats st;
    improve(g, &o, &alone, &st);
    ok(first_valid && first < start.size && first <= alone.size,
       "beside: first published %ld (start %ld), one round alone %ld", (long)first,
       (long)start.size, (long)alone.size);
    pause_ms(100); /* a few more rounds */
    local_search_beside_finish(&b);
    int all_valid = 1, falling = 1;
    for (int i = 0; i < b.published_count; i++) {
        all_valid &= valid(g, &b.published[i]);
        falling &= i == 0 || b.published[i].size < b.published[i - 1].size;
    }
    const struct cover *latest = held_cover_latest(&b.held);
    ok(all_valid && falling && latest == &b.published[b.published_count - 1] &&
           latest->size == held_cover_size(&b.held) && latest->size <= first,
       "beside: %d covers published, each valid and smaller than the one before, the last %ld",
       b.published_count, (long)latest->size);
    local_search_beside_free(&b);

    local_search_beside_start(&b, g, &start, &none, 0, INT64_MAX / 2, 1, 1);
    pause_ms(50);
    t0 = clock_seconds();
    local_search_beside_finish(&b);
    double took = clock_seconds() - t0;
    latest = held_cover_latest(&b.held);
    ok(took < 1.0 && (latest == NULL || valid(g, latest)),
       "beside: told to stop, it ends in %.3f s (published %ld)", took,
       latest ? (long)latest->size : -1L);
    local_search_beside_free(&b);

    local_search_beside_start(&b, g, &start, &none, 5.0, 20000, -1, 1);
    pause_ms(20);
    t0 = clock_seconds();
    local_search_beside_finish(&b);
    took = clock_seconds() - t0;
    ok(took < 0.5 && held_cover_size(&b.held) == INT32_MAX,
       "beside: stopped before its start 5 s away, it ends in %.3f s with nothing published", took);
    local_search_beside_free(&b);
    cover_free(&start);
    cover_free(&alone);
    graph_free(g);
}

/*
 * The portfolio: on small graphs every run count reaches the optimum as a
 * target and returns a valid cover of it; without a target and with a step
 * budget (each run then deterministic) it returns the smallest cover of its
 * runs, the first among equals, and sums their steps; a raised stop flag and
 * a time limit end every run; a start that is no cover fails as it does alone.
 */
static void test_portfolio(uint64_t master)
{
    struct rng r = {master ^ 0x9f0};
    int reached = 0, graphs = 0;
    for (int i = 0; i < 40; i++, graphs++) {
        int32_t n = 8 + rng_below(&r, 14);
        struct graph *g = gen_gnp_graph(rng_next(&r), n, 0.15 + 0.5 * rng_unit(&r));
        struct cover ref = {0};
        int32_t opt = brute_minimum_cover(g, &ref);
        cover_free(&ref);
        struct local_search_opts o = local_search_opts_default();
        o.max_steps = SMALL_GRAPH_STEPS;
        o.target = opt;
        o.seed = rng_next(&r);
        struct cover c = {0};
        struct local_search_stats st;
        struct error err = {0};
        int runs = 1 + i % 6;
        all_vertices(g, &c);
        if (local_search_portfolio(g, &o, runs, 0, &c, &st, &err) != MVC_OK)
            bail(err.message);
        reached += c.size == opt && valid(g, &c) && st.start_size == n;
        cover_free(&c);
        graph_free(g);
    }
    ok(reached == graphs, "1-6 runs at once: the optimum reached as the target on %d of %d graphs",
       reached, graphs);

    struct graph *g = gen_gnp_graph(master, 400, 0.02);
    struct local_search_opts o = local_search_opts_default();
    o.max_steps = 30000;
    o.target = 0;
    o.seed = master;
    struct cover c = {0}, d = {0}, best = {0};
    struct local_search_stats st, st2;
    struct error err = {0};
    /* the four runs one by one: seeds master .. master + 3, the first smallest kept */
    int kept_seed = -1;
    for (int i = 0; i < 4; i++) {
        struct local_search_opts one = o;
        one.seed = o.seed + (uint64_t)i;
        all_vertices(g, &d);
        improve(g, &one, &d, &st2);
        if (kept_seed < 0 || d.size < best.size) {
            cover_free(&best);
            if (cover_copy(&best, &d) != MVC_OK)
                bail("out of memory");
            kept_seed = i;
        }
    }
    all_vertices(g, &c);
    if (local_search_portfolio(g, &o, 4, 0, &c, &st, &err) != MVC_OK)
        bail(err.message);
    ok(valid(g, &c) && c.size == best.size && memcmp(c.in, best.in, (size_t)g->n) == 0 &&
           st.steps == 4 * o.max_steps,
       "4 runs of 30,000 steps without a target: the cover of seed %d of the four alone (%d), "
       "%lld steps",
       kept_seed, best.size, (long long)st.steps);
    cover_free(&best);

    /* a stop flag raised by a signal after 0.3 s ends all four runs (10 s as a backstop) */
    stop_on_alarm();
    o.max_steps = 0;
    o.deadline = deadline_after(10, &stop_flag);
    struct itimerval it = {{0, 0}, {0, 300000}};
    double t = clock_seconds();
    setitimer(ITIMER_REAL, &it, NULL);
    if (local_search_portfolio(g, &o, 4, 0, &c, &st, &err) != MVC_OK)
        bail(err.message);
    t = clock_seconds() - t;
    ok(stop_flag && valid(g, &c) && t < 3.0, "the caller's stop flag ended 4 runs after %.2f s", t);
    stop_flag = 0;
    o.deadline = deadline_after(0.1, NULL);
    t = clock_seconds();
    if (local_search_portfolio(g, &o, 4, 0, &c, &st, &err) != MVC_OK)
        bail(err.message);
    t = clock_seconds() - t;
    ok(valid(g, &c) && t < 1.0, "a time limit of 0.1 s ended 4 runs after %.3f s", t);

    /* a start that is no cover */
    cover_free(&c);
    if (cover_init(&c, g->n) != MVC_OK)
        bail("out of memory");
    o.deadline = deadline_after(0, NULL);
    o.max_steps = 1000;
    ok(local_search_portfolio(g, &o, 4, 0, &c, &st, &err) == MVC_EINPUT && err.set && c.size == 0,
       "a start that is no cover: MVC_EINPUT (%s), the cover unchanged", err.message);
    cover_free(&c);
    cover_free(&d);
    graph_free(g);
}

int main(void)
{
    uint64_t master = gen_master_seed();
    test_special();
    test_random(master);
    test_limits(master);
    test_beside(master);
    test_portfolio(master);
    done_testing();
    return exit_status();
}
