/* Local search for an independent transversal of a cover by cliques: see transversal.h. */
#include "transversal.h"

#include <stdlib.h>
#include <string.h>

#include "random.h"

/* Steps between looks at the clock and the stop flag. */
#define CHECK_INTERVAL 4096
/* A vertex just left is not chosen again in its clique for this many steps, plus up to TABU_SPREAD.
 */
#define TABU_TENURE 4
#define TABU_SPREAD 4
/* Weights are scaled by FORGET_FACTOR once their mean exceeds this (NuMVC's gamma and rho). */
#define FORGET_MEAN 50
#define FORGET_FACTOR 0.3
/* A move that does not pay is still made once in this many steps (a random walk's noise). */
#define NOISE_ONE_IN 64
/*
 * Covers by cliques of at least this many vertices on average are searched
 * by min-conflicts tabu search instead (Galinier and Hao's tabu search for
 * CSPs): every step makes the best move of any clique in conflict, counted
 * in unweighted conflicts, even when it does not pay, and the vertex left
 * stays out for 0.6 times the cliques in conflict plus 0 to 9 steps. On
 * forced model RB graphs (bench/gen_rb.py 50 23, the kind of vc-exact_195
 * to 199), alone for 5 s on one core, it found the transversal in 10 of 18
 * runs where breakout found it in 3; breakout stays for small cliques, the
 * clauses of the 3-SAT reductions it was tuned on.
 */
#define TABU_MIN_MEAN_CLIQUE 8
#define TABU_CONFLICTS_SHARE 0.6
#define TABU_RANDOM_TENURE 10

struct transversal {
    const struct graph *g;
    const int32_t *clique_of;
    int32_t cliques;
    int32_t *start, *members; /* the members of clique c: members[start[c] .. start[c + 1]) */
    int32_t *chosen;          /* per clique */
    uint8_t *is_chosen;       /* per vertex */
    int64_t *conf;            /* per vertex: weight of its edges to chosen vertices elsewhere */
    int32_t *count;           /* per vertex: its edges to chosen vertices elsewhere */
    int tabu_search;          /* min-conflicts tabu search, not breakout (large cliques) */
    int32_t *weight;          /* per arc; both arcs of an edge alike */
    int64_t *reverse;         /* per arc: the other arc of its edge */
    int64_t *left_at;         /* per vertex: the step it was last left at */
    int32_t *bad, *bad_pos, bad_len; /* the cliques whose chosen vertex is in conflict */
    int64_t conflicts, best_conflicts;
    uint8_t *best;
    int64_t steps;
    int64_t weight_sum, cross_edges; /* over edges between different cliques */
    uint64_t rng;
};

static void bad_add(struct transversal *t, int32_t c)
{
    if (t->bad_pos[c] >= 0)
        return;
    t->bad_pos[c] = t->bad_len;
    t->bad[t->bad_len++] = c;
}

static void bad_remove(struct transversal *t, int32_t c)
{
    int32_t i = t->bad_pos[c];
    if (i < 0)
        return;
    int32_t last = t->bad[--t->bad_len];
    t->bad[i] = last;
    t->bad_pos[last] = i;
    t->bad_pos[c] = -1;
}

static void save_best(struct transversal *t)
{
    t->best_conflicts = t->conflicts;
    memset(t->best, 0, (size_t)t->g->n);
    for (int32_t c = 0; c < t->cliques; c++)
        t->best[t->chosen[c]] = 1;
}

/* conf, conflicts and the bad list from scratch, for the current choice and weights. */
static void recount(struct transversal *t)
{
    const struct graph *g = t->g;
    memset(t->conf, 0, (size_t)g->n * sizeof *t->conf);
    memset(t->count, 0, (size_t)g->n * sizeof *t->count);
    t->conflicts = 0;
    for (int32_t c = 0; c < t->cliques; c++) {
        int32_t x = t->chosen[c];
        for (int64_t j = g->offsets[x]; j < g->offsets[x + 1]; j++) {
            int32_t y = g->adj[j];
            if (t->clique_of[y] == c)
                continue;
            t->conf[y] += t->weight[j];
            t->count[y]++;
            t->conflicts += t->is_chosen[y] && x < y;
        }
    }
    t->bad_len = 0;
    for (int32_t c = 0; c < t->cliques; c++) {
        t->bad_pos[c] = -1;
        if (t->conf[t->chosen[c]] > 0)
            bad_add(t, c);
    }
}

