/*
 * The vertex cover pipeline, declared as a list of stages (docs/how-it-solves.md
 * tells the same list in words). Each stage does one thing to the graph it is
 * given and hands its result to the next stage only: kernelize and lift the
 * cover back, split into components, solve a line graph by a matching, race
 * bound-sat beside the rest, solve.
 * No stage calls an earlier one.
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "bound_sat.h"
#include "clique.h"
#include "clock.h"
#include "components.h"
#include "gpu.h"
#include "kernelize.h"
#include "line_graph.h"
#include "race.h"

enum stage_kind {
    STAGE_REDUCE,     /* kernelize; the next stage solves the kernel, its cover is lifted back */
    STAGE_SPLIT,      /* connected components, smallest first, each through the next stage */
    STAGE_LINE_GRAPH, /* a line graph solved by its root's largest matching, else the next stage */
    STAGE_QUICK,      /* a small part: quick_stages for a moment, and the next stage if unproven */
    STAGE_BOUND_SAT,  /* the SAT search of the clique-cover bound races the next stage */
    STAGE_SOLVE,      /* the solver named, or under auto those that suit the part, racing */
};

struct stage {
    enum stage_kind kind;
    int folds; /* STAGE_REDUCE: with the folding rules, which merge vertices */
};

/*
 * --solver=auto. Bound-sat needs the cliques of the graph, which folds would
 * merge away, so the first kernel keeps to the rules that leave an induced
 * subgraph; each of its components then gets the full rules beside bound-sat.
 */
static const struct stage auto_stages[] = {
    {STAGE_REDUCE, 0}, {STAGE_SPLIT, 0},      {STAGE_LINE_GRAPH, 0},
    {STAGE_QUICK, 0},  {STAGE_BOUND_SAT, 0},  {STAGE_REDUCE, 1},
    {STAGE_SPLIT, 0},  {STAGE_LINE_GRAPH, 0}, {STAGE_SOLVE, 0},
};

/* STAGE_QUICK's try: the full rules, then the solver run_quick names on each component. */
static const struct stage quick_stages[] = {
    {STAGE_REDUCE, 1}, {STAGE_SPLIT, 0}, {STAGE_LINE_GRAPH, 0}, {STAGE_SOLVE, 0}};

/* --solver=auto with --no-bound-sat. */
static const struct stage auto_reduced_stages[] = {
    {STAGE_REDUCE, 1}, {STAGE_SPLIT, 0}, {STAGE_LINE_GRAPH, 0}, {STAGE_QUICK, 0}, {STAGE_SOLVE, 0}};

/* A solver named: its own algorithm on each component of the kernel. */
static const struct stage reduced_stages[] = {
    {STAGE_REDUCE, 1}, {STAGE_SPLIT, 0}, {STAGE_SOLVE, 0}};

/* --no-reduce: the solver alone on the whole graph (the paper's algorithm as published). */
static const struct stage direct_stages[] = {{STAGE_SOLVE, 0}};

/* The stages still to run: stage[0] runs now. */
struct pipeline {
    const struct stage *stage;
    int count;
};

static int run_stage(struct pipeline p, const struct graph *g, const struct solve_opts *o,
                     struct cover *out, struct solve_stats *st, struct error *err);

#define STAGES(list) ((struct pipeline){list, (int)(sizeof list / sizeof list[0])})

static struct pipeline next_stages(struct pipeline p)
{
    return (struct pipeline){p.stage + 1, p.count - 1};
}

/* Components this small go to the CPU solver: a GPU launch costs more than their search. */
#define SMALL_COMPONENT 64

/*
 * Under --solver=auto a component meant for the GPU is first given this long
 * on the CPU: starting the CUDA runtime costs more than many whole searches
 * (on an H100, 0.11-0.22 s to find the device and 0.13 s for its context,
 * measured), and a search the CPU finishes in that time never pays it.
 */
#define CPU_PROBE_SECONDS 0.25

/*
 * Up to this many vertices a sparse component also gets the clique search on
 * its complement: on a second CPU thread, and as the GPU entrant rather than
 * the hybrid. On an H100 clique-gpu proved the 195-219-vertex kernels of 26
 * PACE 2019 instances in 0.07-0.32 s each (hybrid: 0.5-4 s, and 6 of them not
 * within 5 s) and a 450-vertex one in 5 s; from about 1,150 vertices on
 * neither proved anything within 10 s and the hybrid found the better covers
 * (bench/results/pace2019-gpu-entrant.md).
 */
