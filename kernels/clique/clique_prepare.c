/*
 * Host preparation of the GPU clique search (see clique_prepare.h): the same
 * degeneracy order of the complement (degeneracy.h) and greedy first clique as
 * src/vc/clique/clique.c, so that both searches start from the same place.
 */
#include "clique_prepare.h"

#include <stdlib.h>
#include <string.h>

#include "complement_walk.h"
#include "degeneracy.h"
#include "error.h"

/* Complement rows in search order: bit u of row i when order[i] and order[u] are not adjacent. */
static int complement_rows(const struct graph *g, struct clique_problem *p)
{
    struct complement_walk walk;
    if (complement_walk_open(&walk, g, p->order) != MVC_OK)
        return MVC_ENOMEM;
    p->max_degree = 0;
    for (int32_t i = 0; i < g->n; i++) {
        int32_t degree = complement_walk_row(&walk, i);
        clique_word *row = p->adj + (size_t)i * p->words;
        for (int32_t k = 0; k < degree; k++) {
            int32_t j = walk.row[k];
            row[j / CLIQUE_WORD_BITS] |= 1u << (j % CLIQUE_WORD_BITS);
        }
        if (degree > p->max_degree)
            p->max_degree = degree;
    }
    complement_walk_close(&walk);
    return MVC_OK;
}

/* Greedy start: add vertices in search order while they stay adjacent to all chosen. */
static int greedy_clique(struct clique_problem *p)
{
    clique_word *pool = malloc((size_t)p->words * sizeof *pool);
    if (!pool)
        return MVC_ENOMEM;
    memset(pool, 0xff, (size_t)p->words * sizeof *pool);
    p->size = 0;
    for (int32_t i = 0; i < p->n; i++) {
        if (!((pool[i / CLIQUE_WORD_BITS] >> (i % CLIQUE_WORD_BITS)) & 1))
            continue;
        p->clique[p->size++] = i;
        const clique_word *row = p->adj + (size_t)i * p->words;
        for (int32_t w = 0; w < p->words; w++)
            pool[w] &= row[w];
    }
    free(pool);
    return MVC_OK;
}

int clique_problem_prepare(const struct graph *g, struct clique_problem *p)
{
    memset(p, 0, sizeof *p);
    p->n = g->n;
    p->words = (g->n + CLIQUE_WORD_BITS - 1) / CLIQUE_WORD_BITS;
    p->order = malloc(((size_t)g->n + 1) * sizeof *p->order);
    p->clique = malloc(((size_t)g->n + 1) * sizeof *p->clique);
    p->adj = calloc((size_t)g->n * p->words + 1, sizeof *p->adj);
    int status = MVC_ENOMEM;
    /* dense cores of the complement first, so that colour classes stay small */
    if (p->order && p->clique && p->adj &&
        (status = degeneracy_order_complement(g, p->order)) == MVC_OK &&
        (status = complement_rows(g, p)) == MVC_OK)
        status = greedy_clique(p);
    if (status != MVC_OK)
        clique_problem_free(p);
    return status;
}

void clique_problem_free(struct clique_problem *p)
{
    free(p->order), free(p->adj), free(p->clique);
    memset(p, 0, sizeof *p);
}
