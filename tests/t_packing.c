/* bnr's packing constraints (src/vc/bnr/packing.h) on small graphs worked by hand. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "kernelize.h"
#include "packing.h"
#include "tap.h"

/*
 * A 6-cycle 0..5, vertex 6 joined to 0, 1 and 2, vertex 7 to 3 and 4. No
 * reduction but the isolated vertices' applies: the kernel is the graph
 * without the vertices taken and those they leave isolated.
 */
static struct graph *hat_graph(void)
{
    const int32_t e[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0},
                            {6, 0}, {6, 1}, {6, 2}, {7, 3}, {7, 4}};
    return graph_from_edges(8, e, sizeof e / sizeof e[0]);
}

static struct kernel *kernel_taking(const struct graph *g, const int32_t *taken, int32_t count)
{
    struct kernel_opts o = kernel_opts_default();
    o.degree_one = o.degree_two_fold = o.domination = o.twins = o.lp = o.unconfined = 0;
    o.folds = 0;
    o.taken = taken;
    o.taken_count = count;
    struct kernel *k = NULL;
    struct error err = {0};
    if (kernel_reduce(g, &o, &k, NULL, &err) != MVC_OK)
        bail(err.message);
    return k;
}

/* Whether constraint i of p is exactly the set given (in any order). */
static int constraint_is(const struct packing *p, int32_t i, const int32_t *set, int32_t count)
{
    if (i >= p->count || p->start[i + 1] - p->start[i] != count)
        return 0;
    for (int32_t a = 0; a < count; a++) {
        int found = 0;
        for (int32_t b = p->start[i]; b < p->start[i + 1]; b++)
            found |= p->members[b] == set[a];
        if (!found)
            return 0;
    }
    return 1;
}

static void test_through_kernel(void)
{
    struct graph *g = hat_graph();
    uint8_t seen[8] = {0};
    int32_t forced[8], forced_count = -1;

    /* 3 taken: {3, 4} keeps 4 out; {0, 1, 2} and {1, 2} stay open; {3} alone is broken */
    struct kernel *k = kernel_taking(g, (const int32_t[]){3}, 1);
    struct packing p, out;
    packing_init(&p);
    packing_init(&out);
    packing_add(&p, (const int32_t[]){3, 4}, 2);
    packing_add(&p, (const int32_t[]){0, 1, 2}, 3);
    packing_add(&p, (const int32_t[]){1, 2}, 2);
    int r = packing_through_kernel(&p, k, &out, forced, &forced_count, seen);
    int32_t k0 = kernel_fate(k, 0), k1 = kernel_fate(k, 1), k2 = kernel_fate(k, 2);
    ok(r == PACKING_HOLDS && forced_count == 1 && forced[0] == kernel_fate(k, 4) &&
           kernel_fate(k, 3) == KERNEL_FATE_TAKEN && out.count == 2 &&
           constraint_is(&out, 0, (const int32_t[]){k0, k1, k2}, 3) &&
           constraint_is(&out, 1, (const int32_t[]){k1, k2}, 2),
       "a taken vertex leaves its constraint; one kernel vertex left is kept out, two are not");
    packing_clear(&out);
    packing_add(&p, (const int32_t[]){3}, 1);
    ok(packing_through_kernel(&p, k, &out, forced, &forced_count, seen) == PACKING_BROKEN,
       "a constraint whose vertices are all taken is broken");
    kernel_free(k);

    /* 3 and 4 taken leave 7 isolated, out of every cover: its constraints are met */
    k = kernel_taking(g, (const int32_t[]){3, 4}, 2);
    packing_clear(&p);
    packing_clear(&out);
    packing_add(&p, (const int32_t[]){7, 0}, 2);
    r = packing_through_kernel(&p, k, &out, forced, &forced_count, seen);
    ok(r == PACKING_HOLDS && out.count == 0 && forced_count == 0 &&
           kernel_fate(k, 7) == KERNEL_FATE_LEFT_OUT,
       "a constraint with a vertex left out is met and dropped");
    int clean = 1;
    for (int i = 0; i < 8; i++)
        clean &= seen[i] == 0;
    ok(clean, "the scratch is zeroed again");
    kernel_free(k);
    packing_free(&p);
    packing_free(&out);
    graph_free(g);
}

