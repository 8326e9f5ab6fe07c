/* Tokens of the line-oriented answer files (.vc covers, PACE 2018 Steiner trees). */
#ifndef MVC_ANSWER_LINE_H
#define MVC_ANSWER_LINE_H

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "input.h"

/* The lines of an answer file that say something: comments ('c') and blank lines skipped. */
struct answer_reader {
    FILE *in;
    struct source_pos pos; /* the line last read, for messages */
    char *line;
    size_t cap;
};

void answer_reader_open(struct answer_reader *r, FILE *in, const char *name);

/*
 * The next line that is neither a comment nor blank: 1 with *line set (valid
 * until the next call), 0 at the end, or MVC_EINPUT (a NUL byte in the line)
 * or MVC_EIO (a read error) with err set.
 */
int answer_reader_next(struct answer_reader *r, const char **line, struct error *err);

void answer_reader_close(struct answer_reader *r);

/*
 * An answer file as a stream, read through the graph readers' loader so that
 * a .gz answer reads like a .gz graph ("-" is standard input); its name for
 * messages is in.name. Returns MVC_OK, input_load's error, or MVC_ENOMEM.
 */
struct answer_file {
    struct input in;
    FILE *stream;
};

int answer_file_open(struct answer_file *f, const char *path, struct error *err);
void answer_file_close(struct answer_file *f);

/* Parses a non-negative decimal integer token after blanks; 0 on success. */
static inline int answer_parse_count(const char **p, long long *value)
{
    while (**p == ' ' || **p == '\t')
        (*p)++;
    if (!isdigit((unsigned char)**p))
        return -1;
    errno = 0;
    char *end;
    *value = strtoll(*p, &end, 10);
    if (errno != 0 || (*end != '\0' && !isspace((unsigned char)*end)))
        return -1;
    *p = end;
    return 0;
}

static inline int answer_rest_is_blank(const char *p)
{
    while (*p && isspace((unsigned char)*p))
        p++;
    return *p == '\0';
}

#endif
