/* PACE 2019 .gr reader: "p td N M", 1-based edges "u v", 'c' comment lines. */
#include "read_common.h"

static int read_edge(struct scanner *s, const struct read_opts *ro, const struct p_header *h,
                     struct edge_list *el, void *state, struct error *err)
{
    (void)ro;
    (void)state;
    int32_t u, v;
    int status = read_vertex(s, h->n, &u, err);
    if (status == MVC_OK)
        status = read_vertex(s, h->n, &v, err);
    if (status != MVC_OK)
        return status;
    if (el->len == h->m)
        return read_too_many(s, "edges", h->m, h->line, err);
    status = read_push(s, el, u, v, 0, err);
    if (status == MVC_OK)
        status = scan_end_line(s, "the edge (a PACE edge is 'u v')", err);
    return status;
}

/* The edge count must match: a shortfall is how a truncated file shows. */
static int check_end(struct scanner *s, const struct read_opts *ro, const struct p_header *h,
                     const struct edge_list *el, void *state, struct error *err)
{
    (void)ro;
    (void)state;
    if (el->len < h->m)
        return read_too_few(s, "edges", el->len, h->m, h->line, err);
    return MVC_OK;
}

int read_pace(struct scanner *s, const struct read_opts *ro, struct graph **out, struct error *err)
{
    static const char *const kinds[] = {"td", NULL};
    static const struct p_format pace = {
        kinds,
        "the header 'p td N M'",
        "no header 'p td N M'",
        "'td' after 'p' (the PACE header is 'p td N M')",
        read_edge,
        check_end,
    };
    return read_p_format(s, ro, &pace, NULL, out, err);
}
