/* Whole-file input for the readers: the file in memory (gzip inflated when built with zlib)
 * and a scanner over it that knows the line it is on. */
#ifndef MVC_INPUT_H
#define MVC_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

/* What messages call standard input (the path "-"). */
#define INPUT_STDIN_NAME "<stdin>"

/* The UTF-8 byte order mark some editors put first in a text file; readers skip it. */
#define UTF8_BOM "\xEF\xBB\xBF"

struct input {
    const char *name; /* the path as the user gave it, or INPUT_STDIN_NAME */
    const char *data; /* len bytes followed by a NUL, so number scans stop without a bound check */
    size_t len;
    size_t mapped; /* bytes mapped from the file, 0 when data is allocated */
};

/*
 * Reads all of path ("-" is standard input). Regular files are mapped rather
 * than copied when the zero fill after their last byte can serve as the NUL
 * (any size but a multiple of the page size). Content starting with the gzip
 * magic is inflated (concatenated members too) when built with zlib, and
 * refused with a message otherwise. Errors: MVC_EIO (cannot open or read),
 * MVC_EINPUT (corrupt or compressed data that cannot be read), MVC_ENOMEM.
 */
int input_load(const char *path, struct input *in, struct error *err);

/* Copies len bytes of data (which may hold compressed content, like a file). */
int input_from_memory(const char *name, const void *data, size_t len, struct input *in,
                      struct error *err);

void input_free(struct input *in);

/* What messages call path: INPUT_STDIN_NAME for "-", else path itself. */
const char *input_name_of(const char *path);

/* Whether a file's name ends in suffix (".gr", ".gz"): what it promises to hold. */
int input_name_ends_with(const char *name, const char *suffix);

/*
 * A forward scanner. Lines end in '\n'; a '\r' before it is a blank, so CRLF
 * files read like LF files. At the end of the input pos.line is the last line
 * that holds anything, so "truncated" messages name a line that exists.
 */
struct scanner {
    const char *p;   /* next character */
    const char *end; /* one past the last character; *end == '\0' */
    struct source_pos pos;
};

void scan_init(struct scanner *s, const struct input *in);

static inline int scan_is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline int scan_at_end(const struct scanner *s)
{
    return s->p >= s->end;
}

static inline void scan_blanks(struct scanner *s)
{
    while (scan_is_blank(*s->p))
        s->p++;
}

/* Skips blanks; true when nothing else is left on the line. */
static inline int scan_at_eol(struct scanner *s)
{
    scan_blanks(s);
    return s->p >= s->end || *s->p == '\n';
}

/* Moves to the start of the next line, whatever is left on this one. */
void scan_skip_line(struct scanner *s);

/* Expects nothing but blanks before the end of the line, then moves to the next line. */
int scan_end_line(struct scanner *s, const char *after, struct error *err);

/*
 * A decimal integer with an optional sign, ending at a blank or the end of
 * the line; what (e.g. "a vertex id") names it in the message otherwise.
 */
int scan_int64(struct scanner *s, int64_t *out, const char *what, struct error *err);

/*
 * A decimal number: an integer (*is_integer = 1, value in *out) or a real such
 * as 2.5, -1e3 or .5 (*is_integer = 0, *out untouched); anything else is an error.
 */
int scan_number(struct scanner *s, int *is_integer, int64_t *out, const char *what,
                struct error *err);

/* The next blank-separated word on this line (empty when the line is done). */
size_t scan_word(struct scanner *s, const char **word);

/* Case-insensitive comparison of a scanned word with a keyword. */
int scan_word_is(const char *word, size_t len, const char *keyword);

/* "'TOKEN'", "end of line" or "end of input": what the scanner is looking at, for messages. */
void scan_describe(const struct scanner *s, char *buf, size_t size);

/* "FILE:LINE: expected WHAT, found ..." at the scanner's position; returns MVC_EINPUT. */
int scan_expected(const struct scanner *s, const char *what, struct error *err);

#endif
