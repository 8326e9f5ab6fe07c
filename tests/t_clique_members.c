/*
 * The GPUs of the ranks as members of a distributed clique search
 * (gpu_clique_member.h, src/vc/clique/clique_dist.c), ranks as threads of
 * this process. Without a GPU a CPU stand-in plays two devices per rank
 * through the same link: it takes batches of items, hands its first batch
 * back whole and the rest of a batch whenever the team asks for work (as a
 * device's exports do),
 * searches the others with the CPU search from the team's floor and passes
 * larger cliques on. Random graphs against brute force and against one
 * process, PVC at opt - 1 and opt, the stand-in's nodes counted; a device
 * that leaves at once changes nothing; one that loses its work ends the
 * search stopped, with a valid cover, never a proof. Where the build has
 * CUDA and a device, the real members (gpu_clique_members) in the same
 * searches: there one rank's members hold the device (one search on it at
 * a time in a process) and must have searched.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "brute.h"
#include "clique.h"
#include "clique_dist.h"
#include "clique_search.h"
#include "clock.h"
#include "dist_link_local.h"
#include "gen.h"
#include "rank_world.h"
#include "tap.h"
#include "world.h"
#ifdef HAVE_CUDA
#include "gpu.h"
#endif

#define STAND_IN_DEVICES 2
#define STAND_IN_BATCH 8

/* How the stand-in behaves: plays its devices, leaves at once, or loses its first batch. */
enum stand_in_mode { PLAY, LEAVE, LOSE };
static enum stand_in_mode mode;
static int64_t handed_back; /* items the stand-ins gave back (atomic) */

struct stand_in {
    const struct clique_member_link *link;
    int32_t n, target;
    const uint64_t *rows;
    int maxsat;
    int64_t nodes;
};

/* One device of the stand-in: batches from the team until it says the search is over. */
static void *stand_in_device(void *arg)
{
    struct stand_in *d = arg;
    const struct clique_member_link *link = d->link;
    struct solve_opts o;
    solve_opts_default(&o);
    struct clique_search s;
    memset(&s, 0, sizeof s);
    s.opts = &o;
    if (clique_search_from_rows(&s, d->n, d->rows) != MVC_OK)
        bail("out of memory for the stand-in's search");
    s.target = d->target;
    s.use_maxsat = d->maxsat;
    int busy = 0, batches = 0;
    for (;;) {
        int32_t *items = NULL;
        size_t ints = 0;
        size_t taken = link->take(link->team, busy, STAND_IN_BATCH, &items, &ints);
        busy = taken > 0;
        if (taken == 0)
            break;
        if (mode == LOSE) {
            free(items);
            link->lost(link->team);
            break;
        }
        if (batches++ == 0) {
            /* the first batch goes back whole: work a device hands back must be searched */
            link->give(link->team, items, ints);
            __atomic_add_fetch(&handed_back, (int64_t)taken, __ATOMIC_RELAXED);
            free(items);
            continue;
        }
        for (size_t at = 0; at < ints && items[at] > 0 && !link->stopping(link->team);
             at += (size_t)items[at]) {
            const int32_t *item = items + at;
            size_t next = at + (size_t)item[0];
            if (next < ints && items[next] > 0 && link->wanted(link->team)) {
                /* the rest of the batch back to the team, as a device's exports go */
                link->give(link->team, items + next, ints - next);
                for (size_t i = next; i < ints && items[i] > 0; i += (size_t)items[i])
                    __atomic_add_fetch(&handed_back, 1, __ATOMIC_RELAXED);
                items[next] = 0;
            }
            /* the team's best as the floor; its vertices are not this search's */
            int32_t floor = link->best(link->team);
            if (floor > s.best_size)
                s.best_size = floor;
            int32_t before = s.best_size;
            clique_search_item(&s, item);
            if (s.best_size > before)
                link->found(link->team, s.best, s.best_size);
        }
        free(items);
    }
    d->nodes = s.nodes;
    clique_search_free(&s);
    return NULL;
}

