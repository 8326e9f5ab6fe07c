/* Plain edge lists as SNAP and KONECT ship them: "u v [w [t]]" lines with arbitrary ids,
 * relabelled 0..n-1 in increasing order of id. */
#include "read_common.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "sorted.h"

/* Edges with the input's own ids, before relabelling. */
struct raw_edges {
    int64_t len, cap;
    int64_t *ends; /* 2 * len ids: u0 v0 u1 v1 ... */
    int32_t *w;    /* len weights */
};

static int raw_push(struct raw_edges *r, int64_t u, int64_t v, int32_t w)
{
    if (r->len == r->cap) {
        int64_t cap = grow_capacity(r->cap, r->len + 1, 1024);
        if (grow_resize(&r->ends, 2 * cap, sizeof *r->ends) != MVC_OK ||
            grow_resize(&r->w, cap, sizeof *r->w) != MVC_OK)
            return MVC_ENOMEM;
        r->cap = cap;
    }
    r->ends[2 * r->len] = u;
    r->ends[2 * r->len + 1] = v;
    r->w[r->len] = w;
    r->len++;
    return MVC_OK;
}

static int read_id(struct scanner *s, int64_t *id, struct error *err)
{
    int status = scan_int64(s, id, "a vertex id", err);
    if (status == MVC_OK && *id < 0)
        return error_at(err, &s->pos, "negative vertex id %lld", (long long)*id);
    return status;
}

struct edges_shape {
    int columns;     /* of the first edge line; 0 before it */
    long first_line; /* that line */
    long real_line;  /* first line whose third column is not an integer, 0 if none */
};

/* One edge line: ids, then an optional weight and an optional timestamp. */
static int read_edge(struct scanner *s, struct edges_shape *shape, struct raw_edges *r,
                     struct error *err)
{
    int64_t u, v, x;
    int32_t w = 0;
    int columns = 2, is_integer;
    int status = read_id(s, &u, err);
    if (status == MVC_OK)
        status = read_id(s, &v, err);
    if (status == MVC_OK && !scan_at_eol(s)) {
        columns++;
        status = scan_number(s, &is_integer, &x, "a weight", err);
        if (status == MVC_OK && is_integer) {
            if (x < 0)
                return error_at(err, &s->pos,
                                "negative weight %lld (a third column of integers is read as "
                                "edge weights)",
                                (long long)x);
            if (x > INT32_MAX)
                return error_at(err, &s->pos, "weight %lld above the largest supported, %ld",
                                (long long)x, (long)INT32_MAX);
            w = (int32_t)x;
        } else if (status == MVC_OK && shape->real_line == 0) {
            shape->real_line = s->pos.line;
        }
    }
    if (status == MVC_OK && !scan_at_eol(s)) {
        columns++;
        status = scan_number(s, &is_integer, &x, "a timestamp", err);
    }
    if (status != MVC_OK)
        return status;
    if (shape->columns == 0) {
        shape->columns = columns;
        shape->first_line = s->pos.line;
    } else if (columns != shape->columns) {
        return error_at(err, &s->pos, "%d columns, but the first edge (line %ld) has %d", columns,
                        shape->first_line, shape->columns);
    }
    if (raw_push(r, u, v, w) != MVC_OK) {
        error_at(err, &s->pos, "out of memory after %lld edges", (long long)r->len);
        return MVC_ENOMEM;
    }
    return scan_end_line(s, "the edge (at most four columns: u v weight time)", err);
}

static int read_lines(struct scanner *s, struct edges_shape *shape, struct raw_edges *r,
                      struct error *err)
{
    while (!scan_at_end(s)) {
        if (scan_at_eol(s) || *s->p == '#' || *s->p == '%') {
            scan_skip_line(s);
            continue;
        }
        int status = read_edge(s, shape, r, err);
        if (status != MVC_OK)
            return status;
    }
    if (r->len == 0)
        return error_at(err, &s->pos, "no edges in the edge list");
    return MVC_OK;
}

/* LSD radix sort of non-negative ids, a byte at a time, skipping bytes all ids share. */
static int sort_ids(int64_t *a, int64_t len)
{
    int64_t *tmp = malloc((size_t)len * sizeof *tmp);
    if (tmp == NULL)
        return MVC_ENOMEM;
    int64_t *src = a, *dst = tmp;
    for (int shift = 0; shift < 64; shift += 8) {
        int64_t start[257] = {0};
        for (int64_t i = 0; i < len; i++)
            start[(((uint64_t)src[i] >> shift) & 0xff) + 1]++;
        int shared = 0;
        for (int d = 0; d < 256; d++)
            shared |= start[d + 1] == len;
        if (shared)
            continue;
        for (int d = 0; d < 256; d++)
            start[d + 1] += start[d];
        for (int64_t i = 0; i < len; i++)
            dst[start[((uint64_t)src[i] >> shift) & 0xff]++] = src[i];
        int64_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != a)
        memcpy(a, src, (size_t)len * sizeof *a);
    free(tmp);
    return MVC_OK;
}

