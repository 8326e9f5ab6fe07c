/*
 * Orbital branching at the top of the clique search. Where the graph of
 * the search (the candidates P of a node) has automorphisms and O is one of
 * their orbits, every clique through a vertex of O is the image of one
 * through its first vertex v: so the cliques through v (candidates
 * P ∩ N(v)) and those that avoid O altogether (P \ O) are all that need
 * searching, two subproblems where plain branching has |O| + 1. Repeated
 * on the first subproblem and on what is left while their groups are not
 * trivial (Ostrowski, Linderoth, Rossi and Smriglio, "Orbital branching",
 * 2011); the leaves become the search's items (clique_search.h). On the
 * DIMACS keller5 graph (a group of order 3,840) the items' search visits
 * 6.3 million nodes where the plain search visits 11.5 billion; on
 * johnson32-2-4 (order 10^35) the colour bounds leave no item at all.
 */
#ifndef MVC_CLIQUE_ORBITAL_H
#define MVC_CLIQUE_ORBITAL_H

#include <stddef.h>
#include <stdint.h>

#include "clique_search.h"
#include "solve.h"

/* Graphs of fewer vertices are searched without: their search takes less than nauty. */
#define ORBITAL_MIN_VERTICES 32

/*
 * The items that replace the root of s (every vertex a candidate; the
 * clique to beat is s->best_size), concatenated into *items (malloc'd,
 * *ints ints, ending with a 0), in the order they are best searched.
 * Returns how many, or MVC_ENOMEM. *items stays NULL where nothing was
 * split (the root's group is trivial, or this build has no nauty): then
 * the root is searched as usual. A split that leaves no item has shown
 * that no clique is larger than s->best_size. Stops splitting, leaving the
 * rest as items, at s->opts's deadline.
 */
int64_t clique_orbital_split(struct clique_search *s, int32_t **items, size_t *ints,
                             struct symmetry_stats *st);

#endif
