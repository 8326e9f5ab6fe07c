/* Connected components of a graph, so that each can be solved on its own. */
#ifndef MVC_COMPONENTS_H
#define MVC_COMPONENTS_H

#include <stdint.h>

#include "cover.h"
#include "graph.h"

/*
 * component_of[v] (n entries, caller's) receives v's component, numbered
 * 0..*count-1 in order of each component's smallest vertex. MVC_OK, or
 * MVC_ENOMEM.
 */
int graph_components(const struct graph *g, int32_t *component_of, int32_t *count);

/*
 * A graph split into its components, taken smallest first (ties in order
 * of their smallest vertex): the pipeline solves a kernel's components one
 * by one this way, and so does bnr at every search node.
 */
struct split {
    const struct graph *g;
    int32_t count;
    int32_t *component_of; /* vertex -> component, numbered as graph_components does */
    int32_t *by_size;      /* the components, smallest first */
    int32_t *size;         /* vertices of each component */
    uint8_t *in_part;      /* scratch: the components of the part being built */
    uint8_t *keep;         /* scratch: its vertices */
    int32_t *to_whole;     /* the last rest's vertex -> g's vertex (a part's map is its members) */
    /*
     * Made at the first call that needs them (a part of a graph of several
     * components, or split_members), so that a part costs its own size, not
     * g's: the vertices grouped by component
     * (each group in id order, group c from first[c]), and g's vertex -> its
     * part's vertex for the last part.
     */
    int32_t *members, *first, *to_part;
};

/* MVC_OK, or MVC_ENOMEM (sp is then empty, and split_close may still be called). */
int split_open(struct split *sp, const struct graph *g);
void split_close(struct split *sp);

/* The component taken i-th (0: the smallest), as graph_components numbers it. */
static inline int32_t split_id(const struct split *sp, int32_t i)
{
    return sp->by_size[i];
}

static inline int32_t split_size(const struct split *sp, int32_t i)
{
    return sp->size[sp->by_size[i]];
}

/*
 * The i-th component as a graph: g itself when it is the only one, else the
 * induced subgraph (relabelled in id order), with *to_whole mapping its
 * vertices to g's until the next split_part. Give it back with
 * split_part_done. NULL when out of memory.
 */
const struct graph *split_part(struct split *sp, int32_t i, const int32_t **to_whole);
void split_part_done(struct split *sp, const struct graph *part);

/*
 * The components from the i-th on, together, as one graph (the same
 * conventions as split_part): what is left when a search stops early.
 */
const struct graph *split_rest(struct split *sp, int32_t from, const int32_t **to_whole);

/*
 * The vertices of the component taken i-th, in id order (*size of them),
 * valid until split_close; NULL when out of memory.
 */
const int32_t *split_members(struct split *sp, int32_t i, int32_t *size);

/* Adds to c (a cover of g) the vertices of a part's cover, mapped by to_whole (NULL: same ids). */
void split_add_cover(struct cover *c, const struct cover *part, const int32_t *to_whole);

#endif
