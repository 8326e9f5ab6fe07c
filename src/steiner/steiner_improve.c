/*
 * Loose-path exchange (after Mathieu and Klusch, ICA3PP 2015, as described by
 * Rajesh Pandian et al., Sec. 6): key vertices are the terminals and the
 * vertices of tree degree >= 3; a loose path joins two key vertices through
 * degree-two Steiner vertices. Cutting one out splits the tree in two; a
 * multi-source Dijkstra from the smaller part, halted at the first vertex of
 * the other part or at the cut path's weight, finds the cheapest
 * reconnection, which may pass through the cut path's vertices and land on
 * any vertex of the other part. The exchange is kept only when strictly
 * cheaper, so the weight never rises. Paths are tried longest first, in
 * rounds, until a round changes nothing, the deadline passes or stop is set.
 */
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "dijkstra.h"
#include "grow.h"
#include "steiner_algo.h"

/* The current tree, rooted at a terminal, with an Euler-tour numbering for side tests. */
struct rooted_tree {
    struct tree_adj a;
    int32_t *cid;   /* graph vertex -> compact id, -1 outside the tree (the run's, lent) */
    int32_t *tin;   /* compact id -> first position in order */
    int32_t *tout;  /* one past the last position of its subtree */
    int32_t *order; /* compact ids in depth-first order */
    int32_t *up;    /* parent compact id, -1 at the root */
    int32_t *stack;
};

struct ranked {
    int64_t weight, path;
};

/* Loose paths as vertex sequences in one flat array. */
struct loose_paths {
    int64_t count, cap, len, vcap;
    int64_t *weight, *first;
    int32_t *n_vertices;
    int32_t *vertex;
    struct ranked *sorted; /* heaviest first */
};

static void rooted_tree_free(struct rooted_tree *r)
{
    tree_adj_free(&r->a);
    free(r->tin), free(r->tout), free(r->order), free(r->up), free(r->stack);
    memset(r, 0, sizeof *r);
}

/* Numbers t's vertices depth-first from root. */
static int rooted_tree_build(struct rooted_tree *r, const struct steiner_tree *t, int32_t root)
{
    tree_adj_free(&r->a);
    free(r->tin), free(r->tout), free(r->order), free(r->up), free(r->stack);
    r->tin = r->tout = r->order = r->up = r->stack = NULL;
    if (tree_adj_build(t, r->cid, &r->a) != MVC_OK)
        return MVC_ENOMEM;
    size_t nv = (size_t)r->a.nv + 1;
    r->tin = malloc(nv * sizeof *r->tin);
    r->tout = malloc(nv * sizeof *r->tout);
    r->order = malloc(nv * sizeof *r->order);
    r->up = malloc(nv * sizeof *r->up);
    r->stack = malloc(nv * sizeof *r->stack);
    if (!r->tin || !r->tout || !r->order || !r->up || !r->stack)
        return MVC_ENOMEM;
    int32_t top = 0, next = 0, start = r->cid[root];
    if (start < 0)
        return MVC_OK;
    r->up[start] = -1;
    r->stack[top++] = start;
    /* Preorder by an explicit stack; subtree ends are filled in a second pass. */
    while (top > 0) {
        int32_t x = r->stack[--top];
        r->tin[x] = next;
        r->order[next++] = x;
        for (int64_t i = r->a.off[x]; i < r->a.off[x + 1]; i++) {
            int32_t y = r->a.nbr[i];
            if (y == r->up[x])
                continue;
            r->up[y] = x;
            r->stack[top++] = y;
        }
    }
    for (int32_t x = 0; x < r->a.nv; x++)
        r->tout[x] = r->tin[x] + 1;
    for (int32_t p = next - 1; p > 0; p--) {
        int32_t x = r->order[p], u = r->up[x];
        if (r->tout[x] > r->tout[u])
            r->tout[u] = r->tout[x];
    }
    return MVC_OK;
}

static int is_key(const struct rooted_tree *r, const uint8_t *is_terminal, int32_t x)
{
    return is_terminal[r->a.vertex[x]] || r->a.off[x + 1] - r->a.off[x] != 2;
}

static void loose_paths_free(struct loose_paths *p)
{
    free(p->weight), free(p->first), free(p->n_vertices), free(p->vertex), free(p->sorted);
    memset(p, 0, sizeof *p);
}

