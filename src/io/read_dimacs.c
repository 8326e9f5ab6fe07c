/* DIMACS clique / colouring reader: "p edge N M" or "p col N M", edges "e u v", 'c' comments. */
#include "read_common.h"

static int read_edge(struct scanner *s, const struct p_header *h, struct edge_list *el,
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

/* An edge line, or a vertex weight line 'n' (skipped; state: the line of the first). */
static int read_line(struct scanner *s, const struct read_opts *ro, const struct p_header *h,
                     struct edge_list *el, void *state, struct error *err)
{
    (void)ro;
    long *vertex_line = state;
    if (*s->p == 'e')
        return read_edge(s, h, el, err);
    if (*s->p != 'n')
        return scan_expected(s, "a line 'e u v' or a comment 'c ...'", err);
    if (*vertex_line == 0)
        *vertex_line = s->pos.line;
    scan_skip_line(s);
    return MVC_OK;
}

/* Published DIMACS files count edges inconsistently: a mismatch is only a warning. */
static int check_end(struct scanner *s, const struct read_opts *ro, const struct p_header *h,
                     const struct edge_list *el, void *state, struct error *err)
{
    (void)err;
    const long *vertex_line = state;
    if (*vertex_line > 0) {
        struct source_pos at = {s->pos.file, *vertex_line};
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
    static const char *const kinds[] = {"edge", "edges", "col", NULL};
    static const struct p_format dimacs = {
        kinds,
        "the header 'p edge N M'",
        "no header 'p edge N M'",
        "'edge' or 'col' after 'p' (the DIMACS header is 'p edge N M')",
        read_line,
        check_end,
    };
    long vertex_line = 0;
    return read_p_format(s, ro, &dimacs, &vertex_line, out, err);
}
