/*
 * The dense-graph solver (maximum clique of the complement): MaxSAT reasoning
 * against exhaustive search and the colour bound alone, and the threads'
 * split of the root. The contract all solvers share (random families, stop,
 * time limit) is t_solver_contract's.
 */
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "clique.h"
#include "clock.h"
#include "gen.h"
#include "tap.h"

/*
 * solve_clique with o; adds to *spared the branches the MaxSAT reasoning
 * spared and puts the nodes searched in *nodes (either may be NULL).
 */
static int clique_solve(const struct graph *g, const struct solve_opts *o, struct cover *c,
                        int64_t *spared, int64_t *nodes)
{
    struct solve_stats st;
    memset(&st, 0, sizeof st);
    struct error err = {0};
    int outcome = solve_clique(g, o, c, &st, &err);
    if (spared)
        *spared += st.maxsat_spared;
    if (nodes)
        *nodes = st.nodes;
    return outcome;
}

/* solve_clique with MaxSAT reasoning on or off (PVC when k >= 0). */
static int clique_cover(const struct graph *g, int64_t k, int colour_bound_only, struct cover *c,
                        int64_t *spared)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.k = k;
    o.clique.colour_bound_only = colour_bound_only;
    return clique_solve(g, &o, c, spared, NULL);
}

/*
 * The optimum, a cover of that size, and the PVC answers at opt - 1, opt and
 * opt + 1 must all hold, with the MaxSAT reasoning on.
 */
static void check_graph(const struct graph *g, int32_t opt, const char *desc, int64_t *spared)
{
    struct cover c = {0};
    struct error err = {0};
    int outcome = clique_cover(g, -1, 0, &c, spared);
    ok(outcome == SOLVE_OPTIMAL && c.size == opt && cover_check(g, &c, &err) == MVC_OK,
       "%s: cover %d, optimum %d", desc, c.size, opt);
    cover_free(&c);
    for (int delta = -1; delta <= 1; delta++) {
        int64_t k = opt + delta;
        if (k < 0)
            continue;
        outcome = clique_cover(g, k, 0, &c, spared);
        int right =
            delta < 0 ? outcome == SOLVE_NO_COVER
                      : outcome == SOLVE_FOUND && c.size <= k && cover_check(g, &c, &err) == MVC_OK;
        ok(right, "%s: PVC k=%lld gives outcome %d", desc, (long long)k, outcome);
        cover_free(&c);
    }
}

/*
 * The optimum of g by the exhaustive search of brute.c, or by the search with
 * the colour bound alone, whose answer the MaxSAT reasoning must not change.
 */
static int32_t reference_optimum(const struct graph *g, int exhaustive, const char *desc)
{
    struct cover ref = {0};
    int32_t opt;
    if (exhaustive) {
        opt = brute_minimum_cover(g, &ref);
    } else {
        int outcome = clique_cover(g, -1, 1, &ref, NULL);
        if (outcome != SOLVE_OPTIMAL)
            diag("%s: the colour bound alone gives outcome %d", desc, outcome);
        opt = ref.size;
    }
    cover_free(&ref);
    return opt;
}

/*
 * Random graphs of 21-30 vertices against exhaustive search, and sparse ones
 * of 31-60 vertices (dense complements) against the colour bound alone: 300
 * seeds each, the densities in turn.
 */
static void maxsat_against_references(void)
{
    static const struct {
        const char *graphs;
        unsigned first_seed;
        int32_t min_n, sizes;
        double densities[6];
        int exhaustive;
    } families[] = {
        {"graphs of 21-30 vertices", 1000, 21, 10, {0.05, 0.1, 0.15, 0.2, 0.3, 0.5}, 1},
        {"sparse graphs of 31-60 vertices", 2000, 31, 30, {0.05, 0.08, 0.1, 0.15, 0.2, 0.3}, 0},
    };
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++) {
        int64_t spared = 0;
        for (unsigned seed = families[f].first_seed; seed < families[f].first_seed + 300; seed++) {
            int32_t n = families[f].min_n + (int32_t)(seed % (unsigned)families[f].sizes);
            double p = families[f].densities[seed % 6];
            struct graph *g = gen_gnp_graph(seed, n, p);
            char desc[64];
            snprintf(desc, sizeof desc, "seed %u n=%d p=%.2f", seed, n, p);
            check_graph(g, reference_optimum(g, families[f].exhaustive, desc), desc, &spared);
            graph_free(g);
        }
        ok(spared > 0, "MaxSAT reasoning spared %lld branches on %s", (long long)spared,
           families[f].graphs);
    }
}

