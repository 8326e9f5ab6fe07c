/* Kernelization driver: runs the rules to a fixed point, builds the kernel and lifts its covers. */
#include "kernelize.h"

#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "lift_log.h"
#include "rgraph.h"
#include "rules.h"

struct kernel {
    struct graph *g;     /* the reduced graph, vertices 0..n'-1 */
    int32_t *new_to_old; /* kernel vertex -> input id */
    int32_t *fate;       /* input id -> kernel vertex, or a KERNEL_FATE_* */
    int32_t input_n;
    int32_t offset;
    struct kernel_log log;
};

/* Polls the stop flag and the clock only this often in the inner loops. */
#define KERNEL_POLL_INTERVAL 1024
/*
 * The same for the rules tried once per vertex (twins, unconfined), which take
 * up to tens of microseconds each on a dense component: 1,024 of them
 * overran the quick try's 2 ms severalfold.
 */
#define VERTEX_POLL_INTERVAL 64

struct kernel_opts kernel_opts_default(void)
{
    return (struct kernel_opts){
        .degree_one = 1,
        .degree_two_fold = 1,
        .domination = 1,
        .funnel = 0,
        .twins = 1,
        .lp = 1,
        .unconfined = 1,
        .near_changes = 0,
        .folds = 1,
        .deadline = {0, NULL},
        .taken = NULL,
        .taken_count = 0,
    };
}

const char *kernel_rule_name(int rule)
{
    static const char *const names[KERNEL_RULES] = {
        [KERNEL_RULE_DEGREE_ZERO] = "degree-zero", [KERNEL_RULE_DEGREE_ONE] = "degree-one",
        [KERNEL_RULE_TRIANGLE] = "triangle",       [KERNEL_RULE_FOLD_TWO] = "fold-two",
        [KERNEL_RULE_DOMINATION] = "domination",   [KERNEL_RULE_TWINS] = "twins",
        [KERNEL_RULE_FOLD_TWINS] = "fold-twins",   [KERNEL_RULE_LP] = "lp",
        [KERNEL_RULE_UNCONFINED] = "unconfined",   [KERNEL_RULE_FUNNEL] = "funnel",
    };
    return rule >= 0 && rule < KERNEL_RULES ? names[rule] : "unknown";
}

/* What a reduction run needs besides the graph: options, clock and per-rule scratch. */
struct reduction {
    struct rgraph r;
    const struct kernel_opts *o;
    double start;
    int stopped;
    struct kernel_lp *lp;
    struct kernel_unconfined *unconfined;
    int32_t lp_lower_bound;
    /* run_near_changes: the changed vertices, one with its neighbours, those looked at */
    int32_t *changed, *near, *looked;
    int32_t looked_stamp;
};

static int expired(struct reduction *red)
{
    if (deadline_passed(&red->o->deadline))
        red->stopped = 1;
    return red->stopped;
}

/* The local rules, on every vertex whose neighbourhood changed, until none applies. */
static int run_local_rules(struct reduction *red)
{
    struct rgraph *r = &red->r;
    int64_t pops = 0;
    int32_t v;
    while ((v = rgraph_pop(r)) >= 0) {
        if (++pops % KERNEL_POLL_INTERVAL == 0 && expired(red))
            return 0;
        if (!rgraph_alive(r, v))
            continue;
        int status = kernel_rule_degree(r, v, red->o);
        if (status == 0 && red->o->domination)
            status = kernel_rule_domination(r, v);
        if (status < 0)
            return status;
    }
    return 0;
}

static int run_lp(struct reduction *red)
{
    int32_t offset = red->r.offset;
    int64_t lp_value2 = 0;
    int status = kernel_rule_lp(red->lp, &red->r, &red->o->deadline, &lp_value2);
    int32_t bound = offset + (int32_t)((lp_value2 + 1) / 2);
    if (bound > red->lp_lower_bound)
        red->lp_lower_bound = bound;
    return status;
}

/* A rule tried once per vertex, at v; negative on failure, 1 where it changed the graph. */
typedef int (*vertex_rule)(struct reduction *red, int32_t v);

static int twins_at(struct reduction *red, int32_t v)
{
    return kernel_rule_twins(&red->r, v, red->o->folds);
}

static int unconfined_at(struct reduction *red, int32_t v)
{
    return kernel_rule_unconfined(red->unconfined, &red->r, v);
}

