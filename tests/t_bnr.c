/* The branch-and-reduce solver with bounds against exhaustive search and seq: MVC, PVC, stop. */
#include <stdlib.h>

#include "bnr.h"
#include "deadline.h"
#include "gen.h"
#include "orbits.h"
#include "progress.h"
#include "solve.h"
#include "solver_check.h"
#include "tap.h"

/* a stop raised before the call: bnr returns before its root (0 nodes) */
static const struct solver_check bnr = {solve_bnr, "bnr", 0};

/* o, or the defaults where NULL, as a copy a variant of bnr may change */
static struct solve_opts opts_or_default(const struct solve_opts *o)
{
    struct solve_opts with;
    if (o != NULL)
        with = *o;
    else
        solve_opts_default(&with);
    return with;
}

/* bnr with o (the defaults where NULL) but told it has `threads` CPUs */
static int solve_bnr_threads(int threads, const struct graph *g, const struct solve_opts *o,
                             struct cover *out, struct solve_stats *st, struct error *err)
{
    struct solve_opts with = opts_or_default(o);
    with.threads = threads;
    return solve_bnr(g, &with, out, st, err);
}

/* bnr told it has 8 CPUs: its root's local search runs four seeds at once */
static int solve_bnr_8(const struct graph *g, const struct solve_opts *o, struct cover *out,
                       struct solve_stats *st, struct error *err)
{
    return solve_bnr_threads(8, g, o, out, st, err);
}
static const struct solver_check bnr_8 = {solve_bnr_8, "bnr", 0};

/* bnr on 4 threads: its branchings on components of 32 vertices or more run in parallel */
static int solve_bnr_4(const struct graph *g, const struct solve_opts *o, struct cover *out,
                       struct solve_stats *st, struct error *err)
{
    return solve_bnr_threads(4, g, o, out, st, err);
}
static const struct solver_check bnr_4 = {solve_bnr_4, "bnr", 0};

/* bnr with no local search at the root, so that the branching finds the covers; and without packing
 */
static int solve_bnr_searching(const struct graph *g, const struct solve_opts *o, struct cover *out,
                               struct solve_stats *st, struct error *err)
{
    struct solve_opts so = opts_or_default(o);
    so.bnr.no_local_search = 1;
    return solve_bnr(g, &so, out, st, err);
}
static const struct solver_check bnr_searching = {solve_bnr_searching, "bnr", 0};

static int solve_bnr_no_packing(const struct graph *g, const struct solve_opts *o,
                                struct cover *out, struct solve_stats *st, struct error *err)
{
    struct solve_opts so = opts_or_default(o);
    so.bnr.no_local_search = 1;
    so.bnr.no_packing = 1;
    return solve_bnr(g, &so, out, st, err);
}
static const struct solver_check bnr_no_packing = {solve_bnr_no_packing, "bnr", 0};

/* Sparse graphs with vertices of degree one and two: folds, components and LP fixing happen. */
static struct graph *sparse_graph(uint64_t seed, int32_t max_n, char *desc, size_t len)
{
    struct rng r = {seed};
    static struct gen_edges ge;
    ge.m = 0;
    ge.n = 0;
    do {
        int32_t part = 4 + rng_below(&r, 9), first = ge.n;
        if (ge.n + part > max_n)
            break;
        gen_gnp(&ge, &r, first, part, 2.5 / part + 0.3 * rng_chance(&r, 0.3));
        /* subdivide a few edges and hang a few pendant paths: degrees one and two */
        int64_t m = ge.m;
        ge.n += part;
        for (int64_t i = 0; i < m && ge.n < max_n; i++)
            if (ge.e[i][0] >= first && rng_chance(&r, 0.2)) {
                int32_t b = ge.e[i][1];
                ge.e[i][1] = ge.n;
                gen_edge(&ge, ge.n++, b);
            }
        if (ge.n < max_n && rng_chance(&r, 0.5))
            gen_edge(&ge, first + rng_below(&r, part), ge.n++);
    } while (ge.n < max_n && rng_chance(&r, 0.7));
    snprintf(desc, len, "sparse n=%d m=%lld seed=%llu", ge.n, (long long)ge.m,
             (unsigned long long)seed);
    return gen_build(&ge, &r);
}

