/*
 * MaxSAT reasoning over the colour classes of the clique search: a vertex the
 * colouring would have to branch on is spared when it and some of the classes
 * under the branching threshold are shown inconsistent by unit propagation.
 */
#ifndef MVC_CLIQUE_MAXSAT_H
#define MVC_CLIQUE_MAXSAT_H

#include <stdint.h>

/*
 * The colour classes C_1..C_t under the threshold are soft clauses "some vertex
 * of C_i is in the clique", non-adjacent pairs are hard clauses. A set S of
 * classes that, with one more vertex v, admits no clique meeting all of them
 * bounds the clique in their union by |S| instead of |S| + 1, so v joins the
 * non-branching vertices and the classes of S are used up (Li and Quan, AAAI
 * 2010; Li, Fang and Xu, ICTAI 2013, IncMaxCLQ). Each class serves at most one
 * such set, which keeps the bound of all non-branching vertices at t.
 */
struct clique_maxsat {
    int32_t n, words;
    const uint64_t *adj;     /* n rows of words: adjacency of the clique graph */
    const uint64_t *classes; /* the caller's class rows (t of them) */
    int32_t count;           /* t: classes under the threshold */
    int32_t *class_of;       /* per vertex of a class: its class */
    int32_t *class_size;     /* per class */
    int32_t *singletons;     /* classes of one vertex */
    int32_t singleton_count;
    uint8_t *used;       /* per class: part of an inconsistent set already */
    uint64_t *available; /* union of the classes not used */
    /* propagation scratch */
    uint64_t *live;      /* literals of available classes not yet falsified */
    int32_t *live_count; /* per class: literals not falsified (class_size between tries) */
    int32_t *unit;       /* per class: its literal, once it propagated in this try */
    int32_t *reason;     /* per falsified vertex: the class whose unit falsified it */
    int32_t *trail;      /* vertices falsified in this try, to restore live_count */
    int32_t trail_size;
    int32_t *queue;  /* classes waiting to propagate */
    int32_t *stack;  /* conflict analysis */
    uint8_t *in_set; /* per class: in the inconsistent set being collected */
    /* statistics */
    int64_t tried, spared, classes_used;
};

int clique_maxsat_init(struct clique_maxsat *m, int32_t n, int32_t words, const uint64_t *adj);
void clique_maxsat_free(struct clique_maxsat *m);

/* The colouring tells each class under the threshold, as it builds it, what it holds. */
static inline void clique_maxsat_open_class(struct clique_maxsat *m, int32_t k)
{
    m->class_size[k] = 0;
}

static inline void clique_maxsat_add_to_class(struct clique_maxsat *m, int32_t v, int32_t k)
{
    m->class_of[v] = k;
    m->class_size[k]++;
}

/*
 * Starts the reasoning on classes (count rows of words, complete, disjoint,
 * each opened and filled as above): they hold the vertices of candidates not
 * in uncoloured.
 */
void clique_maxsat_begin(struct clique_maxsat *m, const uint64_t *classes, int32_t count,
                         const uint64_t *candidates, const uint64_t *uncoloured);

/*
 * Vertex v is in no class. Returns 1 when unit propagation from v over the
 * free classes meets an empty class; the classes the conflict depends on are
 * then used up and v need not be branched on. Returns 0 otherwise.
 */
int clique_maxsat_spare(struct clique_maxsat *m, int32_t v);

#endif