static int funnel_at(struct reduction *red, int32_t v)
{
    return kernel_rule_funnel(&red->r, v);
}

static int run_everywhere(struct reduction *red, vertex_rule rule)
{
    int changed = 0;
    for (int32_t v = 0; v < red->r.n; v++) {
        if (v % VERTEX_POLL_INTERVAL == 0 && expired(red))
            break;
        if (!rgraph_alive(&red->r, v))
            continue;
        int status = rule(red, v);
        if (status < 0)
            return status;
        changed |= status;
    }
    return changed;
}

/*
 * The rule at the vertices within distance 2 of a removal or a fold since
 * its last look (its list of changed vertices and their neighbours), each
 * once. Whether v is a funnel depends on N(v) and the edges among N(v), and
 * a change further away leaves it as it was. Whether v is unconfined
 * depends on the same and on the neighbourhoods of N(v) where the confining
 * set stays {v}; where that set grows, a change further away can make v
 * unconfined, and such vertices are missed here (a rule missed only leaves
 * the graph larger). At every vertex instead, bnr's nodes below the root of
 * a triangular lattice's 566-vertex kernel numbered 3,477 instead of 5,465,
 * and the search took 0.98 s instead of 0.76 s on one thread.
 */
static int run_near_changes(struct reduction *red, enum rgraph_change_list which, vertex_rule rule)
{
    struct rgraph *r = &red->r;
    int32_t count = rgraph_take_changed(r, which, red->changed);
    if (red->looked_stamp == INT32_MAX) {
        memset(red->looked, 0, (size_t)r->n * sizeof *red->looked);
        red->looked_stamp = 0;
    }
    int32_t stamp = ++red->looked_stamp;
    int changed = 0;
    for (int32_t i = 0; i < count; i++) {
        int32_t x = red->changed[i];
        if (i % VERTEX_POLL_INTERVAL == 0 && expired(red))
            break;
        if (!rgraph_alive(r, x))
            continue;
        /* x's list changes as the rule removes vertices: a copy */
        int32_t d = r->deg[x];
        const int32_t *a = rgraph_neighbours(r, x);
        red->near[0] = x;
        memcpy(red->near + 1, a, (size_t)d * sizeof *a);
        for (int32_t j = 0; j <= d; j++) {
            int32_t v = red->near[j];
            if (red->looked[v] == stamp || !rgraph_alive(r, v))
                continue;
            red->looked[v] = stamp;
            int status = rule(red, v);
            if (status < 0)
                return status;
            changed |= status;
        }
    }
    return changed;
}

static int run_unconfined(struct reduction *red)
{
    return red->o->near_changes ? run_near_changes(red, RGRAPH_CHANGES_UNCONFINED, unconfined_at)
                                : run_everywhere(red, unconfined_at);
}

/*
 * Funnels last: folded early they took the place of degree-two folds and
 * unconfined vertices, and the kernels of PACE 2019's vc-exact_127 to 151
 * lost the clique covers whose bound is their optimum (vc-exact_151: 334
 * -> 332, and 700 branching nodes where none had been needed).
 */
static int run_funnels(struct reduction *red)
{
    return red->o->near_changes ? run_near_changes(red, RGRAPH_CHANGES_FUNNEL, funnel_at)
                                : run_everywhere(red, funnel_at);
}

/*
 * Cheap local rules to a fixed point, then LP, twins, unconfined vertices
 * and funnels, back to the start whenever one changes the graph.
 */
static int reduce_to_fixed_point(struct reduction *red)
{
    for (int32_t i = 0; i < red->o->taken_count; i++) {
        int status = rgraph_take_chosen(&red->r, red->o->taken[i]);
        if (status < 0)
            return status;
    }
    /*
     * Every live vertex once, in id order, as on the graph without them; on
     * a reduced graph only the neighbours of those taken, as their removal
     * queued them: the degree and domination rules change nowhere else. At
     * bnr's nodes below the root on lattices with missing sites, the rules
     * at every vertex took a sixth of the time.
     */
    if (!red->o->near_changes) {
        rgraph_clear_queue(&red->r);
        for (int32_t v = 0; v < red->r.n; v++)
            if (rgraph_alive(&red->r, v))
                rgraph_push(&red->r, v);
    }
    for (;;) {
        int status = run_local_rules(red);
        if (status < 0 || red->stopped || red->r.alive == 0)
            return status;
        if (red->o->lp)
            status = run_lp(red);
        if (status == 0 && expired(red))
            return 0;
        if (status == 0 && red->o->twins)
            status = run_everywhere(red, twins_at);
        if (status == 0 && red->o->unconfined)
            status = run_unconfined(red);
        if (status == 0 && red->o->funnel && red->o->folds)
            status = run_funnels(red);
        if (status <= 0)
            return status;
    }
}

