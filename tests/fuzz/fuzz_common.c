/* Shared by the fuzz harnesses: failure checks, graph invariants and write-read round trips. */
#include "fuzz.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz: broken promise: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

FILE *fuzz_open(const uint8_t *data, size_t size, char **copy)
{
    /* A copy of exactly size bytes, so that reading past the end is caught by ASan. */
    *copy = malloc(size > 0 ? size : 1);
    if (*copy == NULL)
        return NULL;
    if (size > 0)
        memcpy(*copy, data, size);
    FILE *f = fmemopen(*copy, size, "r");
    if (f == NULL) {
        free(*copy);
        *copy = NULL;
    }
    return f;
}

static long count_lines(const uint8_t *data, size_t size)
{
    long lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    return lines;
}

void fuzz_check_failure(const uint8_t *data, size_t size, int status, const struct error *err)
{
    if (status != MVC_EINPUT && status != MVC_ENOMEM && status != MVC_EIO &&
        status != MVC_EUNSUPPORTED)
        fuzz_fail("unknown status %d", status);
    if (!err->set || err->message[0] == '\0')
        fuzz_fail("status %d without a message", status);
    if (memchr(err->message, '\0', sizeof err->message) == NULL)
        fuzz_fail("message not terminated");
    if (status != MVC_EINPUT)
        return;
    size_t name_len = strlen(FUZZ_INPUT_NAME);
    const char *m = err->message;
    if (strncmp(m, FUZZ_INPUT_NAME, name_len) != 0 || m[name_len] != ':')
        fuzz_fail("message does not name the input: %s", m);
    const char *p = m + name_len + 1;
    if (*p < '0' || *p > '9')
        return;
    long line = strtol(p, NULL, 10);
    int gzip = size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
    if (line < 1 || (!gzip && line > count_lines(data, size)))
        fuzz_fail("message names line %ld of an input of %ld lines: %s", line,
                  count_lines(data, size), m);
}

static void check_graph(const struct graph *g)
{
    struct error err = {0};
    if (graph_check(g, &err) != MVC_OK)
        fuzz_fail("graph_check: %s", err.message);
}

static void check_same(const struct graph *a, const struct graph *b, enum graph_format f)
{
    if (a->n != b->n || a->m != b->m)
        fuzz_fail("%s round trip: n %ld m %lld became n %ld m %lld", graph_format_name(f),
                  (long)a->n, (long long)a->m, (long)b->n, (long long)b->m);
    if (memcmp(a->offsets, b->offsets, ((size_t)a->n + 1) * sizeof *a->offsets) != 0 ||
        (a->m > 0 && memcmp(a->adj, b->adj, (size_t)(2 * a->m) * sizeof *a->adj) != 0))
        fuzz_fail("%s round trip changed the adjacency", graph_format_name(f));
    int keeps_weights = f == GRAPH_FORMAT_STP || f == GRAPH_FORMAT_EDGES || f == GRAPH_FORMAT_MTX;
    if (keeps_weights && a->weights != NULL) {
        if (b->weights == NULL ||
            memcmp(a->weights, b->weights, (size_t)(2 * a->m) * sizeof *a->weights) != 0)
            fuzz_fail("%s round trip changed the weights", graph_format_name(f));
    } else if (keeps_weights && b->weights != NULL) {
        for (int64_t i = 0; i < 2 * b->m; i++)
            if (b->weights[i] != 1)
                fuzz_fail("%s round trip weighs an unweighted edge %ld", graph_format_name(f),
                          (long)b->weights[i]);
    }
    if (f == GRAPH_FORMAT_STP &&
        (a->n_terminals != b->n_terminals ||
         (a->n_terminals > 0 &&
          memcmp(a->terminals, b->terminals, (size_t)a->n_terminals * sizeof *a->terminals))))
        fuzz_fail("stp round trip changed the terminals");
    if (f == GRAPH_FORMAT_EDGES && a->labels != NULL &&
        (b->labels == NULL || memcmp(a->labels, b->labels, (size_t)a->n * sizeof *a->labels)))
        fuzz_fail("edges round trip changed the labels");
}

/* Edge lists cannot say that a vertex exists without an edge, nor hold no edge at all. */
static int writable(const struct graph *g, enum graph_format f)
{
    if (f != GRAPH_FORMAT_EDGES)
        return 1;
    if (g->m == 0)
        return 0;
    for (int32_t v = 0; v < g->n; v++)
        if (graph_degree(g, v) == 0)
            return 0;
    return 1;
}

/* Writes g as f, reads it back and expects the same graph. */
static void round_trip(const struct graph *g, enum graph_format f)
{
    if (!writable(g, f))
        return;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (out == NULL)
        return;
    int status = graph_write(out, g, f);
    if (fclose(out) != 0 || status != MVC_OK)
        fuzz_fail("%s writer failed", graph_format_name(f));
    struct read_opts ro = {0};
    ro.max_bytes = FUZZ_MAX_BYTES;
    struct graph *back = NULL;
    struct error err = {0};
    status = graph_read_memory(FUZZ_INPUT_NAME, text, len, &ro, &back, &err);
    if (status != MVC_OK)
        fuzz_fail("%s writer's output is refused: %s", graph_format_name(f), err.message);
    if (ro.detected != f)
        fuzz_fail("%s writer's output is recognised as %s", graph_format_name(f),
                  graph_format_name(ro.detected));
    check_graph(back);
    check_same(g, back, f);
    graph_free(back);
    free(text);
}

void fuzz_read_graph(const uint8_t *data, size_t size, enum graph_format format)
{
    static FILE *warnings;
    if (warnings == NULL)
        warnings = fopen("/dev/null", "w");
    struct read_opts ro = {0};
    ro.format = format;
    ro.warnings = warnings;
    ro.max_bytes = FUZZ_MAX_BYTES;
    struct graph *g = NULL;
    struct error err = {0};
    int status = graph_read_memory(FUZZ_INPUT_NAME, data, size, &ro, &g, &err);
    if (status != MVC_OK) {
        if (g != NULL)
            fuzz_fail("status %d with a graph", status);
        fuzz_check_failure(data, size, status, &err);
        return;
    }
    if (g == NULL)
        fuzz_fail("success without a graph");
    if (err.set)
        fuzz_fail("success with a message: %s", err.message);
    if (format != GRAPH_FORMAT_AUTO && ro.detected != format)
        fuzz_fail("asked for %s, read %s", graph_format_name(format),
                  graph_format_name(ro.detected));
    check_graph(g);
    round_trip(g, ro.detected);
    graph_free(g);
}
