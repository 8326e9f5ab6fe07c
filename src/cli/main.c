/* mvc-gpu: reads a graph, runs the chosen mode, checks and prints the answer, sets the exit status.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "allocator.h"
#include "clock.h"
#include "cover.h"
#include "gpu.h"
#include "graph.h"
#include "greedy.h"
#include "input.h"
#include "max_clique.h"
#include "mvcgpu_internal.h"
#include "options.h"
#include "output_file.h"
#include "orbits.h"
#include "progress_printer.h"
#ifdef HAVE_MPI
#include "ranks.h"
#endif
#include "read.h"
#include "sat.h"
#include "shutdown.h"
#include "solve.h"
#include "stats.h"
#include "steiner.h"

/* Exit statuses, documented in --help, the man page and README. */
enum exit_status {
    EXIT_ANSWERED = 0,
    EXIT_FAILURE_RUNTIME = 1,
    EXIT_BAD_INPUT = 2,
    EXIT_NO_COVER = 3,
    EXIT_STOPPED = 4,
};

/* Where the answer and the statistics go: opened before any work, so a bad path costs nothing. */
struct sinks {
    struct output_file answer;
    struct output_file stats; /* stats.f NULL without --stats */
};

static int exit_for_status(int status)
{
    switch (status) {
    case MVC_EINPUT:
    case MVC_EIO:
    case MVC_EUNSUPPORTED: return EXIT_BAD_INPUT;
    default: return EXIT_FAILURE_RUNTIME;
    }
}

/* The library's errors carry the same codes (src/mvcgpu.h); internal ones are runtime failures. */
static int report_library_error(const mvcgpu_error *err, int status)
{
    fprintf(stderr, "mvc-gpu: %s%s\n", status == MVCGPU_EINTERNAL ? "internal error: " : "",
            err->message[0] ? err->message : mvcgpu_strerror(status));
    return status == MVCGPU_EINVAL ? EXIT_BAD_INPUT : exit_for_status(status);
}

/*
 * Solves through the library, as every embedding program does: a view of
 * the graph the command line read, settings that carry every option.
 */
static int solve_with_library(const struct graph *g, const struct mvcgpu_settings *settings,
                              mvcgpu_result **result, mvcgpu_error *err)
{
    mvcgpu_graph *view = NULL;
    int status = mvcgpu_graph_wrap(g, &view, err);
    if (status == MVCGPU_OK)
        status = mvcgpu_solve_settings(view, settings, result, err);
    mvcgpu_graph_free(view);
    return status;
}

static int report_error(const struct error *err, int status)
{
    fprintf(stderr, "mvc-gpu: %s\n", err->set ? err->message : "unknown error");
    return exit_for_status(status);
}

static void print_version(void)
{
    printf("mvc-gpu %s\n", PACKAGE_VERSION);
    printf("Licence: MIT (see the LICENSE file)\n");
#ifdef HAVE_CUDA
    char name[256];
    if (gpu_device_name(name, sizeof name) == 0) {
        int count = gpu_device_count();
        printf("CUDA: built in; device 0: %s\n", name);
        if (count > 1)
            printf("CUDA devices: %d (--gpus)\n", count);
    } else
        printf("CUDA: built in; no device found\n");
#else
    printf("CUDA: not built in (CPU solver only)\n");
#endif
#ifdef HAVE_MPI
    printf("MPI: built in; %d rank%s in this job\n", ranks_count(), ranks_count() > 1 ? "s" : "");
#else
    printf("MPI: not built in (one process)\n");
#endif
#ifdef HAVE_ZLIB
    printf("zlib: gzip-compressed input supported\n");
#else
    printf("zlib: not built in (.gz input refused)\n");
#endif
    if (orbits_available())
        printf("nauty: built in (bnr and the clique search branch on orbits of automorphisms)\n");
    else
        printf("nauty: not built in (no symmetry detection)\n");
    if (sat_engine_available(SAT_ENGINE_CADICAL))
        printf("CaDiCaL: built in (bound-sat's searches past the first, on more than 4 CPUs)\n");
    else
        printf("CaDiCaL: not built in (bound-sat's own CDCL only)\n");
}

/* Closes an output; a write that failed turns an answered run into a bad-output one. */
static int close_output(struct output_file *of, int code)
{
    return output_file_close(of) != 0 && code == EXIT_ANSWERED ? EXIT_BAD_INPUT : code;
}

/* The end of a run: what it wrote is flushed, what it never claimed is left as it was. */
static int close_sinks(struct sinks *s, int code)
{
    code = close_output(&s->answer, code);
    return close_output(&s->stats, code);
}

/*
 * Once the input is read the run is under way: its outputs are emptied, so
 * that one that ends without an answer (a runtime failure, a fallback answer
 * without statistics) leaves nothing of an earlier run's behind.
 */
static void claim_sinks(struct sinks *s)
{
    output_file_claim(&s->answer);
    output_file_claim(&s->stats);
}

