/*
 * Cross-checking soak: random graphs of varied size, density and structure
 * through every solver, with and without kernelization, in MVC and PVC mode.
 * Each cover is checked here against the edge list (not through cover_check,
 * so a fault there cannot hide one elsewhere); the proven optima of all
 * solvers must agree, with a brute force on graphs of up to 20 vertices; PVC
 * at k = opt - 1 must find none and at k = opt a cover of at most k; with a
 * 1 ms time limit every solver must still give a valid cover, the optimum
 * when it claims so.
 *
 * Usage: soak [--count N] [--seed S] [--time-limit T] [--csv FILE]
 *             [--write-every K --dir DIR]
 * One CSV row per graph; a summary on stdout; exit 1 on any disagreement or
 * invalid cover. GPU solvers run when the build has CUDA and a device answers.
 * --write-every K writes every K-th graph as DIR/soak-SEED.gr and its optimum to
 * DIR/optima.tsv, for bench/soak.sh to put through the command line too.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "clock.h"
#include "cover.h"
#include "gen.h"
#include "gpu.h"
#include "graph.h"
#include "solve.h"

#define BRUTE_MAX_N 20
#define SOLVERS_MAX 8
#define STOP_TIME_LIMIT 0.001 /* seconds: short enough to stop some searches midway */

/* [lo, hi] */
static int32_t random_in(struct rng *r, int32_t lo, int32_t hi)
{
    return lo + rng_below(r, hi - lo + 1);
}

/* The families, each aimed at a part of the solvers: see make_graph. */
enum family { GNP_SPARSE, GNP_MID, GNP_DENSE, CLIQUES, TREE_PLUS, BIPARTITE, UNION, FAMILIES };
static const char *family_name[FAMILIES] = {"gnp-sparse", "gnp-mid",   "gnp-dense", "cliques",
                                            "tree-plus",  "bipartite", "union"};

static void make_family(struct gen_edges *ge, struct rng *r, enum family f, int32_t first,
                        int32_t n)
{
    switch (f) {
    case GNP_SPARSE: /* branching with few reductions: mean degree 1.5 to 5 */
        gen_gnp(ge, r, first, n, (1.5 + 3.5 * rng_unit(r)) / (n > 1 ? n - 1 : 1));
        break;
    case GNP_MID: gen_gnp(ge, r, first, n, 0.1 + 0.4 * rng_unit(r)); break;
    case GNP_DENSE: /* the clique solvers' side: complements of sparse graphs */
        gen_gnp(ge, r, first, n, 0.6 + 0.37 * rng_unit(r));
        break;
    case CLIQUES: { /* domination, twins, triangles: cliques joined by a few edges */
        int32_t at = 0;
        while (at < n) {
            int32_t size = random_in(r, 2, 8);
            if (size > n - at)
                size = n - at;
            for (int32_t u = 0; u < size; u++)
                for (int32_t v = u + 1; v < size; v++)
                    gen_edge(ge, first + at + u, first + at + v);
            at += size;
        }
        int32_t extra = random_in(r, 0, n);
        for (int32_t i = 0; i < extra; i++)
            gen_edge(ge, first + rng_below(r, n), first + rng_below(r, n));
        break;
    }
    case TREE_PLUS: { /* degree-one and degree-two rules, folding: a tree and a few chords */
        gen_tree(ge, r, first, n);
        int32_t extra = random_in(r, 0, n / 4 + 1);
        for (int32_t i = 0; i < extra; i++)
            gen_edge(ge, first + rng_below(r, n), first + rng_below(r, n));
        break;
    }
    case BIPARTITE: { /* the LP / crown rule */
        int32_t left = random_in(r, 1, n > 1 ? n - 1 : 1);
        double p = (1.0 + 4.0 * rng_unit(r)) / (left > 1 ? left : 1);
        gen_bipartite(ge, r, first, left, n - left, p);
        break;
    }
    default: break;
    }
}

/*
 * A graph from its seed: family and size first, then the edges (loops and
 * repeats, which the cliques and tree families may draw, are dropped and
 * merged by graph_from_edges).
 */
