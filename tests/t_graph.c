/*
 * CSR construction: sorting, loop and repeat handling, queries, complement (built and walked
 * row by row), induced subgraphs.
 */
#include <stdlib.h>
#include <string.h>

#include "complement_walk.h"
#include "graph.h"
#include "tap.h"

static int lists_sorted_and_symmetric(const struct graph *g)
{
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++) {
            int32_t v = g->adj[i];
            if (v == u || (i > g->offsets[u] && g->adj[i - 1] >= v) || !graph_has_edge(g, v, u))
                return 0;
        }
    return 1;
}

static void test_loops_and_repeats(void)
{
    const int32_t edges[][2] = {{0, 1}, {1, 0}, {2, 2}, {1, 2}, {0, 1}, {3, 3}};
    struct graph *g = graph_from_edges(4, edges, 6);
    ok(g != NULL, "graph with loops and repeats builds");
    is(g->m, 2, "two distinct edges remain");
    is(g->loops_dropped, 2, "two self-loops dropped");
    is(g->parallel_merged, 2, "two repeated edges merged");
    is(graph_degree(g, 1), 2, "vertex 1 has degree 2");
    is(graph_degree(g, 3), 0, "vertex 3 (loop only) is isolated");
    ok(graph_has_edge(g, 2, 1) && !graph_has_edge(g, 0, 2), "edge queries");
    ok(lists_sorted_and_symmetric(g), "lists sorted and symmetric");
    graph_free(g);
}

static void test_weights_keep_lightest(void)
{
    struct edge_list el;
    edge_list_init(&el, 1);
    edge_list_push(&el, 0, 1, 7);
    edge_list_push(&el, 1, 0, 3);
    edge_list_push(&el, 1, 2, 5);
    int32_t terminals[] = {0, 2};
    struct graph *g = NULL;
    struct error err = {0};
    is(graph_build(3, &el, terminals, 2, &g, &err), MVC_OK, "weighted graph builds");
    is(graph_edge_weight(g, 0, 1), 3, "lightest parallel edge kept (0,1)");
    is(graph_edge_weight(g, 1, 0), 3, "weight symmetric (1,0)");
    is(graph_edge_weight(g, 2, 1), 5, "weight of (2,1)");
    is(graph_edge_weight(g, 0, 2), -1, "missing edge has weight -1");
    is(g->n_terminals, 2, "terminals copied");
    graph_free(g);
}

/* Rows of the complement in a random order: ascending positions of exactly the non-neighbours. */
static int walk_matches(const struct graph *g, const uint8_t *adj, unsigned seed)
{
    int32_t n = g->n;
    int32_t *order = malloc((size_t)n * sizeof *order);
    for (int32_t i = 0; i < n; i++)
        order[i] = i;
    for (int32_t i = n - 1; i > 0; i--) {
        int32_t j = (int32_t)((seed * 2654435761u + (unsigned)i * 40503u) % (unsigned)(i + 1));
        int32_t t = order[i];
        order[i] = order[j], order[j] = t;
    }
    struct complement_walk w;
    int opened = complement_walk_open(&w, g, order) == MVC_OK, same = opened;
    for (int32_t i = 0; same && i < n; i++) {
        int32_t count = complement_walk_row(&w, i), k = 0, v = order[i];
        for (int32_t j = 0; j < n; j++)
            if (order[j] != v && !adj[v * n + order[j]])
                same &= k < count && w.row[k++] == j;
        same &= k == count && count == n - 1 - graph_degree(g, v);
    }
    if (opened)
        complement_walk_close(&w);
    free(order);
    return same;
}

static void test_random_against_matrix(unsigned seed)
{
    srand(seed);
    int32_t n = 1 + rand() % 40;
    int64_t m = rand() % (3 * n + 1);
    int32_t(*edges)[2] = malloc((size_t)(m + 1) * sizeof *edges);
    uint8_t *adj = calloc((size_t)n * n, 1);
    for (int64_t i = 0; i < m; i++) {
        edges[i][0] = rand() % n;
        edges[i][1] = rand() % n;
        if (edges[i][0] != edges[i][1])
            adj[edges[i][0] * n + edges[i][1]] = adj[edges[i][1] * n + edges[i][0]] = 1;
    }
    struct graph *g = graph_from_edges(n, edges, m);
    int same = g != NULL && lists_sorted_and_symmetric(g);
    int64_t count = 0;
    for (int32_t u = 0; same && u < n; u++)
        for (int32_t v = 0; v < n; v++) {
            same &= graph_has_edge(g, u, v) == adj[u * n + v];
            count += adj[u * n + v];
        }
    same &= g->m == count / 2;
    struct graph *c = NULL;
    struct error err = {0};
    graph_complement(g, (int64_t)1 << 30, &c, &err);
    int comp =
        c != NULL && lists_sorted_and_symmetric(c) && c->m == (int64_t)n * (n - 1) / 2 - g->m;
    for (int32_t u = 0; comp && u < n; u++)
        for (int32_t v = 0; v < n; v++)
            comp &= graph_has_edge(c, u, v) == (u != v && !adj[u * n + v]);
    ok(same && comp, "random graph %u (n=%d): CSR and complement match the matrix", seed, n);
    ok(walk_matches(g, adj, seed), "random graph %u: the complement walk matches the matrix", seed);
    graph_free(c);
    graph_free(g);
    free(adj);
    free(edges);
}

