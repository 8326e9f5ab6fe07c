/*
 * The contract every vertex cover solver keeps (solve.h), checked over each
 * through its common entry: solve_cover with solve_opts.solver set to each
 * kind, and bound-sat through solve_bound_sat. On random graphs of every
 * family against exhaustive search: MVC optimal with a valid minimum cover,
 * PVC at opt - 1 no cover, at opt and opt + 1 a valid cover of size <= k;
 * hand graphs; a stop raised before the call and a tiny time limit end a
 * hard search with a valid cover; the statistics name the solver and report
 * best == cover size. The GPU solvers run only where a CUDA device is.
 * MVC_TEST_SEED replays a run.
 */
#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bound_sat.h"
#include "brute.h"
#include "clock.h"
#include "gen.h"
#include "solve.h"
#include "tap.h"
#ifdef HAVE_CUDA
#include "gpu.h"
#endif

/* A tiny time limit, and how long a solver may take to honour it or a raised stop flag. */
#define TINY_LIMIT 0.02
#define PROMPT_SECONDS 1.0
#define STOP_N 400
#define STOP_P 0.3

struct solver {
    const char *name; /* as solve_stats.solver reports it; NULL: any (auto) */
    const char *label;
    enum solver_kind kind;
    int gpu;       /* needs a CUDA device */
    int bound_sat; /* through solve_bound_sat rather than solve_cover */
    /* SOLVE_NO_COVER at k comes with a lower bound above k (the GPU solvers are not
       held to it: not yet checked on a device) */
    int no_cover_bound;
};

static const struct solver solvers[] = {
    {"seq", "seq", SOLVER_SEQ, 0, 0, 1},
    {"bnr", "bnr", SOLVER_BNR, 0, 0, 1},
    {"clique", "clique", SOLVER_CLIQUE, 0, 0, 1},
    {NULL, "auto", SOLVER_AUTO, 0, 0, 1},
    {"bound-sat", "bound-sat", SOLVER_AUTO, 0, 1, 1},
    {"stackonly", "stackonly", SOLVER_STACKONLY, 1, 0, 0},
    {"hybrid", "hybrid", SOLVER_HYBRID, 1, 0, 0},
    {"clique-gpu", "clique-gpu", SOLVER_CLIQUE_GPU, 1, 0, 0},
};
#define SOLVERS ((int)(sizeof solvers / sizeof solvers[0]))

static int have_device(void)
{
#ifdef HAVE_CUDA
    return gpu_device_count() > 0;
#else
    return 0;
#endif
}

/* Whether s runs on this machine; when not, the case it would have answered is skipped. */
static int runs_here(const struct solver *s, int device)
{
    if (s->gpu && !device) {
        skip("no CUDA device");
        return 0;
    }
    return 1;
}

/* MVC_TEST_SEED from the environment, or the clock; printed so that a failure can be replayed. */
static uint64_t master_seed(void)
{
    const char *env = getenv("MVC_TEST_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL);
    printf("# seed %llu (MVC_TEST_SEED=%llu replays this run)\n", (unsigned long long)seed,
           (unsigned long long)seed);
    return seed;
}

static int call(const struct solver *s, const struct graph *g, const struct solve_opts *base,
                struct cover *c, struct solve_stats *st, struct error *err)
{
    struct solve_opts o = *base;
    o.solver = s->kind;
    memset(st, 0, sizeof *st);
    if (s->bound_sat)
        return solve_bound_sat(g, &o, c, st, err);
    return solve_cover(g, &o, c, st, err);
}

/*
 * What holds for every answer: no error, a valid cover of g->n vertices whose
 * size counts its members, best == that size, and the solver named (the
 * kernelization alone may have answered). Empty why when it holds.
 */
static int answer_valid(const struct solver *s, const struct graph *g, int outcome,
                        const struct cover *c, const struct solve_stats *st,
                        const struct error *err, char *why, size_t len)
{
    why[0] = '\0';
    if (outcome < 0) {
        snprintf(why, len, "error %d: %.100s", outcome, err->message);
        return 0;
    }
    struct error check = {0};
    int32_t members = 0;
    for (int32_t v = 0; c->in != NULL && v < c->n; v++)
        members += c->in[v] != 0;
    if (c->n != g->n || members != c->size || cover_check(g, c, &check) != MVC_OK)
        snprintf(why, len, "invalid cover (n %d of %d, size %d, %d members)", c->n, g->n, c->size,
                 members);
    else if (st->best != c->size)
        snprintf(why, len, "stats best %d, cover size %d", st->best, c->size);
    else if (st->solver == NULL || (s->name != NULL && strcmp(st->solver, s->name) != 0 &&
                                    strcmp(st->solver, "kernel") != 0))
        snprintf(why, len, "stats name solver '%s'", st->solver ? st->solver : "(null)");
    return why[0] == '\0';
}

/* One question (MVC when k < 0) on g of optimum opt; empty why when the answer is right. */
static int check_question(const struct solver *s, const struct graph *g, int reduce, int64_t k,
                          int32_t opt, char *why, size_t len)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.k = k;
    o.reduce = reduce;
    struct cover c = {0};
    struct solve_stats st;
    struct error err = {0};
    int outcome = call(s, g, &o, &c, &st, &err);
    int right = answer_valid(s, g, outcome, &c, &st, &err, why, len);
    if (right) {
        if (k < 0)
            right = outcome == SOLVE_OPTIMAL && c.size == opt && st.proven && st.lower_bound == opt;
        else if (k < opt)
            right = outcome == SOLVE_NO_COVER && (!s->no_cover_bound || st.lower_bound > k);
        else
            right = outcome == SOLVE_FOUND && c.size <= k;
        if (!right)
            snprintf(why, len, "k = %lld: outcome %d, cover %d, optimum %d", (long long)k, outcome,
                     c.size, opt);
    }
    cover_free(&c);
    return right;
}

