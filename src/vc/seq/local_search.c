/*
 * NuMVC local search (Cai, Su, Luo, Sattar, "NuMVC: An efficient local search
 * algorithm for minimum vertex cover", JAIR 46, 2013): two-stage exchange
 * under configuration checking, and edge weighting with forgetting. dscore(v)
 * is the change in the total weight of uncovered edges when v leaves or joins
 * the candidate C, negated: at most 0 in C, at least 0 outside.
 */
#include "local_search.h"

#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "random.h"
#include "vertex_heap.h"

/*
 * Forgetting: once the mean edge weight reaches gamma = |V| / 2, every weight
 * becomes floor(rho * w) with rho = 0.3, the paper's values. Smaller gamma
 * (50, 300) found worse covers on the PACE 2019 kernels.
 */
#define LS_FORGET_RHO_NUM 3
#define LS_FORGET_RHO_DEN 10

/* Limits are checked after about this much work (adjacency slots and edges touched). */
#define LS_CHECK_WORK 65536

/* Scan rather than order the removal candidates when |C| <= this * degree * log2 |C|. */
#define LS_SCAN_RATIO 3

/* The step budget of local_search_opts_default, so that default options always end. */
#define LS_DEFAULT_STEPS 1000000

/* A neighbour and the id of the edge to it: the two are always read together. */
struct ls_slot {
    int32_t v;
    int32_t e;
};

struct ls_state {
    const struct graph *g;
    const int64_t *off;   /* g->offsets */
    struct ls_slot *slot; /* 2m, parallel to g->adj */
    int32_t (*ends)[2];   /* m: the endpoints of each edge */
    /*
     * Raising every uncovered edge's weight each step would cost O(|uncovered|) per step, and that
     * set grows to thousands of edges on large kernels. Instead `raises` counts the raises and an
     * uncovered edge stores its weight minus the raises so far; a vertex out
     * of C stores its dscore minus `uncovered_at[v] * raises`. Covered edges
     * and vertices in C hold their actual values.
     */
    int64_t *weight;       /* m */
    int64_t *dscore;       /* n */
    int32_t *uncovered_at; /* n: uncovered edges at v, for v out of C */
    int64_t raises;
    int64_t *stamp;     /* n: step of v's last move; smaller is older */
    uint8_t *in;        /* n: the candidate C */
    uint8_t *conf;      /* n: confChange, set when a neighbour moved since v left C */
    int32_t size;       /* |C| */
    int32_t *uncov;     /* the uncovered edges, in any order */
    int32_t *uncov_pos; /* m: position of e in uncov */
    int32_t n_uncov;
    /*
     * The removal candidates: C without the vertex just added (tabu), by
     * dscore and age. Ordered on sparse graphs; on dense ones, where a move
     * changes the dscore of many vertices in C, scanned as in the paper.
     */
    struct vertex_heap cand;
    int32_t tabu; /* the vertex added last, kept from removal for one step; -1 if none */
    /* Vertices moved since the last snapshot of the best cover, each listed once. */
    int32_t *moved;
    uint8_t *is_moved;
    int32_t n_moved;
    int64_t total_weight;
    int64_t forget_total; /* gamma * m */
    int64_t step;
    uint64_t rng;
};

struct local_search_opts local_search_opts_default(void)
{
    struct local_search_opts o = {0};
    o.max_steps = LS_DEFAULT_STEPS;
    o.seed = 1;
    return o;
}

/* Uniform in [0, n) for 0 < n < 2^32, by a multiply instead of a division. */
static int32_t ls_random_below(struct ls_state *s, int32_t n)
{
    return (int32_t)(((random_next(&s->rng) >> 32) * (uint64_t)n) >> 32);
}

/*
 * Edge ids in O(n + m): walking u upwards, the slots of u's lower neighbours v
 * meet v's upper slots in v's sorted order, so a cursor per vertex finds them.
 */
static void ls_number_edges(struct ls_state *s, int64_t *cursor)
{
    const struct graph *g = s->g;
    int32_t next = 0;
    for (int32_t v = 0; v < g->n; v++) {
        int64_t i = g->offsets[v];
        while (i < g->offsets[v + 1] && g->adj[i] < v)
            i++;
        cursor[v] = i;
    }
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++) {
            int32_t v = g->adj[i];
            s->slot[i].v = v;
            if (v > u) {
                s->slot[i].e = next;
                s->ends[next][0] = u;
                s->ends[next][1] = v;
                next++;
            } else {
                s->slot[i].e = s->slot[cursor[v]++].e;
            }
        }
}

