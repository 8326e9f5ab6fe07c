/* Vertex covers: membership, validation against a graph, PACE .vc output and input. */
#include "cover.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "answer_line.h"
#include "input.h"

int cover_init(struct cover *c, int32_t n)
{
    c->n = n;
    c->size = 0;
    c->in = calloc((size_t)(n > 0 ? n : 1), 1);
    return c->in ? MVC_OK : MVC_ENOMEM;
}

void cover_free(struct cover *c)
{
    free(c->in);
    c->in = NULL;
    c->n = c->size = 0;
}

void cover_add(struct cover *c, int32_t v)
{
    if (!c->in[v]) {
        c->in[v] = 1;
        c->size++;
    }
}

int cover_copy(struct cover *dst, const struct cover *src)
{
    if (dst->in == NULL || dst->n != src->n) {
        cover_free(dst);
        if (cover_init(dst, src->n) != MVC_OK)
            return MVC_ENOMEM;
    }
    memcpy(dst->in, src->in, (size_t)src->n);
    dst->size = src->size;
    return MVC_OK;
}

int cover_check(const struct graph *g, const struct cover *c, struct error *err)
{
    if (c->n != g->n)
        return error_set(err, MVC_EINPUT, "cover is for %ld vertices, graph has %ld", (long)c->n,
                         (long)g->n);
    int32_t counted = 0;
    for (int32_t v = 0; v < g->n; v++)
        counted += c->in[v] != 0;
    if (counted != c->size)
        return error_set(err, MVC_EINPUT, "cover claims %ld vertices but holds %ld", (long)c->size,
                         (long)counted);
    for (int32_t u = 0; u < g->n; u++) {
        if (c->in[u])
            continue;
        for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++)
            if (!c->in[g->adj[i]])
                return error_set(err, MVC_EINPUT, "edge %ld %ld is not covered", (long)u + 1,
                                 (long)g->adj[i] + 1);
    }
    return MVC_OK;
}

int cover_write_pace(FILE *out, const struct cover *c)
{
    fprintf(out, "s vc %ld %ld\n", (long)c->n, (long)c->size);
    for (int32_t v = 0; v < c->n; v++)
        if (c->in[v])
            fprintf(out, "%ld\n", (long)v + 1);
    return ferror(out) ? MVC_EIO : MVC_OK;
}

int cover_read_pace_stream(FILE *in, const char *name, int32_t n, struct cover *c,
                           struct error *err)
{
    if (cover_init(c, n) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory");
    struct answer_reader r;
    answer_reader_open(&r, in, name);
    const struct source_pos *pos = &r.pos;
    const char *line;
    long long declared_n = -1, declared_size = -1;
    int status = MVC_OK;
    while (status == MVC_OK && (status = answer_reader_next(&r, &line, err)) == 1) {
        status = MVC_OK;
        const char *p = line;
        if (line[0] == 's') {
            p = line + 1;
            while (*p == ' ')
                p++;
            if (declared_n >= 0)
                status = error_at(err, pos, "repeated solution line");
            else if (strncmp(p, "vc", 2) != 0 || (p += 2, answer_parse_count(&p, &declared_n)) ||
                     answer_parse_count(&p, &declared_size) || !answer_rest_is_blank(p))
                status = error_at(err, pos, "expected 's vc N SIZE'");
            else if (declared_n != n)
                status = error_at(err, pos, "solution is for %lld vertices, graph has %ld",
                                  declared_n, (long)n);
            continue;
        }
        long long v;
        int vertex = !answer_parse_count(&p, &v) && answer_rest_is_blank(p);
        int shown = (int)strcspn(line, "\r\n"); /* the line's start, quoted */
        if (!vertex)
            status = error_at(err, pos, "expected %s, found '%.*s'",
                              declared_n < 0 ? "the 's vc N SIZE' line" : "a vertex number",
                              shown < 24 ? shown : 24, line);
        else if (declared_n < 0)
            status = error_at(err, pos, "vertex before the 's vc' line");
        else if (v < 1 || v > n)
            status = error_at(err, pos, "vertex %lld is not in 1..%ld", v, (long)n);
        else if (c->in[v - 1])
            status = error_at(err, pos, "vertex %lld listed twice", v);
        else
            cover_add(c, (int32_t)(v - 1));
    }
    answer_reader_close(&r);
    if (status == MVC_OK && declared_n < 0)
        status = error_at(err, pos, "no 's vc' line");
    if (status == MVC_OK && declared_size != c->size)
        status = error_at(err, pos, "'s vc' declares %lld vertices, %ld listed", declared_size,
                          (long)c->size);
    if (status != MVC_OK)
        cover_free(c);
    return status;
}

int cover_read_pace(const char *path, int32_t n, struct cover *c, struct error *err)
{
    struct answer_file f;
    int status = answer_file_open(&f, path, err);
    if (status != MVC_OK)
        return status;
    status = cover_read_pace_stream(f.stream, f.in.name, n, c, err);
    answer_file_close(&f);
    return status;
}
