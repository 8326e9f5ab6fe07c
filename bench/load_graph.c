/* Load-time driver: reads each file with graph_read, as mvc-gpu does, and prints the best
 * of K wall-clock times with what was read; --phases splits the time into its parts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "graph.h"
#include "input.h"
#include "read.h"

/* Written so that touching the mapped pages is not optimised away. */
static volatile char touched;

/* The graph's edges in an edge list again, in the order a reader would push them. */
static int edges_of(const struct graph *g, struct edge_list *el)
{
    edge_list_init(el, g->weights != NULL);
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++)
            if (g->adj[i] > u &&
                edge_list_push(el, u, g->adj[i], g->weights ? g->weights[i] : 0) != MVC_OK)
                return MVC_ENOMEM;
    return MVC_OK;
}

/*
 * Loading the file into memory (input_load) and graph_build on the same
 * edges, timed on their own; parsing is what graph_read spends beyond both.
 */
static void print_phases(const char *path, const struct graph *g, double total)
{
    struct input in;
    struct error err = {0};
    double t0 = clock_seconds();
    if (input_load(path, &in, &err) != MVC_OK)
        return;
    for (size_t i = 0; i < in.len; i += 4096) /* mapped pages are read when touched */
        touched ^= in.data[i];
    double load = clock_seconds() - t0;
    input_free(&in);
    struct edge_list el;
    struct graph *h = NULL;
    if (edges_of(g, &el) != MVC_OK) {
        edge_list_free(&el);
        return;
    }
    t0 = clock_seconds();
    graph_build(g->n, &el, g->terminals, g->n_terminals, &h, &err);
    double build = clock_seconds() - t0;
    graph_free(h);
    printf("  phases: load %.3f s, parse %.3f s, graph_build %.3f s\n", load, total - load - build,
           build);
}

int main(int argc, char **argv)
{
    struct read_opts ro = {0};
    ro.warnings = stderr;
    int repeat = 1, phases = 0, first = 1;
    for (; first < argc && strncmp(argv[first], "--", 2) == 0; first++) {
        if (strncmp(argv[first], "--format=", 9) == 0 &&
            graph_format_parse(argv[first] + 9, &ro.format) == 0)
            continue;
        if (strncmp(argv[first], "--repeat=", 9) == 0 && (repeat = atoi(argv[first] + 9)) > 0)
            continue;
        if (strcmp(argv[first], "--phases") == 0 && (phases = 1))
            continue;
        first = argc;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: load_graph [--format=NAME] [--repeat=K] [--phases] FILE...\n");
        return 2;
    }
    int failed = 0;
    printf("%-40s %-7s %11s %12s %9s %9s %10s\n", "file", "format", "vertices", "edges", "loops",
           "merged", "seconds");
    for (int i = first; i < argc; i++) {
        double best = -1;
        struct graph *g = NULL;
        for (int r = 0; r < repeat; r++) {
            struct error err = {0};
            graph_free(g);
            g = NULL;
            double t0 = clock_seconds();
            int status = graph_read(argv[i], &ro, &g, &err);
            double t = clock_seconds() - t0;
            if (status != 0) {
                fprintf(stderr, "load_graph: %s\n", err.message);
                failed = 1;
                break;
            }
            if (best < 0 || t < best)
                best = t;
        }
        if (g != NULL) {
            printf("%-40s %-7s %11ld %12lld %9lld %9lld %10.3f\n", argv[i],
                   graph_format_name(ro.detected), (long)g->n, (long long)g->m,
                   (long long)g->loops_dropped, (long long)g->parallel_merged, best);
            if (phases)
                print_phases(argv[i], g, best);
        }
        graph_free(g);
    }
    return failed;
}
