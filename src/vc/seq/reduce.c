/* Reduction rules on degree arrays (Yamout et al. 2022, Fig. 1 and Sec. II-B), CPU versions. */
#include "reduce.h"

#include <assert.h>
#include <stdlib.h>

#include "error.h"

int reduce_work_init(struct reduce_work *w, int32_t n)
{
    w->ones = malloc(((size_t)n + 1) * sizeof *w->ones);
    w->twos = malloc(((size_t)n + 1) * sizeof *w->twos);
    w->n_ones = w->n_twos = 0;
    if (w->ones == NULL || w->twos == NULL) {
        reduce_work_free(w);
        return MVC_ENOMEM;
    }
    return MVC_OK;
}

void reduce_work_free(struct reduce_work *w)
{
    free(w->ones);
    free(w->twos);
    w->ones = w->twos = NULL;
}

void reduce_node_root(const struct graph *g, struct reduce_node *x)
{
    for (int32_t v = 0; v < g->n; v++)
        x->deg[v] = graph_degree(g, v);
    x->deg[g->n] = 0;
    x->edges = g->m;
}

int64_t reduce_count_edges(const int *deg, int32_t n)
{
    int64_t sum = 0;
    for (int32_t v = 0; v < n; v++)
        if (deg[v] > 0)
            sum += deg[v];
    return sum / 2;
}

void reduce_take_vertex(const struct graph *g, struct reduce_node *x, int32_t v)
{
    int *deg = x->deg;
    struct reduce_work *w = x->work;
    assert(deg[v] != DEGREE_REMOVED);
    /* Only deg[v] neighbours are still in the graph: stop once they are all seen. */
    int left = deg[v];
    const int32_t *adj = g->adj + g->offsets[v];
    if (w == NULL) {
        /* Branch-free: in dense graphs removed and present neighbours alternate unpredictably. */
        for (; left > 0; adj++) {
            int d = deg[*adj];
            int present = d != DEGREE_REMOVED;
            deg[*adj] = d - present;
            left -= present;
        }
    } else {
        /* Degrees only fall, so each vertex reaches 1 (and 2) once: the lists cannot overflow. */
        for (; left > 0; adj++) {
            int32_t u = *adj;
            if (deg[u] == DEGREE_REMOVED)
                continue;
            int d = --deg[u];
            left--;
            if ((unsigned)d - 1u < 2u) {
                if (d == 1)
                    w->ones[w->n_ones++] = u;
                else
                    w->twos[w->n_twos++] = u;
            }
        }
    }
    x->edges -= deg[v];
    deg[v] = DEGREE_REMOVED;
    deg[g->n]++;
}

void reduce_take_neighbours(const struct graph *g, struct reduce_node *x, int32_t v)
{
    const int *deg = x->deg;
    for (int64_t i = g->offsets[v]; deg[v] > 0; i++) {
        int32_t u = g->adj[i];
        if (deg[u] != DEGREE_REMOVED)
            reduce_take_vertex(g, x, u);
    }
}

/* The first neighbour still in the graph at or after CSR position *pos; moves *pos past it. */
static int32_t next_neighbour(const struct graph *g, const int *deg, int64_t *pos)
{
    while (deg[g->adj[*pos]] == DEGREE_REMOVED)
        (*pos)++;
    return g->adj[(*pos)++];
}

/*
 * The one scan: every vertex of degree 1 or 2 becomes a candidate (listed so
 * that the lowest id comes out first). Returns the maximum degree, which
 * stays an upper bound from then on since degrees only fall.
 */
static int scan_candidates(int32_t n, const int *deg, struct reduce_work *w)
{
    int max_degree = 0;
    int32_t n_ones = 0, n_twos = 0;
    for (int32_t v = n - 1; v >= 0; v--) {
        int d = deg[v];
        max_degree = d > max_degree ? d : max_degree;
        if ((unsigned)d - 1u < 2u) {
            if (d == 1)
                w->ones[n_ones++] = v;
            else
                w->twos[n_twos++] = v;
        }
    }
    w->n_ones = n_ones;
    w->n_twos = n_twos;
    return max_degree;
}