#define SPARSE_CLIQUE_MAX 1024

/*
 * The SAT search of the clique-cover bound (bound_sat.h) joins a component at
 * once, but past its first round (a CDCL probe and one local search, which
 * decide the 3-SAT-like PACE graphs in milliseconds: vc-exact_125 0.103 ->
 * 0.033 s on 2 cores) it waits until this long after the rest of the
 * pipeline started, and past the bound itself until the second time: what
 * the pipeline ends within that time does not share its cores with the rest
 * (bench/results/pace2019-cpu-bound-sat-probe.md).
 */
#define BOUND_SAT_AFTER 0.1
#define BOUND_SAT_SLACK_AFTER 0.3

/*
 * Its local search and SAT instance take about 40 bytes an edge beside the
 * graph's own: past this many edges (about 700 MB) it is left out. The
 * largest fold-free PACE 2019 kernel has 144,000.
 */
#define BOUND_SAT_MAX_EDGES ((int64_t)1 << 24)

/* The entrants of a race: the rest of the pipeline, one solver, or bound-sat. */
static int enter_stages(const void *arg, const struct graph *g, const struct solve_opts *o,
                        struct cover *out, struct solve_stats *st, struct error *err)
{
    return run_stage(*(const struct pipeline *)arg, g, o, out, st, err);
}

static int enter_solver(const void *arg, const struct graph *g, const struct solve_opts *o,
                        struct cover *out, struct solve_stats *st, struct error *err)
{
    (void)arg;
    return solver_run(g, o, out, st, err);
}

/* One bound-sat run, counted among those computing (bound_sat_opts.running) while it does. */
static int enter_bound_sat(const void *arg, const struct graph *g, const struct solve_opts *o,
                           struct cover *out, struct solve_stats *st, struct error *err)
{
    (void)arg;
    int *running = o->bound_sat.running;
    if (running != NULL)
        __atomic_add_fetch(running, 1, __ATOMIC_RELAXED);
    int result = solve_bound_sat(g, o, out, st, err);
    if (running != NULL)
        __atomic_sub_fetch(running, 1, __ATOMIC_RELAXED);
    return result;
}

/* STAGE_SOLVE */

/*
 * The CPU solver that suits a component's shape: clique search when it is
 * dense, else branch and reduce with lower bounds.
 */
static enum solver_kind cpu_solver_for(const struct graph *g)
{
    return clique_suits(g) ? SOLVER_CLIQUE : SOLVER_BNR;
}

#ifdef HAVE_CUDA
/* The GPU solver that joins a component's CPU search. */
static enum solver_kind gpu_solver_for(enum solver_kind cpu, const struct graph *g)
{
    if (cpu == SOLVER_CLIQUE || g->n <= SPARSE_CLIQUE_MAX)
        return SOLVER_CLIQUE_GPU;
    return SOLVER_HYBRID;
}
#endif

/*
 * Whether g has at most n / FEW_TRIANGLES_PER_VERTEX triangles. Where it has
 * hardly any, the cliques of g are its edges, the clique search's colour
 * bound on the complement is no better than a matching, and bnr decides:
 * random 4-regular graphs of 150 and 200 vertices (a few triangles each),
 * while the 200-vertex PACE 2019 kernels that the clique search decides
 * have many.
 */
#define FEW_TRIANGLES_PER_VERTEX 10

/*
 * Past this many vertices the CPUs are shared as where triangles are few,
 * whatever their count: the clique search decided PACE 2019's kernels of
 * 195-200 vertices and none of 400 or more (those of 435-900 bnr decides at
 * its root), and beside it on lattices with missing sites, whose kernels of
 * 550-800 vertices are full of triangles, bnr branched on one thread.
 */
#define CLIQUE_CPUS_MAX_VERTICES 400

/*
 * Past CLIQUE_CPUS_MAX_VERTICES, components of mean degree at most this get
 * no clique search at all: their complements' cliques (the independent sets,
 * a third of the vertices or more) are far too large for its colour bound,
 * and it decided none of PACE 2019's (435-900 vertices, mean degree 6.8-8.7),
 * while with its local search it took a core from bnr: triangular lattices
 * with missing sites (kernels of 550-800 vertices, mean degree about 5),
 * 2-core machine, 0.90 -> 0.51 s and 1.22 -> 0.74 s. On G(450, 0.08) (mean
 * degree 36) its local search still found the better covers within 20 s.
 */
#define NO_CLIQUE_MAX_MEAN_DEGREE 16