static void test_random(uint64_t master)
{
    struct check_tally t = {0};
    char desc[96];
    int index = 0;
    /* sparse graphs with folds and LP fixing (t_solver_contract asks the contract on every family)
     */
    for (int i = 0; i < 150; i++, index++) {
        struct graph *g = sparse_graph(master + (uint64_t)index * 15485863, 22, desc, sizeof desc);
        check_against_brute(&bnr, g, desc, &t);
        if (i % 3 == 0)
            check_against_brute(&bnr_8, g, desc, &t);
        graph_free(g);
    }
    /* cycles with matchings: no rule applies, the search has to branch */
    for (int i = 0; i < 100; i++, index++) {
        struct graph *g = gen_cycle_matchings_graph(master + (uint64_t)index * 15485863, 26,
                                                    1 + i % 3, desc, sizeof desc);
        check_against_brute(&bnr, g, desc, &t);
        graph_free(g);
    }
    ok(t.failed == 0, "%d graphs, %d solves: all agree with exhaustive search", t.graphs, t.solves);
    ok(t.branched >= 20, "the search branched on %d graphs (the tests reach the branching)",
       t.branched);
    diag("greedy above optimum on %d graphs, search branched on %d", t.improved, t.branched);
}

/* The minimum cover's size by the seq solver: the reference beyond exhaustive search. */
static int32_t seq_minimum(const struct graph *g)
{
    struct solve_opts o;
    solve_opts_default(&o);
    struct cover ref = {0};
    struct error err = {0};
    if (solve_seq(g, &o, &ref, NULL, &err) != SOLVE_OPTIMAL)
        bail(err.message);
    int32_t size = ref.size;
    cover_free(&ref);
    return size;
}

/* Larger sparse graphs, beyond exhaustive search: against the seq solver. */
static void test_against_seq(uint64_t master)
{
    struct check_tally t = {0};
    char desc[96];
    for (int i = 0; i < 60; i++) {
        uint64_t seed = master + (uint64_t)(1000 + i) * 15485863;
        struct graph *g =
            i % 2 ? sparse_graph(seed, 60, desc, sizeof desc)
                  : gen_cycle_matchings_graph(seed, 50, 1 + i / 2 % 2, desc, sizeof desc);
        int32_t opt = seq_minimum(g);
        check_against(&bnr, g, opt, desc, &t);
        check_against(&bnr_8, g, opt, desc, &t);
        graph_free(g);
    }
    ok(t.failed == 0, "%d graphs of up to 60 vertices, %d solves: all agree with seq", t.graphs,
       t.solves);
}

/* The statistics of one MVC solve of g by s (its answers are checked elsewhere). */
static struct solve_stats mvc_stats(const struct solver_check *s, const struct graph *g)
{
    struct cover c = {0};
    struct solve_stats st;
    check_run(s, g, -1, &c, &st);
    cover_free(&c);
    return st;
}

/*
 * A triangular lattice of side x side sites, each kept with probability 4/5:
 * its kernels have funnels, which bnr's root folds where they keep its bound.
 */
static struct graph *triangular_lattice(uint64_t seed, int32_t side, char *desc, size_t len)
{
    struct rng r = {seed};
    static struct gen_edges ge;
    static int32_t id[16][16];
    ge.m = 0;
    ge.n = 0;
    for (int32_t y = 0; y < side; y++)
        for (int32_t x = 0; x < side; x++)
            id[y][x] = rng_chance(&r, 0.8) ? ge.n++ : -1;
    for (int32_t y = 0; y < side; y++)
        for (int32_t x = 0; x < side; x++) {
            const int32_t step[3][2] = {{1, 0}, {0, 1}, {1, 1}};
            for (int i = 0; i < 3; i++) {
                int32_t nx = x + step[i][0], ny = y + step[i][1];
                if (nx < side && ny < side && id[y][x] >= 0 && id[ny][nx] >= 0)
                    gen_edge(&ge, id[y][x], id[ny][nx]);
            }
        }
    snprintf(desc, len, "triangular lattice %dx%d n=%d m=%lld seed=%llu", side, side, ge.n,
             (long long)ge.m, (unsigned long long)seed);
    return gen_build(&ge, &r);
}

/*
 * Lattices with missing sites: bnr, on one thread and on eight, answers as
 * seq, and its root's funnels are reached.
 */
