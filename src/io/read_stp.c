/* SteinLib / PACE 2018 .stp reader: SECTION Graph (weighted edges), SECTION Terminals, EOF. */
#include "read_common.h"

#include <stdio.h>
#include <stdlib.h>

enum stp_section { NONE, COMMENT, GRAPH, TERMINALS, OTHER };

/* A count line ("Nodes 5") and the line it was on, 0 while not seen. */
struct stp_count {
    long line;
    int64_t value;
};

struct stp_reader {
    struct scanner *s;
    const struct read_opts *ro;
    struct error *err;
    enum stp_section section;
    char section_title[32]; /* as written, for messages */
    long section_line;
    long graph_line, terminals_line; /* where those sections began, 0 when absent */
    struct stp_count nodes, edges, arcs, terminals;
    int64_t n_edges, n_arcs, n_terminals; /* lines read */
    struct edge_list el;
    uint64_t *is_terminal; /* bit set over the vertices */
};

/* "Nodes N" and the like: each at most once per file. */
static int read_count_line(struct stp_reader *r, struct stp_count *c, const char *keyword)
{
    if (c->line > 0)
        return error_at(r->err, &r->s->pos, "repeated '%s' (the first is at line %ld)", keyword,
                        c->line);
    char what[48];
    snprintf(what, sizeof what, "count after '%s'", keyword);
    int status = read_count(r->s, what, &c->value, r->err);
    if (status != MVC_OK)
        return status;
    c->line = r->s->pos.line;
    return MVC_OK;
}

/* "E u v w" or "A u v w"; arcs are read as undirected edges. */
static int read_edge(struct stp_reader *r, const struct stp_count *declared, int64_t *seen,
                     const char *keyword, const char *count_keyword)
{
    if (r->nodes.line == 0)
        return error_at(r->err, &r->s->pos, "'%s' line before 'Nodes N'", keyword);
    if (declared->line == 0)
        return error_at(r->err, &r->s->pos, "'%s' line before '%s M'", keyword, count_keyword);
    int32_t u, v, w;
    int status = read_vertex(r->s, r->nodes.value, &u, r->err);
    if (status == MVC_OK)
        status = read_vertex(r->s, r->nodes.value, &v, r->err);
    if (status == MVC_OK)
        status = read_weight(r->s, &w, r->err);
    if (status != MVC_OK)
        return status;
    if (*seen == declared->value)
        return error_at(r->err, &r->s->pos, "more '%s' lines than the %lld announced at line %ld",
                        keyword, (long long)declared->value, declared->line);
    (*seen)++;
    return read_push(r->s, &r->el, u, v, w, r->err);
}

static int read_graph_line(struct stp_reader *r, const char *word, size_t len)
{
    int status;
    if (scan_word_is(word, len, "Nodes")) {
        status = read_count_line(r, &r->nodes, "Nodes");
        if (status == MVC_OK)
            status = read_check_vertices(r->s, r->ro, r->nodes.value, r->err);
        return status;
    }
    if (scan_word_is(word, len, "Edges"))
        return read_count_line(r, &r->edges, "Edges");
    if (scan_word_is(word, len, "Arcs"))
        return read_count_line(r, &r->arcs, "Arcs");
    if (scan_word_is(word, len, "E"))
        return read_edge(r, &r->edges, &r->n_edges, "E", "Edges");
    if (scan_word_is(word, len, "A"))
        return read_edge(r, &r->arcs, &r->n_arcs, "A", "Arcs");
    r->s->p = word;
    return scan_expected(r->s, "'Nodes', 'Edges', 'Arcs', 'E', 'A' or 'END' in SECTION Graph",
                         r->err);
}

