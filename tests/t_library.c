/*
 * libmvcgpu through its public header alone, linked as an embedding program
 * links it: known optima, brute force on random graphs, PVC and clique
 * decisions at the optimum and next to it, bad arguments, the stop flag and
 * the time limit, and several threads solving at once.
 */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mvcgpu.h>

#include "tap.h"

/* ---- Graphs as edge arrays, and their optima by brute force ---------------------------- */

#define SMALL_MAX_N 14
#define SMALL_MAX_EDGES 128

struct edges {
    int32_t n;
    int64_t m;
    int32_t (*e)[2];
};

static uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static double rng_unit(uint64_t *state)
{
    return (double)(rng_next(state) >> 11) * 0x1.0p-53;
}

static void edges_alloc(struct edges *g, int32_t n, int64_t cap)
{
    g->n = n;
    g->m = 0;
    g->e = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *g->e);
    if (g->e == NULL)
        bail("out of memory");
}

static void edges_add(struct edges *g, int32_t u, int32_t v)
{
    g->e[g->m][0] = u;
    g->e[g->m][1] = v;
    g->m++;
}

/* G(n, p), with now and then a self-loop and a repeated edge, which the library drops and merges.
 */
static void random_graph(struct edges *g, uint64_t *rng, int32_t n, double p, int64_t cap)
{
    edges_alloc(g, n, cap);
    for (int32_t u = 0; u < n; u++)
        for (int32_t v = u + 1; v < n; v++)
            if (rng_unit(rng) < p && g->m < cap - 2)
                edges_add(g, u, v);
    if (n > 0 && rng_unit(rng) < 0.3) {
        int32_t v = (int32_t)(rng_next(rng) % (uint64_t)n);
        edges_add(g, v, v);
    }
    if (g->m > 0 && rng_unit(rng) < 0.3)
        edges_add(g, g->e[0][1], g->e[0][0]);
}

static int popcount(uint32_t x)
{
    return __builtin_popcount(x);
}

static int brute_cover(const struct edges *g)
{
    int best = g->n;
    for (uint32_t mask = 0; mask < (1u << g->n); mask++) {
        if (popcount(mask) >= best)
            continue;
        int covers = 1;
        for (int64_t i = 0; i < g->m && covers; i++)
            covers = g->e[i][0] == g->e[i][1] || ((mask >> g->e[i][0]) & 1) ||
                     ((mask >> g->e[i][1]) & 1);
        if (covers)
            best = popcount(mask);
    }
    return best;
}

static int brute_clique(const struct edges *g)
{
    uint32_t adj[SMALL_MAX_N] = {0};
    for (int64_t i = 0; i < g->m; i++)
        if (g->e[i][0] != g->e[i][1]) {
            adj[g->e[i][0]] |= 1u << g->e[i][1];
            adj[g->e[i][1]] |= 1u << g->e[i][0];
        }
    int best = 0;
    for (uint32_t mask = 1; mask < (1u << g->n); mask++) {
        if (popcount(mask) <= best)
            continue;
        int clique = 1;
        for (int32_t v = 0; v < g->n && clique; v++)
            if ((mask >> v) & 1)
                clique = ((mask & ~(1u << v)) & ~adj[v]) == 0;
        if (clique)
            best = popcount(mask);
    }
    return best;
}

static mvcgpu_graph *build(const struct edges *e)
{
    mvcgpu_graph *g = NULL;
    mvcgpu_error err;
    if (mvcgpu_graph_from_pairs(e->n, e->m, (const int32_t(*)[2])e->e, &g, &err) != MVCGPU_OK)
        bail(err.message);
    return g;
}

/* ---- Solving and checking one problem -------------------------------------------------- */

/* The default options but the problem and k (-1: the optimum), as an embedding program sets them.
 */
static mvcgpu_options options(enum mvcgpu_problem problem, int64_t k)
{
    mvcgpu_options o;
    mvcgpu_options_init(&o);
    o.problem = problem;
    o.k = k;
    return o;
}

static int is_clique(enum mvcgpu_problem p)
{
    return p == MVCGPU_MAX_CLIQUE || p == MVCGPU_CLIQUE_AT_LEAST;
}

/*
 * Solves and checks what every answer must be: a valid cover or clique, ids
 * increasing, the size within the bounds. Returns the status, or -100 - code
 * on a failed call, or -1000 on an invalid answer; why in buf.
 */
