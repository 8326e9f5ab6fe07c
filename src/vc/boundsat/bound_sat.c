/* The clique-cover bound decided by SAT: see bound_sat.h. */
#include "bound_sat.h"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "clique_cover.h"
#include "clock.h"
#include "greedy.h"
#include "sat.h"
#include "solver_start.h"
#include "transversal.h"
#ifdef HAVE_CUDA
#include "gpu_transversal.h"
#endif

/*
 * Iterated-greedy rounds for the clique cover: each round costs one pass over
 * the edges and never loses a clique, and on graphs of triangles and edges
 * the first greedy cover splits triangles that the rounds put back together.
 */
#define COVER_ROUNDS 16

/*
 * The search begins with a short CDCL probe, which refutes the transversal
 * at once where the bound is far below the optimum (the DIMACS complements:
 * within 1 to 27 conflicts), then alternates local search for it
 * (transversal.h), which finds it on most 3-SAT reductions in 0.02-4 s
 * (vc-exact_169 in 0.04 s, where CDCL alone took more than 60 s) and on
 * vc-exact_111 in 4,000 moves, with CDCL from the phases of the best
 * transversal so far, which finds it on the over-constrained reductions
 * (vc-exact_189 and 193) and refutes it. Budgets double every round, so that
 * each side gets about half of the time.
 */
#define PROBE_CONFLICTS 100
#define FIRST_STEPS 100000
#define FIRST_CONFLICTS 1000
#define TRANSVERSAL_SEED 0x5eed

/*
 * Past the bound itself (slack 0, refuted), MVC asks CDCL alone for a cover of
 * bound + 1, bound + 2, ... vertices, each question complete: vc-exact_153
 * (bound 7 below the optimum) is refuted at slacks 0 to 6 and answered at 7
 * in 4 s in all. The counter takes slack variables per clique; past this
 * many the search ends undecided.
 */
#define MAX_COUNTER_VARS ((int64_t)1 << 22)

/*
 * Once a level is refuted (MVC), a cover by fewer cliques raises the bound
 * by itself: iterated-greedy rounds in random orders of the cliques
 * (clique_cover_shake), up to this many, stopping after this many in a row
 * that save none, and again after the next refuted level while they pay.
 * On forced model RB graphs of 30 cliques of 15 (bench/gen_rb.py 30 15)
 * the size orders settle at 31 or 36 cliques where random ones reach 30;
 * on vc-exact_161 (PACE 2019) they settle 32 cliques above the optimum's
 * bound, and the reshaped cover meets it at once.
 */
#define SHAKE_ROUNDS 256
#define SHAKE_PATIENCE 16
#define SHAKE_SEED 0x5a4bull
/*
 * Where the shake saves no clique, tabu search for one fewer at a time
 * (clique_cover_tabu), once, with this much work in all (20-50 ms on the
 * 2-core machine): the forced model RB graphs frb30-15 whose shaken covers
 * stay at 31 or 32 cliques reach their 30 within 2^16 (under 1 ms), and
 * vc-exact_085's kernel (10,529 vertices) goes from 4,144 to 4,132 cliques
 * within 2^22; the rest goes to the one fewer that is not found.
 */
#define TABU_WORK (1 << 23)

/*
 * Where only the bound itself is asked (bound_sat_opts.no_slack), the tabu
 * search pays only if it lifts the bound to the optimum, and where it did,
 * it did so within a few steps: frb30-15 and frb35-17 reached their 30 and
 * 35 cliques within 2^16 and 2^17. On lattices with missing sites, 8-10
 * cliques short of the optimum's bound, it saved 1-5 and took a core from
 * bnr for 0.15-0.25 s (2-core machine) with TABU_WORK.
 */
#define TABU_WORK_NO_SLACK (1 << 19)

/*
 * At most k of the `count` variables first, first + 1, ... true: Sinz's
 * sequential counter, r(i, j) (variable after + i k + j - 1) meaning that
 * at least j of the first i + 1 are.
 */
