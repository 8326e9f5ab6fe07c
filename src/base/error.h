/* Status codes and the one error helper that every module reports through. */
#ifndef MVC_ERROR_H
#define MVC_ERROR_H

#include <stdarg.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Library functions return 0 or one of these; only main.c maps them to exit statuses. */
enum mvc_status {
    MVC_OK = 0,
    MVC_EINPUT = -1,       /* malformed input: the message names file and line */
    MVC_ENOMEM = -2,       /* host allocation failed or the request is too large */
    MVC_EIO = -3,          /* a file could not be opened, read or written */
    MVC_EDEVICE = -4,      /* CUDA failure or no usable device */
    MVC_EUNSUPPORTED = -5, /* asked for something this build cannot do */
    MVC_EINTERNAL = -6,    /* an answer failed the solver's own check: a bug, not the input */
};

#define ERROR_MESSAGE_MAX 512

/* The first error wins; later ones are ignored so the root cause is what users see. */
struct error {
    int set;
    char message[ERROR_MESSAGE_MAX];
};

/* Where a reader is: the file name as the user gave it and a 1-based line number (0 = no line). */
struct source_pos {
    const char *file;
    long line;
};

/* "FILE:LINE: message" (or "FILE: message" when line is 0). Returns MVC_EINPUT. */
int error_at(struct error *err, const struct source_pos *pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A message without a position. Returns the status given, for "return error_set(...)". */
int error_set(struct error *err, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* "512 KiB", "2.2 GiB": a size in a message as people read it, written to buf. */
void error_bytes(char *buf, size_t size, double bytes);

#ifdef __cplusplus
}
#endif

#endif