/* Whether the clique search joins bnr on g, a sparse component. */
static int clique_beside_bnr(const struct graph *g)
{
    if (g->n <= SMALL_COMPONENT || g->n > SPARSE_CLIQUE_MAX)
        return 0;
    return g->n <= CLIQUE_CPUS_MAX_VERTICES || 2 * g->m > NO_CLIQUE_MAX_MEAN_DEGREE * (int64_t)g->n;
}

static int few_triangles(const struct graph *g)
{
    int64_t triangles = 0, most = g->n / FEW_TRIANGLES_PER_VERTEX;
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++) {
            int32_t v = g->adj[a];
            if (v <= u)
                continue;
            /* common neighbours w > v, by merging the two sorted lists */
            int64_t i = g->offsets[u], j = g->offsets[v];
            while (i < g->offsets[u + 1] && j < g->offsets[v + 1]) {
                int32_t x = g->adj[i], y = g->adj[j];
                if (x < y) {
                    i++;
                } else if (y < x) {
                    j++;
                } else {
                    triangles += x > v;
                    if (triangles > most)
                        return 0;
                    i++;
                    j++;
                }
            }
        }
    return 1;
}

/*
 * Where bnr is the likely winner (few triangles), the CPUs are shared: half
 * (at least one) to the clique search, the rest to bnr's branchings, at
 * least two. With both of the 2-core machine's cores the clique search left
 * bnr one, and bnr took 5.96 s on a random 4-regular graph of 200 vertices
 * that it decides alone in 4.00 s; the clique search still wins on the
 * 5-regular graphs of 150 vertices (1.1 s on one thread). On two CPUs that
 * is three threads on two cores, knowingly, for the first
 * CLIQUE_YIELD_SECONDS; then the clique search gives way (race_entrant's
 * yield_after) and bnr has nearly both. The clique search on these graphs
 * grows much faster with their size than bnr: on the 2-core machine it
 * decides 5-regular(150) in 0.95 s but not 5-regular(200) within 60 s, which
 * bnr decided alone in 57 s and, sharing the cores all along, not within
 * 90 s (at d01fc6b).
 */
#define CLIQUE_YIELD_SECONDS 2.0

static void share_cpus_beside_bnr(struct race_entrant *bnr, struct race_entrant *clique)
{
    int cpus = solve_cpus(&bnr->opts);
    clique->opts.threads = cpus > 2 ? cpus / 2 : 1;
    int branch_threads = cpus - clique->opts.threads;
    bnr->opts.bnr.branch_threads = branch_threads > 2 ? branch_threads : 2;
    if (clique->opts.threads + bnr->opts.bnr.branch_threads > cpus)
        clique->yield_after = CLIQUE_YIELD_SECONDS;
}

/*
 * --solver=auto on one component: the CPU solver that suits it, and beside
 * it (race.c; the first proven answer wins):
 * - on a sparse component of at most SPARSE_CLIQUE_MAX vertices (and not
 *   one of clique_beside_bnr's large ones of low degree), the clique search
 *   on its complement on a second CPU thread: with its MaxSAT
 *   bound it proves the 200-vertex PACE 2019 kernels that defeat the
 *   branch-and-reduce bounds (bench/results/clique-maxsat-cpu.md), while bnr's
 *   local search ends others at once;
 * - where CUDA is built in, on a component of more than SMALL_COMPONENT
 *   vertices, the GPU counterpart after the CPU's head start (--gpu-after).
 *   Without a device it fails at once and the CPU goes on alone.
 */
