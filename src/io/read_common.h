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

/*
 * A "p KIND N M" header line, s at its 'p': KIND one of kinds (a NULL-ended
 * list), N within the vertex limit. header names the line in messages ("the
 * header 'p td N M'"), wrong_kind is the message for any other KIND. Sets n,
 * m and line (the header's line number).
 */
int read_p_header(struct scanner *s, const struct read_opts *ro, const char *const *kinds,
                  const char *header, const char *wrong_kind, int64_t *n, int64_t *m, long *line,
                  struct error *err);

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