/* dscore of v out of C: what adding v would cover, in the current weights. */
static int64_t ls_gain(const struct ls_state *s, int32_t v)
{
    return s->dscore[v] + s->uncovered_at[v] * s->raises;
}

/* The tabu vertex becomes a removal candidate again. */
static void ls_release_tabu(struct ls_state *s)
{
    int32_t v = s->tabu;
    if (v >= 0) {
        vertex_heap_push(&s->cand, v, s->dscore[v], s->stamp[v]);
        s->tabu = -1;
    }
}

static void ls_order_candidates(struct ls_state *s)
{
    vertex_heap_clear(&s->cand);
    for (int32_t v = 0; v < s->g->n; v++)
        if (s->in[v] && v != s->tabu)
            vertex_heap_append(&s->cand, v, s->dscore[v], s->stamp[v]);
    vertex_heap_order(&s->cand);
}

static void ls_uncover(struct ls_state *s, int32_t e)
{
    s->uncov_pos[e] = s->n_uncov;
    s->uncov[s->n_uncov++] = e;
}

static void ls_cover_edge(struct ls_state *s, int32_t e)
{
    int32_t last = s->uncov[--s->n_uncov], at = s->uncov_pos[e];
    s->uncov[at] = last;
    s->uncov_pos[last] = at;
}

static void ls_note_move(struct ls_state *s, int32_t v)
{
    if (!s->is_moved[v]) {
        s->is_moved[v] = 1;
        s->moved[s->n_moved++] = v;
    }
}

/* C := C + {v}; v is not in C. It stays out of the heap as the tabu vertex. */
static void ls_add(struct ls_state *s, int32_t v)
{
    int64_t gain = 0;
    for (int64_t i = s->off[v]; i < s->off[v + 1]; i++) {
        int32_t z = s->slot[i].v, e = s->slot[i].e;
        int64_t w = s->weight[e];
        s->conf[z] = 1;
        if (!s->in[z]) {
            s->dscore[z] -= w;
            s->uncovered_at[z]--;
            ls_cover_edge(s, e);
            w += s->raises;
            s->weight[e] = w;
            gain += w;
        } else {
            s->dscore[z] += w; /* z no longer covers this edge alone */
            if (vertex_heap_contains(&s->cand, z))
                vertex_heap_update(&s->cand, z, s->dscore[z]);
        }
    }
    s->in[v] = 1;
    s->size++;
    s->dscore[v] = -gain;
    s->uncovered_at[v] = 0;
    s->stamp[v] = s->step;
    s->tabu = v;
    ls_note_move(s, v);
}

/* C := C - {u}; u is in C and already out of the heap. Its dscore is stored as for any v out of C.
 */
static void ls_remove(struct ls_state *s, int32_t u)
{
    int64_t loss = 0;
    int32_t uncovered = 0;
    for (int64_t i = s->off[u]; i < s->off[u + 1]; i++) {
        int32_t z = s->slot[i].v, e = s->slot[i].e;
        int64_t w = s->weight[e];
        s->conf[z] = 1;
        if (!s->in[z]) {
            w -= s->raises;
            s->weight[e] = w;
            s->dscore[z] += w;
            s->uncovered_at[z]++;
            ls_uncover(s, e);
            loss += w;
            uncovered++;
        } else {
            s->dscore[z] -= w; /* z now covers this edge alone */
            if (vertex_heap_contains(&s->cand, z))
                vertex_heap_update(&s->cand, z, s->dscore[z]);
        }
    }
    s->in[u] = 0;
    s->size--;
    s->conf[u] = 0;
    s->dscore[u] = loss;
    s->uncovered_at[u] = uncovered;
    s->stamp[u] = s->step;
    ls_note_move(s, u);
}

/*
 * dscore from the weights and C, then the heap: at the start and after
 * forgetting. Weights are actual (raises = 0) on entry.
 */
