/*
 * Local-search bound on kernels: for each graph file, kernelize as the exact
 * solver does, take the greedy cover of the kernel, then run NuMVC on it for
 * a time limit (or a step budget, for timings that do not depend on the
 * machine's load: `perf stat -e task-clock`). One tab-separated line per file,
 * sizes counted on the input (kernel cover + offset).
 * Usage: ls_bench [--time SECONDS] [--steps N] [--seed N] [--removal auto|heap|scan] FILE...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cover.h"
#include "greedy.h"
#include "kernelize.h"
#include "local_search.h"
#include "read.h"

static int bench_file(const char *path, const struct local_search_opts *base, double seconds)
{
    struct error err = {0};
    struct graph *g = NULL;
    if (graph_read(path, NULL, &g, &err) != MVC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    double t0 = clock_seconds();
    struct kernel *k = NULL;
    if (kernel_reduce(g, NULL, &k, NULL, &err) != MVC_OK) {
        fprintf(stderr, "%s: %s\n", path, err.message);
        graph_free(g);
        return 1;
    }
    double t_kernel = clock_seconds() - t0;
    const struct graph *kg = kernel_graph(k);
    int32_t offset = kernel_offset(k);
    struct cover c = {0};
    t0 = clock_seconds();
    if (greedy_cover(kg, &c, &err) != MVC_OK) {
        fprintf(stderr, "%s: %s\n", path, err.message);
        kernel_free(k);
        graph_free(g);
        return 1;
    }
    double t_greedy = clock_seconds() - t0;
    int32_t greedy = c.size;
    struct local_search_opts o = *base;
    o.deadline = deadline_after(seconds, NULL); /* 0: the step budget alone */
    struct local_search_stats st;
    int status = local_search_improve(kg, &o, &c, &st, &err);
    if (status != MVC_OK || cover_check(kg, &c, &err) != MVC_OK) {
        fprintf(stderr, "%s: %s\n", path, err.message);
        cover_free(&c);
        kernel_free(k);
        graph_free(g);
        return 1;
    }
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    printf("%s\t%d\t%lld\t%d\t%lld\t%d\t%d\t%d\t%.4f\t%lld\t%.3g\t%lld\t%.3f\t%.3f\n", name, g->n,
           (long long)g->m, kg->n, (long long)kg->m, offset, greedy + offset, c.size + offset,
           st.best_seconds, (long long)st.best_step,
           st.seconds > 0 ? (double)st.steps / st.seconds : 0.0, (long long)st.forgettings,
           t_kernel, t_greedy);
    fflush(stdout);
    cover_free(&c);
    kernel_free(k);
    graph_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    struct local_search_opts o = local_search_opts_default();
    double seconds = 1.0;
    o.max_steps = 0;
    int failed = 0, i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i += 2) {
        if (i + 1 >= argc)
            break;
        if (strcmp(argv[i], "--time") == 0)
            seconds = atof(argv[i + 1]);
        else if (strcmp(argv[i], "--steps") == 0)
            o.max_steps = strtoll(argv[i + 1], NULL, 0);
        else if (strcmp(argv[i], "--seed") == 0)
            o.seed = strtoull(argv[i + 1], NULL, 0);
        else if (strcmp(argv[i], "--removal") == 0)
            o.removal = strcmp(argv[i + 1], "heap") == 0   ? LOCAL_SEARCH_REMOVAL_HEAP
                        : strcmp(argv[i + 1], "scan") == 0 ? LOCAL_SEARCH_REMOVAL_SCAN
                                                           : LOCAL_SEARCH_REMOVAL_AUTO;
    }
    printf("file\tn\tm\tkernel_n\tkernel_m\toffset\tgreedy\tls\tls_seconds\tls_step\tsteps_per_s"
           "\tforgettings\tkernel_s\tgreedy_s\n");
    if (o.max_steps > 0)
        seconds = 0;
    for (; i < argc; i++)
        failed |= bench_file(argv[i], &o, seconds);
    return failed;
}
