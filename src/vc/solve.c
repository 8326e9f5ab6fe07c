/*
 * Solver defaults and the solving pipeline: kernelize, split the kernel into
 * connected components, solve each with the solver that suits it, and lift
 * the combined cover back to the input graph. --no-reduce skips straight to
 * the chosen solver on the whole graph (the paper's algorithm as published).
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "bnr.h"
#include "bound_sat.h"
#include "clique.h"
#include "clock.h"
#include "components.h"
#include "gpu.h"
#include "kernelize.h"
#include "race.h"

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
 * The CUDA runtime starts on a background thread this long into the CPU's
 * head start: late enough that the many components the CPU solves within
 * tens of milliseconds never start it (a start-up in flight when the answer
 * is ready delays the process's end by 0.07-0.15 s on an H100 machine:
 * cop_hat300-3, solved by the threaded clique search in 0.04 s, ended after
 * 0.19 s with it started at 0.02 s), early enough that it is mostly ready
 * when the GPU solver joins.
 */
#define GPU_WARM_UP_AFTER 0.06

void solve_opts_default(struct solve_opts *o)
{
    memset(o, 0, sizeof *o);
    o->solver = SOLVER_AUTO;
    o->k = -1;
    o->reduce = 1;
    o->bound_sat = 1;
    o->gpu_after = -1;
}

const char *solver_name(enum solver_kind kind)
{
    switch (kind) {
    case SOLVER_AUTO: return "auto";
    case SOLVER_SEQ: return "seq";
    case SOLVER_STACKONLY: return "stackonly";
    case SOLVER_HYBRID: return "hybrid";
    case SOLVER_CLIQUE: return "clique";
    case SOLVER_CLIQUE_GPU: return "clique-gpu";
    case SOLVER_BNR: return "bnr";
    }
    return "?";
}

enum solver_kind solver_resolve(enum solver_kind kind)
{
    if (kind != SOLVER_AUTO)
        return kind;
#ifdef HAVE_CUDA
    if (gpu_device_count() > 0)
        return SOLVER_HYBRID;
#endif
    return SOLVER_SEQ;
}

int solver_needs_gpu(enum solver_kind kind)
{
    return kind == SOLVER_STACKONLY || kind == SOLVER_HYBRID || kind == SOLVER_CLIQUE_GPU;
}

int solver_parse(const char *name, enum solver_kind *kind)
{
    static const struct {
        const char *name;
        enum solver_kind kind;
    } aliases[] = {{"sequential", SOLVER_SEQ}, {"cpu", SOLVER_SEQ}};
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(name, aliases[i].name) == 0) {
            *kind = aliases[i].kind;
            return 0;
        }
    for (int k = SOLVER_AUTO; k <= SOLVER_BNR; k++)
        if (strcmp(name, solver_name((enum solver_kind)k)) == 0) {
            *kind = (enum solver_kind)k;
            return 0;
        }
    return -1;
}

/* A GPU solver asked for by name must exist here, even when no search ends up running. */
static int check_solver_available(enum solver_kind kind, struct error *err)
{
    if (!solver_needs_gpu(kind))
        return MVC_OK;
#ifdef HAVE_CUDA
    if (gpu_device_count() == 0)
        return error_set(err, MVC_EDEVICE, "solver '%s' needs a CUDA device and none was found",
                         solver_name(kind));
    return MVC_OK;
#else
    return error_set(err, MVC_EUNSUPPORTED,
                     "solver '%s' needs the GPU, and this mvc-gpu was built without CUDA "
                     "(configure --with-cuda)",
                     solver_name(kind));
#endif
}

/* One solver on one graph, no kernelization. */
static int solve_direct(const struct graph *g, const struct solve_opts *o, struct cover *out,
                        struct solve_stats *st, struct error *err)
{
    switch (o->solver) {
    case SOLVER_SEQ: return solve_seq(g, o, out, st, err);
    case SOLVER_BNR: return solve_bnr(g, o, out, st, err);
    case SOLVER_CLIQUE:
        if (g->n > CLIQUE_MAX_VERTICES)
            return error_set(err, MVC_EUNSUPPORTED,
                             "solver 'clique' takes at most %d vertices, the graph has %ld",
                             CLIQUE_MAX_VERTICES, (long)g->n);
        return solve_clique(g, o, out, st, err);
    case SOLVER_STACKONLY:
    case SOLVER_HYBRID:
    case SOLVER_CLIQUE_GPU: {
        int status = check_solver_available(o->solver, err);
        if (status != MVC_OK)
            return status;
#ifdef HAVE_CUDA
        if (o->solver == SOLVER_CLIQUE_GPU)
            return gpu_solve_clique(g, o, out, st, err);
        return gpu_solve_mvc(g, o, out, st, err);
#else
        break;
#endif
    }
    case SOLVER_AUTO: break;
    }
    return error_set(err, MVC_EUNSUPPORTED, "no solver chosen");
}

