/* The optimum Steiner tree of a small graph by exhaustive search, the reference of the Steiner
 * tests. */
#ifndef MVC_TEST_STEINER_BRUTE_H
#define MVC_TEST_STEINER_BRUTE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "mst.h"

/*
 * The weight of a minimum Steiner tree of g (n <= 32): the lightest spanning
 * tree of the terminals and a subset of the other vertices, over all 2^k
 * subsets of the k others; INT64_MAX when none connects the terminals.
 */
static inline int64_t brute_steiner_weight(const struct graph *g)
{
    int32_t n = g->n, others[32], n_others = 0;
    uint8_t is_terminal[32] = {0};
    for (int32_t i = 0; i < g->n_terminals; i++)
        is_terminal[g->terminals[i]] = 1;
    for (int32_t v = 0; v < n; v++)
        if (!is_terminal[v])
            others[n_others++] = v;
    struct wedge *e = malloc((size_t)(g->m + 1) * sizeof *e);
    int64_t best = INT64_MAX;
    for (uint32_t mask = 0; mask < (1u << n_others); mask++) {
        uint8_t keep[32];
        memcpy(keep, is_terminal, sizeof keep);
        int32_t kept = g->n_terminals;
        for (int32_t j = 0; j < n_others; j++)
            if (mask >> j & 1)
                keep[others[j]] = 1, kept++;
        int64_t m = 0;
        for (int32_t u = 0; u < n; u++)
            for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++)
                if (u < g->adj[a] && keep[u] && keep[g->adj[a]])
                    e[m++] = (struct wedge){g->weights ? g->weights[a] : 1, u, g->adj[a], 0};
        int64_t chosen;
        mst_kruskal(n, e, m, &chosen);
        if (chosen != kept - 1)
            continue;
        int64_t w = 0;
        for (int64_t i = 0; i < chosen; i++)
            w += e[i].w;
        if (w < best)
            best = w;
    }
    free(e);
    return best;
}

#endif