static void test_lattices(uint64_t master)
{
    struct check_tally t = {0};
    char desc[96];
    int64_t funnels = 0;
    for (int i = 0; i < 24; i++) {
        uint64_t seed = master + (uint64_t)(5000 + i) * 15485863;
        struct graph *g = triangular_lattice(seed, 10 + i % 6, desc, sizeof desc);
        int32_t opt = seq_minimum(g);
        check_against(&bnr, g, opt, desc, &t);
        check_against(&bnr_8, g, opt, desc, &t);
        funnels += mvc_stats(&bnr, g).root_funnels;
        graph_free(g);
    }
    ok(t.failed == 0, "%d lattices, %d solves: all agree with seq", t.graphs, t.solves);
    ok(funnels > 0, "the root's funnels removed %lld vertices", (long long)funnels);
}

/*
 * Packing constraints (bnr/packing.h) on graphs where they prune and keep
 * vertices out: lattices with missing sites and cycles with one or two
 * perfect matchings. Small ones against seq; larger ones, with no local
 * search at the root so that the branching must find the optimum, against
 * bnr without packing constraints. MVC and PVC around the optimum.
 */
static void test_packing(uint64_t master)
{
    struct check_tally t = {0};
    char desc[96];
    int64_t pruned = 0, kept = 0;
    for (int i = 0; i < 240; i++) {
        uint64_t seed = master + (uint64_t)(6000 + i) * 15485863;
        struct graph *g =
            i % 3 == 0 ? triangular_lattice(seed, 6 + i % 3, desc, sizeof desc)
                       : gen_cycle_matchings_graph(seed, 64, 1 + i % 3 / 2, desc, sizeof desc);
        int32_t opt = seq_minimum(g);
        check_against(&bnr, g, opt, desc, &t);
        struct solve_stats st = mvc_stats(&bnr, g);
        pruned += st.packing_pruned;
        kept += st.packing_forced;
        graph_free(g);
    }
    ok(t.failed == 0, "%d graphs, %d solves under packing constraints: all agree with seq",
       t.graphs, t.solves);
    struct check_tally big = {0};
    for (int i = 0; i < 60; i++) {
        uint64_t seed = master + (uint64_t)(7000 + i) * 15485863;
        struct graph *g =
            i % 2 == 0 ? triangular_lattice(seed, 9 + i % 4, desc, sizeof desc)
                       : gen_cycle_matchings_graph(seed, 130, 1 + i % 4 / 2, desc, sizeof desc);
        struct cover c = {0};
        struct solve_stats st;
        if (check_run(&bnr_no_packing, g, -1, &c, &st) != SOLVE_OPTIMAL)
            bail("bnr without packing constraints did not prove its answer");
        check_against(&bnr_searching, g, c.size, desc, &big);
        check_run(&bnr_searching, g, -1, &c, &st);
        pruned += st.packing_pruned;
        kept += st.packing_forced;
        cover_free(&c);
        graph_free(g);
    }
    ok(big.failed == 0,
       "%d larger graphs, %d solves, no local search: all agree with bnr without packing",
       big.graphs, big.solves);
    ok(pruned > 0 && kept > 0, "packing constraints ended %lld nodes and kept %lld vertices out",
       (long long)pruned, (long long)kept);
}

/*
 * Two random Hamiltonian cycles on n vertices, merged: nearly 4-regular, so
 * that no reduction applies and the search branches on components of 32
 * vertices and more. Up to 64 vertices the root has no local search, so the
 * children find covers too, not only refute.
 */