static int add_at_most(struct sat *s, int32_t first, int32_t count, int32_t k)
{
    int32_t after = first + count;
#define COUNTER(i, j) (after + (i)*k + (j)-1)
    for (int32_t i = 0; i < count; i++) {
        int32_t x = first + i;
        int32_t starts[2] = {SAT_LIT(x, 1), SAT_LIT(COUNTER(i, 1), 0)};
        if (sat_add_clause(s, starts, 2) != MVC_OK)
            return MVC_ENOMEM;
        for (int32_t j = 1; j <= k; j++) {
            if (i == 0) {
                int32_t none = SAT_LIT(COUNTER(0, j), 1); /* one variable counts to 1 at most */
                if (j > 1 && sat_add_clause(s, &none, 1) != MVC_OK)
                    return MVC_ENOMEM;
                continue;
            }
            int32_t keeps[2] = {SAT_LIT(COUNTER(i - 1, j), 1), SAT_LIT(COUNTER(i, j), 0)};
            int32_t adds[3] = {SAT_LIT(x, 1), SAT_LIT(COUNTER(i - 1, j - 1), 1),
                               SAT_LIT(COUNTER(i, j), 0)};
            if (sat_add_clause(s, keeps, 2) != MVC_OK ||
                (j > 1 && sat_add_clause(s, adds, 3) != MVC_OK))
                return MVC_ENOMEM;
        }
        int32_t full[2] = {SAT_LIT(x, 1), SAT_LIT(COUNTER(i - 1, k), 1)};
        if (i > 0 && sat_add_clause(s, full, 2) != MVC_OK)
            return MVC_ENOMEM;
    }
#undef COUNTER
    return MVC_OK;
}

/*
 * The SAT instance of a clique cover: x_v (v stays out of the cover) for one
 * vertex at least in each clique, and not both ends of any edge, which also
 * makes it at most one per clique. With slack s > 0, a clique may instead be
 * left empty (y_c), at most s of them (Sinz's sequential counter, 2005: s
 * counter variables per clique): satisfiable exactly when some cover has at
 * most n - c + s vertices. Phases start from hint, a cover of g: vertices
 * outside it are tried out of the cover first.
 */
static int encode(const struct graph *g, const int32_t *clique_of, int32_t cliques, int32_t slack,
                  const struct cover *hint, enum sat_engine engine, uint64_t seed, struct sat **out)
{
    int64_t vars = g->n + (slack > 0 ? (int64_t)cliques * (1 + slack) : 0);
    struct sat *s = vars <= INT32_MAX / 2 ? sat_new_with((int32_t)vars, engine) : NULL;
    int64_t *start = calloc((size_t)cliques + 2, sizeof *start);
    int32_t *lits = malloc(((size_t)g->n + (size_t)cliques + 1) * sizeof *lits);
    int status = MVC_ENOMEM;
    if (s == NULL || start == NULL || lits == NULL)
        goto out;
    sat_set_seed(s, seed);
    /*
     * Each clique's clause in a run of words of its own (a counting sort):
     * y_c first, then the members; without slack y_c is left out.
     */
    for (int32_t v = 0; v < g->n; v++)
        start[clique_of[v] + 1]++;
    for (int32_t c = 0; c < cliques; c++)
        start[c + 1] += start[c] + 1;
    for (int32_t c = 0; c < cliques; c++)
        lits[start[c]++] = SAT_LIT(g->n + c, 0);
    for (int32_t v = 0; v < g->n; v++)
        lits[start[clique_of[v]]++] = SAT_LIT(v, 0);
    for (int32_t c = cliques; c > 0; c--)
        start[c] = start[c - 1];
    start[0] = 0;
    for (int32_t c = 0; c < cliques; c++) {
        int64_t from = start[c] + (slack > 0 ? 0 : 1);
        status = sat_add_clause(s, lits + from, (int32_t)(start[c + 1] - from));
        if (status != MVC_OK)
            goto out;
    }
    status = MVC_ENOMEM;
    for (int32_t u = 0; u < g->n; u++) {
        for (int64_t j = g->offsets[u]; j < g->offsets[u + 1]; j++) {
            int32_t w = g->adj[j];
            int32_t pair[2] = {SAT_LIT(u, 1), SAT_LIT(w, 1)};
            if (u < w && sat_add_clause(s, pair, 2) != MVC_OK)
                goto out;
        }
        sat_set_phase(s, u, !hint->in[u]);
    }
    if (slack > 0 && add_at_most(s, g->n, cliques, slack) != MVC_OK)
        goto out;
    status = MVC_OK;
out:
    free(start), free(lits);
    if (status != MVC_OK) {
        sat_free(s);
        s = NULL;
    }
    *out = s;
    return status;
}

