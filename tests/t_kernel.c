/* Kernelization: each rule alone and all together keep the optimum and lift covers back. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "components.h"
#include "cover.h"
#include "graph.h"
#include "kernelize.h"
#include "random.h"
#include "tap.h"

#define MAX_N 20
#define MAX_EDGES (MAX_N * (MAX_N - 1) / 2)

/* ---- random numbers (splitmix64) ---- */

static uint64_t rng_state;

static uint64_t rng_next(void)
{
    return random_next(&rng_state);
}

static int rng_below(int k)
{
    return (int)(rng_next() % (uint64_t)k);
}

static int rng_chance(double p)
{
    return (double)(rng_next() >> 11) / 9007199254740992.0 < p;
}

/* ---- small graphs as edge arrays ---- */

struct small {
    int32_t n, m;
    int32_t e[MAX_EDGES][2];
};

static void add_edge(struct small *s, int32_t u, int32_t v)
{
    if (u == v)
        return;
    for (int32_t i = 0; i < s->m; i++)
        if ((s->e[i][0] == u && s->e[i][1] == v) || (s->e[i][0] == v && s->e[i][1] == u))
            return;
    s->e[s->m][0] = u, s->e[s->m][1] = v;
    s->m++;
}

static void gen_gnp(struct small *s, int32_t n, double p)
{
    s->n = n, s->m = 0;
    for (int32_t u = 0; u < n; u++)
        for (int32_t v = u + 1; v < n; v++)
            if (rng_chance(p))
                add_edge(s, u, v);
}

static void gen_tree(struct small *s, int32_t n)
{
    s->n = n, s->m = 0;
    for (int32_t v = 1; v < n; v++)
        add_edge(s, v, rng_below(v));
}

static void gen_cycle(struct small *s, int32_t n)
{
    s->n = n, s->m = 0;
    for (int32_t v = 0; v < n; v++)
        add_edge(s, v, (v + 1) % n);
}

static void gen_path(struct small *s, int32_t n)
{
    s->n = n, s->m = 0;
    for (int32_t v = 0; v + 1 < n; v++)
        add_edge(s, v, v + 1);
}

static void gen_bipartite(struct small *s, int32_t n, double p)
{
    int32_t left = 1 + rng_below(n - 1);
    s->n = n, s->m = 0;
    for (int32_t u = 0; u < left; u++)
        for (int32_t v = left; v < n; v++)
            if (rng_chance(p))
                add_edge(s, u, v);
}

static void gen_clique_pendants(struct small *s, int32_t n)
{
    int32_t k = 3 + rng_below(n / 2 - 2);
    s->n = n, s->m = 0;
    for (int32_t u = 0; u < k; u++)
        for (int32_t v = u + 1; v < k; v++)
            add_edge(s, u, v);
    for (int32_t v = k; v < n; v++)
        add_edge(s, v, rng_below(v));
}

/* Two graphs side by side, plus a few isolated vertices. */
static void gen_union(struct small *s, int32_t n)
{
    int32_t a = 3 + rng_below(n / 2 - 2), b = n - a - rng_below(3);
    s->n = n, s->m = 0;
    for (int32_t u = 0; u < a; u++)
        for (int32_t v = u + 1; v < a; v++)
            if (rng_chance(0.4))
                add_edge(s, u, v);
    for (int32_t v = a + 1; v < a + b; v++)
        add_edge(s, v, a + rng_below(v - a));
}

/* Sparse graphs of degree about 3, where the folds and twins have work. */
static void gen_cubic(struct small *s, int32_t n)
{
    s->n = n, s->m = 0;
    for (int32_t round = 0; round < 3 * n / 2; round++)
        add_edge(s, rng_below(n), rng_below(n));
}

/* Pairs of degree-3 twins planted on a sparse random graph. */
static void gen_twins(struct small *s, int32_t n)
{
    gen_gnp(s, n - 4, 0.15);
    s->n = n;
    for (int32_t pair = 0; pair < 2; pair++) {
        int32_t base = n - 4 + 2 * pair, nb[3];
        nb[0] = rng_below(n - 4);
        do
            nb[1] = rng_below(n - 4);
        while (nb[1] == nb[0]);
        do
            nb[2] = rng_below(n - 4);
        while (nb[2] == nb[0] || nb[2] == nb[1]);
        for (int i = 0; i < 3; i++)
            add_edge(s, base, nb[i]), add_edge(s, base + 1, nb[i]);
    }
}

static struct graph *small_graph(const struct small *s)
{
    return graph_from_edges(s->n, (const int32_t(*)[2])s->e, s->m);
}

/* ---- brute-force minimum cover by branching on a vertex of largest degree ---- */