struct tally {
    int graphs, solves, failed;
};

/* MVC, then PVC at opt - 1, opt and opt + 1. */
static void check_graph(const struct solver *s, const struct graph *g, int32_t opt, int reduce,
                        const char *desc, struct tally *t)
{
    char why[160];
    t->graphs++;
    for (int64_t k = -1; k <= opt + 1; k = k < 0 && opt > 0 ? opt - 1 : k + 1) {
        t->solves++;
        if (!check_question(s, g, reduce, k, opt, why, sizeof why)) {
            t->failed++;
            diag("%s: %s (reduce %d): %s", s->label, desc, reduce, why);
        }
    }
}

/* The random graphs, rebuilt from master alone: index i names one. */
#define RANDOM_GNP 250      /* 50 per density, up to 22 vertices */
#define RANDOM_FAMILIES 180 /* 30 per other family, up to 22 vertices */
#define RANDOM_MATCHINGS 100
#define RANDOM_GRAPHS (RANDOM_GNP + RANDOM_FAMILIES + RANDOM_MATCHINGS)

static struct graph *random_graph(uint64_t master, int i, char *desc, size_t len)
{
    uint64_t seed = master + (uint64_t)i * 15485863;
    if (i < RANDOM_GNP)
        return gen_graph(GEN_GNP, gen_densities[i % 5], 22, seed, desc, len);
    if (i < RANDOM_GNP + RANDOM_FAMILIES)
        return gen_graph((enum gen_family)(GEN_TREE + (i - RANDOM_GNP) % (GEN_FAMILIES - 1)), 0, 22,
                         seed, desc, len);
    return gen_cycle_matchings_graph(seed, 26, 1 + i % 3, desc, len);
}

/*
 * Every random graph against exhaustive search, each solver on its own
 * (no kernelization first), and every fourth graph again through the rules.
 */
static void test_random(uint64_t master, int device)
{
    static int32_t opt[RANDOM_GRAPHS];
    char desc[96];
    for (int i = 0; i < RANDOM_GRAPHS; i++) {
        struct graph *g = random_graph(master, i, desc, sizeof desc);
        struct cover best = {0};
        opt[i] = brute_minimum_cover(g, &best);
        if (opt[i] < 0)
            bail("exhaustive search failed");
        cover_free(&best);
        graph_free(g);
    }
    for (int si = 0; si < SOLVERS; si++) {
        const struct solver *s = &solvers[si];
        if (!runs_here(s, device))
            continue;
        struct tally t = {0};
        for (int i = 0; i < RANDOM_GRAPHS; i++) {
            struct graph *g = random_graph(master, i, desc, sizeof desc);
            check_graph(s, g, opt[i], 0, desc, &t);
            if (i % 4 == 0)
                check_graph(s, g, opt[i], 1, desc, &t);
            graph_free(g);
        }
        ok(t.failed == 0, "%s: %d random graphs, %d solves: all agree with exhaustive search",
           s->label, t.graphs, t.solves);
    }
}

