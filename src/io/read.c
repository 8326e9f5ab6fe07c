/* Reading a graph: the format named or recognised from the content, then its reader. */
#include "read.h"

#include <string.h>

#include "input.h"
#include "read_common.h"

static const struct {
    const char *name;
    enum graph_format format;
} format_names[] = {
    {"auto", GRAPH_FORMAT_AUTO},     {"pace", GRAPH_FORMAT_PACE},  {"gr", GRAPH_FORMAT_PACE},
    {"dimacs", GRAPH_FORMAT_DIMACS}, {"stp", GRAPH_FORMAT_STP},    {"steinlib", GRAPH_FORMAT_STP},
    {"edges", GRAPH_FORMAT_EDGES},   {"snap", GRAPH_FORMAT_EDGES}, {"konect", GRAPH_FORMAT_EDGES},
    {"mtx", GRAPH_FORMAT_MTX},
};

int graph_format_parse(const char *name, enum graph_format *out)
{
    for (size_t i = 0; i < sizeof format_names / sizeof format_names[0]; i++)
        if (scan_word_is(name, strlen(name), format_names[i].name)) {
            *out = format_names[i].format;
            return MVC_OK;
        }
    return MVC_EUNSUPPORTED;
}

const char *graph_format_name(enum graph_format f)
{
    switch (f) {
    case GRAPH_FORMAT_AUTO: return "auto";
    case GRAPH_FORMAT_PACE: return "pace";
    case GRAPH_FORMAT_DIMACS: return "dimacs";
    case GRAPH_FORMAT_STP: return "stp";
    case GRAPH_FORMAT_EDGES: return "edges";
    case GRAPH_FORMAT_MTX: return "mtx";
    }
    return "unknown";
}

static int starts_with(const struct scanner *s, const char *prefix)
{
    size_t len = strlen(prefix);
    return (size_t)(s->end - s->p) >= len && memcmp(s->p, prefix, len) == 0;
}

/* A line of two to four numbers, the shape of an edge list's edge. */
static int looks_like_edge(struct scanner *s)
{
    struct error ignored = {0};
    int columns = 0;
    while (!scan_at_eol(s)) {
        int is_integer;
        int64_t x;
        if (scan_number(s, &is_integer, &x, "a number", &ignored) != MVC_OK)
            return 0;
        if (columns < 2 && !is_integer)
            return 0;
        columns++;
    }
    return columns >= 2 && columns <= 4;
}

/*
 * Recognises the format from the first line that is neither blank nor a
 * comment ('c', '#' or '%'), or from the magic that begins STP and Matrix
 * Market files. Anything else is an error rather than a guess; so is a file
 * named .gr whose first line is an edge: a PACE file that lost its header
 * would otherwise be read as an edge list, its vertices renumbered (PACE
 * 2018's .gr files are SteinLib's format, recognised by their first line).
 */
static int detect_format(const struct input *in, enum graph_format *out, struct error *err)
{
    struct scanner s;
    const char *word;
    size_t len;
    int c_comments = 0; /* comment lines of PACE's and DIMACS's kind seen */
    scan_init(&s, in);
    for (; !scan_at_end(&s); scan_skip_line(&s)) {
        if (scan_at_eol(&s))
            continue;
        char c = *s.p;
        c_comments += c == 'c';
        if (starts_with(&s, "%%MatrixMarket")) {
            *out = GRAPH_FORMAT_MTX;
            return MVC_OK;
        }
        if (c == 'c' || c == '#' || c == '%')
            continue;
        struct scanner line = s;
        len = scan_word(&s, &word);
        if (len == 1 && c == 'p') {
            len = scan_word(&s, &word);
            if (scan_word_is(word, len, "td")) {
                *out = GRAPH_FORMAT_PACE;
                return MVC_OK;
            }
            if (scan_word_is(word, len, "edge") || scan_word_is(word, len, "edges") ||
                scan_word_is(word, len, "col")) {
                *out = GRAPH_FORMAT_DIMACS;
                return MVC_OK;
            }
            s.p = word;
            return scan_expected(&s, "'td' (PACE), 'edge' or 'col' (DIMACS) after 'p'", err);
        }
        if (len == 1 && c == 'e') {
            /* DIMACS edges without their header: the DIMACS reader says what is missing. */
            *out = GRAPH_FORMAT_DIMACS;
            return MVC_OK;
        }
        if (scan_word_is(word, len, "SECTION") || scan_word_is(word, len, "33D32945")) {
            *out = GRAPH_FORMAT_STP;
            return MVC_OK;
        }
        s = line;
        if (looks_like_edge(&s)) {
            if (input_name_ends_with(in->name, ".gr") || input_name_ends_with(in->name, ".gr.gz"))
                return error_at(err, &line.pos,
                                "expected the header 'p td N M' before the first edge (a .gr "
                                "file is PACE; the format 'edges', --format edges on the "
                                "command line, reads a headerless edge list)");
            if (c_comments > 0)
                return error_at(err, &line.pos,
                                "expected a header ('p td N M' or 'p edge N M') before the "
                                "first edge: the 'c' lines are PACE's and DIMACS's comments (an "
                                "edge list's begin with '#' or '%%')");
            *out = GRAPH_FORMAT_EDGES;
            return MVC_OK;
        }
        return scan_expected(&line,
                             "a header ('p td', 'p edge', 'p col', 'SECTION'), a first line "
                             "'%%MatrixMarket' or an edge 'u v' (or name the format)",
                             err);
    }
    return error_at(err, &s.pos, "no graph: the input holds only comments");
}

