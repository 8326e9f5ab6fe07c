/* Steiner trees on the CPU: KMB, Mehlhorn and the loose-path exchange against exact optima. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "gen.h"
#include "gpu_steiner.h"
#include "mst.h"
#include "steiner.h"
#include "steiner_brute.h"
#include "tap.h"

/* The random graphs' generator (gen.h), seeded by each test. */
static struct rng rng_state;

/* A weighted graph from (u, v, w) triples; terminals need not be sorted. */
static struct graph *build(int32_t n, const int32_t (*e)[3], int64_t m, const int32_t *terminals,
                           int32_t nt, int weighted)
{
    struct edge_list el;
    edge_list_init(&el, weighted);
    for (int64_t i = 0; i < m; i++)
        edge_list_push(&el, e[i][0], e[i][1], e[i][2]);
    struct graph *g = NULL;
    struct error err = {0};
    if (graph_build(n, &el, terminals, nt, &g, &err) != MVC_OK)
        bail(err.message);
    return g;
}

static struct steiner_opts cpu_opts(int algo, int improve)
{
    struct steiner_opts o;
    steiner_opts_default(&o);
    o.algo = algo;
    o.use_gpu = STEINER_DEVICE_CPU;
    o.improve = improve;
    return o;
}

/* Weight of an MST of KMB's distance graph G' (Floyd-Warshall, then Kruskal). */
static int64_t distance_graph_mst(const struct graph *g)
{
    int32_t n = g->n, k = g->n_terminals;
    int64_t *d = malloc((size_t)n * n * sizeof *d);
    const int64_t inf = INT64_MAX / 4;
    for (int32_t i = 0; i < n * n; i++)
        d[i] = inf;
    for (int32_t u = 0; u < n; u++) {
        d[u * n + u] = 0;
        for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++)
            d[u * n + g->adj[a]] = g->weights ? g->weights[a] : 1;
    }
    for (int32_t x = 0; x < n; x++)
        for (int32_t i = 0; i < n; i++)
            for (int32_t j = 0; j < n; j++)
                if (d[i * n + x] + d[x * n + j] < d[i * n + j])
                    d[i * n + j] = d[i * n + x] + d[x * n + j];
    struct wedge *e = malloc((size_t)k * k * sizeof *e);
    int64_t m = 0, chosen, w = 0;
    for (int32_t i = 0; i < k; i++)
        for (int32_t j = i + 1; j < k; j++)
            e[m++] = (struct wedge){d[g->terminals[i] * n + g->terminals[j]], i, j, 0};
    mst_kruskal(k, e, m, &chosen);
    for (int64_t i = 0; i < chosen; i++)
        w += e[i].w;
    free(e);
    free(d);
    return w;
}

/* A connected random graph on n vertices with nt sorted terminals. */
static struct graph *random_graph(int32_t n, int32_t nt, int weighted, int max_w)
{
    int32_t(*e)[3] = malloc((size_t)(n * n) * sizeof *e);
    int64_t m = 0;
    for (int32_t v = 1; v < n; v++) /* a random spanning tree keeps it connected */
        e[m][0] = v, e[m][1] = rng_below(&rng_state, v), e[m][2] = rng_below(&rng_state, max_w + 1),
        m++;
    int32_t extra = rng_below(&rng_state, 2 * n);
    for (int32_t i = 0; i < extra; i++) {
        int32_t u = rng_below(&rng_state, n), v = rng_below(&rng_state, n);
        e[m][0] = u, e[m][1] = v, e[m][2] = rng_below(&rng_state, max_w + 1), m++;
    }
    int32_t *terminals = malloc((size_t)nt * sizeof *terminals), got = 0;
    uint8_t *is = calloc((size_t)n, 1);
    while (got < nt) {
        int32_t t = rng_below(&rng_state, n);
        if (!is[t])
            is[t] = 1, got++;
    }
    got = 0;
    for (int32_t v = 0; v < n; v++)
        if (is[v])
            terminals[got++] = v;
    struct graph *g = build(n, (const int32_t(*)[3])e, m, terminals, nt, weighted);
    free(e), free(terminals), free(is);
    return g;
}

