/* libmvcgpu: the public API of mvcgpu.h, and the command line's door of mvcgpu_internal.h. */
#include "mvcgpu_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "clock.h"
#include "error.h"
#include "gpu.h"
#include "read.h"

/* The public codes and statuses are the internal ones, passed on unchanged. */
#define SAME(a, b) ((int)(a) == (int)(b))
_Static_assert(SAME(MVCGPU_OK, MVC_OK) && SAME(MVCGPU_EINPUT, MVC_EINPUT) &&
                   SAME(MVCGPU_ENOMEM, MVC_ENOMEM) && SAME(MVCGPU_EIO, MVC_EIO) &&
                   SAME(MVCGPU_EDEVICE, MVC_EDEVICE) &&
                   SAME(MVCGPU_EUNSUPPORTED, MVC_EUNSUPPORTED) &&
                   SAME(MVCGPU_EINTERNAL, MVC_EINTERNAL),
               "mvcgpu_code follows enum mvc_status");
_Static_assert(SAME(MVCGPU_OPTIMAL, SOLVE_OPTIMAL) && SAME(MVCGPU_FOUND, SOLVE_FOUND) &&
                   SAME(MVCGPU_NONE, SOLVE_NO_COVER) && SAME(MVCGPU_STOPPED, SOLVE_STOPPED),
               "mvcgpu_status follows enum solve_outcome");

struct mvcgpu_graph {
    const struct graph *g; /* what the solvers read */
    struct graph *owned;   /* g when this object frees it; NULL for a view */
    int ids_from_zero;     /* built from arrays: input ids are the vertices themselves */
};

struct mvcgpu_result {
    enum mvcgpu_problem problem;
    enum mvcgpu_status status;
    int32_t size;
    int32_t *vertices; /* size ids, increasing */
    mvcgpu_stats stats;
    struct cover cover;                   /* vertex cover problems */
    struct clique clique;                 /* clique problems */
    struct solve_stats solve_stats;       /* the pipeline's */
    struct max_clique_stats clique_stats; /* clique problems */
};

/* ---- Errors -------------------------------------------------------------------------------- */

const char *mvcgpu_strerror(int code)
{
    switch (code) {
    case MVCGPU_OK: return "no error";
    case MVCGPU_EINPUT: return "malformed input";
    case MVCGPU_ENOMEM: return "out of memory";
    case MVCGPU_EIO: return "input/output error";
    case MVCGPU_EDEVICE: return "CUDA device error";
    case MVCGPU_EUNSUPPORTED: return "not supported";
    case MVCGPU_EINVAL: return "invalid argument";
    case MVCGPU_EINTERNAL: return "internal error";
    }
    return "unknown error code";
}

const char *mvcgpu_version(void)
{
    return PACKAGE_VERSION;
}

static void clear_error(mvcgpu_error *err)
{
    if (err != NULL) {
        err->code = MVCGPU_OK;
        err->message[0] = '\0';
    }
}