static struct graph *make_graph(uint64_t seed, enum family *family)
{
    struct rng r = {seed};
    static struct gen_edges ge; /* GEN_MAX_EDGES: the densest family has at most 4,950 */
    ge.n = 0;
    ge.m = 0;
    enum family f = (enum family)random_in(&r, 0, FAMILIES - 1);
    static const int32_t max_n[FAMILIES] = {70, 45, 100, 60, 250, 90, 0};
    if (f == UNION) { /* components of the other kinds, solved separately and summed */
        int32_t parts = random_in(&r, 2, 5);
        for (int32_t i = 0; i < parts; i++) {
            enum family part = (enum family)random_in(&r, 0, UNION - 1);
            int32_t n = random_in(&r, 1, max_n[part] / 2);
            make_family(&ge, &r, part, ge.n, n);
            ge.n += n;
        }
    } else {
        ge.n = random_in(&r, 1, max_n[f]);
        make_family(&ge, &r, f, 0, ge.n);
    }
    *family = f;
    return graph_from_edges(ge.n, (const int32_t(*)[2])ge.e, ge.m);
}

/* Checked against the edges themselves: -1 when c is not a cover of g, else its size. */
static int32_t checked_size(const struct graph *g, const struct cover *c)
{
    int32_t size = 0;
    for (int32_t v = 0; v < g->n; v++) {
        size += c->in[v] != 0;
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
            if (!c->in[v] && !c->in[g->adj[i]])
                return -1;
    }
    return size == c->size ? size : -1;
}

struct solver_run {
    enum solver_kind kind;
    const char *name;
    double seconds; /* summed over the run */
    int64_t solves;
};

struct tally {
    int64_t solves, stopped, cut, invalid, disagreements, wrong_pvc, failures;
};

struct soak {
    struct solver_run solver[SOLVERS_MAX];
    int solvers;
    double time_limit;
    struct tally t;
};

/* One solve: the outcome, with *size the checked size (-1 when invalid). */
static int run_one(struct soak *s, struct solver_run *sr, const struct graph *g, int reduce,
                   int64_t k, int32_t *size)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.solver = sr->kind;
    o.reduce = reduce;
    o.k = k;
    o.deadline = deadline_after(s->time_limit, o.deadline.stop);
    struct solve_stats st;
    memset(&st, 0, sizeof st);
    struct cover c = {0};
    struct error err = {0};
    double start = clock_seconds();
    int outcome = solve_cover(g, &o, &c, &st, &err);
    sr->seconds += clock_seconds() - start;
    sr->solves++;
    s->t.solves++;
    *size = -1;
    if (outcome < 0) {
        s->t.failures++;
        fprintf(stderr, "soak: %s failed: %s\n", sr->name, err.message);
        return outcome;
    }
    /* PVC's "none" answers carry no cover to check */
    if (outcome != SOLVE_NO_COVER) {
        *size = checked_size(g, &c);
        if (*size < 0)
            s->t.invalid++;
    }
    if (outcome == SOLVE_STOPPED)
        s->t.stopped++;
    cover_free(&c);
    return outcome;
}

struct graph_result {
    int32_t opt, brute;
    int runs, stopped, invalid, disagreements, wrong_pvc;
};

