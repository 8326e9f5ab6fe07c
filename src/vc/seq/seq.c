/*
 * The sequential branch-and-reduce solver for MVC and PVC (Yamout et al.
 * 2022, Fig. 1 and Sec. II-B): reductions, bound test, branch on a
 * maximum-degree vertex, over an explicit stack of degree arrays.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "degree.h"
#include "greedy.h"
#include "progress.h"
#include "solver_start.h"
#include "reduce.h"
#include "solve.h"

/* The stop flag and the clock are polled about every POLL_INTS degree entries scanned. */
#define POLL_INTS (1 << 20)
#define POLL_MAX_NODES 4096
#define INITIAL_SLOTS 16

struct seq_search {
    const struct graph *g;
    const struct solve_opts *o;
    int32_t n;
    int pvc;
    /* Largest cover still wanted: best - 1 for MVC (it falls as covers are found), k for PVC. */
    int64_t bound;
    /*
     * The stack: slot top holds the node being visited, the slots below it the
     * nodes waiting (Fig. 4's stack). It grows by doubling up to max_slots,
     * which the bound guarantees is never exceeded.
     */
    int *slots;          /* capacity slots of n + 1 ints, layout of degree.h */
    int64_t *slot_edges; /* |E| of each slot */
    int32_t top, capacity, max_slots;
    struct reduce_work work;
    struct cover *best; /* best cover found so far; the greedy cover to begin with */
    int64_t nodes, nodes_reported;
    int64_t poll_every, next_poll;
};

static int *slot(const struct seq_search *s, int32_t i)
{
    return s->slots + (size_t)i * ((size_t)s->n + 1);
}

static int reserve_slots(struct seq_search *s, int32_t count, struct error *err)
{
    if (count <= s->capacity)
        return MVC_OK;
    assert(count <= s->max_slots);
    int64_t cap = s->capacity > 0 ? s->capacity : INITIAL_SLOTS;
    while (cap < count)
        cap *= 2;
    if (cap > s->max_slots)
        cap = s->max_slots;
    size_t ints = (size_t)cap * ((size_t)s->n + 1);
    int *slots = realloc(s->slots, ints * sizeof *slots);
    if (slots != NULL)
        s->slots = slots;
    int64_t *edges = realloc(s->slot_edges, (size_t)cap * sizeof *edges);
    if (edges != NULL)
        s->slot_edges = edges;
    if (slots == NULL || edges == NULL)
        return error_set(err, MVC_ENOMEM,
                         "out of memory for a search stack of %lld degree arrays of %ld vertices",
                         (long long)cap, (long)s->n);
    s->capacity = (int32_t)cap;
    return MVC_OK;
}

/* Fig. 1 line 10: the first vertex of maximum degree. */
static int32_t max_degree_vertex(const int *deg, int32_t n)
{
    int32_t best = -1;
    int best_degree = 0;
    for (int32_t v = 0; v < n; v++)
        if (deg[v] > best_degree) {
            best_degree = deg[v];
            best = v;
        }
    return best;
}

/* The cover of a node is its removed vertices. */
static void record_cover(struct seq_search *s, const int *deg)
{
    struct cover *c = s->best;
    for (int32_t v = 0; v < s->n; v++)
        c->in[v] = deg[v] == DEGREE_REMOVED;
    c->size = deg[s->n];
    progress_improve(s->o->report, c->size);
}

/*
 * Fig. 1 lines 11-12 in Fig. 4's order: the child G - N(v) waits in the
 * current slot, the child G - v goes above it and is visited next.
 */
static int branch(struct seq_search *s, int32_t v, struct error *err)
{
    int status = reserve_slots(s, s->top + 2, err);
    if (status != MVC_OK)
        return status;
    memcpy(slot(s, s->top + 1), slot(s, s->top), ((size_t)s->n + 1) * sizeof(int));
    struct reduce_node waits = {slot(s, s->top), s->slot_edges[s->top], NULL};
    struct reduce_node next = {slot(s, s->top + 1), s->slot_edges[s->top], NULL};
    reduce_take_neighbours(s->g, &waits, v);
    reduce_take_vertex(s->g, &next, v);
    s->slot_edges[s->top] = waits.edges;
    s->slot_edges[s->top + 1] = next.edges;
    s->top++;
    return MVC_OK;
}

