/*
 * Maximum clique as a mode of its own: the choice between the dense path (the
 * vertex cover pipeline on the edge complement) and the sparse path
 * (max_clique_sparse.c), the dense path itself, and the final check.
 */
#include "max_clique.h"

#include <stdlib.h>
#include <string.h>

#include "max_clique_sparse.h"

/* The command line's default for --complement-max-bytes. */
#define COMPLEMENT_MAX_BYTES_DEFAULT ((int64_t)8 << 30)

void max_clique_opts_default(struct max_clique_opts *o)
{
    memset(o, 0, sizeof *o);
    o->at_least = -1;
    solve_opts_default(&o->solve);
    o->complement_max_bytes = COMPLEMENT_MAX_BYTES_DEFAULT;
    o->path = MAX_CLIQUE_PATH_AUTO;
}

/* Bytes graph_complement would allocate (its own estimate, kept in step with it). */
static double complement_bytes(const struct graph *g)
{
    double n = g->n;
    return (n * (n - 1) - 2.0 * (double)g->m) * sizeof(int32_t) + (n + 1) * sizeof(int64_t);
}

/*
 * The dense path when the complement fits and the edge density is at least
 * this. Measured on the 2-core CPU machine, whole process, two threads,
 * seconds dense / sparse, on G(n, p):
 *   n = 1000:  p 0.03 0.34 / 0.008,  0.1 0.13 / 0.03,  0.15 0.14 / 0.08,
 *              0.2 0.14 / 0.13,  0.3 0.15 / 0.28
 *   n = 3000:  p 0.03 2.5 / 0.05,  0.1 1.4 / 0.6,  0.15 1.3 / 1.4,
 *              0.2 1.8 / 2.8,  0.3 11.4 / 12.0
 *   n = 6000:  p 0.05 8.1 / 1.0,  0.1 7.3 / 4.1
 * and on DIMACS, where every graph of density 0.24 or more is faster on the
 * dense path: p_hat300-1 (density 0.24) 0.015 / 0.015, p_hat1000-1 (0.24)
 * 0.16 / 0.24, p_hat1500-1 (0.25) 0.82 / 1.13, brock200_2 (0.50) 0.010 /
 * 0.026, keller4 (0.65) 0.012 / 0.021, hamming8-4 (0.64) 0.015 / 0.052,
 * C125.9 (0.90) 0.015 / 0.032, MANN_a27 (0.99) 0.036 / 0.16; only the c-fat
 * graphs, sparser, are faster on the sparse path (c-fat200-1, 0.08: 0.009 /
 * 0.004), both in hundredths of a second. The two meet between densities
 * 0.15 and 0.2; under 0.1 the sparse path wins by far (building the
 * complement alone costs more than its whole search).
 */
#define AUTO_DENSE_MIN_DENSITY 0.15

static int choose_path(const struct graph *g, const struct max_clique_opts *o)
{
    if (o->path != MAX_CLIQUE_PATH_AUTO)
        return o->path;
    if (complement_bytes(g) > (double)o->complement_max_bytes)
        return MAX_CLIQUE_PATH_SPARSE;
    double pairs = (double)g->n * (g->n - 1) / 2;
    return (double)g->m >= AUTO_DENSE_MIN_DENSITY * pairs ? MAX_CLIQUE_PATH_DENSE
                                                          : MAX_CLIQUE_PATH_SPARSE;
}

static int stop_requested(const struct solve_opts *o)
{
    return deadline_passed(&o->deadline);
}

/* Stopped before any search: a single vertex is the clique found. */
static int stopped_early(int32_t n, struct clique *out, struct max_clique_stats *st,
                         struct error *err)
{
    out->vertices = malloc(sizeof *out->vertices);
    if (out->vertices == NULL)
        return error_set(err, MVC_ENOMEM, "out of memory for a clique");
    out->vertices[0] = 0;
    out->size = 1;
    st->upper_bound = n;
    return SOLVE_STOPPED;
}

/*
 * A clique of g is an independent set of its complement, so the vertices a
 * minimum cover of the complement leaves out. A clique of at least a vertices
 * is a cover of at most n - a; no clique holds more than n vertices.
 */
static int solve_dense(const struct graph *g, const struct max_clique_opts *o, struct clique *out,
                       struct max_clique_stats *st, struct error *err)
{
    int32_t n = g->n;
    int64_t at_least = o->at_least;
    int beyond_n = at_least > n;
    if (stop_requested(&o->solve))
        return stopped_early(n, out, st, err);
    struct graph *complement = NULL;
    int status = graph_complement(g, o->complement_max_bytes, &complement, err);
    if (status != MVC_OK)
        return status;
    if (stop_requested(&o->solve)) {
        graph_free(complement);
        return stopped_early(n, out, st, err);
    }
    struct solve_opts so = o->solve;
    so.k = at_least < 0 || beyond_n ? -1 : n - at_least;
    struct cover cover = {0};
    int outcome = solve_cover(complement, &so, &cover, &st->cover, err);
    graph_free(complement);
    if (outcome < 0) {
        cover_free(&cover);
        return outcome;
    }
    out->vertices = malloc(((size_t)(n - cover.size) + 1) * sizeof *out->vertices);
    if (out->vertices == NULL) {
        cover_free(&cover);
        return error_set(err, MVC_ENOMEM, "out of memory for a clique of %ld vertices",
                         (long)(n - cover.size));
    }
    for (int32_t v = 0; v < n; v++)
        if (!cover.in[v])
            out->vertices[out->size++] = v;
    cover_free(&cover);
    if (beyond_n && outcome == SOLVE_OPTIMAL)
        outcome = SOLVE_NO_COVER;
    st->nodes = st->cover.nodes;
    st->t_search = st->cover.t_search;
    if (outcome == SOLVE_OPTIMAL)
        st->upper_bound = out->size;
    else if (outcome == SOLVE_NO_COVER)
        st->upper_bound = beyond_n ? out->size : (int32_t)(at_least - 1);
    else
        st->upper_bound = n - st->cover.lower_bound;
    return outcome;
}

/* n = 0: the empty clique answers every question but "at least one". */
static int solve_empty(const struct max_clique_opts *o, struct max_clique_stats *st)
{
    st->path = "sparse";
    if (o->at_least < 0)
        return SOLVE_OPTIMAL;
    return o->at_least == 0 ? SOLVE_FOUND : SOLVE_NO_COVER;
}

int max_clique_solve(const struct graph *g, const struct max_clique_opts *o, struct clique *out,
                     struct max_clique_stats *st, struct error *err)
{
    memset(st, 0, sizeof *st);
    memset(out, 0, sizeof *out);
    out->n = g->n;
    if (g->n == 0)
        return solve_empty(o, st);
    int path = choose_path(g, o);
    int outcome;
    if (path == MAX_CLIQUE_PATH_DENSE) {
        st->path = "dense";
        outcome = solve_dense(g, o, out, st, err);
    } else {
        st->path = "sparse";
        outcome = max_clique_sparse(g, o, out, st, err);
    }
    if (outcome < 0) {
        clique_free(out);
        return outcome;
    }
    struct error check = {0};
    if (clique_check(g, out, &check) != MVC_OK) {
        clique_free(out);
        return error_set(err, MVC_EINTERNAL,
                         "internal error: the %s clique search returned an invalid clique: %s",
                         st->path, check.message);
    }
    return outcome;
}