static void test_random_small(unsigned seed, int rounds)
{
    rng_state.state = 0x9E3779B97F4A7C15ull ^ seed;
    diag("random small graphs, seed %u", seed);
    int bad_valid = 0, bad_ratio = 0, bad_below = 0, bad_mst = 0, bad_improve = 0;
    int64_t sum_opt = 0, sum_kmb = 0, sum_meh = 0, sum_imp = 0;
    for (int r = 0; r < rounds; r++) {
        int32_t n = 4 + rng_below(&rng_state, 11);
        int32_t nt = 2 + rng_below(&rng_state, 4);
        if (nt > n)
            nt = n;
        int weighted = rng_below(&rng_state, 5) != 0;
        int max_w =
            rng_below(&rng_state, 4) == 0 ? 2 : 10; /* small ranges give zero weights and ties */
        struct graph *g = random_graph(n, nt, weighted, max_w);
        int64_t opt = brute_steiner_weight(g), mst = distance_graph_mst(g);
        sum_opt += opt;
        for (int algo = 0; algo < 2; algo++)
            for (int improve = 0; improve < 2; improve++) {
                struct steiner_opts o = cpu_opts(algo, improve);
                struct steiner_tree t;
                struct steiner_stats st;
                struct error err = {0};
                if (steiner_solve(g, &o, &t, &st, &err) != MVC_OK ||
                    steiner_check(g, &t, &err) != MVC_OK) {
                    if (!bad_valid++)
                        diag("round %d %s improve=%d: %s", r, steiner_algo_name(algo), improve,
                             err.message);
                    continue;
                }
                if (t.weight > 2 * opt && !bad_ratio++)
                    diag("round %d: %s weight %lld > 2 x %lld", r, steiner_algo_name(algo),
                         (long long)t.weight, (long long)opt);
                if (t.weight < opt && !bad_below++)
                    diag("round %d: %s weight %lld below the optimum %lld", r,
                         steiner_algo_name(algo), (long long)t.weight, (long long)opt);
                if (st.weight_constructed > mst && !bad_mst++)
                    diag("round %d: %s built %lld, more than MST(G') = %lld", r,
                         steiner_algo_name(algo), (long long)st.weight_constructed, (long long)mst);
                if ((st.weight > st.weight_constructed || st.weight != t.weight) && !bad_improve++)
                    diag("round %d: improvement went from %lld to %lld", r,
                         (long long)st.weight_constructed, (long long)st.weight);
                if (improve)
                    sum_imp += algo == STEINER_KMB ? t.weight : 0;
                else if (algo == STEINER_KMB)
                    sum_kmb += t.weight;
                else
                    sum_meh += t.weight;
                steiner_tree_free(&t);
            }
        graph_free(g);
    }
    is(bad_valid, 0, "%d random graphs: every tree passes steiner_check", rounds);
    is(bad_ratio, 0, "KMB and Mehlhorn weigh at most twice the optimum");
    is(bad_below, 0, "no tree weighs less than the exhaustive optimum");
    is(bad_mst, 0, "constructed trees weigh at most the MST of the distance graph");
    is(bad_improve, 0, "the exchange never raises the weight");
    diag("sum of optima %lld, KMB %lld, Mehlhorn %lld, KMB + exchange %lld", (long long)sum_opt,
         (long long)sum_kmb, (long long)sum_meh, (long long)sum_imp);
}

