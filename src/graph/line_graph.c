/* Line graphs: a root graph found and checked, and the cover from its largest matching. */
#include "line_graph.h"

#include <stdlib.h>

#include "matching.h"

/* Union-find over the 2n halves of g's vertices: half 2v + s is v's end on side s. */
static int32_t find(int32_t *up, int32_t x)
{
    while (up[x] != x) {
        up[x] = up[up[x]];
        x = up[x];
    }
    return x;
}

/*
 * Whether the triangle {a, b, c} lies in one star of a root: true when some
 * other vertex is adjacent to exactly one or to all three of its vertices (a
 * triangle of the root is met by every other edge in zero or two of them).
 * count is zero on entry and on return.
 */
static int in_one_star(const struct graph *g, int32_t a, int32_t b, int32_t c, uint8_t *count,
                       int64_t *work)
{
    const int32_t t[3] = {a, b, c};
    for (int k = 0; k < 3; k++)
        for (int64_t i = g->offsets[t[k]]; i < g->offsets[t[k] + 1]; i++)
            count[g->adj[i]]++;
    int odd = 0;
    for (int k = 0; k < 3; k++)
        for (int64_t i = g->offsets[t[k]]; i < g->offsets[t[k] + 1]; i++) {
            int32_t x = g->adj[i];
            if (count[x] != 0 && x != a && x != b && x != c && (count[x] & 1))
                odd = 1;
            count[x] = 0;
        }
    *work += graph_degree(g, a) + graph_degree(g, b) + graph_degree(g, c);
    return odd;
}

/* An adjacency test, counted: the recognition's work is mostly these. */
static int adjacent(const struct graph *g, int32_t a, int32_t b, int64_t *work)
{
    (*work)++;
    return graph_has_edge(g, a, b);
}

/*
 * Splits v's neighbours into the rest of the two stars v lies in: side[i] (0
 * or 1) for each of v's arcs, side 0 holding v's first neighbour u0. In a
 * line graph the neighbours not adjacent to u0 are in the other star; of those
 * adjacent to it, one at most is too (the third edge of a triangle of the
 * root), and it is told apart by its neighbours there, or, where they say
 * nothing, by in_one_star. Returns 0 when v's neighbourhood cannot be split
 * so; a wrong split is caught by root_is_exact.
 */
static int split_neighbours(const struct graph *g, int32_t v, uint8_t *side, uint8_t *count,
                            int64_t *work, int64_t max_work)
{
    int64_t first = g->offsets[v];
    int32_t d = graph_degree(g, v);
    if (d == 0)
        return 1;
    int32_t u0 = g->adj[first], others = 0, other = -1; /* not adjacent to u0 */
    side[first] = 0;
    for (int32_t k = 1; k < d; k++) {
        int far = !adjacent(g, u0, g->adj[first + k], work);
        side[first + k] = (uint8_t)far;
        if (far) {
            others++;
            other = g->adj[first + k];
        }
    }
    /* the other star is a clique: a test that ends most graphs that are no line graphs at once */
    for (int32_t k = 1; k < d; k++) {
        for (int32_t j = k + 1; j < d && side[first + k]; j++)
            if (side[first + j] && !adjacent(g, g->adj[first + k], g->adj[first + j], work))
                return 0;
        if (*work > max_work)
            return 0;
    }
    int32_t candidates = 0;
    int64_t candidate = -1; /* the arc of the one adjacent to u0 that may be in the other star */
    for (int32_t k = 1; k < d; k++) {
        if (side[first + k])
            continue;
        int32_t c = g->adj[first + k];
        int32_t hits = 0;
        if (others >= 2) {
            /* the third edge meets every edge of the other star, the rest one at most */
            for (int32_t j = 1; j < d && hits < 2; j++)
                hits += side[first + j] && adjacent(g, c, g->adj[first + j], work);
            side[first + k] = hits >= 2;
            candidates += hits >= 2;
            if (candidates > 1)
                return 0; /* one edge at most meets the other star twice */
        } else if (others == 1) {
            /* adjacent to the other star's one edge: the third edge, or one of u0's star */
            if (adjacent(g, c, other, work)) {
                candidates++;
                candidate = first + k;
            }
        } else {
            /* no other star seen: the third edge is adjacent to no other neighbour of u0's */
            for (int32_t j = 1; j < d && hits < 1; j++)
                hits += j != k && adjacent(g, c, g->adj[first + j], work);
            if (hits == 0) {
                candidates++;
                candidate = first + k;
            }
        }
        if (*work > max_work)
            return 0;
    }
    if (others >= 2)
        return 1;
    if (others == 1 && candidates > 2)
        return 0;
    if (others == 0 && candidates > 2)
        return 0;
    if (candidates == 0)
        return 1;
    if (others == 0 && candidates == 1 && d > 3) {
        side[candidate] = 1; /* u0's star has two more, adjacent to each other, not to it */
        return 1;
    }
    /* a triangle of v, u0 and a candidate: in one star, or a triangle of the root */
    for (int32_t k = 1; k < d; k++) {
        int32_t c = g->adj[first + k];
        int candidate_here =
            others == 1 ? !side[first + k] && adjacent(g, c, other, work)
                        : first + k == candidate || (candidates == 2 && !side[first + k] &&
                                                     !adjacent(g, c, g->adj[candidate], work));
        if (candidate_here && !in_one_star(g, v, u0, c, count, work)) {
            side[first + k] = 1;
            return 1; /* one at most */
        }
    }
    return 1;
}

