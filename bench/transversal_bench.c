/*
 * Time to the transversal by seed: for one graph, bound-sat's cover by cliques
 * (16 iterated-greedy rounds) and its local search from the greedy cover's
 * complement, run alone once per seed until it finds a transversal (one
 * vertex per clique, independent) or a time cap. One tab-separated line per
 * seed: seed, found (0/1), steps, seconds. What restarts would gain follows
 * from the distribution (bench/transversal_restarts.py).
 * Usage: transversal_bench [--cap SECONDS] [--seeds FIRST:COUNT] FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clique_cover.h"
#include "clock.h"
#include "cover.h"
#include "deadline.h"
#include "greedy.h"
#include "read.h"
#include "transversal.h"

#define COVER_ROUNDS 16 /* bound_sat.c's */

int main(int argc, char **argv)
{
    double cap = 60;
    long first = 1, count = 10;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--cap") == 0 && i + 1 < argc)
            cap = atof(argv[++i]);
        else if (strcmp(argv[i], "--seeds") == 0 && i + 1 < argc &&
                 sscanf(argv[i + 1], "%ld:%ld", &first, &count) == 2)
            i++;
        else
            path = argv[i];
    }
    if (path == NULL) {
        fprintf(stderr, "usage: transversal_bench [--cap SECONDS] [--seeds FIRST:COUNT] FILE\n");
        return 2;
    }
    struct error err = {0};
    struct graph *g = NULL;
    struct cover greedy = {0};
    if (graph_read(path, NULL, &g, &err) != MVC_OK || greedy_cover(g, &greedy, &err) != MVC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    int32_t *clique_of = malloc(((size_t)g->n + 1) * sizeof *clique_of);
    uint8_t *start = malloc((size_t)g->n + 1);
    int32_t cliques = 0;
    if (clique_of == NULL || start == NULL ||
        clique_cover_partition(g, COVER_ROUNDS, clique_of, &cliques) != MVC_OK)
        return 1;
    for (int32_t v = 0; v < g->n; v++)
        start[v] = !greedy.in[v];
    printf("# %s: %d vertices, %lld edges, %d cliques (bound %d)\n", path, g->n, (long long)g->m,
           cliques, g->n - cliques);
    printf("seed\tfound\tsteps\tseconds\n");
    for (long s = first; s < first + count; s++) {
        struct transversal *t = transversal_new(g, clique_of, cliques, start, (uint64_t)s);
        if (t == NULL)
            return 1;
        double t0 = clock_seconds();
        struct deadline d = deadline_after(cap, NULL);
        int found = transversal_search(t, 0, &d);
        printf("%ld\t%d\t%lld\t%.3f\n", s, found, (long long)transversal_steps(t),
               clock_seconds() - t0);
        fflush(stdout);
        transversal_free(t);
    }
    free(start);
    free(clique_of);
    cover_free(&greedy);
    graph_free(g);
    return 0;
}
