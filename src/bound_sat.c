/* The clique-cover bound decided by SAT: see bound_sat.h. */
#include "bound_sat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clique_cover.h"
#include "clock.h"
#include "greedy.h"
#include "sat.h"

/*
 * Iterated-greedy rounds for the clique cover: each round costs one pass over
 * the edges and never loses a clique, and on graphs of triangles and edges
 * the first greedy cover splits triangles that the rounds put back together.
 */
#define COVER_ROUNDS 16

/*
 * The SAT instance of a clique cover: x_v (v stays out of the cover) for one
 * vertex at least in each clique, and not both ends of any edge, which also
 * makes it at most one per clique. Phases start from hint, a cover of g:
 * vertices outside it are tried out of the cover first.
 */
static int encode(const struct graph *g, const int32_t *clique_of, int32_t cliques,
                  const struct cover *hint, struct sat **out)
{
    struct sat *s = sat_new(g->n);
    int64_t *start = calloc((size_t)cliques + 2, sizeof *start);
    int32_t *lits = malloc(((size_t)g->n + 1) * sizeof *lits);
    int status = MVC_ENOMEM;
    if (s == NULL || start == NULL || lits == NULL)
        goto out;
    /* the cliques' members, contiguous, by a counting sort */
    for (int32_t v = 0; v < g->n; v++)
        start[clique_of[v] + 1]++;
    for (int32_t c = 0; c < cliques; c++)
        start[c + 1] += start[c];
    for (int32_t v = 0; v < g->n; v++)
        lits[start[clique_of[v]]++] = SAT_LIT(v, 0);
    for (int32_t c = cliques; c > 0; c--)
        start[c] = start[c - 1];
    start[0] = 0;
    for (int32_t c = 0; c < cliques; c++)
        if (sat_add_clause(s, lits + start[c], (int32_t)(start[c + 1] - start[c])) != MVC_OK)
            goto out;
    for (int32_t u = 0; u < g->n; u++) {
        for (int64_t j = g->offsets[u]; j < g->offsets[u + 1]; j++) {
            int32_t w = g->adj[j];
            int32_t pair[2] = {SAT_LIT(u, 1), SAT_LIT(w, 1)};
            if (u < w && sat_add_clause(s, pair, 2) != MVC_OK)
                goto out;
        }
        sat_set_phase(s, u, !hint->in[u]);
    }
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

/* The cover of a model: every vertex the model keeps out of the independent set. */
static int cover_of_model(const struct graph *g, const struct sat *s, struct cover *out)
{
    struct cover c = {0};
    if (cover_init(&c, g->n) != MVC_OK)
        return MVC_ENOMEM;
    for (int32_t v = 0; v < g->n; v++)
        if (!sat_value(s, v))
            cover_add(&c, v);
    cover_free(out);
    *out = c;
    return MVC_OK;
}

int solve_bound_sat(const struct graph *g, const struct solve_opts *opts, struct cover *out,
                    struct solve_stats *stats, struct error *err)
{
    struct solve_opts defaults;
    const struct solve_opts *o = opts;
    if (o == NULL) {
        solve_opts_default(&defaults);
        o = &defaults;
    }
    struct solve_stats local;
    struct solve_stats *st = stats != NULL ? stats : &local;
    memset(st, 0, sizeof *st);
    st->solver = "bound-sat";
    double t_start = clock_seconds();

    int status = greedy_cover(g, out, err);
    if (status != MVC_OK)
        return status;
    st->t_upper = clock_seconds() - t_start;
    st->greedy_size = st->best = out->size;
    int pvc = o->k >= 0;
    if (pvc && out->size <= o->k)
        return SOLVE_FOUND;

    int32_t *clique_of = malloc(((size_t)g->n + 1) * sizeof *clique_of);
    int32_t cliques = 0;
    if (clique_of == NULL || clique_cover_partition(g, COVER_ROUNDS, clique_of, &cliques) != MVC_OK) {
        free(clique_of);
        return error_set(err, MVC_ENOMEM, "out of memory for a clique cover");
    }
    int32_t bound = g->n - cliques;
    st->lower_bound = bound;
    int outcome = SOLVE_STOPPED;
    if (pvc && o->k < bound) {
        outcome = SOLVE_NO_COVER;
    } else if (!pvc && out->size == bound) {
        outcome = SOLVE_OPTIMAL;
    } else {
        struct sat *s = NULL;
        status = encode(g, clique_of, cliques, out, &s);
        struct sat_limits lim = {0, o->time_limit, o->stop};
        int r = status == MVC_OK ? sat_solve(s, &lim) : status;
        struct sat_stats ss = {0};
        if (s != NULL)
            sat_get_stats(s, &ss);
        st->nodes = ss.decisions;
        if (r == SAT_SATISFIABLE && cover_of_model(g, s, out) != MVC_OK)
            r = MVC_ENOMEM;
        if (r == SAT_SATISFIABLE)
            outcome = pvc ? SOLVE_FOUND : SOLVE_OPTIMAL;
        else if (r == SAT_UNSATISFIABLE)
            outcome = pvc && o->k == bound ? SOLVE_NO_COVER : SOLVE_STOPPED;
        if (r == SAT_UNSATISFIABLE)
            st->lower_bound = bound + 1;
        if (o->verbose && !o->quiet)
            fprintf(stderr,
                    "c bound-sat: %ld vertices, %ld cliques, bound %ld: %s after %lld conflicts, "
                    "%lld decisions in %.3f s\n",
                    (long)g->n, (long)cliques, (long)bound,
                    r == SAT_SATISFIABLE     ? "a cover of that size"
                    : r == SAT_UNSATISFIABLE ? "no cover of that size"
                                             : "undecided",
                    (long long)ss.conflicts, (long long)ss.decisions, ss.seconds);
        sat_free(s);
        if (r < 0) {
            free(clique_of);
            return error_set(err, MVC_ENOMEM, "out of memory in the SAT search of the bound");
        }
    }
    free(clique_of);
    st->t_search = clock_seconds() - t_start - st->t_upper;
    st->best = out->size;
    st->proven = outcome != SOLVE_STOPPED;
    if (outcome == SOLVE_OPTIMAL)
        st->lower_bound = out->size;
    else if (outcome == SOLVE_NO_COVER && st->lower_bound <= o->k)
        st->lower_bound = (int32_t)(o->k + 1);
    return outcome;
}
