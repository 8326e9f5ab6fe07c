/* GNU-style option parsing for mvc-gpu (getopt_long); every option is described in --help. */
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


enum long_only {
    OPT_SOLVER = 256,
    OPT_TIME_LIMIT,
    OPT_THREADS,
    OPT_STATS,
    OPT_COMPLEMENT,
    OPT_FORMAT,
    OPT_STEINER,
    OPT_CHECK,
    OPT_NO_REDUCE,
    OPT_BLOCK_SIZE,
    OPT_BLOCKS,
    OPT_WORKLIST_SIZE,
    OPT_THRESHOLD,
    OPT_DEPTH,
    OPT_DEVICE_MEMORY,
    OPT_GPU_AFTER,
    OPT_COMPLEMENT_MEMORY,
    OPT_STEINER_ALGO,
    OPT_SSSP,
    OPT_IMPROVE,
    OPT_NO_IMPROVE,
    OPT_STEINER_DEVICE,
    OPT_STEINER_MST,
    OPT_PROGRESS,
};

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
    {"format", required_argument, NULL, OPT_FORMAT},
    {"steiner", no_argument, NULL, OPT_STEINER},
    {"check", no_argument, NULL, OPT_CHECK},
    {"no-reduce", no_argument, NULL, OPT_NO_REDUCE},
    {"block-size", required_argument, NULL, OPT_BLOCK_SIZE},
    {"blocks", required_argument, NULL, OPT_BLOCKS},
    {"worklist-size", required_argument, NULL, OPT_WORKLIST_SIZE},
    {"threshold", required_argument, NULL, OPT_THRESHOLD},
    {"depth", required_argument, NULL, OPT_DEPTH},
    {"device-memory", required_argument, NULL, OPT_DEVICE_MEMORY},
    {"gpu-after", required_argument, NULL, OPT_GPU_AFTER},
    {"complement-memory", required_argument, NULL, OPT_COMPLEMENT_MEMORY},
    {"steiner-algo", required_argument, NULL, OPT_STEINER_ALGO},
    {"sssp", required_argument, NULL, OPT_SSSP},
    {"improve", no_argument, NULL, OPT_IMPROVE},
    {"no-improve", no_argument, NULL, OPT_NO_IMPROVE},
    {"steiner-device", required_argument, NULL, OPT_STEINER_DEVICE},
    {"steiner-mst", required_argument, NULL, OPT_STEINER_MST},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