static int solve_suited(const struct graph *g, const struct solve_opts *o, struct cover *out,
                        struct solve_stats *st, struct error *err)
{
    struct solve_opts cpu = *o;
    cpu.solver = cpu_solver_for(g);
    if (g->n <= SMALL_COMPONENT)
        cpu.bnr.branch_threads = 1; /* decided in a few nodes, each cheaper than a thread's start */
#ifdef HAVE_CUDA
    /*
     * Two cores stay free for the CUDA start-up and the GPU solver's host
     * thread: with all of them searching, the GPU answer on cop_hat500-3 came
     * 0.1-0.5 s later (H100 machine, 16 cores).
     */
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (o->threads == 0 && g->n > SMALL_COMPONENT && cpus > 4 && !o->pipeline.cpu_only)
        cpu.threads = (int)cpus - 2;
    /* a clique search spread over the ranks of an MPI job takes their GPUs too (clique_dist.c) */
    cpu.clique.spread_gpus = !o->pipeline.cpu_only;
#endif
    struct race_entrant entrants[3];
    int count = 0;
    entrants[count++] = (struct race_entrant){.opts = cpu};
    if (cpu.solver == SOLVER_BNR && clique_beside_bnr(g)) {
        entrants[count] = entrants[0];
        entrants[count].opts.solver = SOLVER_CLIQUE;
        if (g->n > CLIQUE_CPUS_MAX_VERTICES || few_triangles(g))
            share_cpus_beside_bnr(&entrants[0], &entrants[count]);
        else
            entrants[0].opts.bnr.branch_threads = 1; /* the CPUs are the clique search's */
        count++;
    }
#ifdef HAVE_CUDA
    if (g->n > SMALL_COMPONENT && !o->pipeline.cpu_only) {
        /*
         * The GPU solver joins only once the runtime is up: a CPU answer that
         * comes first then never waits for the start-up to finish.
         */
        entrants[count] = (struct race_entrant){
            .opts = cpu,
            .start_after = o->pipeline.gpu_after >= 0 ? o->pipeline.gpu_after : CPU_PROBE_SECONDS,
            .prepare = gpu_warm_up_start,
            .prepare_after = GPU_WARM_UP_AFTER,
            .ready = gpu_warm_up_done,
        };
        entrants[count++].opts.solver = gpu_solver_for(cpu.solver, g);
    }
#endif
    if (count == 1)
        return solver_run(g, &cpu, out, st, err);
    return race_solve(g, enter_solver, entrants, count, o, out, st, err);
}

static int run_solve(const struct graph *g, const struct solve_opts *o, struct cover *out,
                     struct solve_stats *st, struct error *err)
{
    if (o->solver == SOLVER_AUTO)
        return solve_suited(g, o, out, st, err);
    return solver_run(g, o, out, st, err);
}

/* STAGE_QUICK */

/*
 * A component of more than SMALL_COMPONENT and at most QUICK_MAX_VERTICES
 * vertices is first given QUICK_SECONDS on this thread alone (quick_stages:
 * the full rules and the clique search on one thread), and only if that
 * proves nothing the races that follow. Most small kernels are decided
 * within a few hundred nodes, while the races start up to seven threads for
 * them: on G(150, 0.03) (a 66-vertex kernel, 30 nodes, 0.1 ms of search) the
 * process took 3.3 ms, bnr's root local search running on beside the clique
 * search for a target below the optimum. What the try proves is the answer;
 * what it leaves unproven costs about QUICK_SECONDS (the rules and the search
 * read the clock every few dozen vertices or nodes), and the full pipeline
 * starts again from this component. Smaller components start no race anyway:
 * they go straight to one solver, and a graph of thousands of them keeps
 * that solver.
 */
#define QUICK_MAX_VERTICES 512
#define QUICK_SECONDS 0.002

static int run_quick(struct pipeline rest, const struct graph *g, const struct solve_opts *o,
                     struct cover *out, struct solve_stats *st, struct error *err)
{
    /* a limit that the try would use up is left to the stages that follow */
    if (g->n <= SMALL_COMPONENT || g->n > QUICK_MAX_VERTICES || deadline_passed(&o->deadline) ||
        (deadline_limited(&o->deadline) && deadline_left(&o->deadline) <= 2 * QUICK_SECONDS))
        return run_stage(rest, g, o, out, st, err);
    /*
     * The clique search on this thread alone: no local search, no ranks, no
     * GPU beside it, and no orbital split (nauty took 6 of vc-exact_111's
     * 16 ms).
     */
    struct solve_opts quick = *o;
    quick.deadline = deadline_within(o->deadline, QUICK_SECONDS);
    quick.solver = SOLVER_CLIQUE;
    quick.threads = 1;
    quick.clique.no_local_search = 1;
    quick.clique.local = 1;
    quick.clique.no_symmetry = 1;
    struct solve_stats quick_stats;
    memset(&quick_stats, 0, sizeof quick_stats);
    struct cover c = {0};
    int r = run_stage(STAGES(quick_stages), g, &quick, &c, &quick_stats, err);
    if (r != SOLVE_STOPPED || deadline_passed(&o->deadline)) {
        /* proven, an error, or the caller's own time is up: that is the answer */
        if (r >= 0) {
            cover_free(out);
            *out = c;
            *st = quick_stats;
        } else {
            cover_free(&c);
        }
        return r;
    }
    r = run_stage(rest, g, o, out, st, err);
    /*
     * Stopped by the caller's limit: the try's cover where it is the smaller,
     * since the progress board has already shown its size.
     */
    struct error unused = {0};
    if (r == SOLVE_STOPPED && c.size < out->size && cover_check(g, &c, &unused) == MVC_OK) {
        cover_free(out);
        *out = c;
        st->best = c.size;
    } else {
        cover_free(&c);
    }
    return r;
}

