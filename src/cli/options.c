/* GNU-style option parsing for mvc-gpu (getopt_long); every option is described in --help. */
#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "steiner.h"

enum long_only {
    OPT_SOLVER = 256,
    OPT_TIME_LIMIT,
    OPT_THREADS,
    OPT_STATS,
    OPT_COMPLEMENT,
    OPT_CLIQUE,
    OPT_FORMAT,
    OPT_WRITE,
    OPT_WRITE_FORMAT,
    OPT_STEINER,
    OPT_CHECK,
    OPT_NO_REDUCE,
    OPT_BLOCK_SIZE,
    OPT_BLOCKS,
    OPT_WORKLIST_SIZE,
    OPT_THRESHOLD,
    OPT_DEPTH,
    OPT_DEVICE_MEMORY,
    OPT_GPU_STORAGE,
    OPT_GPU_DOMINATION,
    OPT_GPU_AFTER,
    OPT_COMPLEMENT_MEMORY,
    OPT_STEINER_ALGO,
    OPT_SSSP,
    OPT_IMPROVE,
    OPT_NO_IMPROVE,
    OPT_IMPROVE_TIME,
    OPT_STEINER_DEVICE,
    OPT_STEINER_MST,
    OPT_PROGRESS,
    OPT_NO_BOUND_SAT,
    OPT_NO_LOCAL_SEARCH,
    OPT_NO_MAXSAT,
    OPT_NO_SYMMETRY,
    OPT_GPUS,
};

_Static_assert(SOLVE_MAX_GPUS == 16, "--gpus's usage message names the largest count");

static const struct option long_options[] = {
    {"k", required_argument, NULL, 'k'},
    {"solver", required_argument, NULL, OPT_SOLVER},
    {"time-limit", required_argument, NULL, OPT_TIME_LIMIT},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"stats", optional_argument, NULL, OPT_STATS},
    {"output", required_argument, NULL, 'o'},
    {"verbose", no_argument, NULL, 'v'},
    {"quiet", no_argument, NULL, 'q'},
    {"progress", no_argument, NULL, OPT_PROGRESS},
    {"complement", no_argument, NULL, OPT_COMPLEMENT},
    {"clique", no_argument, NULL, OPT_CLIQUE},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"write", required_argument, NULL, OPT_WRITE},
    {"write-format", required_argument, NULL, OPT_WRITE_FORMAT},
    {"steiner", no_argument, NULL, OPT_STEINER},
    {"check", no_argument, NULL, OPT_CHECK},
    {"no-reduce", no_argument, NULL, OPT_NO_REDUCE},
    {"no-bound-sat", no_argument, NULL, OPT_NO_BOUND_SAT},
    {"no-local-search", no_argument, NULL, OPT_NO_LOCAL_SEARCH},
    {"no-maxsat", no_argument, NULL, OPT_NO_MAXSAT},
    {"no-symmetry", no_argument, NULL, OPT_NO_SYMMETRY},
    {"gpus", required_argument, NULL, OPT_GPUS},
    {"block-size", required_argument, NULL, OPT_BLOCK_SIZE},
    {"blocks", required_argument, NULL, OPT_BLOCKS},
    {"worklist-size", required_argument, NULL, OPT_WORKLIST_SIZE},
    {"threshold", required_argument, NULL, OPT_THRESHOLD},
    {"depth", required_argument, NULL, OPT_DEPTH},
    {"device-memory", required_argument, NULL, OPT_DEVICE_MEMORY},
    {"gpu-storage", required_argument, NULL, OPT_GPU_STORAGE},
    {"gpu-domination", required_argument, NULL, OPT_GPU_DOMINATION},
    {"gpu-after", required_argument, NULL, OPT_GPU_AFTER},
    {"complement-memory", required_argument, NULL, OPT_COMPLEMENT_MEMORY},
    {"steiner-algo", required_argument, NULL, OPT_STEINER_ALGO},
    {"sssp", required_argument, NULL, OPT_SSSP},
    {"improve", no_argument, NULL, OPT_IMPROVE},
    {"no-improve", no_argument, NULL, OPT_NO_IMPROVE},
    {"improve-time", required_argument, NULL, OPT_IMPROVE_TIME},
    {"steiner-device", required_argument, NULL, OPT_STEINER_DEVICE},
    {"steiner-mst", required_argument, NULL, OPT_STEINER_MST},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

