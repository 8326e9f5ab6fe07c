/* DIMACS clique / colouring reader: "p edge N M" or "p col N M", edges "e u v", 'c' comments. */
#include "read_common.h"

struct dimacs_header {
    long line; /* 0 until the header is read */
    int64_t n, m;
};

static int read_header(struct scanner *s, const struct read_opts *ro, struct dimacs_header *h,
                       struct error *err)
{
    static const char *const kinds[] = {"edge", "edges", "col", NULL};
    return read_p_header(s, ro, kinds, "the header 'p edge N M'",
                         "'edge' or 'col' after 'p' (the DIMACS header is 'p edge N M')", &h->n,
                         &h->m, &h->line, err);
}

static int read_edge(struct scanner *s, const struct dimacs_header *h, struct edge_list *el,
                     struct error *err)
{
    s->p++; /* the 'e' */
    if (!scan_is_blank(*s->p)) {
        s->p--;
        return scan_expected(s, "a line 'e u v'", err);
    }
    int32_t u, v;
    int status = read_vertex(s, h->n, &u, err);
    if (status == MVC_OK)
        status = read_vertex(s, h->n, &v, err);
    if (status == MVC_OK)
        status = read_push(s, el, u, v, 0, err);
    if (status == MVC_OK)
        status = scan_end_line(s, "the edge (a DIMACS edge is 'e u v')", err);
    return status;
}

static int read_body(struct scanner *s, const struct read_opts *ro, struct dimacs_header *h,
                     struct edge_list *el, struct error *err)
{
    int status = MVC_OK;
    long vertex_line = 0;
    while (status == MVC_OK && !scan_at_end(s)) {
        if (scan_at_eol(s) || *s->p == 'c') {
            scan_skip_line(s);
            continue;
        }
        char kind = *s->p;
        if (kind == 'p') {
            if (h->line > 0)
                return error_at(err, &s->pos, "repeated header (the first is at line %ld)",
                                h->line);
            status = read_header(s, ro, h, err);
            continue;
        }
        if (h->line == 0)
            return scan_expected(s, "the header 'p edge N M'", err);
        if (kind == 'e') {
            status = read_edge(s, h, el, err);
        } else if (kind == 'n') {
            if (vertex_line == 0)
                vertex_line = s->pos.line;
            scan_skip_line(s);
        } else {
            return scan_expected(s, "a line 'e u v' or a comment 'c ...'", err);
        }
    }
    if (status != MVC_OK)
        return status;
    if (h->line == 0)
        return error_at(err, &s->pos, "no header 'p edge N M'");
    if (vertex_line > 0) {
        struct source_pos at = {s->pos.file, vertex_line};
        read_warn(ro, &at, "vertex weight lines 'n' ignored");
    }
    if (el->len != h->m)
        read_warn(ro, &s->pos, "%lld edges read, but the header at line %ld announces %lld",
                  (long long)el->len, h->line, (long long)h->m);
    return MVC_OK;
}

int read_dimacs(struct scanner *s, const struct read_opts *ro, struct graph **out,
                struct error *err)
{
    struct dimacs_header h = {0, 0, 0};
    struct edge_list el;
    edge_list_init(&el, 0);
    int status = read_body(s, ro, &h, &el, err);
    if (status != MVC_OK) {
        edge_list_free(&el);
        return status;
    }
    return graph_build((int32_t)h.n, &el, NULL, 0, out, err);
}