/*
 * The CPU solver that suits a component's shape: clique search when it is
 * dense, else branch and reduce with lower bounds.
 */
static enum solver_kind cpu_solver_for(const struct graph *g)
{
    return clique_suits(g) ? SOLVER_CLIQUE : SOLVER_BNR;
}

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

#ifdef HAVE_CUDA
/* The GPU solver that joins a component's CPU search. */
static enum solver_kind gpu_solver_for(enum solver_kind cpu, const struct graph *g)
{
    if (cpu == SOLVER_CLIQUE || g->n <= SPARSE_CLIQUE_MAX)
        return SOLVER_CLIQUE_GPU;
    return SOLVER_HYBRID;
}
#endif

static double remaining_time(const struct solve_opts *o, double start)
{
    if (o->time_limit <= 0)
        return 0;
    double left = o->time_limit - (clock_seconds() - start);
    return left > 1e-3 ? left : 1e-3;
}

static void add_component_stats(struct solve_stats *total, const struct solve_stats *part)
{
    total->nodes += part->nodes;
    total->maxsat_spared += part->maxsat_spared;
    total->t_upper += part->t_upper;
    total->t_search += part->t_search;
    total->greedy_size += part->greedy_size;
    /* a part kernelized on its own (the fold-free stage's components) */
    total->t_reduce += part->t_reduce;
    total->kernel_n += part->kernel_n;
    total->kernel_m += part->kernel_m;
    for (int r = 0; r < SOLVE_MAX_RULES; r++)
        total->removed_by[r] += part->removed_by[r];
    if (part->blocks > 0) {
        /* GPU configuration: reported for the largest GPU component (they come in size order) */
        total->block_size = part->block_size;
        total->blocks = part->blocks;
        total->shared_kernel = part->shared_kernel;
        total->worklist_size = part->worklist_size;
        total->threshold = part->threshold;
        total->sms = part->sms;
        memcpy(total->nodes_per_sm, part->nodes_per_sm, sizeof total->nodes_per_sm);
        total->t_worklist = part->t_worklist;
        total->t_reductions = part->t_reductions;
        total->t_branching = part->t_branching;
    }
}

/*
 * --solver=auto on one component: the CPU solver that suits it, and beside
 * it (race.c; the first proven answer wins):
 * - on a sparse component of at most SPARSE_CLIQUE_MAX vertices, the
 *   clique search on its complement on a second CPU thread: with its MaxSAT
 *   bound it proves the 200-vertex PACE 2019 kernels that defeat the
 *   branch-and-reduce bounds (bench/results/clique-maxsat-cpu.md), while bnr's
 *   local search ends others at once;
 * - where CUDA is built in, on a component of more than SMALL_COMPONENT
 *   vertices, the GPU counterpart after the CPU's head start (--gpu-after).
 *   Without a device it fails at once and the CPU goes on alone.
 */