static void ls_score_all(struct ls_state *s)
{
    const struct graph *g = s->g;
    memset(s->dscore, 0, (size_t)g->n * sizeof *s->dscore);
    memset(s->uncovered_at, 0, (size_t)g->n * sizeof *s->uncovered_at);
    s->total_weight = 0;
    for (int64_t e = 0; e < g->m; e++) {
        int32_t a = s->ends[e][0], b = s->ends[e][1];
        int64_t w = s->weight[e];
        s->total_weight += w;
        if (!s->in[a] && !s->in[b]) {
            s->dscore[a] += w;
            s->dscore[b] += w;
            s->uncovered_at[a]++;
            s->uncovered_at[b]++;
        } else if (!s->in[b]) {
            s->dscore[a] -= w;
        } else if (!s->in[a]) {
            s->dscore[b] -= w;
        }
    }
    ls_order_candidates(s);
}

static void ls_forget_weights(struct ls_state *s)
{
    for (int32_t k = 0; k < s->n_uncov; k++)
        s->weight[s->uncov[k]] += s->raises;
    s->raises = 0;
    for (int64_t e = 0; e < s->g->m; e++)
        s->weight[e] = s->weight[e] * LS_FORGET_RHO_NUM / LS_FORGET_RHO_DEN;
    ls_score_all(s);
}

/* Of the uncovered edge's ends, one with confChange set; then higher dscore, then older. */
static int32_t ls_choose_add(const struct ls_state *s, int32_t e)
{
    int32_t a = s->ends[e][0], b = s->ends[e][1];
    if (!s->conf[a])
        return b;
    if (!s->conf[b])
        return a;
    int64_t gain_a = ls_gain(s, a), gain_b = ls_gain(s, b);
    return gain_b > gain_a || (gain_b == gain_a && s->stamp[b] < s->stamp[a]) ? b : a;
}

/* best := C, through the vertices moved since the last snapshot. */
static void ls_snapshot(struct ls_state *s, struct cover *best)
{
    for (int32_t k = 0; k < s->n_moved; k++) {
        int32_t v = s->moved[k];
        best->in[v] = s->in[v];
        s->is_moved[v] = 0;
    }
    s->n_moved = 0;
    best->size = s->size;
}

/*
 * An ordered heap costs about log2 |C| per change of a dscore in C, and a
 * step changes about twice the mean degree of them; a scan costs |C| a step.
 * On PACE 2019 kernels (CPU time for a fixed number of steps) the two break
 * even near |C| = 3 * degree * log2 |C|: scanning is 1.5 to 3 times faster
 * on the dense ones (vc-exact_111, 195 to 199), the heap up to 10 times
 * faster on kernels of thousands of vertices.
 */
static int ls_prefer_scan(const struct graph *g, int32_t cover_size)
{
    double degree = g->n > 0 ? 2.0 * (double)g->m / g->n : 0, log_size = 1;
    for (int32_t c = cover_size; c > 1; c /= 2)
        log_size++;
    return cover_size <= LS_SCAN_RATIO * degree * log_size;
}

static void ls_free(struct ls_state *s)
{
    free(s->slot);
    free(s->ends);
    free(s->weight);
    free(s->dscore);
    free(s->uncovered_at);
    free(s->stamp);
    free(s->in);
    free(s->conf);
    free(s->uncov);
    free(s->uncov_pos);
    vertex_heap_free(&s->cand);
    free(s->moved);
    free(s->is_moved);
}

static int ls_init(struct ls_state *s, const struct graph *g, const struct cover *start,
                   const struct local_search_opts *o)
{
    size_t n = (size_t)(g->n > 0 ? g->n : 1), m = (size_t)(g->m > 0 ? g->m : 1);
    memset(s, 0, sizeof *s);
    s->g = g;
    s->off = g->offsets;
    s->slot = malloc(2 * m * sizeof *s->slot);
    s->ends = malloc(m * sizeof *s->ends);
    s->weight = malloc(m * sizeof *s->weight);
    s->dscore = malloc(n * sizeof *s->dscore);
    s->uncovered_at = malloc(n * sizeof *s->uncovered_at);
    s->stamp = calloc(n, sizeof *s->stamp);
    s->in = malloc(n);
    s->conf = malloc(n);
    s->uncov = malloc(m * sizeof *s->uncov);
    s->uncov_pos = malloc(m * sizeof *s->uncov_pos);
    s->moved = malloc(n * sizeof *s->moved);
    s->is_moved = calloc(n, 1);
    int64_t *cursor = malloc(n * sizeof *cursor);
    int scan = o->removal == LOCAL_SEARCH_REMOVAL_AUTO ? ls_prefer_scan(g, start->size)
                                                       : o->removal == LOCAL_SEARCH_REMOVAL_SCAN;
    int heap_status = vertex_heap_init(&s->cand, g->n, scan);
    if (heap_status != MVC_OK || !s->slot || !s->ends || !s->weight || !s->dscore ||
        !s->uncovered_at || !s->stamp || !s->in || !s->conf || !s->uncov || !s->uncov_pos ||
        !s->moved || !s->is_moved || !cursor) {
        free(cursor);
        ls_free(s);
        return MVC_ENOMEM;
    }
    ls_number_edges(s, cursor);
    free(cursor);
    for (int64_t e = 0; e < g->m; e++)
        s->weight[e] = 1;
    memcpy(s->in, start->in, (size_t)g->n);
    memset(s->conf, 1, n);
    s->size = start->size;
    s->tabu = -1;
    int64_t gamma = g->n / 2 > 0 ? g->n / 2 : 1;
    s->forget_total = gamma * g->m;
    s->rng = o->seed;
    ls_score_all(s);
    return MVC_OK;
}

