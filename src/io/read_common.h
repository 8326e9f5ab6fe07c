/* What the per-format readers share: the entry point each implements and the checks and
 * messages they all make. Only the readers and read.c include this. */
#ifndef MVC_READ_COMMON_H
#define MVC_READ_COMMON_H

#include <stdint.h>

#include "graph.h"
#include "input.h"
#include "read.h"

/* One per format; the scanner is at the start of a non-empty input. */
int read_pace(struct scanner *s, const struct read_opts *ro, struct graph **out, struct error *err);
int read_dimacs(struct scanner *s, const struct read_opts *ro, struct graph **out,
                struct error *err);
int read_stp(struct scanner *s, const struct read_opts *ro, struct graph **out, struct error *err);
int read_edges(struct scanner *s, const struct read_opts *ro, struct graph **out,
               struct error *err);
int read_mtx(struct scanner *s, const struct read_opts *ro, struct graph **out, struct error *err);

/* Bytes graph_build needs per vertex (count, fill and offsets arrays of int64). */
#define READ_BYTES_PER_VERTEX 24

/* The memory a graph may take: ro->max_bytes, or physical memory (and RLIMIT_AS if lower). */
int64_t read_memory_limit(const struct read_opts *ro);

/*
 * A vertex count from a header, already scanned: refused when above
 * GRAPH_MAX_VERTICES (MVC_EINPUT) or when the CSR would exceed the memory
 * limit (MVC_ENOMEM), with the header's position.
 */
int read_check_vertices(const struct scanner *s, const struct read_opts *ro, int64_t n,
                        struct error *err);

/* A non-negative count; what names it in messages ("number of edges", "Nodes"). */
int read_count(struct scanner *s, const char *what, int64_t *out, struct error *err);

/* Where a "p" format reader is: the header's line (0 until it is read) and counts. */
struct p_header {
    long line;
    int64_t n, m;
};

/*
 * A format whose header is a line "p KIND N M" (PACE, DIMACS): blank lines
 * and 'c' comments anywhere, the header once, before any other line. The
 * strings are its messages; line reads one line after the header (s at its
 * first character, state as given to read_p_format), end checks the whole
 * input once it has been read.
 */
struct p_format {
    const char *const *kinds; /* the words KIND may be, NULL-terminated */
    const char *header;       /* "the header 'p td N M'" */
    const char *no_header;    /* "no header 'p td N M'" */
    const char *wrong_kind;   /* expected instead of any other KIND */
    int (*line)(struct scanner *s, const struct read_opts *ro, const struct p_header *h,
                struct edge_list *el, void *state, struct error *err);
    int (*end)(struct scanner *s, const struct read_opts *ro, const struct p_header *h,
               const struct edge_list *el, void *state, struct error *err);
};

/* Reads a whole input in format f, unweighted, into *out. */
int read_p_format(struct scanner *s, const struct read_opts *ro, const struct p_format *f,
                  void *state, struct graph **out, struct error *err);

/* An item past the count a header at line announced: "more edges than the 5 announced ...". */
int read_too_many(const struct scanner *s, const char *items, int64_t announced, long line,
                  struct error *err);

/* The end of the input before all the items a header at line announced (a truncated file). */
int read_too_few(const struct scanner *s, const char *items, int64_t read, int64_t announced,
                 long line, struct error *err);

/* A 1-based vertex id in 1..n, returned 0-based. */
int read_vertex(struct scanner *s, int64_t n, int32_t *v, struct error *err);

/* An edge weight: an integer in 0..INT32_MAX. */
int read_weight(struct scanner *s, int32_t *w, struct error *err);

/* Appends an edge; running out of memory is reported at the current line. */
int read_push(const struct scanner *s, struct edge_list *el, int32_t u, int32_t v, int32_t w,
              struct error *err);

/* "FILE:LINE: warning: ..." on ro->warnings, when there is a stream. */
void read_warn(const struct read_opts *ro, const struct source_pos *pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