static int solve_auto(const struct graph *g, const struct solve_opts *o, struct cover *out,
                      struct solve_stats *st, struct error *err)
{
    struct solve_opts cpu = *o;
    cpu.solver = cpu_solver_for(g);
#ifdef HAVE_CUDA
    /*
     * Two cores stay free for the CUDA start-up and the GPU solver's host
     * thread: with all of them searching, the GPU answer on cop_hat500-3 came
     * 0.1-0.5 s later (H100 machine, 16 cores).
     */
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (o->threads == 0 && g->n > SMALL_COMPONENT && cpus > 4 && !o->cpu_only)
        cpu.threads = (int)cpus - 2;
#endif
    struct race_entrant entrants[3];
    int count = 0;
    entrants[count++] = (struct race_entrant){cpu, NULL, 0, NULL, 0, NULL};
    if (cpu.solver == SOLVER_BNR && g->n > SMALL_COMPONENT && g->n <= SPARSE_CLIQUE_MAX) {
        entrants[count] = entrants[0];
        entrants[count++].opts.solver = SOLVER_CLIQUE;
    }
#ifdef HAVE_CUDA
    if (g->n > SMALL_COMPONENT && !o->cpu_only) {
        double gpu_after = o->gpu_after >= 0 ? o->gpu_after : CPU_PROBE_SECONDS;
        /*
         * The GPU solver joins only once the runtime is up: a CPU answer that
         * comes first then never waits for the start-up to finish.
         */
        entrants[count] = (struct race_entrant){
            cpu, NULL, gpu_after, gpu_warm_up_start, GPU_WARM_UP_AFTER, gpu_warm_up_done};
        entrants[count++].opts.solver = gpu_solver_for(cpu.solver, g);
    }
#endif
    if (count == 1)
        return solve_direct(g, &cpu, out, st, err);
    return race_solve(g, solve_direct, entrants, count, o, out, st, err);
}

struct component {
    int32_t id;
    int32_t size;
};

static int by_size(const void *a, const void *b)
{
    const struct component *x = a, *y = b;
    return (x->size > y->size) - (x->size < y->size);
}

/*
 * Minimum (or PVC) cover of the kernel, component by component, smallest
 * first. PVC: all but the largest component are solved exactly and the
 * largest gets what is left of the budget. o->report is the scope of the
 * graph the kernel came from, whose covers have offset vertices more: the
 * component being solved gets a scope under it, shifted by the offset, the
 * cover so far and every vertex of the components to come.
 */
static int solve_components(const struct graph *kg, const struct solve_opts *o,
                            race_solve_fn solve_part, int64_t budget, int32_t offset, double start,
                            struct cover *kc, struct solve_stats *st, struct error *err)
{
    int32_t *component_of = malloc(((size_t)kg->n + 1) * sizeof *component_of);
    int32_t count = 0;
    if (component_of == NULL || cover_init(kc, kg->n) != MVC_OK) {
        free(component_of);
        return error_set(err, MVC_ENOMEM, "out of memory splitting the kernel into components");
    }
    graph_components(kg, component_of, &count);
    struct component *parts = calloc((size_t)count + 1, sizeof *parts);
    uint8_t *keep = malloc((size_t)kg->n + 1);
    int32_t *to_kernel = malloc(((size_t)kg->n + 1) * sizeof *to_kernel);
    if (parts == NULL || keep == NULL || to_kernel == NULL) {
        free(component_of), free(parts), free(keep), free(to_kernel);
        return error_set(err, MVC_ENOMEM, "out of memory splitting the kernel into components");
    }
    for (int32_t c = 0; c < count; c++)
        parts[c].id = c;
    for (int32_t v = 0; v < kg->n; v++)
        parts[component_of[v]].size++;
    qsort(parts, (size_t)count, sizeof *parts, by_size);