static void test_path_and_shortcut(void)
{
    /* 0-1-2-3 weighs 15; the chord {0, 3} weighs 4; vertex 4 hangs off 1. */
    const int32_t e[][3] = {{0, 1, 5}, {1, 2, 5}, {2, 3, 5}, {0, 3, 4}, {1, 4, 1}};
    const int32_t terminals[] = {0, 3};
    struct graph *g = build(5, e, 5, terminals, 2, 1);
    struct steiner_opts o = cpu_opts(STEINER_KMB, 0);
    struct steiner_tree t;
    struct error err = {0};
    is(steiner_solve(g, &o, &t, NULL, &err), MVC_OK, "two terminals solve");
    is(t.weight, 4, "two terminals: the shortest path (the chord)");
    is(t.n_edges, 1, "one edge");
    steiner_tree_free(&t);

    /* A poor tree by hand: the long way round; the exchange must find the chord. */
    int32_t edges[][2] = {{0, 1}, {1, 2}, {2, 3}};
    struct steiner_tree poor = {15, 3, malloc(sizeof edges)};
    memcpy(poor.edges, edges, sizeof edges);
    is(steiner_check(g, &poor, &err), MVC_OK, "the long way round is a valid tree");
    struct steiner_stats st;
    is(steiner_improve(g, &o, &poor, &st, &err), MVC_OK, "exchange runs");
    is(poor.weight, 4, "exchange replaces the loose path by the chord");
    is(st.improve_exchanges, 1, "one exchange");
    is(steiner_check(g, &poor, &err), MVC_OK, "the exchanged tree is valid");
    steiner_tree_free(&poor);

    /* With the stop flag already set nothing is tried. */
    volatile sig_atomic_t stop = 1;
    o.deadline.stop = &stop;
    struct steiner_tree again = {15, 3, malloc(sizeof edges)};
    memcpy(again.edges, edges, sizeof edges);
    is(steiner_improve(g, &o, &again, &st, &err), MVC_OK, "stopped exchange returns");
    ok(again.weight == 15 && st.improve_interrupted, "the stop flag ends the exchange at once");
    steiner_tree_free(&again);
    graph_free(g);
}

static void test_exchange_through_tree(void)
{
    /*
     * Terminals 0, 4, 6. Built by hand: 0-1-2-3-4 (weight 4 x 3) with 6 hanging
     * off 2 by 2-5-6 (2 x 3). Cheaper: 0-7-4 (2 + 2). The loose path 0..2
     * (weight 6) is replaced by a path from {0} to the rest: 0-7-4 (4).
     */
    const int32_t e[][3] = {{0, 1, 3}, {1, 2, 3}, {2, 3, 3}, {3, 4, 3},
                            {2, 5, 3}, {5, 6, 3}, {0, 7, 2}, {7, 4, 2}};
    const int32_t terminals[] = {0, 4, 6};
    struct graph *g = build(8, e, 8, terminals, 3, 1);
    int32_t edges[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {2, 5}, {5, 6}};
    struct steiner_tree t = {18, 6, malloc(sizeof edges)};
    memcpy(t.edges, edges, sizeof edges);
    struct steiner_opts o = cpu_opts(STEINER_KMB, 1);
    struct steiner_stats st;
    struct error err = {0};
    is(steiner_improve(g, &o, &t, &st, &err), MVC_OK, "exchange on a tree with a branch");
    is(steiner_check(g, &t, &err), MVC_OK, "result is a valid tree");
    is(t.weight, 16, "0-1-2 (6) replaced by 0-7-4 (4)");
    is(st.weight, 16, "stats record the final weight");
    is(st.weight_constructed, 18, "stats record the weight before");
    steiner_tree_free(&t);
    graph_free(g);
}

