/*
 * The orbits of graphs whose automorphism groups are known: a cycle (one
 * orbit, the dihedral group), a path (mirror pairs), a star (centre and
 * leaves), a graph with no symmetry, the Petersen graph (order 120), a
 * subgraph given by members, a graph given through the complement side
 * (dense rows), and graphs given by adjacency lists. SKIPs without nauty.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "orbits.h"
#include "tap.h"

#define MAX_N 128
#define WORDS ((MAX_N + 63) / 64)

static uint64_t rows[MAX_N * WORDS];

static void clear(void)
{
    memset(rows, 0, sizeof rows);
}

static void edge(int u, int v)
{
    rows[u * WORDS + v / 64] |= (uint64_t)1 << (v % 64);
    rows[v * WORDS + u / 64] |= (uint64_t)1 << (u % 64);
}

static int32_t members[MAX_N], orbit[MAX_N];

static int orbits_of_first(int n, double *log10_group)
{
    for (int i = 0; i < n; i++)
        members[i] = i;
    return orbits_of_subgraph(rows, WORDS, members, n, orbit, log10_group);
}

static int near(double a, double b)
{
    return fabs(a - b) < 1e-9;
}

static void test_cycle(void)
{
    clear();
    for (int i = 0; i < 10; i++)
        edge(i, (i + 1) % 10);
    double group;
    int count = orbits_of_first(10, &group);
    ok(count == 1, "C10: one orbit (got %d)", count);
    ok(near(group, log10(20)), "C10: group of order 20 (log10 %.6f)", group);
    int all_zero = 1;
    for (int i = 0; i < 10; i++)
        all_zero &= orbit[i] == 0;
    ok(all_zero, "C10: every vertex in the orbit of vertex 0");
}

static void test_path(void)
{
    clear();
    for (int i = 0; i + 1 < 7; i++)
        edge(i, i + 1);
    double group;
    int count = orbits_of_first(7, &group);
    ok(count == 4, "P7: four orbits (got %d)", count);
    ok(near(group, log10(2)), "P7: the mirror alone (log10 %.6f)", group);
    int mirrored = 1;
    for (int i = 0; i < 7; i++)
        mirrored &= orbit[i] == (i < 6 - i ? i : 6 - i);
    ok(mirrored, "P7: vertex i with vertex 6 - i");
}

static void test_star(void)
{
    clear();
    for (int i = 1; i < 6; i++)
        edge(0, i);
    double group;
    int count = orbits_of_first(6, &group);
    ok(count == 2, "K1,5: two orbits (got %d)", count);
    ok(near(group, log10(120)), "K1,5: order 5! (log10 %.6f)", group);
    ok(orbit[0] == 0 && orbit[3] == 1, "K1,5: the centre alone, the leaves together");
}

static void test_asymmetric(void)
{
    /* the smallest asymmetric trees have 7 vertices: a spider with legs 1, 2 and 3 */
    clear();
    edge(0, 1);
    edge(0, 2), edge(2, 3);
    edge(0, 4), edge(4, 5), edge(5, 6);
    double group;
    int count = orbits_of_first(7, &group);
    ok(count == 7, "asymmetric tree: every vertex its own orbit (got %d)", count);
    ok(group == 0, "asymmetric tree: trivial group (log10 %.6f)", group);
}

static void test_petersen(void)
{
    clear();
    for (int i = 0; i < 5; i++) {
        edge(i, (i + 1) % 5);         /* outer cycle */
        edge(5 + i, 5 + (i + 2) % 5); /* inner pentagram */
        edge(i, 5 + i);               /* spokes */
    }
    double group;
    int count = orbits_of_first(10, &group);
    ok(count == 1, "Petersen: vertex-transitive (got %d orbits)", count);
    ok(near(group, log10(120)), "Petersen: group of order 120 (log10 %.6f)", group);
}