static int open_sinks(const struct options *o, struct sinks *s)
{
    if (output_file_open(&s->answer, o->output ? o->output : "-", stdout, o->input) != 0)
        return EXIT_BAD_INPUT;
    if (output_file_open(&s->stats, o->stats, stderr, o->input) != 0) {
        output_file_close(&s->answer);
        return EXIT_BAD_INPUT;
    }
    if (output_file_same(&s->answer, &s->stats)) {
        fprintf(stderr, "mvc-gpu: -o %s and --stats=%s name the same file\n", o->output, o->stats);
        close_sinks(s, 0);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

static int load_graph(const struct options *o, struct graph **g, double *t_load, struct error *err)
{
    double t0 = clock_seconds();
    struct read_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.warnings = o->quiet ? NULL : stderr;
    if (o->format && graph_format_parse(o->format, &ro.format) != 0)
        return error_set(err, MVC_EUNSUPPORTED,
                         "unknown format '%s' (auto, pace, dimacs, stp, edges, mtx)", o->format);
    int status = graph_read(o->input, &ro, g, err);
    if (status != MVC_OK)
        return status;
    if (o->verbose)
        fprintf(stderr,
                "c read %s (%s): %ld vertices, %lld edges; %lld self-loops dropped, %lld "
                "repeated edges merged\n",
                o->input, graph_format_name(ro.detected), (long)(*g)->n, (long long)(*g)->m,
                (long long)(*g)->loops_dropped, (long long)(*g)->parallel_merged);
    if (o->complement) {
        struct graph *c = NULL;
        status = graph_complement(*g, o->complement_max_bytes, &c, err);
        if (status != MVC_OK)
            return status;
        c->labels = (*g)->labels;
        (*g)->labels = NULL;
        graph_free(*g);
        *g = c;
        if (o->verbose)
            fprintf(stderr, "c complement: %lld edges\n", (long long)c->m);
    }
    *t_load = clock_seconds() - t0;
    return MVC_OK;
}

/* load_graph, its error reported: 0, or the exit status (and *g NULL). */
static int load_graph_or_report(const struct options *o, struct graph **g, double *t_load)
{
    struct error err = {0};
    int status = load_graph(o, g, t_load, &err);
    if (status == MVC_OK)
        return 0;
    graph_free(*g);
    *g = NULL;
    return report_error(&err, status);
}

/* True when the readers renumbered the input's ids (edge lists not already 1..n). */
static int relabelled(const struct graph *g)
{
    if (g->labels == NULL)
        return 0;
    for (int32_t v = 0; v < g->n; v++)
        if (g->labels[v] != (int64_t)v + 1)
            return 1;
    return 0;
}

/* The input's id of each vertex chosen[] marks (every vertex for NULL). */
static void print_labels(FILE *out, const struct graph *g, const uint8_t *chosen, const char *what)
{
    fprintf(out,
            "c vertices are numbered 1..n in increasing order of the input's ids; "
            "\"c label V ID\" gives the input's id of each %s vertex\n",
            what);
    for (int32_t v = 0; v < g->n; v++)
        if (chosen == NULL || chosen[v])
            fprintf(out, "c label %ld %lld\n", (long)v + 1, (long long)g->labels[v]);
}

static const char *outcome_name(int outcome)
{
    switch (outcome) {
    case SOLVE_OPTIMAL: return "optimal";
    case SOLVE_FOUND: return "found";
    case SOLVE_NO_COVER: return "no-cover";
    case SOLVE_STOPPED: return "stopped";
    }
    return "error";
}

static const char *stop_cause(void)
{
    switch (shutdown_signal()) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGALRM: return "the time limit";
    }
    return "the time limit";
}

/* What the watcher knows while the input is still being read: no answer exists yet. */
struct unread_input {
    const char *input;
    const struct sinks *sinks;
};

/*
 * A stop signal that comes while the input is still being read (a pipe that
 * waits, a terminal, a huge file) ends the run at once, since nothing can be
 * answered yet; the outputs stay as they were. The time limit does not: the
 * run reads to the end and answers with what its linear passes give.
 */
static int abandon_unread_input(void *arg)
{
    const struct unread_input *u = arg;
    if (shutdown_signal() == SIGALRM)
        return -1;
    output_file_forget(&u->sinks->answer);
    output_file_forget(&u->sinks->stats);
    fprintf(stderr, "mvc-gpu: %s: stopped by %s before the input was read: no answer\n",
            input_name_of(u->input), stop_cause());
    return EXIT_STOPPED;
}

/* The cover lines: "c clique" with --complement, labels, then "s vc" and the vertices. */
static void write_cover(FILE *out, const struct options *o, const struct graph *g,
                        const struct cover *c)
{
    if (o->complement) {
        fprintf(out, "c clique %ld", (long)(c->n - c->size));
        for (int32_t v = 0; v < c->n; v++)
            if (!c->in[v])
                fprintf(out, " %ld", (long)v + 1);
        fputc('\n', out);
    }
    if (relabelled(g)) /* with --complement the clique line's vertices need theirs too */
        print_labels(out, g, o->complement ? NULL : c->in,
                     o->complement ? "cover and clique" : "cover");
    cover_write_pace(out, c);
}

/*
 * The answer of a stopped vertex cover run. PVC prints a cover only when it
 * has at most K vertices: a script reading "s vc" must never take a larger
 * one for the answer.
 */
static int write_stopped_cover(FILE *out, const struct options *o, const struct graph *g,
                               const struct cover *c, double t_total, int32_t lower_bound)
{
    int64_t k = o->solve.k;
    fprintf(out, "c stopped by %s after %.2f s: best cover found has %ld vertices, ", stop_cause(),
            t_total, (long)c->size);
    if (k >= 0 && c->size > k) {
        fprintf(out, "more than k = %lld: no answer\n", (long long)k);
        if (lower_bound > 0)
            fprintf(out, "c lower bound %ld\n", (long)lower_bound);
        return EXIT_STOPPED;
    }
    if (k >= 0) {
        fprintf(out, "at most k = %lld\n", (long long)k);
        write_cover(out, o, g, c);
        return EXIT_ANSWERED; /* a cover of at most K answers PVC, proven or not */
    }
    fputs("not proven minimum\n", out);
    if (lower_bound > 0)
        fprintf(out, "c lower bound %ld\n", (long)lower_bound);
    write_cover(out, o, g, c);
    return EXIT_STOPPED;
}

/* What the shutdown watcher needs to write an answer if the solvers do not answer in time. */
struct fallback {
    const struct options *o;
    const struct graph *g;
    struct output_file *out;
    double t_start;
};

static int write_cover_fallback(void *arg)
{
    const struct fallback *f = arg;
    struct cover c = {0};
    struct error err = {0};
    /* a greedy cover: linear in the graph, so it is ready well inside the second */
    if (greedy_cover(f->g, &c, &err) != MVC_OK || cover_check(f->g, &c, &err) != MVC_OK) {
        fprintf(stderr, "mvc-gpu: stopped, and no cover could be made: %s\n", err.message);
        return EXIT_FAILURE_RUNTIME;
    }
    fprintf(f->out->f, "c mvc-gpu %s: the solvers did not stop in time; a greedy cover follows\n",
            PACKAGE_VERSION);
    int code = write_stopped_cover(f->out->f, f->o, f->g, &c, clock_seconds() - f->t_start, 0);
    cover_free(&c);
    return code;
}

/*
 * The start of a solving run: the graph read, the run's facts noted, and the
 * watcher told how to answer on its own. Returns 0, or the exit status.
 */
static int begin_run(const struct options *o, const char *mode, struct graph **g,
                     struct run_info *run, struct fallback *fallback, shutdown_fallback_fn write,
                     struct sinks *sinks, double t_start)
{
    *run = (struct run_info){.input = o->input, .k = o->solve.k, .mode = mode};
    int code = load_graph_or_report(o, g, &run->t_load);
    if (code != 0)
        return code;
    /* a GPU solver without a device is refused before the outputs are touched */
    struct error unavailable = {0};
    int status = solver_available(o->solve.solver, &unavailable);
    if (status != MVC_OK) {
        graph_free(*g);
        *g = NULL;
        return report_error(&unavailable, status);
    }
    claim_sinks(sinks);
    run->n = (*g)->n;
    run->m = (*g)->m;
    *fallback = (struct fallback){o, *g, &sinks->answer, t_start};
    shutdown_set_fallback(write, fallback);
    return 0;
}

/*
 * What the progress printer prints: lines when asked for or when stderr is a
 * terminal, the solvers' details with --verbose.
 */
static int progress_what(const struct options *o)
{
    int lines = !o->quiet && (o->progress || isatty(STDERR_FILENO));
    return (lines ? PROGRESS_PRINT_LINES : 0) | (o->verbose ? PROGRESS_PRINT_MESSAGES : 0);
}

static int run_cover(const struct options *o, struct sinks *sinks, double t_start)
{
    struct graph *g = NULL;
    struct run_info run;
    struct fallback fallback;
    int begun = begin_run(o, o->solve.k >= 0 ? "pvc" : "mvc", &g, &run, &fallback,
                          write_cover_fallback, sinks, t_start);
    if (begun != 0)
        return begun;

    struct solve_opts so = o->solve;
    so.deadline = deadline_after(o->time_limit, shutdown_flag());
    int what = progress_what(o);
    struct progress_printer *printer = what ? progress_printer_start(stderr, what) : NULL;
    so.report = progress_printer_scope(printer);
    struct mvcgpu_settings settings;
    mvcgpu_settings_default(&settings);
    settings.problem = o->solve.k >= 0 ? MVCGPU_PVC : MVCGPU_MVC;
    settings.k = o->solve.k;
    settings.solve = so;
    mvcgpu_result *result = NULL;
    mvcgpu_error lerr = {0};
    int status_solve = solve_with_library(g, &settings, &result, &lerr);
    progress_printer_stop(printer);
    shutdown_claim_output();
    if (status_solve != MVCGPU_OK) {
        graph_free(g);
        return report_library_error(&lerr, status_solve);
    }
    /* the library checked the cover against the graph: an invalid one is MVCGPU_EINTERNAL */
    int outcome = (int)mvcgpu_result_status(result);
    const struct cover *cover = mvcgpu_result_cover(result);
    const struct solve_stats st = *mvcgpu_result_solve_stats(result);
    run.outcome = outcome_name(outcome);
    run.t_total = clock_seconds() - t_start;

    FILE *out = sinks->answer.f;
    int code = EXIT_ANSWERED;
    fprintf(out, "c mvc-gpu %s, solver %s\n", PACKAGE_VERSION, st.solver ? st.solver : "?");
    switch (outcome) {
    case SOLVE_OPTIMAL:
        fprintf(out, "c minimum vertex cover, size %ld (proven)\n", (long)cover->size);
        write_cover(out, o, g, cover);
        break;
    case SOLVE_FOUND:
        fprintf(out, "c vertex cover of size %ld <= k = %lld\n", (long)cover->size,
                (long long)o->solve.k);
        write_cover(out, o, g, cover);
        break;
    case SOLVE_NO_COVER:
        fprintf(out, "c no vertex cover of size <= k = %lld exists (proven)\n",
                (long long)o->solve.k);
        code = EXIT_NO_COVER;
        break;
    case SOLVE_STOPPED:
        code = write_stopped_cover(out, o, g, cover, run.t_total, st.lower_bound);
        break;
    }
    if (sinks->stats.f != NULL)
        stats_write_json(sinks->stats.f, &run, &st);
    mvcgpu_result_free(result);
    graph_free(g);
    return code;
}

/* The clique lines: labels, then "s clique N SIZE" and the vertices. */
static void write_clique(FILE *out, const struct graph *g, const struct clique *c)
{
    if (relabelled(g)) {
        uint8_t *in = calloc((size_t)g->n + 1, 1);
        if (in != NULL) {
            for (int32_t i = 0; i < c->size; i++)
                in[c->vertices[i]] = 1;
            print_labels(out, g, in, "clique");
            free(in);
        }
    }
    clique_write(out, c);
}

/* A maximum clique answers --clique; with --k K, one of at least K vertices. */
static int write_clique_answer(FILE *out, const struct options *o, const struct graph *g,
                               const struct clique *c, int outcome, double t_total)
{
    int64_t k = o->solve.k;
    switch (outcome) {
    case SOLVE_OPTIMAL: fprintf(out, "c maximum clique, size %ld (proven)\n", (long)c->size); break;
    case SOLVE_FOUND:
        fprintf(out, "c clique of size %ld >= k = %lld\n", (long)c->size, (long long)k);
        break;
    case SOLVE_NO_COVER:
        fprintf(out, "c no clique of size >= k = %lld exists (proven)\n", (long long)k);
        return EXIT_NO_COVER;
    case SOLVE_STOPPED:
        fprintf(out, "c stopped by %s after %.2f s: largest clique found has %ld vertices, ",
                stop_cause(), t_total, (long)c->size);
        if (k >= 0 && c->size < k) {
            fprintf(out, "fewer than k = %lld: no answer\n", (long long)k);
            return EXIT_STOPPED;
        }
        if (k >= 0) {
            fprintf(out, "at least k = %lld\n", (long long)k);
            write_clique(out, g, c);
            return EXIT_ANSWERED;
        }
        fputs("not proven maximum\n", out);
        write_clique(out, g, c);
        return EXIT_STOPPED;
    }
    write_clique(out, g, c);
    return EXIT_ANSWERED;
}

/* Grows a clique greedily from a vertex of largest degree: linear in the graph. */
static int greedy_clique(const struct graph *g, struct clique *c)
{
    c->n = g->n;
    c->size = 0;
    c->vertices = malloc(((size_t)g->n + 1) * sizeof *c->vertices);
    uint8_t *candidate = calloc((size_t)g->n + 1, 1);
    if (c->vertices == NULL || candidate == NULL) {
        free(candidate);
        return MVC_ENOMEM;
    }
    if (g->n == 0) {
        free(candidate);
        return MVC_OK;
    }
    int32_t v = 0;
    for (int32_t u = 1; u < g->n; u++)
        if (graph_degree(g, u) > graph_degree(g, v))
            v = u;
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
        candidate[g->adj[e]] = 1;
    c->vertices[c->size++] = v;
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
        int32_t u = g->adj[e];
        if (!candidate[u])
            continue;
        int joins = 1;
        for (int32_t i = 0; i < c->size && joins; i++)
            joins = graph_has_edge(g, u, c->vertices[i]);
        if (joins)
            c->vertices[c->size++] = u;
    }
    free(candidate);
    for (int32_t i = 1; i < c->size; i++) /* increasing, as the answer lists them */
        for (int32_t j = i; j > 0 && c->vertices[j - 1] > c->vertices[j]; j--) {
            int32_t t = c->vertices[j];
            c->vertices[j] = c->vertices[j - 1];
            c->vertices[j - 1] = t;
        }
    return MVC_OK;
}

