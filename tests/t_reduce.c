/* Reduction rules on degree arrays: each rule alone on hand-built graphs, then all of them on
 * random ones. */
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "gen.h"
#include "reduce.h"
#include "tap.h"

#define MAX_N 64

/* A node over g with room for n + 1 ints. */
struct test_node {
    int deg[MAX_N + 1];
    struct reduce_node x;
};

static int32_t ones[MAX_N + 1], twos[MAX_N + 1];
static struct reduce_work work = {ones, twos, 0, 0};

static void node_root(const struct graph *g, struct test_node *t)
{
    t->x.deg = t->deg;
    t->x.work = &work;
    work.n_ones = work.n_twos = 0;
    reduce_node_root(g, &t->x);
}

/* Degrees, |S| and |E| all agree with the graph that is left. */
static int node_consistent(const struct graph *g, const struct reduce_node *x)
{
    int32_t removed = 0;
    for (int32_t v = 0; v < g->n; v++) {
        if (x->deg[v] == DEGREE_REMOVED) {
            removed++;
            continue;
        }
        int live = 0;
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
            live += x->deg[g->adj[i]] != DEGREE_REMOVED;
        if (live != x->deg[v])
            return 0;
    }
    return removed == x->deg[g->n] && x->edges == reduce_count_edges(x->deg, g->n);
}

/* The removed vertices, as a bit mask for exact comparisons with the expected set. */
static uint64_t removed_set(const struct graph *g, const struct reduce_node *x)
{
    uint64_t set = 0;
    for (int32_t v = 0; v < g->n; v++)
        if (x->deg[v] == DEGREE_REMOVED)
            set |= 1ull << v;
    return set;
}

#define SET2(a, b) ((1ull << (a)) | (1ull << (b)))

static struct graph *build(int32_t n, const int32_t (*edges)[2], int64_t m)
{
    struct graph *g = graph_from_edges(n, edges, m);
    if (g == NULL)
        bail("graph_from_edges failed");
    return g;
}

static void test_take(void)
{
    /* 0-1, 0-2, 1-2, 2-3: a triangle with a tail */
    const int32_t e[][2] = {{0, 1}, {0, 2}, {1, 2}, {2, 3}};
    struct graph *g = build(4, e, 4);
    struct test_node t;
    node_root(g, &t);
    ok(node_consistent(g, &t.x) && t.x.edges == 4 && t.deg[4] == 0,
       "root node: degrees, |E| = 4, |S| = 0");
    reduce_take_vertex(g, &t.x, 2);
    ok(t.deg[2] == DEGREE_REMOVED && t.deg[0] == 1 && t.deg[1] == 1 && t.deg[3] == 0,
       "taking vertex 2 removes it and lowers its neighbours' degrees");
    ok(t.x.edges == 1 && t.deg[4] == 1 && node_consistent(g, &t.x), "|E| = 1 and |S| = 1 after it");

    node_root(g, &t);
    reduce_take_neighbours(g, &t.x, 3);
    ok(removed_set(g, &t.x) == 1ull << 2 && t.deg[3] == 0 && node_consistent(g, &t.x),
       "taking N(3) removes only vertex 2 and leaves 3 isolated, not removed");
    node_root(g, &t);
    reduce_take_neighbours(g, &t.x, 0);
    ok(removed_set(g, &t.x) == SET2(1, 2) && t.x.edges == 0 && t.deg[4] == 2 && t.deg[3] == 0,
       "taking N(0) = {1, 2} leaves no edge");
    graph_free(g);
}