void options_print_help(FILE *out)
{
    fputs(
        "Usage: mvc-gpu [OPTIONS] FILE\n"
        "       mvc-gpu --check [--steiner] GRAPH ANSWER\n"
        "       mvc-gpu --steiner [OPTIONS] FILE\n"
        "Exact minimum vertex cover (MVC), or a cover of size at most K (PVC), by\n"
        "branch-and-reduce on the GPU or the CPU. FILE \"-\" is standard input.\n"
        "The cover is printed in PACE 2019 .vc form: \"s vc N SIZE\", then one vertex per line.\n"
        "\n"
        "Problem:\n"
        "  -k, --k K              parameterized: find a cover of size <= K or prove none exists\n"
        "      --complement       solve on the edge complement (DIMACS clique benchmarks);\n"
        "                         also prints the maximum clique of FILE as \"c clique ...\"\n"
        "      --complement-memory BYTES  refuse complements larger than this (default 8G)\n"
        "      --format NAME      input format: auto (default, from the content), pace, dimacs,\n"
        "                         stp, edges (SNAP/KONECT edge lists), mtx (Matrix Market)\n"
        "\n"
        "Solver:\n"
        "      --solver NAME      auto (default: per component of the kernel, clique when it\n"
        "                         is dense, else bnr (with clique beside it up to 1024\n"
        "                         vertices); on a CUDA device, clique-gpu or hybrid joins\n"
        "                         what the CPU has not finished in 0.25 s; on sparse\n"
        "                         components, a SAT search for a cover of the clique-cover\n"
        "                         bound's size joins after 0.1 s; the first proven answer\n"
        "                         wins),\n"
        "                         seq (CPU), stackonly (GPU, local stacks only),\n"
        "                         hybrid (GPU, local stacks and a global worklist),\n"
        "                         clique (CPU, maximum clique of the complement),\n"
        "                         clique-gpu (the same on the GPU),\n"
        "                         bnr (CPU, branch and reduce with lower bounds)\n"
        "      --no-reduce        skip the kernelization before the search\n"
        "      --time-limit SEC   stop after SEC seconds and print the best cover found\n"
        "      --threads N        CPU threads of the clique search (default: one per CPU, max 16);\n"
        "                         under auto also one more bound-sat seed per 4 past the first 4\n"
        "\n"
        "GPU tuning (default: chosen from the device's occupancy and memory):\n"
        "      --block-size N     threads per block\n"
        "      --blocks N         concurrent blocks\n"
        "      --worklist-size N  entries of the global worklist\n"
        "      --threshold F      share a child while the worklist is below F x its size\n"
        "      --depth D          stackonly: depth of the initial split\n"
        "      --device-memory BYTES  use at most this much device memory (suffix K, M, G)\n"
        "      --gpu-after SEC    auto: the CPU's head start before a GPU solver joins\n"
        "                         (default 0.25)\n"
        "\n"
        "Steiner tree mode:\n"
        "      --steiner          2-approximate Steiner tree (PACE 2018 output) of a weighted\n"
        "                         graph with terminals, by Kou-Markowsky-Berman\n"
        "      --steiner-algo A   kmb (default) or mehlhorn\n"
        "      --steiner-device D auto (default), cpu or gpu\n"
        "      --steiner-mst D    spanning trees of G'' and of Mehlhorn's boundary graph:\n"
        "                         auto (default: the GPU for large ones), cpu or gpu\n"
        "      --sssp NAME        GPU shortest-path kernel: auto, bellman-ford, tpull,\n"
        "                         near-far\n"
        "      --improve, --no-improve  loose-path exchange after the construction (default on)\n"
        "\n"
        "Output:\n"
        "  -o, --output FILE      write the answer to FILE instead of standard output\n"
        "      --stats[=FILE]     write statistics as JSON to FILE (default: standard error)\n"
        "  -v, --verbose          details on standard error, progress once a second\n"
        "      --progress         progress once a second on standard error\n"
        "  -q, --quiet            nothing on standard error but errors\n"
        "      --check            verify ANSWER against GRAPH: a vertex cover (.vc), or a\n"
        "                         Steiner tree (PACE 2018) when GRAPH has terminals or\n"
        "                         with --steiner\n"
        "  -h, --help             this help\n"
        "  -V, --version          version and build configuration\n"
        "\n"
        "Exit status:\n"
        "  0  answered: a minimum cover (MVC), a cover of size <= K (PVC), a valid\n"
        "     answer (--check) or a Steiner tree\n"
        "  1  failure while solving (out of memory, device error)\n"
        "  2  bad input or usage\n"
        "  3  PVC: proven that no cover of size <= K exists; --check: not valid\n"
        "  4  stopped by the time limit or a signal; the best cover found is printed\n"
        "     but not proven minimum\n",
        out);
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("mvc-gpu: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'mvc-gpu --help' for more information.\n", stderr);
    return 2;
}

static int parse_int64(const char *s, int64_t min, int64_t max, int64_t *out)
{
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

static int parse_seconds(const char *s, double *out)
{
    errno = 0;
    char *end;
    double v = strtod(s, &end);
    if (errno || end == s || *end != '\0' || !(v > 0) || !isfinite(v))
        return -1;
    *out = v;
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
    double scale = 1;
    switch (*end) {
    case 'k': case 'K': scale = 1024.0; end++; break;
    case 'm': case 'M': scale = 1024.0 * 1024; end++; break;
    case 'g': case 'G': scale = 1024.0 * 1024 * 1024; end++; break;
    case 't': case 'T': scale = 1024.0 * 1024 * 1024 * 1024; end++; break;
    default: break;
    }
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end != '\0' || v * scale > 9.0e18)
        return -1;
    *out = (int64_t)(v * scale);
    return 0;
}