static int read_terminal(struct stp_reader *r)
{
    if (r->terminals.line == 0)
        return error_at(r->err, &r->s->pos, "'T' line before 'Terminals N'");
    int32_t v;
    int status = read_vertex(r->s, r->nodes.value, &v, r->err);
    if (status != MVC_OK)
        return status;
    uint64_t bit = (uint64_t)1 << (v % 64);
    if (r->is_terminal[v / 64] & bit)
        return error_at(r->err, &r->s->pos, "terminal %ld repeated", (long)v + 1);
    if (r->n_terminals == r->terminals.value)
        return read_too_many(r->s, "'T' lines", r->terminals.value, r->terminals.line, r->err);
    r->is_terminal[v / 64] |= bit;
    r->n_terminals++;
    return MVC_OK;
}

static int read_terminals_line(struct stp_reader *r, const char *word, size_t len)
{
    if (scan_word_is(word, len, "Terminals")) {
        int status = read_count_line(r, &r->terminals, "Terminals");
        if (status == MVC_OK && r->terminals.value > r->nodes.value)
            status = error_at(r->err, &r->s->pos, "%lld terminals in a graph of %lld vertices",
                              (long long)r->terminals.value, (long long)r->nodes.value);
        return status;
    }
    if (scan_word_is(word, len, "T"))
        return read_terminal(r);
    if (scan_word_is(word, len, "Root") || scan_word_is(word, len, "RootP") ||
        scan_word_is(word, len, "TP"))
        return error_at(r->err, &r->s->pos,
                        "'%.*s': rooted and prize-collecting problems are not supported", (int)len,
                        word);
    r->s->p = word;
    return scan_expected(r->s, "'Terminals', 'T' or 'END' in SECTION Terminals", r->err);
}

/* The checks that need the whole section: every count line met by its lines. */
static int close_section(struct stp_reader *r)
{
    struct scanner *s = r->s;
    if (r->section == GRAPH) {
        if (r->nodes.line == 0)
            return error_at(r->err, &s->pos, "SECTION Graph without 'Nodes N'");
        if (r->n_edges < r->edges.value)
            return error_at(r->err, &s->pos,
                            "%lld 'E' lines, but 'Edges' at line %ld announces %lld",
                            (long long)r->n_edges, r->edges.line, (long long)r->edges.value);
        if (r->n_arcs < r->arcs.value)
            return error_at(r->err, &s->pos,
                            "%lld 'A' lines, but 'Arcs' at line %ld announces %lld",
                            (long long)r->n_arcs, r->arcs.line, (long long)r->arcs.value);
    }
    if (r->section == TERMINALS && r->n_terminals < r->terminals.value)
        return error_at(
            r->err, &s->pos, "%lld 'T' lines, but 'Terminals' at line %ld announces %lld",
            (long long)r->n_terminals, r->terminals.line, (long long)r->terminals.value);
    r->section = NONE;
    return MVC_OK;
}

static int open_section(struct stp_reader *r)
{
    struct scanner *s = r->s;
    const char *name;
    size_t len = scan_word(s, &name);
    if (len == 0)
        return scan_expected(s, "a section name after 'SECTION'", r->err);
    r->section_line = s->pos.line;
    snprintf(r->section_title, sizeof r->section_title, "%.*s", (int)len, name);
    if (scan_word_is(name, len, "Graph")) {
        if (r->graph_line > 0)
            return error_at(r->err, &s->pos, "repeated SECTION Graph (the first is at line %ld)",
                            r->graph_line);
        r->graph_line = s->pos.line;
        r->section = GRAPH;
    } else if (scan_word_is(name, len, "Terminals")) {
        if (r->terminals_line > 0)
            return error_at(r->err, &s->pos,
                            "repeated SECTION Terminals (the first is at line %ld)",
                            r->terminals_line);
        if (r->graph_line == 0)
            return error_at(r->err, &s->pos, "SECTION Terminals before SECTION Graph");
        r->is_terminal = calloc((size_t)r->nodes.value / 64 + 1, sizeof *r->is_terminal);
        if (r->is_terminal == NULL) {
            error_at(r->err, &s->pos, "out of memory for the terminals");
            return MVC_ENOMEM;
        }
        r->terminals_line = s->pos.line;
        r->section = TERMINALS;
    } else {
        r->section = scan_word_is(name, len, "Comment") ? COMMENT : OTHER;
        scan_skip_line(s); /* other sections may carry arguments after the name */
        return MVC_OK;
    }
    return scan_end_line(s, "the section name", r->err);
}