    int outcome = o->k >= 0 ? SOLVE_FOUND : SOLVE_OPTIMAL;
    int64_t used = 0;
    int32_t lower_bound = 0;
    int32_t to_come = kg->n; /* vertices of the components after this one, unless filled */
    int filled = 0;          /* an early end took every vertex left into kc */
    const char *solver_used = NULL;
    for (int32_t i = 0; i < count && outcome >= 0; i++) {
        int whole = count == 1;
        struct graph *part = NULL;
        if (!whole) {
            for (int32_t v = 0; v < kg->n; v++)
                keep[v] = component_of[v] == parts[i].id;
            part = graph_induced(kg, keep, to_kernel);
            if (part == NULL) {
                outcome = error_set(err, MVC_ENOMEM, "out of memory for a component");
                break;
            }
        }
        const struct graph *g = whole ? kg : part;
        struct solve_opts run = *o;
        run.time_limit = remaining_time(o, start);
        /* once filled, nothing g's solver finds changes kc: it reports nowhere */
        if (!filled)
            to_come -= g->n;
        struct progress scope;
        run.report = filled ? NULL
                            : progress_open(&scope, o->report, offset + kc->size + to_come,
                                            offset + lower_bound);
        progress_improve(run.report, g->n);
        int last = i == count - 1;
        run.k = (o->k >= 0 && last) ? budget - used : -1;
        struct solve_stats part_stats;
        memset(&part_stats, 0, sizeof part_stats);
        struct cover pc = {0};
        int r;
        int32_t unfilled = i + 1; /* first component left without a cover on an early end */
        if (o->k >= 0 && last && budget - used < 0) {
            r = SOLVE_NO_COVER; /* nothing left of the budget for the largest component */
            unfilled = i;
        } else {
            r = solve_part(g, &run, &pc, &part_stats, err);
        }
        if (r >= 0 && pc.in != NULL) {
            for (int32_t v = 0; v < g->n; v++)
                if (pc.in[v])
                    cover_add(kc, whole ? v : to_kernel[v]);
            used += pc.size;
            add_component_stats(st, &part_stats);
            solver_used = part_stats.solver;
            lower_bound += r == SOLVE_OPTIMAL ? pc.size : part_stats.lower_bound;
        }
        cover_free(&pc);
        graph_free(part);
        if (r < 0) {
            outcome = r;
        } else if (r == SOLVE_STOPPED) {
            outcome = SOLVE_STOPPED;
        } else if (r == SOLVE_NO_COVER) {
            outcome = SOLVE_NO_COVER;
        } else if (o->k >= 0 && !last && used > budget) {
            outcome = SOLVE_NO_COVER; /* the smaller components alone exceed the budget */
        }
        if (outcome == SOLVE_NO_COVER || outcome == SOLVE_STOPPED) {
            /* the remaining components still need a valid cover: take all their vertices */
            for (int32_t j = unfilled; j < count; j++)
                for (int32_t v = 0; v < kg->n; v++)
                    if (component_of[v] == parts[j].id)
                        cover_add(kc, v);
            filled = 1;
            to_come = 0;
        }
        if (outcome >= 0) {
            progress_improve(o->report, offset + kc->size + to_come);
            progress_lower(o->report, offset + lower_bound);
        }
        progress_close(run.report);
        if (outcome == SOLVE_NO_COVER)
            break;
    }
    st->solver = solver_used ? solver_used : "kernel"; /* the rules left nothing to search */
    st->lower_bound = lower_bound;
    free(component_of), free(parts), free(keep), free(to_kernel);
    return outcome;
}

/*
 * Kernelizes g with the rules ko enables, solves each component of the
 * kernel with solve_part and lifts the cover back. nested: the parts
 * kernelize again on their own and report their kernels' sizes.
 */
static int solve_kernelized(const struct graph *g, const struct solve_opts *o,
                            const struct kernel_opts *ko, race_solve_fn solve_part, int nested,
                            struct cover *out, struct solve_stats *st, struct error *err)
{
    double start = clock_seconds();
    struct kernel_stats ks;
    memset(&ks, 0, sizeof ks);
    struct kernel *kernel = NULL;
    int status = kernel_reduce(g, ko, &kernel, &ks, err);
    if (status != MVC_OK)
        return status;
    const struct graph *kg = kernel_graph(kernel);
    int32_t offset = kernel_offset(kernel);
    double t_reduce = clock_seconds() - start;

