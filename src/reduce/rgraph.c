/* Reducing graph: removal, folding and the work queue behind every kernelization rule. */
#include "rgraph.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

int rgraph_init(struct rgraph *r, const struct graph *g)
{
    memset(r, 0, sizeof *r);
    kernel_log_init(&r->log);
    int32_t n = g->n;
    size_t nn = (size_t)(n > 0 ? n : 1);
    r->n = n;
    r->alive = n;
    r->m = g->m;
    r->adj = malloc(nn * sizeof *r->adj);
    r->len = malloc(nn * sizeof *r->len);
    r->cap = calloc(nn, sizeof *r->cap);
    r->deg = malloc(nn * sizeof *r->deg);
    r->state = calloc(nn, sizeof *r->state);
    r->block = malloc((size_t)(g->m > 0 ? 2 * g->m : 1) * sizeof *r->block);
    r->queue = malloc(nn * sizeof *r->queue);
    r->queued = calloc(nn, sizeof *r->queued);
    r->grew = calloc(nn, sizeof *r->grew);
    r->merged_into = malloc(nn * sizeof *r->merged_into);
    r->mark = calloc(nn, sizeof *r->mark);
    int lists_ok = 1;
    for (int c = 0; c < RGRAPH_CHANGE_LISTS; c++) {
        r->changes[c].list = malloc(nn * sizeof *r->changes[c].list);
        r->changes[c].listed = calloc(nn, sizeof *r->changes[c].listed);
        lists_ok &= r->changes[c].list != NULL && r->changes[c].listed != NULL;
    }
    if (!lists_ok || r->adj == NULL || r->len == NULL || r->cap == NULL || r->deg == NULL ||
        r->state == NULL || r->block == NULL || r->queue == NULL || r->queued == NULL ||
        r->grew == NULL || r->merged_into == NULL || r->mark == NULL ||
        edge_set_init(&r->edges, g->n, g->m) != MVC_OK) {
        rgraph_free(r);
        return MVC_ENOMEM;
    }
    memcpy(r->block, g->adj, (size_t)(2 * g->m) * sizeof *r->block);
    for (int32_t v = 0; v < n; v++)
        r->merged_into[v] = -1;
    for (int32_t v = 0; v < n; v++) {
        r->adj[v] = r->block + g->offsets[v];
        r->len[v] = r->deg[v] = graph_degree(g, v);
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
            if (v < g->adj[i] && edge_set_add(&r->edges, v, g->adj[i]) != MVC_OK) {
                rgraph_free(r);
                return MVC_ENOMEM;
            }
    }
    return MVC_OK;
}

void rgraph_free(struct rgraph *r)
{
    if (r->adj != NULL && r->cap != NULL)
        for (int32_t v = 0; v < r->n; v++)
            if (r->cap[v] > 0)
                free(r->adj[v]);
    free(r->adj), free(r->len), free(r->cap), free(r->deg), free(r->state), free(r->block);
    free(r->queue), free(r->queued), free(r->grew), free(r->merged_into), free(r->mark);
    for (int c = 0; c < RGRAPH_CHANGE_LISTS; c++)
        free(r->changes[c].list), free(r->changes[c].listed);
    edge_set_free(&r->edges);
    struct kernel_log log = r->log;
    memset(r, 0, sizeof *r);
    r->log = log;
}

const int32_t *rgraph_neighbours(struct rgraph *r, int32_t v)
{
    int32_t *a = r->adj[v];
    if (r->len[v] != r->deg[v]) {
        int32_t k = 0;
        for (int32_t i = 0; i < r->len[v]; i++)
            if (rgraph_alive(r, a[i]))
                a[k++] = a[i];
        r->len[v] = k;
    }
    assert(r->len[v] == r->deg[v]);
    return a;
}

int32_t rgraph_new_stamp(struct rgraph *r)
{
    if (r->stamp == INT32_MAX) {
        memset(r->mark, 0, (size_t)r->n * sizeof *r->mark);
        r->stamp = 0;
    }
    return ++r->stamp;
}

void rgraph_push(struct rgraph *r, int32_t v)
{
    if (r->queued[v])
        return;
    r->queued[v] = 1;
    int32_t tail = (int32_t)(((int64_t)r->head + r->queued_count) % r->n);
    r->queue[tail] = v;
    r->queued_count++;
}