struct brute {
    uint32_t adj[MAX_N + 1];
    int best;
    uint32_t best_set;
};

static int popcount(uint32_t x)
{
    return __builtin_popcount(x);
}

static void brute_branch(struct brute *b, int n, uint32_t left, uint32_t set, int size)
{
    if (size >= b->best)
        return;
    int v = -1, dv = 0;
    for (int u = 0; u < n; u++)
        if (left >> u & 1) {
            int d = popcount(b->adj[u] & left);
            if (d > dv)
                v = u, dv = d;
        }
    if (v < 0) {
        b->best = size, b->best_set = set;
        return;
    }
    brute_branch(b, n, left & ~(1u << v), set | 1u << v, size + 1);
    uint32_t nb = b->adj[v] & left;
    brute_branch(b, n, left & ~nb & ~(1u << v), set | nb, size + dv);
}

/* Minimum cover size of g (n <= MAX_N); *set receives one minimum cover. */
static int brute_mvc(const struct graph *g, uint32_t *set)
{
    struct brute b = {.best = g->n + 1};
    for (int32_t v = 0; v < g->n; v++)
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
            b.adj[v] |= 1u << g->adj[i];
    brute_branch(&b, g->n, g->n == 32 ? ~0u : (1u << g->n) - 1, 0, 0);
    if (set)
        *set = b.best_set;
    return b.best;
}

/* ---- checking one kernel ---- */

enum config {
    ONLY_DEGREE_ONE,
    ONLY_DEGREE_TWO,
    ONLY_DOMINATION,
    ONLY_TWINS,
    ONLY_LP,
    ONLY_UNCONFINED,
    ONLY_FUNNEL,
    ALL_RULES,
    NO_RULES,
    NO_FOLDS,
    CONFIGS
};

static const char *const config_name[CONFIGS] = {
    "degree one alone", "degree two alone",   "domination alone", "twins alone",
    "LP alone",         "unconfined alone",   "funnel alone",     "all rules",
    "no rules",         "all rules but folds"};

static struct kernel_opts config_opts(enum config c)
{
    struct kernel_opts o = kernel_opts_default();
    o.funnel = 1; /* off by default, on here: "all rules" means it too */
    if (c == ALL_RULES)
        return o;
    if (c == NO_FOLDS) {
        o.folds = 0;
        return o;
    }
    o.degree_one = c == ONLY_DEGREE_ONE;
    o.degree_two_fold = c == ONLY_DEGREE_TWO;
    o.domination = c == ONLY_DOMINATION;
    o.twins = c == ONLY_TWINS;
    o.lp = c == ONLY_LP;
    o.unconfined = c == ONLY_UNCONFINED;
    o.funnel = c == ONLY_FUNNEL;
    return o;
}

/*
 * Whether all-1/2 is the only optimum of the kernel's LP relaxation, which
 * holds exactly when |N(I)| > |I| for every nonempty independent set I
 * (Nemhauser and Trotter 1975). Checked by enumeration up to 16 vertices.
 */
static int lp_all_half_unique(const struct graph *g)
{
    if (g->n > 16)
        return 1;
    uint32_t adj[16] = {0};
    for (int32_t v = 0; v < g->n; v++)
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
            adj[v] |= 1u << g->adj[i];
    for (uint32_t set = 1; set < 1u << g->n; set++) {
        uint32_t nb = 0;
        for (int32_t v = 0; v < g->n; v++)
            if (set >> v & 1)
                nb |= adj[v];
        if ((nb & set) == 0 && popcount(nb) <= popcount(set))
            return 0;
    }
    return 1;
}

/* Lifts a cover of the kernel; NULL when the result covers g with |kc| + offset vertices. */
static const char *check_lift(const struct kernel *k, const struct graph *g, const struct cover *kc,
                              const char *what)
{
    static char why[ERROR_MESSAGE_MAX + 100];
    struct cover ic = {0};
    struct error err = {0};
    const char *fail = NULL;
    if (kernel_lift(k, kc, &ic, &err) != MVC_OK || cover_check(g, &ic, &err) != MVC_OK)
        snprintf(why, sizeof why, "lifted %s cover invalid: %s", what, err.message), fail = why;
    else if (ic.size != kc->size + kernel_offset(k))
        snprintf(why, sizeof why, "lifted %s cover has %d vertices, not %d + %d", what,
                 (int)ic.size, (int)kc->size, (int)kernel_offset(k)),
            fail = why;
    cover_free(&ic);
    return fail;
}

/*
 * Everything a kernel must satisfy, against the brute-force optimum of the
 * input; NULL when it does, else what failed. Lifts a minimum cover of the
 * kernel, the minimum plus random vertices, and all of the kernel.
 */
