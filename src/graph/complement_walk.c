/* Rows of the complement in a vertex order; see complement_walk.h. */
#include "complement_walk.h"

#include <stdlib.h>

#include "error.h"

int complement_walk_open(struct complement_walk *w, const struct graph *g, const int32_t *order)
{
    size_t n = g->n > 0 ? (size_t)g->n : 1;
    w->g = g;
    w->order = order;
    w->neighbour = calloc(n, 1);
    w->row = malloc(n * sizeof *w->row);
    if (!w->neighbour || !w->row) {
        complement_walk_close(w);
        return MVC_ENOMEM;
    }
    return MVC_OK;
}

void complement_walk_close(struct complement_walk *w)
{
    free(w->neighbour), free(w->row);
    w->row = NULL;
    w->neighbour = NULL;
}

int32_t complement_walk_row(struct complement_walk *w, int32_t i)
{
    const struct graph *g = w->g;
    int32_t v = w->order[i], count = 0;
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
        w->neighbour[g->adj[e]] = 1;
    /* by position, so that the row comes out ascending */
    for (int32_t j = 0; j < g->n; j++) {
        int32_t u = w->order[j];
        if (u != v && !w->neighbour[u])
            w->row[count++] = j;
    }
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
        w->neighbour[g->adj[e]] = 0;
    return count;
}