static int push_vertex(struct loose_paths *p, int32_t v)
{
    if (p->len == p->vcap &&
        grow_array(&p->vertex, &p->vcap, p->len + 1, sizeof *p->vertex, 1024) != MVC_OK)
        return MVC_ENOMEM;
    p->vertex[p->len++] = v;
    return MVC_OK;
}

static int start_path(struct loose_paths *p)
{
    if (p->count == p->cap) {
        int64_t cap = grow_capacity(p->cap, p->count + 1, 256);
        if (grow_resize(&p->weight, cap, sizeof *p->weight) != MVC_OK ||
            grow_resize(&p->first, cap, sizeof *p->first) != MVC_OK ||
            grow_resize(&p->n_vertices, cap, sizeof *p->n_vertices) != MVC_OK)
            return MVC_ENOMEM;
        p->cap = cap;
    }
    p->weight[p->count] = 0;
    p->first[p->count] = p->len;
    p->n_vertices[p->count] = 0;
    p->count++;
    return MVC_OK;
}

static int heavier_first(const void *pa, const void *pb)
{
    const struct ranked *a = pa, *b = pb;
    if (a->weight != b->weight)
        return a->weight > b->weight ? -1 : 1;
    return (a->path > b->path) - (a->path < b->path);
}

/* Every loose path of the tree, each once: walks start from key vertices along unused edges. */
static int find_loose_paths(const struct graph *g, const uint8_t *is_terminal,
                            const struct rooted_tree *r, int64_t n_edges, struct loose_paths *p)
{
    p->count = p->len = 0;
    uint8_t *used = calloc((size_t)n_edges + 1, 1);
    if (used == NULL)
        return MVC_ENOMEM;
    const struct tree_adj *a = &r->a;
    for (int32_t x = 0; x < a->nv; x++) {
        if (!is_key(r, is_terminal, x))
            continue;
        for (int64_t i = a->off[x]; i < a->off[x + 1]; i++) {
            if (used[a->edge[i]])
                continue;
            if (start_path(p) != MVC_OK || push_vertex(p, a->vertex[x]) != MVC_OK)
                goto oom;
            int64_t path = p->count - 1;
            int32_t prev = x;
            int64_t arc = i;
            for (;;) {
                int32_t y = a->nbr[arc];
                used[a->edge[arc]] = 1;
                p->weight[path] += graph_edge_weight(g, a->vertex[prev], a->vertex[y]);
                if (push_vertex(p, a->vertex[y]) != MVC_OK)
                    goto oom;
                if (is_key(r, is_terminal, y))
                    break;
                /* y has degree two: continue through its other edge. */
                arc = a->nbr[a->off[y]] == prev ? a->off[y] + 1 : a->off[y];
                prev = y;
            }
            p->n_vertices[path] = (int32_t)(p->len - p->first[path]);
        }
    }
    free(used);
    free(p->sorted);
    p->sorted = malloc((size_t)(p->count + 1) * sizeof *p->sorted);
    if (p->sorted == NULL)
        return MVC_ENOMEM;
    for (int64_t i = 0; i < p->count; i++)
        p->sorted[i] = (struct ranked){p->weight[i], i};
    qsort(p->sorted, (size_t)p->count, sizeof *p->sorted, heavier_first);
    return MVC_OK;
oom:
    free(used);
    return MVC_ENOMEM;
}

/* Index of tree edge {x, y} in the tree's edge list, or -1. */
static int64_t tree_edge(const struct tree_adj *a, int32_t x, int32_t y)
{
    for (int64_t i = a->off[x]; i < a->off[x + 1]; i++)
        if (a->nbr[i] == y)
            return a->edge[i];
    return -1;
}

/*
 * Whether path i is still a path of the current tree whose inner vertices are
 * degree-two Steiner vertices (earlier exchanges of the round may have changed it).
 */
static int still_loose(const struct loose_paths *p, int64_t i, const struct rooted_tree *r,
                       const uint8_t *is_terminal)
{
    const int32_t *v = p->vertex + p->first[i];
    int32_t len = p->n_vertices[i];
    for (int32_t j = 0; j < len; j++) {
        int32_t x = r->cid[v[j]];
        if (x < 0)
            return 0;
        if (j > 0 && tree_edge(&r->a, r->cid[v[j - 1]], x) < 0)
            return 0;
        if (j > 0 && j < len - 1 && (is_terminal[v[j]] || r->a.off[x + 1] - r->a.off[x] != 2))
            return 0;
    }
    return 1;
}

enum side { SIDE_FREE, SIDE_SOURCE, SIDE_TARGET };