static const char *check_kernel(const struct graph *g, int optimum, const struct kernel_opts *o,
                                int64_t fired[KERNEL_RULES])
{
    static char why[100];
    struct kernel *k = NULL;
    struct kernel_stats st;
    struct error err = {0};
    if (kernel_reduce(g, o, &k, &st, &err) != MVC_OK)
        return "kernel_reduce failed";
    const struct graph *kg = kernel_graph(k);
    const char *fail = NULL;
    int64_t removed = 0;
    for (int r = 0; r < KERNEL_RULES; r++) {
        removed += st.removed_by[r];
        fired[r] += st.removed_by[r];
    }
    uint32_t set = 0;
    int kopt = brute_mvc(kg, &set);
    struct cover minimum = {0}, more = {0}, all = {0};
    cover_init(&minimum, kg->n);
    cover_init(&more, kg->n);
    cover_init(&all, kg->n);
    for (int32_t v = 0; v < kg->n; v++) {
        cover_add(&all, v);
        if (set >> v & 1)
            cover_add(&minimum, v);
        if (set >> v & 1 || rng_chance(0.5))
            cover_add(&more, v);
    }
    if (kg->n > g->n || st.kernel_n != kg->n || st.kernel_m != kg->m)
        fail = "kernel size or its statistics wrong";
    else if (removed != g->n - kg->n)
        fail = "removed_by does not add up to the vertices removed";
    else if (kopt + kernel_offset(k) != optimum)
        snprintf(why, sizeof why, "kernel optimum %d + offset %d != input optimum %d", kopt,
                 (int)kernel_offset(k), optimum),
            fail = why;
    else if (o->lp && st.lp_lower_bound > optimum)
        fail = "LP lower bound above the optimum";
    else if (o->lp && st.lp_lower_bound != kernel_offset(k) + (kg->n + 1) / 2)
        fail = "LP lower bound is not offset + n'/2";
    else if (o->lp && !lp_all_half_unique(kg))
        fail = "the kernel's LP has an optimum other than all-1/2";
    /* without folds a degree-2 vertex with non-adjacent neighbours stays */
    for (int32_t v = 0; v < kg->n && o->degree_one && o->degree_two_fold; v++)
        if (graph_degree(kg, v) < (o->folds ? 3 : 2))
            fail = "kernel keeps a vertex of degree below 3 (2 without folds)";
    if (fail == NULL)
        fail = check_lift(k, g, &minimum, "minimum");
    if (fail == NULL)
        fail = check_lift(k, g, &more, "larger");
    if (fail == NULL)
        fail = check_lift(k, g, &all, "full");
    cover_free(&minimum), cover_free(&more), cover_free(&all);
    kernel_free(k);
    return fail;
}

/* ---- random families ---- */

enum family {
    GNP_SPARSE,
    GNP_MEDIUM,
    GNP_DENSE,
    TREE,
    CYCLE,
    PATH,
    BIPARTITE,
    CLIQUE_PENDANTS,
    UNION,
    CUBIC,
    TWINS,
    FAMILIES
};

static const char *const family_name[FAMILIES] = {
    "G(n,0.15)",       "G(n,0.3)",       "G(n,0.6)",     "trees",
    "cycles",          "paths",          "bipartite",    "cliques with pendants",
    "disjoint unions", "degree about 3", "planted twins"};

static void generate(struct small *s, enum family f)
{
    int32_t n = 6 + rng_below(MAX_N - 5);
    switch (f) {
    case GNP_SPARSE: gen_gnp(s, n, 0.15); break;
    case GNP_MEDIUM: gen_gnp(s, n, 0.3); break;
    case GNP_DENSE: gen_gnp(s, n, 0.6); break;
    case TREE: gen_tree(s, n); break;
    case CYCLE: gen_cycle(s, 3 + rng_below(MAX_N - 2)); break;
    case PATH: gen_path(s, 1 + rng_below(MAX_N)); break;
    case BIPARTITE: gen_bipartite(s, n, 0.3); break;
    case CLIQUE_PENDANTS: gen_clique_pendants(s, n); break;
    case UNION: gen_union(s, n); break;
    case CUBIC: gen_cubic(s, n); break;
    case TWINS: gen_twins(s, n < 10 ? 10 : n); break;
    case FAMILIES: break;
    }
}

#define GRAPHS_PER_FAMILY 40

/*
 * Without folds the kernel is the input's subgraph induced by the vertices
 * it keeps: NULL when so, and no fold was counted.
 */