static int write_clique_fallback(void *arg)
{
    const struct fallback *f = arg;
    struct clique c = {0};
    struct error err = {0};
    if (greedy_clique(f->g, &c) != MVC_OK || clique_check(f->g, &c, &err) != MVC_OK) {
        clique_free(&c);
        fprintf(stderr, "mvc-gpu: stopped, and no clique could be made\n");
        return EXIT_FAILURE_RUNTIME;
    }
    fprintf(f->out->f, "c mvc-gpu %s: the solvers did not stop in time; a greedy clique follows\n",
            PACKAGE_VERSION);
    int code =
        write_clique_answer(f->out->f, f->o, f->g, &c, SOLVE_STOPPED, clock_seconds() - f->t_start);
    clique_free(&c);
    return code;
}

static int run_clique(const struct options *o, struct sinks *sinks, double t_start)
{
    struct graph *g = NULL;
    struct run_info run;
    struct fallback fallback;
    int begun = begin_run(o, o->solve.k >= 0 ? "clique-k" : "clique", &g, &run, &fallback,
                          write_clique_fallback, sinks, t_start);
    if (begun != 0)
        return begun;

    struct mvcgpu_settings settings;
    mvcgpu_settings_default(&settings);
    settings.problem = o->solve.k >= 0 ? MVCGPU_CLIQUE_AT_LEAST : MVCGPU_MAX_CLIQUE;
    settings.k = o->solve.k;
    settings.solve = o->solve;
    settings.solve.k = -1;
    settings.solve.deadline = deadline_after(o->time_limit, shutdown_flag());
    settings.clique.complement_max_bytes = o->complement_max_bytes;
    /* the board's covers are the complement's */
    int what = progress_what(o);
    struct progress_printer *printer =
        what ? progress_printer_start_cliques(stderr, what, g->n) : NULL;
    settings.solve.report = progress_printer_scope(printer);
    mvcgpu_result *result = NULL;
    mvcgpu_error lerr = {0};
    int status_solve = solve_with_library(g, &settings, &result, &lerr);
    progress_printer_stop(printer);
    shutdown_claim_output();
    if (status_solve != MVCGPU_OK) {
        graph_free(g);
        return report_library_error(&lerr, status_solve);
    }
    /* the library checked the clique against the graph: an invalid one is MVCGPU_EINTERNAL */
    int outcome = (int)mvcgpu_result_status(result);
    const struct max_clique_stats st = *mvcgpu_result_max_clique_stats(result);
    const struct clique *clique = mvcgpu_result_clique(result);
    /* proven: no clique of k vertices (the cover problem's "no-cover", in clique words) */
    run.outcome = outcome == SOLVE_NO_COVER ? "no-clique" : outcome_name(outcome);
    run.t_total = clock_seconds() - t_start;
    FILE *out = sinks->answer.f;
    fprintf(out, "c mvc-gpu %s, maximum clique by the %s path\n", PACKAGE_VERSION,
            st.path ? st.path : "?");
    int code = write_clique_answer(out, o, g, clique, outcome, run.t_total);
    if (sinks->stats.f != NULL)
        stats_write_clique_json(sinks->stats.f, &run, &st, clique->size);
    mvcgpu_result_free(result);
    graph_free(g);
    return code;
}

