/*
 * For the shell tests: the minimum vertex cover size of a small graph file
 * (at most BRUTE_MAX_VERTICES vertices), by the exhaustive search of
 * src/vc/brute.c, which shares no code with the solvers.
 */
#include <stdio.h>

#include "brute.h"
#include "read.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: mvc_brute GRAPH\n");
        return 2;
    }
    struct read_opts ro = {0};
    struct graph *g = NULL;
    struct error err = {0};
    if (graph_read(argv[1], &ro, &g, &err) != MVC_OK) {
        fprintf(stderr, "mvc_brute: %s\n", err.message);
        return 2;
    }
    struct cover c = {0};
    int size = brute_minimum_cover(g, &c);
    cover_free(&c);
    graph_free(g);
    if (size < 0) {
        fprintf(stderr, "mvc_brute: %s: more than %d vertices\n", argv[1], BRUTE_MAX_VERTICES);
        return 2;
    }
    printf("%d\n", size);
    return 0;
}