/* The independent set of a model (after SAT_SATISFIABLE): the vertices whose variable is true. */
static void set_of_model(const struct sat *s, int32_t n, uint8_t *set)
{
    for (int32_t v = 0; v < n; v++)
        set[v] = (uint8_t)sat_value(s, v);
}

/* The cover of an independent set: every vertex outside it. */
static int cover_of_set(const struct graph *g, const uint8_t *in_set, struct cover *out)
{
    struct cover c = {0};
    if (cover_init(&c, g->n) != MVC_OK)
        return MVC_ENOMEM;
    for (int32_t v = 0; v < g->n; v++)
        if (!in_set[v])
            cover_add(&c, v);
    cover_free(out);
    *out = c;
    return MVC_OK;
}

struct search_totals {
    int64_t steps, conflicts, decisions, rounds;
};

/* Counts a SAT search's conflicts and decisions into tot and frees it (s may be NULL). */
static void retire_sat(struct sat *s, struct search_totals *tot)
{
    if (s == NULL)
        return;
    struct sat_stats ss;
    sat_get_stats(s, &ss);
    tot->conflicts += ss.conflicts;
    tot->decisions += ss.decisions;
    sat_free(s);
}

/*
 * Until the clock reaches `until` (bound_sat_opts), or a stop, looked at
 * every 0.2 ms: a race that ends while bound-sat waits here waits for it to
 * notice (at most 0.3 s of such looks). Meanwhile the run is out of the count
 * of runs computing (running, may be NULL).
 */
static void wait_until(const struct deadline *d, double until, int *running)
{
    if (clock_seconds() >= until || deadline_passed(d))
        return;
    if (running != NULL)
        __atomic_sub_fetch(running, 1, __ATOMIC_RELAXED);
    while (clock_seconds() < until && !deadline_passed(d))
        clock_sleep(0.0002);
    if (running != NULL)
        __atomic_add_fetch(running, 1, __ATOMIC_RELAXED);
}

/*
 * The GPU's walkers (gpu_transversal.h) beside the CPU's search of one
 * level, where the CPU searches by tabu search: they start with the CPU's
 * local search (and claim the device before a GPU solver of the pipeline
 * can), walker 0 from the CPU's start and each other from its own random
 * choice, and the CPU's searches end at their stop flag as well as at o's
 * (a deadline with both flags: the walkers' thread may be inside a CUDA call
 * when o's is raised).
 * Without CUDA there are none.
 */
struct walkers {
#ifdef HAVE_CUDA
    struct gpu_transversal *gpu;
    int32_t *first; /* walker 0's choice: t's when they start, a copy (t's moves on) */
#endif
    struct deadline deadline; /* what the CPU's searches end by */
};

static void walkers_start(struct walkers *w, const struct graph *g, const int32_t *clique_of,
                          int32_t cliques, const struct transversal *t, const struct solve_opts *o)
{
#ifdef HAVE_CUDA
    if (!o->bound_sat.gpu_walkers || !transversal_uses_tabu(t) ||
        (w->first = malloc(((size_t)cliques + 1) * sizeof *w->first)) == NULL)
        return;
    transversal_choice(t, w->first);
    const int32_t *start, *members;
    transversal_cliques(t, &start, &members);
    w->gpu =
        gpu_transversal_start(g, clique_of, cliques, start, members, w->first,
                              TRANSVERSAL_SEED + o->seed * 0x9e3779b97f4a7c15ull + 1, &o->deadline);
    if (w->gpu != NULL)
        w->deadline = deadline_also(w->deadline, gpu_transversal_stop_flag(w->gpu));
#else
    (void)w, (void)g, (void)clique_of, (void)cliques, (void)t, (void)o;
#endif
}

