/*
 * SSSP throughput: each GPU shortest-path kernel alone on each graph, from a
 * few random sources, timed with CUDA events; work, edges per second and the
 * share of the device's peak memory bandwidth that the work implies. One CSV
 * row per graph and kernel on standard output; each search checked against
 * Dijkstra unless --no-check.
 *
 *   sssp_throughput [--sources K] [--seed S] [--kernels LIST] [--no-check] [--header] GRAPH...
 *
 * LIST: comma-separated from bellman-ford, tpull, near-far (one source per
 * search) and tpull-batch (p-SSSP: the session's batch of sources per
 * launch, time per SSSP = batch time / sources).
 *
 * Work per SSSP, as the kernels count it (gpu_sssp_stats):
 *   arcs_scanned: near-far, the arcs of every vertex it expands (a vertex
 *     expanded twice counts twice); pull kernels, 2m per launch that ran
 *     (iterations x arcs; t-pull's repeated passes inside a launch are not
 *     counted, so its figure is a lower bound).
 *   vertices_visited: near-far, vertices expanded plus far-pile entries
 *     split; pull kernels, n per launch that ran.
 * edges_per_s = arcs_scanned / time.
 * bytes: a model of the DRAM traffic that work needs at the least, every
 *   byte read once and nothing cached: ARC_BYTES per arc scanned (its head,
 *   its weight, the head's distance) and VERTEX_BYTES per vertex visited (two
 *   offsets, its distance, its parent or queue entry). Random 8-byte reads
 *   move whole 32-byte sectors, so real traffic is higher; a graph smaller
 *   than the L2 cache may be read from it, so the fraction can pass 1.
 * fraction = bytes / time / peak, peak = memory clock x 2 x bus width / 8.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "dijkstra.h"
#include "gpu_steiner.h"
#include "gpu_timing.h"
#include "random.h"
#include "read.h"
#include "steiner.h"

#define ARC_BYTES_WEIGHTED 16 /* head 4, weight 4, head's distance 8 */
#define ARC_BYTES_UNIT 12     /* head 4, head's distance 8 */
#define VERTEX_BYTES 28       /* offsets 16, distance 8, parent or queue entry 4 */
#define DEFAULT_SOURCES 8
#define MAX_SOURCES 1024

enum { KERNEL_BATCH = 100 }; /* tpull-batch, beside enum sssp_kernel */

struct bench_opts {
    int sources;
    uint64_t seed;
    int kernels[8];
    int n_kernels;
    int check;
    int header;
};

struct row {
    const char *kernel;
    int sources;
    double ms_median, ms_mean, ms_min;
    double launches, arcs, vertices; /* per SSSP */
    int checked, wrong;
};

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static const char *kernel_name(int k)
{
    return k == KERNEL_BATCH ? "tpull-batch" : steiner_sssp_name(k);
}

static int parse_kernels(const char *list, struct bench_opts *o)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    o->n_kernels = 0;
    for (char *tok = strtok(buf, ","); tok != NULL; tok = strtok(NULL, ",")) {
        int k = strcmp(tok, "tpull-batch") == 0 ? KERNEL_BATCH : steiner_sssp_parse(tok);
        if (k < 0 || k == SSSP_AUTO || o->n_kernels == 8)
            return -1;
        o->kernels[o->n_kernels++] = k;
    }
    return o->n_kernels > 0 ? 0 : -1;
}

/* Sources: distinct-enough random vertices with at least one neighbour. */
static int choose_sources(const struct graph *g, int count, uint64_t seed, int32_t *out)
{
    int got = 0;
    for (int tries = 0; got < count && tries < 1000 * count; tries++) {
        int32_t v = (int32_t)(random_next(&seed) % (uint64_t)g->n);
        if (graph_degree(g, v) > 0)
            out[got++] = v;
    }
    return got;
}

/* Distances from one source against Dijkstra's; 0 when equal. */
static int wrong_distances(const struct graph *g, int32_t source, const int64_t *dist,
                           struct dijkstra *d)
{
    dijkstra_reset(d);
    dijkstra_add_source(d, source);
    while (dijkstra_next(d, g) >= 0)
        ;
    for (int32_t v = 0; v < g->n; v++)
        if (d->dist[v] != dist[v])
            return 1;
    return 0;
}

