/* Clique covers of a graph, for lower bounds on its vertex covers. */
#ifndef MVC_CLIQUE_COVER_H
#define MVC_CLIQUE_COVER_H

#include <stdint.h>

#include "deadline.h"
#include "graph.h"

/*
 * A cover of g by cliques: clique_of[v] (n entries) receives the clique of
 * each vertex, numbered 0..*count-1. Greedy (Akiba and Iwata 2016), then
 * `rounds` of iterated greedy (Culberson). MVC_OK or MVC_ENOMEM.
 */
int clique_cover_partition(const struct graph *g, int rounds, int32_t *clique_of, int32_t *count);

/*
 * Improves a cover by cliques (clique_of, *count as clique_cover_partition
 * leaves them) by iterated-greedy rounds in random orders of the cliques,
 * which escape where the size orders of clique_cover_partition have
 * settled: up to `rounds` of them, stopping after `patience` in a row that
 * save no clique, or once the deadline passes (checked every round).
 * clique_of and *count change only when fewer cliques are found. MVC_OK or
 * MVC_ENOMEM.
 */
int clique_cover_shake(const struct graph *g, int rounds, int patience, uint64_t seed,
                       const struct deadline *deadline, int32_t *clique_of, int32_t *count);

/*
 * Improves a cover by cliques (clique_of, *count) by tabu search for one
 * clique fewer at a time (clique_cover_tabu.c), until one fails, the work
 * (neighbours scanned, moves weighed) passes max_work in all or the deadline
 * passes (checked every 1,024 moves). Its memory is linear in n and *count.
 * It finds the partitions the iterated greedy misses, as the 30 cliques of
 * the forced model RB graphs frb30-15. clique_of and *count change only when
 * fewer cliques are found. MVC_OK or MVC_ENOMEM.
 */
int clique_cover_tabu(const struct graph *g, int64_t max_work, uint64_t seed,
                      const struct deadline *deadline, int32_t *clique_of, int32_t *count);

/*
 * A cover holds all but at most one vertex of each clique, so a graph covered
 * by c cliques needs at least n - c vertices in any vertex cover. This finds
 * a cover by cliques greedily (Akiba and Iwata 2016), then improves it by
 * `rounds` of iterated greedy (Culberson), and adds to joins[component_of[v]]
 * one for every vertex but the first of each clique: each component's bound.
 * joins has an entry per component, zeroed by the caller. MVC_OK or MVC_ENOMEM.
 */
int clique_cover_joins(const struct graph *g, const int32_t *component_of, int rounds,
                       int32_t *joins);

#endif