/*
 * Seconds the improvement phase may run, counted from the start of the solve;
 * 0 for no budget of its own (--time-limit and signals still end it, through
 * the stop flag). Unless --improve-time sets it: until the time limit when
 * one is given, without a budget when --improve asks for the phase, else 5 s.
 */
static double steiner_improve_budget(const struct options *o)
{
    if (o->improve_time > 0)
        return o->improve_time;
    if (o->time_limit > 0 || o->improve > 0)
        return 0;
    return STEINER_IMPROVE_DEFAULT_SECONDS;
}

/*
 * Stdout holds the answer in PACE 2018 form alone (VALUE first, as that form
 * requires); how it was found goes to stderr, with --verbose.
 */
static int run_steiner(const struct options *o, struct sinks *sinks, double t_start)
{
    struct graph *g = NULL;
    double t_load = 0;
    int code = load_graph_or_report(o, &g, &t_load);
    if (code != 0)
        return code;
    shutdown_set_fallback(NULL, NULL); /* a stopped construction answers by itself */
    struct steiner_opts so;
    steiner_opts_default(&so);
    so.algo = steiner_algo_parse(o->steiner_algo);
    so.sssp = steiner_sssp_parse(o->sssp);
    so.use_gpu = o->steiner_gpu;
    so.mst = o->steiner_mst;
    so.improve = o->improve != 0;
    double improve_budget = steiner_improve_budget(o);
    so.deadline = deadline_after(improve_budget, shutdown_flag());
    struct steiner_stats st;
    memset(&st, 0, sizeof st);
    struct steiner_tree tree = {0};
    struct error err = {0};
    int what = progress_what(o);
    struct progress_printer *printer =
        what ? progress_printer_start(stderr, what | PROGRESS_PRINT_WEIGHTS) : NULL;
    so.report = progress_printer_scope(printer);
    int status = steiner_solve(g, &so, &tree, &st, &err);
    progress_printer_stop(printer);
    shutdown_claim_output();
    if (status != MVC_OK) {
        graph_free(g);
        steiner_tree_free(&tree);
        if (status != MVC_EINPUT) {
            claim_sinks(sinks); /* a runtime failure leaves nothing of an earlier run's */
            return report_error(&err, status);
        }
        /* terminals missing or cut off: an input error, which leaves the outputs as they were */
        fprintf(stderr, "mvc-gpu: %s: %s\n", input_name_of(o->input), err.message);
        return EXIT_BAD_INPUT;
    }
    claim_sinks(sinks);
    if (steiner_check(g, &tree, &err) != MVC_OK) {
        fprintf(stderr, "mvc-gpu: internal error: the Steiner tree is invalid: %s\n", err.message);
        graph_free(g);
        steiner_tree_free(&tree);
        return EXIT_FAILURE_RUNTIME;
    }
    code = flag_raised(shutdown_flag()) ? EXIT_STOPPED : EXIT_ANSWERED;
    if (o->verbose) {
        fprintf(stderr, "c Steiner tree by %s on the %s (%s)\n", st.algo, st.device, st.sssp);
        if (so.improve)
            fprintf(stderr, "c weight %lld after construction, %lld after improvement%s\n",
                    (long long)st.weight_constructed, (long long)st.weight,
                    st.improve_interrupted ? " (stopped early)" : "");
    }
    if (code == EXIT_STOPPED && !o->quiet)
        fprintf(stderr,
                "mvc-gpu: stopped by %s: the tree is valid, its improvement was cut short\n",
                stop_cause());
    steiner_write_pace(sinks->answer.f, &tree);
    if (sinks->stats.f != NULL)
        stats_write_steiner_json(sinks->stats.f, o->input, g, t_load, clock_seconds() - t_start,
                                 improve_budget, &st);
    steiner_tree_free(&tree);
    graph_free(g);
    return code;
}