/* Times count searches of one kernel; fills row. */
static int time_kernel(const struct graph *g, int kernel, const int32_t *sources, int count,
                       int check, struct gpu_stopwatch *w, struct row *row, struct error *err)
{
    int batch = kernel == KERNEL_BATCH;
    struct gpu_sssp_session *s = NULL;
    int status = gpu_sssp_open(g, batch ? SSSP_TPULL : kernel, batch ? 0 : 1, &s, err);
    if (status != MVC_OK)
        return status;
    int per_run = batch ? (gpu_sssp_batch_size(s) < count ? gpu_sssp_batch_size(s) : count) : 1;
    int runs = batch ? 1 : count;
    double ms[MAX_SOURCES];
    struct gpu_sssp_stats before, after;
    int64_t *dist = malloc((size_t)per_run * (size_t)g->n * sizeof *dist);
    struct dijkstra d;
    int have_dijkstra = 0;
    memset(row, 0, sizeof *row);
    row->kernel = kernel_name(kernel);
    if (dist == NULL) {
        status = error_set(err, MVC_ENOMEM, "out of memory for distances");
        goto done;
    }
    if (check) {
        if (dijkstra_init(&d, g->n) != MVC_OK) {
            status = error_set(err, MVC_ENOMEM, "out of memory for Dijkstra");
            goto done;
        }
        have_dijkstra = 1;
    }
    /* Warm-up: first-use allocations and clocks. */
    status = batch ? gpu_sssp_run_batch(s, sources, per_run, NULL, 0, NULL, NULL, err)
                   : gpu_sssp_run(s, sources, 1, NULL, NULL, err);
    if (status != MVC_OK)
        goto done;
    gpu_sssp_session_stats(s, &before);
    for (int r = 0; r < runs; r++) {
        if ((status = gpu_stopwatch_start(w, err)) != MVC_OK)
            goto done;
        status = batch ? gpu_sssp_run_batch(s, sources, per_run, NULL, 0, NULL, NULL, err)
                       : gpu_sssp_run(s, sources + r, 1, NULL, NULL, err);
        if (status == MVC_OK)
            status = gpu_stopwatch_stop(w, &ms[r], err);
        if (status != MVC_OK)
            goto done;
        ms[r] /= per_run;
    }
    gpu_sssp_session_stats(s, &after);
    int total = runs * per_run;
    row->sources = total;
    row->launches = (double)(after.launches - before.launches) / total;
    row->arcs = (double)(after.arcs_scanned - before.arcs_scanned) / total;
    row->vertices = (double)(after.vertices_visited - before.vertices_visited) / total;
    double sum = 0;
    for (int r = 0; r < runs; r++)
        sum += ms[r];
    row->ms_mean = sum / runs;
    qsort(ms, (size_t)runs, sizeof *ms, compare_doubles);
    row->ms_min = ms[0];
    row->ms_median = runs % 2 ? ms[runs / 2] : (ms[runs / 2 - 1] + ms[runs / 2]) / 2;
    /* Checks, untimed: the same searches again, with distances. */
    for (int r = 0; check && r < runs; r++) {
        status = batch ? gpu_sssp_run_batch(s, sources, per_run, NULL, 0, dist, NULL, err)
                       : gpu_sssp_run(s, sources + r, 1, dist, NULL, err);
        if (status != MVC_OK)
            goto done;
        for (int i = 0; i < per_run; i++) {
            row->checked++;
            row->wrong += wrong_distances(g, sources[batch ? i : r], dist + (size_t)i * g->n, &d);
        }
    }
done:
    if (have_dijkstra)
        dijkstra_free(&d);
    free(dist);
    gpu_sssp_close(s, NULL);
    return status;
}

static void print_header(void)
{
    printf("graph,n,m,kernel,sources,time_ms_median,time_ms_mean,time_ms_min,launches,"
           "arcs_scanned,vertices_visited,scans_per_arc,edges_per_s,bytes,bandwidth_gb_s,"
           "peak_gb_s,fraction_of_peak,checked,wrong\n");
}

