/* Maximum clique mode: both paths and the automatic choice against brute force, the decision
 * form around the clique number, planted cliques in sparse graphs, stopping early, and the
 * "s clique" answer files. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "clock.h"
#include "gen.h"
#include "max_clique.h"
#include "tap.h"

static const int paths[] = {MAX_CLIQUE_PATH_AUTO, MAX_CLIQUE_PATH_DENSE, MAX_CLIQUE_PATH_SPARSE};
static const char *const path_names[] = {"auto", "dense", "sparse"};

/* Clique number by exhaustive search over bitmasks (n <= 30). */
static int brute_grow(const uint32_t *adj, uint32_t candidates, int size)
{
    if (candidates == 0)
        return size;
    int best = size;
    while (candidates) {
        if (size + __builtin_popcount(candidates) <= best)
            break;
        int v = __builtin_ctz(candidates);
        candidates &= candidates - 1;
        int got = brute_grow(adj, candidates & adj[v], size + 1);
        if (got > best)
            best = got;
    }
    return best;
}

static int brute_omega(const struct graph *g)
{
    uint32_t adj[32] = {0};
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
            adj[u] |= (uint32_t)1 << g->adj[e];
    uint32_t all = g->n == 32 ? ~(uint32_t)0 : ((uint32_t)1 << g->n) - 1;
    return brute_grow(adj, all, 0);
}

static void opts_for(struct max_clique_opts *o, int path, int threads)
{
    max_clique_opts_default(o);
    o->path = path;
    o->solve.threads = threads;
}

/* What max_clique_solve answered, and whether its clique passed clique_check. */
struct answer {
    int outcome;
    struct clique c; /* freed by the caller with clique_free */
    struct max_clique_stats st;
    struct error err;   /* of the solve */
    struct error check; /* of clique_check */
    int valid;
};

static struct answer solve(const struct graph *g, const struct max_clique_opts *o)
{
    struct answer a;
    memset(&a, 0, sizeof a);
    a.outcome = max_clique_solve(g, o, &a.c, &a.st, &a.err);
    a.valid = a.outcome >= 0 && clique_check(g, &a.c, &a.check) == MVC_OK;
    return a;
}

/* One question; 1 when the answer is right. what names the failure in diag lines. */
static int ask(const struct graph *g, int path, int threads, int64_t at_least, int omega,
               const char *desc)
{
    struct max_clique_opts o;
    opts_for(&o, path, threads);
    o.at_least = at_least;
    struct answer a = solve(g, &o);
    int right;
    if (a.outcome < 0) {
        diag("%s: at_least %lld: error %d: %s", desc, (long long)at_least, a.outcome,
             a.err.message);
        clique_free(&a.c);
        return 0;
    }
    if (at_least < 0)
        right = a.outcome == SOLVE_OPTIMAL && a.c.size == omega && a.st.upper_bound == omega;
    else if (at_least <= omega)
        right = a.outcome == SOLVE_FOUND && a.c.size >= at_least;
    else
        right = a.outcome == SOLVE_NO_COVER && a.c.size <= omega;
    if (!a.valid || !right)
        diag("%s: path %s threads %d at_least %lld: outcome %d size %ld (omega %d)%s%s", desc,
             path_names[path], threads, (long long)at_least, a.outcome, (long)a.c.size, omega,
             a.valid ? "" : ", invalid: ", a.valid ? "" : a.check.message);
    clique_free(&a.c);
    return a.valid && right;
}

static void test_random_graphs(uint64_t seed)
{
    static const double densities[] = {0.05, 0.2, 0.4, 0.6, 0.8, 0.95};
    struct rng r = {seed};
    for (size_t d = 0; d < sizeof densities / sizeof *densities; d++) {
        int wrong[3] = {0}, graphs = 0;
        for (int k = 0; k < 25; k++) {
            static struct gen_edges ge;
            ge.m = 0;
            ge.n = 1 + rng_below(&r, 20);
            gen_gnp(&ge, &r, 0, ge.n, densities[d]);
            struct graph *g = gen_build(&ge, &r);
            int omega = brute_omega(g);
            char desc[96];
            snprintf(desc, sizeof desc, "G(%d, %.2f) #%d", g->n, densities[d], k);
            for (int p = 0; p < 3; p++) {
                int threads = 1 + rng_below(&r, 3);
                int good = ask(g, paths[p], threads, -1, omega, desc);
                for (int a = omega - 1; a <= omega + 1; a++)
                    if (a >= 0)
                        good &= ask(g, paths[p], threads, a, omega, desc);
                wrong[p] += !good;
            }
            graphs++;
            graph_free(g);
        }
        for (int p = 0; p < 3; p++)
            ok(wrong[p] == 0,
               "%s path: %d graphs G(n <= 20, %.2f): maximum, and at least omega-1, omega, omega+1",
               path_names[p], graphs, densities[d]);
    }
}

