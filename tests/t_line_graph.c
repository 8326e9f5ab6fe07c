/*
 * Largest matchings (matching.h) against an exhaustive search, and line
 * graphs (line_graph.h): the line graphs of random roots recognised, every
 * root found checked by building its line graph again, and every cover
 * against the exhaustive minimum where the line graph is small enough.
 */
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "cover.h"
#include "gen.h"
#include "graph.h"
#include "line_graph.h"
#include "matching.h"
#include "tap.h"

/* The largest matching among the edges from index i on, none of whose ends is in used. */
static int brute_matching(const int32_t (*e)[2], int64_t m, int64_t i, uint32_t used)
{
    int best = 0;
    for (; i < m; i++) {
        uint32_t ends = (1u << e[i][0]) | (1u << e[i][1]);
        if ((used & ends) == 0) {
            int with = 1 + brute_matching(e, m, i + 1, used | ends);
            if (with > best)
                best = with;
        }
    }
    return best;
}

/* The graph's edges, each once (u < v), into e; returns their number. */
static int64_t edges_of(const struct graph *g, int32_t (*e)[2])
{
    int64_t m = 0;
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++)
            if (u < g->adj[i]) {
                e[m][0] = u;
                e[m][1] = g->adj[i];
                m++;
            }
    return m;
}

/* A matching: mate symmetric, each pair an edge; returns its size or -1. */
static int32_t matching_size(const struct graph *g, const int32_t *mate)
{
    int32_t pairs = 0;
    for (int32_t v = 0; v < g->n; v++) {
        if (mate[v] < 0)
            continue;
        if (mate[v] >= g->n || mate[mate[v]] != v || !graph_has_edge(g, v, mate[v]))
            return -1;
        pairs += v < mate[v];
    }
    return pairs;
}

/*
 * Whether a matching of size nu is certified maximum by the Tutte-Berge formula:
 * nu = (n + |A| - odd(G - A)) / 2 for the Gallai-Edmonds set A, the neighbours
 * of the vertices that some largest matching leaves free (those v with
 * nu(G - v) = nu). Any A bounds every matching so, so a certificate holds
 * whichever matching found it.
 */
static int certified_maximum(const struct graph *g, int32_t nu)
{
    int32_t n = g->n;
    char *missable = calloc((size_t)n + 1, 1), *in_a = calloc((size_t)n + 1, 1);
    int32_t *mate = malloc(((size_t)n + 1) * sizeof *mate);
    int32_t *stack = malloc(((size_t)n + 1) * sizeof *stack);
    int32_t *comp = malloc(((size_t)n + 1) * sizeof *comp);
    static int32_t e[GEN_MAX_EDGES][2];
    if (!missable || !in_a || !mate || !stack || !comp)
        bail("out of memory");
    for (int32_t v = 0; v < n; v++) {
        /* g without v's edges: v isolated, so a matching of it is one of G - v */
        int64_t m = 0;
        for (int32_t u = 0; u < n; u++)
            for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++)
                if (u < g->adj[i] && u != v && g->adj[i] != v) {
                    e[m][0] = u;
                    e[m][1] = g->adj[i];
                    m++;
                }
        struct graph *h = graph_from_edges(n, (const int32_t(*)[2])e, m);
        missable[v] = matching_maximum(h, mate) == nu;
        graph_free(h);
    }
    int32_t size_a = 0;
    for (int32_t v = 0; v < n; v++)
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1] && !missable[v] && !in_a[v]; i++)
            if (missable[g->adj[i]]) {
                in_a[v] = 1;
                size_a++;
            }
    int32_t odd = 0; /* components of G - A with an odd number of vertices */
    for (int32_t v = 0; v < n; v++)
        comp[v] = -1;
    for (int32_t v = 0; v < n; v++) {
        if (in_a[v] || comp[v] >= 0)
            continue;
        int32_t top = 0, count = 0;
        stack[top++] = v;
        comp[v] = v;
        while (top > 0) {
            int32_t u = stack[--top];
            count++;
            for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++) {
                int32_t w = g->adj[i];
                if (!in_a[w] && comp[w] < 0) {
                    comp[w] = v;
                    stack[top++] = w;
                }
            }
        }
        odd += count & 1;
    }
    free(missable);
    free(in_a);
    free(mate);
    free(stack);
    free(comp);
    return 2 * nu == n + size_a - odd;
}