/*
 * Replaces every id in r->ends by its rank among the distinct ids and returns
 * the distinct ids in increasing order. Ids no larger than a few times the
 * number of ends (SNAP's usual case) are ranked through a direct table;
 * others through a sorted copy and binary search.
 */
static int relabel(struct raw_edges *r, int64_t **labels_out, int64_t *n_out)
{
    int64_t ends = 2 * r->len, max = 0;
    for (int64_t i = 0; i < ends; i++)
        if (r->ends[i] > max)
            max = r->ends[i];
    int64_t *labels = NULL, n = 0;
    if (max < 4 * ends + 4096 && max < INT32_MAX) {
        int32_t *rank = calloc((size_t)max + 1, sizeof *rank);
        if (rank == NULL)
            return MVC_ENOMEM;
        for (int64_t i = 0; i < ends; i++)
            rank[r->ends[i]] = 1;
        for (int64_t id = 0; id <= max; id++)
            n += rank[id];
        labels = malloc((size_t)n * sizeof *labels);
        if (labels == NULL) {
            free(rank);
            return MVC_ENOMEM;
        }
        for (int64_t id = 0, k = 0; id <= max; id++)
            if (rank[id]) {
                labels[k] = id;
                rank[id] = (int32_t)k++;
            }
        for (int64_t i = 0; i < ends; i++)
            r->ends[i] = rank[r->ends[i]];
        free(rank);
    } else {
        labels = malloc((size_t)ends * sizeof *labels);
        if (labels == NULL)
            return MVC_ENOMEM;
        memcpy(labels, r->ends, (size_t)ends * sizeof *labels);
        if (sort_ids(labels, ends) != MVC_OK) {
            free(labels);
            return MVC_ENOMEM;
        }
        for (int64_t i = 0; i < ends; i++)
            if (n == 0 || labels[i] != labels[n - 1])
                labels[n++] = labels[i];
        if (n > GRAPH_MAX_VERTICES) {
            free(labels);
            *n_out = n;
            return MVC_EINPUT;
        }
        for (int64_t i = 0; i < ends; i++)
            r->ends[i] = sorted_first_at_least_i64(labels, 0, n, r->ends[i]);
    }
    *labels_out = labels;
    *n_out = n;
    return MVC_OK;
}

static int build(struct scanner *s, const struct read_opts *ro, const struct edges_shape *shape,
                 struct raw_edges *r, struct graph **out, struct error *err)
{
    int64_t *labels = NULL, n = 0;
    int status = relabel(r, &labels, &n);
    if (status == MVC_EINPUT)
        return read_check_vertices(s, ro, n, err);
    if (status != MVC_OK) {
        error_at(err, &s->pos, "out of memory relabelling %lld edges", (long long)r->len);
        return status;
    }
    status = read_check_vertices(s, ro, n, err);
    int weighted = shape->columns >= 3 && shape->real_line == 0;
    struct edge_list el;
    edge_list_init(&el, weighted);
    for (int64_t i = 0; status == MVC_OK && i < r->len; i++)
        status =
            read_push(s, &el, (int32_t)r->ends[2 * i], (int32_t)r->ends[2 * i + 1], r->w[i], err);
    free(r->ends);
    free(r->w);
    memset(r, 0, sizeof *r);
    if (status == MVC_OK)
        status = graph_build((int32_t)n, &el, NULL, 0, out, err);
    else
        edge_list_free(&el);
    if (status != MVC_OK) {
        free(labels);
        return status;
    }
    (*out)->labels = labels;
    return MVC_OK;
}

int read_edges(struct scanner *s, const struct read_opts *ro, struct graph **out, struct error *err)
{
    struct raw_edges r = {0, 0, NULL, NULL};
    struct edges_shape shape = {0, 0, 0};
    int status = read_lines(s, &shape, &r, err);
    if (status == MVC_OK && shape.real_line > 0) {
        struct source_pos at = {s->pos.file, shape.real_line};
        read_warn(ro, &at,
                  "non-integer weight: the third column is ignored and the graph read "
                  "unweighted");
    }
    if (status == MVC_OK)
        status = build(s, ro, &shape, &r, out, err);
    free(r.ends);
    free(r.w);
    return status;
}