/* The root's edges, one per vertex of g, checked: simple, and its line graph exactly g. */
static int root_is_exact(const struct graph *g, const int32_t *end, int32_t root_n)
{
    int32_t *degree = calloc(root_n > 0 ? (size_t)root_n : 1, sizeof *degree);
    int ok = degree != NULL;
    for (int32_t v = 0; ok && v < g->n; v++) {
        ok = end[2 * v] != end[2 * v + 1];
        degree[end[2 * v]]++;
        degree[end[2 * v + 1]]++;
    }
    /*
     * Each neighbour's edge shares an end with v's and is not parallel to it,
     * and v has as many neighbours as edges meet its edge: then the root is
     * simple (a parallel edge would be counted twice among those edges but
     * could not be a neighbour) and its line graph is g.
     */
    for (int32_t v = 0; ok && v < g->n; v++) {
        int32_t a = end[2 * v], b = end[2 * v + 1];
        for (int64_t i = g->offsets[v]; ok && i < g->offsets[v + 1]; i++) {
            int32_t u = g->adj[i], c = end[2 * u], e = end[2 * u + 1];
            ok = c == a || c == b || e == a || e == b;
            ok = ok && !((c == a && e == b) || (c == b && e == a));
        }
        ok = ok && graph_degree(g, v) == degree[a] + degree[b] - 2;
    }
    free(degree);
    return ok;
}

int line_graph_root(const struct graph *g, int64_t max_work, int32_t *end, int32_t *root_n)
{
    int32_t n = g->n;
    if (n > INT32_MAX / 2 - 1)
        return 0; /* the 2n ends of its vertices' edges are numbered in int32_t */
    size_t count_n = n > 0 ? (size_t)n : 1;
    uint8_t *side = malloc(g->m > 0 ? (size_t)(2 * g->m) : 1);
    uint8_t *count = calloc(count_n, 1);
    int32_t *up = malloc(2 * count_n * sizeof *up);
    int status = side && count && up ? 1 : -1;
    int64_t work = 0;
    for (int32_t v = 0; status == 1 && v < n; v++) {
        status = split_neighbours(g, v, side, count, &work, max_work);
        if (work > max_work)
            status = 0;
    }
    if (status == 1) {
        /* each arc joins the sides of its two ends that hold it: one star of the root */
        for (int32_t h = 0; h < 2 * n; h++)
            up[h] = h;
        for (int32_t v = 0; v < n; v++)
            for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++) {
                int32_t u = g->adj[i];
                int64_t back = graph_arc(g, u, v);
                int32_t a = find(up, 2 * v + side[i]), b = find(up, 2 * u + side[back]);
                if (a != b)
                    up[a] = b;
            }
        /* the stars are the root's vertices, numbered 0 .. root_n - 1 */
        for (int32_t h = 0; h < 2 * n; h++)
            end[h] = find(up, h);
        int32_t next = 0;
        for (int32_t h = 0; h < 2 * n; h++)
            if (end[h] == h)
                up[h] = next++; /* no find() after this: up holds the numbers of the stars */
        for (int32_t h = 0; h < 2 * n; h++)
            end[h] = up[end[h]];
        *root_n = next;
        status = root_is_exact(g, end, next);
    }
    free(side);
    free(count);
    free(up);
    return status;
}

int line_graph_cover(const struct graph *g, int32_t max_root_vertices, struct cover *out)
{
    int32_t *end = malloc((g->n > 0 ? (size_t)g->n : 1) * 2 * sizeof *end);
    if (end == NULL)
        return -1;
    int32_t root_n = 0;
    /*
     * The recognition's work (adjacency tests, mostly) grows as the degrees
     * squared: a budget of at most about 0.5 s on the 2-core machine bounds it.
     */
    int64_t budget = 8 * (g->n + 2 * g->m) + ((int64_t)1 << 23);
    if (budget > (int64_t)1 << 24)
        budget = (int64_t)1 << 24;
    int status = line_graph_root(g, budget, end, &root_n);
    if (status == 1 && root_n > max_root_vertices)
        status = 0;
    struct graph *root = NULL;
    int32_t *mate = NULL;
    /* end holds the root's edges as pairs: vertex v's edge is (end[2v], end[2v + 1]) */
    if (status == 1 && (root = graph_from_edges(root_n, (const int32_t(*)[2])end, g->n)) == NULL)
        status = -1;
    if (status == 1) {
        mate = malloc((root_n > 0 ? (size_t)root_n : 1) * sizeof *mate);
        if (mate == NULL || matching_maximum(root, mate) < 0)
            status = -1;
    }
    if (status == 1 && cover_init(out, g->n) != MVC_OK)
        status = -1;
    if (status == 1) {
        /* every vertex but those whose edge is in the matching */
        for (int32_t v = 0; v < g->n; v++)
            if (mate[end[2 * v]] != end[2 * v + 1])
                cover_add(out, v);
    }
    free(mate);
    graph_free(root);
    free(end);
    return status;
}
