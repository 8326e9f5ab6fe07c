/* What the fuzz harnesses in tests/fuzz share: their list, opening bytes as a stream, and
 * reading bytes as a graph with every promise of the readers checked. */
#ifndef MVC_FUZZ_H
#define MVC_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "read.h"

/* What messages call the fuzzed input, so they can be checked to name it. */
#define FUZZ_INPUT_NAME "fuzz"

/* Memory a fuzzed graph may take: larger headers are refused, as on a small machine. */
#define FUZZ_MAX_BYTES ((int64_t)16 << 20)

/*
 * One harness per reader, fuzz_harness_READER in fuzz_READER.c, for each
 * READER of this list (fuzz.mk's FUZZ_READERS names the same). A harness
 * takes any bytes and aborts on a broken promise; it always returns 0.
 */
#define FUZZ_READERS(X) X(pace) X(dimacs) X(stp) X(edges) X(mtx) X(auto) X(cover) X(steiner_answer)

typedef int fuzz_harness(const uint8_t *data, size_t size);
#define FUZZ_DECLARE_HARNESS(reader) fuzz_harness fuzz_harness_##reader;
FUZZ_READERS(FUZZ_DECLARE_HARNESS)
#undef FUZZ_DECLARE_HARNESS

/* The readers' names in FUZZ_READERS order, then NULL. */
extern const char *const fuzz_readers[];

/* The harness of the reader so named, or NULL. */
fuzz_harness *fuzz_harness_named(const char *reader);

/* Reports a broken promise and aborts, so that the fuzzer keeps the input as a crash. */
void fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* The bytes as a read-only stream over *copy, a private copy to free after fclose. */
FILE *fuzz_open(const uint8_t *data, size_t size, char **copy);

/*
 * A failed read must leave nothing behind, say why, and for malformed input
 * name the input and a line that exists: "fuzz:LINE: ..." or "fuzz: ...".
 */
void fuzz_check_failure(const uint8_t *data, size_t size, int status, const struct error *err);

/*
 * Reads the bytes as format (GRAPH_FORMAT_AUTO: recognised from the content).
 * A failure is checked as above; a graph must pass graph_check and come back
 * unchanged through the writer of the format it was read in.
 */
void fuzz_read_graph(const uint8_t *data, size_t size, enum graph_format format);

#endif
