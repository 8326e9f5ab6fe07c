/* The progress board: nested scopes of reported covers, one lock, the whole cover at the root. */
#include "progress.h"

#include <assert.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"

/* Longest message passed on; longer ones are cut. */
#define MESSAGE_BYTES 512

struct progress_board {
    pthread_mutex_t lock; /* every scope's links and sizes */
    struct progress root;
    struct progress_listener listener;
    double t_start;
    int64_t nodes; /* __atomic */
};

static void scope_init(struct progress *p, struct progress_board *b, struct progress *parent,
                       int64_t shift, int64_t shift_lower)
{
    p->board = b;
    p->parent = parent;
    p->children = p->next = NULL;
    p->shift = shift;
    p->shift_lower = shift_lower;
    p->reported = p->best = PROGRESS_NONE;
    p->reported_lower = p->lower = 0;
}

struct progress_board *progress_board_new(const struct progress_listener *listener)
{
    struct progress_board *b = calloc(1, sizeof *b);
    if (b == NULL)
        return NULL;
    if (pthread_mutex_init(&b->lock, NULL) != 0) {
        free(b);
        return NULL;
    }
    scope_init(&b->root, b, NULL, 0, 0);
    if (listener != NULL)
        b->listener = *listener;
    b->t_start = clock_seconds();
    return b;
}

void progress_board_free(struct progress_board *b)
{
    if (b == NULL)
        return;
    pthread_mutex_destroy(&b->lock);
    free(b);
}

struct progress *progress_board_root(struct progress_board *b)
{
    return b != NULL ? &b->root : NULL;
}

void progress_board_read(struct progress_board *b, struct progress_state *state)
{
    pthread_mutex_lock(&b->lock);
    state->best = b->root.best;
    state->lower = b->root.lower;
    pthread_mutex_unlock(&b->lock);
    state->nodes = __atomic_load_n(&b->nodes, __ATOMIC_RELAXED);
    state->seconds = clock_seconds() - b->t_start;
}

/*
 * Under the lock: p's sizes from its own reports and its children's, then
 * its parent's, up to the first scope that does not change. Tells the
 * listener when the root changed.
 */
static void update(struct progress *p)
{
    struct progress_board *b = p->board;
    for (; p != NULL; p = p->parent) {
        int64_t best = p->reported, lower = p->reported_lower;
        for (const struct progress *c = p->children; c != NULL; c = c->next) {
            if (c->best != PROGRESS_NONE && c->shift + c->best < best)
                best = c->shift + c->best;
            if (c->shift_lower >= 0 && c->shift_lower + c->lower > lower)
                lower = c->shift_lower + c->lower;
        }
        if (best == p->best && lower == p->lower)
            return;
        p->best = best;
        p->lower = lower;
    }
    if (b->listener.changed != NULL)
        b->listener.changed(b->listener.arg, b->root.best, b->root.lower);
}

struct progress *progress_open(struct progress *scope, struct progress *parent, int64_t shift,
                               int64_t shift_lower)
{
    if (parent == NULL)
        return NULL;
    struct progress_board *b = parent->board;
    scope_init(scope, b, parent, shift, shift_lower);
    pthread_mutex_lock(&b->lock);
    scope->next = parent->children;
    parent->children = scope;
    update(parent); /* its shift_lower may raise the parent's bound */
    pthread_mutex_unlock(&b->lock);
    return scope;
}

void progress_close(struct progress *scope)
{
    if (scope == NULL)
        return;
    struct progress_board *b = scope->board;
    pthread_mutex_lock(&b->lock);
    assert(scope->children == NULL); /* scopes close innermost first */
    struct progress **link = &scope->parent->children;
    while (*link != scope)
        link = &(*link)->next;
    *link = scope->next;
    update(scope->parent);
    pthread_mutex_unlock(&b->lock);
}

void progress_improve(struct progress *p, int64_t size)
{
    if (p == NULL)
        return;
    pthread_mutex_lock(&p->board->lock);
    if (size < p->reported) {
        p->reported = size;
        update(p);
    }
    pthread_mutex_unlock(&p->board->lock);
}

void progress_lower(struct progress *p, int64_t bound)
{
    if (p == NULL)
        return;
    pthread_mutex_lock(&p->board->lock);
    if (bound > p->reported_lower) {
        p->reported_lower = bound;
        update(p);
    }
    pthread_mutex_unlock(&p->board->lock);
}

void progress_read_scope(struct progress *p, int64_t *best, int64_t *lower)
{
    pthread_mutex_lock(&p->board->lock);
    *best = p->best;
    *lower = p->lower;
    pthread_mutex_unlock(&p->board->lock);
}

void progress_nodes(struct progress *p, int64_t count)
{
    if (p != NULL)
        __atomic_fetch_add(&p->board->nodes, count, __ATOMIC_RELAXED);
}

void progress_message(struct progress *p, const char *format, ...)
{
    if (p == NULL || p->board->listener.message == NULL)
        return;
    char text[MESSAGE_BYTES];
    va_list ap;
    va_start(ap, format);
    vsnprintf(text, sizeof text, format, ap);
    va_end(ap);
    p->board->listener.message(p->board->listener.arg, text);
}