void options_print_help(FILE *out)
{
    fputs(
        "Usage: mvc-gpu [OPTIONS] [FILE]\n"
        "       mvc-gpu --clique [OPTIONS] [FILE]\n"
        "       mvc-gpu --check [--clique|--complement|--steiner] [--k K] GRAPH ANSWER\n"
        "       mvc-gpu --steiner [OPTIONS] [FILE]\n"
        "       mvc-gpu --write OUT [--write-format NAME] [--complement] [FILE]\n"
        "Exact minimum vertex cover (MVC), or a cover of at most K vertices (PVC), on the\n"
        "GPU or the CPU. Without FILE (or with \"-\") the graph is read from standard input,\n"
        "as PACE 2019 runs it: mvc-gpu < in.gr > out.vc\n"
        "The cover is printed in PACE 2019 .vc form: \"s vc N SIZE\", then one vertex per line.\n"
        "\n"
        "Problem:\n"
        "  -k, --k K              a cover of at most K vertices, or proof that none exists;\n"
        "                         with --clique: a clique of at least K vertices\n"
        "      --clique           a maximum clique of FILE (\"s clique N SIZE\", then one\n"
        "                         vertex per line); large sparse graphs need no complement\n"
        "      --complement       minimum cover of the edge complement of FILE (DIMACS\n"
        "                         clique graphs); also prints \"c clique SIZE v...\"\n"
        "      --complement-memory BYTES  refuse complements larger than this (default 8G)\n"
        "      --format NAME      input format: auto (default), pace, dimacs, stp, edges, mtx\n"
        "\n"
        "Solver:\n"
        "      --solver NAME      auto (default: per component, CPU and GPU solvers race;\n"
        "                         see docs/how-it-solves.md), seq, bnr, clique (CPU),\n"
        "                         stackonly, hybrid, clique-gpu (GPU)\n"
        "      --no-reduce        skip the kernelization before the search\n"
        "      --no-bound-sat     auto: leave the SAT search of the clique-cover bound out\n"
        "      --no-local-search  no local search beside the clique searches\n"
        "      --no-maxsat        clique searches bound by the colouring alone\n"
        "      --no-symmetry      bnr and the CPU clique search: no branching on orbits of\n"
        "                         the graph's automorphisms (built with nauty: see --version)\n"
        "      --time-limit SEC   stop after SEC seconds and print the best answer found\n"
        "      --threads N        CPU threads (default: one per CPU, at most 16)\n"
        "      --gpu-after SEC    auto: the CPU's head start before a GPU solver joins (0.25)\n"
        "  Built with --with-mpi, under mpirun: the CPU clique search spreads over the ranks\n"
        "  and rank 0 answers (mpirun --bind-to none -np N mvc-gpu ...; docs/distributed.md)\n"
        "\n"
        "GPU tuning (default: from the device's occupancy and memory):\n"
        "      --gpus N|all       GPUs the GPU searches (clique-gpu, hybrid, stackonly)\n"
        "                         spread over (default all)\n"
        "      --block-size N, --blocks N, --worklist-size N, --threshold F, --depth D\n"
        "      --device-memory BYTES  use at most this much device memory (suffix K, M, G)\n"
        "      --gpu-storage WHERE    where a block keeps its node: auto, shared, global\n"
        "      --gpu-domination WHEN  domination rule in the GPU search: auto (up to mean\n"
        "                             degree 64), on, off\n"
        "\n"
        "Steiner tree mode:\n"
        "      --steiner          2-approximate Steiner tree (PACE 2018 output) of a weighted\n"
        "                         graph with terminals (Kou-Markowsky-Berman)\n"
        "      --steiner-algo A   kmb (default) or mehlhorn\n"
        "      --steiner-device D, --steiner-mst D   auto (default), cpu or gpu\n"
        "      --sssp NAME        GPU shortest paths (with --steiner-device gpu): auto,\n"
        "                         bellman-ford, tpull, near-far\n"
        "      --improve, --no-improve  loose-path exchange after the construction (default on)\n"
        "      --improve-time SEC the improvement phase ends SEC seconds after the solve\n"
        "                         began (default 5; with --time-limit or --improve, none)\n"
        "\n"
        "Input and output:\n"
        "  -o, --output FILE      write the answer to FILE (opened before the solve, emptied\n"
        "                         once the input is read)\n"
        "      --stats[=FILE]     statistics as JSON to FILE (default: standard error)\n"
        "      --write OUT        write the graph as read (or its complement) to OUT and exit\n"
        "      --write-format NAME  pace, dimacs, stp, edges or mtx (default: from OUT's suffix)\n"
        "      --check            verify ANSWER against GRAPH: a cover (with --k K also its\n"
        "                         size), a clique (--clique), a cover of the complement\n"
        "                         (--complement) or a Steiner tree (--steiner, or a graph\n"
        "                         with terminals)\n"
        "  -v, --verbose          details on standard error, progress once a second\n"
        "      --progress         progress lines on standard error\n"
        "  -q, --quiet            nothing on standard error but errors (and with --check\n"
        "                         no verdict line: the exit status tells)\n"
        "  -h, --help             this help\n"
        "  -V, --version          version, licence and build configuration\n"
        "\n"
        "Exit status:\n"
        "  0  answered: minimum cover, a cover of at most K, maximum clique, valid answer\n"
        "  1  failure while solving (out of memory, device error)\n"
        "  2  bad input or usage (an unwritable output path, options that do not apply);\n"
        "     --check: a malformed answer file\n"
        "  3  proven that no cover of at most K (no clique of at least K) exists;\n"
        "     --check: the answer is not valid\n"
        "  4  stopped by the time limit or a signal: the best answer found is printed\n"
        "     (PVC: only when it has at most K vertices; none if a signal came before the\n"
        "     input was read)\n",
        out);
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("mvc-gpu: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nmvc-gpu: try 'mvc-gpu --help' for more information\n", stderr);
    return 2;
}