/* G(n, m) plus a clique on k random vertices; planted[] receives them. */
static struct graph *planted_graph(struct rng *r, int32_t n, int64_t m, int32_t k, int32_t *planted)
{
    struct edge_list el;
    edge_list_init(&el, 0);
    uint8_t *in = calloc((size_t)n, 1);
    for (int32_t i = 0; i < k;) {
        int32_t v = rng_below(r, n);
        if (!in[v]) {
            in[v] = 1;
            planted[i++] = v;
        }
    }
    for (int64_t i = 0; i < m; i++)
        edge_list_push(&el, rng_below(r, n), rng_below(r, n), 0);
    for (int32_t i = 0; i < k; i++)
        for (int32_t j = i + 1; j < k; j++)
            edge_list_push(&el, planted[i], planted[j], 0);
    free(in);
    struct graph *g = NULL;
    struct error err = {0};
    if (graph_build(n, &el, NULL, 0, &g, &err) != MVC_OK)
        bail(err.message);
    return g;
}

static void test_planted(uint64_t seed)
{
    struct rng r = {seed};
    static const int32_t sizes[] = {5, 9, 16, 40};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        int32_t n = 3000 + rng_below(&r, 3000), k = sizes[i];
        int64_t m = (int64_t)n * (3 + rng_below(&r, 10));
        int32_t planted[64];
        struct graph *g = planted_graph(&r, n, m, k, planted);
        for (int p = 0; p < 3; p += 2) { /* auto and sparse: the dense path would not pay */
            struct max_clique_opts o;
            opts_for(&o, paths[p], 1 + rng_below(&r, 3));
            struct answer a = solve(g, &o);
            ok(a.outcome == SOLVE_OPTIMAL && a.c.size >= k && a.valid &&
                   strcmp(a.st.path, "sparse") == 0 && a.st.upper_bound == a.c.size,
               "%s: a planted %d-clique in G(%d, %lld) is found (clique %ld, %s path, "
               "degeneracy %d)",
               path_names[p], k, n, (long long)m, (long)a.c.size, a.st.path ? a.st.path : "-",
               a.st.degeneracy);
            clique_free(&a.c);
        }
        graph_free(g);
    }
}

/* Both paths agree on graphs too large for brute force and sparse enough for the sparse path. */
static void test_paths_agree(uint64_t seed)
{
    struct rng r = {seed};
    int disagree = 0, graphs = 0;
    for (int k = 0; k < 12; k++) {
        int32_t n = 60 + rng_below(&r, 140), planted[64];
        int64_t m = (int64_t)n * (2 + rng_below(&r, 25));
        struct graph *g = planted_graph(&r, n, m, rng_below(&r, 8), planted);
        int32_t size[2] = {-1, -1};
        for (int p = 1; p < 3; p++) {
            struct max_clique_opts o;
            opts_for(&o, paths[p], 2);
            struct answer a = solve(g, &o);
            if (a.outcome == SOLVE_OPTIMAL && a.valid)
                size[p - 1] = a.c.size;
            clique_free(&a.c);
        }
        if (size[0] < 0 || size[0] != size[1]) {
            diag("G(%d, %lld): dense %d, sparse %d", n, (long long)m, size[0], size[1]);
            disagree++;
        }
        graphs++;
        graph_free(g);
    }
    ok(disagree == 0,
       "dense and sparse paths find the same clique number on %d graphs of "
       "60-200 vertices",
       graphs);
}

