/*
 * Components (components.h) against a union-find of the edges: numbering,
 * the order of struct split, its parts and the rest with their maps back,
 * and covers mapped back through them.
 */
#include <stdlib.h>
#include <string.h>

#include "components.h"
#include "cover.h"
#include "error.h"
#include "gen.h"
#include "graph.h"
#include "tap.h"

#define GRAPHS 300

static int32_t find(int32_t *parent, int32_t v)
{
    while (parent[v] != v)
        v = parent[v] = parent[parent[v]];
    return v;
}

/*
 * The components by union-find, numbered in order of their smallest vertex:
 * component_of[v], and the count returned.
 */
static int32_t reference_components(const struct graph *g, int32_t *component_of)
{
    int32_t *parent = malloc(((size_t)g->n + 1) * sizeof *parent);
    int32_t *number = malloc(((size_t)g->n + 1) * sizeof *number);
    if (parent == NULL || number == NULL)
        bail("out of memory");
    for (int32_t v = 0; v < g->n; v++)
        parent[v] = v, number[v] = -1;
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++)
            parent[find(parent, u)] = find(parent, g->adj[i]);
    int32_t count = 0;
    for (int32_t v = 0; v < g->n; v++) {
        int32_t root = find(parent, v);
        if (number[root] < 0)
            number[root] = count++;
        component_of[v] = number[root];
    }
    free(parent);
    free(number);
    return count;
}

/*
 * Whether part is the subgraph of g induced by the vertices in_set[] marks,
 * with to_whole listing them in increasing order (NULL: part is g itself).
 */
static int induced_right(const struct graph *g, const uint8_t *in_set, const struct graph *part,
                         const int32_t *to_whole)
{
    if (to_whole == NULL)
        return part == g;
    int32_t vertices = 0;
    int64_t edges = 0;
    for (int32_t v = 0; v < g->n; v++) {
        vertices += in_set[v] != 0;
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
            edges += in_set[v] && in_set[g->adj[i]] && v < g->adj[i];
    }
    if (part->n != vertices || part->m != edges)
        return 0;
    for (int32_t v = 0; v < part->n; v++) {
        if (!in_set[to_whole[v]] || (v > 0 && to_whole[v - 1] >= to_whole[v]))
            return 0;
        for (int64_t i = part->offsets[v]; i < part->offsets[v + 1]; i++)
            if (!graph_has_edge(g, to_whole[v], to_whole[part->adj[i]]))
                return 0;
    }
    return 1;
}

/* A cover of part: for each edge not yet covered, its larger end. */
static int edge_cover(const struct graph *part, struct cover *c)
{
    if (cover_init(c, part->n) != MVC_OK)
        return MVC_ENOMEM;
    for (int32_t u = 0; u < part->n; u++)
        for (int64_t i = part->offsets[u]; i < part->offsets[u + 1]; i++)
            if (!c->in[u] && !c->in[part->adj[i]])
                cover_add(c, u > part->adj[i] ? u : part->adj[i]);
    return MVC_OK;
}

struct tally {
    int numbering, order, sizes, parts, once, rest, covers;
};

