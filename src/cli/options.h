/* Command-line options of mvc-gpu: parsed and checked for combinations that do not apply. */
#ifndef MVC_OPTIONS_H
#define MVC_OPTIONS_H

#include <stdint.h>
#include <stdio.h>

#include "solve.h"

enum run_mode {
    MODE_COVER,   /* MVC or PVC */
    MODE_CLIQUE,  /* --clique: a maximum clique, or one of at least K vertices */
    MODE_CHECK,   /* --check GRAPH ANSWER: a cover, a clique or a Steiner tree */
    MODE_STEINER, /* --steiner */
    MODE_WRITE,   /* --write FILE: the graph as read, in another format */
    MODE_HELP,
    MODE_VERSION,
};

/* What --check verifies. */
enum check_kind {
    CHECK_COVER,   /* a .vc cover (or a Steiner tree when the graph has terminals) */
    CHECK_CLIQUE,  /* --check --clique */
    CHECK_STEINER, /* --check --steiner */
};

struct options {
    enum run_mode mode;
    enum check_kind check;
    struct solve_opts solve;
    double time_limit;        /* --time-limit in seconds, 0 for none */
    const char *input;        /* graph file, "-" for standard input */
    const char *cover_file;   /* --check: the answer to verify */
    const char *format;       /* --format, NULL for detection from content */
    const char *output;       /* --output FILE, NULL for standard output */
    const char *stats;        /* --stats[=FILE]: "-" for standard error */
    const char *write_path;   /* --write FILE */
    const char *write_format; /* --write-format NAME, NULL for FILE's suffix */
    const char
        *gpu_option; /* the first GPU tuning option given, for the warning without a device */
    int complement;
    int progress; /* --progress or --verbose: progress lines on stderr */
    int verbose;
    int quiet;
    int64_t complement_max_bytes;
    /* Steiner mode */
    const char *steiner_algo; /* "kmb" or "mehlhorn" */
    const char *sssp;         /* kernel name or "auto" */
    int improve;              /* -1 automatic, 0 off, 1 on */
    double improve_time;      /* seconds the improvement phase may run; -1 automatic */
    int steiner_gpu;          /* -1 automatic, 0 CPU, 1 GPU */
    int steiner_mst;          /* spanning forests: -1 automatic, 0 CPU, 1 GPU */
};

/* Default budget of Steiner mode's improvement phase, in seconds (--improve-time). */
#define STEINER_IMPROVE_DEFAULT_SECONDS 5.0

/*
 * Fills o from argv. Returns 0, or 2 after printing one usage message on
 * stderr (the caller exits with it). stdin_is_terminal decides what no FILE
 * operand means: standard input when it is not a terminal, a usage message
 * when it is.
 */
int options_parse(struct options *o, int argc, char **argv, int stdin_is_terminal);

void options_print_help(FILE *out);

#endif