static void test_stopping(uint64_t seed)
{
    struct rng r = {seed};
    int32_t planted[64];
    struct graph *g = planted_graph(&r, 4000, 40000, 12, planted);
    struct graph *dense = gen_gnp_graph(rng_next(&r), 120, 0.5);
    const struct graph *graphs[] = {g, dense, g};
    static const int path_of[] = {MAX_CLIQUE_PATH_SPARSE, MAX_CLIQUE_PATH_DENSE,
                                  MAX_CLIQUE_PATH_AUTO};
    for (int i = 0; i < 3; i++) {
        for (int how = 0; how < 2; how++) {
            volatile sig_atomic_t stop = how == 0;
            struct max_clique_opts o;
            opts_for(&o, path_of[i], 2);
            o.solve.deadline.stop = &stop;
            if (how == 1)
                o.solve.deadline = deadline_after(1e-9, o.solve.deadline.stop);
            struct answer a = solve(graphs[i], &o);
            ok(a.outcome == SOLVE_STOPPED && a.valid,
               "%s path: %s gives SOLVE_STOPPED (got %d) and a valid clique of %ld",
               path_names[path_of[i]], how == 0 ? "the stop flag" : "a time limit of 1 ns",
               a.outcome, (long)a.c.size);
            clique_free(&a.c);
        }
    }
    /* stopped inside the vertex cover pipeline rather than before it */
    struct graph *hard = gen_gnp_graph(rng_next(&r), 250, 0.9);
    struct max_clique_opts o;
    opts_for(&o, MAX_CLIQUE_PATH_DENSE, 2);
    o.solve.deadline = deadline_after(0.05, o.solve.deadline.stop);
    double t0 = clock_seconds();
    struct answer a = solve(hard, &o);
    double took = clock_seconds() - t0;
    ok(a.outcome == SOLVE_STOPPED && a.valid && a.c.size > 1 && took < 2,
       "dense path: a 0.05 s limit on G(250, 0.9) stops the search (got %d) with a valid clique "
       "of %ld after %.2f s",
       a.outcome, (long)a.c.size, took);
    clique_free(&a.c);
    graph_free(hard);
    graph_free(g);
    graph_free(dense);
}

/* The empty graph and three isolated vertices, maximum and decision form, on every path. */
static void test_small_cases(void)
{
    struct graph *empty = graph_from_edges(0, NULL, 0);
    struct graph *lone = graph_from_edges(3, NULL, 0);
    const struct {
        const struct graph *g;
        int64_t at_least;
        int outcome;
        int32_t size; /* of the clique; with SOLVE_NO_COVER, the most it may have */
        const char *what;
    } cases[] = {
        {empty, -1, SOLVE_OPTIMAL, 0, "the empty graph's maximum clique is empty"},
        {empty, 1, SOLVE_NO_COVER, 0, "the empty graph has no 1-clique"},
        {lone, -1, SOLVE_OPTIMAL, 1, "three isolated vertices: a clique of one"},
        {lone, 4, SOLVE_NO_COVER, 1, "no clique of more vertices than the graph has"},
    };
    for (int p = 0; p < 3; p++)
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            struct max_clique_opts o;
            opts_for(&o, paths[p], 1);
            o.at_least = cases[i].at_least;
            struct answer a = solve(cases[i].g, &o);
            int size_right = cases[i].outcome == SOLVE_NO_COVER ? a.c.size <= cases[i].size
                                                                : a.c.size == cases[i].size;
            ok(a.outcome == cases[i].outcome && size_right && a.valid,
               "%s: %s (got %d, a clique of %ld)", path_names[p], cases[i].what, a.outcome,
               (long)a.c.size);
            clique_free(&a.c);
        }
    graph_free(empty);
    graph_free(lone);
}

static void test_check(void)
{
    const int32_t edges[][2] = {{0, 1}, {1, 2}, {0, 2}, {2, 3}};
    struct graph *g = graph_from_edges(4, edges, 4);
    int32_t triangle[] = {0, 1, 2}, path[] = {1, 2, 3}, twice[] = {1, 1}, outside[] = {2, 4};
    struct error err = {0};
    struct clique c = {4, 3, triangle};
    is(clique_check(g, &c, &err), MVC_OK, "a triangle is a clique");
    c.vertices = path;
    is(clique_check(g, &c, &err), MVC_EINPUT, "a path of three is not");
    is(clique_check(g, &(struct clique){4, 2, twice}, &(struct error){0}), MVC_EINPUT,
       "a vertex listed twice is refused");
    is(clique_check(g, &(struct clique){4, 2, outside}, &(struct error){0}), MVC_EINPUT,
       "a vertex out of range is refused");
    is(clique_check(g, &(struct clique){5, 3, triangle}, &(struct error){0}), MVC_EINPUT,
       "a clique for another vertex count is refused");
    graph_free(g);
}

static char tmp_dir[256];

static const char *tmp_path(const char *suffix)
{
    static char path[400];
    static int counter;
    snprintf(path, sizeof path, "%.255s/t_max_clique_%ld_%d%.40s", tmp_dir, (long)getpid(),
             counter++, suffix);
    return path;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
        bail("cannot write a temporary file");
}