static struct graph *two_cycles(uint64_t seed, int32_t n, char *desc, size_t len)
{
    struct rng r = {seed};
    static struct gen_edges ge;
    static int32_t order[256];
    ge.m = 0;
    ge.n = n;
    for (int cycle = 0; cycle < 2; cycle++) {
        for (int32_t i = 0; i < n; i++)
            order[i] = i;
        for (int32_t i = n - 1; i > 0; i--) {
            int32_t j = rng_below(&r, i + 1), t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (int32_t i = 0; i < n; i++)
            gen_edge(&ge, order[i], order[(i + 1) % n]);
    }
    snprintf(desc, len, "two Hamiltonian cycles n=%d seed=%llu", n, (unsigned long long)seed);
    return gen_build(&ge, &r);
}

/*
 * The branchings spread over threads: MVC and PVC as the seq solver answers,
 * in PVC mode the child that answers ending its sibling.
 */
static void test_parallel_branchings(uint64_t master)
{
    struct check_tally t = {0};
    char desc[96];
    for (int i = 0; i < 24; i++) {
        uint64_t seed = master + (uint64_t)(2000 + i) * 15485863;
        struct graph *g = two_cycles(seed, 36 + i % 4 * 8, desc, sizeof desc);
        check_against(&bnr_4, g, seq_minimum(g), desc, &t);
        graph_free(g);
    }
    ok(t.failed == 0,
       "%d graphs of 36-60 vertices, nearly 4-regular, %d solves on 4 threads: all "
       "agree with seq",
       t.graphs, t.solves);
    ok(t.parallel_mvc > 0 && t.parallel_pvc > 0,
       "branchings ran their children on two threads: %lld in MVC solves, %lld in PVC solves",
       (long long)t.parallel_mvc, (long long)t.parallel_pvc);
    ok(t.parallel_settled > 0, "in %lld of them a child's cover (PVC) ended its sibling",
       (long long)t.parallel_settled);
}

/*
 * Graphs whose clique-cover bound is the optimum, the case of bnr's root
 * probe (bound_sat_probe): it finds the cover on the reductions and refutes
 * the bound of the kernels left of the cliques.
 *
 * Cliques of four, one vertex of each planted in an independent set, joined
 * by random edges (two or three per vertex) of which none joins two planted
 * vertices: three of each clique is the bound and the optimum. spoiled: one edge between two
 * planted vertices as well, so that the optimum may be one above the bound.
 */
static struct graph *planted_cliques(uint64_t seed, int32_t cliques, int spoiled, char *desc,
                                     size_t len)
{
    struct rng r = {seed};
    static struct gen_edges ge;
    static int32_t planted[1024];
    ge.m = 0;
    ge.n = 4 * cliques;
    for (int32_t c = 0; c < cliques; c++) {
        gen_gnp(&ge, &r, 4 * c, 4, 1.0);
        planted[c] = 4 * c + rng_below(&r, 4);
    }
    int32_t extra = (2 + rng_below(&r, 2)) * ge.n;
    for (int32_t i = 0; i < extra; i++) {
        int32_t u = rng_below(&r, ge.n), v = rng_below(&r, ge.n);
        if (u / 4 != v / 4 && !(planted[u / 4] == u && planted[v / 4] == v))
            gen_edge(&ge, u, v);
    }
    if (spoiled)
        gen_edge(&ge, planted[0], planted[1]);
    snprintf(desc, len, "planted K4s c=%d%s seed=%llu", cliques, spoiled ? " spoiled" : "",
             (unsigned long long)seed);
    return gen_build(&ge, &r);
}

/*
 * The reduction of a random 3-SAT formula satisfied by a planted assignment
 * (vars variables, clauses about 4.2 per variable, each clause checked
 * against the assignment): an edge per variable, a triangle per clause, each
 * triangle vertex joined to its literal's vertex. Its minimum cover has
 * exactly vars + 2 clauses vertices, the bound of those cliques.
 */
static struct graph *planted_reduction(uint64_t seed, int32_t vars, int32_t *opt, char *desc,
                                       size_t len)
{
    struct rng r = {seed};
    static struct gen_edges ge;
    uint8_t truth[64];
    int32_t clauses = vars * 21 / 5;
    ge.m = 0;
    ge.n = 2 * vars + 3 * clauses;
    for (int32_t v = 0; v < vars; v++) {
        truth[v] = (uint8_t)rng_below(&r, 2);
        gen_edge(&ge, 2 * v, 2 * v + 1); /* 2v: v true, 2v + 1: v false */
    }
    for (int32_t c = 0; c < clauses; c++) {
        int32_t lit[3];
        int satisfied;
        do {
            satisfied = 0;
            for (int k = 0; k < 3; k++) {
                int32_t v;
                do
                    v = rng_below(&r, vars);
                while ((k > 0 && v == lit[0] / 2) || (k > 1 && v == lit[1] / 2));
                lit[k] = 2 * v + rng_below(&r, 2);
                satisfied |= truth[v] == !(lit[k] & 1);
            }
        } while (!satisfied);
        int32_t t = 2 * vars + 3 * c;
        gen_edge(&ge, t, t + 1);
        gen_edge(&ge, t + 1, t + 2);
        gen_edge(&ge, t, t + 2);
        for (int k = 0; k < 3; k++)
            gen_edge(&ge, t + k, lit[k]);
    }
    *opt = vars + 2 * clauses;
    snprintf(desc, len, "planted 3-SAT reduction vars=%d seed=%llu", vars,
             (unsigned long long)seed);
    return gen_build(&ge, &r);
}

static void test_planted(uint64_t master)
{
    struct check_tally t = {0};
    char desc[96];
    for (int i = 0; i < 40; i++) {
        int32_t cliques = 10 + 4 * (i % 6);
        struct graph *g = planted_cliques(master + (uint64_t)(3000 + i) * 15485863, cliques, 0,
                                          desc, sizeof desc);
        check_against(&bnr, g, 3 * cliques, desc, &t);
        graph_free(g);
    }
    for (int i = 0; i < 30; i++) {
        uint64_t seed = master + (uint64_t)(4000 + i) * 15485863;
        struct graph *g = planted_cliques(seed, 10 + i % 5, 1, desc, sizeof desc);
        check_against(&bnr, g, seq_minimum(g), desc, &t);
        graph_free(g);
    }
    for (int i = 0; i < 30; i++) {
        int32_t opt;
        struct graph *g = planted_reduction(master + (uint64_t)(5000 + i) * 15485863, 30 + i % 11,
                                            &opt, desc, sizeof desc);
        check_against(&bnr, g, opt, desc, &t);
        graph_free(g);
    }
    ok(t.failed == 0,
       "%d graphs of planted cliques and satisfiable 3-SAT reductions (bound = optimum, and one "
       "edge spoiling it), %d solves: all "
       "agree",
       t.graphs, t.solves);
}

static void test_stop(uint64_t master)
{
    /* a graph on which the search takes seconds: sparse G(n, p) whose kernel stays large */
    struct graph *g = gen_gnp_graph(master, 400, 0.02);
    char desc[64];
    snprintf(desc, sizeof desc, "G(400, 0.02) seed=%llu", (unsigned long long)master);
    check_stops(&bnr, g, desc);
    graph_free(g);
}

/*
 * Stopped at different depths of the search, the answer is the best cover the
 * search reported: a node below the root that stops hands up a cover only
 * where it has one within its limit, and none may be lost on the way up.
 */
static void test_stopped_answer_is_best_reported(uint64_t master)
{
    static const double limits[] = {0.1, 0.2, 0.4, 0.8};
    int runs = 0, right = 0, below_root = 0;
    for (int graph = 0; graph < 2; graph++) {
        struct graph *g = gen_gnp_graph(master + 7 * (uint64_t)graph, 400, 0.02);
        for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
            struct progress_board *b = progress_board_new(NULL);
            if (b == NULL)
                bail("out of memory");
            struct solve_opts o;
            solve_opts_default(&o);
            o.report = progress_board_root(b);
            o.deadline = deadline_after(limits[i], NULL);
            struct cover c = {0};
            struct solve_stats st;
            struct error err = {0};
            int outcome = solve_bnr(g, &o, &c, &st, &err);
            if (outcome < 0)
                bail(err.message);
            struct progress_state state;
            progress_board_read(b, &state);
            runs++;
            right += (outcome == SOLVE_STOPPED || outcome == SOLVE_OPTIMAL) && check_valid(g, &c) &&
                     c.size == state.best;
            below_root += st.nodes > 1 && outcome == SOLVE_STOPPED;
            cover_free(&c);
            progress_board_free(b);
        }
        graph_free(g);
    }
    ok(right == runs,
       "G(400, 0.02), limits 0.1-0.8 s: %d of %d stopped answers valid and the best reported "
       "(%d stopped below the root)",
       right, runs, below_root);
}