static void test_degree_one(void)
{
    struct test_node t;
    const int32_t p3[][2] = {{0, 1}, {1, 2}};
    struct graph *g = build(3, p3, 2);
    node_root(g, &t);
    is(reduce_degree_one(g, &t.x), 1, "degree-one on P3 takes one vertex");
    ok(removed_set(g, &t.x) == 1ull << 1 && t.x.edges == 0, "it is the middle vertex");
    graph_free(g);

    /* P5 0-1-2-3-4: leaves take 1 and 3, the middle is left isolated */
    const int32_t p5[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}};
    g = build(5, p5, 4);
    node_root(g, &t);
    is(reduce_degree_one(g, &t.x), 2, "degree-one on P5 takes two vertices");
    ok(removed_set(g, &t.x) == SET2(1, 3) && t.x.edges == 0 && node_consistent(g, &t.x),
       "they are 1 and 3, an optimal cover of P5");
    graph_free(g);

    /* P4 3-2-1-0 numbered so that the second leaf appears only after the first take */
    const int32_t p4[][2] = {{3, 2}, {2, 1}, {1, 0}, {0, 4}, {4, 5}};
    g = build(6, p4, 5);
    node_root(g, &t);
    int32_t taken = reduce_degree_one(g, &t.x);
    ok(taken == 3 && t.x.edges == 0 && node_consistent(g, &t.x),
       "degree-one repeats until no degree-one vertex is left (path of 6: 3 taken)");
    graph_free(g);

    /* C4 and K3 have no degree-one vertex: the rule changes nothing */
    const int32_t c4[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
    g = build(4, c4, 4);
    node_root(g, &t);
    ok(reduce_degree_one(g, &t.x) == 0 && t.x.edges == 4 && t.deg[4] == 0,
       "degree-one does not apply to C4");
    graph_free(g);

    /* an isolated edge: exactly one end is taken */
    const int32_t k2[][2] = {{0, 1}};
    g = build(3, k2, 1);
    node_root(g, &t);
    ok(reduce_degree_one(g, &t.x) == 1 && t.x.edges == 0 && t.deg[2] == 0,
       "degree-one on an isolated edge takes one end only; isolated vertex 2 stays");
    graph_free(g);
}

