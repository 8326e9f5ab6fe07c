/*
 * Orbital branching (Ostrowski, Linderoth, Rossi and Smriglio, "Orbital
 * branching", Mathematical Programming 126, 2011) for bnr's branchings on a
 * vertex v. Where an automorphism of the node's graph maps some vertex u of
 * v's orbit onto v, a cover that leaves u out maps onto one of the same size
 * that leaves v out, which the branching's other child (all of N(v) taken)
 * finds. So the child that takes v may take v's whole orbit: every cover it
 * then misses has a symmetric copy of the same size in its sibling's
 * subtree. On symmetric graphs this spares most of the search (Paley(197):
 * 75,978 nodes -> 19; the Kneser graph K(11, 4): 5,523 -> 6).
 *
 * The orbits come from nauty (src/sym/orbits.h). Its time is kept to a share
 * of the search's CPU time, so that a graph whose small symmetries never
 * reach the branching vertex costs a few percent at most.
 */
#ifndef MVC_ORBITAL_H
#define MVC_ORBITAL_H

#include <stdint.h>

#include "graph.h"

/* Shared by every thread of one search. */
struct orbital {
    int enabled;        /* this build has nauty and the options allow it */
    int threads;        /* the threads the search's branchings may spread over */
    double started;     /* clock_seconds() at the search's start */
    int64_t spent_ns;   /* in nauty, all threads together (atomic) */
    int64_t branchings; /* that took an orbit of two vertices or more (atomic) */
};

void orbital_init(struct orbital *ob, int enabled, int threads);

/*
 * What a branching on v of the graph c, `depth` branchings below the search's
 * root, takes in its first child. On MVC_OK,
 * *taken is NULL where v alone is taken (c showed no symmetry that moves v,
 * or none was looked for), else a malloc'ed list of v's orbit, *count long,
 * v among them, which the caller frees. *asymmetric is raised where c's
 * whole group is trivial: the subtree below, whose graphs are c's parts,
 * seldom gains symmetry, and looks for none. MVC_ENOMEM without memory.
 */
int orbital_take(struct orbital *ob, const struct graph *c, int32_t v, int32_t depth,
                 int32_t **taken, int32_t *count, int *asymmetric);

#endif
