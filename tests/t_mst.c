/* Host side of the spanning forests: Kruskal, moving a forest to the front, and the GPU-or-CPU
 * choice. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "gpu_steiner.h"
#include "mst.h"
#include "steiner.h"
#include "steiner_mst.h"
#include "steiner_tree.h"
#include "tap.h"

static struct wedge edge(int64_t w, int32_t u, int32_t v, int64_t tag)
{
    struct wedge e = {w, u, v, tag};
    return e;
}

static void test_move_chosen(void)
{
    struct wedge e[6];
    for (int i = 0; i < 6; i++)
        e[i] = edge(10 * i, i, i + 1, i);
    int32_t chosen[2] = {4, 1};
    is(mst_move_chosen(e, 6, chosen, 2), MVC_OK, "moving two edges to the front succeeds");
    int64_t want[6] = {40, 10, 0, 20, 30, 50}, bad = 0;
    for (int i = 0; i < 6; i++)
        bad += e[i].w != want[i];
    is(bad, 0, "chosen edges first in the order given, the others after in their order");
    is(mst_move_chosen(e, 6, NULL, 0), MVC_OK, "moving none succeeds");
    bad = 0;
    for (int i = 0; i < 6; i++)
        bad += e[i].w != want[i];
    is(bad, 0, "and changes nothing");
    int32_t all[3] = {2, 1, 0};
    struct wedge f[3] = {edge(1, 0, 1, 0), edge(2, 1, 2, 0), edge(3, 2, 3, 0)};
    mst_move_chosen(f, 3, all, 3);
    ok(f[0].w == 3 && f[1].w == 2 && f[2].w == 1, "choosing every edge reorders them all");
}

static void test_kruskal_ties(void)
{
    /* Two triangles of equal weights and an isolated vertex: 7 vertices, 3 components. */
    struct wedge e[7] = {edge(1, 0, 1, 0), edge(1, 1, 2, 0), edge(1, 0, 2, 0), edge(5, 3, 4, 0),
                         edge(5, 4, 5, 0), edge(5, 3, 5, 0), edge(0, 2, 2, 0)};
    int64_t chosen = 0;
    is(mst_kruskal(7, e, 7, &chosen), MVC_OK, "Kruskal on equal weights runs");
    is(chosen, 4, "a forest of 7 - 3 edges");
    ok(e[0].u == 0 && e[0].v == 1 && e[1].u == 0 && e[1].v == 2 && e[2].w == 5 && e[2].u == 3 &&
           e[2].v == 4 && e[3].u == 3 && e[3].v == 5,
       "ties are broken by (u, v): the forest is the first edges in that order");
}

static void test_choice(void)
{
    is(steiner_mst_choose(STEINER_DEVICE_CPU, 1, INT64_MAX), STEINER_DEVICE_CPU,
       "the CPU when asked for, however large");
    is(steiner_mst_choose(STEINER_DEVICE_GPU, 0, 1), STEINER_DEVICE_GPU,
       "the GPU when asked for, however small");
    is(steiner_mst_choose(STEINER_DEVICE_AUTO, 1, STEINER_GPU_MST_MIN_EDGES - 1),
       STEINER_DEVICE_CPU, "auto in a GPU run: the CPU below STEINER_GPU_MST_MIN_EDGES");
    is(steiner_mst_choose(STEINER_DEVICE_AUTO, 1, STEINER_GPU_MST_MIN_EDGES), STEINER_DEVICE_GPU,
       "auto in a GPU run: the GPU from STEINER_GPU_MST_MIN_EDGES");
    is(steiner_mst_choose(STEINER_DEVICE_AUTO, 0, STEINER_GPU_MST_MIN_EDGES), STEINER_DEVICE_CPU,
       "auto in a CPU run: the CPU at the warm threshold (CUDA would have to start)");
    is(steiner_mst_choose(STEINER_DEVICE_AUTO, 0, STEINER_GPU_MST_COLD_MIN_EDGES - 1),
       STEINER_DEVICE_CPU, "auto in a CPU run: the CPU below STEINER_GPU_MST_COLD_MIN_EDGES");
    is(steiner_mst_choose(STEINER_DEVICE_AUTO, 0, STEINER_GPU_MST_COLD_MIN_EDGES),
       STEINER_DEVICE_GPU, "auto in a CPU run: the GPU from STEINER_GPU_MST_COLD_MIN_EDGES");
    ok(STEINER_GPU_MST_MIN_EDGES < STEINER_GPU_MST_COLD_MIN_EDGES,
       "a started device pays from fewer edges than one that must start");
}

