/* Graph files: the formats mvc-gpu reads (recognised from the content) and writes. */
#ifndef MVC_READ_H
#define MVC_READ_H

#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "graph.h"

/*
 * What each reader accepts, and what it decides where the formats leave room.
 * Common to all: blank lines are ignored, '\r' before '\n' is a blank, and
 * every malformed input gives exactly one "FILE:LINE: message" and a negative
 * status (MVC_EINPUT; MVC_ENOMEM when the graph cannot be held in memory).
 * Self-loops are dropped and repeated edges merged by graph_build, which
 * counts both. A header whose vertex count exceeds GRAPH_MAX_VERTICES, or
 * whose per-vertex arrays alone would exceed the memory allowed
 * (read_opts.max_bytes), is refused at the header line before anything is
 * allocated.
 *
 * PACE 2019 (.gr): "p td N M", then M lines "u v" with 1-based ids; lines
 * beginning with 'c' are comments, anywhere. The edge count must match: a
 * shortfall is how a truncated file shows, so it is an error.
 *
 * DIMACS clique / colouring: "p edge N M" ("p edges" and "p col" too), "e u v",
 * 'c' comments; 'n' (vertex weight) lines are ignored with a warning. An edge
 * count that disagrees with the header is only a warning through
 * read_opts.warnings, because published DIMACS files count inconsistently
 * (some count each edge twice).
 *
 * SteinLib / PACE 2018 (.stp): keywords are case-insensitive. An optional
 * "33D32945 ..." first line, then sections "SECTION name" ... "END" and a
 * final "EOF" (required: without it the file is taken as truncated; anything
 * after it is ignored). SECTION Graph needs "Nodes N" before any edge and
 * "Edges M" ("Arcs M") before "E u v w" ("A u v w", read as undirected
 * edges); weights are integers in 0..INT32_MAX. SECTION Terminals (optional,
 * after Graph) holds "Terminals T" and T lines "T v", distinct; they are
 * stored sorted. Every count must match its lines. Other sections
 * (Comment, Coordinates, ...) are skipped; "Root" and prize lines are refused.
 *
 * Edge lists (SNAP, KONECT): lines "u v [w [t]]" with '#' or '%' comment
 * lines. Ids are any integers in 0..INT64_MAX; the distinct ids become
 * vertices 0..n-1 in increasing order of id and g->labels keeps the
 * original ids (so a vertex that appears in no edge does not exist). Every
 * edge line must have as many columns as the first. A third column of
 * integers is the edge weight (0..INT32_MAX, negative is an error); if any
 * value in it is not an integer (KONECT ratings such as 0.5) the column is
 * not a weight and the graph is read unweighted, with a warning. A fourth
 * column (KONECT timestamps) is checked to be a number and ignored. An edge
 * list without edges is an error (it would be an empty graph by accident).
 *
 * Matrix Market: "%%MatrixMarket matrix coordinate FIELD SYMMETRY" on the
 * first line with FIELD pattern, integer or real and SYMMETRY general or
 * symmetric; '%' comments; "ROWS COLS ENTRIES"; 1-based entries "i j [value]".
 * The matrix must be square and the entry count must match. Integer values
 * become edge weights (negative is an error); real values are checked and
 * ignored, since a vertex cover does not depend on them. A general matrix
 * is symmetrised: (i, j) and (j, i) are one edge (the lighter weight kept).
 */
enum graph_format {
    GRAPH_FORMAT_AUTO,
    GRAPH_FORMAT_PACE,
    GRAPH_FORMAT_DIMACS,
    GRAPH_FORMAT_STP,
    GRAPH_FORMAT_EDGES,
    GRAPH_FORMAT_MTX,
};

/*
 * "auto", "pace" | "gr", "dimacs", "stp" | "steinlib", "edges" | "snap" |
 * "konect", "mtx" (any case). Returns 0, or MVC_EUNSUPPORTED for other names.
 */
int graph_format_parse(const char *name, enum graph_format *out);

/* The canonical name above ("pace", "dimacs", ...). */
const char *graph_format_name(enum graph_format f);

struct read_opts {
    enum graph_format format;   /* GRAPH_FORMAT_AUTO: recognise it from the content */
    FILE *warnings;             /* "mvc-gpu: FILE:LINE: warning: ..." lines; NULL: silent */
    int64_t max_bytes;          /* refuse graphs whose CSR needs more; 0: physical memory */
    enum graph_format detected; /* out: the format that was read */
};

/*
 * Reads path ("-" is standard input; gzip content is inflated when built
 * with zlib). ro may be NULL for the defaults. Recognition from the content
 * looks at the first line that is neither blank nor a comment ('c', '#', '%'):
 * "p td" (PACE), "p edge" / "p edges" / "p col" or "e" (DIMACS), "SECTION" or
 * a first line "33D32945" (STP), "%%MatrixMarket" (MTX), or a line of two to
 * four numbers (edge list). Anything else is an error, not a guess. On
 * success *out owns a new graph.
 */
int graph_read(const char *path, struct read_opts *ro, struct graph **out, struct error *err);

/* The same over bytes in memory; name is what messages call the input. */
int graph_read_memory(const char *name, const void *data, size_t len, struct read_opts *ro,
                      struct graph **out, struct error *err);

/*
 * Writers, so that reading what they write gives the same graph back. They
 * return 0, or MVC_EIO when the stream reports an error.
 * PACE and DIMACS carry neither weights nor terminals. STP writes weight 1 for
 * an unweighted graph and a Terminals section when there are terminals.
 * Edge lists write g->labels as ids when present (1-based ids otherwise) and
 * a weight column for weighted graphs; they cannot express isolated vertices.
 * Matrix Market writes the lower triangle of a symmetric pattern or integer
 * matrix.
 */
int graph_write_pace(FILE *out, const struct graph *g);
int graph_write_dimacs(FILE *out, const struct graph *g);
int graph_write_stp(FILE *out, const struct graph *g);
int graph_write_edges(FILE *out, const struct graph *g);
int graph_write_mtx(FILE *out, const struct graph *g);

/* One of the writers above by format; MVC_EUNSUPPORTED for GRAPH_FORMAT_AUTO. */
int graph_write(FILE *out, const struct graph *g, enum graph_format f);

#endif