static void check_graph(const struct graph *g, const char *desc, struct tally *t)
{
    int32_t *want = malloc(((size_t)g->n + 1) * sizeof *want);
    uint8_t *in_set = calloc((size_t)g->n + 1, 1);
    int32_t *seen = calloc((size_t)g->n + 1, sizeof *seen);
    if (want == NULL || in_set == NULL || seen == NULL)
        bail("out of memory");
    int32_t count = reference_components(g, want);
    struct split sp;
    if (split_open(&sp, g) != MVC_OK)
        bail("out of memory");

    int numbering = sp.count == count;
    for (int32_t v = 0; numbering && v < g->n; v++)
        numbering = sp.component_of[v] == want[v];
    t->numbering += numbering;

    /* smallest first, ties in component-number order, each component once */
    int order = 1, sizes = 1;
    for (int32_t i = 0; i < sp.count; i++) {
        int32_t id = split_id(&sp, i), size = 0;
        for (int32_t v = 0; v < g->n; v++)
            size += sp.component_of[v] == id;
        sizes &= split_size(&sp, i) == size;
        if (i > 0) {
            int32_t before = split_id(&sp, i - 1);
            order &= split_size(&sp, i - 1) < split_size(&sp, i) ||
                     (split_size(&sp, i - 1) == split_size(&sp, i) && before < id);
        }
    }
    t->order += order;
    t->sizes += sizes;

    /* each part induced and mapped back; every vertex in exactly one; covers mapped back */
    int parts = 1, covers = 1;
    struct cover whole;
    if (cover_init(&whole, g->n) != MVC_OK)
        bail("out of memory");
    for (int32_t i = 0; i < sp.count; i++) {
        const int32_t *to_whole = NULL;
        const struct graph *part = split_part(&sp, i, &to_whole);
        if (part == NULL)
            bail("out of memory");
        for (int32_t v = 0; v < g->n; v++)
            in_set[v] = sp.component_of[v] == split_id(&sp, i);
        parts &= induced_right(g, in_set, part, to_whole) && part->n == split_size(&sp, i) &&
                 graph_check(part, NULL) == MVC_OK; /* sorted lists, arcs matched */
        /* the members: the same vertices, in id order */
        int32_t size = -1;
        const int32_t *members = split_members(&sp, i, &size);
        parts &= members != NULL && size == split_size(&sp, i);
        for (int32_t j = 0; parts && j < size; j++)
            parts &= in_set[members[j]] && (j == 0 || members[j - 1] < members[j]);
        for (int32_t v = 0; v < part->n; v++)
            seen[to_whole != NULL ? to_whole[v] : v]++;
        struct cover pc;
        if (edge_cover(part, &pc) != MVC_OK)
            bail("out of memory");
        int32_t before = whole.size;
        split_add_cover(&whole, &pc, to_whole);
        covers &= whole.size == before + pc.size;
        for (int32_t v = 0; v < part->n; v++)
            covers &= whole.in[to_whole != NULL ? to_whole[v] : v] == pc.in[v];
        cover_free(&pc);
        split_part_done(&sp, part);
    }
    covers &= cover_check(g, &whole, NULL) == MVC_OK;
    cover_free(&whole);
    t->parts += parts;
    t->covers += covers;
    int once = 1;
    for (int32_t v = 0; v < g->n; v++)
        once &= seen[v] == 1;
    t->once += once;

    /* the rest from each i: exactly the parts i, i + 1, ... */
    int rest = 1;
    for (int32_t from = 0; from < sp.count; from++) {
        const int32_t *to_whole = NULL;
        const struct graph *r = split_rest(&sp, from, &to_whole);
        if (r == NULL)
            bail("out of memory");
        memset(in_set, 0, (size_t)g->n + 1);
        for (int32_t i = from; i < sp.count; i++)
            for (int32_t v = 0; v < g->n; v++)
                in_set[v] |= sp.component_of[v] == split_id(&sp, i);
        rest &= from == 0 ? r == g && to_whole == NULL : induced_right(g, in_set, r, to_whole);
        split_part_done(&sp, r);
    }
    t->rest += rest;
    if (!(numbering && order && sizes && parts && once && rest && covers))
        diag("wrong on %s", desc);
    split_close(&sp);
    free(want);
    free(in_set);
    free(seen);
}

/* The disjoint union of a and b, relabelled at random: at least two components. */
static struct graph *disjoint_union(const struct graph *a, const struct graph *b, uint64_t seed)
{
    int32_t n = a->n + b->n;
    int32_t *perm = malloc(((size_t)n + 1) * sizeof *perm);
    int32_t(*e)[2] = malloc(((size_t)(a->m + b->m) + 1) * sizeof *e);
    if (perm == NULL || e == NULL)
        bail("out of memory");
    struct rng r = {seed};
    gen_permutation(perm, n, &r);
    int64_t m = 0;
    const struct graph *both[2] = {a, b};
    for (int k = 0, first = 0; k < 2; first += both[k]->n, k++)
        for (int32_t u = 0; u < both[k]->n; u++)
            for (int64_t i = both[k]->offsets[u]; i < both[k]->offsets[u + 1]; i++)
                if (u < both[k]->adj[i]) {
                    e[m][0] = perm[first + u];
                    e[m][1] = perm[first + both[k]->adj[i]];
                    m++;
                }
    struct graph *g = graph_from_edges(n, (const int32_t(*)[2])e, m);
    free(perm);
    free(e);
    return g;
}

