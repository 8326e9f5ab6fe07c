/*
 * A file the command line writes (-o, --stats=FILE, --write): opened before
 * any work, so that an unwritable path fails at once, but emptied only once
 * the input is read, so that a run that fails on its input leaves the file
 * as it was. A file the run created and never claimed is removed again.
 */
#ifndef MVC_OUTPUT_FILE_H
#define MVC_OUTPUT_FILE_H

#include <stdio.h>

struct output_file {
    FILE *f;          /* NULL when nothing was asked for, or once closed */
    const char *path; /* as named; NULL for a standard stream */
    int created;      /* this run created the file */
    int claimed;      /* emptied for this run's output */
    int failed;       /* it could not be emptied: what is written may trail old content */
};

/*
 * Opens path for writing without emptying it; "-" is the stream dash, NULL
 * asks for nothing (of->f stays NULL). A path that is the input file itself
 * (input, or standard input for "-") is refused. Returns 0, or -1 after
 * printing why on stderr.
 */
int output_file_open(struct output_file *of, const char *path, FILE *dash, const char *input);

/* True when a and b are one regular file that both name (-o and --stats, say). */
int output_file_same(const struct output_file *a, const struct output_file *b);

/* Empties the file for this run's output, once (later calls do nothing). */
void output_file_claim(struct output_file *of);

/*
 * Flushes and closes a claimed file, or leaves an unclaimed one as it was
 * (removed if this run created it). Returns 0, or -1 when a write failed or
 * the file could not be emptied, after saying so on stderr.
 */
int output_file_close(struct output_file *of);

/*
 * Removes the file if this run created it and never claimed it, leaving the
 * stream alone: for a process about to end while another thread may hold it.
 */
void output_file_forget(const struct output_file *of);

#endif