/* Whether a walker found the transversal: then it is in set. */
static int walkers_found(struct walkers *w, uint8_t *set)
{
#ifdef HAVE_CUDA
    return w->gpu != NULL && gpu_transversal_found(w->gpu, set);
#else
    (void)w, (void)set;
    return 0;
#endif
}

static void walkers_finish(struct walkers *w, const struct solve_opts *o, struct search_totals *tot)
{
#ifdef HAVE_CUDA
    if (w->gpu != NULL) {
        struct gpu_transversal_stats ws;
        gpu_transversal_finish(w->gpu, &ws);
        tot->steps += ws.steps;
        if (ws.walkers > 0)
            progress_message(o->report,
                             "bound-sat: %lld GPU walkers, %lld steps in %.3f s, fewest "
                             "conflicts %lld",
                             (long long)ws.walkers, (long long)ws.steps, ws.seconds,
                             (long long)ws.fewest);
        if (ws.message[0] != '\0')
            progress_message(o->report, "bound-sat: GPU walkers: %s", ws.message);
    }
    free(w->first);
#else
    (void)w, (void)o, (void)tot;
#endif
}

/* The CDCL engine of a search: CaDiCaL where asked and built in. */
static enum sat_engine engine_of(const struct solve_opts *o)
{
    return o->bound_sat.cadical == BOUND_SAT_CADICAL && sat_engine_available(SAT_ENGINE_CADICAL)
               ? SAT_ENGINE_CADICAL
               : SAT_ENGINE_OWN;
}

/*
 * Whether CaDiCaL takes the transversal's search over after the first round
 * (t: the local search of that round). Where only one bound-sat run searches
 * (machines of up to 7 CPUs), the own engine's turns against the hand-over
 * on the 2-core machine, whole process: the 3-SAT reductions vc-exact_189
 * 15.6 -> 1.2 s, 157 3.7 -> 0.44 s, 193 3.2 -> 0.41 s, 191 1.1 -> 0.32 s,
 * 185 and 187 0.40 -> 0.20 s (177 0.69 -> 0.87 s, 169 0.34 -> 0.45 s, 131
 * 0.17 -> 0.21 s). The BHOSLIB-like vc-exact_195, found by the tabu search
 * in 13-19 s, was not found by CaDiCaL within 60 s: tabu search keeps its
 * turns.
 */
static int hands_over(const struct solve_opts *o, const struct transversal *t)
{
    if (!sat_engine_available(SAT_ENGINE_CADICAL))
        return 0;
    return o->bound_sat.cadical == BOUND_SAT_CADICAL ||
           (o->bound_sat.cadical == BOUND_SAT_CADICAL_AFTER_BREAKOUT && t != NULL &&
            !transversal_uses_tabu(t));
}

/*
 * Local search and CDCL by turns until one decides (SAT_SATISFIABLE with the
 * transversal in set, or SAT_UNSATISFIABLE), a limit ends it (SAT_UNKNOWN),
 * or memory runs out (MVC_ENOMEM).
 */