/*
 * Vertex 0 of degree two between 1 and 2, which are not adjacent, each on a
 * triangle-free cubic remainder: the degree-two fold merges 1 and 2, whose
 * places in the cover are then that of one kernel vertex, and 0's is not.
 */
static void test_fold_fates(void)
{
    const int32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5},
                            {2, 6}, {3, 4}, {5, 6}, {3, 5}, {4, 6}};
    struct graph *g = graph_from_edges(7, e, sizeof e / sizeof e[0]);
    struct kernel_opts o = kernel_opts_default();
    o.degree_one = o.domination = o.twins = o.lp = o.unconfined = 0;
    struct kernel *k = NULL;
    struct error err = {0};
    if (kernel_reduce(g, &o, &k, NULL, &err) != MVC_OK)
        bail(err.message);
    int32_t f1 = kernel_fate(k, 1), f2 = kernel_fate(k, 2);
    ok(kernel_fate(k, 0) == KERNEL_FATE_FOLDED && f1 >= 0 && f1 == f2 && kernel_graph(k)->n == 5,
       "a degree-two fold: its neighbours share one kernel vertex (%d, %d), it has none", f1, f2);
    kernel_free(k);
    graph_free(g);
}

static void test_forced_in(void)
{
    struct graph *g = hat_graph();
    uint8_t seen[8] = {0};
    int32_t in[8];
    struct packing p;
    packing_init(&p);
    packing_add(&p, (const int32_t[]){0, 1}, 2);
    int32_t count = packing_forced_in(&p, g, in, seen);
    ok(count == 1 && in[0] == 6, "only the common neighbour of {0, 1} must be taken (%d found)",
       count);
    packing_clear(&p);
    packing_add(&p, (const int32_t[]){0, 3}, 2);
    ok(packing_forced_in(&p, g, in, seen) == 0, "{0, 3} have no common neighbour: none taken");
    packing_free(&p);
    graph_free(g);
}

static void test_branching(void)
{
    struct graph *g = hat_graph();
    uint8_t mark[8] = {0};
    struct packing c0, c1;
    packing_init(&c0);
    packing_init(&c1);
    int32_t v = 6;
    packing_add_branching(g, v, &v, 1, 0, mark, &c0, &c1);
    /* N(0) - N[6] = {5}, N(1) - N[6] = {}, N(2) - N[6] = {3}, in N(6)'s order */
    ok(c0.count == 1 && constraint_is(&c0, 0, (const int32_t[]){0, 1, 2}, 3) && c1.count == 3 &&
           constraint_is(&c1, 0, (const int32_t[]){5}, 1) && constraint_is(&c1, 1, NULL, 0) &&
           constraint_is(&c1, 2, (const int32_t[]){3}, 1),
       "v taken: not all of N(v); v out: not all of N(u) - N[v] for each neighbour u");
    packing_clear(&c0);
    packing_clear(&c1);
    int32_t orbit[2] = {6, 7};
    packing_add_branching(g, v, orbit, 2, 1, mark, &c0, &c1);
    ok(c0.count == 2 && constraint_is(&c0, 1, (const int32_t[]){3, 4}, 2) && c1.count == 0,
       "an orbit taken: one constraint per vertex of it, none for the second child");
    int clean = 1;
    for (int i = 0; i < 8; i++)
        clean &= mark[i] == 0;
    ok(clean, "the marks are cleared again");
    packing_free(&c0);
    packing_free(&c1);
    graph_free(g);
}

int main(void)
{
    test_through_kernel();
    test_fold_fates();
    test_forced_in();
    test_branching();
    done_testing();
    return exit_status();
}
