/* Disjoint sets, Kruskal and dense Prim; see mst.h. */
#include "mst.h"

#include <stdlib.h>

#include "error.h"

int dsets_init(struct disjoint_sets *s, int32_t n)
{
    s->up = malloc((n > 0 ? (size_t)n : 1) * sizeof *s->up);
    if (s->up == NULL)
        return MVC_ENOMEM;
    for (int32_t i = 0; i < n; i++)
        s->up[i] = -1;
    s->count = n;
    return MVC_OK;
}

void dsets_free(struct disjoint_sets *s)
{
    free(s->up);
    s->up = NULL;
}

int32_t dsets_find(struct disjoint_sets *s, int32_t x)
{
    while (s->up[x] >= 0) {
        int32_t next = s->up[x];
        if (s->up[next] >= 0)
            s->up[x] = s->up[next];
        x = next;
    }
    return x;
}

int dsets_unite(struct disjoint_sets *s, int32_t a, int32_t b)
{
    a = dsets_find(s, a);
    b = dsets_find(s, b);
    if (a == b)
        return 0;
    if (s->up[a] > s->up[b]) {
        int32_t t = a;
        a = b;
        b = t;
    }
    s->up[a] += s->up[b];
    s->up[b] = a;
    s->count--;
    return 1;
}

static int compare_wedges(const void *pa, const void *pb)
{
    const struct wedge *a = pa, *b = pb;
    if (a->w != b->w)
        return a->w < b->w ? -1 : 1;
    if (a->u != b->u)
        return a->u < b->u ? -1 : 1;
    if (a->v != b->v)
        return a->v < b->v ? -1 : 1;
    return (a->tag > b->tag) - (a->tag < b->tag);
}

int mst_kruskal(int32_t n, struct wedge *edges, int64_t m, int64_t *n_chosen)
{
    *n_chosen = 0;
    struct disjoint_sets s;
    if (dsets_init(&s, n) != MVC_OK)
        return MVC_ENOMEM;
    qsort(edges, (size_t)m, sizeof *edges, compare_wedges);
    int64_t chosen = 0;
    for (int64_t i = 0; i < m && s.count > 1; i++)
        if (dsets_unite(&s, edges[i].u, edges[i].v)) {
            struct wedge e = edges[i];
            edges[i] = edges[chosen];
            edges[chosen++] = e;
        }
    dsets_free(&s);
    *n_chosen = chosen;
    return MVC_OK;
}

int32_t mst_prim_dense(int32_t k, const int64_t *dist, int32_t *parent, int64_t *key)
{
    /* key[i] < 0 marks i as in the tree. */
    for (int32_t i = 0; i < k; i++) {
        key[i] = INT64_MAX;
        parent[i] = -1;
    }
    if (k == 0)
        return -1;
    int32_t cur = 0;
    key[0] = -1;
    for (int32_t added = 1; added < k; added++) {
        const int64_t *row = dist + (int64_t)cur * k;
        int32_t best = -1;
        for (int32_t i = 0; i < k; i++) {
            if (key[i] < 0)
                continue;
            if (row[i] < key[i]) {
                key[i] = row[i];
                parent[i] = cur;
            }
            if (best < 0 || key[i] < key[best])
                best = i;
        }
        if (key[best] == INT64_MAX)
            return best;
        key[best] = -1;
        cur = best;
    }
    return -1;
}