void transversal_free(struct transversal *t)
{
    if (t == NULL)
        return;
    free(t->start), free(t->members), free(t->chosen), free(t->is_chosen), free(t->conf);
    free(t->count);
    free(t->weight), free(t->reverse), free(t->left_at), free(t->bad), free(t->bad_pos);
    free(t->best);
    free(t);
}

struct transversal *transversal_new(const struct graph *g, const int32_t *clique_of,
                                    int32_t cliques, const uint8_t *start, uint64_t seed)
{
    if (g->m > INT32_MAX / (FORGET_MEAN + 1))
        return NULL; /* a weight stays below (FORGET_MEAN + 1) m, which must fit an int32_t */
    struct transversal *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    size_t n = (size_t)g->n + 1, arcs = 2 * (size_t)g->m + 1, k = (size_t)cliques + 1;
    t->g = g;
    t->clique_of = clique_of;
    t->cliques = cliques;
    t->rng = seed;
    t->start = calloc(k + 1, sizeof *t->start);
    t->members = malloc(n * sizeof *t->members);
    t->chosen = malloc(k * sizeof *t->chosen);
    t->is_chosen = calloc(n, 1);
    t->conf = calloc(n, sizeof *t->conf);
    t->count = calloc(n, sizeof *t->count);
    t->weight = malloc(arcs * sizeof *t->weight);
    t->reverse = malloc(arcs * sizeof *t->reverse);
    t->left_at = calloc(n, sizeof *t->left_at);
    t->bad = malloc(k * sizeof *t->bad);
    t->bad_pos = malloc(k * sizeof *t->bad_pos);
    t->best = calloc(n, 1);
    if (!t->start || !t->members || !t->chosen || !t->is_chosen || !t->conf || !t->count ||
        !t->weight || !t->reverse || !t->left_at || !t->bad || !t->bad_pos || !t->best) {
        transversal_free(t);
        return NULL;
    }
    for (int32_t v = 0; v < g->n; v++)
        t->start[clique_of[v] + 1]++;
    for (int32_t c = 0; c < cliques; c++)
        t->start[c + 1] += t->start[c];
    int32_t *fill = t->bad; /* scratch until the bad list is built */
    for (int32_t c = 0; c < cliques; c++)
        fill[c] = t->start[c];
    for (int32_t v = 0; v < g->n; v++)
        t->members[fill[clique_of[v]]++] = v;
    for (int32_t v = 0; v < g->n; v++)
        for (int64_t j = g->offsets[v]; j < g->offsets[v + 1]; j++) {
            int32_t w = g->adj[j];
            t->weight[j] = 1;
            if (clique_of[w] != clique_of[v] && v < w)
                t->cross_edges++;
            t->reverse[j] = graph_arc(g, w, v);
        }
    t->weight_sum = t->cross_edges;
    /* first choice: the start's vertex, else a member of least degree */
    for (int32_t c = 0; c < cliques; c++) {
        int32_t pick = -1;
        for (int32_t i = t->start[c]; i < t->start[c + 1]; i++) {
            int32_t v = t->members[i];
            if (start != NULL && start[v]) {
                pick = v;
                break;
            }
            if (pick < 0 || graph_degree(g, v) < graph_degree(g, pick))
                pick = v;
        }
        t->chosen[c] = pick;
        t->is_chosen[pick] = 1;
    }
    t->tabu_search = cliques > 0 && g->n >= (int64_t)TABU_MIN_MEAN_CLIQUE * cliques;
    recount(t);
    save_best(t);
    return t;
}