/*
 * Time, stop flag, step budget and patience; start is when the call began,
 * best_seconds when its last smaller cover came.
 */
static int ls_should_stop(const struct ls_state *s, const struct local_search_opts *o, double start,
                          double best_seconds)
{
    if (o->max_steps > 0 && s->step >= o->max_steps)
        return 1;
    if (o->patience > 0) {
        double waited = clock_seconds() - start - best_seconds;
        if (waited >= o->patience && waited >= best_seconds)
            return 1;
    }
    return deadline_passed(&o->deadline);
}

int local_search_improve(const struct graph *g, const struct local_search_opts *o,
                         struct cover *best, struct local_search_stats *st, struct error *err)
{
    double start = clock_seconds();
    struct local_search_opts defaults = local_search_opts_default();
    struct local_search_stats local;
    if (o == NULL)
        o = &defaults;
    if (st == NULL)
        st = &local;
    memset(st, 0, sizeof *st);
    if (g->m > INT32_MAX)
        return error_set(err, MVC_EUNSUPPORTED, "local search: %lld edges are too many",
                         (long long)g->m);
    int status = cover_check(g, best, err);
    if (status != MVC_OK)
        return status;
    st->start_size = best->size;
    /* Below this no cover exists: one vertex when there is an edge. */
    int32_t lowest = g->m > 0 ? 1 : 0;
    if (o->target > lowest)
        lowest = o->target;
    if (best->size <= lowest || deadline_stopped(&o->deadline)) {
        st->seconds = clock_seconds() - start;
        return MVC_OK;
    }

    struct ls_state s;
    if (ls_init(&s, g, best, o) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "local search: out of memory for %lld edges",
                         (long long)g->m);
    int64_t work = 0;
    for (;;) {
        if (s.n_uncov == 0) {
            /* C is a cover: keep it, then look for one a vertex smaller */
            if (s.size < best->size) {
                ls_snapshot(&s, best);
                st->improvements++;
                st->best_step = s.step;
                st->best_seconds = clock_seconds() - start;
            }
            if (best->size <= lowest)
                break;
            ls_release_tabu(&s);
            ls_remove(&s, vertex_heap_pop(&s.cand));
            continue;
        }
        if (work >= LS_CHECK_WORK) {
            work = 0;
            if (ls_should_stop(&s, o, start, st->best_seconds))
                break;
        } else if (o->max_steps > 0 && s.step >= o->max_steps) {
            break;
        }
        /* two-stage exchange: remove the best candidate, then add an end of an uncovered edge */
        int32_t u = s.cand.len > 0 ? vertex_heap_pop(&s.cand) : s.tabu;
        if (u == s.tabu)
            s.tabu = -1;
        ls_release_tabu(&s);
        ls_remove(&s, u);
        int32_t v = ls_choose_add(&s, s.uncov[ls_random_below(&s, s.n_uncov)]);
        ls_add(&s, v);
        /* every uncovered edge gains one unit of weight */
        s.raises++;
        s.total_weight += s.n_uncov;
        if (s.total_weight >= s.forget_total) {
            ls_forget_weights(&s);
            st->forgettings++;
            work += g->m;
        }
        work += s.off[u + 1] - s.off[u] + s.off[v + 1] - s.off[v] + 1;
        if (s.cand.unordered)
            work += s.cand.len;
        s.step++;
    }
    st->steps = s.step;
    ls_free(&s);
    st->seconds = clock_seconds() - start;
    return MVC_OK;
}
