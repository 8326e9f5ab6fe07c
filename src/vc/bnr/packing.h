/*
 * Packing constraints (Akiba and Iwata 2016): sets of a search node's
 * vertices of which at least one stays out of the cover. The branchings
 * state them (packing_add_branching); below, the covers that break one need
 * not be searched, and a constraint with a single vertex left in the graph
 * keeps that vertex out.
 *
 * Why a broken constraint may prune, whatever the reductions below chose:
 * - v taken: every cover that also holds all of N(v) loses v and stays a
 *   cover, strictly smaller, so no minimum cover breaks it;
 * - v left out, so all of N(v) taken: a cover that holds every neighbour of
 *   some u in N(v) outside N[v] exchanges u for v and stays a cover of the
 *   same size, one that holds v, which the branching's first child (v
 *   taken) searched before. That child's own constraints only send such a
 *   cover further back, to branchings searched earlier still, and that ends.
 * The second holds only where the first child took v alone: after an
 * orbital branching (orbital.h), whose first child takes v's whole orbit,
 * the exchanged cover may lack one of it, and the symmetry maps it back
 * into the second child.
 */
#ifndef MVC_BNR_PACKING_H
#define MVC_BNR_PACKING_H

#include <stdint.h>

#include "graph.h"
#include "kernelize.h"

/* Constraint i: at least one of members[start[i]] .. members[start[i + 1] - 1] is out. */
struct packing {
    int32_t count;
    int32_t *start; /* count + 1 entries */
    int32_t *members;
    int32_t cap_sets, cap_members;
};

void packing_init(struct packing *p);
void packing_free(struct packing *p);
void packing_clear(struct packing *p);

/* Appends a constraint on the `count` vertices given; MVC_OK or MVC_ENOMEM. */
int packing_add(struct packing *p, const int32_t *vertices, int32_t count);

/* Appends all of q's constraints to p; MVC_OK or MVC_ENOMEM. */
int packing_append(struct packing *p, const struct packing *q);

/*
 * The constraints a branching on v of graph g adds for each child: child 0
 * (v, or v's orbit, taken) gets one on N(w) for each w taken; child 1 (all
 * of N(v) taken) one on N(u) - N[v] for each u in N(v), unless orbital.
 * mark is scratch of g->n zeroed entries, zeroed again on return.
 */
int packing_add_branching(const struct graph *g, int32_t v, const int32_t *taken,
                          int32_t taken_count, int orbital, uint8_t *mark, struct packing *child0,
                          struct packing *child1);

/* What mapping constraints through a node's reductions found. */
enum packing_outcome {
    PACKING_HOLDS,  /* out: the constraints still open, in kernel vertices */
    PACKING_BROKEN, /* a constraint has every vertex taken: no cover of the node is wanted */
};

/*
 * The constraints p of a node's graph through its kernel k: those with a
 * vertex left out are met and dropped, so are those with a folded vertex
 * (its place is not known); taken vertices leave their constraint. A
 * constraint with one kernel vertex left names it in forced (kernel
 * vertices, *forced_count of them, each once; forced has room for the
 * kernel's n), which must stay out of the cover. seen: scratch of the
 * kernel's n zeroed entries, zeroed again on return.
 */
int packing_through_kernel(const struct packing *p, const struct kernel *k, struct packing *out,
                           int32_t *forced, int32_t *forced_count, uint8_t *seen);

/*
 * Vertices of g that every cover under p's constraints (on g's vertices)
 * holds: those adjacent to all of a constraint's vertices, which left out
 * would take them all. Written to forced_in (room for g->n), each once;
 * their count returned. seen: scratch of g->n zeroed entries, zeroed again.
 */
int32_t packing_forced_in(const struct packing *p, const struct graph *g, int32_t *forced_in,
                          uint8_t *seen);

/*
 * The constraints of p, in the vertices of graph g, that lie within one
 * part: local maps g's vertices to the part's (-1 outside it). Appended to out.
 */
int packing_restrict(const struct packing *p, const int32_t *local, struct packing *out);

#endif
