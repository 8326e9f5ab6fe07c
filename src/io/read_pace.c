/* PACE 2019 .gr reader: "p td N M", 1-based edges "u v", 'c' comment lines. */
#include "read_common.h"

struct pace_header {
    long line; /* 0 until the header is read */
    int64_t n, m;
};

static int read_header(struct scanner *s, const struct read_opts *ro, struct pace_header *h,
                       struct error *err)
{
    static const char *const kinds[] = {"td", NULL};
    return read_p_header(s, ro, kinds, "the header 'p td N M'",
                         "'td' after 'p' (the PACE header is 'p td N M')", &h->n, &h->m, &h->line,
                         err);
}

/* The edges, up to the end of the input; el collects them. */
static int read_body(struct scanner *s, const struct read_opts *ro, struct pace_header *h,
                     struct edge_list *el, struct error *err)
{
    int status = MVC_OK;
    while (status == MVC_OK && !scan_at_end(s)) {
        if (scan_at_eol(s) || *s->p == 'c') {
            scan_skip_line(s);
            continue;
        }
        if (*s->p == 'p') {
            if (h->line > 0)
                return error_at(err, &s->pos, "repeated header (the first is at line %ld)",
                                h->line);
            status = read_header(s, ro, h, err);
            continue;
        }
        if (h->line == 0)
            return scan_expected(s, "the header 'p td N M'", err);
        int32_t u, v;
        status = read_vertex(s, h->n, &u, err);
        if (status == MVC_OK)
            status = read_vertex(s, h->n, &v, err);
        if (status != MVC_OK)
            return status;
        if (el->len == h->m)
            return error_at(err, &s->pos, "more edges than the %lld announced at line %ld",
                            (long long)h->m, h->line);
        status = read_push(s, el, u, v, 0, err);
        if (status == MVC_OK)
            status = scan_end_line(s, "the edge (a PACE edge is 'u v')", err);
    }
    if (status != MVC_OK)
        return status;
    if (h->line == 0)
        return error_at(err, &s->pos, "no header 'p td N M'");
    if (el->len < h->m)
        return error_at(err, &s->pos,
                        "end of input after %lld of the %lld edges announced at line %ld "
                        "(truncated file?)",
                        (long long)el->len, (long long)h->m, h->line);
    return MVC_OK;
}

int read_pace(struct scanner *s, const struct read_opts *ro, struct graph **out, struct error *err)
{
    struct pace_header h = {0, 0, 0};
    struct edge_list el;
    edge_list_init(&el, 0);
    int status = read_body(s, ro, &h, &el, err);
    if (status != MVC_OK) {
        edge_list_free(&el);
        return status;
    }
    return graph_build((int32_t)h.n, &el, NULL, 0, out, err);
}