/* --check on a Steiner answer: read it, then the same check every computed tree passes. */
static int check_steiner_answer(const struct options *o, const struct graph *g)
{
    struct error err = {0};
    struct steiner_tree tree = {0};
    int status = steiner_read_pace(o->cover_file, g, &tree, &err);
    if (status != MVC_OK)
        return report_error(&err, status);
    int code = EXIT_ANSWERED;
    if (steiner_check(g, &tree, &err) == MVC_OK) {
        if (!o->quiet)
            printf("c valid Steiner tree of weight %lld with %lld edges\n", (long long)tree.weight,
                   (long long)tree.n_edges);
    } else {
        fprintf(stderr, "mvc-gpu: %s: not a Steiner tree of %s: %s\n", input_name_of(o->cover_file),
                input_name_of(o->input), err.message);
        code = EXIT_NO_COVER;
    }
    steiner_tree_free(&tree);
    return code;
}

/*
 * The verdict of --check on an answer that was read: valid (and within --k),
 * or why not. kind names the kind of answer, up to the input's name ("vertex
 * cover of "); too_big says whether its size breaks --k, in which direction
 * words it.
 */
static int check_verdict(const struct options *o, const char *kind, int valid,
                         const struct error *err, int32_t size, int too_big, const char *bound)
{
    char what[600];
    snprintf(what, sizeof what, "%s%s", kind, input_name_of(o->input));
    const char *answer = input_name_of(o->cover_file);
    if (!valid) {
        fprintf(stderr, "mvc-gpu: %s: not a %s: %s\n", answer, what, err->message);
        return EXIT_NO_COVER;
    }
    if (too_big) {
        fprintf(stderr, "mvc-gpu: %s: a %s, but of %ld vertices, %s k = %lld\n", answer, what,
                (long)size, bound, (long long)o->solve.k);
        return EXIT_NO_COVER;
    }
    if (!o->quiet)
        printf("c valid %s, size %ld\n", what, (long)size);
    return EXIT_ANSWERED;
}