/*
 * The live vertices, relabelled in id order, as a CSR graph. Without folds
 * that is the input's induced subgraph, copied list by list (sorted already);
 * otherwise the reducing graph's lists are copied and sorted (they hold no
 * repeats or loops: merge_into in rgraph.c). At bnr's nodes on a random
 * 4-regular graph an edge list and graph_build took 8 % of the time, the
 * copy and sort 3.5 %.
 */
static int build_kernel(struct rgraph *r, const struct graph *g, struct kernel *k,
                        struct error *err)
{
    if (r->edges_added == 0) {
        uint8_t *keep = malloc((size_t)(r->n > 0 ? r->n : 1));
        k->new_to_old = malloc((size_t)(r->alive > 0 ? r->alive : 1) * sizeof *k->new_to_old);
        if (keep != NULL && k->new_to_old != NULL) {
            for (int32_t v = 0; v < r->n; v++)
                keep[v] = rgraph_alive(r, v);
            k->g = graph_induced(g, keep, k->new_to_old);
        }
        free(keep);
        return k->g != NULL ? MVC_OK : error_set(err, MVC_ENOMEM, "out of memory for the kernel");
    }
    int32_t *old_to_new = malloc((size_t)(r->n > 0 ? r->n : 1) * sizeof *old_to_new);
    k->new_to_old = malloc((size_t)(r->alive > 0 ? r->alive : 1) * sizeof *k->new_to_old);
    if (old_to_new == NULL || k->new_to_old == NULL) {
        free(old_to_new);
        return error_set(err, MVC_ENOMEM, "out of memory for the kernel's vertex map");
    }
    int32_t kn = 0;
    int64_t arcs = 0;
    for (int32_t v = 0; v < r->n; v++) {
        old_to_new[v] = rgraph_alive(r, v) ? kn : -1;
        if (rgraph_alive(r, v)) {
            k->new_to_old[kn++] = v;
            arcs += r->deg[v];
        }
    }
    k->g = graph_new(kn, arcs);
    if (k->g == NULL) {
        free(old_to_new);
        return error_set(err, MVC_ENOMEM, "out of memory for the kernel's edges");
    }
    struct graph *kg = k->g;
    for (int32_t i = 0; i < kn; i++) {
        int32_t v = k->new_to_old[i];
        const int32_t *a = rgraph_neighbours(r, v);
        int64_t at = kg->offsets[i];
        for (int32_t j = 0; j < r->deg[v]; j++)
            kg->adj[at + j] = old_to_new[a[j]];
        kg->offsets[i + 1] = at + r->deg[v];
    }
    kg->m = arcs / 2;
    graph_sort_lists(kg);
    free(old_to_new);
    return MVC_OK;
}

static void fill_stats(struct kernel_stats *st, const struct reduction *red, const struct kernel *k)
{
    memset(st, 0, sizeof *st);
    memcpy(st->removed_by, red->r.removed_by, sizeof st->removed_by);
    st->kernel_n = k->g->n;
    st->kernel_m = k->g->m;
    st->forced = red->r.forced;
    /* The offset alone is a bound too: it is what an empty kernel cover lifts to. */
    st->lp_lower_bound = red->lp_lower_bound > red->r.offset ? red->lp_lower_bound : red->r.offset;
    st->stopped = red->stopped;
    st->seconds = clock_seconds() - red->start;
}

/*
 * Where each input vertex went: its kernel vertex, else taken, left out or
 * folded. A vertex merged into another (merge_into) goes where that one
 * went, along the chain of merges.
 */
