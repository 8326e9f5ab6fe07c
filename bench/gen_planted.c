/* Large sparse random graphs with a planted clique, for the maximum clique benchmark
 * (bench/max_clique_sparse.sh): M uniform random pairs over N vertices (repeats merged,
 * loops dropped) plus every edge among K random vertices, deterministic per seed. Written
 * as PACE .gr and, when a second file is named, Matrix Market for PMC. The planted
 * vertices (1-based) go to standard output. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "graph.h"
#include "random.h"
#include "read.h"

static int write_file(const char *path, const struct graph *g, enum graph_format format)
{
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    static char buffer[1 << 20];
    setvbuf(f, buffer, _IOFBF, sizeof buffer);
    int status = graph_write(f, g, format);
    if (fclose(f) != 0 || status != MVC_OK) {
        perror(path);
        return 1;
    }
    return 0;
}

/* K distinct vertices of N (Floyd's sampling), marked in planted[]. */
static void plant(uint64_t *state, int32_t n, int32_t k, uint8_t *planted, int32_t *members)
{
    int32_t count = 0;
    for (int32_t j = n - k; j < n; j++) {
        int32_t t = (int32_t)(random_next(state) % (uint64_t)(j + 1));
        int32_t pick = planted[t] ? j : t;
        planted[pick] = 1;
        members[count++] = pick;
    }
}

int main(int argc, char **argv)
{
    uint64_t n, m, k, seed;
    if (argc < 6 || argc > 7 || parse_u64(argv[1], &n) || parse_u64(argv[2], &m) ||
        parse_u64(argv[3], &k) || parse_u64(argv[4], &seed) || n < 2 || n > INT32_MAX - 1 ||
        k > n || k > 65536) {
        fprintf(stderr, "usage: gen_planted N M K SEED OUT.gr [OUT.mtx]\n"
                        "  N vertices, M random edges, a planted clique of K <= min(N, 65536)\n");
        return 2;
    }
    uint64_t state = seed;
    struct edge_list el;
    edge_list_init(&el, 0);
    uint8_t *planted = calloc(n, 1);
    int32_t *members = malloc((k + 1) * sizeof *members);
    if (planted == NULL || members == NULL) {
        fprintf(stderr, "gen_planted: out of memory\n");
        return 1;
    }
    plant(&state, (int32_t)n, (int32_t)k, planted, members);
    for (uint64_t i = 0; i < m; i++) {
        int32_t u = (int32_t)(random_next(&state) % n), v = (int32_t)(random_next(&state) % n);
        if (edge_list_push(&el, u, v, 0) != MVC_OK) {
            fprintf(stderr, "gen_planted: out of memory for %llu edges\n", (unsigned long long)m);
            return 1;
        }
    }
    for (uint64_t i = 0; i < k; i++)
        for (uint64_t j = i + 1; j < k; j++)
            if (edge_list_push(&el, members[i], members[j], 0) != MVC_OK) {
                fprintf(stderr, "gen_planted: out of memory\n");
                return 1;
            }
    struct graph *g = NULL;
    struct error err = {0};
    if (graph_build((int32_t)n, &el, NULL, 0, &g, &err) != MVC_OK) {
        fprintf(stderr, "gen_planted: %s\n", err.message);
        return 1;
    }
    if (write_file(argv[5], g, GRAPH_FORMAT_PACE) ||
        (argc == 7 && write_file(argv[6], g, GRAPH_FORMAT_MTX)))
        return 1;
    printf("c n %lld m %lld planted %llu:", (long long)g->n, (long long)g->m,
           (unsigned long long)k);
    for (int32_t v = 0; v < (int32_t)n; v++)
        if (planted[v])
            printf(" %ld", (long)v + 1);
    printf("\n");
    graph_free(g);
    free(planted), free(members);
    return 0;
}