static void test_matchings(struct rng *r)
{
    static int32_t e[GEN_MAX_EDGES][2];
    static struct gen_edges ge;
    int wrong = 0, invalid = 0, graphs = 0;
    for (int t = 0; t < 3000; t++) {
        memset(&ge, 0, sizeof ge);
        ge.n = 1 + rng_below(r, 14);
        double p = 0.1 + 0.6 * rng_unit(r);
        gen_gnp(&ge, r, 0, ge.n, p);
        struct graph *g = gen_build(&ge, r);
        int32_t mate[16];
        int32_t size = matching_maximum(g, mate);
        int64_t m = edges_of(g, e);
        invalid += matching_size(g, mate) != size;
        wrong += size != brute_matching((const int32_t(*)[2])e, m, 0, 0);
        graphs++;
        graph_free(g);
    }
    is(invalid, 0, "%d random graphs of up to 14 vertices: every matching valid", graphs);
    is(wrong, 0, "and as large as the exhaustive search's");

    /* larger graphs, sparse enough to hold many odd cycles: certified by Tutte and Berge */
    int certified = 1, larger = 0;
    for (int t = 0; t < 60; t++) {
        memset(&ge, 0, sizeof ge);
        ge.n = 30 + rng_below(r, 90);
        gen_gnp(&ge, r, 0, ge.n, (1.0 + 2.0 * rng_unit(r)) / ge.n);
        struct graph *g = gen_build(&ge, r);
        int32_t *mate = malloc((size_t)g->n * sizeof *mate);
        int32_t size = matching_maximum(g, mate);
        certified &= matching_size(g, mate) == size && certified_maximum(g, size);
        larger++;
        free(mate);
        graph_free(g);
    }
    ok(certified, "%d random graphs of 30-119 vertices: every matching valid and certified maximum",
       larger);

    /* odd cycles joined into flowers, where the blossoms nest: n / 2 pairs, all but one matched */
    memset(&ge, 0, sizeof ge);
    ge.n = 1;
    for (int petal = 0; petal < 40; petal++) {
        int32_t first = ge.n, len = 3 + 2 * rng_below(r, 4);
        ge.n += len - 1;
        for (int32_t k = 0; k + 1 < len - 1; k++)
            gen_edge(&ge, first + k, first + k + 1);
        gen_edge(&ge, 0, first);
        gen_edge(&ge, 0, first + len - 2);
    }
    struct graph *flower = gen_build(&ge, r);
    int32_t *mate = malloc((size_t)flower->n * sizeof *mate);
    is(matching_maximum(flower, mate), (flower->n - 1) / 2,
       "a flower of 40 odd petals: (n - 1) / 2");
    is(matching_size(flower, mate), (flower->n - 1) / 2, "  a valid matching of that size");
    free(mate);
    graph_free(flower);
}

/* The line graph of root, with random vertex numbers; edge k of root is vertex where[k]. */
static struct graph *line_graph_of(const struct gen_edges *root, struct rng *r, int32_t *where)
{
    static struct gen_edges line;
    memset(&line, 0, sizeof line);
    line.n = (int32_t)root->m;
    for (int64_t a = 0; a < root->m; a++)
        for (int64_t b = a + 1; b < root->m; b++)
            if (root->e[a][0] == root->e[b][0] || root->e[a][0] == root->e[b][1] ||
                root->e[a][1] == root->e[b][0] || root->e[a][1] == root->e[b][1])
                gen_edge(&line, (int32_t)a, (int32_t)b);
    int32_t *perm = malloc(((size_t)line.n + 1) * sizeof *perm);
    gen_permutation(perm, line.n, r);
    for (int64_t i = 0; i < line.m; i++) {
        line.e[i][0] = perm[line.e[i][0]];
        line.e[i][1] = perm[line.e[i][1]];
    }
    for (int32_t k = 0; k < line.n; k++)
        where[k] = perm[k];
    free(perm);
    return graph_from_edges(line.n, (const int32_t(*)[2])line.e, line.m);
}

