/*
 * Host preparation of the GPU clique search: the search order, the complement
 * adjacency as bitset rows in that order, and a first clique, as src/vc/clique/clique.c
 * prepares its own search.
 */
#ifndef MVC_CLIQUE_PREPARE_H
#define MVC_CLIQUE_PREPARE_H

#include <stdint.h>

#include "clique_layout.h"

#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

struct clique_problem {
    int32_t n, words;
    int32_t *order;     /* search index -> vertex of g */
    clique_word *adj;   /* n rows: complement adjacency in search order */
    int32_t max_degree; /* largest degree in the complement */
    int32_t *clique;    /* n entries; the first `size` are the greedy clique */
    int32_t size;
};

/* MVC_OK, or MVC_ENOMEM (with everything released). */
int clique_problem_prepare(const struct graph *g, struct clique_problem *p);
void clique_problem_free(struct clique_problem *p);

#ifdef __cplusplus
}
#endif

#endif
