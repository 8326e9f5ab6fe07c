/* Readers and writers: each format on small hand-written files, .gz and standard input,
 * detection and its override, memory limits, and write-read round trips of random graphs. */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "graph.h"
#include "read.h"
#include "tap.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

static char data_dir[512];
static char tmp_dir[256];

static const char *data_path(const char *name)
{
    static char path[800];
    snprintf(path, sizeof path, "%.511s/%.200s", data_dir, name);
    return path;
}

/* A fresh temporary file name with the given suffix (removed by the caller). */
static const char *tmp_path(const char *suffix)
{
    static char path[400];
    static int counter;
    snprintf(path, sizeof path, "%.255s/t_read_%ld_%d%.40s", tmp_dir, (long)getpid(), counter++,
             suffix);
    return path;
}

static int write_text(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return -1;
    size_t put = fwrite(text, 1, len, f);
    return fclose(f) == 0 && put == len ? 0 : -1;
}

/*
 * Reads a file of tests/data as format (GRAPH_FORMAT_AUTO: recognised), and
 * checks that it loads and is reported read as expected; NULL when it fails.
 */
static struct graph *read_data(const char *name, enum graph_format format,
                               enum graph_format expected)
{
    struct read_opts ro = {0};
    ro.format = format;
    struct graph *g = NULL;
    struct error err = {0};
    int status = graph_read(data_path(name), &ro, &g, &err);
    if (!ok(status == MVC_OK && g != NULL, "%s reads", name))
        diag("%s", err.message);
    is(ro.detected, expected, "%s: read as %s (%s)", name, graph_format_name(expected),
       format == GRAPH_FORMAT_AUTO ? "recognised" : "the format asked for");
    return g;
}

/* Reads bytes in memory, with warnings collected into *warnings (caller frees). */
static int read_text(const char *text, enum graph_format format, struct graph **g,
                     struct error *err, char **warnings)
{
    size_t size = 0;
    char *buf = NULL;
    struct read_opts ro = {0};
    ro.format = format;
    ro.warnings = warnings ? open_memstream(&buf, &size) : NULL;
    memset(err, 0, sizeof *err);
    int status = graph_read_memory("mem", text, strlen(text), &ro, g, err);
    if (warnings) {
        fclose(ro.warnings);
        *warnings = buf;
    }
    return status;
}

static int has_edge_weight(const struct graph *g, int32_t u, int32_t v, int64_t w)
{
    return graph_edge_weight(g, u, v) == w && graph_edge_weight(g, v, u) == w;
}

static int same_structure(const struct graph *a, const struct graph *b)
{
    if (a->n != b->n || a->m != b->m)
        return 0;
    for (int32_t v = 0; v <= a->n; v++)
        if (a->offsets[v] != b->offsets[v])
            return 0;
    return memcmp(a->adj, b->adj, (size_t)(2 * a->m) * sizeof *a->adj) == 0;
}

/* Weights as graph_edge_weight sees them: 1 everywhere for an unweighted graph. */
static int same_weights(const struct graph *a, const struct graph *b)
{
    for (int64_t i = 0; i < 2 * a->m; i++)
        if ((a->weights ? a->weights[i] : 1) != (b->weights ? b->weights[i] : 1))
            return 0;
    return 1;
}

static int same_terminals(const struct graph *a, const struct graph *b)
{
    return a->n_terminals == b->n_terminals &&
           (a->n_terminals == 0 ||
            memcmp(a->terminals, b->terminals, (size_t)a->n_terminals * sizeof *a->terminals) == 0);
}