/*
 * The 5-cycle is its own complement: three colours, a clique of two. Once a
 * clique of two is known, the vertex of the third colour and the two classes
 * under it are inconsistent by unit propagation.
 */
static void maxsat_on_five_cycle(void)
{
    struct graph *g =
        graph_from_edges(5, (int32_t[][2]){{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}}, 5);
    int64_t spared = 0;
    check_graph(g, 3, "5-cycle", &spared);
    ok(spared > 0, "5-cycle: MaxSAT reasoning spared %lld branches", (long long)spared);
    graph_free(g);
}

/* A sparse clique graph (a dense g) is left to the colour bound and Re-NUMBER. */
static void maxsat_off_on_sparse_clique_graphs(void)
{
    struct graph *g = gen_gnp_graph(3000, 60, 0.75);
    struct cover ref = {0};
    clique_cover(g, -1, 1, &ref, NULL);
    int64_t spared = 0;
    check_graph(g, ref.size, "n=60 p=0.75 (clique graph density 0.25)", &spared);
    ok(spared == 0, "no MaxSAT reasoning on a clique graph of density 0.25 (%lld spared)",
       (long long)spared);
    cover_free(&ref);
    graph_free(g);
}

/* solve_clique on a given number of threads (PVC when k >= 0), with a cover held beside it. */
static int clique_threads(const struct graph *g, int64_t k, int threads, double time_limit,
                          const struct held_cover *held, struct cover *c, int64_t *nodes)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.k = k;
    o.threads = threads;
    o.deadline = deadline_after(time_limit, o.deadline.stop);
    o.clique.held = held;
    return clique_solve(g, &o, c, NULL, nodes);
}

/*
 * The root's branches shared among threads: the same optimum as one thread,
 * valid covers, PVC right at opt - 1, opt and opt + 1, on graphs of 64-160
 * vertices (large enough for the split) over the densities either side of
 * the MaxSAT switch; then a time limit that stops the threads midway.
 */
static void parallel_against_one_thread(void)
{
    static const double densities[] = {0.05, 0.1, 0.2, 0.4, 0.6, 0.8};
    static const int thread_counts[] = {2, 3, 4, 8};
    int split = 0;
    for (unsigned seed = 3000; seed < 3060; seed++) {
        int32_t n = 64 + (int32_t)(seed * 37 % 97);
        double p = densities[seed % 6];
        int threads = thread_counts[seed % 4];
        struct graph *g = gen_gnp_graph(seed, n, p);
        struct cover one = {0}, many = {0};
        struct error err = {0};
        int o1 = clique_threads(g, -1, 1, 0, NULL, &one, NULL);
        int om = clique_threads(g, -1, threads, 0, NULL, &many, NULL);
        ok(o1 == SOLVE_OPTIMAL && om == SOLVE_OPTIMAL && many.size == one.size &&
               cover_check(g, &many, &err) == MVC_OK,
           "seed %u n=%d p=%.2f, %d threads: cover %d, one thread %d", seed, n, p, threads,
           many.size, one.size);
        for (int delta = -1; delta <= 1; delta++) {
            struct cover c = {0};
            int64_t k = one.size + delta;
            int outcome = clique_threads(g, k, threads, 0, NULL, &c, NULL);
            int right = delta < 0 ? outcome == SOLVE_NO_COVER
                                  : outcome == SOLVE_FOUND && c.size <= k &&
                                        cover_check(g, &c, &err) == MVC_OK;
            ok(right, "seed %u, %d threads, PVC k=%lld: outcome %d", seed, threads, (long long)k,
               outcome);
            cover_free(&c);
        }
        split += n >= 100;
        cover_free(&one), cover_free(&many);
        graph_free(g);
    }
    ok(split > 0, "%d of the graphs had 100 vertices or more", split);

    /* G(400, 0.1): its complement's clique search runs for seconds; 0.05 s stops all threads */
    struct graph *g = gen_gnp_graph(11, 400, 0.1);
    struct cover c = {0};
    struct error err = {0};
    double start = clock_seconds();
    int outcome = clique_threads(g, -1, 4, 0.05, NULL, &c, NULL);
    double took = clock_seconds() - start;
    ok((outcome == SOLVE_STOPPED || outcome == SOLVE_OPTIMAL) && cover_check(g, &c, &err) == MVC_OK,
       "4 threads, 0.05 s limit: outcome %d, valid cover %d", outcome, c.size);
    ok(took < 1.0, "4 threads stop promptly (%.3f s)", took);
    cover_free(&c);
    graph_free(g);
}