static void soak_graph(struct soak *s, const struct graph *g, uint64_t seed,
                       struct graph_result *gr)
{
    struct tally before = s->t;
    memset(gr, 0, sizeof *gr);
    gr->opt = -1;
    gr->brute = -1;
    if (g->n <= BRUTE_MAX_N) {
        struct cover b = {0};
        if (brute_minimum_cover(g, &b) >= 0)
            gr->brute = b.size;
        cover_free(&b);
        gr->opt = gr->brute;
    }
    /* MVC: every solver, with and without kernelization */
    for (int i = 0; i < s->solvers; i++)
        for (int reduce = 1; reduce >= 0; reduce--) {
            int32_t size;
            int outcome = run_one(s, &s->solver[i], g, reduce, -1, &size);
            if (outcome != SOLVE_OPTIMAL || size < 0)
                continue;
            if (gr->opt < 0) {
                gr->opt = size;
            } else if (size != gr->opt) {
                s->t.disagreements++;
                fprintf(stderr, "soak: seed %llu: %s%s says %d, optimum %d\n",
                        (unsigned long long)seed, s->solver[i].name, reduce ? "" : " --no-reduce",
                        size, gr->opt);
            }
        }
    /* PVC at opt - 1 (none) and opt (found), kernelization alternating between solvers */
    for (int i = 0; gr->opt >= 0 && i < s->solvers; i++)
        for (int below = 0; below < 2; below++) {
            int64_t k = gr->opt - (below ? 1 : 0);
            if (k < 0)
                continue;
            int reduce = (int)((seed + (uint64_t)i + (uint64_t)below) % 2);
            int32_t size;
            int outcome = run_one(s, &s->solver[i], g, reduce, k, &size);
            int right = outcome == SOLVE_STOPPED ||
                        (below ? outcome == SOLVE_NO_COVER
                               : outcome == SOLVE_FOUND && size >= 0 && size <= k);
            if (!right) {
                s->t.wrong_pvc++;
                fprintf(stderr, "soak: seed %llu: %s%s PVC k=%lld: outcome %d, size %d\n",
                        (unsigned long long)seed, s->solver[i].name, reduce ? "" : " --no-reduce",
                        (long long)k, outcome, size);
            }
        }
    /* a time limit that may expire mid-search: a valid cover, never below the optimum */
    for (int i = 0; gr->opt >= 0 && i < s->solvers; i++) {
        double saved = s->time_limit;
        s->time_limit = STOP_TIME_LIMIT;
        int32_t size;
        int outcome = run_one(s, &s->solver[i], g, (int)((seed + (uint64_t)i) % 2), -1, &size);
        s->time_limit = saved;
        if (outcome == SOLVE_STOPPED) { /* meant to happen: counted apart from real stops */
            s->t.stopped--;
            s->t.cut++;
        }
        if (outcome >= 0 && size >= 0 &&
            (outcome == SOLVE_OPTIMAL ? size != gr->opt : size < gr->opt)) {
            s->t.disagreements++;
            fprintf(stderr,
                    "soak: seed %llu: %s with a %g s limit: outcome %d, size %d, optimum %d\n",
                    (unsigned long long)seed, s->solver[i].name, STOP_TIME_LIMIT, outcome, size,
                    gr->opt);
        }
    }
    gr->runs = (int)(s->t.solves - before.solves);
    gr->stopped = (int)(s->t.stopped - before.stopped);
    gr->invalid = (int)(s->t.invalid - before.invalid);
    gr->disagreements = (int)(s->t.disagreements - before.disagreements);
    gr->wrong_pvc = (int)(s->t.wrong_pvc - before.wrong_pvc);
}

static int write_graph(const char *dir, uint64_t seed, const struct graph *g, int32_t opt)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/soak-%llu.gr", dir, (unsigned long long)seed);
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return -1;
    fprintf(f, "p td %d %lld\n", g->n, (long long)g->m);
    for (int32_t v = 0; v < g->n; v++)
        for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
            if (g->adj[i] > v)
                fprintf(f, "%d %d\n", v + 1, g->adj[i] + 1);
    if (fclose(f) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/optima.tsv", dir);
    f = fopen(path, "a");
    if (f == NULL)
        return -1;
    fprintf(f, "soak-%llu.gr\t%d\n", (unsigned long long)seed, opt);
    return fclose(f) != 0 ? -1 : 0;
}

static void add_solver(struct soak *s, enum solver_kind kind)
{
    struct solver_run *sr = &s->solver[s->solvers++];
    sr->kind = kind;
    sr->name = solver_name(kind);
}

static int usage(void)
{
    fprintf(stderr, "usage: soak [--count N] [--seed S] [--time-limit T] [--csv FILE] "
                    "[--write-every K --dir DIR]\n");
    return 2;
}