static void test_format_names(void)
{
    static const struct {
        const char *name;
        enum graph_format format;
    } names[] = {{"auto", GRAPH_FORMAT_AUTO},    {"pace", GRAPH_FORMAT_PACE},
                 {"gr", GRAPH_FORMAT_PACE},      {"dimacs", GRAPH_FORMAT_DIMACS},
                 {"stp", GRAPH_FORMAT_STP},      {"steinlib", GRAPH_FORMAT_STP},
                 {"edges", GRAPH_FORMAT_EDGES},  {"snap", GRAPH_FORMAT_EDGES},
                 {"konect", GRAPH_FORMAT_EDGES}, {"mtx", GRAPH_FORMAT_MTX},
                 {"PACE", GRAPH_FORMAT_PACE}};
    int good = 1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        enum graph_format f = GRAPH_FORMAT_AUTO;
        good &= graph_format_parse(names[i].name, &f) == MVC_OK && f == names[i].format;
    }
    ok(good, "every format name and alias parses to its format");
    enum graph_format f = GRAPH_FORMAT_MTX;
    is(graph_format_parse("xml", &f), MVC_EUNSUPPORTED, "an unknown format name is refused");
    is(graph_format_parse("pac", &f), MVC_EUNSUPPORTED, "a prefix of a name is refused");
    good = 1;
    for (f = GRAPH_FORMAT_AUTO; f <= GRAPH_FORMAT_MTX; f++) {
        enum graph_format back;
        good &= graph_format_parse(graph_format_name(f), &back) == MVC_OK && back == f;
    }
    ok(good, "graph_format_name gives names that parse back");
}

static void test_pace(void)
{
    struct graph *g = read_data("small.gr", GRAPH_FORMAT_AUTO, GRAPH_FORMAT_PACE);
    if (g == NULL)
        return;
    is(g->n, 7, "small.gr: 7 vertices");
    is(g->m, 5, "small.gr: 5 distinct edges");
    is(g->loops_dropped, 1, "small.gr: the self-loop is dropped and counted");
    is(g->parallel_merged, 1, "small.gr: the repeated edge is merged and counted");
    ok(graph_has_edge(g, 0, 2) && graph_has_edge(g, 3, 4) && !graph_has_edge(g, 0, 3),
       "small.gr: edges 1-3 and 4-5 present, 1-4 absent");
    ok(graph_degree(g, 5) == 0 && graph_degree(g, 6) == 0, "small.gr: vertices 6, 7 isolated");
    ok(g->weights == NULL && g->terminals == NULL && g->labels == NULL,
       "small.gr: no weights, terminals or labels");
    graph_free(g);

    struct error err;
    is(read_text("p td 0 0\n", GRAPH_FORMAT_AUTO, &g, &err, NULL), MVC_OK,
       "empty graph 'p td 0 0'");
    ok(g && g->n == 0 && g->m == 0, "has no vertices");
    graph_free(g);
    is(read_text("p td 3 2\r\n1 2\r\n\r\n2 3\r\n", GRAPH_FORMAT_AUTO, &g, &err, NULL), MVC_OK,
       "CRLF line ends read");
    ok(g && g->m == 2 && graph_has_edge(g, 1, 2), "CRLF file has both edges");
    graph_free(g);
    is(read_text("c x\np td 2 1\n  1\t2  \nc end", GRAPH_FORMAT_AUTO, &g, &err, NULL), MVC_OK,
       "blanks around ids, a last line without newline");
    ok(g && g->m == 1, "one edge");
    graph_free(g);
}

static void test_dimacs(void)
{
    struct graph *g = read_data("small.dimacs", GRAPH_FORMAT_AUTO, GRAPH_FORMAT_DIMACS);
    if (g) {
        ok(g->n == 5 && g->m == 5 && graph_has_edge(g, 0, 2) && !graph_has_edge(g, 1, 3),
           "small.dimacs: 5 vertices, 5 edges, chord 1-3");
        graph_free(g);
    }
    g = read_data("small.col", GRAPH_FORMAT_AUTO, GRAPH_FORMAT_DIMACS); /* 'p col' */
    if (g) {
        ok(g->n == 4 && g->m == 3, "small.col: path on 4 vertices");
        graph_free(g);
    }

    struct error err;
    char *warnings = NULL;
    is(read_text("p edge 3 5\ne 1 2\n", GRAPH_FORMAT_AUTO, &g, &err, &warnings), MVC_OK,
       "DIMACS edge count below the header: read anyway");
    ok(g && g->m == 1, "with the edges it has");
    if (!ok(warnings &&
                strcmp(warnings, "mvc-gpu: mem:2: warning: 1 edges read, but the header at line 1 "
                                 "announces 5\n") == 0,
            "and one warning naming both counts"))
        diag("warning: %s", warnings ? warnings : "(none)");
    free(warnings);
    graph_free(g);
    is(read_text("p col 3 1\nn 1 5\ne 1 2\n", GRAPH_FORMAT_AUTO, &g, &err, &warnings), MVC_OK,
       "DIMACS vertex weight lines read");
    ok(warnings &&
           strstr(warnings, "mvc-gpu: mem:2: warning: vertex weight lines 'n' ignored") == warnings,
       "and ignored with a warning");
    free(warnings);
    graph_free(g);
    is(read_text("p edge 3 5\ne 1 2\n", GRAPH_FORMAT_AUTO, &g, &err, NULL), MVC_OK,
       "no warning stream: silent");
    graph_free(g);
}

