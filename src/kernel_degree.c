/* Low-degree rules: isolated vertices, pendant vertices, and degree two (triangle or fold). */
#include "kernel_rules.h"

int kernel_rule_degree(struct rgraph *r, int32_t v, const struct kernel_opts *o)
{
    int status;
    switch (r->deg[v]) {
    case 0:
        rgraph_exclude(r, v, KERNEL_RULE_DEGREE_ZERO);
        return 1;
    case 1:
        if (!o->degree_one)
            return 0;
        /* Some minimum cover avoids v, so it holds v's neighbour. */
        status = rgraph_take(r, rgraph_neighbours(r, v)[0], KERNEL_RULE_DEGREE_ONE);
        return status < 0 ? status : 1;
    case 2: {
        if (!o->degree_two_fold)
            return 0;
        const int32_t *a = rgraph_neighbours(r, v);
        int32_t u = a[0], w = a[1];
        if (!rgraph_has_edge(r, u, w))
            status = rgraph_fold_two(r, v);
        else if ((status = rgraph_take(r, u, KERNEL_RULE_TRIANGLE)) == MVC_OK)
            /* A cover needs two of the triangle; u and w cover everything v covers. */
            status = rgraph_take(r, w, KERNEL_RULE_TRIANGLE);
        return status < 0 ? status : 1;
    }
    default:
        return 0;
    }
}