/* Moves clique c's choice to b. */
static void move(struct transversal *t, int32_t c, int32_t b)
{
    const struct graph *g = t->g;
    int32_t a = t->chosen[c];
    t->is_chosen[a] = 0;
    t->left_at[a] = t->steps;
    for (int64_t j = g->offsets[a]; j < g->offsets[a + 1]; j++) {
        int32_t y = g->adj[j], cy = t->clique_of[y];
        if (cy == c)
            continue;
        t->conf[y] -= t->weight[j];
        t->count[y]--;
        if (t->is_chosen[y]) {
            t->conflicts--;
            if (t->conf[y] == 0)
                bad_remove(t, cy);
        }
    }
    t->chosen[c] = b;
    t->is_chosen[b] = 1;
    for (int64_t j = g->offsets[b]; j < g->offsets[b + 1]; j++) {
        int32_t y = g->adj[j], cy = t->clique_of[y];
        if (cy == c)
            continue;
        t->conf[y] += t->weight[j];
        t->count[y]++;
        if (t->is_chosen[y]) {
            t->conflicts++;
            bad_add(t, cy);
        }
    }
    if (t->conf[b] > 0)
        bad_add(t, c);
    else
        bad_remove(t, c);
}

/* Every edge from b to a chosen vertex gains one in weight. */
static void weigh_conflicts(struct transversal *t, int32_t b)
{
    const struct graph *g = t->g;
    int32_t cb = t->clique_of[b];
    for (int64_t j = g->offsets[b]; j < g->offsets[b + 1]; j++) {
        int32_t y = g->adj[j];
        if (!t->is_chosen[y] || t->clique_of[y] == cb)
            continue;
        t->weight[j]++;
        t->weight[t->reverse[j]]++;
        t->conf[b]++;
        t->conf[y]++;
        t->weight_sum++;
    }
}

static void forget_weights(struct transversal *t)
{
    const struct graph *g = t->g;
    t->weight_sum = 0;
    for (int32_t v = 0; v < g->n; v++)
        for (int64_t j = g->offsets[v]; j < g->offsets[v + 1]; j++) {
            int32_t w = (int32_t)(t->weight[j] * FORGET_FACTOR);
            t->weight[j] = w > 1 ? w : 1;
            if (v < g->adj[j] && t->clique_of[v] != t->clique_of[g->adj[j]])
                t->weight_sum += t->weight[j];
        }
    recount(t);
}

/*
 * The best move of clique c away from its chosen vertex: the member of least
 * conflict that the tabu allows (the tabu waived when it bars every member),
 * the one left longest ago among equals; -1 for a clique of one vertex.
 */
static int32_t best_member(struct transversal *t, int32_t c, int64_t tenure)
{
    int32_t a = t->chosen[c], b = -1;
    for (int pass = 0; pass < 2 && b < 0; pass++)
        for (int32_t i = t->start[c]; i < t->start[c + 1]; i++) {
            int32_t v = t->members[i];
            if (v == a || (pass == 0 && t->left_at[v] > 0 && t->steps - t->left_at[v] < tenure))
                continue;
            if (b < 0 || t->conf[v] < t->conf[b] ||
                (t->conf[v] == t->conf[b] && t->left_at[v] < t->left_at[b]))
                b = v;
        }
    return b;
}

/*
 * One step, on a conflict: a clique in conflict and the clique of one of the
 * chosen vertices its own is adjacent to. The better of their best moves is
 * made when it lowers the weighted conflict (or, now and then, anyway);
 * otherwise the conflicts at the clique's vertex gain weight, until some move
 * pays (breakout).
 */