int main(int argc, char **argv)
{
    long count = 1000, write_every = 0;
    uint64_t first_seed = 1;
    const char *csv_path = NULL, *dir = NULL;
    struct soak s;
    memset(&s, 0, sizeof s);
    s.time_limit = 30;
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc)
            return usage();
        if (strcmp(argv[i], "--count") == 0)
            count = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--seed") == 0)
            first_seed = strtoull(argv[++i], NULL, 0);
        else if (strcmp(argv[i], "--time-limit") == 0)
            s.time_limit = strtod(argv[++i], NULL);
        else if (strcmp(argv[i], "--csv") == 0)
            csv_path = argv[++i];
        else if (strcmp(argv[i], "--write-every") == 0)
            write_every = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--dir") == 0)
            dir = argv[++i];
        else
            return usage();
    }
    if (count < 1 || (write_every > 0 && dir == NULL))
        return usage();

    add_solver(&s, SOLVER_SEQ);
    add_solver(&s, SOLVER_BNR);
    add_solver(&s, SOLVER_CLIQUE);
#ifdef HAVE_CUDA
    int gpus = gpu_device_count();
#else
    int gpus = 0;
#endif
    if (gpus > 0) {
        add_solver(&s, SOLVER_STACKONLY);
        add_solver(&s, SOLVER_HYBRID);
        add_solver(&s, SOLVER_CLIQUE_GPU);
    }
    add_solver(&s, SOLVER_AUTO);
    printf("soak: %ld graphs from seed %llu, %d solvers%s, time limit %.0f s per solve\n", count,
           (unsigned long long)first_seed, s.solvers,
           gpus > 0 ? "" : " (no CUDA device: the GPU solvers are left out)", s.time_limit);

    FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
    if (csv_path != NULL && csv == NULL) {
        fprintf(stderr, "soak: cannot write %s\n", csv_path);
        return 2;
    }
    if (csv != NULL)
        fprintf(csv, "seed,family,n,m,opt,brute_force,solves,stopped,invalid,disagreements,"
                     "wrong_pvc,seconds\n");
    int64_t family_count[FAMILIES] = {0};
    double start = clock_seconds();
    for (long i = 0; i < count; i++) {
        uint64_t seed = first_seed + (uint64_t)i;
        enum family f;
        struct graph *g = make_graph(seed, &f);
        if (g == NULL) {
            fprintf(stderr, "soak: out of memory\n");
            return 1;
        }
        family_count[f]++;
        double t0 = clock_seconds();
        struct graph_result gr;
        soak_graph(&s, g, seed, &gr);
        if (gr.brute >= 0 && gr.opt != gr.brute)
            s.t.disagreements++;
        if (csv != NULL)
            fprintf(csv, "%llu,%s,%d,%lld,%d,%d,%d,%d,%d,%d,%d,%.3f\n", (unsigned long long)seed,
                    family_name[f], g->n, (long long)g->m, gr.opt, gr.brute, gr.runs, gr.stopped,
                    gr.invalid, gr.disagreements, gr.wrong_pvc, clock_seconds() - t0);
        if (write_every > 0 && i % write_every == 0 && gr.opt >= 0 &&
            write_graph(dir, seed, g, gr.opt) != 0) {
            fprintf(stderr, "soak: cannot write into %s\n", dir);
            return 2;
        }
        graph_free(g);
        if ((i + 1) % 100 == 0)
            fprintf(stderr, "soak: %ld graphs, %lld solves, %.0f s\n", i + 1, (long long)s.t.solves,
                    clock_seconds() - start);
    }
    if (csv != NULL && fclose(csv) != 0) {
        fprintf(stderr, "soak: cannot write %s\n", csv_path);
        return 2;
    }

    printf("families:");
    for (int f = 0; f < FAMILIES; f++)
        printf(" %s %lld", family_name[f], (long long)family_count[f]);
    printf("\nsolver seconds (solves):");
    for (int i = 0; i < s.solvers; i++)
        printf(" %s %.1f (%lld)", s.solver[i].name, s.solver[i].seconds,
               (long long)s.solver[i].solves);
    printf("\nsolves %lld, stopped by the 1 ms limit %lld, stopped otherwise %lld, failures %lld, "
           "invalid covers %lld, disagreements %lld, "
           "wrong PVC answers %lld, %.0f s\n",
           (long long)s.t.solves, (long long)s.t.cut, (long long)s.t.stopped,
           (long long)s.t.failures, (long long)s.t.invalid, (long long)s.t.disagreements,
           (long long)s.t.wrong_pvc, clock_seconds() - start);
    return s.t.invalid || s.t.disagreements || s.t.wrong_pvc || s.t.failures ? 1 : 0;
}