static void test_stp(void)
{
    struct graph *g = read_data("small.stp", GRAPH_FORMAT_AUTO, GRAPH_FORMAT_STP);
    if (g) {
        is(g->n, 6, "small.stp: 6 vertices");
        is(g->m, 6, "small.stp: 6 distinct edges");
        ok(has_edge_weight(g, 0, 1, 3), "the lighter of the two 1-2 edges is kept (3, not 9)");
        ok(has_edge_weight(g, 3, 4, 10) && has_edge_weight(g, 0, 5, 7) &&
               has_edge_weight(g, 2, 3, 1),
           "weights 4-5: 10, 1-6: 7, 3-4: 1");
        ok(g->n_terminals == 3 && g->terminals[0] == 0 && g->terminals[1] == 2 &&
               g->terminals[2] == 4,
           "terminals 5 1 3 stored sorted as 0 2 4");
        graph_free(g);
    }
    /* a .gr file with STP content is read as STP */
    g = read_data("pace2018.gr", GRAPH_FORMAT_AUTO, GRAPH_FORMAT_STP);
    if (g) {
        ok(g->n == 4 && g->m == 3 && has_edge_weight(g, 1, 2, 6), "mixed-case keywords read");
        ok(g->n_terminals == 2 && g->terminals[0] == 0 && g->terminals[1] == 3,
           "its terminals 4 and 1, sorted");
        graph_free(g);
    }
    struct error err;
    is(read_text("SECTION Graph\nNodes 3\nArcs 2\nA 1 2 4\nA 2 1 3\nEND\nEOF\ntrailing text\n",
                 GRAPH_FORMAT_AUTO, &g, &err, NULL),
       MVC_OK, "arcs read, text after EOF ignored");
    ok(g && g->m == 1 && has_edge_weight(g, 0, 1, 3) && g->n_terminals == 0,
       "arcs both ways are one undirected edge, lighter weight");
    graph_free(g);
    struct read_opts ro = {0};
    const char *late_magic = "\n  33D32945 STP File\nSECTION Graph\nNodes 2\nEND\nEOF\n";
    is(graph_read_memory("mem", late_magic, strlen(late_magic), &ro, &g, &err), MVC_OK,
       "the STP magic after a blank line");
    ok(ro.detected == GRAPH_FORMAT_STP && g && g->n == 2 && g->m == 0,
       "is still recognised and skipped");
    graph_free(g);
}

