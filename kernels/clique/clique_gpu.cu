/*
 * gpu_solve_clique (src/gpu/gpu.h): minimum vertex cover of a dense graph as
 * the complement of a maximum clique of its edge complement, searched by the
 * kernels of clique_search.cuh on the devices of clique_team.cu. This part
 * prepares the search, decides on the MaxSAT reasoning, and turns the best
 * clique into a cover and an outcome.
 */
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "clock.h"
#include "cover.h"
#include "error.h"
#include "graph.h"
#include "solve.h"
}
#include "gpu.h"

#include "clique_layout.h"
#include "clique_prepare.h"
#include "clique_team.h"

/*
 * MaxSAT reasoning over the colour classes, unless the colour bound alone is
 * asked for: where the graph searched for cliques (g's complement) has an
 * edge density of at least 0.4, as the CPU search decides it
 * (src/vc/clique/clique.c, MAXSAT_MIN_DENSITY: in sparser ones each
 * propagation falsifies most candidates and costs more than it spares), and
 * where the greedy clique has at least MAXSAT_MIN_CLIQUE vertices: with few
 * classes under the threshold a propagation seldom meets a conflict. On an
 * H200, search seconds with / without: C250.9 (ω 44) 1.32 / 4.10,
 * p_hat700-3 (62) 0.93 / 1.92, p_hat1500-2 (65) 6.66 / 12.76, brock400_1
 * (27) 0.55 / 0.68, but DSJC1000.5 (ω 15, density 0.5) 0.63 / 0.44.
 * Measured up to density 0.9 (C250.9) only, it stays off above
 * MAXSAT_MAX_DENSITY: on the nearly complete clique graphs of sparse vertex
 * cover instances (the PACE 2019 kernels, the 120-cell) a node reasons over
 * hundreds of classes of one or two vertices, and the kernels look at the
 * stop word once a node (with it on, one SIGTERM on the 120-cell was
 * answered after 1.1 s).
 */
#define MAXSAT_MIN_CLIQUE 16
#define MAXSAT_MIN_DENSITY 0.4
#define MAXSAT_MAX_DENSITY 0.95

static int maxsat_pays(const struct graph *g, const struct solve_opts *o, int32_t greedy)
{
    double density = graph_complement_density(g);
    return !o->clique.colour_bound_only && greedy >= MAXSAT_MIN_CLIQUE &&
           density >= MAXSAT_MIN_DENSITY && density <= MAXSAT_MAX_DENSITY;
}

/* The cover: every vertex but those of the clique (search indices mapped back). */
static void cover_from_clique(const struct clique_problem *cp, struct cover *out)
{
    memset(out->in, 1, (size_t)cp->n);
    out->size = cp->n;
    for (int32_t i = 0; i < cp->size; i++) {
        out->in[cp->order[cp->clique[i]]] = 0;
        out->size--;
    }
}

int gpu_solve_clique(const struct graph *g, const struct solve_opts *o, struct cover *out,
                     struct solve_stats *st, struct error *err)
{
    double start = clock_seconds();
    st->solver = "clique-gpu";
    if (cover_init(out, g->n) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for a cover of %ld vertices", (long)g->n);
    if (g->n == 0) {
        st->proven = 1;
        return o->k >= 0 ? SOLVE_FOUND : SOLVE_OPTIMAL;
    }
    if (g->n > CLIQUE_GPU_MAX_VERTICES)
        return error_set(err, MVC_EUNSUPPORTED,
                         "solver 'clique' takes at most %d vertices, the graph has %ld",
                         CLIQUE_GPU_MAX_VERTICES, (long)g->n);
    struct clique_problem cp;
    if (clique_problem_prepare(g, &cp) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for the dense-graph search (%ld vertices)",
                         (long)g->n);
    st->t_upper = clock_seconds() - start;
    st->greedy_size = g->n - cp.size;
    cover_from_clique(&cp, out);
    progress_improve(o->report, out->size);
    /* PVC: a cover of size <= k is an independent set of size >= n - k */
    int64_t wanted = o->k >= 0 ? (int64_t)g->n - o->k : (int64_t)g->n + 1;
    int32_t target = wanted > 0 ? (int32_t)wanted : 0;
    struct clique_outcome r;
    memset(&r, 0, sizeof r);
    r.complete = 1;
    if (cp.size < target) {
        int status = clique_team_search(o, &cp, target, maxsat_pays(g, o, cp.size), &r, st, err);
        if (status != MVC_OK) {
            clique_problem_free(&cp);
            return status;
        }
        cover_from_clique(&cp, out);
        /* the search proved that nothing beats the larger of its clique and the floor */
        const struct cover *held = held_cover_latest(o->clique.held);
        if (held != NULL && held->size < out->size) {
            memcpy(out->in, held->in, (size_t)g->n);
            out->size = held->size;
        }
    }
    st->nodes = r.nodes;
    st->t_search = r.seconds;
    st->best = out->size;
    progress_nodes(o->report, r.nodes);
    progress_improve(o->report, out->size);
    int outcome;
    if (o->k >= 0)
        outcome = out->size <= o->k ? SOLVE_FOUND : r.complete ? SOLVE_NO_COVER : SOLVE_STOPPED;
    else
        outcome = r.complete ? SOLVE_OPTIMAL : SOLVE_STOPPED;
    st->proven = outcome != SOLVE_STOPPED;
    if (outcome == SOLVE_OPTIMAL)
        st->lower_bound = out->size;
    else if (outcome == SOLVE_NO_COVER)
        st->lower_bound = (int32_t)(o->k + 1);
    progress_lower(o->report, st->lower_bound);
    clique_problem_free(&cp);
    return outcome;
}