static void step(struct transversal *t)
{
    const struct graph *g = t->g;
    int32_t c = t->bad[random_next(&t->rng) % (uint64_t)t->bad_len];
    int32_t a = t->chosen[c], y = -1, seen = 0;
    for (int64_t j = g->offsets[a]; j < g->offsets[a + 1]; j++) {
        int32_t w = g->adj[j];
        if (t->is_chosen[w] && t->clique_of[w] != c && random_next(&t->rng) % (uint64_t)++seen == 0)
            y = w; /* a uniform choice among a's conflicts */
    }
    int64_t tenure = TABU_TENURE + (int64_t)(random_next(&t->rng) % (TABU_SPREAD + 1));
    int32_t cy = t->clique_of[y];
    int32_t b = best_member(t, c, tenure), by = best_member(t, cy, tenure);
    int64_t delta = b >= 0 ? t->conf[b] - t->conf[a] : INT64_MAX;
    int64_t delta_y = by >= 0 ? t->conf[by] - t->conf[y] : INT64_MAX;
    if (delta_y < delta || (delta_y == delta && by >= 0 && random_next(&t->rng) % 2)) {
        c = cy;
        b = by;
        delta = delta_y;
    }
    t->steps++;
    if (b >= 0 && (delta < 0 || random_next(&t->rng) % NOISE_ONE_IN == 0)) {
        move(t, c, b);
    } else {
        weigh_conflicts(t, a);
        if (t->cross_edges > 0 && t->weight_sum > FORGET_MEAN * t->cross_edges)
            forget_weights(t);
    }
}

/*
 * One step of min-conflicts tabu search: of every member of every clique in
 * conflict, the move that most lowers (or least raises) the conflicts, ties
 * at random; a member left within the tenure only when the move would beat
 * the best transversal so far.
 */
static void tabu_step(struct transversal *t)
{
    int64_t tenure = (int64_t)(TABU_CONFLICTS_SHARE * t->bad_len) +
                     (int64_t)(random_next(&t->rng) % TABU_RANDOM_TENURE);
    int32_t best_c = -1, best_v = -1, ties = 0;
    int64_t best_delta = INT64_MAX;
    for (int32_t k = 0; k < t->bad_len; k++) {
        int32_t c = t->bad[k], a = t->chosen[c];
        for (int32_t i = t->start[c]; i < t->start[c + 1]; i++) {
            int32_t v = t->members[i];
            if (v == a)
                continue;
            int64_t delta = (int64_t)t->count[v] - t->count[a];
            int tabu = t->left_at[v] > 0 && t->steps - t->left_at[v] < tenure;
            if (tabu && t->conflicts + delta >= t->best_conflicts)
                continue;
            if (delta < best_delta) {
                best_delta = delta, best_c = c, best_v = v, ties = 1;
            } else if (delta == best_delta && random_next(&t->rng) % (uint64_t)++ties == 0) {
                best_c = c, best_v = v;
            }
        }
    }
    t->steps++;
    if (best_v >= 0)
        move(t, best_c, best_v);
}

int transversal_search(struct transversal *t, int64_t max_steps, const struct deadline *deadline)
{
    for (int64_t s = 0; t->bad_len > 0; s++) {
        if (max_steps > 0 && s >= max_steps)
            break;
        if (s % CHECK_INTERVAL == CHECK_INTERVAL - 1 && deadline_passed(deadline))
            break;
        if (t->tabu_search)
            tabu_step(t);
        else
            step(t);
        if (t->conflicts < t->best_conflicts)
            save_best(t);
    }
    if (t->conflicts < t->best_conflicts || (t->bad_len == 0 && t->best_conflicts > 0))
        save_best(t);
    return t->bad_len == 0;
}

int64_t transversal_best_conflicts(const struct transversal *t)
{
    return t->best_conflicts;
}

void transversal_best(const struct transversal *t, uint8_t *chosen)
{
    memcpy(chosen, t->best, (size_t)t->g->n);
}

int64_t transversal_steps(const struct transversal *t)
{
    return t->steps;
}

void transversal_cliques(const struct transversal *t, const int32_t **start,
                         const int32_t **members)
{
    *start = t->start;
    *members = t->members;
}

void transversal_choice(const struct transversal *t, int32_t *chosen)
{
    memcpy(chosen, t->chosen, (size_t)t->cliques * sizeof *chosen);
}

int transversal_uses_tabu(const struct transversal *t)
{
    return t->tabu_search;
}
