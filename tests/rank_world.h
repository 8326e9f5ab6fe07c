/*
 * Ranks as threads of one test process (src/dist/dist_link_local.h) for the
 * distributed clique search's tests: rank 0 is the caller, the others serve
 * on threads of their own; a solve over them through solve_clique, and the
 * check of MVC and PVC at opt - 1 and opt that both tests make.
 */
#ifndef MVC_TEST_RANK_WORLD_H
#define MVC_TEST_RANK_WORLD_H

#include <pthread.h>
#include <signal.h>
#include <string.h>

#include "clique.h"
#include "clique_dist.h"
#include "dist_link_local.h"
#include "tap.h"
#include "world.h"

#define MAX_RANKS 8

struct world_run {
    struct dist_link_local_world *w;
    int ranks, threads;
    int idle_rank; /* serves with no threads (0: none does) */
    pthread_t ids[MAX_RANKS];
    volatile sig_atomic_t stop[MAX_RANKS];
};

struct serve_arg {
    struct world_run *run;
    int rank;
};

static struct serve_arg serve_args[MAX_RANKS];

static void *serve_rank(void *p)
{
    struct serve_arg *a = p;
    clique_dist_serve(dist_link_local_rank(a->run->w, a->rank),
                      a->rank == a->run->idle_rank ? 0 : a->run->threads, &a->run->stop[a->rank]);
    return NULL;
}

/* Ranks 1 .. ranks - 1 served on threads, each with `threads` threads but idle_rank with none. */
static void world_start_with(struct world_run *run, int ranks, int threads, int idle_rank)
{
    memset(run, 0, sizeof *run);
    run->ranks = ranks, run->threads = threads, run->idle_rank = idle_rank;
    run->w = dist_link_local_open(ranks);
    for (int r = 1; r < ranks; r++) {
        serve_args[r] = (struct serve_arg){run, r};
        pthread_create(&run->ids[r], NULL, serve_rank, &serve_args[r]);
    }
    world_set(dist_link_local_rank(run->w, 0));
}

static void world_start(struct world_run *run, int ranks, int threads)
{
    world_start_with(run, ranks, threads, 0);
}

static void world_end(struct world_run *run)
{
    clique_dist_release(dist_link_local_rank(run->w, 0));
    for (int r = 1; r < run->ranks; r++)
        pthread_join(run->ids[r], NULL);
    world_set(NULL);
    dist_link_local_close(run->w);
}

/*
 * solve_clique over the world: PVC for k >= 0, a time limit when limit > 0,
 * the ranks' GPUs (or their stand-ins) when spread_gpus.
 */
static int world_solve(const struct graph *g, int64_t k, int threads, double limit, int spread_gpus,
                       struct cover *c, struct solve_stats *st)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.k = k;
    o.threads = threads;
    o.clique.no_local_search = 1;
    o.clique.spread_gpus = spread_gpus;
    if (limit > 0)
        o.deadline = deadline_after(limit, NULL);
    memset(st, 0, sizeof *st);
    struct error err = {0};
    return solve_clique(g, &o, c, st, &err);
}

/* The optimum by a search of 2 threads, over the world if one is set (the tests unset it), or -1.
 */
static int32_t optimum_alone(const struct graph *g)
{
    struct cover c = {0};
    struct solve_stats st;
    int outcome = world_solve(g, -1, 2, 0, 0, &c, &st);
    int32_t opt = outcome == SOLVE_OPTIMAL ? c.size : -1;
    cover_free(&c);
    return opt;
}

static int cover_valid(const struct graph *g, const struct cover *c)
{
    struct error err = {0};
    return cover_check(g, c, &err) == MVC_OK;
}

/*
 * MVC, then PVC at opt - 1 and opt, on the world. Returns the nodes the
 * ranks' GPUs searched for MVC.
 */
static int64_t world_check(struct world_run *run, const struct graph *g, int32_t opt,
                           int spread_gpus, const char *name)
{
    struct cover c = {0};
    struct solve_stats st;
    int outcome = world_solve(g, -1, run->threads, 0, spread_gpus, &c, &st);
    int64_t members = st.ranks.gpu_nodes;
    ok(outcome == SOLVE_OPTIMAL && c.size == opt && cover_valid(g, &c) && st.proven &&
           st.ranks.ranks == run->ranks && members >= 0 && members <= st.nodes,
       "%s, %d ranks x %d threads: cover %d, optimum %d, %lld nodes over %d ranks, %lld of them "
       "the devices'",
       name, run->ranks, run->threads, c.size, opt, (long long)st.nodes, st.ranks.ranks,
       (long long)members);
    cover_free(&c);
    if (opt > 0) {
        outcome = world_solve(g, opt - 1, run->threads, 0, spread_gpus, &c, &st);
        ok(outcome == SOLVE_NO_COVER && cover_valid(g, &c), "%s: k = %d: no cover (outcome %d)",
           name, opt - 1, outcome);
        cover_free(&c);
    }
    outcome = world_solve(g, opt, run->threads, 0, spread_gpus, &c, &st);
    ok(outcome == SOLVE_FOUND && c.size <= opt && cover_valid(g, &c), "%s: k = %d: cover %d", name,
       opt, c.size);
    cover_free(&c);
    return members;
}

#endif
