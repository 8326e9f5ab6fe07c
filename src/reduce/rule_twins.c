/*
 * Degree-3 twins u, v (N(u) = N(v)): with an edge inside N(u) a minimum cover
 * holds all of N(u); otherwise u, v and N(u) fold into one vertex
 * (Xiao and Nagamochi 2013; Akiba and Iwata 2016).
 */
#include "rules.h"

/* A vertex other than v with the same three neighbours, or -1. */
static int32_t twin_of(struct rgraph *r, int32_t v, const int32_t nv[3])
{
    int32_t p = nv[0];
    if (r->deg[nv[1]] < r->deg[p])
        p = nv[1];
    if (r->deg[nv[2]] < r->deg[p])
        p = nv[2];
    int32_t d = r->deg[p];
    const int32_t *a = rgraph_neighbours(r, p);
    for (int32_t i = 0; i < d; i++) {
        int32_t u = a[i];
        if (u != v && r->deg[u] == 3 && rgraph_has_edge(r, u, nv[0]) &&
            rgraph_has_edge(r, u, nv[1]) && rgraph_has_edge(r, u, nv[2]))
            return u;
    }
    return -1;
}

int kernel_rule_twins(struct rgraph *r, int32_t v, int folds)
{
    if (r->deg[v] != 3)
        return 0;
    const int32_t *a = rgraph_neighbours(r, v);
    int32_t nv[3] = {a[0], a[1], a[2]};
    int32_t u = twin_of(r, v, nv);
    if (u < 0)
        return 0;
    int status = MVC_OK;
    if (rgraph_has_edge(r, nv[0], nv[1]) || rgraph_has_edge(r, nv[0], nv[2]) ||
        rgraph_has_edge(r, nv[1], nv[2])) {
        for (int i = 0; i < 3 && status == MVC_OK; i++)
            status = rgraph_take(r, nv[i], KERNEL_RULE_TWINS);
    } else if (folds) {
        status = rgraph_fold_twins(r, u, v);
    } else {
        return 0;
    }
    return status < 0 ? status : 1;
}
