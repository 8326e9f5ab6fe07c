/* Reads a Steiner tree in PACE 2018 output form ("VALUE w", then "u v" per edge) for checking. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer_line.h"
#include "grow.h"
#include "input.h"
#include "steiner.h"

static int add_edge(struct steiner_tree *t, int64_t *cap, int32_t u, int32_t v)
{
    if (t->n_edges == *cap &&
        grow_array(&t->edges, cap, t->n_edges + 1, sizeof *t->edges, 64) != MVC_OK)
        return MVC_ENOMEM;
    t->edges[t->n_edges][0] = u < v ? u : v;
    t->edges[t->n_edges][1] = u < v ? v : u;
    t->n_edges++;
    return MVC_OK;
}

/* "VALUE" as a whole word at p; on success p moves past it. */
static int parse_value_keyword(const char **p)
{
    while (**p == ' ' || **p == '\t')
        (*p)++;
    if (strncmp(*p, "VALUE", 5) != 0 || (*p)[5] == '\0' || !isspace((unsigned char)(*p)[5]))
        return -1;
    *p += 5;
    return 0;
}

int steiner_read_pace_stream(FILE *in, const char *name, const struct graph *g,
                             struct steiner_tree *t, struct error *err)
{
    memset(t, 0, sizeof *t);
    struct answer_reader r;
    answer_reader_open(&r, in, name);
    const struct source_pos *pos = &r.pos;
    const char *line;
    long long value = -1;
    int64_t cap = 0;
    int status = MVC_OK;
    while (status == MVC_OK && (status = answer_reader_next(&r, &line, err)) == 1) {
        status = MVC_OK;
        const char *p = line;
        if (parse_value_keyword(&p) == 0) {
            if (value >= 0)
                status = error_at(err, pos, "repeated VALUE line");
            else if (answer_parse_count(&p, &value) || !answer_rest_is_blank(p))
                status = error_at(err, pos, "expected 'VALUE W' with a non-negative integer W");
            continue;
        }
        long long u, v;
        if (value < 0)
            status = error_at(err, pos, "edge before the VALUE line");
        else if (answer_parse_count(&p, &u) || answer_parse_count(&p, &v) ||
                 !answer_rest_is_blank(p))
            status = error_at(err, pos, "expected an edge 'U V'");
        else if (u < 1 || u > g->n || v < 1 || v > g->n)
            status = error_at(err, pos, "edge {%lld, %lld} has a vertex outside 1..%ld", u, v,
                              (long)g->n);
        else if (u == v)
            status = error_at(err, pos, "edge {%lld, %lld} is a loop", u, v);
        else if (t->n_edges >= g->n)
            /* a tree on n vertices has at most n - 1 edges: no need to hold more */
            status = error_at(err, pos, "more edges than a tree on %ld vertices has", (long)g->n);
        else if (add_edge(t, &cap, (int32_t)(u - 1), (int32_t)(v - 1)) != MVC_OK)
            status = error_set(err, MVC_ENOMEM, "out of memory reading %s", name);
    }
    answer_reader_close(&r);
    if (status == MVC_OK && value < 0)
        status = error_at(err, pos, "no VALUE line");
    if (status != MVC_OK) {
        steiner_tree_free(t);
        return status;
    }
    t->weight = value;
    return MVC_OK;
}

int steiner_read_pace(const char *path, const struct graph *g, struct steiner_tree *t,
                      struct error *err)
{
    memset(t, 0, sizeof *t);
    struct answer_file f;
    int status = answer_file_open(&f, path, err);
    if (status != MVC_OK)
        return status;
    status = steiner_read_pace_stream(f.stream, f.in.name, g, t, err);
    answer_file_close(&f);
    return status;
}
