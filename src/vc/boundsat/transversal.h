/*
 * Independent transversals of a cover by cliques, by local search: one vertex
 * in every clique, no edge between two of them.
 */
#ifndef MVC_TRANSVERSAL_H
#define MVC_TRANSVERSAL_H

#include <stdint.h>

#include "deadline.h"
#include "graph.h"

/*
 * Such a transversal is an independent set of c vertices when g is covered
 * by c cliques, so the other n - c vertices form a minimum vertex cover: the
 * clique-cover bound is met. The search keeps one chosen vertex per clique
 * and moves the choice of a clique in conflict (its vertex adjacent to
 * another chosen one) to the member with the least weighted conflict, the
 * one chosen longest ago among equals, never back to the vertex it left
 * within a short tabu tenure; conflicts that persist gain weight (breakout,
 * Morris 1993; as NuMVC weights uncovered edges, Cai et al. 2013), and
 * weights are scaled down when their mean grows. On 3-SAT reductions this is
 * a focused random walk like WalkSAT's. Covers by large cliques (8 vertices
 * or more on average: forced-satisfiable CSPs such as model RB, one clique
 * per variable) are searched by min-conflicts tabu search instead, the
 * method those instances were built to be solved by (transversal.c).
 */
struct transversal;

/*
 * A search over the cliques clique_of[v] in 0..cliques-1 (each a clique of
 * g: not checked here), starting from start[v] (NULL, or non-zero for at
 * most one vertex per clique: chosen first). NULL when out of memory, or
 * when g has more than INT32_MAX / 51 (about 42 million) edges.
 */
struct transversal *transversal_new(const struct graph *g, const int32_t *clique_of,
                                    int32_t cliques, const uint8_t *start, uint64_t seed);
void transversal_free(struct transversal *t);

/*
 * Runs up to max_steps moves (0: no limit), or until the deadline passes.
 * Returns 1 once a transversal without conflicts is found, else 0; may be
 * called again to go on.
 */
int transversal_search(struct transversal *t, int64_t max_steps, const struct deadline *deadline);

/* The fewest conflicts (edges between chosen vertices) seen so far. */
int64_t transversal_best_conflicts(const struct transversal *t);

/* chosen[v] = 1 for the vertices of the best transversal seen so far, else 0. */
void transversal_best(const struct transversal *t, uint8_t *chosen);

int64_t transversal_steps(const struct transversal *t);

/*
 * The cliques' members as t groups them: those of clique c are
 * members[start[c] .. start[c + 1]); fixed while t lives.
 */
void transversal_cliques(const struct transversal *t, const int32_t **start,
                         const int32_t **members);

/* chosen[c] = the vertex t has chosen now in clique c, for every clique. */
void transversal_choice(const struct transversal *t, int32_t *chosen);

/* Whether t searches by min-conflicts tabu search (large cliques), not breakout. */
int transversal_uses_tabu(const struct transversal *t);

#endif
