/* Steiner mode's entry: options, input checks, dispatch to KMB or Mehlhorn, output. */
#include "steiner.h"

#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "config.h"
#include "gpu_steiner.h"
#include "steiner_algo.h"
#include "steiner_mst.h"
#include "steiner_tree.h"

void steiner_opts_default(struct steiner_opts *o)
{
    memset(o, 0, sizeof *o);
    o->algo = STEINER_KMB;
    o->use_gpu = STEINER_DEVICE_AUTO;
    o->sssp = SSSP_AUTO;
    o->mst = STEINER_DEVICE_AUTO;
    o->improve = 1;
}

static const char *const algo_names[] = {"kmb", "mehlhorn"};
static const char *const sssp_names[] = {"auto", "bellman-ford", "tpull", "near-far"};
#define COUNT(names) ((int)(sizeof names / sizeof names[0]))

/* names[i], or "?" when i is out of range. */
static const char *name_at(const char *const *names, int count, int i)
{
    return i >= 0 && i < count ? names[i] : "?";
}

/* The index of name among names, or -1. */
static int index_of(const char *const *names, int count, const char *name)
{
    for (int i = 0; i < count; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

const char *steiner_algo_name(int algo)
{
    return name_at(algo_names, COUNT(algo_names), algo);
}

int steiner_algo_parse(const char *name)
{
    return index_of(algo_names, COUNT(algo_names), name);
}

const char *steiner_sssp_name(int kernel)
{
    return name_at(sssp_names, COUNT(sssp_names), kernel);
}

int steiner_sssp_parse(const char *name)
{
    return index_of(sssp_names, COUNT(sssp_names), name);
}

void steiner_tree_free(struct steiner_tree *t)
{
    free(t->edges);
    memset(t, 0, sizeof *t);
}

int steiner_write_pace(FILE *out, const struct steiner_tree *t)
{
    fprintf(out, "VALUE %lld\n", (long long)t->weight);
    for (int64_t i = 0; i < t->n_edges; i++)
        fprintf(out, "%ld %ld\n", (long)t->edges[i][0] + 1, (long)t->edges[i][1] + 1);
    return ferror(out) ? MVC_EIO : MVC_OK;
}

/*
 * Terminals in range and distinct, weights non-negative, and every terminal
 * reachable from the first (a breadth-first search), so the algorithms can
 * assume one component and users learn which terminal is cut off.
 */
static int check_input(const struct graph *g, uint8_t *is_terminal, struct error *err)
{
    if (g->n_terminals <= 0 || g->terminals == NULL)
        return error_set(err, MVC_EINPUT, "the graph has no terminals: nothing to connect");
    for (int32_t i = 0; i < g->n_terminals; i++) {
        int32_t t = g->terminals[i];
        if (t < 0 || t >= g->n)
            return error_set(err, MVC_EINPUT, "terminal %lld is out of range 1..%ld",
                             (long long)t + 1, (long)g->n);
        if (is_terminal[t])
            return error_set(err, MVC_EINPUT, "terminal %lld is listed twice",
                             steiner_vertex_name(g, t));
        is_terminal[t] = 1;
    }
    if (g->weights)
        for (int32_t u = 0; u < g->n; u++)
            for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++)
                if (g->weights[i] < 0)
                    return error_set(err, MVC_EINPUT, "edge {%lld, %lld} has negative weight %ld",
                                     steiner_vertex_name(g, u), steiner_vertex_name(g, g->adj[i]),
                                     (long)g->weights[i]);
    int32_t *queue = malloc((size_t)g->n * sizeof *queue);
    uint8_t *seen = calloc((size_t)g->n, 1);
    if (queue == NULL || seen == NULL) {
        free(queue), free(seen);
        return error_set(err, MVC_ENOMEM, "out of memory checking connectivity");
    }
    int32_t head = 0, tail = 0, root = g->terminals[0];
    queue[tail++] = root;
    seen[root] = 1;
    while (head < tail) {
        int32_t u = queue[head++];
        for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++)
            if (!seen[g->adj[i]]) {
                seen[g->adj[i]] = 1;
                queue[tail++] = g->adj[i];
            }
    }
    int status = MVC_OK;
    for (int32_t i = 1; i < g->n_terminals && status == MVC_OK; i++)
        if (!seen[g->terminals[i]])
            status =
                error_set(err, MVC_EINPUT, "terminal %lld cannot be reached from terminal %lld",
                          steiner_vertex_name(g, g->terminals[i]), steiner_vertex_name(g, root));
    free(queue), free(seen);
    return status;
}

/*
 * The GPU only when asked for. Auto takes the CPU: its KMB runs incremental,
 * early-halting searches (steiner_kmb.c) that touch a small part of the graph
 * per terminal, while the GPU's Bellman-Ford batches run every search to the
 * end, and Mehlhorn's one search costs less on the CPU than starting a device.
 */
static int resolve_device(const struct steiner_opts *o, int *use_gpu, struct error *err)
{
    *use_gpu = 0;
    if (o->use_gpu != STEINER_DEVICE_GPU)
        return MVC_OK;
#ifdef HAVE_CUDA
    if (gpu_sssp_device_count() == 0)
        return error_set(err, MVC_EDEVICE,
                         "Steiner mode on the GPU needs a CUDA device and none was found");
    *use_gpu = 1;
    return MVC_OK;
#else
    return error_set(err, MVC_EUNSUPPORTED,
                     "Steiner mode on the GPU needs a build with CUDA (configure --with-cuda)");
#endif
}

int steiner_solve(const struct graph *g, const struct steiner_opts *o, struct steiner_tree *out,
                  struct steiner_stats *st, struct error *err)
{
    double t_start = clock_seconds();
    struct steiner_stats local;
    if (st == NULL)
        st = &local;
    memset(st, 0, sizeof *st);
    memset(out, 0, sizeof *out);
    st->algo = steiner_algo_name(o->algo);
    st->device = "cpu";
    st->sssp = "dijkstra";
    st->mst = o->algo == STEINER_KMB ? "prim" : STEINER_MST_KRUSKAL;
    st->subgraph_mst = "none";
    st->n_terminals = g->n_terminals;
    if (o->algo != STEINER_KMB && o->algo != STEINER_MEHLHORN)
        return error_set(err, MVC_EINPUT, "unknown Steiner algorithm %d", o->algo);

    struct steiner_run run;
    int status = steiner_run_start(&run, g, o, st, err);
    if (status != MVC_OK)
        return status;
    status = check_input(g, run.is_terminal, err);
    int use_gpu = 0;
    if (status == MVC_OK)
        status = resolve_device(o, &use_gpu, err);
    if (status != MVC_OK || g->n_terminals == 1) {
        /* One terminal: the empty tree of weight 0 spans it. */
        steiner_run_end(&run);
        st->t_total = clock_seconds() - t_start;
        return status;
    }
    run.use_gpu = use_gpu;
    if (use_gpu)
        st->device = "gpu";
    if (o->algo == STEINER_KMB)
        status = use_gpu ? steiner_kmb_gpu(&run, out, err) : steiner_kmb(&run, out, err);
    else
        status = steiner_mehlhorn(&run, use_gpu, out, err);
    st->weight_constructed = st->weight = out->weight;
    if (status == MVC_OK)
        progress_improve(o->report, out->weight);
    if (status == MVC_OK && o->improve)
        status = steiner_improve_run(&run, out, err);
    st->weight = out->weight;
    steiner_run_end(&run);
    if (status != MVC_OK)
        steiner_tree_free(out);
    st->t_total = clock_seconds() - t_start;
    return status;
}