static void test_edges(void)
{
    struct graph *g = read_data("snap.txt", GRAPH_FORMAT_AUTO, GRAPH_FORMAT_EDGES);
    if (g) {
        static const int64_t labels[] = {0, 1, 2, 3, 7};
        ok(g->n == 5 && g->labels && memcmp(g->labels, labels, sizeof labels) == 0,
           "ids 0 1 2 7 3 relabelled in increasing order, originals kept");
        ok(g->m == 5 && graph_has_edge(g, 2, 4) && graph_has_edge(g, 4, 3) && !g->weights,
           "edges 2-7 and 7-3 become 2-4 and 4-3; no weights");
        graph_free(g);
    }
    g = read_data("konect.tsv", GRAPH_FORMAT_AUTO, GRAPH_FORMAT_EDGES);
    if (g) {
        ok(g->n == 3 && g->labels[0] == 10 && g->labels[2] == 30, "ids 10 20 30");
        ok(g->weights && has_edge_weight(g, 0, 1, 3) && has_edge_weight(g, 1, 2, 1) &&
               has_edge_weight(g, 2, 0, 2),
           "third column kept as weights (the lighter of the repeated edge), timestamps ignored");
        graph_free(g);
    }
    g = read_data("sparse_ids.txt", GRAPH_FORMAT_AUTO, GRAPH_FORMAT_EDGES);
    if (g) {
        static const int64_t labels[] = {5, 42, 123456789012, 9000000000000000000};
        ok(g->n == 4 && memcmp(g->labels, labels, sizeof labels) == 0, "far-apart 64-bit ids");
        ok(g->m == 4 && graph_has_edge(g, 3, 0) && graph_has_edge(g, 0, 2) &&
               graph_has_edge(g, 2, 1) && graph_has_edge(g, 1, 3) && !graph_has_edge(g, 0, 1),
           "form the cycle they describe");
        graph_free(g);
    }
    struct error err;
    char *warnings = NULL;
    is(read_text("1 2 0.5\n2 3 1\n", GRAPH_FORMAT_AUTO, &g, &err, &warnings), MVC_OK,
       "real third column read");
    ok(g && g->weights == NULL && g->m == 2, "as an unweighted graph");
    ok(warnings && strncmp(warnings, "mvc-gpu: mem:1: warning: non-integer weight", 43) == 0,
       "with a warning at the first real value");
    free(warnings);
    graph_free(g);
    is(read_text("0 9223372036854775807\n", GRAPH_FORMAT_AUTO, &g, &err, NULL), MVC_OK,
       "id INT64_MAX read");
    ok(g && g->n == 2 && g->labels[1] == INT64_MAX, "and kept as a label");
    graph_free(g);
}

/* Ids shifted far apart take the sorting path of relabelling; the graph must not change. */
static void test_relabel_paths(unsigned seed)
{
    srand(seed);
    size_t cap = 1 << 16, len = 0;
    char *dense = malloc(cap), *sparse = malloc(cap);
    size_t len2 = 0;
    for (int i = 0; i < 400; i++) {
        long u = rand() % 300, v = rand() % 300;
        len += (size_t)snprintf(dense + len, cap - len, "%ld %ld\n", u, v);
        len2 += (size_t)snprintf(sparse + len2, cap - len2, "%lld %lld\n",
                                 (long long)u * 1000000000000LL + 7,
                                 (long long)v * 1000000000000LL + 7);
    }
    struct graph *a = NULL, *b = NULL;
    struct error err;
    read_text(dense, GRAPH_FORMAT_EDGES, &a, &err, NULL);
    read_text(sparse, GRAPH_FORMAT_EDGES, &b, &err, NULL);
    int same = a && b && same_structure(a, b);
    for (int32_t v = 0; same && v < a->n; v++)
        same = b->labels[v] == a->labels[v] * 1000000000000LL + 7;
    ok(same, "relabelling by table and by sorting agree (seed %u)", seed);
    graph_free(a);
    graph_free(b);
    free(dense);
    free(sparse);
}

static void test_mtx(void)
{
    struct graph *g = read_data("pattern.mtx", GRAPH_FORMAT_AUTO, GRAPH_FORMAT_MTX);
    if (g) {
        ok(g->n == 4 && g->m == 3 && g->loops_dropped == 1 && !g->weights,
           "symmetric pattern: the path, the diagonal entry dropped");
        graph_free(g);
    }
    g = read_data("integer.mtx", GRAPH_FORMAT_AUTO, GRAPH_FORMAT_MTX);
    if (g) {
        ok(g->n == 3 && g->m == 3 && g->parallel_merged == 1, "general matrix symmetrised");
        ok(has_edge_weight(g, 0, 1, 5) && has_edge_weight(g, 1, 2, 1) &&
               has_edge_weight(g, 2, 0, 0),
           "integer values are weights; (1,2)=7 and (2,1)=5 keep 5; an explicit 0 is an edge");
        graph_free(g);
    }
    g = read_data("real.mtx", GRAPH_FORMAT_AUTO, GRAPH_FORMAT_MTX);
    if (g) {
        ok(g->n == 3 && g->m == 3 && g->weights == NULL, "real values are ignored");
        graph_free(g);
    }
}

