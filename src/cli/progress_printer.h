/*
 * The command line's progress lines: a thread that prints the progress
 * board's whole cover (or Steiner tree's weight) once a second and whenever
 * it shrinks, and the solvers' messages, as PACE comments ("c ...").
 */
#ifndef MVC_PROGRESS_PRINTER_H
#define MVC_PROGRESS_PRINTER_H

#include <stdio.h>

#include "progress.h"

enum progress_print {
    PROGRESS_PRINT_LINES = 1,    /* elapsed s, cover, lower bound, nodes, nodes/s */
    PROGRESS_PRINT_MESSAGES = 2, /* the solvers' lines of detail (--verbose) */
    PROGRESS_PRINT_WEIGHTS = 4,  /* Steiner mode: the tree's weight and the exchanges tried */
};

struct progress_printer;

/*
 * A board and, with PROGRESS_PRINT_LINES, the thread that prints it on out;
 * what is a mask of enum progress_print. NULL when out of memory or no
 * thread can be had (then nothing is printed and the solve goes on).
 */
struct progress_printer *progress_printer_start(FILE *out, int what);

/*
 * The same for the clique modes, whose solvers report covers of the
 * complement of an n-vertex graph: the lines give cliques, n - cover, and
 * their bound, n - lower.
 */
struct progress_printer *progress_printer_start_cliques(FILE *out, int what, int32_t n);

/* The scope to put in solve_opts.report; NULL for a NULL printer. */
struct progress *progress_printer_scope(struct progress_printer *pp);

/* Prints the final size if the last line does not show it, ends the thread, frees all. */
void progress_printer_stop(struct progress_printer *pp);

#endif