/*
 * A cover held beside the search from its start: held at the optimum, the
 * answer is optimal and of that size with no more nodes (fewer over all the
 * graphs; some start at the optimum anyway); one vertex larger,
 * the search still finds the optimum; PVC at the optimum is found.
 */
static void held_cover_bounds_the_search(void)
{
    int64_t total_free = 0, total_held = 0;
    for (unsigned seed = 70; seed < 76; seed++) {
        struct graph *g = gen_gnp_graph(seed, 90 + (int32_t)seed % 3 * 20, 0.25);
        struct cover best = {0}, c = {0};
        struct error err = {0};
        int64_t free_nodes, nodes;
        clique_threads(g, -1, 1, 0, NULL, &best, &free_nodes);
        total_free += free_nodes;
        struct cover one_more = {0};
        cover_init(&one_more, g->n);
        memcpy(one_more.in, best.in, (size_t)g->n);
        one_more.size = best.size;
        for (int32_t v = 0; v < g->n && one_more.size == best.size; v++)
            if (!one_more.in[v])
                cover_add(&one_more, v);
        struct held_cover at = {best.size, &best}, above = {one_more.size, &one_more};
        for (int threads = 1; threads <= 4; threads += 3) {
            int outcome = clique_threads(g, -1, threads, 0, &at, &c, &nodes);
            ok(outcome == SOLVE_OPTIMAL && c.size == best.size &&
                   cover_check(g, &c, &err) == MVC_OK && (threads > 1 || nodes <= free_nodes),
               "seed %u, %d threads, held at the optimum %d: cover %d, %lld nodes (%lld without)",
               seed, threads, best.size, c.size, (long long)nodes, (long long)free_nodes);
            total_held += threads == 1 ? nodes : 0;
            cover_free(&c);
            outcome = clique_threads(g, -1, threads, 0, &above, &c, &nodes);
            ok(outcome == SOLVE_OPTIMAL && c.size == best.size &&
                   cover_check(g, &c, &err) == MVC_OK,
               "seed %u, %d threads, held one above: cover %d", seed, threads, c.size);
            cover_free(&c);
            outcome = clique_threads(g, best.size, threads, 0, &at, &c, &nodes);
            ok(outcome == SOLVE_FOUND && c.size == best.size && cover_check(g, &c, &err) == MVC_OK,
               "seed %u, %d threads, PVC k=%d with it held: found %d", seed, threads, best.size,
               c.size);
            cover_free(&c);
        }
        cover_free(&best), cover_free(&one_more);
        graph_free(g);
    }
    ok(total_held < total_free, "held at the optimum, %lld nodes in all against %lld without",
       (long long)total_held, (long long)total_free);
}

int main(void)
{
    maxsat_on_five_cycle();
    maxsat_against_references();
    maxsat_off_on_sparse_clique_graphs();
    parallel_against_one_thread();
    held_cover_bounds_the_search();

    done_testing();
    return exit_status();
}
