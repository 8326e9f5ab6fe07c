/* Edmonds' blossom algorithm; see matching.h. */
#include "matching.h"

#include <stdlib.h>

/* The search's state: one alternating tree grown from one free vertex at a time. */
struct search {
    const struct graph *g;
    int32_t *mate;
    int32_t *parent;  /* the tree's parent of an odd vertex, -1 outside the tree */
    int32_t *base;    /* the base of the blossom a vertex has been contracted into */
    char *even;       /* in the tree at even depth (or in a blossom, which is even) */
    char *in_blossom; /* marks of the blossom being contracted */
    char *seen;       /* marks of lowest_common_base's walk */
    int32_t *queue;
};

/* The base of the first blossom that the tree paths from a and b to the root share. */
static int32_t lowest_common_base(struct search *s, int32_t a, int32_t b)
{
    for (int32_t v = 0; v < s->g->n; v++)
        s->seen[v] = 0;
    for (;;) {
        a = s->base[a];
        s->seen[a] = 1;
        if (s->mate[a] < 0)
            break; /* the root */
        a = s->parent[s->mate[a]];
    }
    for (;;) {
        b = s->base[b];
        if (s->seen[b])
            return b;
        b = s->parent[s->mate[b]];
    }
}

/* Marks the blossom's vertices on the path from v down to its base, pointing odd ones at child. */
static void mark_blossom_path(struct search *s, int32_t v, int32_t base, int32_t child)
{
    while (s->base[v] != base) {
        s->in_blossom[s->base[v]] = s->in_blossom[s->base[s->mate[v]]] = 1;
        s->parent[v] = child;
        child = s->mate[v];
        v = s->parent[s->mate[v]];
    }
}

/* An alternating tree from root: the free vertex an augmenting path reaches, or -1. */
static int32_t grow_tree(struct search *s, int32_t root)
{
    int32_t n = s->g->n;
    for (int32_t v = 0; v < n; v++) {
        s->even[v] = 0;
        s->parent[v] = -1;
        s->base[v] = v;
    }
    int32_t head = 0, tail = 0;
    s->even[root] = 1;
    s->queue[tail++] = root;
    while (head < tail) {
        int32_t v = s->queue[head++];
        for (int64_t i = s->g->offsets[v]; i < s->g->offsets[v + 1]; i++) {
            int32_t to = s->g->adj[i];
            if (s->base[v] == s->base[to] || s->mate[v] == to)
                continue;
            if (to == root || (s->mate[to] >= 0 && s->parent[s->mate[to]] >= 0)) {
                /* an edge between two even vertices closes an odd cycle: contract it */
                int32_t base = lowest_common_base(s, v, to);
                for (int32_t u = 0; u < n; u++)
                    s->in_blossom[u] = 0;
                mark_blossom_path(s, v, base, to);
                mark_blossom_path(s, to, base, v);
                for (int32_t u = 0; u < n; u++) {
                    if (!s->in_blossom[s->base[u]])
                        continue;
                    s->base[u] = base;
                    if (!s->even[u]) {
                        s->even[u] = 1;
                        s->queue[tail++] = u;
                    }
                }
            } else if (s->parent[to] < 0) {
                s->parent[to] = v;
                if (s->mate[to] < 0)
                    return to;
                s->even[s->mate[to]] = 1;
                s->queue[tail++] = s->mate[to];
            }
        }
    }
    return -1;
}

int32_t matching_maximum(const struct graph *g, int32_t *mate)
{
    int32_t n = g->n;
    struct search s = {g, mate, NULL, NULL, NULL, NULL, NULL, NULL};
    size_t count = n > 0 ? (size_t)n : 1;
    s.parent = malloc(count * sizeof *s.parent);
    s.base = malloc(count * sizeof *s.base);
    s.queue = malloc(count * sizeof *s.queue);
    s.even = malloc(count);
    s.in_blossom = malloc(count);
    s.seen = malloc(count);
    int32_t size = -1;
    if (s.parent && s.base && s.queue && s.even && s.in_blossom && s.seen) {
        size = 0;
        for (int32_t v = 0; v < n; v++)
            mate[v] = -1;
        for (int32_t v = 0; v < n; v++) /* a greedy start leaves few searches to run */
            for (int64_t i = g->offsets[v]; i < g->offsets[v + 1] && mate[v] < 0; i++)
                if (mate[g->adj[i]] < 0) {
                    mate[v] = g->adj[i];
                    mate[g->adj[i]] = v;
                    size++;
                }
        for (int32_t root = 0; root < n; root++) {
            if (mate[root] >= 0)
                continue;
            int32_t v = grow_tree(&s, root);
            if (v < 0)
                continue;
            size++;
            while (v >= 0) { /* flip the augmenting path from its free end back to the root */
                int32_t p = s.parent[v], next = mate[p];
                mate[v] = p;
                mate[p] = v;
                v = next;
            }
        }
    }
    free(s.parent);
    free(s.base);
    free(s.queue);
    free(s.even);
    free(s.in_blossom);
    free(s.seen);
    return size;
}
