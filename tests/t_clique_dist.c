/*
 * The distributed clique search (src/vc/clique/clique_dist.c) with ranks as
 * threads of this process (src/dist/dist_link_local.h): 2, 3 and 5 ranks of 1 or
 * 2 threads each solve random graphs through solve_clique, against brute
 * force and against the search on one process; PVC at opt - 1 and opt; a
 * time limit, a stopped rank and a rank that cannot take part give a stopped
 * answer with a valid cover, never a proof; several searches in a row on one
 * world. Circulant graphs (with nauty: split by their orbits, the split's
 * items starting rank 0's pool) against the search on one process without
 * the split.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "clique.h"
#include "clique_dist.h"
#include "clock.h"
#include "dist_link_local.h"
#include "gen.h"
#include "orbits.h"
#include "rank_world.h"
#include "tap.h"
#include "world.h"

/* Searches over the world with one process's options and no GPUs. */
static int solve(const struct graph *g, int64_t k, int threads, double limit, struct cover *c,
                 struct solve_stats *st)
{
    return world_solve(g, k, threads, limit, 0, c, st);
}

static void check(struct world_run *run, const struct graph *g, int32_t opt, const char *name)
{
    world_check(run, g, opt, 0, name);
}

/* The optimum by one process without the orbital split: the reference for symmetric graphs. */
static int32_t optimum_plain(const struct graph *g)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.clique.no_local_search = 1;
    o.clique.no_symmetry = 1;
    struct cover c = {0};
    struct solve_stats st;
    memset(&st, 0, sizeof st);
    struct error err = {0};
    int outcome = solve_clique(g, &o, &c, &st, &err);
    int32_t opt = outcome == SOLVE_OPTIMAL ? c.size : -1;
    cover_free(&c);
    return opt;
}

/* The circulant graph on n vertices joining vertices at the given distances, relabelled. */
static struct graph *circulant(uint64_t seed, int32_t n, const int32_t *distances, int count)
{
    static struct gen_edges ge;
    struct rng r = {seed};
    ge.n = n, ge.m = 0;
    for (int d = 0; d < count; d++)
        for (int32_t v = 0; v < n; v++)
            gen_edge(&ge, v, (v + distances[d]) % n);
    return gen_build(&ge, &r);
}

/* Symmetric graphs over the world: the split ran (with nauty), the optimum holds. */
static void check_symmetric(struct world_run *run, int world_index)
{
    static const int32_t distances[][4] = {{1, 3, 7, 0}, {1, 2, 5, 11}, {2, 3, 8, 13}};
    char name[96];
    for (int i = 0; i < 3; i++) {
        int32_t n = 48 + 12 * i;
        int count = distances[i][3] ? 4 : 3;
        struct graph *g = circulant(7 + (uint64_t)(world_index * 3 + i), n, distances[i], count);
        world_set(NULL);
        int32_t opt = optimum_plain(g);
        world_set(dist_link_local_rank(run->w, 0));
        struct cover c = {0};
        struct solve_stats st;
        solve(g, -1, run->threads, 0, &c, &st);
        ok(!orbits_available() || st.symmetry.splits > 0, "circulant n=%d: split by %lld orbits", n,
           (long long)st.symmetry.splits);
        cover_free(&c);
        snprintf(name, sizeof name, "circulant n=%d", n);
        check(run, g, opt, name);
        graph_free(g);
    }
}