static int search_transversal(const struct graph *g, const int32_t *clique_of, int32_t cliques,
                              const struct cover *greedy, const struct solve_opts *o, uint8_t *set,
                              struct search_totals *tot)
{
    struct transversal *t = NULL; /* made after the probe, which on dense graphs ends it all */
    struct sat *s = NULL;
    struct walkers w = {.deadline = o->deadline};
    enum sat_engine engine = SAT_ENGINE_OWN; /* CaDiCaL, where asked, from the hand-over on */
    int r = encode(g, clique_of, cliques, 0, greedy, engine, o->seed, &s);
    int64_t steps = FIRST_STEPS, conflicts = PROBE_CONFLICTS;
    while (r == MVC_OK) {
        if (deadline_passed(&w.deadline))
            break;
        struct sat_limits lim = {conflicts, w.deadline};
        r = sat_solve(s, &lim);
        if (r == SAT_SATISFIABLE)
            set_of_model(s, g->n, set);
        if (r != SAT_UNKNOWN || deadline_passed(&w.deadline))
            break;
        if (tot->rounds > 0)
            wait_until(&w.deadline, o->bound_sat.first_round_until, o->bound_sat.running);
        if (deadline_passed(&w.deadline))
            break;
        /*
         * Where CaDiCaL is asked for, it takes over after the first round
         * (whose local search, and the own CDCL from the phases it leaves,
         * decide vc-exact_169 in 0.03 s for some seeds; CaDiCaL from the
         * start took 0.5 s) and searches to the end, rephasing and walking
         * by itself.
         */
        if (engine == SAT_ENGINE_OWN && tot->rounds > 0 && hands_over(o, t)) {
            retire_sat(s, tot);
            s = NULL;
            engine = SAT_ENGINE_CADICAL;
            r = encode(g, clique_of, cliques, 0, greedy, engine, o->seed, &s);
            conflicts = 0;
            continue;
        }
        if (t == NULL) {
            for (int32_t v = 0; v < g->n; v++)
                set[v] = !greedy->in[v]; /* independent: at most one per clique */
            t = transversal_new(g, clique_of, cliques, set,
                                TRANSVERSAL_SEED + o->seed * 0x9e3779b97f4a7c15ull);
            if (t == NULL) {
                r = MVC_ENOMEM;
                break;
            }
            walkers_start(&w, g, clique_of, cliques, t, o);
        }
        tot->rounds++;
        if (transversal_search(t, steps, &w.deadline)) {
            transversal_best(t, set);
            r = SAT_SATISFIABLE;
            break;
        }
        transversal_best(t, set);
        for (int32_t v = 0; v < g->n; v++)
            sat_set_phase(s, v, set[v]);
        conflicts = tot->rounds == 1 ? FIRST_CONFLICTS : 2 * conflicts;
        steps *= 2;
    }
    /* undecided here (SAT_UNKNOWN, which is MVC_OK): the walkers' transversal, if any */
    if (r == SAT_UNKNOWN && walkers_found(&w, set))
        r = SAT_SATISFIABLE;
    walkers_finish(&w, o, tot);
    tot->steps += t != NULL ? transversal_steps(t) : 0;
    retire_sat(s, tot);
    transversal_free(t);
    return r;
}

/*
 * CDCL alone on the instance with slack (at most bound + slack vertices):
 * SAT_SATISFIABLE with the independent set in set, SAT_UNSATISFIABLE,
 * SAT_UNKNOWN on a limit, or MVC_ENOMEM.
 */
static int search_with_slack(const struct graph *g, const int32_t *clique_of, int32_t cliques,
                             int32_t slack, const struct cover *greedy, const struct solve_opts *o,
                             uint8_t *set, struct search_totals *tot)
{
    /* before the counter is built: that takes long for a large slack and cannot be stopped */
    if (deadline_passed(&o->deadline))
        return SAT_UNKNOWN;
    struct sat *s = NULL;
    int r = encode(g, clique_of, cliques, slack, greedy, engine_of(o), o->seed, &s);
    if (r != MVC_OK)
        return r;
    struct sat_limits lim = {0, o->deadline};
    r = sat_solve(s, &lim);
    if (r == SAT_SATISFIABLE)
        set_of_model(s, g->n, set);
    retire_sat(s, tot);
    return r;
}

int bound_sat_probe(const struct graph *g, const struct cover *hint, int64_t max_conflicts,
                    const struct deadline *d, struct cover *out, int32_t *bound)
{
    int32_t *clique_of = malloc(((size_t)g->n + 1) * sizeof *clique_of);
    uint8_t *set = malloc((size_t)g->n + 1);
    int32_t cliques = 0;
    struct sat *s = NULL;
    int r = MVC_ENOMEM;
    if (clique_of == NULL || set == NULL ||
        clique_cover_partition(g, COVER_ROUNDS, clique_of, &cliques) != MVC_OK)
        goto out;
    *bound = g->n - cliques;
    r = encode(g, clique_of, cliques, 0, hint, SAT_ENGINE_OWN, 0, &s);
    if (r != MVC_OK)
        goto out;
    struct sat_limits lim = {max_conflicts, *d};
    r = sat_solve(s, &lim);
    if (r == SAT_SATISFIABLE) {
        set_of_model(s, g->n, set);
        if (cover_of_set(g, set, out) != MVC_OK)
            r = MVC_ENOMEM;
    }
out:
    sat_free(s);
    free(set);
    free(clique_of);
    return r;
}