static int fail(mvcgpu_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(mvcgpu_error *err, int code, const char *fmt, ...)
{
    if (err != NULL) {
        err->code = code;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* An internal failure, passed on with its message. */
static int fail_with(mvcgpu_error *err, int code, const struct error *e)
{
    return fail(err, code, "%s", e->set ? e->message : mvcgpu_strerror(code));
}

/* ---- Graphs -------------------------------------------------------------------------------- */

static int new_handle(const struct graph *g, struct graph *owned, int ids_from_zero,
                      mvcgpu_graph **out, mvcgpu_error *err)
{
    mvcgpu_graph *h = calloc(1, sizeof *h);
    if (h == NULL) {
        graph_free(owned);
        return fail(err, MVCGPU_ENOMEM, "out of memory for a graph handle");
    }
    h->g = g;
    h->owned = owned;
    h->ids_from_zero = ids_from_zero;
    *out = h;
    return MVCGPU_OK;
}

/* Edge i of either form: two arrays, or one array of pairs. */
static void edge_at(const int32_t *from, const int32_t *to, const int32_t (*pairs)[2], int64_t i,
                    int32_t *u, int32_t *v)
{
    *u = pairs ? pairs[i][0] : from[i];
    *v = pairs ? pairs[i][1] : to[i];
}

static int graph_from_edges_checked(int32_t n, int64_t m, const int32_t *from, const int32_t *to,
                                    const int32_t (*pairs)[2], mvcgpu_graph **out,
                                    mvcgpu_error *err)
{
    clear_error(err);
    if (out == NULL)
        return fail(err, MVCGPU_EINVAL, "no place for the graph (out is NULL)");
    *out = NULL;
    if (n < 0 || n > GRAPH_MAX_VERTICES)
        return fail(err, MVCGPU_EINVAL, "vertex count %ld is not in 0..%lld", (long)n,
                    (long long)GRAPH_MAX_VERTICES);
    if (m < 0)
        return fail(err, MVCGPU_EINVAL, "edge count %lld is negative", (long long)m);
    if (m > 0 && pairs == NULL && (from == NULL || to == NULL))
        return fail(err, MVCGPU_EINVAL, "%lld edges but no edge array", (long long)m);
    if ((uint64_t)m > SIZE_MAX / sizeof(int32_t) / 2)
        return fail(err, MVCGPU_ENOMEM, "%lld edges are more than memory can hold", (long long)m);

    struct edge_list el;
    edge_list_init(&el, 0);
    size_t room = (size_t)(m > 0 ? m : 1);
    el.u = malloc(room * sizeof *el.u);
    el.v = malloc(room * sizeof *el.v);
    el.cap = (int64_t)room;
    if (el.u == NULL || el.v == NULL) {
        edge_list_free(&el);
        return fail(err, MVCGPU_ENOMEM, "out of memory for %lld edges", (long long)m);
    }
    for (int64_t i = 0; i < m; i++) {
        int32_t u, v;
        edge_at(from, to, pairs, i, &u, &v);
        if (u < 0 || u >= n || v < 0 || v >= n) {
            edge_list_free(&el);
            return fail(err, MVCGPU_EINPUT, "edge %lld {%ld, %ld}: vertex id %ld is not in 0..%ld",
                        (long long)i, (long)u, (long)v, (long)(u < 0 || u >= n ? u : v),
                        (long)n - 1);
        }
        edge_list_push(&el, u, v, 0); /* within the capacity allocated above */
    }
    struct error e = {0};
    struct graph *g = NULL;
    int status = graph_build(n, &el, NULL, 0, &g, &e); /* frees el */
    if (status != MVC_OK)
        return fail_with(err, status, &e);
    return new_handle(g, g, 1, out, err);
}

int mvcgpu_graph_from_arrays(int32_t n, int64_t m, const int32_t *from, const int32_t *to,
                             mvcgpu_graph **out, mvcgpu_error *err)
{
    return graph_from_edges_checked(n, m, from, to, NULL, out, err);
}

int mvcgpu_graph_from_pairs(int32_t n, int64_t m, const int32_t (*pairs)[2], mvcgpu_graph **out,
                            mvcgpu_error *err)
{
    if (m > 0 && pairs == NULL) {
        clear_error(err);
        if (out != NULL)
            *out = NULL;
        return fail(err, MVCGPU_EINVAL, "%lld edges but no pair array", (long long)m);
    }
    return graph_from_edges_checked(n, m, NULL, NULL, pairs, out, err);
}

int mvcgpu_graph_read(const char *path, const char *format, mvcgpu_graph **out, mvcgpu_error *err)
{
    clear_error(err);
    if (out == NULL)
        return fail(err, MVCGPU_EINVAL, "no place for the graph (out is NULL)");
    *out = NULL;
    if (path == NULL)
        return fail(err, MVCGPU_EINVAL, "no file name (path is NULL)");
    struct read_opts ro;
    memset(&ro, 0, sizeof ro); /* no warnings printed, memory bound: physical memory */
    if (format != NULL && graph_format_parse(format, &ro.format) != MVC_OK)
        return fail(err, MVCGPU_EUNSUPPORTED,
                    "unknown format '%s' (auto, pace, dimacs, stp, edges, mtx)", format);
    struct error e = {0};
    struct graph *g = NULL;
    int status = graph_read(path, &ro, &g, &e);
    if (status != MVC_OK) {
        graph_free(g);
        return fail_with(err, status, &e);
    }
    return new_handle(g, g, 0, out, err);
}

int mvcgpu_graph_wrap(const struct graph *g, mvcgpu_graph **out, mvcgpu_error *err)
{
    clear_error(err);
    if (out == NULL)
        return fail(err, MVCGPU_EINVAL, "no place for the graph (out is NULL)");
    *out = NULL;
    if (g == NULL)
        return fail(err, MVCGPU_EINVAL, "no graph to wrap");
    return new_handle(g, NULL, 0, out, err);
}

void mvcgpu_graph_free(mvcgpu_graph *g)
{
    if (g == NULL)
        return;
    graph_free(g->owned);
    free(g);
}

const struct graph *mvcgpu_graph_internal(const mvcgpu_graph *g)
{
    return g->g;
}

int32_t mvcgpu_graph_vertices(const mvcgpu_graph *g)
{
    return g->g->n;
}

int64_t mvcgpu_graph_edges(const mvcgpu_graph *g)
{
    return g->g->m;
}

int64_t mvcgpu_graph_input_id(const mvcgpu_graph *g, int32_t v)
{
    if (v < 0 || v >= g->g->n)
        return -1;
    if (g->g->labels != NULL)
        return g->g->labels[v];
    return g->ids_from_zero ? v : (int64_t)v + 1;
}

/* ---- Options ------------------------------------------------------------------------------- */

/* The first version's struct: every caller's is at least this large. */
#define OPTIONS_FIRST_SIZE (offsetof(mvcgpu_options, stop) + sizeof(volatile sig_atomic_t *))

void mvcgpu_options_defaults(mvcgpu_options *o, size_t size)
{
    if (o == NULL || size < sizeof o->size)
        return;
    mvcgpu_options d;
    memset(&d, 0, sizeof d);
    d.problem = MVCGPU_MVC;
    d.k = -1;
    d.time_limit = 0;
    d.threads = 0;
    d.solver = NULL;
    d.device = MVCGPU_DEVICE_AUTO;
    d.kernelize = 1;
    d.stop = NULL;
    d.gpus = 0;
    memcpy(o, &d, size < sizeof d ? size : sizeof d);
    o->size = size;
}

static int settings_from_options(const mvcgpu_options *given, struct mvcgpu_settings *s,
                                 mvcgpu_error *err)
{
    mvcgpu_options o;
    mvcgpu_options_init(&o);
    if (given != NULL) {
        if (given->size < OPTIONS_FIRST_SIZE)
            return fail(err, MVCGPU_EINVAL,
                        "options of %zu bytes: set them up with mvcgpu_options_init", given->size);
        /* fields a newer caller has and this library does not know are left out */
        memcpy(&o, given, given->size < sizeof o ? given->size : sizeof o);
    }
    mvcgpu_settings_default(s);
    switch (o.problem) {
    case MVCGPU_MVC:
    case MVCGPU_MAX_CLIQUE: break;
    case MVCGPU_PVC:
    case MVCGPU_CLIQUE_AT_LEAST:
        if (o.k < 0)
            return fail(err, MVCGPU_EINVAL, "k is %lld: %s needs k >= 0", (long long)o.k,
                        o.problem == MVCGPU_PVC ? "MVCGPU_PVC" : "MVCGPU_CLIQUE_AT_LEAST");
        break;
    default: return fail(err, MVCGPU_EINVAL, "unknown problem %d", (int)o.problem);
    }
    if (!(o.time_limit >= 0))
        return fail(err, MVCGPU_EINVAL, "time limit %g: seconds >= 0 (0 for none)", o.time_limit);
    if (o.threads < 0)
        return fail(err, MVCGPU_EINVAL, "%d threads: 0 (one per CPU) or more", o.threads);
    if (o.device != MVCGPU_DEVICE_AUTO && o.device != MVCGPU_DEVICE_NONE)
        return fail(err, MVCGPU_EINVAL, "unknown device use %d", (int)o.device);
    if (o.kernelize != 0 && o.kernelize != 1)
        return fail(err, MVCGPU_EINVAL, "kernelize is %d: 1 (the reduction rules) or 0",
                    o.kernelize);
    if (o.gpus < 0 || o.gpus > SOLVE_MAX_GPUS)
        return fail(err, MVCGPU_EINVAL, "%d GPUs: 0 (every device) or 1 .. %d", o.gpus,
                    SOLVE_MAX_GPUS);
    enum solver_kind kind;
    if (solver_parse(o.solver != NULL ? o.solver : "auto", &kind) != 0)
        return fail(err, MVCGPU_EUNSUPPORTED,
                    "unknown solver '%s' (auto, seq, bnr, clique, hybrid, stackonly, clique-gpu)",
                    o.solver);
    if (o.device == MVCGPU_DEVICE_NONE && solver_needs_gpu(kind))
        return fail(err, MVCGPU_EUNSUPPORTED,
                    "solver '%s' needs the GPU, and device use is MVCGPU_DEVICE_NONE", o.solver);
    s->problem = o.problem;
    s->k = o.k;
    s->solve.solver = kind;
    s->solve.threads = o.threads;
    s->solve.reduce = o.kernelize != 0;
    s->solve.gpu.devices = o.gpus;
    s->solve.pipeline.cpu_only = o.device == MVCGPU_DEVICE_NONE;
    s->solve.deadline = deadline_after(o.time_limit, o.stop);
    return MVCGPU_OK;
}

void mvcgpu_settings_default(struct mvcgpu_settings *s)
{
    memset(s, 0, sizeof *s);
    s->problem = MVCGPU_MVC;
    s->k = -1;
    solve_opts_default(&s->solve);
    max_clique_opts_default(&s->clique);
}

/* ---- Solving ------------------------------------------------------------------------------- */

static int is_clique_problem(enum mvcgpu_problem p)
{
    return p == MVCGPU_MAX_CLIQUE || p == MVCGPU_CLIQUE_AT_LEAST;
}

static int internal_error(struct error *e, const char *what, const char *solver,
                          const struct error *check)
{
    return error_set(e, MVC_EINTERNAL, "internal error: solver %s returned %s%s%s",
                     solver ? solver : "?", what, check ? ": " : "", check ? check->message : "");
}

static int solve_cover_problem(const struct graph *g, const struct mvcgpu_settings *s,
                               mvcgpu_result *r, struct error *e)
{
    struct solve_opts so = s->solve;
    so.k = s->problem == MVCGPU_PVC ? s->k : -1;
    struct solve_stats *st = &r->solve_stats;
    int outcome = solve_cover(g, &so, &r->cover, st, e);
    if (outcome < 0)
        return outcome;
    struct error check = {0};
    if (r->cover.in == NULL || cover_check(g, &r->cover, &check) != MVC_OK)
        return internal_error(e, "an invalid cover", st->solver, &check);
    if (outcome == SOLVE_FOUND && r->cover.size > so.k)
        return internal_error(e, "a cover larger than k", st->solver, NULL);

    r->size = r->cover.size;
    r->vertices = malloc(((size_t)r->size + 1) * sizeof *r->vertices);
    if (r->vertices == NULL)
        return error_set(e, MVC_ENOMEM, "out of memory for the answer");
    int32_t used = 0;
    for (int32_t v = 0; v < g->n; v++)
        if (r->cover.in[v])
            r->vertices[used++] = v;

    mvcgpu_stats *pub = &r->stats;
    pub->solver = st->solver;
    pub->nodes = st->nodes;
    pub->reduce_seconds = st->t_reduce;
    pub->search_seconds = st->t_search;
    pub->upper_bound = r->size;
    pub->lower_bound = outcome == SOLVE_OPTIMAL ? r->size : st->lower_bound;
    pub->kernel_vertices = st->kernel_n;
    pub->kernel_edges = st->kernel_m;
    return outcome;
}

static int by_id(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static int solve_clique_problem(const struct graph *g, const struct mvcgpu_settings *s,
                                mvcgpu_result *r, struct error *e)
{
    struct max_clique_opts mo = s->clique;
    mo.solve = s->solve;
    mo.solve.k = -1;
    mo.at_least = s->problem == MVCGPU_CLIQUE_AT_LEAST ? s->k : -1;
    struct max_clique_stats *st = &r->clique_stats;
    int outcome = max_clique_solve(g, &mo, &r->clique, st, e);
    if (outcome < 0)
        return outcome;
    r->solve_stats = st->cover;
    const char *solver = st->cover.solver ? st->cover.solver : "clique";
    if (r->clique.size < 0 || r->clique.size > g->n ||
        (r->clique.size > 0 && r->clique.vertices == NULL))
        return internal_error(e, "a clique without its vertices", solver, NULL);

    r->size = r->clique.size;
    r->vertices = malloc(((size_t)r->size + 1) * sizeof *r->vertices);
    if (r->vertices == NULL)
        return error_set(e, MVC_ENOMEM, "out of memory for the answer");
    if (r->size > 0)
        memcpy(r->vertices, r->clique.vertices, (size_t)r->size * sizeof *r->vertices);
    qsort(r->vertices, (size_t)r->size, sizeof *r->vertices, by_id);
    /* what is checked is what the caller gets */
    struct clique answer = {g->n, r->size, r->vertices};
    struct error check = {0};
    if (clique_check(g, &answer, &check) != MVC_OK)
        return internal_error(e, "an invalid clique", solver, &check);
    if (outcome == SOLVE_FOUND && r->size < mo.at_least)
        return internal_error(e, "a clique smaller than k", solver, NULL);

    mvcgpu_stats *pub = &r->stats;
    pub->solver = solver;
    pub->clique_path = st->path;
    pub->nodes = st->nodes;
    pub->reduce_seconds = st->cover.t_reduce;
    pub->search_seconds = st->t_search;
    pub->lower_bound = r->size;
    /* the clique number is at most n, and at most what the search proved */
    int64_t upper = st->upper_bound >= r->size && st->upper_bound <= g->n ? st->upper_bound : g->n;
    if (outcome == SOLVE_OPTIMAL)
        upper = r->size;
    else if (outcome == SOLVE_NO_COVER && upper > mo.at_least - 1)
        upper = mo.at_least - 1;
    pub->upper_bound = upper;
    pub->kernel_vertices = st->cover.kernel_n;
    pub->kernel_edges = st->cover.kernel_m;
    return outcome;
}

int mvcgpu_solve_settings(const mvcgpu_graph *g, const struct mvcgpu_settings *s,
                          mvcgpu_result **out, mvcgpu_error *err)
{
    clear_error(err);
    if (out == NULL)
        return fail(err, MVCGPU_EINVAL, "no place for the result (out is NULL)");
    *out = NULL;
    if (g == NULL || s == NULL)
        return fail(err, MVCGPU_EINVAL, "no graph or no settings to solve with");
    double start = clock_seconds();
    mvcgpu_result *r = calloc(1, sizeof *r);
    if (r == NULL)
        return fail(err, MVCGPU_ENOMEM, "out of memory for a result");
    r->problem = s->problem;
    struct error e = {0};
    int outcome = is_clique_problem(s->problem) ? solve_clique_problem(g->g, s, r, &e)
                                                : solve_cover_problem(g->g, s, r, &e);
    if (outcome < 0) {
        mvcgpu_result_free(r);
        return fail_with(err, outcome, &e);
    }
    r->status = (enum mvcgpu_status)outcome;
    r->stats.seconds = clock_seconds() - start;
    *out = r;
    return MVCGPU_OK;
}

/*
 * Under MVCGPU_DEVICE_AUTO a solve may have started the CUDA runtime on a
 * background thread (once per process, gpu.h) and answered on the CPU before
 * it was up. It is let finish before the call returns, so that the caller
 * may exit at once: the runtime's exit handlers must not run while it starts.
 * (The command line ends with _exit instead, and does not wait.)
 */
static void let_gpu_start_up_finish(void)
{
#ifdef HAVE_CUDA
    while (gpu_warm_up_running()) {
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
    }
#endif
}

int mvcgpu_solve(const mvcgpu_graph *g, const mvcgpu_options *o, mvcgpu_result **out,
                 mvcgpu_error *err)
{
    clear_error(err);
    if (out == NULL)
        return fail(err, MVCGPU_EINVAL, "no place for the result (out is NULL)");
    *out = NULL;
    if (g == NULL)
        return fail(err, MVCGPU_EINVAL, "no graph to solve (g is NULL)");
    struct mvcgpu_settings s;
    int status = settings_from_options(o, &s, err);
    if (status != MVCGPU_OK)
        return status;
    status = mvcgpu_solve_settings(g, &s, out, err);
    let_gpu_start_up_finish();
    return status;
}

/* ---- Results ------------------------------------------------------------------------------- */

void mvcgpu_result_free(mvcgpu_result *r)
{
    if (r == NULL)
        return;
    free(r->vertices);
    cover_free(&r->cover);
    if (is_clique_problem(r->problem))
        clique_free(&r->clique);
    free(r);
}

enum mvcgpu_status mvcgpu_result_status(const mvcgpu_result *r)
{
    return r->status;
}

int32_t mvcgpu_result_size(const mvcgpu_result *r)
{
    return r->size;
}

const int32_t *mvcgpu_result_vertices(const mvcgpu_result *r)
{
    return r->vertices;
}

int mvcgpu_result_proven(const mvcgpu_result *r)
{
    return r->status != MVCGPU_STOPPED;
}

const mvcgpu_stats *mvcgpu_result_stats(const mvcgpu_result *r)
{
    return &r->stats;
}

const struct cover *mvcgpu_result_cover(const mvcgpu_result *r)
{
    return is_clique_problem(r->problem) ? NULL : &r->cover;
}

const struct clique *mvcgpu_result_clique(const mvcgpu_result *r)
{
    return is_clique_problem(r->problem) ? &r->clique : NULL;
}

const struct solve_stats *mvcgpu_result_solve_stats(const mvcgpu_result *r)
{
    return &r->solve_stats;
}

const struct max_clique_stats *mvcgpu_result_max_clique_stats(const mvcgpu_result *r)
{
    return is_clique_problem(r->problem) ? &r->clique_stats : NULL;
}

/* ---- Checking answers ---------------------------------------------------------------------- */

/* Ids in range and each listed once; seen (n flags, zeroed) marks them. */
static int check_vertex_list(const struct graph *g, const int32_t *vertices, int32_t count,
                             uint8_t *seen, mvcgpu_error *err)
{
    for (int32_t i = 0; i < count; i++) {
        int32_t v = vertices[i];
        if (v < 0 || v >= g->n)
            return fail(err, MVCGPU_EINPUT, "vertex %ld is not in 0..%ld", (long)v, (long)g->n - 1);
        if (seen[v])
            return fail(err, MVCGPU_EINPUT, "vertex %ld is listed twice", (long)v);
        seen[v] = 1;
    }
    return MVCGPU_OK;
}

static int check_arguments(const mvcgpu_graph *g, const int32_t *vertices, int32_t count,
                           mvcgpu_error *err)
{
    clear_error(err);
    if (g == NULL)
        return fail(err, MVCGPU_EINVAL, "no graph to check against (g is NULL)");
    if (count < 0)
        return fail(err, MVCGPU_EINVAL, "vertex count %ld is negative", (long)count);
    if (count > 0 && vertices == NULL)
        return fail(err, MVCGPU_EINVAL, "%ld vertices but no array", (long)count);
    return MVCGPU_OK;
}

/* The first edge of g with neither end in the cover; 0 when there is none. */
static int first_uncovered(const struct graph *g, const uint8_t *in, int32_t *u, int32_t *v)
{
    for (int32_t a = 0; a < g->n; a++) {
        if (in[a])
            continue;
        for (int64_t i = g->offsets[a]; i < g->offsets[a + 1]; i++)
            if (!in[g->adj[i]]) {
                *u = a;
                *v = g->adj[i];
                return 1;
            }
    }
    return 0;
}

/* The first two listed vertices that are not adjacent; 0 when there are none. */
static int first_non_adjacent(const struct graph *g, const int32_t *vertices, int32_t count,
                              int32_t *u, int32_t *v)
{
    for (int32_t i = 0; i < count; i++)
        for (int32_t j = i + 1; j < count; j++)
            if (!graph_has_edge(g, vertices[i], vertices[j])) {
                *u = vertices[i];
                *v = vertices[j];
                return 1;
            }
    return 0;
}

int mvcgpu_check_cover(const mvcgpu_graph *h, const int32_t *vertices, int32_t count,
                       mvcgpu_error *err)
{
    int status = check_arguments(h, vertices, count, err);
    if (status != MVCGPU_OK)
        return status;
    const struct graph *g = h->g;
    struct cover c = {0};
    if (cover_init(&c, g->n) != MVC_OK)
        return fail(err, MVCGPU_ENOMEM, "out of memory checking a cover");
    status = check_vertex_list(g, vertices, count, c.in, err);
    c.size = count;
    struct error e = {0};
    if (status == MVCGPU_OK && cover_check(g, &c, &e) != MVC_OK) {
        /* the verdict is cover_check's; the message names the edge in 0-based ids */
        int32_t u, v;
        if (first_uncovered(g, c.in, &u, &v))
            status = fail(err, MVCGPU_EINPUT, "edge {%ld, %ld} is not covered", (long)u, (long)v);
        else
            status = fail_with(err, MVCGPU_EINPUT, &e);
    }
    cover_free(&c);
    return status;
}

int mvcgpu_check_clique(const mvcgpu_graph *h, const int32_t *vertices, int32_t count,
                        mvcgpu_error *err)
{
    int status = check_arguments(h, vertices, count, err);
    if (status != MVCGPU_OK)
        return status;
    const struct graph *g = h->g;
    uint8_t *seen = calloc((size_t)g->n + 1, 1);
    int32_t *copy = malloc(((size_t)count + 1) * sizeof *copy);
    if (seen == NULL || copy == NULL) {
        free(seen), free(copy);
        return fail(err, MVCGPU_ENOMEM, "out of memory checking a clique");
    }
    status = check_vertex_list(g, vertices, count, seen, err);
    if (count > 0)
        memcpy(copy, vertices, (size_t)count * sizeof *copy);
    struct clique c = {g->n, count, copy};
    struct error e = {0};
    if (status == MVCGPU_OK && clique_check(g, &c, &e) != MVC_OK) {
        /* the verdict is clique_check's; the message names the pair in 0-based ids */
        int32_t u, v;
        if (first_non_adjacent(g, vertices, count, &u, &v))
            status =
                fail(err, MVCGPU_EINPUT, "vertices %ld and %ld are not adjacent", (long)u, (long)v);
        else
            status = fail_with(err, MVCGPU_EINPUT, &e);
    }
    free(seen), free(copy);
    return status;
}
