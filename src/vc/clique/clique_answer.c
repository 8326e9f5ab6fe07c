/* Cliques as answers: validation against a graph, the "s clique" output form and its reader. */
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "max_clique.h"
#include "sorted.h"

/* Past this many vertices a clique is checked with a marker over g rather than by pairs. */
#define CHECK_PAIRS_MAX 1024

void clique_free(struct clique *c)
{
    free(c->vertices);
    c->vertices = NULL;
    c->size = 0;
}

/* Every member adjacent to every other: size^2 binary searches, or one marker over g. */
static int check_adjacent(const struct graph *g, const int32_t *sorted, int32_t size,
                          struct error *err)
{
    if (size <= CHECK_PAIRS_MAX) {
        for (int32_t i = 0; i < size; i++)
            for (int32_t j = i + 1; j < size; j++)
                if (!graph_has_edge(g, sorted[i], sorted[j]))
                    return error_set(err, MVC_EINPUT,
                                     "clique vertices %ld and %ld are not adjacent",
                                     (long)sorted[i] + 1, (long)sorted[j] + 1);
        return MVC_OK;
    }
    uint8_t *member = calloc((size_t)g->n, 1);
    if (member == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for checking a clique");
    for (int32_t i = 0; i < size; i++)
        member[sorted[i]] = 1;
    int status = MVC_OK;
    for (int32_t i = 0; i < size && status == MVC_OK; i++) {
        int32_t u = sorted[i], adjacent = 0;
        for (int64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
            adjacent += member[g->adj[e]];
        if (adjacent == size - 1)
            continue;
        for (int32_t j = 0; j < size; j++)
            if (j != i && !graph_has_edge(g, u, sorted[j])) {
                status = error_set(err, MVC_EINPUT, "clique vertices %ld and %ld are not adjacent",
                                   (long)u + 1, (long)sorted[j] + 1);
                break;
            }
    }
    free(member);
    return status;
}

int clique_check(const struct graph *g, const struct clique *c, struct error *err)
{
    if (c->n != g->n)
        return error_set(err, MVC_EINPUT, "clique is for %ld vertices, graph has %ld", (long)c->n,
                         (long)g->n);
    if (c->size < 0 || c->size > g->n || (c->size > 0 && c->vertices == NULL))
        return error_set(err, MVC_EINPUT, "clique of %ld vertices in a graph of %ld", (long)c->size,
                         (long)g->n);
    for (int32_t i = 0; i < c->size; i++)
        if (c->vertices[i] < 0 || c->vertices[i] >= g->n)
            return error_set(err, MVC_EINPUT, "clique vertex %ld is not in 1..%ld",
                             (long)c->vertices[i] + 1, (long)g->n);
    int32_t *sorted = malloc(((size_t)c->size + 1) * sizeof *sorted);
    if (sorted == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for checking a clique");
    if (c->size > 0) /* an empty clique may have no array: memcpy takes no NULL */
        memcpy(sorted, c->vertices, (size_t)c->size * sizeof *sorted);
    sorted_sort_i32(sorted, c->size);
    int status = MVC_OK;
    for (int32_t i = 1; i < c->size && status == MVC_OK; i++)
        if (sorted[i] == sorted[i - 1])
            status =
                error_set(err, MVC_EINPUT, "clique vertex %ld listed twice", (long)sorted[i] + 1);
    if (status == MVC_OK)
        status = check_adjacent(g, sorted, c->size, err);
    free(sorted);
    return status;
}

int clique_write(FILE *out, const struct clique *c)
{
    fprintf(out, "s clique %ld %ld\n", (long)c->n, (long)c->size);
    for (int32_t i = 0; i < c->size; i++)
        fprintf(out, "%ld\n", (long)c->vertices[i] + 1);
    return ferror(out) ? MVC_EIO : MVC_OK;
}

/* The rest of the solution line "s clique N SIZE", the scanner past the 's'. */
static int read_solution_line(struct scanner *s, int32_t n, int64_t *size, struct error *err)
{
    const char *word;
    size_t len = scan_word(s, &word);
    if (!scan_word_is(word, len, "clique")) {
        s->p = word;
        return scan_expected(s, "'clique' after 's' (the solution line is 's clique N SIZE')", err);
    }
    int64_t declared_n;
    int status = scan_int64(s, &declared_n, "the number of vertices", err);
    if (status == MVC_OK)
        status = scan_int64(s, size, "the clique size", err);
    if (status != MVC_OK)
        return status;
    if (declared_n != n)
        return error_at(err, &s->pos, "the clique is for %lld vertices, the graph has %ld",
                        (long long)declared_n, (long)n);
    if (*size < 0 || *size > n)
        return error_at(err, &s->pos, "a clique of %lld vertices in a graph of %ld",
                        (long long)*size, (long)n);
    return scan_end_line(s, "'s clique N SIZE'", err);
}

/* The lines after the input is loaded; member[v] marks the vertices listed. */
static int read_lines(struct scanner *s, int32_t n, uint8_t *member, int32_t *listed,
                      struct error *err)
{
    int64_t size = -1;
    long solution_line = 0;
    int status = MVC_OK;
    while (status == MVC_OK && !scan_at_end(s)) {
        if (scan_at_eol(s) || *s->p == 'c') {
            scan_skip_line(s);
            continue;
        }
        if (*s->p == 's' && (scan_is_blank(s->p[1]) || s->p[1] == '\n' || s->p + 1 >= s->end)) {
            if (solution_line > 0)
                return error_at(err, &s->pos, "repeated solution line (the first is at line %ld)",
                                solution_line);
            solution_line = s->pos.line;
            s->p++;
            status = read_solution_line(s, n, &size, err);
            continue;
        }
        if (solution_line == 0)
            return scan_expected(s, "the solution line 's clique N SIZE'", err);
        int64_t v;
        status = scan_int64(s, &v, "a vertex number", err);
        if (status != MVC_OK)
            return status;
        if (v < 1 || v > n)
            return error_at(err, &s->pos, "vertex %lld is not in 1..%ld", (long long)v, (long)n);
        if (member[v - 1])
            return error_at(err, &s->pos, "vertex %lld listed twice", (long long)v);
        member[v - 1] = 1;
        (*listed)++;
        status = scan_end_line(s, "a vertex number", err);
    }
    if (status != MVC_OK)
        return status;
    if (solution_line == 0)
        return error_at(err, &s->pos, "no solution line 's clique N SIZE'");
    if (size != *listed)
        return error_at(err, &s->pos, "'s clique' at line %ld declares %lld vertices, %ld listed",
                        solution_line, (long long)size, (long)*listed);
    return MVC_OK;
}

int clique_read(const char *path, int32_t n, struct clique *c, struct error *err)
{
    memset(c, 0, sizeof *c);
    c->n = n;
    struct input in;
    int status = input_load(path, &in, err);
    if (status != MVC_OK)
        return status;
    uint8_t *member = calloc((size_t)(n > 0 ? n : 1), 1);
    if (member == NULL) {
        input_free(&in);
        return error_set(err, MVC_ENOMEM, "out of memory for a clique of %ld vertices", (long)n);
    }
    struct scanner s;
    scan_init(&s, &in);
    int32_t listed = 0;
    status = read_lines(&s, n, member, &listed, err);
    if (status == MVC_OK) {
        c->vertices = malloc(((size_t)listed + 1) * sizeof *c->vertices);
        if (c->vertices == NULL)
            status = error_set(err, MVC_ENOMEM, "out of memory for a clique of %ld vertices",
                               (long)listed);
    }
    if (status == MVC_OK)
        for (int32_t v = 0; v < n; v++)
            if (member[v])
                c->vertices[c->size++] = v;
    free(member);
    input_free(&in);
    return status;
}