static int parse_solver(const char *s, enum solver_kind *out)
{
    static const struct { const char *name; enum solver_kind kind; } names[] = {
        {"auto", SOLVER_AUTO}, {"seq", SOLVER_SEQ}, {"sequential", SOLVER_SEQ},
        {"cpu", SOLVER_SEQ}, {"stackonly", SOLVER_STACKONLY}, {"hybrid", SOLVER_HYBRID},
        {"clique", SOLVER_CLIQUE}, {"clique-gpu", SOLVER_CLIQUE_GPU}, {"bnr", SOLVER_BNR},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(s, names[i].name) == 0) {
            *out = names[i].kind;
            return 0;
        }
    return -1;
}

int options_parse(struct options *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    solve_opts_default(&o->solve);
    o->mode = MODE_COVER;
    o->complement_max_bytes = (int64_t)8 << 30;
    o->steiner_algo = "kmb";
    o->sssp = "auto";
    o->improve = -1;
    o->steiner_gpu = -1;
    o->steiner_mst = -1;
    int progress = 0;

    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":k:o:vqhV", long_options, NULL)) != -1) {
        switch (c) {
        case 'k':
            if (parse_int64(optarg, 0, INT32_MAX, &o->solve.k))
                return usage_error("--k needs a non-negative integer, not '%s'", optarg);
            break;
        case OPT_SOLVER:
            if (parse_solver(optarg, &o->solve.solver))
                return usage_error("unknown solver '%s' (auto, seq, stackonly, hybrid, clique, clique-gpu, bnr)",
                                   optarg);
            break;
        case OPT_TIME_LIMIT:
            if (parse_seconds(optarg, &o->solve.time_limit))
                return usage_error("--time-limit needs a positive number of seconds, not '%s'",
                                   optarg);
            break;
        case OPT_THREADS:
            if (parse_int(optarg, 1, 4096, &o->solve.threads))
                return usage_error("--threads needs a positive integer, not '%s'", optarg);
            break;
        case OPT_STATS:
            o->stats = optarg ? optarg : "-";
            break;
        case 'o':
            o->output = optarg;
            break;
        case 'v':
            o->verbose = 1;
            break;
        case 'q':
            o->quiet = 1;
            break;
        case OPT_PROGRESS:
            progress = 1;
            break;
        case OPT_COMPLEMENT:
            o->complement = 1;
            break;
        case OPT_FORMAT:
            o->format = optarg;
            break;
        case OPT_STEINER:
            if (o->mode == MODE_CHECK)
                o->check_steiner = 1;
            else
                o->mode = MODE_STEINER;
            break;
        case OPT_CHECK:
            o->check_steiner = o->mode == MODE_STEINER;
            o->mode = MODE_CHECK;
            break;
        case OPT_NO_REDUCE:
            o->solve.reduce = 0;
            break;
        case OPT_BLOCK_SIZE:
            if (parse_int(optarg, 32, 1024, &o->solve.block_size) || o->solve.block_size % 32)
                return usage_error("--block-size needs a multiple of 32 in 32..1024, not '%s'",
                                   optarg);
            break;
        case OPT_BLOCKS:
            if (parse_int(optarg, 1, 1 << 24, &o->solve.blocks))
                return usage_error("--blocks needs a positive integer, not '%s'", optarg);
            break;
        case OPT_WORKLIST_SIZE:
            if (parse_int64(optarg, 1, (int64_t)1 << 40, &o->solve.worklist_size))
                return usage_error("--worklist-size needs a positive integer, not '%s'", optarg);
            break;
        case OPT_THRESHOLD: {
            char *end;
            errno = 0;
            o->solve.threshold = strtod(optarg, &end);
            if (errno || end == optarg || *end || !(o->solve.threshold > 0) ||
                o->solve.threshold > 1)
                return usage_error("--threshold needs a fraction in (0, 1], not '%s'", optarg);
            break;
        }
        case OPT_DEPTH:
            if (parse_int(optarg, 0, 64, &o->solve.depth))
                return usage_error("--depth needs an integer in 0..64, not '%s'", optarg);
            break;
        case OPT_DEVICE_MEMORY:
            if (parse_bytes(optarg, &o->solve.device_memory_limit))
                return usage_error("--device-memory needs a size such as 512M or 4G, not '%s'",
                                   optarg);
            break;
        case OPT_GPU_AFTER: {
            char *end;
            errno = 0;
            o->solve.gpu_after = strtod(optarg, &end);
            if (errno || end == optarg || *end || !(o->solve.gpu_after >= 0) ||
                !isfinite(o->solve.gpu_after))
                return usage_error("--gpu-after needs a number of seconds >= 0, not '%s'", optarg);
            break;
        }
        case OPT_COMPLEMENT_MEMORY:
            if (parse_bytes(optarg, &o->complement_max_bytes))
                return usage_error("--complement-memory needs a size such as 512M, not '%s'",
                                   optarg);
            break;
        case OPT_STEINER_ALGO:
            if (strcmp(optarg, "kmb") && strcmp(optarg, "mehlhorn"))
                return usage_error("--steiner-algo is kmb or mehlhorn, not '%s'", optarg);
            o->steiner_algo = optarg;
            break;
        case OPT_SSSP:
            o->sssp = optarg;
            break;
        case OPT_IMPROVE:
            o->improve = 1;
            break;
        case OPT_NO_IMPROVE:
            o->improve = 0;
            break;
        case OPT_STEINER_DEVICE:
            if (strcmp(optarg, "auto") == 0)
                o->steiner_gpu = -1;
            else if (strcmp(optarg, "cpu") == 0)
                o->steiner_gpu = 0;
            else if (strcmp(optarg, "gpu") == 0)
                o->steiner_gpu = 1;
            else
                return usage_error("--steiner-device is auto, cpu or gpu, not '%s'", optarg);
            break;
        case OPT_STEINER_MST:
            if (strcmp(optarg, "auto") == 0)
                o->steiner_mst = -1;
            else if (strcmp(optarg, "cpu") == 0)
                o->steiner_mst = 0;
            else if (strcmp(optarg, "gpu") == 0)
                o->steiner_mst = 1;
            else
                return usage_error("--steiner-mst is auto, cpu or gpu, not '%s'", optarg);
            break;
        case 'h':
            o->mode = MODE_HELP;
            return 0;
        case 'V':
            o->mode = MODE_VERSION;
            return 0;
        case ':':
            return usage_error("option '%s' needs an argument", argv[optind - 1]);
        default:
            return usage_error("unknown option '%s'", argv[optind - 1]);
        }
    }
    int operands = argc - optind;
    if (o->mode == MODE_CHECK) {
        if (operands != 2)
            return usage_error("%s", "--check takes two files: GRAPH ANSWER");
        o->input = argv[optind];
        o->cover_file = argv[optind + 1];
    } else {
        if (operands == 0)
            return usage_error("%s", "no input file (use - for standard input)");
        if (operands > 1)
            return usage_error("one input file expected, extra operand '%s'", argv[optind + 1]);
        o->input = argv[optind];
    }
    if (o->verbose && o->quiet)
        return usage_error("%s", "--verbose and --quiet exclude each other");
    o->solve.verbose = o->verbose;
    o->solve.quiet = o->quiet;
    o->solve.progress = !o->quiet && (progress || o->verbose);
    return 0;
}
