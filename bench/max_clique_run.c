/* Maximum clique driver for bench/max_clique_sparse.sh: reads a graph as mvc-gpu does, runs
 * max_clique_solve, checks the clique and prints one line with its size and the seconds spent;
 * --output writes the clique in the "s clique" form. --check=ANSWER instead checks a clique
 * in that form (another solver's) against the graph. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "max_clique.h"
#include "read.h"

static const char *outcome_name(int outcome)
{
    switch (outcome) {
    case SOLVE_OPTIMAL: return "optimal";
    case SOLVE_FOUND: return "found";
    case SOLVE_NO_COVER: return "none";
    case SOLVE_STOPPED: return "stopped";
    }
    return "error";
}

static int usage(void)
{
    fprintf(stderr, "usage: max_clique_run [--path=auto|dense|sparse] [--threads=N] "
                    "[--time-limit=S] [--at-least=A] [--output=FILE] GRAPH\n"
                    "       max_clique_run --check=ANSWER GRAPH\n");
    return 2;
}

int main(int argc, char **argv)
{
    double t_start = clock_seconds();
    struct max_clique_opts o;
    double seconds = 0; /* --time-limit, counted from the solve on */
    max_clique_opts_default(&o);
    const char *output = NULL, *input = NULL, *answer = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--path=auto") == 0)
            o.path = MAX_CLIQUE_PATH_AUTO;
        else if (strcmp(a, "--path=dense") == 0)
            o.path = MAX_CLIQUE_PATH_DENSE;
        else if (strcmp(a, "--path=sparse") == 0)
            o.path = MAX_CLIQUE_PATH_SPARSE;
        else if (strncmp(a, "--threads=", 10) == 0)
            o.solve.threads = atoi(a + 10);
        else if (strncmp(a, "--time-limit=", 13) == 0)
            seconds = atof(a + 13);
        else if (strncmp(a, "--at-least=", 11) == 0)
            o.at_least = atoll(a + 11);
        else if (strncmp(a, "--output=", 9) == 0)
            output = a + 9;
        else if (strncmp(a, "--check=", 8) == 0)
            answer = a + 8;
        else if (a[0] == '-' && a[1] != '\0')
            return usage();
        else if (input == NULL)
            input = a;
        else
            return usage();
    }
    if (input == NULL)
        return usage();
    struct error err = {0};
    struct graph *g = NULL;
    struct read_opts ro = {0};
    int status = graph_read(input, &ro, &g, &err);
    if (status != MVC_OK) {
        fprintf(stderr, "max_clique_run: %s\n", err.message);
        return 2;
    }
    double t_read = clock_seconds() - t_start;
    if (answer) {
        struct clique c;
        status = clique_read(answer, g->n, &c, &err);
        if (status == MVC_OK)
            status = clique_check(g, &c, &err);
        if (status == MVC_OK)
            printf("valid %ld\n", (long)c.size);
        else
            printf("invalid: %s\n", err.message);
        clique_free(&c);
        graph_free(g);
        return status == MVC_OK ? 0 : 1;
    }
    struct clique c;
    struct max_clique_stats st;
    o.solve.deadline = deadline_after(seconds, NULL);
    int outcome = max_clique_solve(g, &o, &c, &st, &err);
    if (outcome < 0) {
        fprintf(stderr, "max_clique_run: %s\n", err.message);
        graph_free(g);
        return 1;
    }
    /* max_clique_solve checks its answer; checked again here so the benchmark does not trust it */
    if (clique_check(g, &c, &err) != MVC_OK) {
        fprintf(stderr, "max_clique_run: invalid clique: %s\n", err.message);
        return 1;
    }
    double t_total = clock_seconds() - t_start;
    printf("size %ld outcome %s path %s seconds %.3f read %.3f search %.3f degeneracy %ld "
           "heuristic %ld searched %lld nodes %lld upper %ld n %ld m %lld order %.3f\n",
           (long)c.size, outcome_name(outcome), st.path, t_total, t_read, st.t_search,
           (long)st.degeneracy, (long)st.heuristic, (long long)st.searched, (long long)st.nodes,
           (long)st.upper_bound, (long)g->n, (long long)g->m, st.t_order);
    if (output) {
        FILE *f = fopen(output, "w");
        if (f == NULL || clique_write(f, &c) != MVC_OK || fclose(f) != 0) {
            perror(output);
            return 1;
        }
    }
    clique_free(&c);
    graph_free(g);
    return 0;
}
