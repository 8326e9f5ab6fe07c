/* mvc-gpu: reads a graph, runs the chosen mode, checks and prints the answer, sets the exit status. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "config.h"
#include "clock.h"
#include "cover.h"
#include "gpu.h"
#include "graph.h"
#include "options.h"
#include "read.h"
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

static volatile sig_atomic_t stop_requested;
static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
    stop_requested = 1;
    stop_signal = sig;
}

/* SIGINT, SIGTERM and the --time-limit alarm all just raise the flag the solvers poll. */
static void install_stop_handlers(double time_limit)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGALRM, &sa, NULL);
    if (time_limit > 0) {
        struct itimerval timer;
        memset(&timer, 0, sizeof timer);
        timer.it_value.tv_sec = (time_t)time_limit;
        timer.it_value.tv_usec = (suseconds_t)((time_limit - (double)(time_t)time_limit) * 1e6);
        if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0)
            timer.it_value.tv_usec = 1;
        setitimer(ITIMER_REAL, &timer, NULL);
    }
}

static int exit_for_status(int status)
{
    switch (status) {
    case MVC_EINPUT:
    case MVC_EIO:
    case MVC_EUNSUPPORTED:
        return EXIT_BAD_INPUT;
    default:
        return EXIT_FAILURE_RUNTIME;
    }
}

static int report_error(const struct error *err, int status)
{
    fprintf(stderr, "mvc-gpu: %s\n", err->set ? err->message : "unknown error");
    return exit_for_status(status);
}

