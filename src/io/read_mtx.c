/* Matrix Market coordinate reader: a square sparse matrix read as the graph of its non-zeros. */
#include "read_common.h"

enum mtx_field { PATTERN, INTEGER, REAL };

struct mtx_header {
    enum mtx_field field;
    int64_t n, entries;
    long size_line;
};

/* A banner word, one of the keywords listed (NULL-terminated); returns its index. */
static int banner_word(struct scanner *s, const char *const *keywords, const char *what, int *index,
                       struct error *err)
{
    const char *word;
    size_t len = scan_word(s, &word);
    for (int i = 0; keywords[i] != NULL; i++)
        if (scan_word_is(word, len, keywords[i])) {
            *index = i;
            return MVC_OK;
        }
    s->p = word;
    return scan_expected(s, what, err);
}

/*
 * "%%MatrixMarket matrix coordinate FIELD SYMMETRY". Symmetric and general
 * matrices give the same graph (edges are undirected), so the symmetry is
 * only checked.
 */
static int read_banner(struct scanner *s, struct mtx_header *h, struct error *err)
{
    static const char *const banner[] = {"%%MatrixMarket", NULL};
    static const char *const object[] = {"matrix", NULL};
    static const char *const format[] = {"coordinate", NULL};
    static const char *const field[] = {"pattern", "integer", "real", "double", NULL};
    static const char *const symmetry[] = {"general", "symmetric", NULL};
    int i;
    int status =
        banner_word(s, banner, "the banner '%%MatrixMarket matrix coordinate ...'", &i, err);
    if (status == MVC_OK)
        status = banner_word(s, object, "'matrix' after '%%MatrixMarket'", &i, err);
    if (status == MVC_OK)
        status = banner_word(s, format,
                             "'coordinate' (a sparse matrix; 'array' does not describe a graph)",
                             &i, err);
    if (status == MVC_OK)
        status = banner_word(s, field, "the field 'pattern', 'integer' or 'real'", &i, err);
    if (status != MVC_OK)
        return status;
    h->field = i == 0 ? PATTERN : i == 1 ? INTEGER : REAL;
    status = banner_word(s, symmetry, "the symmetry 'general' or 'symmetric'", &i, err);
    if (status != MVC_OK)
        return status;
    return scan_end_line(s, "the banner", err);
}

static int read_size(struct scanner *s, const struct read_opts *ro, struct mtx_header *h,
                     struct error *err)
{
    int64_t rows, cols;
    int status = read_count(s, "number of rows", &rows, err);
    if (status == MVC_OK)
        status = read_count(s, "number of columns", &cols, err);
    if (status == MVC_OK)
        status = read_count(s, "number of entries", &h->entries, err);
    if (status != MVC_OK)
        return status;
    if (rows != cols)
        return error_at(err, &s->pos, "a %lld x %lld matrix: a graph needs a square matrix",
                        (long long)rows, (long long)cols);
    status = read_check_vertices(s, ro, rows, err);
    if (status != MVC_OK)
        return status;
    h->n = rows;
    h->size_line = s->pos.line;
    return scan_end_line(s, "the size line 'ROWS COLS ENTRIES'", err);
}

/* "i j [value]": integer values are weights, real values are checked and dropped. */
static int read_entry(struct scanner *s, const struct mtx_header *h, struct edge_list *el,
                      struct error *err)
{
    int32_t u, v, w = 0;
    int status = read_vertex(s, h->n, &u, err);
    if (status == MVC_OK)
        status = read_vertex(s, h->n, &v, err);
    if (status == MVC_OK && h->field == INTEGER)
        status = read_weight(s, &w, err);
    if (status == MVC_OK && h->field == REAL) {
        int is_integer;
        int64_t ignored;
        status = scan_number(s, &is_integer, &ignored, "a real value", err);
    }
    if (status != MVC_OK)
        return status;
    if (el->len == h->entries)
        return read_too_many(s, "entries", h->entries, h->size_line, err);
    status = read_push(s, el, u, v, w, err);
    if (status != MVC_OK)
        return status;
    return scan_end_line(
        s, h->field == PATTERN ? "the entry 'i j' (a pattern matrix)" : "the entry 'i j value'",
        err);
}

static int read_body(struct scanner *s, const struct read_opts *ro, struct mtx_header *h,
                     struct edge_list *el, struct error *err)
{
    while (!scan_at_end(s)) {
        if (scan_at_eol(s) || *s->p == '%') {
            scan_skip_line(s);
            continue;
        }
        int status = h->size_line == 0 ? read_size(s, ro, h, err) : read_entry(s, h, el, err);
        if (status != MVC_OK)
            return status;
    }
    if (h->size_line == 0)
        return error_at(err, &s->pos, "no size line 'ROWS COLS ENTRIES'");
    if (el->len < h->entries)
        return read_too_few(s, "entries", el->len, h->entries, h->size_line, err);
    return MVC_OK;
}

int read_mtx(struct scanner *s, const struct read_opts *ro, struct graph **out, struct error *err)
{
    struct mtx_header h = {PATTERN, 0, 0, 0};
    int status = read_banner(s, &h, err);
    if (status != MVC_OK)
        return status;
    struct edge_list el;
    edge_list_init(&el, h.field == INTEGER);
    status = read_body(s, ro, &h, &el, err);
    if (status != MVC_OK) {
        edge_list_free(&el);
        return status;
    }
    return graph_build((int32_t)h.n, &el, NULL, 0, out, err);
}