static int check_cover_answer(const struct options *o, const struct graph *g)
{
    struct error err = {0};
    struct cover c = {0};
    int status = cover_read_pace(o->cover_file, g->n, &c, &err);
    if (status != MVC_OK)
        return report_error(&err, status);
    const char *kind = o->complement ? "vertex cover of the complement of " : "vertex cover of ";
    int valid = cover_check(g, &c, &err) == MVC_OK;
    int code = check_verdict(o, kind, valid, &err, c.size, o->solve.k >= 0 && c.size > o->solve.k,
                             "more than");
    cover_free(&c);
    return code;
}

static int check_clique_answer(const struct options *o, const struct graph *g)
{
    struct error err = {0};
    struct clique c = {0};
    int status = clique_read(o->cover_file, g->n, &c, &err);
    if (status != MVC_OK)
        return report_error(&err, status);
    int valid = clique_check(g, &c, &err) == MVC_OK;
    int code = check_verdict(o, "clique of ", valid, &err, c.size,
                             o->solve.k >= 0 && c.size < o->solve.k, "fewer than");
    clique_free(&c);
    return code;
}

/* Answers for a graph with terminals, or with --steiner, are Steiner trees; otherwise covers or
 * cliques. */
static int run_check(const struct options *o)
{
    struct graph *g = NULL;
    double t_load;
    int code = load_graph_or_report(o, &g, &t_load);
    if (code != 0)
        return code;
    if (o->check == CHECK_CLIQUE)
        code = check_clique_answer(o, g);
    else if (o->check == CHECK_STEINER || (g->n_terminals > 0 && !o->complement))
        code = o->solve.k >= 0 ? (fprintf(stderr,
                                          "mvc-gpu: --k does not apply to Steiner "
                                          "trees (%s has terminals)\n",
                                          o->input),
                                  EXIT_BAD_INPUT)
                               : check_steiner_answer(o, g);
    else
        code = check_cover_answer(o, g);
    graph_free(g);
    return code;
}