static void test_override(void)
{
    /* an explicit format is used and reported */
    struct graph *g = read_data("small.dimacs", GRAPH_FORMAT_DIMACS, GRAPH_FORMAT_DIMACS);
    graph_free(g);
    struct read_opts ro = {0};
    ro.format = GRAPH_FORMAT_PACE;
    struct error err = {0};
    char expected[900];
    snprintf(expected, sizeof expected, "%s:1: expected the header 'p td N M', found '33D32945'",
             data_path("small.stp"));
    is(graph_read(data_path("small.stp"), &ro, &g, &err), MVC_EINPUT,
       "an STP file read as PACE is refused");
    ok(strcmp(err.message, expected) == 0, "at its first line");
    diag("%s", err.message);
    memset(&err, 0, sizeof err);
    is(read_text("1 2\n2 3\n", GRAPH_FORMAT_EDGES, &g, &err, NULL), MVC_OK,
       "an edge list named as such");
    graph_free(g);
}

static void test_files_and_limits(void)
{
    struct graph *g = NULL;
    struct error err = {0};
    const char *missing = data_path("no-such-file.gr");
    is(graph_read(missing, NULL, &g, &err), MVC_EIO, "a missing file is an I/O error");
    ok(strncmp(err.message, missing, strlen(missing)) == 0 && strchr(err.message, '\n') == NULL,
       "whose one-line message names the file");
    memset(&err, 0, sizeof err);
    is(graph_read(data_dir, NULL, &g, &err), MVC_EIO, "a directory is an I/O error");

    struct read_opts ro = {0};
    ro.max_bytes = 1 << 20;
    memset(&err, 0, sizeof err);
    is(graph_read_memory("mem", "p td 100000000 0\n", 17, &ro, &g, &err), MVC_ENOMEM,
       "a vertex count beyond the memory allowed is refused before allocating");
    ok(strcmp(err.message, "mem:1: 100000000 vertices need at least 2.2 GiB, more than the "
                           "1.0 MiB of memory allowed") == 0,
       "with the header's position and both sizes");
    diag("%s", err.message);
    ok(g == NULL, "and no graph");
    memset(&err, 0, sizeof err);
    is(graph_read_memory("mem", "SECTION Graph\nNodes 100000000\n", 30, &ro, &g, &err), MVC_ENOMEM,
       "the same for an STP 'Nodes' line");
    memset(&err, 0, sizeof err);
    is(graph_read_memory("mem",
                         "%%MatrixMarket matrix coordinate pattern general\n"
                         "100000000 100000000 0\n",
                         72, &ro, &g, &err),
       MVC_ENOMEM, "and a Matrix Market size line");
    ro.max_bytes = 1 << 30;
    memset(&err, 0, sizeof err);
    is(graph_read_memory("mem", "p td 1000 0\n", 12, &ro, &g, &err), MVC_OK,
       "a small graph within the limit reads");
    ok(g && g->n == 1000 && g->m == 0, "1000 isolated vertices");
    graph_free(g);
}

/*
 * Files are mapped unless their size is a multiple of the page size, which
 * leaves no zero byte after the content; both ways must read the same, also
 * when the last line has no newline and ends exactly at the page end.
 */
static void test_page_sized_files(void)
{
    long page = sysconf(_SC_PAGESIZE);
    const long sizes[] = {page - 1, page, page + 1, 2 * page};
    const char *head = "p td 3 2\n1 2\nc ", *tail = "\n2 3";
    for (int k = 0; k < 4; k++) {
        size_t len = (size_t)sizes[k], pad = len - strlen(head) - strlen(tail);
        char *text = malloc(len);
        memcpy(text, head, strlen(head));
        memset(text + strlen(head), 'x', pad);
        memcpy(text + strlen(head) + pad, tail, strlen(tail));
        const char *path = tmp_path(".gr");
        write_text(path, text, len);
        struct graph *g = NULL;
        struct error err = {0};
        int status = graph_read(path, NULL, &g, &err);
        ok(status == MVC_OK && g && g->m == 2 && graph_has_edge(g, 1, 2),
           "a %ld-byte file whose last line has no newline reads (page size %ld)", (long)len, page);
        if (status != MVC_OK)
            diag("%s", err.message);
        graph_free(g);
        unlink(path);
        free(text);
    }
}