static int solve_checked(const mvcgpu_graph *g, const mvcgpu_options *o, int32_t *size, char *buf,
                         size_t len)
{
    mvcgpu_result *r = NULL;
    mvcgpu_error err;
    int code = mvcgpu_solve(g, o, &r, &err);
    if (code != MVCGPU_OK) {
        snprintf(buf, len, "solve failed (%d): %s", code, err.message);
        return -100 + code;
    }
    int status = (int)mvcgpu_result_status(r);
    const int32_t *v = mvcgpu_result_vertices(r);
    const mvcgpu_stats *st = mvcgpu_result_stats(r);
    *size = mvcgpu_result_size(r);
    int valid = is_clique(o->problem) ? mvcgpu_check_clique(g, v, *size, &err)
                                      : mvcgpu_check_cover(g, v, *size, &err);
    if (valid != MVCGPU_OK) {
        snprintf(buf, len, "invalid answer: %s", err.message);
        status = -1000;
    }
    for (int32_t i = 1; i < *size && status >= 0; i++)
        if (v[i - 1] >= v[i]) {
            snprintf(buf, len, "vertices not increasing at %ld", (long)i);
            status = -1000;
        }
    if (status >= 0 && (st->solver == NULL || st->lower_bound > st->upper_bound ||
                        (!is_clique(o->problem) && st->upper_bound != *size) ||
                        (is_clique(o->problem) && st->lower_bound != *size) ||
                        (status == MVCGPU_OPTIMAL && st->lower_bound != st->upper_bound) ||
                        mvcgpu_result_proven(r) != (status != MVCGPU_STOPPED))) {
        snprintf(buf, len, "statistics disagree: solver %s, bounds %lld..%lld, size %ld",
                 st->solver ? st->solver : "NULL", (long long)st->lower_bound,
                 (long long)st->upper_bound, (long)*size);
        status = -1000;
    }
    mvcgpu_result_free(r);
    return status;
}

/*
 * All six questions about a graph whose minimum cover (opt) and clique
 * number (omega) are known. 0 when every answer is right; the first wrong
 * one in buf.
 */