int solve_bound_sat(const struct graph *g, const struct solve_opts *opts, struct cover *out,
                    struct solve_stats *stats, struct error *err)
{
    struct solver_start start;
    int status = solver_start(&start, "bound-sat", g, opts, stats, out, err);
    if (status >= 0) {
        start.st->kernel_n = g->n; /* it searches the graph as given */
        start.st->kernel_m = g->m;
    }
    if (status != MVC_OK)
        return status;
    const struct solve_opts *o = start.o;
    struct solve_stats *st = start.st;
    double t_start = start.t_start;
    int pvc = o->k >= 0;
    if (deadline_passed(&o->deadline))
        return SOLVE_STOPPED; /* the clique cover and the encoding cost O(m): neither is begun */

    int32_t *clique_of = malloc(((size_t)g->n + 1) * sizeof *clique_of);
    int32_t cliques = 0;
    if (clique_of == NULL ||
        clique_cover_partition(g, COVER_ROUNDS, clique_of, &cliques) != MVC_OK) {
        free(clique_of);
        return error_set(err, MVC_ENOMEM, "out of memory for a clique cover");
    }
    int32_t bound = g->n - cliques;
    st->lower_bound = bound;
    progress_lower(o->report, bound);
    int outcome = SOLVE_STOPPED;
    if (pvc && o->k < bound) {
        outcome = SOLVE_NO_COVER;
    } else if (pvc && out->size <= o->k) {
        outcome = SOLVE_FOUND; /* the greedy cover fits */
    } else if (!pvc && out->size == bound) {
        outcome = SOLVE_OPTIMAL;
    } else if (deadline_passed(&o->deadline)) {
        outcome = SOLVE_STOPPED; /* with the bound, before the encoding */
    } else {
        uint8_t *set = malloc((size_t)g->n + 1);
        struct search_totals tot = {0};
        /*
         * MVC: slack 0, 1, 2, ... until a cover is found. PVC: the bound
         * itself first, whose search (local search and CDCL by turns) is the
         * one that finds covers, then, once it is refuted, k - bound: asked
         * at once, a slack of one or two held vc-exact_189 (k = opt + 1) for
         * 50 s on 2 cores in the counter's CDCL, where the bound's own search
         * finds a cover in 1 s.
         */
        int32_t slack = 0, pvc_slack = pvc ? (int32_t)(o->k - bound) : 0;
        int r = set != NULL ? SAT_UNKNOWN : MVC_ENOMEM, may_shake = 1, tabu_tried = 0;
        while (set != NULL) {
            double t_level = clock_seconds();
            if (slack == 0)
                r = search_transversal(g, clique_of, cliques, out, o, set, &tot);
            else if ((int64_t)cliques * slack > MAX_COUNTER_VARS)
                r = SAT_UNKNOWN; /* the counter would take too much memory */
            else
                r = search_with_slack(g, clique_of, cliques, slack, out, o, set, &tot);
            progress_message(o->report,
                             "bound-sat: %ld vertices, %ld cliques, bound %ld, slack %ld: %s in "
                             "%.3f s (%lld rounds, %lld local-search steps, %lld conflicts so far)",
                             (long)g->n, (long)cliques, (long)bound, (long)slack,
                             r == SAT_SATISFIABLE     ? "a cover within it"
                             : r == SAT_UNSATISFIABLE ? "no cover within it"
                                                      : "undecided",
                             clock_seconds() - t_level, (long long)tot.rounds, (long long)tot.steps,
                             (long long)tot.conflicts);
            progress_nodes(o->report, tot.decisions + tot.steps - st->nodes);
            st->nodes = tot.decisions + tot.steps;
            if (r != SAT_UNSATISFIABLE || (pvc && slack == pvc_slack))
                break;
            if (pvc) {
                /* the bound refuted: k's question, after the wait of the slack levels */
                st->lower_bound = bound + 1;
                progress_lower(o->report, st->lower_bound);
                slack = pvc_slack;
                wait_until(&o->deadline, o->bound_sat.slack_after, o->bound_sat.running);
                continue;
            }
            st->lower_bound = bound + slack + 1;
            progress_lower(o->report, st->lower_bound);
            if (st->lower_bound >= out->size)
                break; /* the greedy cover meets the bound */
            slack++;
            if (may_shake) {
                /* as the local search's rounds: what ends within the wait keeps both cores */
                wait_until(&o->deadline, o->bound_sat.first_round_until, o->bound_sat.running);
                int32_t before = cliques;
                if (clique_cover_shake(g, SHAKE_ROUNDS, SHAKE_PATIENCE,
                                       SHAKE_SEED + (uint64_t)o->seed, &o->deadline, clique_of,
                                       &cliques) != MVC_OK) {
                    r = MVC_ENOMEM;
                    break;
                }
                if (cliques == before && !tabu_tried) {
                    tabu_tried = 1;
                    int64_t work = o->bound_sat.no_slack ? TABU_WORK_NO_SLACK : TABU_WORK;
                    if (clique_cover_tabu(g, work, SHAKE_SEED + (uint64_t)o->seed, &o->deadline,
                                          clique_of, &cliques) != MVC_OK) {
                        r = MVC_ENOMEM;
                        break;
                    }
                }
                may_shake = cliques < before;
                if (may_shake) {
                    progress_message(o->report, "bound-sat: a cover by %ld cliques, %ld before",
                                     (long)cliques, (long)before);
                    /* both bounds hold: the refuted levels' and the new cover's */
                    bound = g->n - cliques;
                    if (bound > st->lower_bound) {
                        st->lower_bound = bound;
                        progress_lower(o->report, bound);
                    }
                    slack = st->lower_bound - bound;
                    if (st->lower_bound >= out->size)
                        break;
                }
            }
            /* no_slack: only the bound itself, the new cover's included, is asked */
            if (slack > 0 && o->bound_sat.no_slack)
                break;
            if (slack > 0)
                wait_until(&o->deadline, o->bound_sat.slack_after, o->bound_sat.running);
        }
        if (r == SAT_SATISFIABLE && cover_of_set(g, set, out) != MVC_OK)
            r = MVC_ENOMEM;
        free(set);
        st->nodes = tot.decisions + tot.steps;
        if (r < 0) {
            free(clique_of);
            return error_set(err, MVC_ENOMEM, "out of memory in the SAT search of the bound");
        }
        /*
         * A cover found with slack s has at most bound + s vertices, and MVC
         * refuted s - 1 before: anything else is an error of ours, never an
         * answer.
         */
        if (r == SAT_SATISFIABLE &&
            (out->size > bound + slack || out->size < (pvc ? bound : st->lower_bound) ||
             cover_check(g, out, err) != MVC_OK)) {
            free(clique_of);
            return error_set(err, MVC_EUNSUPPORTED,
                             "bound-sat: internal error: a cover of %ld vertices at slack %ld "
                             "of the bound %ld",
                             (long)out->size, (long)slack, (long)bound);
        }
        if (r == SAT_SATISFIABLE)
            outcome = pvc ? SOLVE_FOUND : SOLVE_OPTIMAL;
        else if (r == SAT_UNSATISFIABLE && pvc)
            outcome = SOLVE_NO_COVER;
        else if (r == SAT_UNSATISFIABLE && st->lower_bound >= out->size)
            outcome = SOLVE_OPTIMAL; /* the greedy cover */
    }
    free(clique_of);
    st->t_search = clock_seconds() - t_start - st->t_upper;
    st->best = out->size;
    progress_improve(o->report, out->size);
    st->proven = outcome != SOLVE_STOPPED;
    if (outcome == SOLVE_OPTIMAL)
        st->lower_bound = out->size;
    else if (outcome == SOLVE_NO_COVER && st->lower_bound <= o->k)
        st->lower_bound = (int32_t)(o->k + 1);
    progress_lower(o->report, st->lower_bound);
    return outcome;
}