static void test_writer_errors(void)
{
    struct graph *g = graph_from_edges(2, (const int32_t[][2]){{0, 1}}, 1);
    FILE *ro = fopen("/dev/null", "r");
    if (ro == NULL) {
        skip("/dev/null cannot be opened");
        skip("/dev/null cannot be opened");
    } else {
        is(graph_write_pace(ro, g), MVC_EIO, "writing to a read-only stream reports MVC_EIO");
        fclose(ro);
        FILE *null = fopen("/dev/null", "w");
        is(graph_write(null, g, GRAPH_FORMAT_AUTO), MVC_EUNSUPPORTED, "no writer for 'auto'");
        fclose(null);
    }
    graph_free(g);
}

static void test_stdin(void)
{
    const char *text = "c from a pipe\np td 3 2\n1 2\n2 3\n";
    int saved = dup(STDIN_FILENO), fds[2];
    if (saved < 0 || pipe(fds) != 0)
        bail("cannot set up a pipe for standard input");
    ssize_t put = write(fds[1], text, strlen(text));
    close(fds[1]);
    dup2(fds[0], STDIN_FILENO);
    close(fds[0]);
    struct graph *g = NULL;
    struct error err = {0};
    is(put, (ssize_t)strlen(text), "pipe filled");
    is(graph_read("-", NULL, &g, &err), MVC_OK, "'-' reads standard input (a pipe)");
    ok(g && g->n == 3 && g->m == 2, "the graph from the pipe");
    graph_free(g);

    const char *path = tmp_path(".gr");
    write_text(path, "p td 3 2\n1 2\n", 12);
    int fd = open(path, O_RDONLY);
    dup2(fd, STDIN_FILENO);
    close(fd);
    memset(&err, 0, sizeof err);
    is(graph_read("-", NULL, &g, &err), MVC_EINPUT, "standard input from a truncated file");
    ok(strcmp(err.message, "<stdin>:2: end of input after 1 of the 2 edges announced at line 1 "
                           "(truncated file?)") == 0,
       "messages call it <stdin>");
    diag("%s", err.message);

    /* Standard input already partly read: reading starts where the caller left it. */
    write_text(path, "skipped!\np td 2 1\n1 2\n", 22);
    fd = open(path, O_RDONLY);
    lseek(fd, 9, SEEK_SET);
    dup2(fd, STDIN_FILENO);
    close(fd);
    memset(&err, 0, sizeof err);
    is(graph_read("-", NULL, &g, &err), MVC_OK, "standard input read from its current offset");
    ok(g && g->n == 2 && g->m == 1, "the graph after the offset");
    graph_free(g);
    dup2(saved, STDIN_FILENO);
    close(saved);
    unlink(path);
}

#ifdef HAVE_ZLIB
static int write_gzip(const char *path, const char *mode, const char *text)
{
    gzFile z = gzopen(path, mode);
    if (z == NULL)
        return -1;
    int put = gzwrite(z, text, (unsigned)strlen(text));
    return gzclose(z) == Z_OK && put == (int)strlen(text) ? 0 : -1;
}