struct cut {
    int32_t lo_a, hi_a; /* Euler range of the subtree below the cut */
    int32_t lo_x, hi_x; /* Euler range of the subtree that the cut path's top edge leads into */
    int bottom_is_source;
};

static enum side side_of(const struct rooted_tree *r, const struct cut *c, int32_t v)
{
    int32_t x = r->cid[v];
    if (x < 0)
        return SIDE_FREE;
    int32_t t = r->tin[x];
    int bottom = t >= c->lo_a && t < c->hi_a;
    if (!bottom && t >= c->lo_x && t < c->hi_x)
        return SIDE_FREE; /* an inner vertex of the cut path */
    return bottom == c->bottom_is_source ? SIDE_SOURCE : SIDE_TARGET;
}

/*
 * Tries to replace path i: on success appends the reconnecting edges to
 * *add (as a subgraph) and returns 1; 0 when no strictly cheaper
 * reconnection exists.
 */
static int try_exchange(const struct graph *g, const struct rooted_tree *r,
                        const struct loose_paths *p, int64_t i, struct dijkstra *d,
                        struct subgraph *add, int64_t *gain)
{
    const int32_t *v = p->vertex + p->first[i];
    int32_t len = p->n_vertices[i];
    /* The path runs down from its top end (the root is a terminal, never inside a path). */
    int32_t below, bottom;
    if (r->up[r->cid[v[1]]] == r->cid[v[0]])
        below = r->cid[v[1]], bottom = r->cid[v[len - 1]];
    else
        below = r->cid[v[len - 2]], bottom = r->cid[v[0]];
    struct cut c = {r->tin[bottom], r->tout[bottom], r->tin[below], r->tout[below], 0};
    int32_t bottom_size = c.hi_a - c.lo_a;
    int32_t top_size = r->a.nv - (c.hi_x - c.lo_x);
    c.bottom_is_source = bottom_size <= top_size;

    dijkstra_reset(d);
    if (c.bottom_is_source) {
        for (int32_t t = c.lo_a; t < c.hi_a; t++)
            dijkstra_add_source(d, r->a.vertex[r->order[t]]);
    } else {
        for (int32_t t = 0; t < r->a.nv; t++)
            if (t < c.lo_x || t >= c.hi_x)
                dijkstra_add_source(d, r->a.vertex[r->order[t]]);
    }
    int64_t bound = p->weight[i];
    int32_t u;
    while ((u = dijkstra_next(d, g)) >= 0) {
        if (d->dist[u] >= bound)
            return 0;
        if (side_of(r, &c, u) != SIDE_TARGET)
            continue;
        for (int32_t x = u; d->parent[x] >= 0; x = d->parent[x])
            if (subgraph_add_edge(add, d->parent[x], x, d->dist[x] - d->dist[d->parent[x]]) !=
                MVC_OK)
                return -1;
        *gain = bound - d->dist[u];
        return 1;
    }
    return 0;
}

/* t minus path i plus the edges in add; the path is a path of r's tree. */
static int apply_exchange(struct steiner_tree *t, const struct rooted_tree *r,
                          const struct loose_paths *p, int64_t i, const struct subgraph *add,
                          int64_t gain)
{
    const int32_t *v = p->vertex + p->first[i];
    int32_t len = p->n_vertices[i];
    int64_t m = t->n_edges - (len - 1) + add->len;
    int32_t(*edges)[2] = malloc((size_t)(m > 0 ? m : 1) * sizeof *edges);
    uint8_t *cut = calloc((size_t)t->n_edges + 1, 1);
    if (edges == NULL || cut == NULL) {
        free(edges), free(cut);
        return MVC_ENOMEM;
    }
    for (int32_t j = 1; j < len; j++)
        cut[tree_edge(&r->a, r->cid[v[j - 1]], r->cid[v[j]])] = 1;
    int64_t k = 0;
    for (int64_t e = 0; e < t->n_edges; e++)
        if (!cut[e])
            edges[k][0] = t->edges[e][0], edges[k][1] = t->edges[e][1], k++;
    for (int64_t e = 0; e < add->len; e++)
        edges[k][0] = add->e[e].u, edges[k][1] = add->e[e].v, k++;
    free(cut);
    free(t->edges);
    t->edges = edges;
    t->n_edges = k;
    t->weight -= gain;
    return MVC_OK;
}

/*
 * Whether cutting path i can leave a Steiner leaf: an end that is a Steiner
 * vertex of degree two (the path became part of a longer one this round).
 */