static int should_stop(struct seq_search *s)
{
    const struct solve_opts *o = s->o;
    if (deadline_stopped(&o->deadline))
        return 1;
    progress_nodes(o->report, s->nodes - s->nodes_reported);
    s->nodes_reported = s->nodes;
    return deadline_passed(&o->deadline);
}

/* Fig. 1 / Fig. 4 for one block: returns a solve_outcome or a negative mvc_status. */
static int search(struct seq_search *s, struct error *err)
{
    const struct graph *g = s->g;
    int status = reserve_slots(s, 1, err);
    if (status != MVC_OK)
        return status;
    if (reduce_work_init(&s->work, s->n) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for the reduction worklists");
    struct reduce_node root = {slot(s, 0), 0, NULL};
    reduce_node_root(g, &root);
    s->slot_edges[0] = root.edges;
    s->top = 0;
    while (s->top >= 0) {
        if (s->nodes >= s->next_poll) {
            if (should_stop(s))
                return SOLVE_STOPPED;
            s->next_poll = s->nodes + s->poll_every;
        }
        s->nodes++;
        struct reduce_node x = {slot(s, s->top), s->slot_edges[s->top], &s->work};
        reduce_apply(g, &x, s->bound);
        s->slot_edges[s->top] = x.edges;
        int64_t size = x.deg[s->n];
        int64_t room = s->bound - size;
        /* Line 5: |S| >= best or |E| > (best - |S| - 1)^2 (PVC: |S| > k or |E| > (k - |S|)^2). */
        if (room < 0 || x.edges > room * room) {
            s->top--;
            continue;
        }
        if (x.edges == 0) {
            record_cover(s, x.deg);
            if (s->pvc)
                return SOLVE_FOUND;
            s->bound = size - 1;
            s->top--;
            continue;
        }
        status = branch(s, max_degree_vertex(x.deg, s->n), err);
        if (status != MVC_OK)
            return status;
    }
    return s->pvc ? SOLVE_NO_COVER : SOLVE_OPTIMAL;
}

static void search_init(struct seq_search *s, const struct graph *g, const struct solve_opts *o,
                        struct cover *best)
{
    memset(s, 0, sizeof *s);
    s->g = g;
    s->o = o;
    s->n = g->n;
    s->pvc = o->k >= 0;
    s->bound = s->pvc ? o->k : (int64_t)best->size - 1;
    if (s->bound > g->n)
        s->bound = g->n;
    /* A node branches only when |S| <= bound - 1, and a slot's index never exceeds its |S|. */
    s->max_slots = (int32_t)(s->bound + 1 > 1 ? s->bound + 1 : 1);
    s->best = best;
    s->poll_every = POLL_INTS / ((int64_t)g->n + 1);
    if (s->poll_every > POLL_MAX_NODES)
        s->poll_every = POLL_MAX_NODES;
    if (s->poll_every < 1)
        s->poll_every = 1;
}

static void search_free(struct seq_search *s)
{
    free(s->slots);
    free(s->slot_edges);
    reduce_work_free(&s->work);
    s->slots = NULL;
    s->slot_edges = NULL;
}

int solve_seq(const struct graph *g, const struct solve_opts *opts, struct cover *out,
              struct solve_stats *stats, struct error *err)
{
    struct solver_start start;
    int status = solver_start(&start, "seq", g, opts, stats, out, err);
    if (status != MVC_OK)
        return status;
    const struct solve_opts *o = start.o;
    struct solve_stats *st = start.st;
    struct seq_search s;
    search_init(&s, g, o, out);
    double t_search = clock_seconds();
    int outcome = search(&s, err);
    st->t_search = clock_seconds() - t_search;
    search_free(&s);
    progress_nodes(o->report, s.nodes - s.nodes_reported);
    st->nodes = s.nodes;
    st->best = out->size;
    if (outcome == SOLVE_OPTIMAL) {
        st->proven = 1;
        st->lower_bound = out->size;
    } else if (outcome == SOLVE_NO_COVER) {
        st->lower_bound = (int32_t)(o->k + 1);
    }
    if (outcome == SOLVE_NO_COVER)
        progress_lower(o->report, o->k + 1);
    else if (outcome == SOLVE_OPTIMAL)
        progress_lower(o->report, out->size);
    return outcome;
}