/* STAGE_LINE_GRAPH */

/*
 * A line graph is solved by a largest matching of its root (line_graph.h),
 * at once where the searches' bounds can stay far off: the line graph of a
 * random graph of 31 vertices and 151 edges (a cover of 136) was not proven
 * within 120 s on the 2-core machine, its clique-cover bound 7 short. Roots
 * of more vertices than this are left to the searches (the matching is cubic
 * at worst).
 */
#define LINE_GRAPH_MAX_ROOT 4096

/* A component that is a line graph is solved here; any other goes to the next stage. */
static int run_line_graph(struct pipeline rest, const struct graph *g, const struct solve_opts *o,
                          struct cover *out, struct solve_stats *st, struct error *err)
{
    if (g->n <= SMALL_COMPONENT || deadline_passed(&o->deadline))
        return run_stage(rest, g, o, out, st, err); /* the searches end these at once */
    double start = clock_seconds();
    struct cover c = {0};
    int found = line_graph_cover(g, LINE_GRAPH_MAX_ROOT, &c);
    if (found < 0)
        return error_set(err, MVC_ENOMEM, "out of memory");
    if (found == 0)
        return run_stage(rest, g, o, out, st, err);
    cover_free(out);
    *out = c;
    st->solver = "line-graph";
    st->t_search += clock_seconds() - start;
    st->best = st->lower_bound = out->size;
    st->proven = 1;
    progress_improve(o->report, out->size);
    progress_lower(o->report, out->size);
    return o->k < 0 ? SOLVE_OPTIMAL : out->size <= o->k ? SOLVE_FOUND : SOLVE_NO_COVER;
}

/* STAGE_BOUND_SAT */

/*
 * How many bound-sat searches, each with its own seed, race on a component:
 * its time on the over-constrained 3-SAT reductions varies from 2 to more
 * than 30 s with the seed (vc-exact_189 and 193 on a 2-core machine), so
 * where cores are to spare (one more run per 4 CPUs past the first 4, or per
 * 4 --threads, up to what the race takes) several run at once and the first
 * answer wins.
 */
static int bound_sat_runs(const struct solve_opts *o)
{
    int cpus = solve_cpus(o);
    int runs = cpus > 4 ? 1 + (cpus - 4) / 4 : 1;
    return runs < RACE_MAX_ENTRANTS - 1 ? runs : RACE_MAX_ENTRANTS - 1;
}

/*
 * The rest of the pipeline, and beside it the SAT search of the component's
 * clique-cover bound. Dense components too: on the DIMACS complements its
 * CDCL refutes the bound within a few conflicts and it ends, while it proves
 * vc-exact_111 (a dense CSP of 30 cliques of 15) in 0.004 s, which the
 * clique searches take 0.2-5 s for.
 */
