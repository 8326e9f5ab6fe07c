/* Fuzz harness: the PACE 2018 Steiner tree answer reader that --check uses
 * (src/steiner/steiner_answer.c). */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "steiner.h"

/* The reader only needs the vertex count; a path keeps the graph valid. */
enum { GRAPH_VERTICES = 12 };

static const struct graph *answer_graph(void)
{
    static struct graph *g;
    if (g == NULL) {
        int32_t edges[GRAPH_VERTICES - 1][2];
        for (int32_t v = 0; v + 1 < GRAPH_VERTICES; v++)
            edges[v][0] = v, edges[v][1] = v + 1;
        g = graph_from_edges(GRAPH_VERTICES, edges, GRAPH_VERTICES - 1);
        if (g == NULL)
            fuzz_fail("cannot build the graph");
    }
    return g;
}

int fuzz_harness_steiner_answer(const uint8_t *data, size_t size)
{
    const struct graph *g = answer_graph();
    char *copy;
    FILE *in = fuzz_open(data, size, &copy);
    if (in == NULL)
        return 0;
    struct steiner_tree t;
    struct error err = {0};
    int status = steiner_read_pace_stream(in, FUZZ_INPUT_NAME, g, &t, &err);
    fclose(in);
    free(copy);
    if (status != MVC_OK) {
        if (t.edges != NULL || t.n_edges != 0)
            fuzz_fail("failed read left edges behind");
        fuzz_check_failure(data, size, status, &err);
        return 0;
    }
    if (memchr(data, '\0', size) != NULL)
        fuzz_fail("an answer with a NUL byte was accepted");
    if (t.weight < 0 || t.n_edges < 0 || t.n_edges > g->n)
        fuzz_fail("weight %lld with %lld edges", (long long)t.weight, (long long)t.n_edges);
    for (int64_t i = 0; i < t.n_edges; i++)
        if (t.edges[i][0] < 0 || t.edges[i][0] >= t.edges[i][1] || t.edges[i][1] >= g->n)
            fuzz_fail("edge %lld is {%ld, %ld}", (long long)i, (long)t.edges[i][0],
                      (long)t.edges[i][1]);
    steiner_tree_free(&t);
    return 0;
}