/* Whether the root that end describes has g as its line graph, built again from scratch. */
static int root_gives(const struct graph *g, const int32_t *end)
{
    for (int32_t u = 0; u < g->n; u++)
        for (int32_t v = u + 1; v < g->n; v++) {
            int share = end[2 * u] == end[2 * v] || end[2 * u] == end[2 * v + 1] ||
                        end[2 * u + 1] == end[2 * v] || end[2 * u + 1] == end[2 * v + 1];
            int same = (end[2 * u] == end[2 * v] && end[2 * u + 1] == end[2 * v + 1]) ||
                       (end[2 * u] == end[2 * v + 1] && end[2 * u + 1] == end[2 * v]);
            if (same || share != graph_has_edge(g, u, v) || end[2 * u] == end[2 * u + 1])
                return 0;
        }
    return 1;
}

static void test_line_graphs(struct rng *r)
{
    static struct gen_edges root;
    static int32_t e[GEN_MAX_EDGES][2];
    int tried = 0, found = 0, exact = 1, covers_right = 1, checked = 0, matched = 1;
    for (int t = 0; t < 600; t++) {
        memset(&root, 0, sizeof root);
        root.n = 6 + rng_below(r, 9);
        gen_tree(&root, r, 0, root.n); /* connected: its line graph is one component */
        gen_gnp(&root, r, 0, root.n, 0.1 + 0.4 * rng_unit(r));
        struct graph *h = graph_from_edges(root.n, (const int32_t(*)[2])root.e, root.m);
        int64_t hm = edges_of(h, e); /* repeats merged */
        memset(&root, 0, sizeof root);
        root.n = h->n;
        for (int64_t i = 0; i < hm; i++)
            gen_edge(&root, e[i][0], e[i][1]);
        int32_t *where = malloc((size_t)hm * sizeof *where);
        struct graph *g = line_graph_of(&root, r, where);
        int32_t *end = malloc((size_t)g->n * 2 * sizeof *end);
        int32_t root_n = 0;
        tried++;
        int status = line_graph_root(g, INT64_MAX, end, &root_n);
        if (status == 1) {
            found++;
            exact &= root_gives(g, end);
        }
        struct cover c = {0};
        if (line_graph_cover(g, 1 << 20, &c) == 1) {
            int32_t nu = brute_matching((const int32_t(*)[2])e, hm, 0, 0);
            matched &= c.size == g->n - nu;
            struct error err = {0};
            covers_right &= cover_check(g, &c, &err) == MVC_OK;
            if (g->n <= BRUTE_MAX_VERTICES) {
                struct cover b = {0};
                covers_right &= brute_minimum_cover(g, &b) == c.size;
                cover_free(&b);
                checked++;
            }
        }
        cover_free(&c);
        free(end);
        free(where);
        graph_free(g);
        graph_free(h);
    }
    ok(found * 10 >= tried * 9,
       "line graphs of %d random connected roots (6-14 vertices): %d found", tried, found);
    ok(exact, "  every root found has exactly the graph as its line graph");
    ok(matched, "  every cover leaves out a largest matching of the root");
    ok(covers_right, "  every cover valid, and minimum where exhaustive search checks it (%d)",
       checked);

    /* graphs that are no line graphs: a claw, random graphs; a root found must still be exact */
    static const int32_t claw[3][2] = {{0, 1}, {0, 2}, {0, 3}};
    struct graph *c3 = graph_from_edges(4, claw, 3);
    int32_t end4[8], n4 = 0;
    is(line_graph_root(c3, INT64_MAX, end4, &n4), 0, "the claw is no line graph");
    graph_free(c3);
    static struct gen_edges other;
    int claimed = 0, wrong = 0;
    for (int t = 0; t < 2000; t++) {
        memset(&other, 0, sizeof other);
        other.n = 4 + rng_below(r, 12);
        gen_gnp(&other, r, 0, other.n, 0.2 + 0.6 * rng_unit(r));
        struct graph *g = gen_build(&other, r);
        int32_t *end = malloc((size_t)g->n * 2 * sizeof *end);
        int32_t root_n = 0;
        if (line_graph_root(g, INT64_MAX, end, &root_n) == 1) {
            claimed++;
            wrong += !root_gives(g, end);
        }
        free(end);
        graph_free(g);
    }
    is(wrong, 0,
       "2,000 random graphs: each of the %d taken for line graphs has a root that gives it",
       claimed);
}

int main(void)
{
    struct rng r = {gen_master_seed()};
    test_matchings(&r);
    test_line_graphs(&r);
    done_testing();
    return exit_status();
}