/*
 * The next listed vertex whose degree is still d, or -1 once the list is
 * empty: entries go stale when a degree falls further, and are dropped here.
 */
static inline int32_t next_candidate(const int32_t *list, int32_t *len, const int *deg, int d)
{
    while (*len > 0) {
        int32_t v = list[--*len];
        if (deg[v] == d)
            return v;
    }
    return -1;
}

/* Fig. 1 lines 17-20. */
static int32_t degree_one_phase(const struct graph *g, struct reduce_node *x)
{
    const int *deg = x->deg;
    struct reduce_work *w = x->work;
    int32_t taken = 0;
    for (int32_t v; (v = next_candidate(w->ones, &w->n_ones, deg, 1)) >= 0; taken++) {
        int64_t pos = g->offsets[v];
        reduce_take_vertex(g, x, next_neighbour(g, deg, &pos));
    }
    return taken;
}

/*
 * Fig. 1 lines 21-24. A degree-two vertex whose neighbours are not adjacent
 * is dropped for good: they can only become adjacent by losing a neighbour,
 * which lowers its degree and lists it again.
 */
static int32_t triangle_phase(const struct graph *g, struct reduce_node *x)
{
    const int *deg = x->deg;
    struct reduce_work *w = x->work;
    int32_t taken = 0;
    for (int32_t v; (v = next_candidate(w->twos, &w->n_twos, deg, 2)) >= 0;) {
        int64_t pos = g->offsets[v];
        int32_t a = next_neighbour(g, deg, &pos);
        int32_t b = next_neighbour(g, deg, &pos);
        if (!graph_has_edge(g, a, b))
            continue;
        reduce_take_vertex(g, x, a);
        reduce_take_vertex(g, x, b);
        taken += 2;
    }
    return taken;
}

/*
 * Fig. 1 lines 25-28. Sweeps only while the maximum degree may exceed
 * bound - |S|; each vertex taken lowers bound - |S|, so one sweep can make
 * vertices it passed over qualify, and the sweep repeats.
 */
static int32_t high_degree_phase(const struct graph *g, struct reduce_node *x, int64_t bound,
                                 int *max_degree)
{
    const int *deg = x->deg;
    int32_t taken = 0;
    while (*max_degree > bound - deg[g->n]) {
        int max_left = 0;
        for (int32_t v = 0; v < g->n; v++) {
            int64_t room = bound - deg[g->n];
            if (room < 0)
                return taken;
            if (deg[v] > room) {
                reduce_take_vertex(g, x, v);
                taken++;
            } else if (deg[v] > max_left) {
                max_left = deg[v];
            }
        }
        *max_degree = max_left;
    }
    return taken;
}

int32_t reduce_degree_one(const struct graph *g, struct reduce_node *x)
{
    scan_candidates(g->n, x->deg, x->work);
    return degree_one_phase(g, x);
}

int32_t reduce_degree_two_triangle(const struct graph *g, struct reduce_node *x)
{
    scan_candidates(g->n, x->deg, x->work);
    return triangle_phase(g, x);
}

int32_t reduce_high_degree(const struct graph *g, struct reduce_node *x, int64_t bound)
{
    int max_degree = scan_candidates(g->n, x->deg, x->work);
    return high_degree_phase(g, x, bound, &max_degree);
}

int32_t reduce_apply(const struct graph *g, struct reduce_node *x, int64_t bound)
{
    const int *deg = x->deg;
    int max_degree = scan_candidates(g->n, deg, x->work);
    int32_t taken = 0, before;
    do {
        before = taken;
        if (deg[g->n] > bound)
            break;
        taken += degree_one_phase(g, x);
        if (deg[g->n] > bound)
            break;
        taken += triangle_phase(g, x);
        if (deg[g->n] > bound)
            break;
        taken += high_degree_phase(g, x, bound, &max_degree);
    } while (taken > before);
    return taken;
}