/* The format --write-format names, or the one the file's suffix suggests (PACE by default). */
static int write_format_for(const struct options *o, enum graph_format *f)
{
    if (input_name_ends_with(o->write_path, ".gz")) {
        fprintf(stderr,
                "mvc-gpu: --write %s: the output is not compressed; name the file without "
                ".gz, or pipe --write - through gzip\n",
                o->write_path);
        return EXIT_BAD_INPUT;
    }
    if (o->write_format) {
        if (graph_format_parse(o->write_format, f) != 0 || *f == GRAPH_FORMAT_AUTO) {
            fprintf(stderr,
                    "mvc-gpu: unknown --write-format '%s' (pace, dimacs, stp, edges, mtx)\n",
                    o->write_format);
            return EXIT_BAD_INPUT;
        }
        return 0;
    }
    static const struct {
        const char *suffix;
        enum graph_format format;
    } suffixes[] = {
        {".gr", GRAPH_FORMAT_PACE},    {".clq", GRAPH_FORMAT_DIMACS},
        {".col", GRAPH_FORMAT_DIMACS}, {".dimacs", GRAPH_FORMAT_DIMACS},
        {".stp", GRAPH_FORMAT_STP},    {".mtx", GRAPH_FORMAT_MTX},
        {".txt", GRAPH_FORMAT_EDGES},  {".edges", GRAPH_FORMAT_EDGES},
        {".el", GRAPH_FORMAT_EDGES},
    };
    *f = GRAPH_FORMAT_PACE;
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
        if (input_name_ends_with(o->write_path, suffixes[i].suffix))
            *f = suffixes[i].format;
    return 0;
}

/* Whether dropping g's weights loses anything: all of them 1 is the unweighted graph. */
static int has_weights_other_than_one(const struct graph *g)
{
    if (g->weights == NULL)
        return 0;
    for (int64_t i = 0; i < 2 * g->m; i++)
        if (g->weights[i] != 1)
            return 1;
    return 0;
}

/* What the format chosen for --write cannot hold is said, not dropped in silence. */
static void warn_unwritten(const struct graph *g, enum graph_format format)
{
    if (g->n_terminals > 0 && format != GRAPH_FORMAT_STP)
        fprintf(stderr,
                "mvc-gpu: warning: the %ld terminals are not written: the %s format holds "
                "none (stp does)\n",
                (long)g->n_terminals, graph_format_name(format));
    if (has_weights_other_than_one(g) &&
        (format == GRAPH_FORMAT_PACE || format == GRAPH_FORMAT_DIMACS))
        fprintf(stderr,
                "mvc-gpu: warning: the edge weights are not written: the %s format holds none\n",
                graph_format_name(format));
    if (format == GRAPH_FORMAT_EDGES) {
        int32_t isolated = 0;
        for (int32_t v = 0; v < g->n; v++)
            isolated += graph_degree(g, v) == 0;
        if (g->m == 0 && g->n > 0)
            fprintf(stderr, "mvc-gpu: warning: the graph has no edge: the edge list written "
                            "holds none, and reads back as no graph\n");
        else if (isolated > 0)
            fprintf(stderr,
                    "mvc-gpu: warning: %ld isolated vertices are not written: an edge list "
                    "holds only edges\n",
                    (long)isolated);
    }
}

static int run_write(const struct options *o)
{
    enum graph_format format;
    int code = write_format_for(o, &format);
    if (code != 0)
        return code;
    struct output_file out;
    if (output_file_open(&out, o->write_path, stdout, o->input) != 0)
        return EXIT_BAD_INPUT;
    struct graph *g = NULL;
    double t_load;
    code = load_graph_or_report(o, &g, &t_load);
    if (code != 0) {
        output_file_close(&out);
        return code;
    }
    output_file_claim(&out);
    if (!o->quiet)
        warn_unwritten(g, format);
    code = graph_write(out.f, g, format) == 0 ? EXIT_ANSWERED : EXIT_BAD_INPUT;
    if (code == EXIT_ANSWERED && o->verbose)
        fprintf(stderr, "c wrote %s (%s): %ld vertices, %lld edges\n", o->write_path,
                graph_format_name(format), (long)g->n, (long long)g->m);
    graph_free(g);
    return close_output(&out, code);
}

#ifdef HAVE_CUDA
/*
 * Whether an NVIDIA driver is there at all (its control device, or WSL's),
 * asked without starting the CUDA runtime: counting the devices starts it,
 * which took every run given a GPU option 0.25 s on the H100 machine before
 * the solve began, small graphs included.
 */