static int record_fates(const struct rgraph *r, struct kernel *k, struct error *err)
{
    k->fate = malloc((size_t)(r->n > 0 ? r->n : 1) * sizeof *k->fate);
    if (k->fate == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the kernel");
    for (int32_t v = 0; v < r->n; v++)
        k->fate[v] = r->state[v] == RGRAPH_TAKEN      ? KERNEL_FATE_TAKEN
                     : r->state[v] == RGRAPH_EXCLUDED ? KERNEL_FATE_LEFT_OUT
                                                      : KERNEL_FATE_FOLDED;
    for (int32_t i = 0; i < k->g->n; i++)
        k->fate[k->new_to_old[i]] = i;
    for (int32_t v = 0; v < r->n; v++) {
        int32_t y = v;
        while (r->state[y] == RGRAPH_FOLDED && r->merged_into[y] >= 0)
            y = r->merged_into[y];
        k->fate[v] = k->fate[y];
    }
    return MVC_OK;
}

int kernel_reduce(const struct graph *g, const struct kernel_opts *o, struct kernel **out,
                  struct kernel_stats *st, struct error *err)
{
    *out = NULL;
    struct kernel_opts defaults = kernel_opts_default();
    struct reduction red = {.o = o ? o : &defaults, .start = clock_seconds()};
    struct kernel *k = calloc(1, sizeof *k);
    if (k == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for the kernel");
    kernel_log_init(&k->log);
    int status = rgraph_init(&red.r, g);
    if (status == MVC_OK && red.o->lp && (red.lp = kernel_lp_new(g->n)) == NULL)
        status = MVC_ENOMEM;
    if (status == MVC_OK && red.o->unconfined &&
        (red.unconfined = kernel_unconfined_new(g->n)) == NULL)
        status = MVC_ENOMEM;
    if (status == MVC_OK && red.o->near_changes) {
        size_t nn = (size_t)(g->n > 0 ? g->n : 1);
        red.changed = malloc(nn * sizeof *red.changed);
        red.near = malloc(nn * sizeof *red.near);
        red.looked = calloc(nn, sizeof *red.looked);
        if (red.changed == NULL || red.near == NULL || red.looked == NULL)
            status = MVC_ENOMEM;
    }
    if (status == MVC_OK)
        status = reduce_to_fixed_point(&red);
    kernel_lp_free(red.lp);
    kernel_unconfined_free(red.unconfined);
    free(red.changed), free(red.near), free(red.looked);
    if (status != MVC_OK) {
        rgraph_free(&red.r);
        kernel_log_free(&red.r.log);
        kernel_free(k);
        return error_set(err, status, "out of memory while reducing a graph of %ld vertices",
                         (long)g->n);
    }
    status = build_kernel(&red.r, g, k, err);
    if (status == MVC_OK)
        status = record_fates(&red.r, k, err);
    k->input_n = g->n;
    k->offset = red.r.offset;
    k->log = red.r.log; /* the kernel takes the log over */
    kernel_log_init(&red.r.log);
    if (status == MVC_OK && st != NULL)
        fill_stats(st, &red, k);
    rgraph_free(&red.r);
    if (status != MVC_OK) {
        kernel_free(k);
        return status;
    }
    *out = k;
    return MVC_OK;
}

const struct graph *kernel_graph(const struct kernel *k)
{
    return k->g;
}

int32_t kernel_offset(const struct kernel *k)
{
    return k->offset;
}

int32_t kernel_input_vertex(const struct kernel *k, int32_t v)
{
    return k->new_to_old[v];
}

int32_t kernel_fate(const struct kernel *k, int32_t v)
{
    return k->fate[v];
}

int kernel_lift(const struct kernel *k, const struct cover *kernel_cover, struct cover *input_cover,
                struct error *err)
{
    int status = cover_check(k->g, kernel_cover, err);
    if (status != MVC_OK)
        return status;
    if (cover_init(input_cover, k->input_n) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for a cover of %ld vertices",
                         (long)k->input_n);
    for (int32_t v = 0; v < k->g->n; v++)
        if (kernel_cover->in[v])
            input_cover->in[k->new_to_old[v]] = 1;
    kernel_log_lift(&k->log, input_cover->in);
    for (int32_t v = 0; v < k->input_n; v++)
        input_cover->size += input_cover->in[v];
    return MVC_OK;
}

void kernel_free(struct kernel *k)
{
    if (k == NULL)
        return;
    graph_free(k->g);
    free(k->new_to_old);
    free(k->fate);
    kernel_log_free(&k->log);
    free(k);
}