static int run_bound_sat(struct pipeline rest, const struct graph *g, const struct solve_opts *o,
                         struct cover *out, struct solve_stats *st, struct error *err)
{
    if (g->n <= SMALL_COMPONENT || g->m > BOUND_SAT_MAX_EDGES)
        return run_stage(rest, g, o, out, st, err);
    struct race_entrant entrants[RACE_MAX_ENTRANTS];
    int count = 0, running = 0;
    entrants[count++] = (struct race_entrant){.opts = *o, .solve = enter_stages, .arg = &rest};
    /* bnr's branchings leave the bound-sat runs their CPUs while they compute */
    entrants[0].opts.bnr.threads_beside = &running;
    /*
     * All bound-sat runs start at once: in race.c an entrant that ends
     * unproven (here: the bound refuted) keeps later starters from starting.
     */
    struct solve_opts sat = *o;
    /*
     * Past the bound, covers of bound + 1, + 2, ... only where no clique
     * search runs beside bnr: on the 200-vertex PACE kernels the clique
     * search proves the optimum 20 or more above the bound, and the slack
     * levels only took a core from it (1.1-1.4 times slower on 2 cores).
     */
    sat.bound_sat.no_slack = clique_suits(g) || g->n <= SPARSE_CLIQUE_MAX;
    double now = clock_seconds();
    sat.bound_sat.first_round_until = now + BOUND_SAT_AFTER;
    sat.bound_sat.slack_after = now + BOUND_SAT_SLACK_AFTER;
    sat.bound_sat.running = &running;
    int runs = bound_sat_runs(o);
    for (int i = 0; i < runs; i++) {
        entrants[count] = (struct race_entrant){.opts = sat, .solve = enter_bound_sat};
        entrants[count].opts.seed = o->seed + (uint64_t)i;
        /*
         * Past the first, the runs' CDCL is CaDiCaL's in builds with it, each
         * with its own seed: it finds the transversal of vc-exact_183's
         * fold-free kernel (62,282 vertices in 23,715 cliques) in about 400 s
         * on a core of the 2-core machine (two seeds: 397 and 413 s), where
         * the own CDCL and local search found none in 30 minutes (sat.h).
         */
        /*
         * A single run (machines of up to 7 CPUs) hands the 3-SAT-like
         * transversals to CaDiCaL itself (bound_sat.c: vc-exact_189 15.6 -> 1.2 s
         * on 2 cores) and keeps the tabu search where that is the search.
         */
        entrants[count].opts.bound_sat.cadical = i > 0       ? BOUND_SAT_CADICAL
                                                 : runs == 1 ? BOUND_SAT_CADICAL_AFTER_BREAKOUT
                                                             : BOUND_SAT_OWN_ENGINE;
#ifdef HAVE_CUDA
        /* the first run's level gets the GPU's walkers, where its search is tabu search */
        entrants[count].opts.bound_sat.gpu_walkers = i == 0 && !o->pipeline.cpu_only;
#endif
        count++;
    }
    return race_solve(g, NULL, entrants, count, o, out, st, err);
}

/* STAGE_SPLIT */

static void add_component_stats(struct solve_stats *total, const struct solve_stats *part)
{
    total->nodes += part->nodes;
    total->maxsat_spared += part->maxsat_spared;
    total->parallel_branchings += part->parallel_branchings;
    total->parallel_settled += part->parallel_settled;
    total->orbital_branchings += part->orbital_branchings;
    total->root_funnels += part->root_funnels;
    total->packing_pruned += part->packing_pruned;
    total->packing_forced += part->packing_forced;
    total->t_upper += part->t_upper;
    total->t_search += part->t_search;
    total->greedy_size += part->greedy_size;
    /* a part kernelized on its own (the fold-free stage's components) */
    total->t_reduce += part->t_reduce;
    total->kernel_n += part->kernel_n;
    total->kernel_m += part->kernel_m;
    for (int r = 0; r < SOLVE_MAX_RULES; r++)
        total->removed_by[r] += part->removed_by[r];
    if (part->ranks.ranks > 0) /* the last component spread over the ranks (the largest) */
        total->ranks = part->ranks;
    if (part->symmetry.splits > 0) /* the last component split by its orbits (the largest) */
        total->symmetry = part->symmetry;
    if (part->blocks > 0) {
        /* GPU configuration: reported for the largest GPU component (they come in size order) */
        total->block_size = part->block_size;
        total->blocks = part->blocks;
        total->shared_kernel = part->shared_kernel;
        total->worklist_size = part->worklist_size;
        total->threshold = part->threshold;
        total->sms = part->sms;
        memcpy(total->nodes_per_sm, part->nodes_per_sm, sizeof total->nodes_per_sm);
        total->gpus = part->gpus;
        memcpy(total->nodes_per_gpu, part->nodes_per_gpu, sizeof total->nodes_per_gpu);
        memcpy(total->search_per_gpu, part->search_per_gpu, sizeof total->search_per_gpu);
        total->t_worklist = part->t_worklist;
        total->t_reductions = part->t_reductions;
        total->t_branching = part->t_branching;
    }
}

/*
 * Minimum (or PVC) cover of g, component by component, smallest first.
 * PVC: all but the largest component are solved exactly and the largest
 * gets what is left of k. Each component being solved reports into a scope
 * under o->report, shifted by the cover so far and every vertex of the
 * components to come.
 */