static int nvidia_driver_present(void)
{
    return access("/dev/nvidiactl", F_OK) == 0 || access("/dev/dxg", F_OK) == 0;
}
#endif

/* GPU tuning options only tune a GPU: without one they are ignored, and the user hears why. */
static void warn_gpu_option(const struct options *o, const char *why)
{
    fprintf(stderr, "mvc-gpu: warning: %s has no effect: %s\n", o->gpu_option, why);
}

/*
 * GPU options where no device can take them: a warning before the run where
 * no driver is there, else after it (warn_unused_gpu_options_after).
 */
static void warn_unused_gpu_options(const struct options *o)
{
    if (o->gpu_option == NULL || o->quiet)
        return;
#ifdef HAVE_CUDA
    if (!nvidia_driver_present())
        warn_gpu_option(o, "no CUDA device was found");
#else
    warn_gpu_option(o, "this mvc-gpu was built without CUDA");
#endif
}

#ifdef HAVE_CUDA
/*
 * Where a driver is there, the devices are counted once the run has started
 * the CUDA runtime itself (then the count costs nothing): a run that never
 * needed the GPU is not slowed to warn about options it did not use.
 */
static void warn_unused_gpu_options_after(const struct options *o)
{
    if (o->gpu_option != NULL && !o->quiet && nvidia_driver_present() && gpu_warm_up_done() &&
        gpu_device_count() == 0)
        warn_gpu_option(o, "no CUDA device was found");
}
#endif

#ifdef HAVE_CUDA
/*
 * Solvers that start the GPU whatever the graph (auto starts it itself, only
 * for a component the CPU does not finish at once).
 */
static int uses_gpu(const struct solve_opts *o)
{
    /* without reduction auto is the GPU hybrid */
    return solver_needs_gpu(o->solver) || (o->solver == SOLVER_AUTO && !o->reduce);
}
#endif

/* The exit status of a run that only printed to standard output (--help, --version). */
static int stdout_flushed(void)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return EXIT_ANSWERED;
    fprintf(stderr, "mvc-gpu: standard output: %s\n", strerror(errno));
    return EXIT_BAD_INPUT;
}

int main(int argc, char **argv)
{
    double t_start = clock_seconds();
    allocator_keep_freed();
    /* a SIGTERM while the program starts waits for the watcher, which answers it */
    shutdown_hold_signals();
#ifdef HAVE_MPI
    int served = ranks_start(&argc, &argv);
    if (served >= 0)
        return served; /* a rank other than 0: it served rank 0's searches */
#endif
    struct options o;
    if (options_parse(&o, argc, argv, isatty(STDIN_FILENO)) != 0)
        return EXIT_BAD_INPUT;
#ifdef HAVE_MPI
    if (ranks_count() > 1 && o.solve.threads == 0)
        o.solve.threads = ranks_threads(); /* the host's CPUs are shared with its other ranks */
#endif
    if (o.mode != MODE_COVER && o.mode != MODE_CLIQUE && o.mode != MODE_STEINER)
        shutdown_release_signals(); /* no watcher in these modes: signals act as usual */
    switch (o.mode) {
    case MODE_HELP: options_print_help(stdout); return stdout_flushed();
    case MODE_VERSION: print_version(); return stdout_flushed();
    case MODE_CHECK: return run_check(&o);
    case MODE_WRITE: return run_write(&o);
    case MODE_COVER:
    case MODE_CLIQUE:
    case MODE_STEINER: break;
    }
    struct sinks sinks;
    int code = open_sinks(&o, &sinks);
    if (code != 0)
        return code;
    struct unread_input unread = {o.input, &sinks};
    shutdown_set_fallback(abandon_unread_input, &unread); /* until the input is read */
    if (shutdown_start(o.time_limit) != 0) {
        fprintf(stderr, "mvc-gpu: cannot start the signal watcher: %s\n", strerror(errno));
        return close_sinks(&sinks, EXIT_FAILURE_RUNTIME);
    }
    warn_unused_gpu_options(&o);
    if (o.mode == MODE_STEINER)
        return close_sinks(&sinks, run_steiner(&o, &sinks, t_start));
#ifdef HAVE_CUDA
    if (o.mode == MODE_COVER && uses_gpu(&o.solve))
        gpu_warm_up_start();
#endif
    code = o.mode == MODE_CLIQUE ? run_clique(&o, &sinks, t_start) : run_cover(&o, &sinks, t_start);
    code = close_sinks(&sinks, code);
#ifdef HAVE_CUDA
    if (gpu_warm_up_running() || gpu_warm_up_done()) {
        warn_unused_gpu_options_after(&o);
        /*
         * The CUDA runtime was started: the answer is written, so the
         * process ends here. Returning would run the runtime's exit
         * handlers, which must not run while its start-up is still under
         * way on the other thread, and which tear the device's context
         * down, which the driver does with the process anyway: on the H100
         * machine vc-exact_119, solved on the CPU in 0.09 s after the
         * start-up had ended, took 0.23 s in all with them and 0.10 s
         * without.
         */
        fflush(NULL);
#ifdef HAVE_MPI
        ranks_end();
#endif
        _exit(code);
    }
#endif
    return code;
}