int32_t rgraph_pop(struct rgraph *r)
{
    if (r->queued_count == 0)
        return -1;
    int32_t v = r->queue[r->head];
    r->head = r->head + 1 == r->n ? 0 : r->head + 1;
    r->queued_count--;
    r->queued[v] = 0;
    return v;
}

void rgraph_clear_queue(struct rgraph *r)
{
    while (rgraph_pop(r) >= 0)
        ;
}

static void note_change(struct rgraph *r, int32_t v)
{
    for (int c = 0; c < RGRAPH_CHANGE_LISTS; c++) {
        struct rgraph_changes *ch = &r->changes[c];
        if (!ch->listed[v]) {
            ch->listed[v] = 1;
            ch->list[ch->count++] = v;
        }
    }
}

int32_t rgraph_take_changed(struct rgraph *r, enum rgraph_change_list which, int32_t *out)
{
    struct rgraph_changes *ch = &r->changes[which];
    int32_t count = ch->count;
    for (int32_t i = 0; i < count; i++) {
        out[i] = ch->list[i];
        ch->listed[out[i]] = 0;
    }
    ch->count = 0;
    return count;
}

/* Takes v out of the graph; its live neighbours lose it and are queued. */
static void detach(struct rgraph *r, int32_t v, enum rgraph_state state)
{
    const int32_t *a = r->adj[v];
    for (int32_t i = 0; i < r->len[v]; i++) {
        int32_t y = a[i];
        if (rgraph_alive(r, y)) {
            r->deg[y]--;
            rgraph_push(r, y);
            note_change(r, y);
        }
    }
    r->m -= r->deg[v];
    r->deg[v] = 0;
    r->state[v] = (uint8_t)state;
    r->alive--;
    if (r->cap[v] > 0)
        free(r->adj[v]);
    r->adj[v] = NULL;
    r->len[v] = r->cap[v] = 0;
}

int rgraph_take_chosen(struct rgraph *r, int32_t v)
{
    assert(rgraph_alive(r, v));
    if (kernel_log_take(&r->log, v) != MVC_OK)
        return MVC_ENOMEM;
    detach(r, v, RGRAPH_TAKEN);
    r->offset++;
    return MVC_OK;
}

int rgraph_take(struct rgraph *r, int32_t v, enum kernel_rule rule)
{
    int status = rgraph_take_chosen(r, v);
    if (status == MVC_OK) {
        r->forced++;
        r->removed_by[rule]++;
    }
    return status;
}

void rgraph_exclude(struct rgraph *r, int32_t v, enum kernel_rule rule)
{
    assert(rgraph_alive(r, v) && r->deg[v] == 0);
    detach(r, v, RGRAPH_EXCLUDED);
    r->removed_by[rule]++;
}

static int append(struct rgraph *r, int32_t v, int32_t y)
{
    if (r->len[v] == r->cap[v] || r->cap[v] == 0) {
        const int32_t *old = rgraph_neighbours(r, v);
        if (r->len[v] == r->cap[v] || r->cap[v] == 0) {
            /* out of the shared block, or full of live entries: move to a larger array */
            int32_t cap = r->deg[v] < 2 ? 4 : 2 * r->deg[v];
            int32_t *a = malloc((size_t)cap * sizeof *a);
            if (a == NULL)
                return MVC_ENOMEM;
            memcpy(a, old, (size_t)r->len[v] * sizeof *a);
            if (r->cap[v] > 0)
                free(r->adj[v]);
            r->adj[v] = a;
            r->cap[v] = cap;
        }
    }
    r->adj[v][r->len[v]++] = y;
    r->deg[v]++;
    return MVC_OK;
}

/* A new edge between x and y, live and not adjacent: a fold's. */
static int add_edge(struct rgraph *r, int32_t x, int32_t y)
{
    if (append(r, x, y) != MVC_OK || append(r, y, x) != MVC_OK ||
        edge_set_add(&r->edges, x, y) != MVC_OK)
        return MVC_ENOMEM;
    r->m++;
    r->edges_added++;
    return MVC_OK;
}

/* N(into) grows by N(from) and from is removed; into and from must not be adjacent. */
static int merge_into(struct rgraph *r, int32_t into, int32_t from)
{
    int32_t d = r->deg[from];
    const int32_t *a = rgraph_neighbours(r, from);
    for (int32_t i = 0; i < d; i++) {
        int32_t y = a[i];
        if (rgraph_has_edge(r, into, y))
            continue;
        if (add_edge(r, into, y) != MVC_OK)
            return MVC_ENOMEM;
        rgraph_push(r, y);
        note_change(r, y);
    }
    detach(r, from, RGRAPH_FOLDED);
    r->merged_into[from] = into;
    r->grew[into] = 1;
    rgraph_push(r, into);
    note_change(r, into);
    return MVC_OK;
}

