/*
 * Funnels (Xiao and Nagamochi 2013; Akiba and Iwata 2016): v whose
 * neighbourhood is a clique A and one more vertex u with no neighbour in A.
 * Some maximum independent set holds v or u: one that holds neither holds a
 * vertex of A (v would join it otherwise), which v may replace. With v in
 * it, the rest avoids N(v); with u, N(u). So v and u leave the graph, every
 * vertex of A is joined to every vertex of N(u) - v, and the minimum cover
 * is one vertex larger than the new graph's: its maximum independent sets
 * hold at most one vertex of A and then none of N(u), so u rejoins them,
 * else v does (lift_log.c).
 */
#include "rules.h"

/*
 * The rule looks at vertices of at most this degree (its test costs the
 * square of it), and folds only where u has at most FUNNEL_MAX_FAR
 * neighbours: the fold adds up to |A| times that many edges.
 */
#define FUNNEL_MAX_DEGREE 8
#define FUNNEL_MAX_FAR 32

int kernel_rule_funnel(struct rgraph *r, int32_t v)
{
    int32_t d = r->deg[v];
    if (d < 3 || d > FUNNEL_MAX_DEGREE)
        return 0; /* degrees 1 and 2 are the degree rules' */
    const int32_t *a = rgraph_neighbours(r, v);
    int32_t u = -1;
    for (int32_t i = 0; i < d; i++) {
        int32_t inside = 0;
        for (int32_t j = 0; j < d; j++)
            inside += j != i && rgraph_has_edge(r, a[i], a[j]);
        if (inside == 0 && u < 0)
            u = a[i];
        else if (inside != d - 2)
            return 0; /* a second vertex apart, or a vertex of A missing an edge */
    }
    if (u < 0 || r->deg[u] > FUNNEL_MAX_FAR)
        return 0;
    int status = rgraph_fold_funnel(r, v, u);
    return status < 0 ? status : 1;
}