/*
 * Why getopt_long refused arg (opterr is off, so saying it is ours): a long
 * option that takes no argument, a prefix that several long options share,
 * or an unknown option. glibc names a refused letter of a cluster in letter
 * (optopt) while arg may then be the argument before it ("--verbose -xv"),
 * and names a long option given an argument it does not take by its value.
 */
static int refused_option(const char *arg, int letter)
{
    int count = 0, exact = -1, last = -1;
    char matches[256] = "";
    size_t len = 0;
    int is_long = strncmp(arg, "--", 2) == 0;
    if (is_long) {
        const char *word = arg + 2;
        len = strcspn(word, "=");
        for (int i = 0; long_options[i].name != NULL; i++) {
            if (strncmp(long_options[i].name, word, len) != 0)
                continue;
            if (strlen(long_options[i].name) == len)
                exact = i;
            last = i;
            if (count++ < 6)
                snprintf(matches + strlen(matches), sizeof matches - strlen(matches), "%s--%s",
                         count > 1 ? ", " : "", long_options[i].name);
        }
    }
    int chosen = exact >= 0 ? exact : count == 1 ? last : -1;
    if (letter > 0 && (chosen < 0 || long_options[chosen].val != letter)) {
        char name[3] = {'-', (char)letter, '\0'};
        return usage_error("unknown option '%s'", name);
    }
    if (chosen >= 0 && arg[2 + len] == '=' && long_options[chosen].has_arg == no_argument) {
        char name[64];
        snprintf(name, sizeof name, "--%s", long_options[chosen].name);
        return usage_error("option '%s' takes no argument", name);
    }
    if (is_long && chosen < 0 && count > 1) {
        char message[400];
        snprintf(message, sizeof message, "option '%.*s' is ambiguous: %s%s", (int)(len + 2), arg,
                 matches, count > 6 ? ", ..." : "");
        return usage_error("%s", message);
    }
    return usage_error("unknown option '%s'", arg);
}