static void test_degree_two_triangle(void)
{
    struct test_node t;
    /* triangle 0,1,2 where 1 and 2 have more neighbours: v = 0 puts 1 and 2 in S */
    const int32_t e[][2] = {{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 4}, {3, 4}};
    struct graph *g = build(5, e, 6);
    node_root(g, &t);
    is(reduce_degree_two_triangle(g, &t.x), 2, "degree-two-triangle takes two vertices");
    ok(removed_set(g, &t.x) == SET2(1, 2) && t.x.edges == 1 && node_consistent(g, &t.x),
       "they are the two neighbours of the degree-two vertex; edge 3-4 is left");
    graph_free(g);

    const int32_t c4[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
    g = build(4, c4, 4);
    node_root(g, &t);
    ok(reduce_degree_two_triangle(g, &t.x) == 0 && t.x.edges == 4,
       "degree-two-triangle does not apply when the two neighbours are not adjacent (C4)");
    graph_free(g);

    const int32_t p3[][2] = {{0, 1}, {1, 2}};
    g = build(3, p3, 2);
    node_root(g, &t);
    ok(reduce_degree_two_triangle(g, &t.x) == 0, "nor to the middle of P3");
    graph_free(g);

    /* two triangles sharing vertex 2: 0-1-2 and 2-3-4 */
    const int32_t bow[][2] = {{0, 1}, {0, 2}, {1, 2}, {2, 3}, {2, 4}, {3, 4}};
    g = build(5, bow, 6);
    node_root(g, &t);
    int32_t taken = reduce_degree_two_triangle(g, &t.x);
    ok(taken == 2 && removed_set(g, &t.x) == SET2(1, 2) && t.x.edges == 1 &&
           node_consistent(g, &t.x),
       "bowtie: the first triangle takes the centre 2 and 1; 3-4 is left an edge, not a "
       "triangle any more");
    graph_free(g);
}

static void test_high_degree(void)
{
    struct test_node t;
    /* star with centre 0 and five leaves */
    const int32_t e[][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}};
    struct graph *g = build(6, e, 5);
    node_root(g, &t);
    ok(reduce_high_degree(g, &t.x, 5) == 0 && t.x.edges == 5,
       "high-degree: d = 5 is not > bound - |S| = 5 (MVC best = 6), nothing taken");
    ok(reduce_high_degree(g, &t.x, 4) == 1 && removed_set(g, &t.x) == 1ull && t.x.edges == 0,
       "d = 5 > bound - |S| = 4 (MVC best = 5 or PVC k = 4): the centre is taken");
    graph_free(g);

    /* K4: every degree is 3; with bound 2 the rule cascades until |S| > bound */
    const int32_t k4[][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    g = build(4, k4, 6);
    node_root(g, &t);
    int32_t taken = reduce_high_degree(g, &t.x, 2);
    ok(taken == 3 && t.deg[4] == 3 && node_consistent(g, &t.x),
       "K4 with bound 2: 3 > 2, then 2 > 1, then 1 > 0: three taken, |S| = 3 > bound");
    node_root(g, &t);
    ok(reduce_high_degree(g, &t.x, 3) == 0, "K4 with bound 3 (a cover of 3 exists): nothing taken");
    node_root(g, &t);
    reduce_take_vertex(g, &t.x, 0);
    reduce_take_vertex(g, &t.x, 1);
    ok(reduce_high_degree(g, &t.x, 1) == 0 && t.deg[4] == 2,
       "once |S| > bound the rule stops at once (no vertex taken)");
    graph_free(g);
}

/* The three rules must alternate: a triangle creates a degree-one vertex, which empties a K4. */
static void test_apply_order(void)
{
    const int32_t e[][2] = {{0, 1}, {0, 2}, {1, 2}, {2, 3}, {3, 4}, {4, 5},
                            {4, 6}, {4, 7}, {5, 6}, {6, 7}, {5, 7}};
    struct graph *g = build(8, e, 11);
    struct test_node t;
    node_root(g, &t);
    int32_t taken = reduce_apply(g, &t.x, 100);
    is(taken, 5, "reduce_apply takes 5 vertices");
    uint64_t set = removed_set(g, &t.x), k4_rest = SET2(5, 6) | 1ull << 7;
    ok((set & ~k4_rest) == (SET2(1, 2) | 1ull << 4) && __builtin_popcountll(set & k4_rest) == 2 &&
           t.x.edges == 0 && node_consistent(g, &t.x),
       "triangle {1, 2}, then degree-one takes 4, then a triangle takes two of 5, 6, 7: an "
       "optimal cover");
    node_root(g, &t);
    reduce_apply(g, &t.x, 3);
    ok(t.deg[8] > 3, "with bound 3 < optimum 5 the node ends with |S| > bound");
    graph_free(g);
}

/* v has degree 2 and its two neighbours are adjacent. */
static int triangle_at(const struct graph *g, const struct reduce_node *x, int32_t v)
{
    int32_t nb[2], k = 0;
    for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
        if (x->deg[g->adj[i]] != DEGREE_REMOVED && k < 2)
            nb[k++] = g->adj[i];
    return k == 2 && graph_has_edge(g, nb[0], nb[1]);
}

static struct graph *left_over(const struct graph *g, const struct reduce_node *x)
{
    uint8_t keep[MAX_N];
    for (int32_t v = 0; v < g->n; v++)
        keep[v] = x->deg[v] != DEGREE_REMOVED;
    return graph_induced(g, keep, NULL);
}

/*
 * On random graphs: the rules reach a fixed point, keep the node consistent, and
 * lose nothing: with bound >= optimum, |S| + optimum(G - S) = optimum(G).
 */
static void test_random(uint64_t master)
{
    int failures = 0, graphs = 0, changed = 0;
    char desc[96];
    for (int i = 0; i < 300; i++) {
        uint64_t seed = master + (uint64_t)i * 7919;
        enum gen_family fam = (enum gen_family)(i % GEN_FAMILIES);
        struct graph *g = gen_graph(fam, gen_densities[i % 5], 22, seed, desc, sizeof desc);
        struct cover best = {0};
        int opt = brute_minimum_cover(g, &best);
        /* bounds: exactly the optimum (PVC k = opt), and loose (no high-degree effect) */
        int64_t bounds[2] = {opt, g->n};
        for (int b = 0; b < 2; b++) {
            struct test_node t;
            node_root(g, &t);
            reduce_apply(g, &t.x, bounds[b]);
            graphs++;
            changed += t.deg[g->n] > 0;
            int good = node_consistent(g, &t.x);
            for (int32_t v = 0; v < g->n && good; v++) {
                if (t.deg[v] == 1 || (t.deg[v] == 2 && triangle_at(g, &t.x, v)))
                    good = 0;
                if (t.deg[v] > bounds[b] - t.deg[g->n])
                    good = 0;
            }
            if (good && t.x.edges == 0 && t.deg[g->n] != opt)
                good = 0;
            struct graph *rest = left_over(g, &t.x);
            struct cover c = {0};
            if (good && brute_minimum_cover(rest, &c) + t.deg[g->n] != opt)
                good = 0;
            cover_free(&c);
            graph_free(rest);
            if (!good) {
                failures++;
                ok(0,
                   "%s, bound %lld: reduced node is consistent, at a fixed point, and keeps "
                   "the optimum %d",
                   desc, (long long)bounds[b], opt);
            }
        }
        cover_free(&best);
        graph_free(g);
    }
    ok(failures == 0, "reduce_apply on %d random nodes: consistent, fixed point, optimum kept",
       graphs);
    ok(changed > graphs / 4, "the rules changed %d of %d random nodes", changed, graphs);
}

int main(void)
{
    uint64_t master = gen_master_seed();
    test_take();
    test_degree_one();
    test_degree_two_triangle();
    test_high_degree();
    test_apply_order();
    test_random(master);
    done_testing();
    return exit_status();
}
