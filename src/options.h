/* Command-line options of mvc-gpu: parsed once, read by main. */
#ifndef MVC_OPTIONS_H
#define MVC_OPTIONS_H

#include <stdint.h>
#include <stdio.h>

#include "solve.h"

enum run_mode {
    MODE_COVER,   /* MVC or PVC */
    MODE_CHECK,   /* --check GRAPH ANSWER: a cover, or a Steiner tree */
    MODE_STEINER, /* --steiner */
    MODE_HELP,
    MODE_VERSION,
};

struct options {
    enum run_mode mode;
    struct solve_opts solve;
    const char *input;       /* graph file, "-" for standard input */
    const char *cover_file;  /* --check: the answer to verify */
    int check_steiner;       /* --check --steiner: the answer is a Steiner tree */
    const char *format;      /* --format, NULL for detection from content */
    const char *output;      /* --output FILE, NULL for standard output */
    const char *stats;       /* --stats[=FILE]: "-" for standard error */
    int complement;
    int verbose;
    int quiet;
    int64_t complement_max_bytes;
    /* Steiner mode */
    const char *steiner_algo; /* "kmb" or "mehlhorn" */
    const char *sssp;         /* kernel name or "auto" */
    int improve;              /* -1 automatic, 0 off, 1 on */
    int steiner_gpu;          /* -1 automatic, 0 CPU, 1 GPU */
    int steiner_mst;          /* spanning forests: -1 automatic, 0 CPU, 1 GPU */
};

/*
 * Fills o from argv. Returns 0, or 2 after printing one usage message on
 * stderr (the caller exits with it).
 */
int options_parse(struct options *o, int argc, char **argv);

void options_print_help(FILE *out);

#endif
