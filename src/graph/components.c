/* Connected components by breadth-first search with an explicit queue. */
#include "components.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"

int graph_components(const struct graph *g, int32_t *component_of, int32_t *count)
{
    *count = 0;
    int32_t *queue = malloc((size_t)(g->n > 0 ? g->n : 1) * sizeof *queue);
    if (queue == NULL)
        return MVC_ENOMEM;
    for (int32_t v = 0; v < g->n; v++)
        component_of[v] = -1;
    for (int32_t s = 0; s < g->n; s++) {
        if (component_of[s] >= 0)
            continue;
        int32_t c = (*count)++, head = 0, tail = 0;
        component_of[s] = c;
        queue[tail++] = s;
        while (head < tail) {
            int32_t v = queue[head++];
            for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++) {
                int32_t u = g->adj[i];
                if (component_of[u] < 0) {
                    component_of[u] = c;
                    queue[tail++] = u;
                }
            }
        }
    }
    free(queue);
    return MVC_OK;
}

/*
 * A counting sort by size (stable, so ties stay in component order): no
 * comparator with global state, safe for the threads that split at once.
 */
static int sort_by_size(struct split *sp)
{
    int32_t n = sp->g->n;
    int32_t *start = calloc((size_t)n + 2, sizeof *start);
    if (start == NULL)
        return MVC_ENOMEM;
    for (int32_t c = 0; c < sp->count; c++)
        start[sp->size[c] + 1]++;
    for (int32_t s = 0; s <= n; s++)
        start[s + 1] += start[s];
    for (int32_t c = 0; c < sp->count; c++)
        sp->by_size[start[sp->size[c]]++] = c;
    free(start);
    return MVC_OK;
}

int split_open(struct split *sp, const struct graph *g)
{
    memset(sp, 0, sizeof *sp);
    sp->g = g;
    size_t n = (size_t)g->n + 1;
    sp->component_of = malloc(n * sizeof *sp->component_of);
    sp->keep = calloc(n, 1);
    sp->to_whole = malloc(n * sizeof *sp->to_whole);
    if (sp->component_of == NULL || sp->keep == NULL || sp->to_whole == NULL ||
        graph_components(g, sp->component_of, &sp->count) != MVC_OK)
        goto fail;
    sp->by_size = malloc(((size_t)sp->count + 1) * sizeof *sp->by_size);
    sp->size = calloc((size_t)sp->count + 1, sizeof *sp->size);
    sp->in_part = calloc((size_t)sp->count + 1, 1);
    if (sp->by_size == NULL || sp->size == NULL || sp->in_part == NULL)
        goto fail;
    for (int32_t v = 0; v < g->n; v++)
        sp->size[sp->component_of[v]]++;
    if (sort_by_size(sp) != MVC_OK)
        goto fail;
    return MVC_OK;
fail:
    split_close(sp);
    sp->g = g;
    return MVC_ENOMEM;
}

void split_close(struct split *sp)
{
    free(sp->component_of), free(sp->by_size), free(sp->size), free(sp->in_part), free(sp->keep);
    free(sp->to_whole), free(sp->members), free(sp->first), free(sp->to_part);
    memset(sp, 0, sizeof *sp);
}

/* The vertices grouped by component, by a counting sort that keeps id order in each group. */
static int group_members(struct split *sp)
{
    if (sp->members != NULL)
        return MVC_OK;
    const struct graph *g = sp->g;
    sp->members = malloc(((size_t)g->n + 1) * sizeof *sp->members);
    sp->first = malloc(((size_t)sp->count + 1) * sizeof *sp->first);
    sp->to_part = malloc(((size_t)g->n + 1) * sizeof *sp->to_part);
    if (sp->members == NULL || sp->first == NULL || sp->to_part == NULL) {
        free(sp->members), free(sp->first), free(sp->to_part);
        sp->members = sp->first = sp->to_part = NULL;
        return MVC_ENOMEM;
    }
    int32_t at = 0;
    for (int32_t c = 0; c < sp->count; c++) {
        sp->first[c] = at;
        at += sp->size[c];
    }
    sp->first[sp->count] = at;
    int32_t *fill = sp->to_part; /* scratch until a part needs it */
    memcpy(fill, sp->first, (size_t)sp->count * sizeof *fill);
    for (int32_t v = 0; v < g->n; v++)
        sp->members[fill[sp->component_of[v]]++] = v;
    return MVC_OK;
}

const int32_t *split_members(struct split *sp, int32_t i, int32_t *size)
{
    if (group_members(sp) != MVC_OK)
        return NULL;
    int32_t c = split_id(sp, i);
    *size = sp->size[c];
    return sp->members + sp->first[c];
}

/* The subgraph induced by the components taken from-th to to-th (exclusive), by size. */
static const struct graph *induced(struct split *sp, int32_t from, int32_t to,
                                   const int32_t **to_whole)
{
    *to_whole = NULL;
    if (from == 0 && to == sp->count)
        return sp->g;
    for (int32_t i = from; i < to; i++)
        sp->in_part[split_id(sp, i)] = 1;
    const struct graph *g = sp->g;
    for (int32_t v = 0; v < g->n; v++)
        sp->keep[v] = sp->in_part[sp->component_of[v]];
    for (int32_t i = from; i < to; i++)
        sp->in_part[split_id(sp, i)] = 0;
    struct graph *part = graph_induced(g, sp->keep, sp->to_whole);
    *to_whole = sp->to_whole;
    return part;
}

const struct graph *split_part(struct split *sp, int32_t i, const int32_t **to_whole)
{
    if (sp->count == 1)
        return induced(sp, i, i + 1, to_whole); /* g itself */
    /* in its own size rather than g's; its members are its map back */
    int32_t k;
    const int32_t *members = split_members(sp, i, &k);
    *to_whole = members;
    return members != NULL ? graph_induced_closed(sp->g, members, k, sp->to_part) : NULL;
}

const struct graph *split_rest(struct split *sp, int32_t from, const int32_t **to_whole)
{
    return induced(sp, from, sp->count, to_whole);
}

void split_part_done(struct split *sp, const struct graph *part)
{
    if (part != sp->g)
        graph_free((struct graph *)part);
}

void split_add_cover(struct cover *c, const struct cover *part, const int32_t *to_whole)
{
    for (int32_t v = 0; v < part->n; v++)
        if (part->in[v])
            cover_add(c, to_whole != NULL ? to_whole[v] : v);
}
