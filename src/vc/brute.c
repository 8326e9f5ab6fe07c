/* Exhaustive minimum vertex cover: a maximum independent set by bit-mask branching, complemented.
 */
#include "brute.h"

#include <stdint.h>

static int popcount(uint32_t x)
{
    int c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

/*
 * Largest independent set inside the candidate set p: the lowest candidate v is
 * either in it (drop v's neighbours) or not (drop v). A candidate without
 * neighbours among the candidates is always in it, which keeps sparse graphs fast.
 */
static uint32_t max_independent(const uint32_t *adj, uint32_t p)
{
    uint32_t taken = 0;
    while (p) {
        int v = 0;
        while (!(p >> v & 1u))
            v++;
        uint32_t bit = 1u << v;
        if ((adj[v] & p) == 0) {
            taken |= bit;
            p &= ~bit;
            continue;
        }
        uint32_t with = bit | max_independent(adj, p & ~bit & ~adj[v]);
        uint32_t without = max_independent(adj, p & ~bit);
        return taken | (popcount(with) >= popcount(without) ? with : without);
    }
    return taken;
}

int brute_minimum_cover(const struct graph *g, struct cover *out)
{
    if (g->n > BRUTE_MAX_VERTICES)
        return MVC_EUNSUPPORTED;
    cover_free(out);
    if (cover_init(out, g->n) != MVC_OK)
        return MVC_ENOMEM;
    uint32_t adj[BRUTE_MAX_VERTICES] = {0};
    for (int32_t v = 0; v < g->n; v++)
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
            adj[v] |= 1u << g->adj[i];
    uint32_t all = (1u << g->n) - 1;
    uint32_t independent = max_independent(adj, all);
    for (int32_t v = 0; v < g->n; v++)
        if (!(independent >> v & 1u))
            cover_add(out, v);
    return out->size;
}
