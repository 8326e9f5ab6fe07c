/*
 * Unit propagation over colour classes, and the conflict analysis that names
 * the classes an inconsistency needs (Li and Quan, AAAI 2010, Sec. 4).
 */
#include "clique_maxsat.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"

#define WORD_BITS 64

int clique_maxsat_init(struct clique_maxsat *m, int32_t n, int32_t words, const uint64_t *adj)
{
    memset(m, 0, sizeof *m);
    m->n = n;
    m->words = words;
    m->adj = adj;
    size_t slots = (size_t)n + 1; /* every class and the root */
    m->class_of = malloc((size_t)n * sizeof *m->class_of);
    m->class_size = malloc(slots * sizeof *m->class_size);
    m->singletons = malloc(slots * sizeof *m->singletons);
    m->trail = malloc((size_t)n * sizeof *m->trail);
    m->used = malloc(slots);
    m->available = malloc((size_t)words * sizeof *m->available);
    m->live = malloc((size_t)words * sizeof *m->live);
    m->live_count = malloc(slots * sizeof *m->live_count);
    m->unit = malloc(slots * sizeof *m->unit);
    m->reason = malloc((size_t)n * sizeof *m->reason);
    m->queue = malloc(slots * sizeof *m->queue);
    m->stack = malloc(slots * sizeof *m->stack);
    m->in_set = calloc(slots, 1);
    if (!m->class_of || !m->class_size || !m->singletons || !m->trail || !m->used ||
        !m->available || !m->live || !m->live_count || !m->unit || !m->reason || !m->queue ||
        !m->stack || !m->in_set)
        return MVC_ENOMEM;
    return MVC_OK;
}

void clique_maxsat_free(struct clique_maxsat *m)
{
    free(m->class_of), free(m->class_size), free(m->singletons), free(m->trail), free(m->used),
        free(m->available), free(m->live);
    free(m->live_count), free(m->unit), free(m->reason), free(m->queue), free(m->stack);
    free(m->in_set);
}

void clique_maxsat_begin(struct clique_maxsat *m, const uint64_t *classes, int32_t count,
                         const uint64_t *candidates, const uint64_t *uncoloured)
{
    m->classes = classes;
    m->count = count;
    for (int32_t w = 0; w < m->words; w++)
        m->available[w] = candidates[w] & ~uncoloured[w];
    m->singleton_count = 0;
    for (int32_t k = 0; k < count; k++) {
        m->used[k] = 0;
        m->live_count[k] = m->class_size[k];
        if (m->class_size[k] == 1)
            m->singletons[m->singleton_count++] = k;
    }
}

/* The one literal of class k not yet falsified (its live count is 1). */
static int32_t live_literal(const struct clique_maxsat *m, int32_t k)
{
    const uint64_t *row = m->classes + (size_t)k * m->words;
    for (int32_t w = 0; w < m->words; w++) {
        uint64_t bits = row[w] & m->live[w];
        if (bits)
            return w * WORD_BITS + __builtin_ctzll(bits);
    }
    return -1;
}

/*
 * Unit propagation from vertex v (the root, slot count) and from the classes
 * of one vertex: a true literal falsifies its non-neighbours, a class left
 * with one literal becomes a unit. Returns the class that ran empty, or -1.
 * Falsified vertices go on the trail, for restore_counts().
 */
static int32_t propagate(struct clique_maxsat *m, int32_t v)
{
    int32_t words = m->words, root = m->count;
    memcpy(m->live, m->available, (size_t)words * sizeof *m->live);
    int32_t tail = 0;
    m->trail_size = 0;
    m->queue[tail++] = root;
    for (int32_t i = 0; i < m->singleton_count; i++)
        if (!m->used[m->singletons[i]])
            m->queue[tail++] = m->singletons[i];
    for (int32_t head = 0; head < tail; head++) {
        int32_t k = m->queue[head];
        int32_t u = k == root ? v : live_literal(m, k);
        m->unit[k] = u;
        const uint64_t *row = m->adj + (size_t)u * words;
        for (int32_t w = 0; w < words; w++) {
            uint64_t falsified = m->live[w] & ~row[w];
            if (w == u / WORD_BITS)
                falsified &= ~((uint64_t)1 << (u % WORD_BITS));
            for (; falsified; falsified &= falsified - 1) {
                int32_t x = w * WORD_BITS + __builtin_ctzll(falsified);
                m->live[w] &= ~((uint64_t)1 << (x % WORD_BITS));
                m->reason[x] = k;
                m->trail[m->trail_size++] = x;
                int32_t c = m->class_of[x];
                int32_t left = --m->live_count[c];
                if (left == 0)
                    return c;
                if (left == 1)
                    m->queue[tail++] = c;
            }
        }
    }
    return -1;
}

/*
 * The classes the empty class depends on: its literals' reasons, and theirs
 * in turn (every literal of a unit class but its own was falsified first).
 * Marks them used and takes them out of the available literals.
 */
static void use_conflict_classes(struct clique_maxsat *m, int32_t conflict)
{
    int32_t words = m->words, root = m->count;
    int32_t depth = 0, found = 0;
    int32_t *set = m->queue; /* propagation is over */
    m->in_set[conflict] = 1;
    m->stack[depth++] = conflict;
    set[found++] = conflict;
    while (depth > 0) {
        int32_t k = m->stack[--depth];
        if (k == root)
            continue;
        const uint64_t *row = m->classes + (size_t)k * words;
        for (int32_t w = 0; w < words; w++)
            for (uint64_t bits = row[w]; bits; bits &= bits - 1) {
                int32_t x = w * WORD_BITS + __builtin_ctzll(bits);
                if (k != conflict && x == m->unit[k])
                    continue;
                int32_t r = m->reason[x];
                if (!m->in_set[r]) {
                    m->in_set[r] = 1;
                    m->stack[depth++] = r;
                    set[found++] = r;
                }
            }
    }
    for (int32_t i = 0; i < found; i++) {
        int32_t k = set[i];
        m->in_set[k] = 0;
        if (k == root)
            continue;
        m->used[k] = 1;
        m->classes_used++;
        const uint64_t *row = m->classes + (size_t)k * words;
        for (int32_t w = 0; w < words; w++)
            m->available[w] &= ~row[w];
    }
}

/* Back to live_count == class_size for the classes not used. */
static void restore_counts(struct clique_maxsat *m)
{
    for (int32_t i = 0; i < m->trail_size; i++)
        m->live_count[m->class_of[m->trail[i]]]++;
}

int clique_maxsat_spare(struct clique_maxsat *m, int32_t v)
{
    m->tried++;
    int32_t conflict = propagate(m, v);
    restore_counts(m);
    if (conflict < 0)
        return 0;
    use_conflict_classes(m, conflict);
    m->spared++;
    return 1;
}