static void test_complement_refused_when_too_large(void)
{
    struct graph *g = graph_from_edges(100000, NULL, 0);
    struct graph *c = NULL;
    struct error err = {0};
    is(graph_complement(g, (int64_t)1 << 30, &c, &err), MVC_ENOMEM, "huge complement refused");
    ok(c == NULL && strstr(err.message, "complement") != NULL, "message names the complement: %s",
       err.message);
    graph_free(g);
}

static void test_induced(void)
{
    const int32_t edges[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}};
    struct graph *g = graph_from_edges(4, edges, 5);
    uint8_t keep[] = {1, 0, 1, 1};
    int32_t map[3];
    struct graph *h = graph_induced(g, keep, map);
    is(h->n, 3, "induced subgraph has 3 vertices");
    is(h->m, 3, "and the triangle's 3 edges");
    ok(map[0] == 0 && map[1] == 2 && map[2] == 3, "relabelling kept in id order");
    graph_free(h);
    graph_free(g);
}

/* graph_check accepts what graph_build makes and names each kind of damage. */
static void test_check_finds_damage(void)
{
    const int32_t edges[][2] = {{0, 1}, {1, 2}, {2, 3}, {0, 2}};
    struct graph *g = graph_from_edges(4, edges, 4);
    struct error err = {0};
    is(graph_check(g, &err), MVC_OK, "graph_check accepts a built graph");

    struct {
        const char *what, *message;
        int64_t arc;    /* adj index to overwrite */
        int32_t vertex; /* with this vertex */
    } damage[] = {
        {"an arc without its reverse", "arc 0->3 without its reverse", 1, 3},
        {"a self-loop", "self-loop at vertex 0", 0, 0},
        {"an unsorted list", "list of vertex 0 not strictly increasing", 0, 2},
        {"a neighbour out of range", "vertex 0 has neighbour 4 outside 0..3", 0, 4},
    };
    for (size_t k = 0; k < sizeof damage / sizeof damage[0]; k++) {
        int32_t saved = g->adj[damage[k].arc];
        g->adj[damage[k].arc] = damage[k].vertex;
        memset(&err, 0, sizeof err);
        ok(graph_check(g, &err) == MVC_EINPUT && strcmp(err.message, damage[k].message) == 0,
           "graph_check finds %s", damage[k].what);
        if (strcmp(err.message, damage[k].message) != 0)
            diag("got: %s", err.message);
        g->adj[damage[k].arc] = saved;
    }
    g->offsets[4]--;
    memset(&err, 0, sizeof err);
    is(graph_check(g, &err), MVC_EINPUT, "graph_check finds offsets that do not end at 2m");
    g->offsets[4]++;

    int32_t terminals[] = {2, 1};
    g->terminals = terminals;
    g->n_terminals = 2;
    memset(&err, 0, sizeof err);
    is(graph_check(g, &err), MVC_EINPUT, "graph_check finds unsorted terminals");
    g->terminals = NULL;
    g->n_terminals = 0;
    graph_free(g);
}

/*
 * graph_new and graph_sort_lists: a star of 40 leaves and a path, their
 * lists filled in reverse order (the hub's takes the qsort branch, the
 * others insertion), come out ascending and pass graph_check.
 */
static void test_sort_lists(void)
{
    const int32_t n = 44, leaves = 40; /* hub 0, leaves 1..40, path 41-42-43 */
    int64_t arcs = 2 * leaves + 4;
    struct graph *g = graph_new(n, arcs);
    ok(g != NULL, "graph_new");
    if (g == NULL)
        return;
    int64_t at = 0;
    g->offsets[0] = 0;
    for (int32_t j = leaves; j >= 1; j--)
        g->adj[at++] = j;
    for (int32_t v = 1; v <= leaves; v++) {
        g->offsets[v] = at;
        g->adj[at++] = 0;
    }
    int32_t path[3][2] = {{42, -1}, {43, 41}, {42, -1}};
    for (int32_t v = 41; v < n; v++) {
        g->offsets[v] = at;
        for (int k = 0; k < 2; k++)
            if (path[v - 41][k] >= 0)
                g->adj[at++] = path[v - 41][k];
    }
    g->offsets[n] = at;
    g->m = at / 2;
    graph_sort_lists(g);
    int sorted = at == arcs;
    for (int32_t v = 0; v < n; v++)
        for (int64_t i = g->offsets[v] + 1; i < g->offsets[v + 1]; i++)
            sorted &= g->adj[i - 1] < g->adj[i];
    struct error err = {0};
    ok(sorted && graph_check(g, &err) == MVC_OK, "graph_sort_lists: every list ascending, valid");
    ok(graph_has_edge(g, 0, 40) && graph_has_edge(g, 42, 41) && !graph_has_edge(g, 41, 43),
       "the edges looked up in the sorted lists");
    graph_free(g);
}

int main(void)
{
    test_loops_and_repeats();
    test_weights_keep_lightest();
    for (unsigned seed = 1; seed <= 50; seed++)
        test_random_against_matrix(seed);
    test_complement_refused_when_too_large();
    test_induced();
    test_check_finds_damage();
    test_sort_lists();
    done_testing();
    return exit_status();
}
