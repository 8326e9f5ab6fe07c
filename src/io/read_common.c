/*
 * Checks and messages shared by the readers (vertex ids, counts, weights,
 * memory limits), and the reading of the formats with a "p KIND N M" header.
 */
#include "read_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

int64_t read_memory_limit(const struct read_opts *ro)
{
    if (ro != NULL && ro->max_bytes > 0)
        return ro->max_bytes;
    int64_t limit = INT64_MAX;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0 && pages < INT64_MAX / page)
        limit = (int64_t)pages * page;
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        (uint64_t)rl.rlim_cur < (uint64_t)limit)
        limit = (int64_t)rl.rlim_cur;
    return limit;
}

int read_check_vertices(const struct scanner *s, const struct read_opts *ro, int64_t n,
                        struct error *err)
{
    if (n > GRAPH_MAX_VERTICES)
        return error_at(err, &s->pos, "%lld vertices: more than the %lld supported", (long long)n,
                        (long long)GRAPH_MAX_VERTICES);
    int64_t limit = read_memory_limit(ro);
    if (n > limit / READ_BYTES_PER_VERTEX) {
        char need[32], have[32];
        error_bytes(need, sizeof need, (double)n * READ_BYTES_PER_VERTEX);
        error_bytes(have, sizeof have, (double)limit);
        error_at(err, &s->pos, "%lld vertices need at least %s, more than the %s of memory allowed",
                 (long long)n, need, have);
        return MVC_ENOMEM;
    }
    return MVC_OK;
}

int read_count(struct scanner *s, const char *what, int64_t *out, struct error *err)
{
    char expected[64];
    snprintf(expected, sizeof expected, "the %s", what);
    int status = scan_int64(s, out, expected, err);
    if (status != MVC_OK)
        return status;
    if (*out < 0)
        return error_at(err, &s->pos, "negative %s: %lld", what, (long long)*out);
    return MVC_OK;
}

int read_vertex(struct scanner *s, int64_t n, int32_t *v, struct error *err)
{
    int64_t id;
    int status = scan_int64(s, &id, "a vertex id", err);
    if (status != MVC_OK)
        return status;
    if (id >= 1 && id <= n) {
        *v = (int32_t)(id - 1);
        return MVC_OK;
    }
    if (n == 0)
        return error_at(err, &s->pos, "vertex id %lld, but the graph has no vertices",
                        (long long)id);
    if (id == 0)
        return error_at(err, &s->pos, "vertex id 0: ids are 1-based (1..%lld)", (long long)n);
    return error_at(err, &s->pos, "vertex id %lld out of range 1..%lld", (long long)id,
                    (long long)n);
}

int read_weight(struct scanner *s, int32_t *w, struct error *err)
{
    int64_t x;
    int status = scan_int64(s, &x, "an integer weight", err);
    if (status != MVC_OK)
        return status;
    if (x < 0)
        return error_at(err, &s->pos, "negative weight %lld", (long long)x);
    if (x > INT32_MAX)
        return error_at(err, &s->pos, "weight %lld above the largest supported, %ld", (long long)x,
                        (long)INT32_MAX);
    *w = (int32_t)x;
    return MVC_OK;
}

int read_push(const struct scanner *s, struct edge_list *el, int32_t u, int32_t v, int32_t w,
              struct error *err)
{
    if (edge_list_push(el, u, v, w) == MVC_OK)
        return MVC_OK;
    error_at(err, &s->pos, "out of memory after %lld edges", (long long)el->len);
    return MVC_ENOMEM;
}

void read_warn(const struct read_opts *ro, const struct source_pos *pos, const char *fmt, ...)
{
    if (ro == NULL || ro->warnings == NULL)
        return;
    if (pos->line > 0)
        fprintf(ro->warnings, "mvc-gpu: %s:%ld: warning: ", pos->file, pos->line);
    else
        fprintf(ro->warnings, "mvc-gpu: %s: warning: ", pos->file);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(ro->warnings, fmt, ap);
    va_end(ap);
    fputc('\n', ro->warnings);
}

int read_too_many(const struct scanner *s, const char *items, int64_t announced, long line,
                  struct error *err)
{
    return error_at(err, &s->pos, "more %s than the %lld announced at line %ld", items,
                    (long long)announced, line);
}

int read_too_few(const struct scanner *s, const char *items, int64_t read, int64_t announced,
                 long line, struct error *err)
{
    return error_at(err, &s->pos,
                    "end of input after %lld of the %lld %s announced at line %ld "
                    "(truncated file?)",
                    (long long)read, (long long)announced, items, line);
}

/* The "p KIND N M" line, s at its 'p'. */
static int read_p_header(struct scanner *s, const struct read_opts *ro, const struct p_format *f,
                         struct p_header *h, struct error *err)
{
    const char *word;
    size_t len = scan_word(s, &word);
    if (len != 1) {
        s->p = word;
        return scan_expected(s, f->header, err);
    }
    len = scan_word(s, &word);
    int known = 0;
    for (const char *const *k = f->kinds; *k != NULL && !known; k++)
        known = scan_word_is(word, len, *k);
    if (!known) {
        s->p = word;
        return scan_expected(s, f->wrong_kind, err);
    }
    int status = read_count(s, "number of vertices", &h->n, err);
    if (status == MVC_OK)
        status = read_check_vertices(s, ro, h->n, err);
    if (status == MVC_OK)
        status = read_count(s, "number of edges", &h->m, err);
    if (status != MVC_OK)
        return status;
    h->line = s->pos.line;
    return scan_end_line(s, f->header, err);
}

static int read_p_lines(struct scanner *s, const struct read_opts *ro, const struct p_format *f,
                        void *state, struct p_header *h, struct edge_list *el, struct error *err)
{
    int status = MVC_OK;
    while (status == MVC_OK && !scan_at_end(s)) {
        if (scan_at_eol(s) || *s->p == 'c') {
            scan_skip_line(s);
        } else if (*s->p == 'p') {
            if (h->line > 0)
                return error_at(err, &s->pos, "repeated header (the first is at line %ld)",
                                h->line);
            status = read_p_header(s, ro, f, h, err);
        } else if (h->line == 0) {
            return scan_expected(s, f->header, err);
        } else {
            status = f->line(s, ro, h, el, state, err);
        }
    }
    if (status != MVC_OK)
        return status;
    if (h->line == 0)
        return error_at(err, &s->pos, "%s", f->no_header);
    return f->end(s, ro, h, el, state, err);
}

int read_p_format(struct scanner *s, const struct read_opts *ro, const struct p_format *f,
                  void *state, struct graph **out, struct error *err)
{
    struct p_header h = {0, 0, 0};
    struct edge_list el;
    edge_list_init(&el, 0);
    int status = read_p_lines(s, ro, f, state, &h, &el, err);
    if (status != MVC_OK) {
        edge_list_free(&el);
        return status;
    }
    return graph_build((int32_t)h.n, &el, NULL, 0, out, err);
}