static void test_reader(void)
{
    static const struct {
        const char *text, *message, *what;
    } bad[] = {
        {"c nothing\n1\n", ":2: expected the solution line", "a vertex before the solution line"},
        {"c only a comment\n", ":1: no solution line", "no solution line"},
        {"s clique 5 1\ns clique 5 1\n1\n", ":2: repeated solution line", "two solution lines"},
        {"s clique 5 2\n1\n", "declares 2 vertices, 1 listed", "fewer vertices than declared"},
        {"s clique 5 1\n1\n2\n", "declares 1 vertices, 2 listed", "more vertices than declared"},
        {"s clique 5 1\n6\n", ":2: vertex 6 is not in 1..5", "an id past n"},
        {"s clique 5 1\n0\n", ":2: vertex 0 is not in 1..5", "id 0"},
        {"s clique 5 2\n3\n3\n", ":3: vertex 3 listed twice", "a repeated id"},
        {"s clique 5 1\nthree\n", ":2: expected a vertex number", "a word for a vertex"},
        {"s clique 5 2\n1 2\n", ":2: unexpected '2' after a vertex number", "two ids on a line"},
        {"s clique 4 1\n1\n", ":1: the clique is for 4 vertices, the graph has 5", "another n"},
        {"s vc 5 1\n1\n", ":1: expected 'clique' after 's'", "a cover's solution line"},
        {"s clique 5\n", ":1: expected the clique size", "a solution line without a size"},
        {"s clique 5 9\n", ":1: a clique of 9 vertices in a graph of 5", "a size past n"},
        {"s clique 5 1 7\n1\n", ":1: unexpected '7' after 's clique N SIZE'",
         "junk after the size"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        const char *path = tmp_path(".clq");
        write_text(path, bad[i].text);
        struct clique c;
        struct error err = {0};
        int status = clique_read(path, 5, &c, &err);
        int named = strncmp(err.message, path, strlen(path)) == 0;
        ok(status == MVC_EINPUT && named && strstr(err.message, bad[i].message) != NULL,
           "reader refuses %s", bad[i].what);
        if (status != MVC_EINPUT || !named || strstr(err.message, bad[i].message) == NULL)
            diag("status %d, message '%s'", status, err.message);
        clique_free(&c);
        unlink(path);
    }
    /* round trip, with comments and blank lines around */
    int32_t members[] = {0, 3, 6, 9};
    struct clique out = {10, 4, members}, in;
    const char *path = tmp_path(".clq");
    FILE *f = fopen(path, "w");
    fputs("c written by the test\n\n", f);
    is(clique_write(f, &out), MVC_OK, "clique_write succeeds");
    fclose(f);
    struct error err = {0};
    int status = clique_read(path, 10, &in, &err);
    ok(status == MVC_OK && in.n == 10 && in.size == 4 &&
           memcmp(in.vertices, members, sizeof members) == 0,
       "clique_read gives back what clique_write wrote");
    clique_free(&in);
    write_text(path, "s clique 10 3\n10\n1\n5\n");
    status = clique_read(path, 10, &in, &err);
    ok(status == MVC_OK && in.size == 3 && in.vertices[0] == 0 && in.vertices[1] == 4 &&
           in.vertices[2] == 9,
       "vertices listed in any order come back increasing");
    clique_free(&in);
    unlink(path);
#ifdef HAVE_ZLIB
    path = tmp_path(".clq.gz");
    gzFile z = gzopen(path, "wb");
    gzputs(z, "s clique 10 2\n2\n3\n");
    gzclose(z);
    status = clique_read(path, 10, &in, &err);
    ok(status == MVC_OK && in.size == 2 && in.vertices[0] == 1 && in.vertices[1] == 2,
       "a gzip-compressed answer reads");
    clique_free(&in);
    unlink(path);
#else
    skip("built without zlib");
#endif
    is(clique_read("/nonexistent/answer.clq", 10, &in, &err), MVC_EIO, "a missing file is MVC_EIO");
}

int main(void)
{
    uint64_t seed = gen_master_seed();
    const char *tmp = getenv("TMPDIR");
    snprintf(tmp_dir, sizeof tmp_dir, "%s", tmp && *tmp ? tmp : "/tmp");
    test_small_cases();
    test_check();
    test_random_graphs(seed);
    test_planted(seed + 1);
    test_paths_agree(seed + 2);
    test_stopping(seed + 3);
    test_reader();
    done_testing();
    return exit_status();
}