/* The empty graph, seven isolated vertices and the Petersen graph (optimum 6, no triangle). */
static void test_hand_graphs(int device)
{
    static const int32_t pet[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7},
                                     {3, 8}, {4, 9}, {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}};
    static const struct {
        const char *desc;
        int32_t n, m, opt;
        const int32_t (*e)[2];
    } hand[] = {
        {"empty graph", 0, 0, 0, NULL},
        {"seven isolated vertices", 7, 0, 0, NULL},
        {"Petersen graph", 10, 15, 6, pet},
    };
    for (size_t h = 0; h < sizeof hand / sizeof hand[0]; h++) {
        struct graph *g = graph_from_edges(hand[h].n, hand[h].e, hand[h].m);
        for (int si = 0; si < SOLVERS; si++) {
            const struct solver *s = &solvers[si];
            if (!runs_here(s, device))
                continue;
            struct tally t = {0};
            for (int reduce = 0; reduce <= 1; reduce++)
                check_graph(s, g, hand[h].opt, reduce, hand[h].desc, &t);
            ok(t.failed == 0, "%s: %s: MVC %d and PVC around it, %d solves", s->label, hand[h].desc,
               hand[h].opt, t.solves);
        }
        graph_free(g);
    }
}

/* G(n, p) with more edges than gen.h holds. */
static struct graph *dense_graph(int32_t n, double p, uint64_t seed)
{
    struct rng r = {seed};
    int32_t(*e)[2] = malloc((size_t)n * (size_t)n / 2 * sizeof *e);
    if (e == NULL)
        bail("out of memory");
    int64_t m = 0;
    for (int32_t u = 0; u < n; u++)
        for (int32_t v = u + 1; v < n; v++)
            if (rng_chance(&r, p))
                e[m][0] = u, e[m][1] = v, m++;
    struct graph *g = graph_from_edges(n, (const int32_t(*)[2])e, m);
    free(e);
    return g;
}

/*
 * G(STOP_N, STOP_P): every solver searches it for far longer than one poll
 * (and longer than TINY_LIMIT), so a stop raised before the call or that
 * limit must end it STOPPED, promptly, with a valid cover.
 */
/*
 * A whole solve of a small graph first: the CUDA runtime loads a solver's
 * kernels at their first launch (a few tenths of a second), and a limit that
 * passed during that load would be met by a search already past its last
 * stop test.
 */
static void warm_up(const struct solver *s, const struct graph *g, struct error *err)
{
    struct solve_opts o;
    solve_opts_default(&o);
    struct cover c = {0};
    struct solve_stats st;
    (void)call(s, g, &o, &c, &st, err);
    cover_free(&c);
}

static void test_stop(uint64_t master, int device)
{
    struct graph *g = dense_graph(STOP_N, STOP_P, master);
    struct graph *warm = dense_graph(60, STOP_P, master + 1);
    struct error err = {0};
    static volatile sig_atomic_t stop_flag;
    for (int si = 0; si < SOLVERS; si++) {
        const struct solver *s = &solvers[si];
        for (int how = 0; how < 2; how++) {
            if (!runs_here(s, device))
                continue;
            struct solve_opts o;
            solve_opts_default(&o);
            if (s->gpu && how == 1)
                warm_up(s, warm, &err);
            stop_flag = 1;
            if (how == 0)
                o.deadline.stop = &stop_flag;
            else
                o.deadline = deadline_after(TINY_LIMIT, o.deadline.stop);
            struct cover c = {0};
            struct solve_stats st;
            char why[160];
            double took = clock_seconds();
            int outcome = call(s, g, &o, &c, &st, &err);
            took = clock_seconds() - took;
            int right = answer_valid(s, g, outcome, &c, &st, &err, why, sizeof why);
            ok(right && outcome == SOLVE_STOPPED && took < PROMPT_SECONDS,
               "%s: %s, MVC on G(%d, %.1f) seed=%llu: outcome %d in %.3f s, cover %d %s", s->label,
               how == 0 ? "stop flag raised before the call" : "0.02 s limit", STOP_N, STOP_P,
               (unsigned long long)master, outcome, took, c.size, why);
            cover_free(&c);
        }
    }
    graph_free(warm);
    graph_free(g);
}

int main(void)
{
    uint64_t master = master_seed();
    int device = have_device();
    if (!device)
        diag("no CUDA device: the GPU solvers' cases are skipped");
    test_hand_graphs(device);
    test_random(master, device);
    test_stop(master, device);
    done_testing();
    return exit_status();
}