static void test_one_terminal_and_unweighted(void)
{
    /* the 4-cycle 0-1-2-3 with the chord 1-3, unweighted: every edge weighs 1 */
    const int32_t e[][3] = {{0, 1, 0}, {1, 2, 0}, {2, 3, 0}, {3, 0, 0}, {1, 3, 0}};
    static const int32_t one[] = {2}, opposite[] = {0, 2};
    static const struct {
        const char *what;
        const int32_t *terminals;
        int32_t nt;
        int64_t weight, edges;
    } cases[] = {
        {"one terminal: the empty tree", one, 1, 0, 0},
        {"two opposite terminals of an unweighted graph: two edges of weight 1", opposite, 2, 2, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct graph *g = build(4, e, 5, cases[i].terminals, cases[i].nt, 0);
        for (int algo = 0; algo < 2; algo++) {
            struct steiner_opts o = cpu_opts(algo, 1);
            struct steiner_tree t;
            struct error err = {0};
            is(steiner_solve(g, &o, &t, NULL, &err), MVC_OK, "%s: %s: solves",
               steiner_algo_name(algo), cases[i].what);
            ok(t.weight == cases[i].weight && t.n_edges == cases[i].edges,
               "%s: %s (weight %lld, %lld edges)", steiner_algo_name(algo), cases[i].what,
               (long long)t.weight, (long long)t.n_edges);
            is(steiner_check(g, &t, &err), MVC_OK, "%s: %s: the tree checks",
               steiner_algo_name(algo), cases[i].what);
            steiner_tree_free(&t);
        }
        graph_free(g);
    }
}

static void expect_input_error(const struct graph *g, const char *needle, const char *what)
{
    for (int algo = 0; algo < 2; algo++) {
        struct steiner_opts o = cpu_opts(algo, 1);
        struct steiner_tree t;
        struct error err = {0};
        int status = steiner_solve(g, &o, &t, NULL, &err);
        ok(status == MVC_EINPUT && strstr(err.message, needle) != NULL, "%s: %s (\"%s\")",
           steiner_algo_name(algo), what, err.message);
        ok(t.edges == NULL && t.n_edges == 0, "%s: no tree is left behind",
           steiner_algo_name(algo));
    }
}

static void test_bad_inputs(void)
{
    const int32_t e[][3] = {{0, 1, 2}, {1, 2, 2}, {3, 4, 1}};
    struct graph *g = build(5, e, 3, NULL, 0, 1);
    expect_input_error(g, "no terminals", "no terminals");
    graph_free(g);

    const int32_t far[] = {0, 9};
    g = build(5, e, 3, far, 2, 1);
    expect_input_error(g, "terminal 10 is out of range 1..5", "terminal out of range");
    graph_free(g);

    const int32_t twice[] = {1, 1};
    g = build(5, e, 3, twice, 2, 1);
    expect_input_error(g, "listed twice", "repeated terminal");
    graph_free(g);

    const int32_t apart[] = {0, 2, 4};
    g = build(5, e, 3, apart, 3, 1);
    expect_input_error(g, "terminal 5 cannot be reached from terminal 1", "separate components");
    graph_free(g);

    const int32_t neg[][3] = {{0, 1, 2}, {1, 2, -3}};
    const int32_t ends[] = {0, 2};
    g = build(3, neg, 2, ends, 2, 1);
    expect_input_error(g, "negative weight -3", "negative weight");
    graph_free(g);

    const int32_t ok_e[][3] = {{0, 1, 2}};
    const int32_t both[] = {0, 1};
    g = build(2, ok_e, 1, both, 2, 1);
    struct steiner_opts o;
    steiner_opts_default(&o);
    o.algo = 7;
    struct steiner_tree t;
    struct error err = {0};
    is(steiner_solve(g, &o, &t, NULL, &err), MVC_EINPUT, "an unknown algorithm is refused");
    graph_free(g);
}

/* Asking for the GPU where there is none is an error, never a silent CPU run. */
static void test_gpu_refused(void)
{
#ifdef HAVE_CUDA
    if (gpu_sssp_device_count() > 0) {
        skip("a CUDA device is present: tests/t_sssp covers the GPU path");
        return;
    }
    int expected = MVC_EDEVICE;
#else
    int expected = MVC_EUNSUPPORTED;
#endif
    const int32_t e[][3] = {{0, 1, 2}};
    const int32_t both[] = {0, 1};
    struct graph *g = build(2, e, 1, both, 2, 1);
    struct steiner_opts o = cpu_opts(STEINER_MEHLHORN, 0);
    o.use_gpu = STEINER_DEVICE_GPU;
    struct steiner_tree t;
    struct error err = {0};
    is(steiner_solve(g, &o, &t, NULL, &err), expected, "the GPU asked for and unavailable: %s",
       err.message);
    graph_free(g);
}

static void test_check_rejects(void)
{
    const int32_t e[][3] = {{0, 1, 1}, {1, 2, 2}, {2, 0, 3}, {2, 3, 4}, {4, 5, 1}};
    const int32_t terminals[] = {0, 3};
    struct graph *g = build(6, e, 5, terminals, 2, 1);
    struct {
        int32_t edges[4][2];
        int64_t m, weight;
        const char *needle, *what;
    } cases[] = {
        {{{0, 1}, {1, 2}, {2, 3}}, 3, 7, NULL, "a valid tree"},
        {{{0, 1}, {1, 2}, {2, 0}, {2, 3}}, 4, 10, "closes a cycle", "a cycle"},
        {{{0, 1}, {1, 3}}, 2, 5, "not in the graph", "a missing edge"},
        {{{0, 1}, {1, 2}, {2, 3}}, 3, 8, "not the 8 it claims", "a wrong weight"},
        {{{0, 1}, {1, 2}}, 2, 3, "terminal 4 is not in the tree", "a missing terminal"},
        {{{0, 2}, {2, 3}, {4, 5}}, 3, 8, "2 separate trees", "a forest"},
        {{{0, 1}, {1, 0}}, 2, 2, "closes a cycle", "a repeated edge"},
        {{{0, 7}}, 1, 1, "out of range", "a vertex out of range"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct steiner_tree t = {cases[i].weight, cases[i].m, cases[i].edges};
        struct error err = {0};
        int status = steiner_check(g, &t, &err);
        if (cases[i].needle == NULL)
            is(status, MVC_OK, "steiner_check accepts %s", cases[i].what);
        else
            ok(status == MVC_EINPUT && strstr(err.message, cases[i].needle),
               "steiner_check rejects %s (\"%s\")", cases[i].what, err.message);
    }
    struct steiner_tree empty = {0, 0, NULL};
    struct error err = {0};
    ok(steiner_check(g, &empty, &err) == MVC_EINPUT, "the empty tree cannot span two terminals");
    graph_free(g);
}

static void test_write_pace(void)
{
    int32_t edges[][2] = {{0, 1}, {1, 4}};
    struct steiner_tree t = {12, 2, edges};
    FILE *f = tmpfile();
    is(steiner_write_pace(f, &t), MVC_OK, "PACE output written");
    rewind(f);
    char buf[128] = {0};
    size_t got = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    ok(got > 0 && strcmp(buf, "VALUE 12\n1 2\n2 5\n") == 0,
       "PACE output is VALUE then 1-based edges");
}

static void test_names(void)
{
    is(steiner_algo_parse("mehlhorn"), STEINER_MEHLHORN, "algorithm names parse");
    is(steiner_sssp_parse("near-far"), SSSP_NEAR_FAR, "kernel names parse");
    is(steiner_sssp_parse("dijkstra"), -1, "unknown kernel names are refused");
    ok(strcmp(steiner_sssp_name(SSSP_TPULL), "tpull") == 0, "kernel names print");
}

/* Larger graphs: both algorithms valid, within MST(G'), and the exchange only helps. */
static void test_medium(unsigned seed)
{
    rng_state.state = 0xD1B54A32D192ED03ull ^ seed;
    diag("medium random graphs, seed %u", seed);
    int bad = 0;
    for (int r = 0; r < 6; r++) {
        int32_t n = 60 + rng_below(&rng_state, 140), nt = 2 + rng_below(&rng_state, 30);
        struct graph *g = random_graph(n, nt, 1, 1 + rng_below(&rng_state, 100));
        int64_t mst = distance_graph_mst(g);
        for (int algo = 0; algo < 2; algo++) {
            struct steiner_opts o = cpu_opts(algo, 1);
            struct steiner_tree t;
            struct steiner_stats st;
            struct error err = {0};
            if (steiner_solve(g, &o, &t, &st, &err) != MVC_OK ||
                steiner_check(g, &t, &err) != MVC_OK || st.weight_constructed > mst ||
                t.weight > st.weight_constructed) {
                if (!bad++)
                    diag("round %d %s: %s (built %lld, MST(G') %lld, final %lld)", r,
                         steiner_algo_name(algo), err.message, (long long)st.weight_constructed,
                         (long long)mst, (long long)t.weight);
            }
            steiner_tree_free(&t);
        }
        graph_free(g);
    }
    is(bad, 0, "medium graphs: valid trees within MST(G'), never worse after the exchange");
}

int main(int argc, char **argv)
{
    unsigned seed = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 20250101u;
    test_names();
    test_path_and_shortcut();
    test_exchange_through_tree();
    test_one_terminal_and_unweighted();
    test_bad_inputs();
    test_check_rejects();
    test_gpu_refused();
    test_write_pace();
    test_random_small(seed, 150);
    test_medium(seed);
    done_testing();
    return exit_status();
}