static const char *check_induced(const struct graph *g)
{
    struct kernel_opts o = config_opts(NO_FOLDS);
    struct kernel *k = NULL;
    struct kernel_stats st;
    struct error err = {0};
    if (kernel_reduce(g, &o, &k, &st, &err) != MVC_OK)
        return "kernelization failed";
    const struct graph *kg = kernel_graph(k);
    const char *fail = NULL;
    if (st.removed_by[KERNEL_RULE_FOLD_TWO] != 0 || st.removed_by[KERNEL_RULE_FOLD_TWINS] != 0 ||
        st.removed_by[KERNEL_RULE_FUNNEL] != 0)
        fail = "a fold was counted";
    for (int32_t u = 0; u < kg->n && fail == NULL; u++)
        for (int32_t v = 0; v < kg->n && fail == NULL; v++)
            if (graph_has_edge(kg, u, v) !=
                graph_has_edge(g, kernel_input_vertex(k, u), kernel_input_vertex(k, v)))
                fail = "the kernel is not the induced subgraph of its vertices";
    kernel_free(k);
    return fail;
}

static void random_graphs(uint64_t seed)
{
    static struct small s;
    static int64_t fired[CONFIGS][KERNEL_RULES];
    int induced_failures = 0;
    for (int f = 0; f < FAMILIES; f++) {
        int failures[CONFIGS] = {0};
        for (int i = 0; i < GRAPHS_PER_FAMILY; i++) {
            uint64_t graph_seed = seed ^ ((uint64_t)f << 40) ^ (uint64_t)i * 0x100000001b3ULL;
            rng_state = graph_seed;
            generate(&s, (enum family)f);
            struct graph *g = small_graph(&s);
            int optimum = brute_mvc(g, NULL);
            const char *not_induced = check_induced(g);
            if (not_induced != NULL && induced_failures++ < 3)
                diag("%s, graph seed %llu: %s", family_name[f], (unsigned long long)graph_seed,
                     not_induced);
            for (int c = 0; c < CONFIGS; c++) {
                struct kernel_opts o = config_opts((enum config)c);
                const char *fail = check_kernel(g, optimum, &o, fired[c]);
                if (fail != NULL && failures[c]++ < 3)
                    diag("%s, %s, graph seed %llu (n=%d m=%d): %s", family_name[f], config_name[c],
                         (unsigned long long)graph_seed, (int)s.n, (int)s.m, fail);
            }
            graph_free(g);
        }
        for (int c = 0; c < CONFIGS; c++)
            ok(failures[c] == 0, "%s: %s keeps the optimum and lifts covers (%d graphs)",
               family_name[f], config_name[c], GRAPHS_PER_FAMILY);
    }
    is(induced_failures, 0, "without folds the kernel is an induced subgraph (%d graphs)",
       FAMILIES * GRAPHS_PER_FAMILY);
    /* Each rule alone must have had work to do, or the tests above prove little. */
    static const int own_rule[CONFIGS][2] = {
        [ONLY_DEGREE_ONE] = {KERNEL_RULE_DEGREE_ONE, KERNEL_RULE_DEGREE_ONE},
        [ONLY_DEGREE_TWO] = {KERNEL_RULE_TRIANGLE, KERNEL_RULE_FOLD_TWO},
        [ONLY_DOMINATION] = {KERNEL_RULE_DOMINATION, KERNEL_RULE_DOMINATION},
        [ONLY_TWINS] = {KERNEL_RULE_TWINS, KERNEL_RULE_FOLD_TWINS},
        [ONLY_LP] = {KERNEL_RULE_LP, KERNEL_RULE_LP},
        [ONLY_UNCONFINED] = {KERNEL_RULE_UNCONFINED, KERNEL_RULE_UNCONFINED},
        [ONLY_FUNNEL] = {KERNEL_RULE_FUNNEL, KERNEL_RULE_FUNNEL},
    };
    for (int c = 0; c < ALL_RULES; c++)
        ok(fired[c][own_rule[c][0]] > 0 && fired[c][own_rule[c][1]] > 0,
           "%s removed vertices (%s %lld, %s %lld)", config_name[c],
           kernel_rule_name(own_rule[c][0]), (long long)fired[c][own_rule[c][0]],
           kernel_rule_name(own_rule[c][1]), (long long)fired[c][own_rule[c][1]]);
    for (int r = 0; r < KERNEL_RULES; r++)
        diag("all rules together: %s removed %lld vertices", kernel_rule_name(r),
             (long long)fired[ALL_RULES][r]);
}

/* ---- a branching's choice taken first (kernel_opts.taken) ---- */