static int all_problems_right(const mvcgpu_graph *g, int opt, int omega, const char *solver,
                              int kernelize, char *buf, size_t len)
{
    struct {
        enum mvcgpu_problem problem;
        int64_t k;
        int status;   /* expected */
        int32_t size; /* expected, -1: any (a decision's witness) */
    } cases[] = {
        {MVCGPU_MVC, -1, MVCGPU_OPTIMAL, opt},
        {MVCGPU_PVC, opt, MVCGPU_FOUND, -1},
        {MVCGPU_PVC, opt - 1, MVCGPU_NONE, -1},
        {MVCGPU_MAX_CLIQUE, -1, MVCGPU_OPTIMAL, omega},
        {MVCGPU_CLIQUE_AT_LEAST, omega, MVCGPU_FOUND, -1},
        {MVCGPU_CLIQUE_AT_LEAST, omega + 1, MVCGPU_NONE, -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (cases[i].k < 0 && cases[i].problem == MVCGPU_PVC)
            continue; /* no cover of -1 vertices to refute */
        mvcgpu_options o = options(cases[i].problem, cases[i].k);
        o.solver = solver;
        o.kernelize = kernelize;
        o.threads = 1;
        int32_t size = -1;
        char why[MVCGPU_MESSAGE_MAX + 64] = "";
        int status = solve_checked(g, &o, &size, why, sizeof why);
        int right = status == cases[i].status && (cases[i].size < 0 || size == cases[i].size);
        if (right && status == MVCGPU_FOUND)
            right = cases[i].problem == MVCGPU_PVC ? size <= cases[i].k : size >= cases[i].k;
        if (!right) {
            snprintf(buf, len,
                     "problem %d k %lld (solver %s, kernelize %d): status %d size %ld, "
                     "expected status %d size %ld; %s",
                     (int)cases[i].problem, (long long)cases[i].k, solver ? solver : "NULL",
                     kernelize, status, (long)size, cases[i].status, (long)cases[i].size, why);
            return 1;
        }
    }
    return 0;
}

/* ---- Known graphs ---------------------------------------------------------------------- */

static void test_known_graphs(void)
{
    struct known {
        const char *name;
        int32_t n;
        int opt, omega;
        struct edges e;
    } known[9];
    int count = 0;
    struct edges e;

    edges_alloc(&e, 10, 9);
    for (int32_t v = 0; v + 1 < 10; v++)
        edges_add(&e, v, v + 1);
    known[count++] = (struct known){"path of 10", 10, 5, 2, e};
    edges_alloc(&e, 9, 8);
    for (int32_t v = 1; v < 9; v++)
        edges_add(&e, 0, v);
    known[count++] = (struct known){"star of 9", 9, 1, 2, e};
    edges_alloc(&e, 9, 9);
    for (int32_t v = 0; v < 9; v++)
        edges_add(&e, v, (v + 1) % 9);
    known[count++] = (struct known){"cycle of 9", 9, 5, 2, e};
    edges_alloc(&e, 8, 28);
    for (int32_t u = 0; u < 8; u++)
        for (int32_t v = u + 1; v < 8; v++)
            edges_add(&e, u, v);
    known[count++] = (struct known){"clique of 8", 8, 7, 8, e};
    edges_alloc(&e, 10, 15);
    for (int32_t v = 0; v < 5; v++) {
        edges_add(&e, v, (v + 1) % 5);         /* outer cycle */
        edges_add(&e, v, v + 5);               /* spokes */
        edges_add(&e, v + 5, (v + 2) % 5 + 5); /* inner pentagram */
    }
    known[count++] = (struct known){"Petersen graph", 10, 6, 2, e};
    edges_alloc(&e, 7, 12);
    for (int32_t a = 0; a < 3; a++)
        for (int32_t b = 3; b < 7; b++)
            edges_add(&e, a, b);
    known[count++] = (struct known){"K3,4", 7, 3, 2, e};
    edges_alloc(&e, 6, 10);
    for (int32_t v = 1; v <= 5; v++) {
        edges_add(&e, 0, v);
        edges_add(&e, v, v % 5 + 1);
    }
    known[count++] = (struct known){"wheel of 6", 6, 4, 3, e};
    edges_alloc(&e, 5, 0);
    known[count++] = (struct known){"5 isolated vertices", 5, 0, 1, e};
    edges_alloc(&e, 0, 0);
    known[count++] = (struct known){"no vertices", 0, 0, 0, e};

    const char *solvers[] = {NULL, "seq", "bnr", "clique"};
    for (int i = 0; i < count; i++) {
        mvcgpu_graph *g = build(&known[i].e);
        is(mvcgpu_graph_vertices(g), known[i].n, "%s: %ld vertices", known[i].name,
           (long)known[i].n);
        for (int s = 0; s < 4; s++) {
            char why[1024] = "";
            int wrong = all_problems_right(g, known[i].opt, known[i].omega, solvers[s], s % 2 == 0,
                                           why, sizeof why);
            ok(!wrong, "%s, solver %s: cover %d, clique %d, PVC and clique decisions right",
               known[i].name, solvers[s] ? solvers[s] : "default", known[i].opt, known[i].omega);
            if (wrong)
                diag("%s", why);
        }
        mvcgpu_graph_free(g);
        free(known[i].e.e);
    }
}

/* ---- Random graphs against brute force ------------------------------------------------- */

#define RANDOM_GRAPHS 60

static void test_random_graphs(uint64_t seed)
{
    const char *solvers[] = {NULL, "seq", "bnr", "clique", "auto"};
    int wrong = 0;
    for (int i = 0; i < RANDOM_GRAPHS; i++) {
        uint64_t rng = seed + (uint64_t)i;
        struct edges e;
        int32_t n = 1 + (int32_t)(rng_next(&rng) % SMALL_MAX_N);
        random_graph(&e, &rng, n, 0.1 + 0.8 * rng_unit(&rng), SMALL_MAX_EDGES);
        mvcgpu_graph *g = build(&e);
        char why[1024] = "";
        const char *solver = solvers[i % 5];
        if (all_problems_right(g, brute_cover(&e), brute_clique(&e), solver, (i / 5) % 2, why,
                               sizeof why)) {
            if (wrong++ < 5)
                diag("graph %d (seed %llu + %d, n %ld, %lld edge entries): %s", i,
                     (unsigned long long)seed, i, (long)n, (long long)e.m, why);
        }
        mvcgpu_graph_free(g);
        free(e.e);
    }
    is(wrong, 0, "%d random graphs of up to %d vertices: every answer as brute force says",
       RANDOM_GRAPHS, SMALL_MAX_N);
}

/* ---- Graph building and reading -------------------------------------------------------- */

static void test_building(void)
{
    mvcgpu_graph *g = NULL;
    mvcgpu_error err;
    int32_t from[] = {0, 0, 1, 1, 2};
    int32_t to[] = {0, 1, 0, 2, 1};
    is(mvcgpu_graph_from_arrays(3, 5, from, to, &g, &err), MVCGPU_OK, "two arrays build a graph");
    is(mvcgpu_graph_edges(g), 2, "self-loop dropped and repeated edges merged: 2 edges left");
    is(mvcgpu_graph_input_id(g, 2), 2, "a graph from arrays keeps its ids");
    is(mvcgpu_graph_input_id(g, 3), -1, "no input id for a vertex out of range");
    mvcgpu_graph_free(g);

    const char *top = getenv("top_srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/instances/petersen.gr", top ? top : ".");
    int status = mvcgpu_graph_read(path, NULL, &g, &err);
    is(status, MVCGPU_OK, "instances/petersen.gr read with format detection");
    if (status != MVCGPU_OK)
        diag("%s", err.message);
    if (g != NULL) {
        is(mvcgpu_graph_vertices(g) * 1000 + mvcgpu_graph_edges(g), 10015, "10 vertices, 15 edges");
        is(mvcgpu_graph_input_id(g, 0), 1, "a PACE file's vertex 0 is its vertex 1");
        char why[1024] = "";
        int wrong = all_problems_right(g, 6, 2, NULL, 1, why, sizeof why);
        ok(!wrong, "the file's graph solved: cover 6, clique 2");
        if (wrong)
            diag("%s", why);
        mvcgpu_graph_free(g);
    }
    is(mvcgpu_graph_read(path, "pace", &g, &err), MVCGPU_OK, "read with the format named");
    mvcgpu_graph_free(g);
}

/* ---- Bad arguments --------------------------------------------------------------------- */

/* A refused call: the code returned and in err, a message, and *out left NULL. */
static void refused_at(int got, int want, const mvcgpu_error *err, const void *out,
                       const char *what, int line)
{
    ok_at(got == want && err->code == want && err->message[0] != '\0' && out == NULL, __FILE__,
          line, "%s: code %d (%s)", what, want, err->message);
    if (got != want)
        diag("got %d", got);
}
#define refused(call, want, out, what)                                                             \
    do {                                                                                           \
        memset(&err, 0, sizeof err);                                                               \
        int got_ = (call);                                                                         \
        refused_at(got_, want, &err, out, what, __LINE__);                                         \
    } while (0)

/* A case of options the library must refuse: the next entry, initialised, named, its code set. */
struct bad_option {
    const char *what;
    int code;
    mvcgpu_options o;
};

static mvcgpu_options *bad_case(struct bad_option *list, int *count, const char *what, int code)
{
    struct bad_option *b = &list[(*count)++];
    mvcgpu_options_init(&b->o);
    b->what = what;
    b->code = code;
    return &b->o;
}

static void test_bad_arguments(void)
{
    mvcgpu_error err;
    mvcgpu_graph *g = (mvcgpu_graph *)&err; /* not NULL: failures must reset it */
    int32_t a[] = {0, 1}, b[] = {1, 3};
    refused(mvcgpu_graph_from_arrays(3, 2, a, b, &g, &err), MVCGPU_EINPUT, g, "id 3 of 3 vertices");
    int32_t neg[] = {-1};
    g = (mvcgpu_graph *)&err;
    refused(mvcgpu_graph_from_arrays(3, 1, neg, a, &g, &err), MVCGPU_EINPUT, g, "id -1");
    ok(strstr(err.message, "-1") != NULL, "the message names the id (%s)", err.message);
    refused(mvcgpu_graph_from_arrays(-1, 0, NULL, NULL, &g, &err), MVCGPU_EINVAL, g,
            "negative vertex count");
    refused(mvcgpu_graph_from_arrays(3, -2, a, b, &g, &err), MVCGPU_EINVAL, g,
            "negative edge count");
    refused(mvcgpu_graph_from_arrays(3, 2, NULL, b, &g, &err), MVCGPU_EINVAL, g, "NULL edge array");
    refused(mvcgpu_graph_from_pairs(3, 1, NULL, &g, &err), MVCGPU_EINVAL, g, "NULL pair array");
    memset(&err, 0, sizeof err);
    is(mvcgpu_graph_from_arrays(3, 0, NULL, NULL, NULL, &err), MVCGPU_EINVAL, "out NULL refused");
    is(mvcgpu_graph_from_arrays(-1, 0, NULL, NULL, &g, NULL), MVCGPU_EINVAL,
       "err may be NULL: the code alone");
    refused(mvcgpu_graph_read("/nonexistent/graph.gr", NULL, &g, &err), MVCGPU_EIO, g,
            "missing file");
    refused(mvcgpu_graph_read("-", "gml", &g, &err), MVCGPU_EUNSUPPORTED, g, "unknown format");
    refused(mvcgpu_graph_read(NULL, NULL, &g, &err), MVCGPU_EINVAL, g, "NULL path");

    char bad[] = "/tmp/t_library_XXXXXX";
    int fd = mkstemp(bad);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f != NULL) {
        fputs("p td 3 2\n1 2\n2 9\n", f);
        fclose(f);
        refused(mvcgpu_graph_read(bad, NULL, &g, &err), MVCGPU_EINPUT, g, "malformed file");
        ok(strstr(err.message, ":3:") != NULL, "the message names file and line (%s)", err.message);
        remove(bad);
    } else {
        skip("no temporary file");
        skip("no temporary file");
    }

    const int32_t path[][2] = {{0, 1}, {1, 2}, {2, 3}};
    mvcgpu_graph *p4 = NULL;
    if (mvcgpu_graph_from_pairs(4, 3, path, &p4, &err) != MVCGPU_OK)
        bail(err.message);
    mvcgpu_result *r = (mvcgpu_result *)&err;
    refused(mvcgpu_solve(NULL, NULL, &r, &err), MVCGPU_EINVAL, r, "solve without a graph");
    memset(&err, 0, sizeof err);
    is(mvcgpu_solve(p4, NULL, NULL, &err), MVCGPU_EINVAL, "solve without a place for the result");

    struct bad_option bad_options[16];
    int count = 0;
    mvcgpu_options *refusal;
    refusal = bad_case(bad_options, &count, "unknown problem", MVCGPU_EINVAL);
    refusal->problem = (enum mvcgpu_problem)42;
    refusal = bad_case(bad_options, &count, "PVC without k", MVCGPU_EINVAL);
    refusal->problem = MVCGPU_PVC;
    refusal = bad_case(bad_options, &count, "clique of at least -3", MVCGPU_EINVAL);
    refusal->problem = MVCGPU_CLIQUE_AT_LEAST;
    refusal->k = -3;
    refusal = bad_case(bad_options, &count, "negative time limit", MVCGPU_EINVAL);
    refusal->time_limit = -1;
    refusal = bad_case(bad_options, &count, "negative thread count", MVCGPU_EINVAL);
    refusal->threads = -4;
    refusal = bad_case(bad_options, &count, "unknown solver name", MVCGPU_EUNSUPPORTED);
    refusal->solver = "fastest";
    refusal = bad_case(bad_options, &count, "unknown device use", MVCGPU_EINVAL);
    refusal->device = (enum mvcgpu_device)9;
    refusal =
        bad_case(bad_options, &count, "a GPU solver with device use none", MVCGPU_EUNSUPPORTED);
    refusal->device = MVCGPU_DEVICE_NONE;
    refusal->solver = "hybrid";
    refusal = bad_case(bad_options, &count, "17 GPUs", MVCGPU_EINVAL);
    refusal->gpus = 17;
    refusal = bad_case(bad_options, &count, "-1 GPUs", MVCGPU_EINVAL);
    refusal->gpus = -1;
    refusal = bad_case(bad_options, &count, "kernelize 7", MVCGPU_EINVAL);
    refusal->kernelize = 7;
    refusal = bad_case(bad_options, &count, "kernelize -1", MVCGPU_EINVAL);
    refusal->kernelize = -1;
    refusal = bad_case(bad_options, &count, "options never set up (size 0)", MVCGPU_EINVAL);
    refusal->size = 0;
    for (int i = 0; i < count; i++) {
        r = (mvcgpu_result *)&err;
        refused(mvcgpu_solve(p4, &bad_options[i].o, &r, &err), bad_options[i].code, r,
                bad_options[i].what);
    }

    /* A GPU solver: answers where a device is, refused with a reason elsewhere. */
    mvcgpu_options o;
    mvcgpu_options_init(&o);
    o.solver = "clique-gpu";
    r = NULL;
    int status = mvcgpu_solve(p4, &o, &r, &err);
    ok((status == MVCGPU_OK && mvcgpu_result_size(r) == 2) ||
           ((status == MVCGPU_EUNSUPPORTED || status == MVCGPU_EDEVICE) && r == NULL &&
            err.message[0] != '\0'),
       "clique-gpu: the cover where a device is, else refused (%s)",
       status == MVCGPU_OK ? "solved" : err.message);
    mvcgpu_result_free(r);

    /* One GPU asked for, or every one: the same cover where a device is. */
    mvcgpu_options_init(&o);
    o.solver = "clique-gpu";
    for (int gpus = 0; gpus <= 1; gpus++) {
        o.gpus = gpus;
        r = NULL;
        status = mvcgpu_solve(p4, &o, &r, &err);
        ok((status == MVCGPU_OK && mvcgpu_result_size(r) == 2) ||
               ((status == MVCGPU_EUNSUPPORTED || status == MVCGPU_EDEVICE) && r == NULL),
           "clique-gpu on %s: the cover where a device is, else refused (%s)",
           gpus ? "one GPU" : "every GPU", status == MVCGPU_OK ? "solved" : err.message);
        mvcgpu_result_free(r);
    }
    /* an options struct of the first version (no gpus field) still solves */
    mvcgpu_options first;
    mvcgpu_options_defaults(&first, offsetof(mvcgpu_options, gpus));
    r = NULL;
    status = mvcgpu_solve(p4, &first, &r, &err);
    ok(status == MVCGPU_OK && mvcgpu_result_size(r) == 2,
       "options without the gpus field: solved with every GPU (status %d)", status);
    mvcgpu_result_free(r);

    int32_t cover[] = {1, 2}, repeated[] = {1, 1, 2}, out_of_range[] = {1, 4}, short_cover[] = {1};
    is(mvcgpu_check_cover(p4, cover, 2, &err), MVCGPU_OK, "{1, 2} covers the path 0-1-2-3");
    is(mvcgpu_check_cover(p4, short_cover, 1, &err), MVCGPU_EINPUT, "{1} does not (%s)",
       err.message);
    ok(strstr(err.message, "{2, 3}") != NULL,
       "the message names the uncovered edge in 0-based ids");
    is(mvcgpu_check_cover(p4, repeated, 3, &err), MVCGPU_EINPUT, "a repeated id (%s)", err.message);
    is(mvcgpu_check_cover(p4, out_of_range, 2, &err), MVCGPU_EINPUT, "an id out of range (%s)",
       err.message);
    is(mvcgpu_check_cover(p4, cover, -1, &err), MVCGPU_EINVAL, "a negative count");
    is(mvcgpu_check_cover(NULL, cover, 2, &err), MVCGPU_EINVAL, "no graph");
    int32_t edge[] = {2, 1}, non_edge[] = {0, 2};
    is(mvcgpu_check_clique(p4, edge, 2, &err), MVCGPU_OK, "{2, 1} is a clique");
    is(mvcgpu_check_clique(p4, non_edge, 2, &err), MVCGPU_EINPUT, "{0, 2} is not (%s)",
       err.message);
    is(mvcgpu_check_clique(p4, NULL, 0, &err), MVCGPU_OK, "the empty clique");
    is(mvcgpu_check_clique(p4, NULL, 2, &err), MVCGPU_EINVAL, "a count without an array");
    mvcgpu_graph_free(p4);

    int distinct = 1;
    for (int a1 = -7; a1 <= 0; a1++)
        for (int a2 = a1 + 1; a2 <= 0; a2++)
            distinct &= strcmp(mvcgpu_strerror(a1), mvcgpu_strerror(a2)) != 0;
    ok(distinct, "each error code has its own message (%s, ...)", mvcgpu_strerror(MVCGPU_EINVAL));
    ok(strcmp(mvcgpu_strerror(-99), mvcgpu_strerror(MVCGPU_EINPUT)) != 0,
       "an unknown code is called unknown (%s)", mvcgpu_strerror(-99));
    ok(mvcgpu_version()[0] >= '0' && mvcgpu_version()[0] <= '9', "version %s", mvcgpu_version());

    /* A caller compiled against an older, shorter struct: nothing past its size is written. */
    mvcgpu_options small;
    memset(&small, 0xab, sizeof small);
    mvcgpu_options_defaults(&small, offsetof(mvcgpu_options, time_limit));
    ok(small.size == offsetof(mvcgpu_options, time_limit) && small.problem == MVCGPU_MVC &&
           ((unsigned char *)&small)[offsetof(mvcgpu_options, time_limit)] == 0xab,
       "defaults fill only the caller's size");
}