    struct cover kc = {0};
    int outcome;
    int64_t budget = o->k >= 0 ? o->k - offset : -1;
    if (o->k >= 0 && (budget < 0 || (ks.lp_lower_bound > 0 && ks.lp_lower_bound > o->k))) {
        /* the rules alone prove that no cover of size <= k exists */
        outcome = SOLVE_NO_COVER;
        st->solver = "kernel";
        st->kernel_n = kg->n; /* no part ran to report one */
        st->kernel_m = kg->m;
        if (cover_init(&kc, kg->n) != MVC_OK)
            outcome = error_set(err, MVC_ENOMEM, "out of memory");
        for (int32_t v = 0; outcome >= 0 && v < kg->n; v++)
            cover_add(&kc, v);
    } else {
        progress_improve(o->report, offset + kg->n); /* every kernel vertex */
        progress_lower(o->report, ks.lp_lower_bound);
        outcome = solve_components(kg, o, solve_part, budget, offset, start, &kc, st, err);
    }
    st->t_reduce += t_reduce;
    if (!nested) {
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

/* Full kernelization, folds included, then each component by the chosen solver. */
static int solve_folded(const struct graph *g, const struct solve_opts *o, struct cover *out,
                        struct solve_stats *st, struct error *err)
{
    struct kernel_opts ko = kernel_opts_default();
    ko.time_limit = o->time_limit;
    ko.stop = o->stop;
    return solve_kernelized(g, o, &ko, o->solver == SOLVER_AUTO ? solve_auto : solve_direct, 0, out,
                            st, err);
}

/*
 * The SAT search of the clique-cover bound (bound_sat.h) joins a component
 * this long after the rest of the pipeline started on it: what the pipeline
 * ends within that time never pays for it.
 */
#define BOUND_SAT_AFTER 0.1

/*
 * Its local search and SAT instance take about 40 bytes an edge beside the
 * graph's own: past this many edges (about 700 MB) it is left out. The
 * largest fold-free PACE 2019 kernel has 144,000.
 */
#define BOUND_SAT_MAX_EDGES ((int64_t)1 << 24)

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
    long cpus = o->threads > 0 ? o->threads : sysconf(_SC_NPROCESSORS_ONLN);
    long runs = cpus > 4 ? 1 + (cpus - 4) / 4 : 1;
    return runs < RACE_MAX_ENTRANTS - 1 ? (int)runs : RACE_MAX_ENTRANTS - 1;
}

/*
 * A component of the fold-free kernel: the rest of the pipeline (folds,
 * components, solve_auto), and beside it the SAT search of its clique-cover
 * bound, which needs the cliques that folds would merge away. Dense ones
 * too: on the DIMACS complements its CDCL refutes the bound within a few
 * conflicts and it ends, while it proves vc-exact_111 (a dense CSP of 30
 * cliques of 15) in 0.004 s, which the clique searches take 0.2-5 s for.
 */
static int solve_with_bound_sat(const struct graph *g, const struct solve_opts *o,
                                struct cover *out, struct solve_stats *st, struct error *err)
{
    if (g->n <= SMALL_COMPONENT || g->m > BOUND_SAT_MAX_EDGES)
        return solve_folded(g, o, out, st, err);
    struct race_entrant entrants[RACE_MAX_ENTRANTS];
    int count = 0;
    entrants[count++] = (struct race_entrant){*o, solve_folded, 0, NULL, 0, NULL};
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
    sat.bound_sat_no_slack = clique_suits(g) || g->n <= SPARSE_CLIQUE_MAX;
    for (int i = 0; i < bound_sat_runs(o); i++) {
        entrants[count] =
            (struct race_entrant){sat, solve_bound_sat, BOUND_SAT_AFTER, NULL, 0, NULL};
        entrants[count++].opts.seed = o->seed + (uint64_t)i;
    }
    return race_solve(g, NULL, entrants, count, o, out, st, err);
}

/* The pipeline solve_cover runs: the chosen solver alone, or kernelization first. */
static int solve_pipeline(const struct graph *g, const struct solve_opts *o, struct cover *out,
                          struct solve_stats *st, struct error *err)
{
    struct solve_opts run = *o;
    int available = check_solver_available(o->solver, err);
    if (available != MVC_OK)
        return available;
    progress_improve(o->report, g->n); /* every vertex */
    if (!o->reduce) {
        run.solver =
            o->cpu_only && o->solver == SOLVER_AUTO ? SOLVER_SEQ : solver_resolve(o->solver);
        return solve_direct(g, &run, out, st, err);
    }
    if (o->solver != SOLVER_AUTO || !o->bound_sat)
        return solve_folded(g, o, out, st, err);
    /*
     * Under auto: first the rules that keep the kernel an induced subgraph,
     * then per component the race above.
     */
    struct kernel_opts ko = kernel_opts_default();
    ko.folds = 0;
    ko.time_limit = o->time_limit;
    ko.stop = o->stop;
    return solve_kernelized(g, o, &ko, solve_with_bound_sat, 1, out, st, err);
}

int solve_cover(const struct graph *g, const struct solve_opts *o, struct cover *out,
                struct solve_stats *st, struct error *err)
{
    memset(st, 0, sizeof *st);
    int outcome = solve_pipeline(g, o, out, st, err);
    /* proven that no cover of k vertices exists: k + 1 is a lower bound, whoever proved it */
    if (outcome == SOLVE_NO_COVER && st->lower_bound <= o->k)
        st->lower_bound = (int32_t)o->k + 1;
    return outcome;
}