/* A graph whose search takes a while: its complement is sparse, so cliques are small and many. */
static void check_stops(struct world_run *run)
{
    struct graph *g = gen_gnp_graph(3, 900, 0.08);
    struct cover c = {0};
    struct solve_stats st;
    double start = clock_seconds();
    int outcome = solve(g, -1, run->threads, 0.2, &c, &st);
    double took = clock_seconds() - start;
    ok(outcome == SOLVE_STOPPED && !st.proven && cover_valid(g, &c) && took < 3,
       "%d ranks: a time limit of 0.2 s: stopped after %.2f s, cover %d", run->ranks, took, c.size);
    cover_free(&c);
    /*
     * A search with work for all: every rank gets some (stealing works).
     * Longer limits where 0.2 s is too short for the first steals (a
     * sanitizer's build on a loaded machine).
     */
    double limit = 0.2;
    for (;; limit *= 4) {
        solve(g, -1, run->threads, limit, &c, &st);
        cover_free(&c);
        if ((st.ranks.ranks == run->ranks && st.ranks.nodes_min > 0) || limit > 10)
            break;
    }
    ok(st.ranks.ranks == run->ranks && st.ranks.nodes_min > 0,
       "%d ranks: every rank searched within %.1f s: fewest nodes on one %lld, most %lld, "
       "busy %.2f on average",
       run->ranks, limit, (long long)st.ranks.nodes_min, (long long)st.ranks.nodes_max,
       st.ranks.busy_mean);
    /* a signal at the last rank: the search ends as stopped, never as proven */
    run->stop[run->ranks - 1] = 1;
    start = clock_seconds();
    outcome = solve(g, -1, run->threads, 20, &c, &st);
    took = clock_seconds() - start;
    ok(outcome == SOLVE_STOPPED && !st.proven && cover_valid(g, &c) && took < 3,
       "%d ranks: rank %d stopped: the search stopped after %.2f s, cover %d", run->ranks,
       run->ranks - 1, took, c.size);
    run->stop[run->ranks - 1] = 0;
    cover_free(&c);
    graph_free(g);
}

/*
 * A rank that cannot take part (here: no threads) sits out: every search
 * ends as stopped, with a valid cover, never a proof; the end and the
 * results still pass through it to and from the ranks below it.
 */
static void check_sitting_out(int ranks, int idle_rank)
{
    struct world_run run;
    world_start_with(&run, ranks, 1, idle_rank);
    struct graph *g = gen_gnp_graph(17, 120, 0.4);
    for (int k = 0; k < 2; k++) {
        struct cover c = {0};
        struct solve_stats st;
        int outcome = solve(g, -1, 1, 0, &c, &st);
        ok(outcome == SOLVE_STOPPED && !st.proven && cover_valid(g, &c) && st.ranks.ranks == ranks,
           "%d ranks, rank %d without threads, search %d: stopped (outcome %d), cover %d, "
           "results of %d ranks",
           ranks, idle_rank, k + 1, outcome, c.size, st.ranks.ranks);
        cover_free(&c);
    }
    graph_free(g);
    world_end(&run);
}

int main(void)
{
    static const struct {
        int ranks, threads;
    } worlds[] = {{2, 1}, {3, 2}, {5, 1}};
    static const double densities[] = {0.2, 0.4, 0.6, 0.8};
    char name[96];
    for (size_t wi = 0; wi < sizeof worlds / sizeof worlds[0]; wi++) {
        struct world_run run;
        world_start(&run, worlds[wi].ranks, worlds[wi].threads);
        for (unsigned seed = 1; seed <= 8; seed++) {
            int32_t n = 24 + (int32_t)(seed % 7);
            struct graph *g = gen_gnp_graph(seed + 100 * wi, n, densities[seed % 4]);
            struct cover b = {0};
            int32_t opt = (int32_t)brute_minimum_cover(g, &b);
            cover_free(&b);
            snprintf(name, sizeof name, "G(%d, %.1f) seed %u", n, densities[seed % 4], seed);
            check(&run, g, opt, name);
            graph_free(g);
        }
        for (unsigned seed = 1; seed <= 4; seed++) {
            int32_t n = 80 + 30 * (int32_t)seed;
            double p = seed % 2 ? 0.3 : 0.5;
            struct graph *g = gen_gnp_graph(seed + 1000 * wi, n, p);
            world_set(NULL);
            int32_t opt = optimum_alone(g);
            world_set(dist_link_local_rank(run.w, 0));
            snprintf(name, sizeof name, "G(%d, %.2f) seed %u", n, p, seed);
            check(&run, g, opt, name);
            graph_free(g);
        }
        check_symmetric(&run, (int)wi);
        check_stops(&run);
        world_end(&run);
    }
    check_sitting_out(3, 2);
    check_sitting_out(5, 1); /* rank 1 passes the end on to ranks 3 and 4, their results back */
    done_testing();
    return exit_status();
}