/* Degree-two folding (Chen, Kanj and Jia 2001; Akiba and Iwata 2016). */
int rgraph_fold_two(struct rgraph *r, int32_t v)
{
    assert(rgraph_alive(r, v) && r->deg[v] == 2);
    const int32_t *a = rgraph_neighbours(r, v);
    int32_t x = a[0], w = a[1];
    assert(!rgraph_has_edge(r, x, w));
    /* The larger neighbourhood keeps its list; only the smaller one is copied. */
    if (r->deg[w] > r->deg[x]) {
        int32_t t = x;
        x = w, w = t;
    }
    if (kernel_log_fold_two(&r->log, v, x, w) != MVC_OK)
        return MVC_ENOMEM;
    detach(r, v, RGRAPH_FOLDED);
    int status = merge_into(r, x, w);
    r->offset++;
    r->removed_by[KERNEL_RULE_FOLD_TWO] += 2;
    return status;
}

/* Folding degree-3 twins with an independent neighbourhood (Akiba and Iwata 2016). */
int rgraph_fold_twins(struct rgraph *r, int32_t u, int32_t v)
{
    assert(rgraph_alive(r, u) && rgraph_alive(r, v) && r->deg[u] == 3 && r->deg[v] == 3);
    const int32_t *a = rgraph_neighbours(r, u);
    int32_t x = a[0], b = a[1], c = a[2];
    if (r->deg[b] > r->deg[x]) {
        int32_t t = x;
        x = b, b = t;
    }
    if (r->deg[c] > r->deg[x]) {
        int32_t t = x;
        x = c, c = t;
    }
    if (kernel_log_fold_twins(&r->log, u, v, x, b, c) != MVC_OK)
        return MVC_ENOMEM;
    detach(r, u, RGRAPH_FOLDED);
    detach(r, v, RGRAPH_FOLDED);
    int status = merge_into(r, x, b);
    if (status == MVC_OK)
        status = merge_into(r, x, c);
    r->offset += 2;
    r->removed_by[KERNEL_RULE_FOLD_TWINS] += 4;
    return status;
}

/* A funnel's new edge: both ends grew and are looked at again. */
static int join(struct rgraph *r, int32_t x, int32_t y)
{
    if (add_edge(r, x, y) != MVC_OK)
        return MVC_ENOMEM;
    r->grew[x] = r->grew[y] = 1;
    rgraph_push(r, x);
    rgraph_push(r, y);
    note_change(r, x);
    note_change(r, y);
    return MVC_OK;
}

/* Funnel folding (Xiao and Nagamochi 2013; Akiba and Iwata 2016). */
int rgraph_fold_funnel(struct rgraph *r, int32_t v, int32_t u)
{
    assert(rgraph_alive(r, v) && rgraph_alive(r, u) && rgraph_has_edge(r, v, u));
    int32_t dv = r->deg[v], du = r->deg[u];
    int32_t *clique = malloc((size_t)dv * sizeof *clique);
    int32_t *far = malloc((size_t)du * sizeof *far);
    if (clique == NULL || far == NULL) {
        free(clique);
        free(far);
        return MVC_ENOMEM;
    }
    int32_t k = 0, f = 0;
    const int32_t *a = rgraph_neighbours(r, v);
    for (int32_t i = 0; i < dv; i++)
        if (a[i] != u)
            clique[k++] = a[i];
    a = rgraph_neighbours(r, u);
    for (int32_t i = 0; i < du; i++)
        if (a[i] != v)
            far[f++] = a[i];
    int status = kernel_log_funnel(&r->log, v, u, clique, k);
    if (status == MVC_OK) {
        detach(r, v, RGRAPH_FOLDED);
        detach(r, u, RGRAPH_FOLDED);
        r->offset++;
        r->removed_by[KERNEL_RULE_FUNNEL] += 2;
    }
    for (int32_t i = 0; i < k && status == MVC_OK; i++)
        for (int32_t j = 0; j < f && status == MVC_OK; j++)
            if (!rgraph_has_edge(r, clique[i], far[j]))
                status = join(r, clique[i], far[j]);
    free(clique);
    free(far);
    return status;
}