/*
 * One choice on g: the kernel stands for g's covers that hold `taken`, so its
 * optimum plus the offset is |taken| plus the optimum of g without them, and
 * a minimum kernel cover lifts to such a cover of g, holding them. NULL when
 * it does, else what failed.
 */
static const char *check_taken(const struct graph *g, const int32_t *taken, int32_t count,
                               int near_changes)
{
    static char why[ERROR_MESSAGE_MAX + 100];
    uint8_t keep[32];
    memset(keep, 1, sizeof keep);
    for (int32_t i = 0; i < count; i++)
        keep[taken[i]] = 0;
    struct graph *rest = graph_induced(g, keep, NULL);
    int expected = brute_mvc(rest, NULL) + count;
    graph_free(rest);
    struct kernel_opts o = config_opts(ALL_RULES);
    o.taken = taken;
    o.taken_count = count;
    o.near_changes = near_changes;
    struct kernel *k = NULL;
    struct error err = {0};
    if (kernel_reduce(g, &o, &k, NULL, &err) != MVC_OK)
        return "kernel_reduce failed";
    const struct graph *kg = kernel_graph(k);
    uint32_t set = 0;
    int kopt = brute_mvc(kg, &set);
    const char *fail = NULL;
    struct cover kc = {0}, ic = {0};
    cover_init(&kc, kg->n);
    for (int32_t v = 0; v < kg->n; v++)
        if (set >> v & 1)
            cover_add(&kc, v);
    if (kopt + kernel_offset(k) != expected) {
        snprintf(why, sizeof why, "kernel optimum %d + offset %d, not %d", kopt,
                 (int)kernel_offset(k), expected);
        fail = why;
    } else if (kernel_lift(k, &kc, &ic, &err) != MVC_OK || cover_check(g, &ic, &err) != MVC_OK) {
        snprintf(why, sizeof why, "lifted cover invalid: %s", err.message);
        fail = why;
    } else if (ic.size != expected) {
        snprintf(why, sizeof why, "lifted cover of %d, not %d", (int)ic.size, expected);
        fail = why;
    } else {
        for (int32_t i = 0; i < count && fail == NULL; i++)
            if (!ic.in[taken[i]])
                fail = "the lifted cover lacks a vertex taken";
    }
    cover_free(&kc);
    cover_free(&ic);
    kernel_free(k);
    return fail;
}

/* Both children of a branching on a random vertex: it taken, or all its neighbours. */
static void branch_choices(uint64_t seed)
{
    static struct small s;
    int graphs = 0, failures = 0;
    for (int f = 0; f < FAMILIES; f++)
        for (int i = 0; i < GRAPHS_PER_FAMILY; i++) {
            rng_state = seed ^ ((uint64_t)f << 44) ^ (uint64_t)(i + 1) * 0x9e3779b97f4a7c15ULL;
            generate(&s, (enum family)f);
            struct graph *g = small_graph(&s);
            int32_t v = g->n > 0 ? (int32_t)rng_below(g->n) : -1;
            for (int near = 0; near < 2 && v >= 0 && graph_degree(g, v) > 0; near++) {
                graphs += !near;
                const char *fail = check_taken(g, &v, 1, near);
                if (fail == NULL)
                    fail = check_taken(g, g->adj + g->offsets[v], graph_degree(g, v), near);
                if (fail != NULL && failures++ < 3)
                    diag("%s, graph %d, vertex %d%s: %s", family_name[f], i, (int)v,
                         near ? ", rules near the changes" : "", fail);
            }
            graph_free(g);
        }
    ok(failures == 0 && graphs > 100,
       "a branching's vertices taken first, all rules: optimum and lifted covers as on the graph "
       "without them (%d graphs, both children, the unconfined and funnel rules everywhere and "
       "near the changes)",
       graphs);
}

/* ---- hand-made cases ---- */

/* A graph, the rules on, and the kernel they must leave; a count of 0 is not asked. */
struct hand_case {
    const char *what;
    enum config config;
    int32_t n;
    const char *edges; /* "u-v u-v ..." */
    int32_t kernel_n, offset;
    int rule, rule2; /* stats' removed_by[rule] must be count, and removed_by[rule2] count2 */
    int64_t count, count2;
    int32_t lp_bound, forced; /* stats' lp_lower_bound and forced */
};