static int have_device(void)
{
#ifdef HAVE_CUDA
    return gpu_sssp_device_count() > 0;
#else
    return 0;
#endif
}

/* A random forest problem: edges with weights 0..3 among n vertices, with parallel edges. */
static struct wedge *random_edges(int32_t n, int64_t m, uint64_t seed)
{
    struct wedge *e = malloc((size_t)m * sizeof *e);
    for (int64_t i = 0; i < m; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        int32_t u = (int32_t)((seed >> 33) % (uint64_t)n);
        int32_t v = (int32_t)((seed >> 13) % (uint64_t)n);
        e[i] = edge((int64_t)(seed >> 60) % 4, u < v ? u : v, u < v ? v : u, 0);
    }
    return e;
}

/* Auto in a GPU run above the threshold: the GPU where there is one, Kruskal's forest either way.
 */
static void test_auto_falls_back(void)
{
    int32_t n = 50000;
    int64_t m = STEINER_GPU_MST_MIN_EDGES + 17;
    struct wedge *a = random_edges(n, m, 7), *b = random_edges(n, m, 7);
    struct steiner_opts o;
    steiner_opts_default(&o);
    struct steiner_stats st;
    memset(&st, 0, sizeof st);
    struct steiner_run run = {.o = &o, .st = &st, .use_gpu = 1};
    const char *used = NULL;
    int64_t got = 0, want = 0;
    struct error err = {0};
    is(steiner_msf(&run, n, a, m, &got, &used, &err), MVC_OK, "an automatic forest succeeds (%s)",
       err.message);
    ok(strcmp(used, have_device() ? STEINER_MST_BORUVKA_GPU : STEINER_MST_KRUSKAL) == 0,
       "on the %s, %s a device (%s)", have_device() ? "GPU" : "CPU",
       have_device() ? "with" : "without", used);
    mst_kruskal(n, b, m, &want);
    int64_t bad = got != want;
    for (int64_t i = 0; i < got && i < want; i++)
        bad += a[i].w != b[i].w || a[i].u != b[i].u || a[i].v != b[i].v;
    is(bad, 0, "the same forest as Kruskal's (%lld edges)", (long long)want);
    free(a), free(b);
}

/* A GPU asked for: refused without CUDA or a device, before anything is changed. */
static void test_gpu_asked_for(void)
{
    struct steiner_opts o;
    steiner_opts_default(&o);
    o.mst = STEINER_DEVICE_GPU;
    struct steiner_stats st;
    memset(&st, 0, sizeof st);
    struct steiner_run run = {.o = &o, .st = &st, .use_gpu = 0};
    struct wedge e[2] = {edge(3, 0, 1, 0), edge(1, 1, 2, 0)};
    const char *used = NULL;
    int64_t got = 0;
    struct error err = {0};
    int status = steiner_msf(&run, 3, e, 2, &got, &used, &err);
#ifdef HAVE_CUDA
    int want = have_device() ? MVC_OK : MVC_EDEVICE;
#else
    int want = MVC_EUNSUPPORTED;
#endif
    is(status, want, "a GPU forest asked for: %s", status == MVC_OK ? "computed" : err.message);
    if (status == MVC_OK)
        ok(got == 2 && e[0].w == 1 && e[1].w == 3, "both edges, lightest first");
    else
        ok(e[0].w == 3 && e[1].w == 1, "the edges are left as they were");
}

int main(void)
{
    test_move_chosen();
    test_kruskal_ties();
    test_choice();
    test_auto_falls_back();
    test_gpu_asked_for();
    done_testing();
    return exit_status();
}