static void test_gzip(void)
{
    const char *path = tmp_path(".gr.gz");
    struct graph *g = NULL, *plain = NULL;
    struct error err = {0};
    const char *text = "c compressed\np td 5 4\n1 2\n2 3\n3 4\n4 5\n";
    ok(write_gzip(path, "wb", text) == 0, "gzip file written");
    is(graph_read(path, NULL, &g, &err), MVC_OK, ".gz file read");
    read_text(text, GRAPH_FORMAT_AUTO, &plain, &err, NULL);
    ok(g && plain && same_structure(g, plain), "same graph as the uncompressed text");
    graph_free(g);

    /* Two members, as "cat a.gz b.gz" makes: one file. */
    ok(write_gzip(path, "wb", "p td 5 4\n1 2\n2 3\n") == 0 &&
           write_gzip(path, "ab", "3 4\n4 5\n") == 0,
       "two gzip members written");
    memset(&err, 0, sizeof err);
    is(graph_read(path, NULL, &g, &err), MVC_OK, "concatenated members read");
    ok(g && same_structure(g, plain), "as one input");
    graph_free(g);

    struct stat st;
    stat(path, &st);
    ok(truncate(path, st.st_size - 6) == 0, "gzip file truncated");
    memset(&err, 0, sizeof err);
    char expected[500];
    snprintf(expected, sizeof expected, "%s: truncated gzip data", path);
    is(graph_read(path, NULL, &g, &err), MVC_EINPUT, "truncated gzip data refused");
    ok(strcmp(err.message, expected) == 0, "with a message that says so");
    diag("%s", err.message);

    const char *stp = tmp_path(".stp.gz");
    ok(write_gzip(stp, "wb", "SECTION Graph\nNodes 2\nEdges 1\nE 1 2 9\nEND\nEOF\n") == 0,
       "gzip STP written");
    memset(&err, 0, sizeof err);
    struct read_opts ro = {0};
    is(graph_read(stp, &ro, &g, &err), MVC_OK, "gzip STP read");
    ok(ro.detected == GRAPH_FORMAT_STP && g && has_edge_weight(g, 0, 1, 9),
       "detection looks at the inflated content");
    graph_free(g);
    graph_free(plain);
    unlink(path);
    unlink(stp);
}
#else
static void test_gzip(void)
{
    const char *path = tmp_path(".gr.gz");
    write_text(path, "\x1f\x8b\x08\x00 not really gzip", 22);
    struct graph *g = NULL;
    struct error err = {0};
    is(graph_read(path, NULL, &g, &err), MVC_EUNSUPPORTED, "gzip input without zlib: refused");
    ok(strstr(err.message, "no zlib") != NULL, "with a message that says why");
    for (int i = 0; i < 10; i++) /* as many as the zlib build runs */
        skip("built without zlib");
    unlink(path);
}
#endif

/* A random graph: n up to 40, weights in half the cases, a few terminals. */
static struct graph *random_graph(unsigned *state)
{
    int32_t n = (int32_t)(rand_r(state) % 41);
    double p = (rand_r(state) % 100) / 100.0;
    int weighted = rand_r(state) % 2;
    struct edge_list el;
    edge_list_init(&el, weighted);
    for (int32_t u = 0; u < n; u++)
        for (int32_t v = u + 1; v < n; v++)
            if (rand_r(state) < p * RAND_MAX) {
                int32_t w = (int32_t)(rand_r(state) % 1000);
                if (rand_r(state) % 2)
                    edge_list_push(&el, u, v, w);
                else
                    edge_list_push(&el, v, u, w);
            }
    int32_t *terminals = malloc((size_t)(n + 1) * sizeof *terminals), t = 0;
    for (int32_t v = 0; v < n; v++)
        if (rand_r(state) % 4 == 0)
            terminals[t++] = v;
    struct graph *g = NULL;
    struct error err = {0};
    graph_build(n, &el, terminals, t, &g, &err);
    free(terminals);
    return g;
}

static struct graph *write_and_read(const struct graph *g, enum graph_format f,
                                    enum graph_format *detected)
{
    const char *path = tmp_path(".graph");
    FILE *out = fopen(path, "w");
    if (out == NULL)
        return NULL;
    int status = graph_write(out, g, f);
    if (fclose(out) != 0 || status != MVC_OK) {
        unlink(path);
        return NULL;
    }
    struct read_opts ro = {0};
    struct graph *back = NULL;
    struct error err = {0};
    if (graph_read(path, &ro, &back, &err) != MVC_OK)
        diag("reading back %s: %s", graph_format_name(f), err.message);
    *detected = ro.detected;
    unlink(path);
    return back;
}