static const struct hand_case hand_cases[] = {
    {"degree one: a star reduces to nothing with its centre taken", ONLY_DEGREE_ONE, 5,
     "0-1 0-2 0-3 0-4", .kernel_n = 0, .offset = 1, .rule = KERNEL_RULE_DEGREE_ONE, .count = 1},
    {"degree one: P5 reduces to nothing with 2 taken", ONLY_DEGREE_ONE, 5, "0-1 1-2 2-3 3-4",
     .kernel_n = 0, .offset = 2},
    {"degree two: C5 folds into a triangle, which is then taken", ONLY_DEGREE_TWO, 5,
     "0-1 1-2 2-3 3-4 4-0", .kernel_n = 0, .offset = 3, .rule = KERNEL_RULE_FOLD_TWO, .count = 2,
     .rule2 = KERNEL_RULE_TRIANGLE, .count2 = 2},
    {"degree two: a triangle needs two vertices", ONLY_DEGREE_TWO, 3, "0-1 1-2 0-2", .kernel_n = 0,
     .offset = 2},
    /* 0 and 1 are dominated by 2 and 3 */
    {"domination: the diamond's degree-3 vertices are taken", ONLY_DOMINATION, 4,
     "0-2 0-3 1-2 1-3 2-3", .kernel_n = 0, .offset = 2, .rule = KERNEL_RULE_DOMINATION, .count = 2},
    /* twins 0, 1 with N = {2, 3, 4}, edge 2-3: take 2, 3, 4; 4-5-6-4 a triangle */
    {"twins: an edge in the neighbourhood takes all three neighbours", ONLY_TWINS, 7,
     "0-2 0-3 0-4 1-2 1-3 1-4 2-3 4-5 5-6 4-6", .kernel_n = 2, .offset = 3,
     .rule = KERNEL_RULE_TWINS, .count = 3},
    /* twins 0, 1 with independent N = {2, 3, 4}, each with two more neighbours */
    {"twins: an independent neighbourhood folds five vertices into one", ONLY_TWINS, 11,
     "0-2 0-3 0-4 1-2 1-3 1-4 2-5 2-6 3-7 3-8 4-9 4-10 5-7 6-9 8-10 5-10", .kernel_n = 7,
     .offset = 2, .rule = KERNEL_RULE_FOLD_TWINS, .count = 4},
    /* LP: bipartite graphs and even cycles have integral optima; odd cycles do not */
    {"LP: a single edge is decided by the LP alone", ONLY_LP, 2, "0-1", .kernel_n = 0, .offset = 1},
    {"LP: C6 is decided by the LP, lower bound 3", ONLY_LP, 6, "0-1 1-2 2-3 3-4 4-5 5-0",
     .kernel_n = 0, .offset = 3, .lp_bound = 3},
    {"LP: K2,3 takes the small side", ONLY_LP, 5, "0-2 0-3 0-4 1-2 1-3 1-4", .kernel_n = 0,
     .offset = 2, .forced = 2},
    {"LP: C5 stays (all 1/2 is its only optimum), lower bound 3", ONLY_LP, 5, "0-1 1-2 2-3 3-4 4-0",
     .kernel_n = 5, .offset = 0, .lp_bound = 3},
    /* unconfined: a pendant's neighbour; in K4 every vertex */
    {"unconfined: a pendant's neighbour, then one of the remaining edge", ONLY_UNCONFINED, 4,
     "0-1 1-2 1-3 2-3", .kernel_n = 0, .offset = 2, .rule = KERNEL_RULE_UNCONFINED, .count = 2},
    /* 0's neighbourhood: the clique {1, 2} and 3 apart; 0 and 3 go, 1 and 2 join 4 and 5 */
    {"funnel: a triangle's corner with a pendant path folds two vertices", ONLY_FUNNEL, 6,
     "0-1 0-2 1-2 0-3 3-4 3-5", .kernel_n = 4, .offset = 1, .rule = KERNEL_RULE_FUNNEL, .count = 2},
    {"all rules: the Petersen graph is irreducible", ALL_RULES, 10,
     "0-1 1-2 2-3 3-4 4-0 0-5 1-6 2-7 3-8 4-9 5-7 7-9 9-6 6-8 8-5", .kernel_n = 10, .offset = 0},
};

/* A graph of n vertices from "u-v u-v ...". */
static struct graph *graph_of(int32_t n, const char *edges)
{
    int32_t e[MAX_EDGES][2];
    int64_t m = 0;
    int u, v, used;
    const char *p = edges;
    for (; m < MAX_EDGES && sscanf(p, "%d-%d%n", &u, &v, &used) == 2; p += used) {
        e[m][0] = u;
        e[m][1] = v;
        m++;
    }
    if (p[strspn(p, " ")] != '\0')
        bail("a hand-made graph's edges do not read as \"u-v u-v ...\"");
    return graph_from_edges(n, (const int32_t(*)[2])e, m);
}