static int run_split(struct pipeline rest, const struct graph *g, const struct solve_opts *o,
                     struct cover *out, struct solve_stats *st, struct error *err)
{
    struct split sp;
    if (split_open(&sp, g) != MVC_OK || cover_init(out, g->n) != MVC_OK) {
        split_close(&sp);
        return error_set(err, MVC_ENOMEM, "out of memory splitting the kernel into components");
    }
    int outcome = o->k >= 0 ? SOLVE_FOUND : SOLVE_OPTIMAL;
    int64_t used = 0;
    int32_t lower_bound = 0;
    int32_t to_come = g->n; /* vertices of the components after this one, unless filled */
    int filled = 0;         /* an early end took every vertex left into out */
    const char *solver_used = NULL;
    for (int32_t i = 0; i < sp.count && outcome >= 0; i++) {
        const int32_t *to_whole = NULL;
        const struct graph *part = split_part(&sp, i, &to_whole);
        if (part == NULL) {
            outcome = error_set(err, MVC_ENOMEM, "out of memory for a component");
            break;
        }
        struct solve_opts run = *o;
        /* once filled, nothing part's solver finds changes out: it reports nowhere */
        if (!filled)
            to_come -= part->n;
        struct progress scope;
        run.report =
            filled ? NULL : progress_open(&scope, o->report, out->size + to_come, lower_bound);
        progress_improve(run.report, part->n);
        int last = i == sp.count - 1;
        run.k = (o->k >= 0 && last) ? o->k - used : -1;
        struct solve_stats part_stats;
        memset(&part_stats, 0, sizeof part_stats);
        struct cover pc = {0};
        int r;
        int32_t unfilled = i + 1; /* first component left without a cover on an early end */
        if (o->k >= 0 && last && o->k - used < 0) {
            r = SOLVE_NO_COVER; /* nothing left of k for the largest component */
            unfilled = i;
        } else {
            r = run_stage(rest, part, &run, &pc, &part_stats, err);
        }
        if (r >= 0 && pc.in != NULL) {
            split_add_cover(out, &pc, to_whole);
            used += pc.size;
            add_component_stats(st, &part_stats);
            solver_used = part_stats.solver;
            lower_bound += r == SOLVE_OPTIMAL ? pc.size : part_stats.lower_bound;
        }
        cover_free(&pc);
        split_part_done(&sp, part);
        if (r < 0) {
            outcome = r;
        } else if (r == SOLVE_STOPPED) {
            outcome = SOLVE_STOPPED;
        } else if (r == SOLVE_NO_COVER) {
            outcome = SOLVE_NO_COVER;
        } else if (o->k >= 0 && !last && used > o->k) {
            outcome = SOLVE_NO_COVER; /* the smaller components alone exceed k */
        }
        if (outcome == SOLVE_NO_COVER || outcome == SOLVE_STOPPED) {
            /* the remaining components still need a valid cover: take all their vertices */
            for (int32_t j = unfilled; j < sp.count; j++) {
                int32_t size;
                const int32_t *members = split_members(&sp, j, &size);
                if (members == NULL) {
                    outcome = error_set(err, MVC_ENOMEM, "out of memory for a component");
                    break;
                }
                for (int32_t v = 0; v < size; v++)
                    cover_add(out, members[v]);
            }
            filled = 1;
            to_come = 0;
        }
        if (outcome >= 0) {
            progress_improve(o->report, out->size + to_come);
            progress_lower(o->report, lower_bound);
        }
        progress_close(run.report);
        if (outcome == SOLVE_NO_COVER)
            break;
    }
    st->solver = solver_used ? solver_used : "kernel"; /* the rules left nothing to search */
    st->lower_bound = lower_bound;
    split_close(&sp);
    return outcome;
}

/* STAGE_REDUCE */

/* Whether a later stage kernelizes again (and reports the kernel's size itself). */
static int reduces_later(struct pipeline p)
{
    for (int i = 1; i < p.count; i++)
        if (p.stage[i].kind == STAGE_REDUCE)
            return 1;
    return 0;
}

/* The rules alone prove that no cover of o->k vertices exists: every kernel vertex is taken. */
static int refuted_by_rules(const struct graph *kg, struct cover *kc, struct solve_stats *st,
                            struct error *err)
{
    st->solver = "kernel";
    st->kernel_n = kg->n; /* no part ran to report one */
    st->kernel_m = kg->m;
    if (cover_init(kc, kg->n) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory");
    for (int32_t v = 0; v < kg->n; v++)
        cover_add(kc, v);
    return SOLVE_NO_COVER;
}

/*
 * Kernelizes g with the rules the stage enables, solves the kernel with the
 * next stage and lifts its cover back into out. The kernel reports into a
 * scope of its own, shifted by the vertices the rules took.
 */
static int run_reduce(struct pipeline p, const struct graph *g, const struct solve_opts *o,
                      struct cover *out, struct solve_stats *st, struct error *err)
{
    double start = clock_seconds();
    struct kernel_opts ko = kernel_opts_default();
    ko.folds = p.stage[0].folds;
    ko.deadline = o->deadline;
    struct kernel_stats ks;
    memset(&ks, 0, sizeof ks);
    struct kernel *kernel = NULL;
    int status = kernel_reduce(g, &ko, &kernel, &ks, err);
    if (status != MVC_OK)
        return status;
    const struct graph *kg = kernel_graph(kernel);
    int32_t offset = kernel_offset(kernel);
    st->t_reduce += clock_seconds() - start;