/* bnr without orbital branching (orbital.h): the reference it must agree with */
static int solve_bnr_no_symmetry(const struct graph *g, const struct solve_opts *o,
                                 struct cover *out, struct solve_stats *st, struct error *err)
{
    struct solve_opts with = opts_or_default(o);
    with.bnr.no_symmetry = 1;
    return solve_bnr(g, &with, out, st, err);
}
static const struct solver_check bnr_no_symmetry = {solve_bnr_no_symmetry, "bnr", 0};

/* Whether x is a non-zero square modulo the prime q. */
static int quadratic_residue(int32_t x, int32_t q)
{
    for (int32_t y = 1; y < q; y++)
        if (y * y % q == x)
            return 1;
    return 0;
}

/*
 * Vertex-transitive graphs, relabelled at random: circulants C_n(S), the
 * Paley graphs of primes q = 1 mod 4, and products of cycles and cliques.
 * Their branching vertices have large orbits all the way down.
 */
static struct graph *symmetric_graph(uint64_t seed, int kind, char *desc, size_t len)
{
    struct rng r = {seed};
    static struct gen_edges ge;
    ge.m = 0;
    if (kind == 0) { /* circulant on 30-45 vertices, jumps 1, a, b */
        int32_t n = 30 + rng_below(&r, 16), a = 2 + rng_below(&r, 5), b = a + 1 + rng_below(&r, 6);
        ge.n = n;
        for (int32_t i = 0; i < n; i++) {
            gen_edge(&ge, i, (i + 1) % n);
            gen_edge(&ge, i, (i + a) % n);
            if (b < n / 2)
                gen_edge(&ge, i, (i + b) % n);
        }
        snprintf(desc, len, "circulant C_%d(1, %d, %d) seed=%llu", n, a, b,
                 (unsigned long long)seed);
    } else if (kind == 1) { /* Paley graph */
        static const int32_t primes[] = {13, 17, 29, 37};
        int32_t q = primes[rng_below(&r, 4)];
        ge.n = q;
        for (int32_t i = 0; i < q; i++)
            for (int32_t j = i + 1; j < q; j++)
                if (quadratic_residue(j - i, q))
                    gen_edge(&ge, i, j);
        snprintf(desc, len, "Paley(%d) seed=%llu", q, (unsigned long long)seed);
    } else { /* C_a x C_b x K_c */
        int32_t a = 3 + rng_below(&r, 3), b = 3 + rng_below(&r, 4), c = 2 + rng_below(&r, 2);
        ge.n = a * b * c;
        for (int32_t i = 0; i < a; i++)
            for (int32_t j = 0; j < b; j++)
                for (int32_t k = 0; k < c; k++) {
                    int32_t v = (i * b + j) * c + k;
                    gen_edge(&ge, v, ((i + 1) % a * b + j) * c + k);
                    gen_edge(&ge, v, (i * b + (j + 1) % b) * c + k);
                    for (int32_t l = k + 1; l < c; l++)
                        gen_edge(&ge, v, (i * b + j) * c + l);
                }
        snprintf(desc, len, "C%d x C%d x K%d seed=%llu", a, b, c, (unsigned long long)seed);
    }
    return gen_build(&ge, &r);
}

