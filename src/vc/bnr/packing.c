#include "packing.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"

void packing_init(struct packing *p)
{
    memset(p, 0, sizeof *p);
}

void packing_free(struct packing *p)
{
    free(p->start);
    free(p->members);
    packing_init(p);
}

void packing_clear(struct packing *p)
{
    p->count = 0;
    if (p->start != NULL)
        p->start[0] = 0;
}

static int grow(struct packing *p, int32_t sets, int32_t members)
{
    if (p->start == NULL || p->count + sets + 1 > p->cap_sets) {
        int32_t cap = 2 * (p->count + sets + 1) + 8;
        int32_t *start = realloc(p->start, (size_t)cap * sizeof *start);
        if (start == NULL)
            return MVC_ENOMEM;
        if (p->start == NULL)
            start[0] = 0;
        p->start = start;
        p->cap_sets = cap;
    }
    int32_t used = p->start[p->count];
    if (used + members > p->cap_members) {
        int32_t cap = 2 * (used + members) + 16;
        int32_t *m = realloc(p->members, (size_t)cap * sizeof *m);
        if (m == NULL)
            return MVC_ENOMEM;
        p->members = m;
        p->cap_members = cap;
    }
    return MVC_OK;
}

int packing_add(struct packing *p, const int32_t *vertices, int32_t count)
{
    if (grow(p, 1, count) != MVC_OK)
        return MVC_ENOMEM;
    int32_t at = p->start[p->count];
    memcpy(p->members + at, vertices, (size_t)count * sizeof *vertices);
    p->start[++p->count] = at + count;
    return MVC_OK;
}

int packing_append(struct packing *p, const struct packing *q)
{
    int32_t members = q->count > 0 ? q->start[q->count] : 0;
    if (grow(p, q->count, members) != MVC_OK)
        return MVC_ENOMEM;
    int32_t at = p->start[p->count];
    if (members > 0)
        memcpy(p->members + at, q->members, (size_t)members * sizeof *q->members);
    for (int32_t i = 1; i <= q->count; i++)
        p->start[p->count + i] = at + q->start[i];
    p->count += q->count;
    return MVC_OK;
}

/* Appends the constraint on N(x) minus the marked vertices. */
static int add_unmarked_neighbours(struct packing *p, const struct graph *g, int32_t x,
                                   const uint8_t *mark)
{
    int32_t d = (int32_t)(g->offsets[x + 1] - g->offsets[x]);
    if (grow(p, 1, d) != MVC_OK)
        return MVC_ENOMEM;
    int32_t at = p->start[p->count], k = 0;
    for (int64_t i = g->offsets[x]; i < g->offsets[x + 1]; i++)
        if (!mark[g->adj[i]])
            p->members[at + k++] = g->adj[i];
    p->start[++p->count] = at + k;
    return MVC_OK;
}

int packing_add_branching(const struct graph *g, int32_t v, const int32_t *taken,
                          int32_t taken_count, int orbital, uint8_t *mark, struct packing *child0,
                          struct packing *child1)
{
    int status = MVC_OK;
    for (int32_t i = 0; i < taken_count && status == MVC_OK; i++)
        status = add_unmarked_neighbours(child0, g, taken[i], mark);
    if (orbital || status != MVC_OK)
        return status;
    mark[v] = 1;
    for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
        mark[g->adj[i]] = 1;
    for (int64_t i = g->offsets[v]; i < g->offsets[v + 1] && status == MVC_OK; i++)
        status = add_unmarked_neighbours(child1, g, g->adj[i], mark);
    mark[v] = 0;
    for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
        mark[g->adj[i]] = 0;
    return status;
}

int packing_through_kernel(const struct packing *p, const struct kernel *k, struct packing *out,
                           int32_t *forced, int32_t *forced_count, uint8_t *seen)
{
    *forced_count = 0;
    int status = PACKING_HOLDS;
    for (int32_t c = 0; c < p->count && status == PACKING_HOLDS; c++) {
        int32_t from = p->start[c], to = p->start[c + 1];
        if (grow(out, 1, to - from) != MVC_OK)
            return MVC_ENOMEM;
        int32_t at = out->start[out->count], left = 0, open = 1;
        for (int32_t i = from; i < to && open; i++) {
            int32_t f = kernel_fate(k, p->members[i]);
            if (f == KERNEL_FATE_LEFT_OUT || f == KERNEL_FATE_FOLDED)
                open = 0; /* met, or not known to be broken */
            else if (f >= 0)
                out->members[at + left++] = f;
        }
        if (!open)
            continue;
        if (left == 0) {
            status = PACKING_BROKEN;
        } else if (left == 1) {
            int32_t y = out->members[at];
            if (!seen[y]) {
                seen[y] = 1;
                forced[(*forced_count)++] = y;
            }
        } else {
            out->start[++out->count] = at + left;
        }
    }
    for (int32_t i = 0; i < *forced_count; i++)
        seen[forced[i]] = 0;
    return status;
}

int packing_restrict(const struct packing *p, const int32_t *local, struct packing *out)
{
    for (int32_t c = 0; c < p->count; c++) {
        int32_t from = p->start[c], to = p->start[c + 1], i = from;
        while (i < to && local[p->members[i]] >= 0)
            i++;
        if (i < to)
            continue; /* reaches outside the part: dropped */
        if (grow(out, 1, to - from) != MVC_OK)
            return MVC_ENOMEM;
        int32_t at = out->start[out->count];
        for (i = from; i < to; i++)
            out->members[at + i - from] = local[p->members[i]];
        out->start[++out->count] = at + to - from;
    }
    return MVC_OK;
}

/* Whether w is adjacent to every vertex of constraint c but `skip`. */
static int adjacent_to_rest(const struct graph *g, const struct packing *p, int32_t c, int32_t w,
                            int32_t skip)
{
    for (int32_t i = p->start[c]; i < p->start[c + 1]; i++)
        if (p->members[i] != skip && !graph_has_edge(g, w, p->members[i]))
            return 0;
    return 1;
}

int32_t packing_forced_in(const struct packing *p, const struct graph *g, int32_t *forced_in,
                          uint8_t *seen)
{
    int32_t count = 0;
    for (int32_t c = 0; c < p->count; c++) {
        /* the candidates: the neighbours of the constraint's vertex of least degree */
        int32_t least = p->members[p->start[c]];
        for (int32_t i = p->start[c] + 1; i < p->start[c + 1]; i++)
            if (graph_degree(g, p->members[i]) < graph_degree(g, least))
                least = p->members[i];
        for (int64_t a = g->offsets[least]; a < g->offsets[least + 1]; a++) {
            int32_t w = g->adj[a];
            if (!seen[w] && adjacent_to_rest(g, p, c, w, least)) {
                seen[w] = 1;
                forced_in[count++] = w;
            }
        }
    }
    for (int32_t i = 0; i < count; i++)
        seen[forced_in[i]] = 0;
    return count;
}