/* Numbers as written, whole: strtoll and strtod would skip leading blanks ("--k ' 5'"). */
static int parse_int64(const char *s, int64_t min, int64_t max, int64_t *out)
{
    if (isspace((unsigned char)*s))
        return -1;
    errno = 0;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end != '\0' || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_int(const char *s, int min, int max, int *out)
{
    int64_t v;
    if (parse_int64(s, min, max, &v))
        return -1;
    *out = (int)v;
    return 0;
}

/* A finite number that is all of s. */
static int parse_double(const char *s, double *out)
{
    if (isspace((unsigned char)*s))
        return -1;
    errno = 0;
    char *end;
    double v = strtod(s, &end);
    if (errno || end == s || *end != '\0' || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

static int parse_seconds(const char *s, double *out)
{
    double v;
    if (parse_double(s, &v) || !(v > 0))
        return -1;
    *out = v;
    return 0;
}

/* The position of s among count names, or -1. */
static int name_index(const char *const *names, int count, const char *s)
{
    for (int i = 0; i < count; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

/* Where Steiner mode runs a phase: auto (-1), cpu (0) or gpu (1). */
static int parse_device(const char *s, int *out)
{
    static const char *const names[] = {"auto", "cpu", "gpu"};
    int i = name_index(names, 3, s);
    if (i < 0)
        return -1;
    *out = i - 1;
    return 0;
}

/* Sizes like 512M or 2G (powers of 1024). */
static int parse_bytes(const char *s, int64_t *out)
{
    errno = 0;
    char *end;
    double v = strtod(s, &end);
    if (errno || end == s || !(v > 0))
        return -1;
    static const char units[] = "KMGT"; /* 1024, 1024^2, ... */
    const char *unit = *end != '\0' ? strchr(units, toupper((unsigned char)*end)) : NULL;
    double scale = 1;
    for (const char *u = units; unit != NULL && u <= unit; u++)
        scale *= 1024;
    if (unit != NULL)
        end++;
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end != '\0' || v * scale > 9.0e18)
        return -1;
    *out = (int64_t)(v * scale);
    return 0;
}

/*
 * The options each mode can use, by class: one given where its class does not
 * apply is refused, so that no run is wasted on an option silently ignored.
 * Each class keeps the first option of it that was given, for the message.
 */
struct given {
    const char *k;                 /* --k */
    const char *solving;           /* --solver, --no-reduce, --time-limit, --threads, --gpu-after */
    const char *vc_only;           /* options of vertex cover and clique modes only: --solver,
                                      --no-reduce, --gpu-after */
    const char *gpu;               /* GPU tuning */
    const char *steiner;           /* Steiner options */
    const char *output;            /* -o, --stats */
    const char *progress;          /* --progress */
    const char *sssp;              /* --sssp, which picks a GPU kernel */
    const char *improve_time;      /* --improve-time */
    const char *complement_memory; /* --complement-memory */
    const char *auto_only;         /* what tunes --solver auto alone: --no-bound-sat, --gpu-after */
    const char *clique_search; /* what tunes the clique searches: --no-local-search, --no-maxsat */
    const char *symmetry;      /* --no-symmetry, which bnr and the CPU clique search read */
    int steiner_mode, check, clique, stats_without_equals;
};

static void note(const char **slot, const char *name)
{
    if (*slot == NULL)
        *slot = name;
}

/* A solving option of the vertex cover and clique modes only. */
static void note_vc_solving(struct given *g, const char *name)
{
    note(&g->solving, name);
    note(&g->vc_only, name);
}

static int refuse(const char *option, const char *where)
{
    fprintf(stderr, "mvc-gpu: %s does not apply %s\n", option, where);
    fputs("mvc-gpu: try 'mvc-gpu --help' for more information\n", stderr);
    return 2;
}

/*
 * Refuses, in vertex cover mode, tuning that the solver named never reads:
 * the pipeline's options under another solver, the clique searches' under
 * one that runs none.
 */
static int check_solver_tuning(const struct options *o, const struct given *g)
{
    enum solver_kind s = o->solve.solver;
    char where[64];
    snprintf(where, sizeof where, "to --solver %s", solver_name(s));
    if (g->auto_only && s != SOLVER_AUTO)
        return refuse(g->auto_only, where);
    if (g->clique_search && s != SOLVER_AUTO && s != SOLVER_CLIQUE && s != SOLVER_CLIQUE_GPU)
        return refuse(g->clique_search, where);
    if (g->symmetry && s != SOLVER_AUTO && s != SOLVER_CLIQUE && s != SOLVER_BNR)
        return refuse(g->symmetry, where);
    return 0;
}

/* Refuses the option classes that do not apply to the mode chosen. */
static int check_combinations(const struct options *o, const struct given *g)
{
    if (g->steiner_mode && g->clique && o->mode != MODE_CHECK)
        return usage_error("%s", "--steiner and --clique exclude each other");
    if (g->steiner_mode && o->complement)
        return usage_error("%s", "--steiner and --complement exclude each other");
    if (g->clique && o->complement)
        return usage_error("%s", "--clique and --complement exclude each other (--clique reads the "
                                 "graph as it is; a minimum cover's complement is a maximum "
                                 "independent set)");
    /* the clique mode makes a complement for its dense path; Steiner mode says why below */
    if (g->complement_memory && !o->complement && o->mode != MODE_CLIQUE && o->mode != MODE_STEINER)
        return refuse(g->complement_memory, "without --complement (no complement is made)");
    switch (o->mode) {
    case MODE_STEINER:
        if (g->k)
            return refuse(g->k, "to Steiner trees");
        if (g->vc_only)
            return refuse(g->vc_only, "to Steiner trees (it is a vertex cover option)");
        if (g->gpu)
            return refuse(g->gpu, "to Steiner trees (it tunes the vertex cover search)");
        if (g->complement_memory)
            return refuse(g->complement_memory, "to Steiner trees (no complement is made)");
        if (g->sssp && o->steiner_gpu != STEINER_DEVICE_GPU)
            return refuse(g->sssp, "without --steiner-device gpu (shortest paths on the CPU are "
                                   "Dijkstra's)");
        if (g->improve_time && o->improve == 0)
            return refuse(g->improve_time, "with --no-improve");
#ifndef HAVE_CUDA
        if (o->steiner_gpu == STEINER_DEVICE_GPU || o->steiner_mst == STEINER_DEVICE_GPU)
            return usage_error("%s gpu needs a build with CUDA (configure --with-cuda)",
                               o->steiner_gpu == STEINER_DEVICE_GPU ? "--steiner-device"
                                                                    : "--steiner-mst");
#endif
        break;
    case MODE_CHECK:
        if (g->solving)
            return refuse(g->solving, "to --check");
        if (g->gpu)
            return refuse(g->gpu, "to --check");
        if (g->output)
            return refuse(g->output, "to --check (it prints only its verdict)");
        if (g->progress)
            return refuse(g->progress, "to --check");
        if (g->steiner)
            return refuse(g->steiner, "to --check");
        if (g->k && o->check == CHECK_STEINER)
            return refuse(g->k, "to Steiner trees");
        break;
    case MODE_WRITE:
        if (g->k || g->solving || g->gpu || g->steiner || g->output || g->progress || g->clique)
            return refuse(g->k          ? g->k
                          : g->solving  ? g->solving
                          : g->gpu      ? g->gpu
                          : g->steiner  ? g->steiner
                          : g->output   ? g->output
                          : g->progress ? g->progress
                                        : "--clique",
                          "to --write (it only converts the graph)");
        if (g->steiner_mode)
            return refuse("--steiner", "to --write (it only converts the graph)");
        break;
    case MODE_COVER:
    case MODE_CLIQUE:
        if (g->steiner)
            return refuse(g->steiner, "without --steiner");
#ifndef HAVE_CUDA
        {
            /* without CUDA this asks no device: the refusal comes before the input is read */
            struct error unavailable = {0};
            if (solver_available(o->solve.solver, &unavailable) != MVC_OK)
                return usage_error("%s", unavailable.message);
        }
#endif
        if (o->mode == MODE_COVER && check_solver_tuning(o, g) != 0)
            return 2;
        break;
    case MODE_HELP:
    case MODE_VERSION: break;
    }
    if (o->write_format && o->mode != MODE_WRITE)
        return refuse("--write-format", "without --write");
    return 0;
}

static int take_operands(struct options *o, const struct given *g, int argc, char **argv,
                         int stdin_is_terminal)
{
    int operands = argc - optind;
    if (o->mode == MODE_CHECK) {
        if (operands != 2)
            return usage_error("%s", "--check takes two files: GRAPH ANSWER");
        o->input = argv[optind];
        o->cover_file = argv[optind + 1];
        if (strcmp(o->input, "-") == 0 && strcmp(o->cover_file, "-") == 0)
            return usage_error("%s", "--check reads GRAPH or ANSWER from standard input, not both");
        return 0;
    }
    if (operands > 1) {
        if (g->stats_without_equals)
            return usage_error("one input file expected, extra operand '%s' (statistics go to "
                               "a file with --stats=FILE; '--stats FILE' reads FILE as the graph)",
                               argv[optind + 1]);
        return usage_error("one input file expected, extra operand '%s'", argv[optind + 1]);
    }
    if (operands == 1) {
        o->input = argv[optind];
        return 0;
    }
    if (stdin_is_terminal)
        return usage_error("%s", "no input file: give FILE, or the graph on standard input "
                                 "(mvc-gpu < in.gr > out.vc)");
    o->input = "-";
    return 0;
}

int options_parse(struct options *o, int argc, char **argv, int stdin_is_terminal)
{
    memset(o, 0, sizeof *o);
    solve_opts_default(&o->solve);
    o->mode = MODE_COVER;
    o->complement_max_bytes = (int64_t)8 << 30;
    o->steiner_algo = "kmb";
    o->sssp = "auto";
    o->improve = -1;
    o->improve_time = -1;
    o->steiner_gpu = -1;
    o->steiner_mst = -1;
    struct given g;
    memset(&g, 0, sizeof g);
    int help = 0, version = 0;

    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":k:o:vqhV", long_options, NULL)) != -1) {
        switch (c) {
        case 'k':
            if (parse_int64(optarg, 0, INT32_MAX, &o->solve.k))
                return usage_error("--k needs an integer in 0..2147483647, not '%s'", optarg);
            note(&g.k, "--k");
            break;
        case OPT_SOLVER:
            if (solver_parse(optarg, &o->solve.solver))
                return usage_error(
                    "unknown solver '%s' (auto, seq, stackonly, hybrid, clique, clique-gpu, bnr)",
                    optarg);
            note_vc_solving(&g, "--solver");
            break;
        case OPT_TIME_LIMIT:
            if (parse_seconds(optarg, &o->time_limit))
                return usage_error("--time-limit needs a positive number of seconds, not '%s'",
                                   optarg);
            note(&g.solving, "--time-limit");
            break;
        case OPT_THREADS:
            if (parse_int(optarg, 1, 4096, &o->solve.threads))
                return usage_error("--threads needs a positive integer, not '%s'", optarg);
            note(&g.solving, "--threads");
            break;
        case OPT_STATS:
            if (optarg != NULL && *optarg == '\0')
                return usage_error("%s", "--stats= needs a file name (or --stats alone for "
                                         "standard error)");
            o->stats = optarg ? optarg : "-";
            g.stats_without_equals = optarg == NULL;
            note(&g.output, "--stats");
            break;
        case 'o':
            o->output = optarg;
            note(&g.output, "--output");
            break;
        case 'v': o->verbose = 1; break;
        case 'q': o->quiet = 1; break;
        case OPT_PROGRESS: note(&g.progress, "--progress"); break;
        case OPT_COMPLEMENT: o->complement = 1; break;
        case OPT_CLIQUE: g.clique = 1; break;
        case OPT_FORMAT: o->format = optarg; break;
        case OPT_WRITE: o->write_path = optarg; break;
        case OPT_WRITE_FORMAT: o->write_format = optarg; break;
        case OPT_STEINER: g.steiner_mode = 1; break;
        case OPT_CHECK: g.check = 1; break;
        case OPT_NO_REDUCE:
            o->solve.reduce = 0;
            note_vc_solving(&g, "--no-reduce");
            break;
        case OPT_NO_BOUND_SAT:
            o->solve.pipeline.bound_sat = 0;
            note_vc_solving(&g, "--no-bound-sat");
            note(&g.auto_only, "--no-bound-sat");
            break;
        case OPT_NO_LOCAL_SEARCH:
            o->solve.clique.no_local_search = 1;
            note_vc_solving(&g, "--no-local-search");
            note(&g.clique_search, "--no-local-search");
            break;
        case OPT_NO_MAXSAT:
            o->solve.clique.colour_bound_only = 1;
            note_vc_solving(&g, "--no-maxsat");
            note(&g.clique_search, "--no-maxsat");
            break;
        case OPT_NO_SYMMETRY:
            o->solve.clique.no_symmetry = 1;
            o->solve.bnr.no_symmetry = 1;
            note_vc_solving(&g, "--no-symmetry");
            note(&g.symmetry, "--no-symmetry");
            break;
        case OPT_GPUS:
            if (strcmp(optarg, "all") == 0)
                o->solve.gpu.devices = 0;
            else if (parse_int(optarg, 1, SOLVE_MAX_GPUS, &o->solve.gpu.devices))
                return usage_error("--gpus needs 'all' or a number of GPUs in 1..16, not '%s'",
                                   optarg);
            note(&g.gpu, "--gpus");
            break;
        case OPT_BLOCK_SIZE:
            if (parse_int(optarg, 32, 1024, &o->solve.gpu.block_size) ||
                o->solve.gpu.block_size % 32)
                return usage_error("--block-size needs a multiple of 32 in 32..1024, not '%s'",
                                   optarg);
            note(&g.gpu, "--block-size");
            break;
        case OPT_BLOCKS:
            if (parse_int(optarg, 1, 1 << 24, &o->solve.gpu.blocks))
                return usage_error("--blocks needs a positive integer, not '%s'", optarg);
            note(&g.gpu, "--blocks");
            break;
        case OPT_WORKLIST_SIZE:
            if (parse_int64(optarg, 1, (int64_t)1 << 40, &o->solve.gpu.worklist_size))
                return usage_error("--worklist-size needs a positive integer, not '%s'", optarg);
            note(&g.gpu, "--worklist-size");
            break;
        case OPT_THRESHOLD:
            if (parse_double(optarg, &o->solve.gpu.threshold) || !(o->solve.gpu.threshold > 0) ||
                o->solve.gpu.threshold > 1)
                return usage_error("--threshold needs a fraction in (0, 1], not '%s'", optarg);
            note(&g.gpu, "--threshold");
            break;
        case OPT_DEPTH:
            if (parse_int(optarg, 0, 64, &o->solve.gpu.depth))
                return usage_error("--depth needs an integer in 0..64, not '%s'", optarg);
            note(&g.gpu, "--depth");
            break;
        case OPT_DEVICE_MEMORY:
            if (parse_bytes(optarg, &o->solve.gpu.device_memory_limit))
                return usage_error("--device-memory needs a size such as 512M or 4G, not '%s'",
                                   optarg);
            note(&g.gpu, "--device-memory");
            break;
        case OPT_GPU_STORAGE: {
            static const char *const names[] = {"auto", "shared", "global"};
            int i = name_index(names, 3, optarg);
            if (i < 0)
                return usage_error("--gpu-storage takes auto, shared or global, not '%s'", optarg);
            o->solve.gpu.storage = (enum gpu_storage)i; /* in enum gpu_storage's order */
            note(&g.gpu, "--gpu-storage");
            break;
        }
        case OPT_GPU_DOMINATION: {
            static const char *const names[] = {"auto", "off", "on"};
            int i = name_index(names, 3, optarg);
            if (i < 0)
                return usage_error("--gpu-domination takes auto, on or off, not '%s'", optarg);
            o->solve.gpu.domination = (enum gpu_domination)i; /* in enum gpu_domination's order */
            note(&g.gpu, "--gpu-domination");
            break;
        }
        case OPT_GPU_AFTER:
            if (parse_double(optarg, &o->solve.pipeline.gpu_after) ||
                !(o->solve.pipeline.gpu_after >= 0))
                return usage_error("--gpu-after needs a number of seconds >= 0, not '%s'", optarg);
            note_vc_solving(&g, "--gpu-after");
            note(&g.gpu, "--gpu-after"); /* and without a GPU it has nothing to start */
            note(&g.auto_only, "--gpu-after");
            break;
        case OPT_COMPLEMENT_MEMORY:
            if (parse_bytes(optarg, &o->complement_max_bytes))
                return usage_error("--complement-memory needs a size such as 512M, not '%s'",
                                   optarg);
            note(&g.complement_memory, "--complement-memory");
            break;
        case OPT_STEINER_ALGO:
            if (strcmp(optarg, "kmb") && strcmp(optarg, "mehlhorn"))
                return usage_error("--steiner-algo is kmb or mehlhorn, not '%s'", optarg);
            o->steiner_algo = optarg;
            note(&g.steiner, "--steiner-algo");
            break;
        case OPT_SSSP:
            if (steiner_sssp_parse(optarg) < 0)
                return usage_error("--sssp is auto, bellman-ford, tpull or near-far, not '%s'",
                                   optarg);
            o->sssp = optarg;
            note(&g.steiner, "--sssp");
            if (strcmp(optarg, "auto") != 0)
                note(&g.sssp, "--sssp"); /* auto asks for nothing the CPU cannot do */
            break;
        case OPT_IMPROVE:
            o->improve = 1;
            note(&g.steiner, "--improve");
            break;
        case OPT_NO_IMPROVE:
            o->improve = 0;
            note(&g.steiner, "--no-improve");
            break;
        case OPT_IMPROVE_TIME:
            if (parse_seconds(optarg, &o->improve_time))
                return usage_error("--improve-time needs a positive number of seconds, not '%s'",
                                   optarg);
            note(&g.steiner, "--improve-time");
            note(&g.improve_time, "--improve-time");
            break;
        case OPT_STEINER_DEVICE:
            if (parse_device(optarg, &o->steiner_gpu))
                return usage_error("--steiner-device is auto, cpu or gpu, not '%s'", optarg);
            note(&g.steiner, "--steiner-device");
            break;
        case OPT_STEINER_MST:
            if (parse_device(optarg, &o->steiner_mst))
                return usage_error("--steiner-mst is auto, cpu or gpu, not '%s'", optarg);
            note(&g.steiner, "--steiner-mst");
            break;
        case 'h': help = 1; break;
        case 'V': version = 1; break;
        case ':': return usage_error("option '%s' needs an argument", argv[optind - 1]);
        default: return refused_option(argv[optind - 1], optopt);
        }
    }
    if (help || version) {
        o->mode = help ? MODE_HELP : MODE_VERSION;
        return 0;
    }
    if (g.check && o->write_path)
        return usage_error("%s", "--check and --write exclude each other");
    if (g.check) {
        o->mode = MODE_CHECK;
        o->check = g.steiner_mode ? CHECK_STEINER : g.clique ? CHECK_CLIQUE : CHECK_COVER;
    } else if (o->write_path) {
        o->mode = MODE_WRITE;
    } else if (g.steiner_mode) {
        o->mode = MODE_STEINER;
    } else if (g.clique) {
        o->mode = MODE_CLIQUE;
    }
    if (g.check && g.steiner_mode && (g.clique || o->complement))
        return usage_error("%s", "--check takes one kind of answer: --steiner, --clique or "
                                 "--complement");
    int status = check_combinations(o, &g);
    if (status != 0)
        return status;
    status = take_operands(o, &g, argc, argv, stdin_is_terminal);
    if (status != 0)
        return status;
    if (o->verbose && o->quiet)
        return usage_error("%s", "--verbose and --quiet exclude each other");
    if (g.progress && o->quiet)
        return usage_error("%s", "--progress and --quiet exclude each other");
    o->gpu_option = g.gpu;
    o->progress = !o->quiet && (g.progress != NULL || o->verbose);
    return 0;
}