static int may_leave_leaf(const struct rooted_tree *r, const struct loose_paths *p, int64_t i,
                          const uint8_t *is_terminal)
{
    int32_t ends[2] = {p->vertex[p->first[i]], p->vertex[p->first[i] + p->n_vertices[i] - 1]};
    for (int e = 0; e < 2; e++) {
        int32_t x = r->cid[ends[e]];
        if (!is_terminal[ends[e]] && r->a.off[x + 1] - r->a.off[x] <= 2)
            return 1;
    }
    return 0;
}

static int compare_pairs(const void *pa, const void *pb)
{
    const int32_t *a = pa, *b = pb;
    if (a[0] != b[0])
        return a[0] < b[0] ? -1 : 1;
    return (a[1] > b[1]) - (a[1] < b[1]);
}

static int out_of_time(const struct steiner_run *run)
{
    return deadline_passed(&run->o->deadline);
}

int steiner_improve_run(struct steiner_run *run, struct steiner_tree *t, struct error *err)
{
    const struct graph *g = run->g;
    struct steiner_stats *st = run->st;
    double t0 = clock_seconds();
    if (t->n_edges == 0)
        return MVC_OK;
    struct rooted_tree r;
    struct loose_paths paths;
    struct dijkstra d;
    struct subgraph add;
    memset(&r, 0, sizeof r);
    memset(&paths, 0, sizeof paths);
    subgraph_init(&add);
    r.cid = run->cid;
    if (dijkstra_init(&d, g->n) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for the loose-path exchange");
    int32_t root = g->terminals[0];
    int status = rooted_tree_build(&r, t, root);
    int changed = 1;
    while (status == MVC_OK && changed && !st->improve_interrupted) {
        changed = 0;
        st->improve_rounds++;
        if (find_loose_paths(g, run->is_terminal, &r, t->n_edges, &paths) != MVC_OK) {
            status = MVC_ENOMEM;
            break;
        }
        for (int64_t s = 0; s < paths.count && status == MVC_OK; s++) {
            if (out_of_time(run)) {
                st->improve_interrupted = 1;
                break;
            }
            int64_t i = paths.sorted[s].path;
            if (!still_loose(&paths, i, &r, run->is_terminal))
                continue;
            st->improve_attempts++;
            progress_nodes(run->o->report, 1);
            int64_t gain = 0;
            add.len = 0;
            int found = try_exchange(g, &r, &paths, i, &d, &add, &gain);
            if (found < 0) {
                status = MVC_ENOMEM;
                break;
            }
            if (!found)
                continue;
            int64_t pruned = 0;
            int prune = may_leave_leaf(&r, &paths, i, run->is_terminal);
            status = apply_exchange(t, &r, &paths, i, &add, gain);
            if (status == MVC_OK && prune) {
                tree_adj_free(&r.a);
                status = steiner_prune(g, run->is_terminal, r.cid, t, &pruned);
            }
            if (status == MVC_OK)
                status = rooted_tree_build(&r, t, root);
            st->pruned += pruned;
            st->improve_exchanges++;
            progress_improve(run->o->report, t->weight);
            changed = 1;
        }
    }
    rooted_tree_free(&r);
    loose_paths_free(&paths);
    qsort(t->edges, (size_t)t->n_edges, sizeof *t->edges, compare_pairs);
    subgraph_free(&add);
    dijkstra_free(&d);
    st->t_improve += clock_seconds() - t0;
    if (status != MVC_OK)
        return error_set(err, status, "out of memory in the loose-path exchange");
    return MVC_OK;
}

int steiner_improve(const struct graph *g, const struct steiner_opts *o, struct steiner_tree *t,
                    struct steiner_stats *st, struct error *err)
{
    struct steiner_stats local;
    if (st == NULL)
        st = &local;
    memset(st, 0, sizeof *st);
    if (g->n_terminals <= 0)
        return error_set(err, MVC_EINPUT, "the graph has no terminals: nothing to connect");
    struct steiner_run run;
    int status = steiner_run_start(&run, g, o, st, err);
    if (status != MVC_OK)
        return status;
    for (int32_t i = 0; i < g->n_terminals; i++)
        if (g->terminals[i] >= 0 && g->terminals[i] < g->n)
            run.is_terminal[g->terminals[i]] = 1;
    st->weight_constructed = t->weight;
    status = steiner_improve_run(&run, t, err);
    st->weight = t->weight;
    steiner_run_end(&run);
    return status;
}
