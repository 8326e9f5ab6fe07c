/* A vertex cover: membership flags over the input graph, checking and PACE .vc I/O. */
#ifndef MVC_COVER_H
#define MVC_COVER_H

#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "graph.h"

struct cover {
    int32_t n;    /* vertices of the graph it covers */
    int32_t size; /* number of vertices with in[v] != 0 */
    uint8_t *in;  /* n flags */
};

int cover_init(struct cover *c, int32_t n); /* empty cover of n vertices */
void cover_free(struct cover *c);
void cover_add(struct cover *c, int32_t v); /* idempotent */
int cover_copy(struct cover *dst, const struct cover *src);

/*
 * 0 when every edge of g has an end in c. Otherwise MVC_EINPUT, with the first
 * uncovered edge (1-based, as users read it) in err.
 */
int cover_check(const struct graph *g, const struct cover *c, struct error *err);

/* PACE 2019 solution: "s vc n size", then one 1-based vertex per line. */
int cover_write_pace(FILE *out, const struct cover *c);

/*
 * Reads a .vc solution for a graph of n vertices ("c" comments allowed; the
 * "s vc" line must agree with the vertices listed). Errors name file and line.
 */
int cover_read_pace(const char *path, int32_t n, struct cover *c, struct error *err);

/* The same from an open stream; name is what messages call it. */
int cover_read_pace_stream(FILE *in, const char *name, int32_t n, struct cover *c,
                           struct error *err);

#endif