/* c's graph reduced as c says, with the kernel's optimum plus the vertices taken exact. */
static void check_hand_case(const struct hand_case *c)
{
    struct graph *g = graph_of(c->n, c->edges);
    struct kernel_opts o = config_opts(c->config);
    struct kernel_stats st;
    memset(&st, 0, sizeof st);
    struct kernel *k = NULL;
    struct error err = {0};
    int right = 0, exact = 0;
    if (kernel_reduce(g, &o, &k, &st, &err) == MVC_OK) {
        right = kernel_graph(k)->n == c->kernel_n && kernel_offset(k) == c->offset;
        exact = brute_mvc(kernel_graph(k), NULL) + kernel_offset(k) == brute_mvc(g, NULL);
        kernel_free(k);
    }
    right &= c->count == 0 || st.removed_by[c->rule] == c->count;
    right &= c->count2 == 0 || st.removed_by[c->rule2] == c->count2;
    right &= c->lp_bound == 0 || st.lp_lower_bound == c->lp_bound;
    right &= c->forced == 0 || st.forced == c->forced;
    ok(right && exact, "%s%s", c->what, exact ? "" : " (and the kernel's optimum is not exact)");
    graph_free(g);
}

#define GRAPH(n, ...)                                                                              \
    graph_from_edges((n), (const int32_t[][2]){__VA_ARGS__},                                       \
                     sizeof((const int32_t[][2]){__VA_ARGS__}) / sizeof(int32_t[2]))

static void hand_made(void)
{
    for (size_t i = 0; i < sizeof hand_cases / sizeof hand_cases[0]; i++)
        check_hand_case(&hand_cases[i]);

    struct kernel_stats st;
    struct kernel_opts o;
    /* Domination that appears only after a fold: merging into 3 makes it dominate 4. */
    struct graph *grown =
        GRAPH(7, {0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}, {2, 6}, {4, 5}, {4, 6}, {5, 6}, {3, 4});
    o = config_opts(ALL_RULES);
    o.lp = o.unconfined = o.twins = 0;
    struct kernel *k = NULL;
    struct error err = {0};
    ok(kernel_reduce(grown, &o, &k, &st, &err) == MVC_OK, "fold then domination reduces");
    if (k) {
        uint32_t set;
        int kopt = brute_mvc(kernel_graph(k), &set);
        is(kopt + kernel_offset(k), brute_mvc(grown, NULL), "fold then domination is exact");
        kernel_free(k);
    }
    graph_free(grown);

    /* Stopping: a set stop flag still gives a valid (unreduced) kernel. */
    volatile sig_atomic_t stop = 1;
    o = config_opts(ALL_RULES);
    o.deadline.stop = &stop;
    struct graph *p4 = GRAPH(4, {0, 1}, {1, 2}, {2, 3});
    k = NULL;
    ok(kernel_reduce(p4, &o, &k, &st, &err) == MVC_OK, "a stopped reduction still succeeds");
    if (k) {
        struct cover all = {0}, in = {0};
        cover_init(&all, kernel_graph(k)->n);
        for (int32_t v = 0; v < all.n; v++)
            cover_add(&all, v);
        ok(kernel_lift(k, &all, &in, &err) == MVC_OK && cover_check(p4, &in, &err) == MVC_OK,
           "and its covers lift");
        cover_free(&all), cover_free(&in);
        /* A non-cover of the kernel is refused. */
        struct cover none = {0};
        cover_init(&none, kernel_graph(k)->n);
        struct error e2 = {0};
        ok(kernel_graph(k)->m == 0 || kernel_lift(k, &none, &in, &e2) == MVC_EINPUT,
           "lifting a non-cover is refused");
        cover_free(&none);
        kernel_free(k);
    }
    graph_free(p4);

    /*
     * The LP rule alone on K(2,5): it fixes the two (the five then isolated)
     * unless a stop came first, when it fixes nothing and keeps the graph.
     */
    struct graph *k25 =
        GRAPH(7, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6});
    o = config_opts(ONLY_LP);
    k = NULL;
    ok(kernel_reduce(k25, &o, &k, &st, &err) == MVC_OK && kernel_graph(k)->n == 0 &&
           kernel_offset(k) == 2,
       "LP alone on K(2,5): the two sides fixed, nothing left");
    kernel_free(k);
    o.deadline.stop = &stop;
    k = NULL;
    ok(kernel_reduce(k25, &o, &k, &st, &err) == MVC_OK && kernel_graph(k)->n == 7 &&
           kernel_offset(k) == 0,
       "and stopped before it: nothing fixed, the graph kept whole");
    kernel_free(k);
    graph_free(k25);

    ok(strcmp(kernel_rule_name(KERNEL_RULE_LP), "lp") == 0 &&
           strcmp(kernel_rule_name(KERNEL_RULES), "unknown") == 0,
       "rule names");
}

