/* Low-degree rules: isolated vertices, pendant vertices, and degree two (triangle or fold). */
#include "rules.h"

static int take_pendant_neighbour(struct rgraph *r, int32_t v)
{
    /* Some minimum cover avoids v, so it holds v's neighbour. */
    int status = rgraph_take(r, rgraph_neighbours(r, v)[0], KERNEL_RULE_DEGREE_ONE);
    return status < 0 ? status : 1;
}

static int reduce_degree_two(struct rgraph *r, int32_t v, int folds)
{
    const int32_t *a = rgraph_neighbours(r, v);
    int32_t u = a[0], w = a[1];
    int status;
    if (!rgraph_has_edge(r, u, w)) {
        if (!folds)
            return 0;
        status = rgraph_fold_two(r, v);
    } else if ((status = rgraph_take(r, u, KERNEL_RULE_TRIANGLE)) == MVC_OK)
        /* A cover needs two of the triangle; u and w cover everything v covers. */
        status = rgraph_take(r, w, KERNEL_RULE_TRIANGLE);
    return status < 0 ? status : 1;
}

int kernel_rule_degree(struct rgraph *r, int32_t v, const struct kernel_opts *o)
{
    if (r->deg[v] == 0) {
        rgraph_exclude(r, v, KERNEL_RULE_DEGREE_ZERO);
        return 1;
    }
    if (r->deg[v] == 1 && o->degree_one)
        return take_pendant_neighbour(r, v);
    if (r->deg[v] == 2 && o->degree_two_fold)
        return reduce_degree_two(r, v, o->folds);
    return 0;
}
