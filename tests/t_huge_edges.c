/*
 * More edges than 32 bits can count, from a generator rather than a file:
 * disjoint cliques of 64 vertices pushed into an edge list, built into the
 * CSR, every adjacency list checked, then a greedy cover (optimal on disjoint
 * cliques: all but one vertex of each) checked against the graph.
 *
 * By default a small instance of the same shape runs (2^21 edges), so the
 * checks themselves are exercised everywhere. MVC_HUGE_EDGES=1 builds
 * 4,294,969,056 edges (past 2^32; 2^33 adjacency entries behind 64-bit
 * offsets): about 103 GB at the peak, so it runs only where the machine has
 * 120 GiB or more and is skipped elsewhere with the reason.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "cover.h"
#include "graph.h"
#include "greedy.h"
#include "tap.h"

#define CLIQUE 64
#define EDGES_PER_CLIQUE ((int64_t)CLIQUE * (CLIQUE - 1) / 2)
#define SMALL_CLIQUES 1041 /* 2,098,656 edges, just past 2^21 */
#define HUGE_MEMORY_BYTES (120.0 * 1024 * 1024 * 1024)

/* The whole test's edges go into arrays sized once, so that doubling never overshoots. */
static int push_cliques(struct edge_list *el, int64_t cliques)
{
    int64_t m = cliques * EDGES_PER_CLIQUE;
    edge_list_init(el, 0);
    el->u = malloc((size_t)m * sizeof *el->u);
    el->v = malloc((size_t)m * sizeof *el->v);
    if (el->u == NULL || el->v == NULL)
        return -1;
    el->cap = m;
    for (int64_t c = 0; c < cliques; c++) {
        int32_t first = (int32_t)(c * CLIQUE);
        for (int32_t a = 0; a < CLIQUE; a++)
            for (int32_t b = a + 1; b < CLIQUE; b++)
                if (edge_list_push(el, first + b, first + a, 0) != MVC_OK)
                    return -1;
    }
    return 0;
}

/* Vertex v's list is exactly the other members of its clique, in order. */
static int64_t bad_lists(const struct graph *g)
{
    int64_t bad = 0;
    for (int32_t v = 0; v < g->n; v++) {
        int32_t first = v / CLIQUE * CLIQUE, expect = first;
        int64_t i = g->offsets[v];
        if (g->offsets[v + 1] - i != CLIQUE - 1) {
            bad++;
            continue;
        }
        for (; i < g->offsets[v + 1]; i++, expect++) {
            if (expect == v)
                expect++;
            if (g->adj[i] != expect) {
                bad++;
                break;
            }
        }
    }
    return bad;
}

int main(void)
{
    const char *env = getenv("MVC_HUGE_EDGES");
    int huge = env != NULL && strcmp(env, "1") == 0;
    /* the smallest count of cliques whose edges pass 2^32 */
    int64_t cliques = huge ? ((int64_t)1 << 32) / EDGES_PER_CLIQUE + 1 : SMALL_CLIQUES;
    if (huge) {
        double memory = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
        if (memory < HUGE_MEMORY_BYTES) {
            printf("1..0 # SKIP MVC_HUGE_EDGES=1 needs 120 GiB of memory, this machine has "
                   "%.0f GiB\n",
                   memory / (1024.0 * 1024 * 1024));
            return 0;
        }
    }
    int64_t m = cliques * EDGES_PER_CLIQUE;
    int32_t n = (int32_t)(cliques * CLIQUE);
    plan(6);
    diag("%s: %lld cliques of %d: %d vertices, %lld edges%s", huge ? "huge" : "small",
         (long long)cliques, CLIQUE, n, (long long)m,
         huge ? " (past 2^32)" : " (MVC_HUGE_EDGES=1 for past 2^32)");

    double t0 = clock_seconds();
    struct edge_list el;
    if (push_cliques(&el, cliques) != 0)
        bail("out of memory for the edge list");
    double t1 = clock_seconds();
    struct graph *g = NULL;
    struct error err = {0};
    int status = graph_build(n, &el, NULL, 0, &g, &err);
    double t2 = clock_seconds();
    if (!ok(status == MVC_OK, "graph_build: %s", status == MVC_OK ? "built" : err.message))
        return exit_status();
    diag("edge list %.2f s, graph_build %.2f s", t1 - t0, t2 - t1);
    is(g->m, m, "edge count kept whole");
    is(g->offsets[n], 2 * m, "last offset = 2m (%lld adjacency entries)", (long long)(2 * m));
    is(bad_lists(g), 0, "every adjacency list is its clique's other members, sorted");
    double t3 = clock_seconds();

    struct cover c = {0};
    status = greedy_cover(g, &c, &err);
    double t4 = clock_seconds();
    is(status == MVC_OK ? c.size : -1, cliques * (CLIQUE - 1),
       "greedy cover: all but one vertex of each clique");
    status = cover_check(g, &c, &err);
    ok(status == MVC_OK, "the cover checks against all %lld edges%s%s", (long long)m,
       status == MVC_OK ? "" : ": ", status == MVC_OK ? "" : err.message);
    diag("list check %.2f s, greedy %.2f s, cover check %.2f s", t3 - t2, t4 - t3,
         clock_seconds() - t4);
    cover_free(&c);
    graph_free(g);
    return exit_status();
}