int main(void)
{
    uint64_t master = gen_master_seed();
    struct tally t = {0};
    int several = 0;
    for (int i = 0; i < GRAPHS; i++) {
        enum gen_family family = (enum gen_family)(i % GEN_FAMILIES);
        double p = gen_densities[(i / GEN_FAMILIES) % 5];
        uint64_t seed = master + (uint64_t)i * 7919;
        char desc[256];
        struct graph *g = gen_graph(family, p, 30, seed, desc, sizeof desc);
        if (g != NULL && i % 2 == 1) {
            /* every other graph: beside a second one, so that it surely splits */
            char second[128];
            struct graph *h = gen_graph((enum gen_family)((i / 2) % GEN_FAMILIES), p, 20, seed + 1,
                                        second, sizeof second);
            struct graph *u = h != NULL ? disjoint_union(g, h, seed + 2) : NULL;
            size_t len = strlen(desc);
            snprintf(desc + len, sizeof desc - len, " beside %s", second);
            graph_free(g);
            graph_free(h);
            g = u;
        }
        if (g == NULL)
            bail("out of memory");
        struct split sp;
        if (split_open(&sp, g) != MVC_OK)
            bail("out of memory");
        several += sp.count > 1;
        split_close(&sp);
        check_graph(g, desc, &t);
        graph_free(g);
    }
    ok(several >= GRAPHS / 2, "%d of %d graphs split, among them every disjoint union", several,
       GRAPHS);
    is(t.numbering, GRAPHS, "components numbered as the union-find numbers them");
    is(t.order, GRAPHS, "taken smallest first, ties in component-number order");
    is(t.sizes, GRAPHS, "split_size is each component's vertex count");
    is(t.parts, GRAPHS,
       "each part the induced subgraph, a valid graph, mapped back in increasing order, its "
       "members listed in id order");
    is(t.once, GRAPHS, "every vertex in exactly one part");
    is(t.rest, GRAPHS, "split_rest(i): exactly the parts from i on; from 0 the graph itself");
    is(t.covers, GRAPHS,
       "covers of the parts mapped back: the same vertices, a cover of the graph");

    /* a graph of one component: the graph itself, without a map */
    const int32_t path[][2] = {{0, 1}, {1, 2}, {2, 3}};
    struct graph *g = graph_from_edges(4, path, 3);
    struct split sp;
    if (g == NULL || split_open(&sp, g) != MVC_OK)
        bail("out of memory");
    is(sp.count, 1, "a path: one component");
    const int32_t *to_whole = &path[0][0];
    const struct graph *part = split_part(&sp, 0, &to_whole);
    ok(part == g && to_whole == NULL, "its part is the graph itself, with a NULL map");
    split_part_done(&sp, part);
    ok(g->n == 4 && g->m == 3 && g->offsets != NULL, "and giving it back leaves the graph whole");
    split_close(&sp);
    graph_free(g);

    /* three components of sizes 3, 1, 3: the single vertex first, then 0's, then 4's */
    const int32_t three[][2] = {{0, 1}, {1, 2}, {4, 5}, {5, 6}};
    g = graph_from_edges(7, three, 4);
    if (g == NULL || split_open(&sp, g) != MVC_OK)
        bail("out of memory");
    ok(sp.count == 3 && split_id(&sp, 0) == 1 && split_id(&sp, 1) == 0 && split_id(&sp, 2) == 2,
       "sizes 3, 1, 3: taken as components 1, 0, 2");
    part = split_part(&sp, 2, &to_whole);
    ok(part != NULL && part->n == 3 && part->m == 2 && to_whole != NULL && to_whole[0] == 4 &&
           to_whole[1] == 5 && to_whole[2] == 6,
       "the last part is the path 4-5-6, mapped back to 4, 5, 6");
    split_part_done(&sp, part);
    split_close(&sp);
    graph_free(g);
    done_testing();
    return exit_status();
}
