/* Load-time driver: reads each file with graph_read, as mvc-gpu does, and prints the best
 * of K wall-clock times with what was read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "graph.h"
#include "read.h"

int main(int argc, char **argv)
{
    struct read_opts ro = {0};
    ro.warnings = stderr;
    int repeat = 1, first = 1;
    for (; first < argc && argv[first][0] == '-' && argv[first][1] == '-'; first++) {
        if (strncmp(argv[first], "--format=", 9) == 0 &&
            graph_format_parse(argv[first] + 9, &ro.format) == 0)
            continue;
        if (strncmp(argv[first], "--repeat=", 9) == 0 && (repeat = atoi(argv[first] + 9)) > 0)
            continue;
        first = argc;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: load_graph [--format=NAME] [--repeat=K] FILE...\n");
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
        if (g != NULL)
            printf("%-40s %-7s %11ld %12lld %9lld %9lld %10.3f\n", argv[i],
                   graph_format_name(ro.detected), (long)g->n, (long long)g->m,
                   (long long)g->loops_dropped, (long long)g->parallel_merged, best);
        graph_free(g);
    }
    return failed;
}