static int only_blanks(const struct input *in)
{
    for (size_t i = 0; i < in->len; i++)
        if (!scan_is_blank(in->data[i]) && in->data[i] != '\n')
            return 0;
    return 1;
}

static int read_input(const struct input *in, struct read_opts *ro, struct graph **out,
                      struct error *err)
{
    if (only_blanks(in)) {
        struct source_pos pos = {in->name, 1};
        return error_at(err, &pos, "empty input");
    }
    enum graph_format format = ro->format;
    if (format == GRAPH_FORMAT_AUTO) {
        int status = detect_format(in, &format, err);
        if (status != MVC_OK)
            return status;
        if (format == GRAPH_FORMAT_EDGES && strcmp(in->name, INPUT_STDIN_NAME) == 0) {
            struct source_pos pos = {in->name, 0};
            read_warn(ro, &pos,
                      "no header: read as an edge list, its ids renumbered where they are not "
                      "1..n (--format edges says so and silences this; PACE needs 'p td N M')");
        }
    }
    ro->detected = format;
    struct scanner s;
    scan_init(&s, in);
    int status;
    switch (format) {
    case GRAPH_FORMAT_PACE: status = read_pace(&s, ro, out, err); break;
    case GRAPH_FORMAT_DIMACS: status = read_dimacs(&s, ro, out, err); break;
    case GRAPH_FORMAT_STP: status = read_stp(&s, ro, out, err); break;
    case GRAPH_FORMAT_EDGES: status = read_edges(&s, ro, out, err); break;
    case GRAPH_FORMAT_MTX: status = read_mtx(&s, ro, out, err); break;
    case GRAPH_FORMAT_AUTO:
    default:
        return error_set(err, MVC_EUNSUPPORTED, "%s: unknown input format %d", in->name,
                         (int)format);
    }
    /* a matrix's diagonal is no edge; elsewhere a loop is one that no answer will cover */
    if (status == MVC_OK && (*out)->loops_dropped > 0 && format != GRAPH_FORMAT_MTX) {
        struct source_pos pos = {in->name, 0};
        read_warn(ro, &pos, "%lld self-loop%s dropped: the answer is for the graph without them",
                  (long long)(*out)->loops_dropped, (*out)->loops_dropped > 1 ? "s" : "");
    }
    return status;
}

int graph_read(const char *path, struct read_opts *ro, struct graph **out, struct error *err)
{
    struct read_opts defaults = {0};
    if (ro == NULL)
        ro = &defaults;
    *out = NULL;
    struct input in;
    int status = input_load(path, &in, err);
    if (status != MVC_OK)
        return status;
    status = read_input(&in, ro, out, err);
    input_free(&in);
    return status;
}

int graph_read_memory(const char *name, const void *data, size_t len, struct read_opts *ro,
                      struct graph **out, struct error *err)
{
    struct read_opts defaults = {0};
    if (ro == NULL)
        ro = &defaults;
    *out = NULL;
    struct input in;
    int status = input_from_memory(name, data, len, &in, err);
    if (status != MVC_OK)
        return status;
    status = read_input(&in, ro, out, err);
    input_free(&in);
    return status;
}