static void test_members(void)
{
    /* a path 0-1-2-3-4 plus a far vertex 90 joined to 4: on {0..4} the mirror holds */
    clear();
    for (int i = 0; i + 1 < 5; i++)
        edge(i, i + 1);
    edge(4, 90);
    int32_t subset[5] = {0, 1, 2, 3, 4};
    double group;
    int count = orbits_of_subgraph(rows, WORDS, subset, 5, orbit, &group);
    ok(count == 3 && orbit[4] == 0 && orbit[3] == 1 && orbit[2] == 2,
       "subgraph P5 of a larger graph: mirror orbits (got %d)", count);
    int32_t with_far[6] = {0, 1, 2, 3, 4, 90};
    count = orbits_of_subgraph(rows, WORDS, with_far, 6, orbit, &group);
    ok(count == 3 && orbit[5] == 0 && orbit[4] == 1 && orbit[3] == 2,
       "P6 through vertex 90: orbit index is the first member's index (got %d)", count);
}

static void test_dense(void)
{
    /* K12 less a perfect matching (dense rows, handed over as the sparse complement) */
    clear();
    for (int u = 0; u < 12; u++)
        for (int v = u + 1; v < 12; v++)
            if (!(v == u + 1 && u % 2 == 0))
                edge(u, v);
    double group;
    int count = orbits_of_first(12, &group);
    /* automorphisms of a perfect matching on 12 vertices: 2^6 * 6! = 46080 */
    ok(count == 1 && near(group, log10(46080.0)),
       "K12 less a matching: one orbit, order 46080 (got %d, log10 %.6f)", count, group);
}

/* orbits_of_lists on graph.h's CSR: each orbit named by its smallest vertex */
static void test_lists(void)
{
    const int32_t path[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}};
    struct graph *g = graph_from_edges(7, path, 6);
    int32_t lists_orbit[10];
    double group;
    int count = orbits_of_lists(g->n, g->offsets, g->adj, 0, lists_orbit, &group);
    int mirrored = count == 4 && near(group, log10(2));
    for (int i = 0; i < 7; i++)
        mirrored &= lists_orbit[i] == (i < 6 - i ? i : 6 - i);
    ok(mirrored, "P7 as lists: vertex i with vertex 6 - i (got %d orbits)", count);
    graph_free(g);

    const int32_t spider[][2] = {{0, 1}, {0, 2}, {2, 3}, {0, 4}, {4, 5}, {5, 6}};
    g = graph_from_edges(7, spider, 6);
    count = orbits_of_lists(g->n, g->offsets, g->adj, 1, lists_orbit, &group);
    ok(count == 7 && group == 0, "asymmetric tree as lists: trivial group (got %d orbits)", count);
    graph_free(g);

    int32_t petersen[15][2];
    for (int i = 0; i < 5; i++) {
        petersen[3 * i][0] = i, petersen[3 * i][1] = (i + 1) % 5;
        petersen[3 * i + 1][0] = 5 + i, petersen[3 * i + 1][1] = 5 + (i + 2) % 5;
        petersen[3 * i + 2][0] = i, petersen[3 * i + 2][1] = 5 + i;
    }
    g = graph_from_edges(10, (const int32_t(*)[2])petersen, 15);
    count = orbits_of_lists(g->n, g->offsets, g->adj, 0, lists_orbit, &group);
    int one = count == 1 && near(group, log10(120));
    for (int i = 0; i < 10; i++)
        one &= lists_orbit[i] == 0;
    ok(one, "Petersen as lists: one orbit, order 120 (got %d, log10 %.6f)", count, group);
    count = orbits_of_lists(g->n, g->offsets, g->adj, 1, lists_orbit, &group);
    ok(count == 1 && near(group, log10(120)),
       "Petersen split by distances first: the same group (got %d, log10 %.6f)", count, group);
    graph_free(g);
}

int main(void)
{
    if (!orbits_available())
        skip_all("built without nauty");
    plan(20);
    test_cycle();
    test_path();
    test_star();
    test_asymmetric();
    test_petersen();
    test_members();
    test_dense();
    test_lists();
    orbits_release();
    return exit_status();
}