static int stand_in(const struct clique_member_link *link, int devices, int32_t n, int32_t words,
                    const uint64_t *rows, int maxsat, int32_t target, int64_t *nodes,
                    struct error *err)
{
    (void)devices, (void)words, (void)err;
    *nodes = 0;
    if (mode == LEAVE) {
        link->join(link->team, STAND_IN_DEVICES);
        link->leave(link->team, STAND_IN_DEVICES);
        return MVC_OK;
    }
    struct stand_in d[STAND_IN_DEVICES];
    pthread_t ids[STAND_IN_DEVICES];
    link->join(link->team, STAND_IN_DEVICES);
    for (int i = 0; i < STAND_IN_DEVICES; i++) {
        d[i] = (struct stand_in){link, n, target, rows, maxsat, 0};
        pthread_create(&ids[i], NULL, stand_in_device, &d[i]);
    }
    for (int i = 0; i < STAND_IN_DEVICES; i++) {
        pthread_join(ids[i], NULL);
        *nodes += d[i].nodes;
    }
    return MVC_OK;
}

static int64_t check(struct world_run *run, const struct graph *g, int32_t opt, const char *name)
{
    return world_check(run, g, opt, 1, name);
}

/*
 * Small graphs against brute force, larger ones against one process; the
 * devices must have searched in the larger ones.
 */
static void check_world(int ranks, int threads, const char *who)
{
    int64_t members = 0;
    struct world_run run;
    world_start(&run, ranks, threads);
    char name[128];
    for (unsigned seed = 1; seed <= 4; seed++) {
        int32_t n = 24 + (int32_t)(seed % 5);
        double p = 0.2 * (double)(seed % 4 + 1);
        struct graph *g = gen_gnp_graph(seed + 50 * (unsigned)ranks, n, p);
        struct cover b = {0};
        int32_t opt = (int32_t)brute_minimum_cover(g, &b);
        cover_free(&b);
        snprintf(name, sizeof name, "%s: G(%d, %.1f) seed %u", who, n, p, seed);
        check(&run, g, opt, name);
        graph_free(g);
    }
    for (unsigned seed = 1; seed <= 3; seed++) {
        int32_t n = 150 + 50 * (int32_t)seed;
        double p = seed % 2 ? 0.35 : 0.55;
        struct graph *g = gen_gnp_graph(seed + 500 * (unsigned)ranks, n, p);
        world_set(NULL);
        int32_t opt = optimum_alone(g);
        world_set(dist_link_local_rank(run.w, 0));
        snprintf(name, sizeof name, "%s: G(%d, %.2f) seed %u", who, n, p, seed);
        members += check(&run, g, opt, name);
        graph_free(g);
    }
    ok(members > 0, "%s, %d ranks: the devices searched %lld nodes of the larger graphs", who,
       ranks, (long long)members);
    world_end(&run);
}

/* Members that leave, and members that lose their work. */
static void check_failures(void)
{
    struct world_run run;
    struct graph *g = gen_gnp_graph(77, 200, 0.4);
    world_set(NULL);
    int32_t opt = optimum_alone(g);
    world_start(&run, 3, 1);
    mode = LEAVE;
    check(&run, g, opt, "stand-ins that leave at once");
    mode = LOSE;
    struct cover c = {0};
    struct solve_stats st;
    int outcome = world_solve(g, -1, 1, 0, 1, &c, &st);
    ok(outcome == SOLVE_STOPPED && !st.proven && cover_valid(g, &c),
       "a stand-in that loses its work: stopped (outcome %d), cover %d, never proven", outcome,
       c.size);
    cover_free(&c);
    mode = PLAY;
    world_end(&run);
    graph_free(g);
}

int main(void)
{
    /* the stand-ins join at once, so that even short searches use them */
    clique_dist_set_members(stand_in, 0);
    check_world(2, 1, "stand-in");
    check_world(3, 2, "stand-in");
    ok(handed_back > 0, "the stand-ins handed %lld items back to their teams",
       (long long)handed_back);
    check_failures();
#ifdef HAVE_CUDA
    if (gpu_device_count() > 0) {
        /* the runtime up first, so that the devices join every search at once */
        gpu_warm_up_start();
        while (!gpu_warm_up_done())
            clock_sleep(0.001);
        clique_dist_set_members(gpu_clique_members, 0);
        check_world(2, 1, "GPU");
        check_world(3, 2, "GPU");
    } else {
        skip("no CUDA device: the GPU members are tested where there is one");
    }
#else
    skip("no CUDA in this build: the GPU members are tested where there is one");
#endif
    done_testing();
    return exit_status();
}