/* Edge lists drop isolated vertices: compare through the labels (vertex v was id v + 1). */
static int same_through_labels(const struct graph *g, const struct graph *h)
{
    if (h->labels == NULL || h->m != g->m)
        return 0;
    for (int32_t x = 0; x < h->n; x++) {
        int64_t u = h->labels[x] - 1;
        if (u < 0 || u >= g->n || graph_degree(g, (int32_t)u) != graph_degree(h, x))
            return 0;
        for (int64_t i = h->offsets[x]; i < h->offsets[x + 1]; i++) {
            int64_t v = h->labels[h->adj[i]] - 1;
            if (graph_edge_weight(g, (int32_t)u, (int32_t)v) != (h->weights ? h->weights[i] : 1))
                return 0;
        }
    }
    return 1;
}

static void test_round_trips(unsigned seed)
{
    enum { GRAPHS = 30 };
    unsigned state = seed;
    int failures[GRAPH_FORMAT_MTX + 1] = {0};
    int edges_twice = 1;
    for (int k = 0; k < GRAPHS; k++) {
        struct graph *g = random_graph(&state);
        for (enum graph_format f = GRAPH_FORMAT_PACE; f <= GRAPH_FORMAT_MTX; f++) {
            if (f == GRAPH_FORMAT_EDGES && g->m == 0)
                continue; /* an edge list cannot hold a graph without edges */
            enum graph_format detected = GRAPH_FORMAT_AUTO;
            struct graph *h = write_and_read(g, f, &detected);
            int good = h != NULL && detected == f;
            if (good && f == GRAPH_FORMAT_EDGES) {
                good = same_through_labels(g, h) && (g->weights != NULL) == (h->weights != NULL);
                /* A second trip starts from labels and must reproduce them exactly. */
                struct graph *h2 = write_and_read(h, f, &detected);
                edges_twice &= h2 && same_structure(h, h2) && same_weights(h, h2) &&
                               memcmp(h->labels, h2->labels, (size_t)h->n * sizeof *h->labels) == 0;
                graph_free(h2);
            } else if (good) {
                good = same_structure(g, h);
                if (f == GRAPH_FORMAT_STP)
                    good = good && same_weights(g, h) && same_terminals(g, h);
                if (f == GRAPH_FORMAT_MTX)
                    good =
                        good && (g->weights != NULL) == (h->weights != NULL) && same_weights(g, h);
                if (f == GRAPH_FORMAT_PACE || f == GRAPH_FORMAT_DIMACS)
                    good = good && h->weights == NULL;
            }
            if (!good && failures[f]++ == 0)
                diag("%s round trip differs on graph %d (n %ld, m %lld)", graph_format_name(f), k,
                     (long)g->n, (long long)g->m);
            graph_free(h);
        }
        graph_free(g);
    }
    for (enum graph_format f = GRAPH_FORMAT_PACE; f <= GRAPH_FORMAT_MTX; f++)
        is(failures[f], 0, "%s: write then read gives the same graph (%d random graphs, seed %u)",
           graph_format_name(f), GRAPHS, seed);
    ok(edges_twice, "edge list: a second round trip keeps the labels");
}

int main(void)
{
    const char *top = getenv("top_srcdir");
    snprintf(data_dir, sizeof data_dir, "%.480s/tests/data", top ? top : TOP_SRCDIR);
    const char *tmp = getenv("TMPDIR");
    snprintf(tmp_dir, sizeof tmp_dir, "%.250s", tmp && *tmp ? tmp : "/tmp");
    const char *seed_text = getenv("T_READ_SEED");
    unsigned seed = seed_text ? (unsigned)strtoul(seed_text, NULL, 10) : 20240607u;
    diag("seed %u (set T_READ_SEED to replay another)", seed);

    test_format_names();
    test_pace();
    test_dimacs();
    test_stp();
    test_edges();
    test_relabel_paths(seed);
    test_mtx();
    test_override();
    test_files_and_limits();
    test_page_sized_files();
    test_writer_errors();
    test_stdin();
    test_gzip();
    test_round_trips(seed);
    done_testing();
    return exit_status();
}
