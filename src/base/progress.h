/*
 * The progress board: solvers report the covers they find and the nodes they
 * search into scopes the pipeline nests, and the board keeps the size of the
 * best cover of the whole input known at any time. It never prints: whoever
 * made the board reads it or listens to it (progress_printer.h on the
 * command line).
 */
#ifndef MVC_PROGRESS_H
#define MVC_PROGRESS_H

#include <stdint.h>

/* A size no cover has been reported for. */
#define PROGRESS_NONE INT64_MAX

/* shift_lower of a child whose lower bounds say nothing about its parent (a branch of a search). */
#define PROGRESS_NO_BOUND (-1)

/*
 * One scope: a graph some solver or pipeline stage works on. A cover of its
 * graph of size x is a cover of its parent's graph of size shift + x, and
 * where shift_lower >= 0 the parent's minimum is at least shift_lower + the
 * child's. Its best is the smallest of what was reported on it and of
 * shift + best over its children; its lower bound the largest of what was
 * reported on it and of shift_lower + lower over its children. So a race is
 * a scope whose children (the entrants, shift 0) all cover its graph, and a
 * kernel cut into components is a scope reported the size of the cover it
 * holds (offset, the components solved, the rest taken whole) with the
 * component being solved as its child, shifted by all but that component.
 *
 * A scope lives where its opener puts it (the stack) between progress_open
 * and progress_close, and only its solver's threads report into it. Every
 * function takes NULL for a scope, and then does nothing.
 */
struct progress {
    struct progress_board *board;
    struct progress *parent, *children, *next;
    int64_t shift, shift_lower;
    int64_t reported, reported_lower; /* on this scope itself */
    int64_t best, lower;              /* with its children's */
};

/* What the board tells whoever listens; either callback may be NULL. */
struct progress_listener {
    /*
     * The whole cover's best size or its lower bound changed: called with the
     * board locked, in the order of the changes, from the thread of the
     * solver that reported. It must be quick and must not call into the board.
     */
    void (*changed)(void *arg, int64_t best, int64_t lower);
    /* One line of detail from a solver (no newline), from the solver's thread; may overlap. */
    void (*message)(void *arg, const char *text);
    void *arg;
};

/* A snapshot of the whole: best is PROGRESS_NONE before any report, lower 0 when unknown. */
struct progress_state {
    int64_t best;
    int64_t lower;
    int64_t nodes;  /* search nodes all solvers reported */
    double seconds; /* since the board was made */
};

struct progress_board;

/* A board with its root scope; listener may be NULL (poll it). NULL when out of memory. */
struct progress_board *progress_board_new(const struct progress_listener *listener);
void progress_board_free(struct progress_board *b);

/* The root scope: what solve_opts.report points at for the input graph. */
struct progress *progress_board_root(struct progress_board *b);

void progress_board_read(struct progress_board *b, struct progress_state *state);

/*
 * Makes scope a child of parent and returns it, or NULL when parent is NULL:
 * o.report = progress_open(&scope, o.report, ...) costs nothing when nobody
 * listens.
 */
struct progress *progress_open(struct progress *scope, struct progress *parent, int64_t shift,
                               int64_t shift_lower);

/*
 * Takes scope out of its parent, and what it found with it: report the
 * result into the parent first.
 */
void progress_close(struct progress *scope);

/* A cover of the scope's graph of this many vertices. */
void progress_improve(struct progress *p, int64_t size);

/* No cover of the scope's graph has fewer vertices than this. */
void progress_lower(struct progress *p, int64_t bound);

/*
 * The scope's best and lower bound now, its children's included: what a
 * race reads to see its entrants' bounds meet.
 */
void progress_read_scope(struct progress *p, int64_t *best, int64_t *lower);

/* Search nodes visited (an atomic add, no lock). */
void progress_nodes(struct progress *p, int64_t count);

/* A line of detail for the listener; formatted only when one listens for messages. */
void progress_message(struct progress *p, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

#endif