static void print_row(const char *path, const struct graph *g, const struct row *r, double peak)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    double seconds = r->ms_median / 1e3;
    double bytes =
        r->arcs * (g->weights ? ARC_BYTES_WEIGHTED : ARC_BYTES_UNIT) + r->vertices * VERTEX_BYTES;
    double arcs = 2.0 * (double)g->m;
    printf("%s,%ld,%lld,%s,%d,%.4f,%.4f,%.4f,%.1f,%.0f,%.0f,%.2f,%.4g,%.4g,%.2f,%.1f,%.4f,%d,%d\n",
           base, (long)g->n, (long long)g->m, r->kernel, r->sources, r->ms_median, r->ms_mean,
           r->ms_min, r->launches, r->arcs, r->vertices, arcs > 0 ? r->arcs / arcs : 0,
           seconds > 0 ? r->arcs / seconds : 0, bytes, seconds > 0 ? bytes / seconds / 1e9 : 0,
           peak / 1e9, seconds > 0 && peak > 0 ? bytes / seconds / peak : 0, r->checked, r->wrong);
    fflush(stdout);
}

static int usage(void)
{
    fprintf(stderr, "usage: sssp_throughput [--sources K] [--seed S] [--kernels LIST] "
                    "[--no-check] [--header] GRAPH...\n"
                    "  LIST: bellman-ford,tpull,near-far,tpull-batch (default: all)\n");
    return 2;
}

int main(int argc, char **argv)
{
    struct bench_opts o = {DEFAULT_SOURCES, 1, {0}, 0, 1, 0};
    parse_kernels("bellman-ford,tpull,near-far,tpull-batch", &o);
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strcmp(argv[i], "--sources") == 0 && i + 1 < argc)
            o.sources = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            o.seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--kernels") == 0 && i + 1 < argc) {
            if (parse_kernels(argv[++i], &o) != 0)
                return usage();
        } else if (strcmp(argv[i], "--no-check") == 0)
            o.check = 0;
        else if (strcmp(argv[i], "--header") == 0)
            o.header = 1;
        else
            return usage();
    }
    if (i == argc || o.sources < 1 || o.sources > MAX_SOURCES)
        return usage();
    if (gpu_sssp_device_count() == 0) {
        fprintf(stderr, "sssp_throughput: no CUDA device\n");
        return 1;
    }
    struct error err = {0};
    struct gpu_memory_info mi;
    struct gpu_stopwatch *w = NULL;
    if (gpu_memory_info_get(&mi, &err) != MVC_OK || gpu_stopwatch_new(&w, &err) != MVC_OK) {
        fprintf(stderr, "sssp_throughput: %s\n", err.message);
        return 1;
    }
    fprintf(stderr,
            "# device: %s, %d SMs, memory clock %d kHz x %d-bit bus: peak %.1f GB/s, L2 %.1f MB, "
            "%.1f GB\n",
            mi.name, mi.sms, mi.clock_khz, mi.bus_bits, mi.peak_bytes_per_s / 1e9,
            mi.l2_bytes / 1e6, (double)mi.total_bytes / 1e9);
    if (o.header)
        print_header();
    int failed = 0;
    for (; i < argc; i++) {
        struct graph *g = NULL;
        if (graph_read(argv[i], NULL, &g, &err) != MVC_OK) {
            fprintf(stderr, "sssp_throughput: %s\n", err.message);
            failed = 1;
            continue;
        }
        double csr = (double)(g->n + 1) * 8 + 2.0 * g->m * (g->weights ? 8 : 4);
        fprintf(stderr, "# %s: n %ld, m %lld, CSR %.1f MB (%s the L2 cache)\n", argv[i], (long)g->n,
                (long long)g->m, csr / 1e6, csr > mi.l2_bytes ? "beyond" : "within");
        int32_t sources[MAX_SOURCES];
        int count = choose_sources(g, o.sources, o.seed, sources);
        for (int k = 0; k < o.n_kernels && count > 0; k++) {
            struct row r;
            if (time_kernel(g, o.kernels[k], sources, count, o.check, w, &r, &err) != MVC_OK) {
                fprintf(stderr, "sssp_throughput: %s, %s: %s\n", argv[i], kernel_name(o.kernels[k]),
                        err.message);
                failed = 1;
                continue;
            }
            print_row(argv[i], g, &r, mi.peak_bytes_per_s);
            if (r.wrong > 0) {
                fprintf(stderr, "sssp_throughput: %s, %s: %d of %d searches differ from Dijkstra\n",
                        argv[i], r.kernel, r.wrong, r.checked);
                failed = 1;
            }
        }
        graph_free(g);
    }
    gpu_stopwatch_free(w);
    return failed;
}