/*
 * Orbital branching: on symmetric graphs bnr, on one thread and on four,
 * answers MVC and PVC as seq and as bnr without it, and it spares nodes.
 */
static void test_orbital(uint64_t master)
{
    struct check_tally t = {0};
    char desc[96];
    int64_t nodes = 0, nodes_without = 0, orbital = 0;
    for (int i = 0; i < 24; i++) {
        uint64_t seed = master + (uint64_t)(4000 + i) * 15485863;
        struct graph *g = symmetric_graph(seed, i % 3, desc, sizeof desc);
        int32_t opt = seq_minimum(g);
        check_against(&bnr, g, opt, desc, &t);
        check_against(&bnr_4, g, opt, desc, &t);
        check_against(&bnr_no_symmetry, g, opt, desc, &t);
        struct solve_stats st = mvc_stats(&bnr, g);
        nodes += st.nodes;
        orbital += st.orbital_branchings;
        st = mvc_stats(&bnr_no_symmetry, g);
        nodes_without += st.nodes;
        orbital += st.orbital_branchings * 1000000; /* none may be counted */
        graph_free(g);
    }
    ok(t.failed == 0,
       "%d symmetric graphs, %d solves with and without orbital branching: all agree with seq",
       t.graphs, t.solves);
    if (orbits_available())
        ok(orbital > 0 && orbital < 1000000 && nodes < nodes_without,
           "orbital branchings: %lld; nodes %lld, without them %lld", (long long)orbital,
           (long long)nodes, (long long)nodes_without);
    else
        skip("built without nauty: no orbital branching");
}

int main(void)
{
    uint64_t master = gen_master_seed();
    check_special(&bnr);
    test_random(master);
    test_against_seq(master);
    test_parallel_branchings(master);
    test_planted(master);
    test_orbital(master);
    test_lattices(master);
    test_packing(master);
    test_stop(master);
    test_stopped_answer_is_best_reported(master);
    done_testing();
    return exit_status();
}