static void print_version(void)
{
    printf("mvc-gpu %s\n", PACKAGE_VERSION);
#ifdef HAVE_CUDA
    char name[256];
    if (gpu_device_name(name, sizeof name) == 0)
        printf("CUDA: built in; device 0: %s\n", name);
    else
        printf("CUDA: built in; no device found\n");
#else
    printf("CUDA: not built in (CPU solver only)\n");
#endif
#ifdef HAVE_ZLIB
    printf("zlib: gzip-compressed input supported\n");
#else
    printf("zlib: not built in (.gz input refused)\n");
#endif
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

static FILE *open_output(const char *path)
{
    if (path == NULL || strcmp(path, "-") == 0)
        return stdout;
    FILE *f = fopen(path, "w");
    if (f == NULL)
        perror(path);
    return f;
}

static void print_clique(FILE *out, const struct cover *c)
{
    fprintf(out, "c clique %ld", (long)(c->n - c->size));
    for (int32_t v = 0; v < c->n; v++)
        if (!c->in[v])
            fprintf(out, " %ld", (long)v + 1);
    fputc('\n', out);
}

static void print_labels(FILE *out, const struct graph *g, const struct cover *c)
{
    fputs("c vertices are numbered 1..n in increasing order of the input's ids; "
          "\"c label V ID\" gives the input's id of each cover vertex\n",
          out);
    for (int32_t v = 0; v < c->n; v++)
        if (c->in[v])
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

static int write_stats(const struct options *o, const struct run_info *run,
                       const struct solve_stats *st)
{
    if (o->stats == NULL)
        return 0;
    FILE *f = strcmp(o->stats, "-") == 0 ? stderr : fopen(o->stats, "w");
    if (f == NULL) {
        perror(o->stats);
        return -1;
    }
    stats_write_json(f, run, st);
    if (f != stderr && fclose(f) != 0) {
        perror(o->stats);
        return -1;
    }
    return 0;
}

static int run_cover(const struct options *o, double t_start)
{
    struct error err = {0};
    struct graph *g = NULL;
    struct run_info run = {.input = o->input, .k = o->solve.k};
    run.mode = o->solve.k >= 0 ? "pvc" : "mvc";
    int status = load_graph(o, &g, &run.t_load, &err);
    if (status != MVC_OK) {
        graph_free(g);
        return report_error(&err, status);
    }
    run.n = g->n;
    run.m = g->m;

    struct solve_opts so = o->solve;
    so.stop = &stop_requested;
    if (!o->quiet && isatty(STDERR_FILENO))
        so.progress = 1;
    struct solve_stats st;
    memset(&st, 0, sizeof st);
    struct cover cover = {0};
    int outcome = solve_cover(g, &so, &cover, &st, &err);
    if (outcome < 0) {
        cover_free(&cover);
        graph_free(g);
        return report_error(&err, outcome);
    }
    run.outcome = outcome_name(outcome);
    run.t_total = clock_seconds() - t_start;

    /* Every cover printed is checked against the graph first: a wrong answer is never printed. */
    if (outcome != SOLVE_NO_COVER && cover_check(g, &cover, &err) != MVC_OK) {
        fprintf(stderr, "mvc-gpu: internal error: solver %s returned an invalid cover: %s\n",
                st.solver ? st.solver : "?", err.message);
        cover_free(&cover);
        graph_free(g);
        return EXIT_FAILURE_RUNTIME;
    }

    FILE *out = open_output(o->output);
    if (out == NULL) {
        cover_free(&cover);
        graph_free(g);
        return EXIT_BAD_INPUT;
    }
    int exit_code = EXIT_ANSWERED;
    fprintf(out, "c mvc-gpu %s, solver %s\n", PACKAGE_VERSION, st.solver ? st.solver : "?");
    switch (outcome) {
    case SOLVE_OPTIMAL:
        fprintf(out, "c minimum vertex cover, size %ld (proven)\n", (long)cover.size);
        break;
    case SOLVE_FOUND:
        fprintf(out, "c vertex cover of size %ld <= k = %lld\n", (long)cover.size,
                (long long)o->solve.k);
        break;
    case SOLVE_NO_COVER:
        fprintf(out, "c no vertex cover of size <= k = %lld exists (proven)\n",
                (long long)o->solve.k);
        exit_code = EXIT_NO_COVER;
        break;
    case SOLVE_STOPPED:
        fprintf(out, "c stopped by %s after %.2f s: best cover found, size %ld, not proven %s\n",
                stop_signal == SIGINT    ? "SIGINT"
                : stop_signal == SIGTERM ? "SIGTERM"
                                         : "the time limit",
                run.t_total, (long)cover.size,
                o->solve.k >= 0 ? "to be the answer for k" : "minimum");
        if (st.lower_bound > 0)
            fprintf(out, "c lower bound %ld\n", (long)st.lower_bound);
        exit_code = EXIT_STOPPED;
        break;
    }
    if (outcome != SOLVE_NO_COVER) {
        if (o->complement)
            print_clique(out, &cover);
        if (g->labels)
            print_labels(out, g, &cover);
        cover_write_pace(out, &cover);
    }
    if (fflush(out) != 0 || ferror(out) || (out != stdout && fclose(out) != 0)) {
        perror(o->output ? o->output : "standard output");
        exit_code = EXIT_FAILURE_RUNTIME;
    }
    if (write_stats(o, &run, &st) != 0 && exit_code == EXIT_ANSWERED)
        exit_code = EXIT_FAILURE_RUNTIME;
    cover_free(&cover);
    graph_free(g);
    return exit_code;
}

/* Without --time-limit the automatic improvement phase gets this many seconds at most. */
#define STEINER_IMPROVE_DEFAULT_SECONDS 5.0

static int run_steiner(const struct options *o, double t_start)
{
    struct error err = {0};
    struct graph *g = NULL;
    double t_load = 0;
    int status = load_graph(o, &g, &t_load, &err);
    if (status != MVC_OK) {
        graph_free(g);
        return report_error(&err, status);
    }
    struct steiner_opts so;
    steiner_opts_default(&so);
    so.algo = steiner_algo_parse(o->steiner_algo);
    so.sssp = steiner_sssp_parse(o->sssp);
    if (so.sssp < 0) {
        graph_free(g);
        fprintf(stderr, "mvc-gpu: unknown --sssp kernel '%s' (auto, bellman-ford, tpull, near-far)\n",
                o->sssp);
        return EXIT_BAD_INPUT;
    }
    so.use_gpu = o->steiner_gpu;
    so.mst = o->steiner_mst;
    so.improve = o->improve != 0;
    so.time_limit = o->solve.time_limit;
    if (o->improve < 0 && so.time_limit <= 0)
        so.time_limit = t_load + STEINER_IMPROVE_DEFAULT_SECONDS;
    so.stop = &stop_requested;
    struct steiner_stats st;
    memset(&st, 0, sizeof st);
    struct steiner_tree tree = {0};
    status = steiner_solve(g, &so, &tree, &st, &err);
    if (status != MVC_OK) {
        graph_free(g);
        steiner_tree_free(&tree);
        return report_error(&err, status);
    }
    if (steiner_check(g, &tree, &err) != MVC_OK) {
        fprintf(stderr, "mvc-gpu: internal error: the Steiner tree is invalid: %s\n", err.message);
        graph_free(g);
        steiner_tree_free(&tree);
        return EXIT_FAILURE_RUNTIME;
    }
    FILE *out = open_output(o->output);
    int code = EXIT_ANSWERED;
    if (out == NULL) {
        code = EXIT_BAD_INPUT;
    } else {
        fprintf(out, "c mvc-gpu %s, Steiner tree by %s on the %s (%s)\n", PACKAGE_VERSION,
                st.algo, st.device, st.sssp);
        if (so.improve)
            fprintf(out, "c weight %lld after construction, %lld after improvement%s\n",
                    (long long)st.weight_constructed, (long long)st.weight,
                    st.improve_interrupted ? " (stopped early)" : "");
        steiner_write_pace(out, &tree);
        if (fflush(out) != 0 || ferror(out) || (out != stdout && fclose(out) != 0)) {
            perror(o->output ? o->output : "standard output");
            code = EXIT_FAILURE_RUNTIME;
        }
    }
    if (o->stats) {
        FILE *f = strcmp(o->stats, "-") == 0 ? stderr : fopen(o->stats, "w");
        if (f == NULL || stats_write_steiner_json(f, o->input, g, t_load,
                                                  clock_seconds() - t_start, &st) != 0 ||
            (f != stderr && fclose(f) != 0)) {
            perror(o->stats);
            code = code ? code : EXIT_FAILURE_RUNTIME;
        }
    }
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
            printf("c valid Steiner tree of weight %lld with %lld edges\n",
                   (long long)tree.weight, (long long)tree.n_edges);
    } else {
        fprintf(stderr, "mvc-gpu: %s: not a Steiner tree of %s: %s\n", o->cover_file, o->input,
                err.message);
        code = EXIT_NO_COVER;
    }
    steiner_tree_free(&tree);
    return code;
}

static int check_cover_answer(const struct options *o, const struct graph *g)
{
    struct error err = {0};
    struct cover c = {0};
    int status = cover_read_pace(o->cover_file, g->n, &c, &err);
    if (status != MVC_OK)
        return report_error(&err, status);
    int code = EXIT_ANSWERED;
    if (cover_check(g, &c, &err) == MVC_OK) {
        if (!o->quiet)
            printf("c valid vertex cover of size %ld\n", (long)c.size);
    } else {
        fprintf(stderr, "mvc-gpu: %s: not a vertex cover of %s: %s\n", o->cover_file, o->input,
                err.message);
        code = EXIT_NO_COVER;
    }
    cover_free(&c);
    return code;
}

/* Answers for a graph with terminals, or with --steiner, are Steiner trees; otherwise vertex covers. */
static int run_check(const struct options *o)
{
    struct error err = {0};
    struct graph *g = NULL;
    double t_load;
    int status = load_graph(o, &g, &t_load, &err);
    if (status != MVC_OK) {
        graph_free(g);
        return report_error(&err, status);
    }
    int code = o->check_steiner || g->n_terminals > 0 ? check_steiner_answer(o, g)
                                                      : check_cover_answer(o, g);
    graph_free(g);
    return code;
}

#ifdef HAVE_CUDA
/*
 * Solvers that start the GPU whatever the graph (auto starts it itself, only
 * for a component the CPU does not finish at once).
 */
static int uses_gpu(const struct solve_opts *o)
{
    enum solver_kind kind = o->solver;
    return kind == SOLVER_HYBRID || kind == SOLVER_STACKONLY || kind == SOLVER_CLIQUE_GPU ||
           (kind == SOLVER_AUTO && !o->reduce); /* without reduction auto is the GPU hybrid */
}
#endif

int main(int argc, char **argv)
{
    double t_start = clock_seconds();
    struct options o;
    int status = options_parse(&o, argc, argv);
    if (status != 0)
        return EXIT_BAD_INPUT;
    switch (o.mode) {
    case MODE_HELP:
        options_print_help(stdout);
        return EXIT_ANSWERED;
    case MODE_VERSION:
        print_version();
        return EXIT_ANSWERED;
    case MODE_CHECK:
        return run_check(&o);
    case MODE_STEINER:
        install_stop_handlers(o.solve.time_limit);
        return run_steiner(&o, t_start);
    case MODE_COVER:
        break;
    }
    install_stop_handlers(o.solve.time_limit);
#ifdef HAVE_CUDA
    if (uses_gpu(&o.solve))
        gpu_warm_up_start();
#endif
    int code = run_cover(&o, t_start);
#ifdef HAVE_CUDA
    if (gpu_warm_up_running()) {
        /*
         * Solved before the GPU was needed: returning would run the CUDA
         * runtime's exit handlers while its start-up is still running on
         * the other thread; the answer is written, so end here.
         */
        fflush(NULL);
        _exit(code);
    }
#endif
    return code;
}
