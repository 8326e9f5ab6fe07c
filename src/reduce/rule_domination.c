/*
 * Domination: for adjacent u, v with N[u] within N[v], some minimum cover
 * holds v (Fomin, Grandoni and Kratsch 2009; Akiba and Iwata 2016).
 */
#include "rules.h"

/* A neighbour v of x with N[x] within N[v], or -1. */
static int32_t dominator_of(struct rgraph *r, int32_t x)
{
    int32_t d = r->deg[x];
    const int32_t *a = rgraph_neighbours(r, x);
    for (int32_t i = 0; i < d; i++) {
        int32_t v = a[i];
        if (r->deg[v] < d)
            continue;
        int32_t j = 0;
        while (j < d && (a[j] == v || rgraph_has_edge(r, a[j], v)))
            j++;
        if (j == d)
            return v;
    }
    return -1;
}

/* Whether x dominates one of its neighbours: N[u] within N[x] for some u in N(x). */
static int dominates_a_neighbour(struct rgraph *r, int32_t x)
{
    int32_t d = r->deg[x], stamp = rgraph_new_stamp(r);
    const int32_t *a = rgraph_neighbours(r, x);
    r->mark[x] = stamp;
    for (int32_t i = 0; i < d; i++)
        r->mark[a[i]] = stamp;
    for (int32_t i = 0; i < d; i++) {
        int32_t u = a[i], du = r->deg[u];
        if (du > d)
            continue;
        const int32_t *b = rgraph_neighbours(r, u);
        int32_t j = 0;
        while (j < du && r->mark[b[j]] == stamp)
            j++;
        if (j == du)
            return 1;
    }
    return 0;
}

int kernel_rule_domination(struct rgraph *r, int32_t x)
{
    int32_t v = dominator_of(r, x);
    if (v >= 0) {
        int status = rgraph_take(r, v, KERNEL_RULE_DOMINATION);
        return status < 0 ? status : 1;
    }
    /* N[x] only grows by folding; otherwise any new domination shows at the dominated end. */
    if (!r->grew[x])
        return 0;
    r->grew[x] = 0;
    if (!dominates_a_neighbour(r, x))
        return 0;
    int status = rgraph_take(r, x, KERNEL_RULE_DOMINATION);
    return status < 0 ? status : 1;
}