/* One line; the keyword is already scanned. */
static int read_line(struct stp_reader *r, const char *word, size_t len, int *done)
{
    struct scanner *s = r->s;
    if (r->section == NONE) {
        if (scan_word_is(word, len, "SECTION"))
            return open_section(r);
        if (scan_word_is(word, len, "EOF")) {
            *done = 1;
            return MVC_OK;
        }
        s->p = word;
        return scan_expected(s, "'SECTION' or 'EOF'", r->err);
    }
    if (scan_word_is(word, len, "END")) {
        int status = close_section(r);
        return status == MVC_OK ? scan_end_line(s, "'END'", r->err) : status;
    }
    if (scan_word_is(word, len, "SECTION") || scan_word_is(word, len, "EOF"))
        return error_at(r->err, &s->pos,
                        "'%.*s' inside SECTION %s opened at line %ld (missing END)", (int)len, word,
                        r->section_title, r->section_line);
    int status;
    switch (r->section) {
    case GRAPH: status = read_graph_line(r, word, len); break;
    case TERMINALS: status = read_terminals_line(r, word, len); break;
    default: scan_skip_line(s); return MVC_OK;
    }
    return status == MVC_OK ? scan_end_line(s, "the line", r->err) : status;
}

static int read_file(struct stp_reader *r)
{
    struct scanner *s = r->s;
    int done = 0, first = 1;
    while (!done && !scan_at_end(s)) {
        if (scan_at_eol(s)) {
            scan_skip_line(s);
            continue;
        }
        const char *word;
        size_t len = scan_word(s, &word);
        if (first && scan_word_is(word, len, "33D32945")) { /* "33D32945 STP File, ..." */
            scan_skip_line(s);
            continue;
        }
        first = 0;
        int status = read_line(r, word, len, &done);
        if (status != MVC_OK)
            return status;
    }
    if (r->section != NONE)
        return error_at(r->err, &s->pos,
                        "end of input inside SECTION %s opened at line %ld (missing END)",
                        r->section_title, r->section_line);
    if (r->graph_line == 0)
        return error_at(r->err, &s->pos, "no SECTION Graph");
    if (!done)
        return error_at(r->err, &s->pos, "end of input without 'EOF' (truncated file?)");
    return MVC_OK;
}

/* The terminals in increasing order, from the bit set. */
static int32_t *sorted_terminals(const struct stp_reader *r)
{
    int32_t *t = malloc((size_t)(r->n_terminals > 0 ? r->n_terminals : 1) * sizeof *t);
    if (t == NULL)
        return NULL;
    int64_t k = 0;
    for (int64_t word = 0; word <= r->nodes.value / 64; word++)
        for (uint64_t bits = r->is_terminal[word]; bits != 0; bits &= bits - 1)
            t[k++] = (int32_t)(word * 64 + __builtin_ctzll(bits));
    return t;
}

int read_stp(struct scanner *s, const struct read_opts *ro, struct graph **out, struct error *err)
{
    struct stp_reader r = {0};
    r.s = s;
    r.ro = ro;
    r.err = err;
    edge_list_init(&r.el, 1);
    int status = read_file(&r);
    int32_t *terminals = NULL;
    if (status == MVC_OK && r.n_terminals > 0) {
        terminals = sorted_terminals(&r);
        if (terminals == NULL)
            status = error_set(err, MVC_ENOMEM, "%s: out of memory for the terminals", s->pos.file);
    }
    free(r.is_terminal);
    if (status != MVC_OK) {
        edge_list_free(&r.el);
        free(terminals);
        return status;
    }
    status =
        graph_build((int32_t)r.nodes.value, &r.el, terminals, (int32_t)r.n_terminals, out, err);
    free(terminals);
    return status;
}