/* ---- Stopping -------------------------------------------------------------------------- */

/* G(400, 0.03), a fixed seed: no solver here proves its optimum within seconds. */
static mvcgpu_graph *hard_graph(void)
{
    uint64_t rng = 20240601;
    struct edges e;
    random_graph(&e, &rng, 400, 0.03, 400 * 399 / 2);
    mvcgpu_graph *g = build(&e);
    free(e.e);
    return g;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct raiser {
    volatile sig_atomic_t *flag;
    double after;
};

static void *raise_later(void *arg)
{
    struct raiser *r = arg;
    struct timespec ts = {0, (long)(r->after * 1e9)};
    nanosleep(&ts, NULL);
    *r->flag = 1;
    return NULL;
}

static void test_stopping(void)
{
    mvcgpu_graph *g = hard_graph();
    char why[1024] = "";
    int32_t size = -1;
    volatile sig_atomic_t flag = 1;

    mvcgpu_options run = options(MVCGPU_MVC, -1);
    run.stop = &flag;
    double t0 = now();
    int status = solve_checked(g, &run, &size, why, sizeof why);
    is(status, MVCGPU_STOPPED,
       "stop flag raised before the call: stopped, with a valid cover "
       "of %ld (%.2f s) %s",
       (long)size, now() - t0, why);

    run.problem = MVCGPU_MAX_CLIQUE;
    status = solve_checked(g, &run, &size, why, sizeof why);
    is(status, MVCGPU_STOPPED, "the same in the clique problem: a valid clique of %ld %s",
       (long)size, why);

    flag = 0;
    run.problem = MVCGPU_MVC;
    struct raiser raiser = {&flag, 0.3};
    pthread_t thread;
    t0 = now();
    if (pthread_create(&thread, NULL, raise_later, &raiser) != 0)
        bail("no thread");
    status = solve_checked(g, &run, &size, why, sizeof why);
    double took = now() - t0;
    pthread_join(thread, NULL);
    is(status, MVCGPU_STOPPED,
       "flag raised by another thread after 0.3 s: stopped, with a "
       "valid cover of %ld %s",
       (long)size, why);
    ok(took < 5, "and soon: %.2f s", took);

    run.stop = NULL;
    run.time_limit = 0.3;
    t0 = now();
    status = solve_checked(g, &run, &size, why, sizeof why);
    took = now() - t0;
    is(status, MVCGPU_STOPPED, "time limit of 0.3 s: stopped, with a valid cover of %ld %s",
       (long)size, why);
    ok(took < 5, "and soon: %.2f s", took);

    run.device = MVCGPU_DEVICE_NONE;
    run.solver = "bnr";
    status = solve_checked(g, &run, &size, why, sizeof why);
    is(status, MVCGPU_STOPPED, "bnr, no device, 0.3 s: stopped with a valid cover of %ld %s",
       (long)size, why);
    mvcgpu_graph_free(g);
}

/* ---- Threads --------------------------------------------------------------------------- */

#define THREADS 4
#define GRAPHS_PER_THREAD 8

struct job {
    mvcgpu_graph *graphs[GRAPHS_PER_THREAD + 1]; /* the last one shared by every thread */
    int opt[GRAPHS_PER_THREAD + 1], omega[GRAPHS_PER_THREAD + 1];
    const char *solvers[4]; /* NULL-terminated */
    int wrong;
    char why[1024];
};

static void *solve_all(void *arg)
{
    struct job *job = arg;
    for (int s = 0; job->solvers[s] != NULL; s++)
        for (int i = 0; i <= GRAPHS_PER_THREAD && !job->wrong; i++)
            job->wrong = all_problems_right(job->graphs[i], job->opt[i], job->omega[i],
                                            job->solvers[s], 1, job->why, sizeof job->why);
    return NULL;
}

/* Whether the GPU solvers run here (a CUDA build and a device). */
static int gpu_solvers_run(void)
{
    const int32_t edge[][2] = {{0, 1}};
    mvcgpu_graph *g = NULL;
    mvcgpu_result *r = NULL;
    mvcgpu_options o;
    mvcgpu_options_init(&o);
    o.solver = "hybrid";
    int runs = mvcgpu_graph_from_pairs(2, 1, edge, &g, NULL) == MVCGPU_OK &&
               mvcgpu_solve(g, &o, &r, NULL) == MVCGPU_OK;
    mvcgpu_result_free(r);
    mvcgpu_graph_free(g);
    return runs;
}

static void test_threads(uint64_t seed)
{
    struct job jobs[THREADS];
    memset(jobs, 0, sizeof jobs);
    /* shared: G(90, 0.08), its optima from a solve on this thread alone */
    uint64_t rng = seed ^ 0x5eed;
    struct edges e;
    random_graph(&e, &rng, 90, 0.08, 90 * 89 / 2);
    mvcgpu_graph *shared = build(&e);
    free(e.e);
    int32_t opt = -1, omega = -1;
    char why[1024] = "";
    mvcgpu_options run = options(MVCGPU_MVC, -1);
    run.solver = "seq";
    run.threads = 1;
    run.device = MVCGPU_DEVICE_NONE;
    int status = solve_checked(shared, &run, &opt, why, sizeof why);
    run.problem = MVCGPU_MAX_CLIQUE;
    run.solver = NULL;
    if (status != MVCGPU_OPTIMAL || solve_checked(shared, &run, &omega, why, sizeof why) != 0)
        bail(why);

    int gpu = gpu_solvers_run();
    diag("GPU solvers %s",
         gpu ? "run here: hybrid and clique-gpu on threads at once" : "do not run here");
    for (int t = 0; t < THREADS; t++) {
        for (int i = 0; i < GRAPHS_PER_THREAD; i++) {
            rng = seed + 1000 * (uint64_t)(t + 1) + (uint64_t)i;
            int32_t n = 4 + (int32_t)(rng_next(&rng) % (SMALL_MAX_N - 3));
            random_graph(&e, &rng, n, 0.2 + 0.6 * rng_unit(&rng), SMALL_MAX_EDGES);
            jobs[t].graphs[i] = build(&e);
            jobs[t].opt[i] = brute_cover(&e);
            jobs[t].omega[i] = brute_clique(&e);
            free(e.e);
        }
        jobs[t].graphs[GRAPHS_PER_THREAD] = shared;
        /* GPU solvers on several threads share the device (and its kernels' attributes) */
        jobs[t].solvers[0] = "auto";
        jobs[t].solvers[1] = gpu ? (t % 2 ? "hybrid" : "clique-gpu") : "bnr";
        jobs[t].opt[GRAPHS_PER_THREAD] = opt;
        jobs[t].omega[GRAPHS_PER_THREAD] = omega;
    }
    pthread_t threads[THREADS];
    int started[THREADS];
    for (int t = 0; t < THREADS; t++)
        started[t] = pthread_create(&threads[t], NULL, solve_all, &jobs[t]) == 0;
    for (int t = 0; t < THREADS; t++) {
        if (started[t])
            pthread_join(threads[t], NULL);
        ok(started[t] && !jobs[t].wrong,
           "thread %d of %d: %d graphs of its own and one shared, every problem right (%s, %s)",
           t + 1, THREADS, GRAPHS_PER_THREAD, jobs[t].solvers[0], jobs[t].solvers[1]);
        if (jobs[t].wrong)
            diag("%s", jobs[t].why);
        for (int i = 0; i < GRAPHS_PER_THREAD; i++)
            mvcgpu_graph_free(jobs[t].graphs[i]);
    }
    mvcgpu_graph_free(shared);
}

int main(void)
{
    const char *env = getenv("MVC_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL);
    printf("# seed %llu (MVC_SEED=%llu replays this run)\n", (unsigned long long)seed,
           (unsigned long long)seed);
    test_known_graphs();
    test_random_graphs(seed);
    test_building();
    test_bad_arguments();
    test_stopping();
    test_threads(seed);
    done_testing();
    return exit_status();
}