/* ---- components ---- */

static void components(uint64_t seed)
{
    struct graph *g = GRAPH(8, {0, 3}, {3, 5}, {1, 2}, {6, 7});
    int32_t comp[8], count;
    ok(graph_components(g, comp, &count) == MVC_OK && count == 4, "four components");
    ok(comp[0] == 0 && comp[3] == 0 && comp[5] == 0 && comp[1] == 1 && comp[2] == 1 &&
           comp[4] == 2 && comp[6] == 3 && comp[7] == 3,
       "labels in order of smallest vertex, isolated vertex alone");
    graph_free(g);

    struct graph *empty = graph_from_edges(0, NULL, 0);
    ok(graph_components(empty, comp, &count) == MVC_OK && count == 0, "empty graph: none");
    graph_free(empty);

    /* Random unions of paths: the count is known and labels agree along edges. */
    int bad = 0;
    static struct small s;
    for (int i = 0; i < 100; i++) {
        rng_state = seed + (uint64_t)i;
        int32_t pieces = 1 + rng_below(6), n = 0;
        s.m = 0;
        for (int32_t p = 0; p < pieces; p++) {
            int32_t len = 1 + rng_below(3);
            for (int32_t j = 1; j < len; j++)
                add_edge(&s, n + j - 1, n + j);
            n += len;
        }
        /* shuffle ids so that components interleave */
        int32_t perm[MAX_N];
        for (int32_t v = 0; v < n; v++)
            perm[v] = v;
        for (int32_t v = n - 1; v > 0; v--) {
            int32_t j = rng_below(v + 1), t = perm[v];
            perm[v] = perm[j], perm[j] = t;
        }
        for (int32_t j = 0; j < s.m; j++)
            s.e[j][0] = perm[s.e[j][0]], s.e[j][1] = perm[s.e[j][1]];
        s.n = n;
        struct graph *h = small_graph(&s);
        int32_t c[MAX_N], cnt;
        int fine = graph_components(h, c, &cnt) == MVC_OK && cnt == pieces;
        for (int32_t j = 0; j < s.m && fine; j++)
            fine = c[s.e[j][0]] == c[s.e[j][1]];
        if (!fine && bad++ < 3)
            diag("components wrong for seed %llu", (unsigned long long)rng_state);
        graph_free(h);
    }
    ok(bad == 0, "random unions of paths: count and labels right (100 graphs)");
}

/* ---- larger graphs: no brute force, but every lift must be a cover ---- */

static void larger_graphs(uint64_t seed)
{
    int bad = 0;
    for (int i = 0; i < 20; i++) {
        rng_state = seed + 1000 + (uint64_t)i;
        int32_t n = 2000 + rng_below(2000);
        int64_t m = n * (1 + rng_below(3));
        struct edge_list el;
        edge_list_init(&el, 0);
        for (int64_t j = 0; j < m; j++) {
            /* a few hubs, the rest uniform */
            int32_t u = rng_chance(0.1) ? rng_below(10) : rng_below(n);
            edge_list_push(&el, u, rng_below(n), 0);
        }
        struct graph *g = NULL;
        struct error err = {0};
        graph_build(n, &el, NULL, 0, &g, &err);
        struct kernel *k = NULL;
        struct kernel_stats st;
        struct kernel_opts o = kernel_opts_default();
        int fine = kernel_reduce(g, &o, &k, &st, &err) == MVC_OK;
        if (fine) {
            struct cover all = {0}, in = {0};
            cover_init(&all, kernel_graph(k)->n);
            for (int32_t v = 0; v < all.n; v++)
                cover_add(&all, v);
            fine = kernel_lift(k, &all, &in, &err) == MVC_OK &&
                   cover_check(g, &in, &err) == MVC_OK && in.size == all.size + kernel_offset(k) &&
                   st.lp_lower_bound <= in.size;
            cover_free(&all), cover_free(&in);
            kernel_free(k);
        }
        if (!fine && bad++ < 3)
            diag("larger graph seed %llu: %s", (unsigned long long)rng_state, err.message);
        graph_free(g);
    }
    ok(bad == 0, "20 graphs of 2000-4000 vertices with hubs: lifted covers are covers");
}

int main(void)
{
    uint64_t seed = 20190601;
    const char *env = getenv("MVC_TEST_SEED");
    if (env != NULL)
        seed = strtoull(env, NULL, 10);
    diag("seed %llu (set MVC_TEST_SEED to replay another)", (unsigned long long)seed);
    hand_made();
    components(seed);
    random_graphs(seed);
    branch_choices(seed);
    larger_graphs(seed);
    done_testing();
    return exit_status();
}