    struct cover kc = {0};
    int outcome;
    if (o->k >= 0 && (o->k < offset || (ks.lp_lower_bound > 0 && ks.lp_lower_bound > o->k))) {
        outcome = refuted_by_rules(kg, &kc, st, err);
    } else {
        progress_improve(o->report, offset + kg->n); /* every kernel vertex */
        progress_lower(o->report, ks.lp_lower_bound);
        struct solve_opts run = *o;
        run.k = o->k >= 0 ? o->k - offset : -1;
        struct progress scope;
        run.report = progress_open(&scope, o->report, offset, offset);
        outcome = run_stage(next_stages(p), kg, &run, &kc, st, err);
        if (outcome >= 0) {
            progress_improve(o->report, offset + kc.size);
            progress_lower(o->report, offset + st->lower_bound);
        }
        progress_close(run.report);
    }
    if (!reduces_later(p)) {
        st->kernel_n = kg->n;
        st->kernel_m = kg->m;
    }
    for (int r = 0; r < KERNEL_RULES && r < SOLVE_MAX_RULES; r++)
        st->removed_by[r] += ks.removed_by[r];
    if (outcome >= 0) {
        status = kernel_lift(kernel, &kc, out, err);
        if (status != MVC_OK)
            outcome = status;
    }
    if (outcome >= 0) {
        st->best = out->size;
        st->lower_bound += offset;
        if (ks.lp_lower_bound > st->lower_bound)
            st->lower_bound = ks.lp_lower_bound;
        st->proven = outcome != SOLVE_STOPPED;
        if (outcome == SOLVE_OPTIMAL)
            st->lower_bound = out->size;
        progress_improve(o->report, out->size);
        progress_lower(o->report, st->lower_bound);
        if (outcome == SOLVE_FOUND && out->size > o->k)
            outcome = SOLVE_STOPPED; /* cannot happen with exact solvers; never claim it */
    }
    cover_free(&kc);
    kernel_free(kernel);
    return outcome;
}

static int run_stage(struct pipeline p, const struct graph *g, const struct solve_opts *o,
                     struct cover *out, struct solve_stats *st, struct error *err)
{
    switch (p.stage[0].kind) {
    case STAGE_REDUCE: return run_reduce(p, g, o, out, st, err);
    case STAGE_SPLIT: return run_split(next_stages(p), g, o, out, st, err);
    case STAGE_LINE_GRAPH: return run_line_graph(next_stages(p), g, o, out, st, err);
    case STAGE_QUICK: return run_quick(next_stages(p), g, o, out, st, err);
    case STAGE_BOUND_SAT: return run_bound_sat(next_stages(p), g, o, out, st, err);
    case STAGE_SOLVE: return run_solve(g, o, out, st, err);
    }
    return error_set(err, MVC_EUNSUPPORTED, "unknown pipeline stage");
}

int solve_cover(const struct graph *g, const struct solve_opts *o, struct cover *out,
                struct solve_stats *st, struct error *err)
{
    memset(st, 0, sizeof *st);
    int available = solver_available(o->solver, err);
    if (available != MVC_OK)
        return available;
    progress_improve(o->report, g->n); /* every vertex */
    struct solve_opts run = *o;
    struct pipeline p = STAGES(reduced_stages);
    if (!o->reduce) {
        p = STAGES(direct_stages);
        run.solver = o->pipeline.cpu_only && o->solver == SOLVER_AUTO ? SOLVER_SEQ
                                                                      : solver_resolve(o->solver);
    } else if (o->solver == SOLVER_AUTO) {
        p = o->pipeline.bound_sat ? STAGES(auto_stages) : STAGES(auto_reduced_stages);
    }
    int outcome = run_stage(p, g, &run, out, st, err);
    /* proven that no cover of k vertices exists: k + 1 is a lower bound, whoever proved it */
    if (outcome == SOLVE_NO_COVER && st->lower_bound <= o->k)
        st->lower_bound = (int32_t)o->k + 1;
    return outcome;
}
