/* What every vertex cover solver takes and gives: options, results and statistics. */
#ifndef MVC_SOLVE_H
#define MVC_SOLVE_H

#include <stdint.h>

#include "cover.h"
#include "deadline.h"
#include "graph.h"
#include "progress.h"

enum solver_kind {
    SOLVER_AUTO,       /* per component, those that suit it: see pipeline.c */
    SOLVER_SEQ,        /* CPU branch-and-reduce */
    SOLVER_STACKONLY,  /* GPU, local stacks only (paper's StackOnly) */
    SOLVER_HYBRID,     /* GPU, local stacks plus the broker-queue worklist */
    SOLVER_CLIQUE,     /* CPU, dense graphs: maximum clique of the complement */
    SOLVER_CLIQUE_GPU, /* the same search spread over the GPU's warps */
    SOLVER_BNR,        /* CPU branch and reduce with lower bounds, for sparse graphs */
};

/* Which entrants the pipeline races under SOLVER_AUTO (pipeline.c), and when. */
struct pipeline_opts {
    int bound_sat;    /* race the SAT search of the clique-cover bound (default on;
                         off: --no-bound-sat, for comparisons) */
    int cpu_only;     /* no GPU solver joins and no CUDA call is made */
    double gpu_after; /* the CPU's head start in seconds before a GPU solver joins;
                         negative for the default */
};

/* Where a GPU block keeps its current node (Sec. IV-E): chosen from the device's limits, or forced.
 */
enum gpu_storage {
    GPU_STORAGE_AUTO = 0,
    GPU_STORAGE_SHARED, /* shared memory; refused with MVC_EUNSUPPORTED when a node does not fit */
    GPU_STORAGE_GLOBAL, /* global memory */
};

/* A domination round at each GPU search node's fixed point (kernels/vc/reduce.cuh). */
enum gpu_domination {
    GPU_DOMINATION_AUTO = 0, /* on up to a mean degree (kernels/vc/gpu_solve.cu says why) */
    GPU_DOMINATION_OFF,
    GPU_DOMINATION_ON,
};

/* The GPU vertex cover and clique searches (stackonly, hybrid, clique-gpu); 0 chooses. */
struct gpu_opts {
    int block_size;
    int blocks;
    int64_t worklist_size;
    double threshold;            /* worklist fill fraction under which children are shared */
    int depth;                   /* StackOnly start depth */
    int64_t device_memory_limit; /* bytes, 0 for no cap */
    enum gpu_storage storage;
    enum gpu_domination domination;
    int devices; /* GPUs the GPU searches spread over (--gpus), 0 for all of them */
};

/*
 * Covers another search finds beside a solver (the local search that
 * solver_run starts beside the clique searches), each smaller than the one
 * before and never changed once published. A solver may prune against the
 * latest, proving only that nothing is smaller than the smaller of its own
 * cover and that one, and then answers with the smaller.
 */
struct held_cover {
    int32_t size;              /* of the latest, INT32_MAX before the first (atomic) */
    const struct cover *cover; /* the latest, NULL before the first (atomic) */
};

/* The size of h's latest cover, or INT32_MAX while it has none (h may be NULL). */
static inline int32_t held_cover_size(const struct held_cover *h)
{
    return h != NULL ? __atomic_load_n(&h->size, __ATOMIC_ACQUIRE) : INT32_MAX;
}

/* h's latest cover, or NULL while it has none (h may be NULL); no larger than a size read before.
 */
static inline const struct cover *held_cover_latest(const struct held_cover *h)
{
    return h != NULL ? __atomic_load_n(&h->cover, __ATOMIC_ACQUIRE) : NULL;
}

/* The clique searches (clique, clique-gpu). */
struct clique_search_opts {
    int colour_bound_only; /* no MaxSAT reasoning: the colour bound alone */
    int no_local_search;   /* no local search beside them: node counts then depend on g alone */
    const struct held_cover *held; /* set by solver_run: prune against it too */
    int local;       /* on this process alone: a small search inside another, not worth the ranks */
    int no_symmetry; /* no orbital branching (clique_orbital.h) even where the graph has symmetry */
    /*
     * A search spread over the ranks of an MPI job takes each rank's GPUs
     * too (o->gpu.devices of them, 0 for all; clique_dist.c): set by the
     * pipeline for the CPU entrant of its races, not for --solver clique.
     */
    int spread_gpus;
};

/* The SAT search of the clique-cover bound (bound-sat). */
/*
 * Where bound-sat's CDCL is CaDiCaL's (sat.h's SAT_ENGINE_CADICAL; builds
 * with CaDiCaL only, elsewhere the own engine and the usual turns):
 */
enum bound_sat_cadical {
    BOUND_SAT_OWN_ENGINE, /* nowhere */
    /*
     * Past the transversal's first round, alone (no more local search for
     * it), and at the slack levels past the bound: the runs past the first
     * where several race.
     */
    BOUND_SAT_CADICAL,
    /*
     * Past the first round only where the transversal's local search is
     * breakout rather than tabu search (cliques of under 8 vertices on
     * average: the 3-SAT-like graphs); the slack levels keep the own engine.
     * The pipeline's only run, on machines of up to 7 CPUs.
     */
    BOUND_SAT_CADICAL_AFTER_BREAKOUT,
};

struct bound_sat_opts {
    int no_slack; /* only ask whether the bound itself is met */
    /*
     * clock_seconds() before which only the first round of the bound's own
     * search runs (a CDCL probe and one local search), and before which no
     * slack level past the bound starts (0: at once). The first round
     * decides the 3-SAT-like graphs in milliseconds; the rest would take a
     * core from a search that ends within that time.
     */
    double first_round_until, slack_after;
    /*
     * NULL, or the count (atomic) of bound-sat runs computing now, which the
     * pipeline's runs join while they compute and leave while they wait for
     * the times above: bnr leaves them their CPUs (bnr_opts.threads_beside).
     */
    int *running;
    /*
     * The GPU's walkers join the local search for the transversal where it is
     * min-conflicts tabu search (gpu_transversal.h); builds with CUDA only.
     */
    int gpu_walkers;
    enum bound_sat_cadical cadical;
};

struct bnr_opts {
    /*
     * The threads bnr's branchings may spread over, its own among them: 0 for
     * solve_cpus, 1 to branch on one thread. The pipeline sets 1 where bnr
     * races a clique search that needs the CPUs.
     */
    int branch_threads;
    /*
     * Where not NULL: how many threads of other searches run beside bnr now
     * (atomic; the pipeline's bound-sat runs). bnr's branchings start a
     * thread only where one is free beyond those.
     */
    const int *threads_beside;
    int no_symmetry; /* no orbital branching (bnr/orbital.h) even where the graph has symmetry */
    int no_packing;  /* no packing constraints (bnr/packing.h) */
    /* no local search at the root: the branching finds the covers (the tests ask it so) */
    int no_local_search;
};

/*
 * What every solver gets: the problem, when to end, the CPU threads, where
 * to report; then what one solver or the pipeline alone reads, each in a
 * struct of its own.
 */
struct solve_opts {
    enum solver_kind solver;
    int64_t k;     /* PVC parameter, or -1 for MVC */
    int threads;   /* CPU threads, 0 for automatic */
    int reduce;    /* kernelize before the search (default on) */
    uint64_t seed; /* randomized searches (bound-sat's local search): runs with
                      different seeds take different paths */
    /*
     * When to end (deadline.h): the time limit as a moment, and the stop flag a
     * signal, the time-limit watcher or a race raises. Callers set it with
     * deadline_after just before solving; the default has neither.
     */
    struct deadline deadline;
    /*
     * Where the solver reports its best covers, lower bounds, search nodes
     * and messages (progress.h); the pipeline points each part at a scope of
     * its own. NULL: nobody listens, and nothing is reported.
     */
    struct progress *report;
    struct pipeline_opts pipeline;
    struct gpu_opts gpu;
    struct clique_search_opts clique;
    struct bound_sat_opts bound_sat;
    struct bnr_opts bnr;
};

void solve_opts_default(struct solve_opts *o);

/* The CPU threads o asks for: its --threads, else one per online CPU (at least 1). */
int solve_cpus(const struct solve_opts *o);

enum solve_outcome {
    SOLVE_OPTIMAL = 0,  /* MVC: the cover is minimum */
    SOLVE_FOUND = 1,    /* PVC: a cover of size <= k */
    SOLVE_NO_COVER = 2, /* PVC: proven that no cover of size <= k exists */
    SOLVE_STOPPED = 3,  /* stopped early; the cover is the best found, not proven */
};

#define SOLVE_MAX_SMS 256
#define SOLVE_MAX_GPUS 16
#define SOLVE_MAX_RULES 16

struct solve_stats {
    const char *solver;  /* name of the solver that ran */
    double t_upper;      /* seconds for the greedy upper bound */
    double t_search;     /* seconds of search (GPU: kernel time) */
    double t_reduce;     /* seconds of kernelization */
    int64_t nodes;       /* search tree nodes visited */
    int32_t greedy_size; /* upper bound from the greedy */
    int32_t best;        /* size of the best cover found */
    int32_t lower_bound; /* best proven lower bound (== best when proven) */
    int proven;
    int64_t maxsat_spared;       /* clique: branches that MaxSAT reasoning made unnecessary */
    int64_t parallel_branchings; /* bnr: branchings whose two children ran on two threads */
    int64_t parallel_settled;    /* bnr: of those, where one child's answer ended the other */
    int64_t orbital_branchings;  /* bnr: branchings whose first child took an orbit (orbital.h) */
    int64_t root_funnels;        /* bnr: vertices its root's kernel lost to funnels */
    int64_t packing_pruned;      /* bnr: nodes a broken packing constraint ended (packing.h) */
    int64_t packing_forced;      /* bnr: vertices packing constraints kept out of the cover */
    /* GPU only */
    int block_size, blocks, shared_kernel;
    int64_t worklist_size;
    double threshold;
    int sms;
    int64_t nodes_per_sm[SOLVE_MAX_SMS];
    double t_worklist, t_reductions, t_branching; /* Fig. 6 breakdown fractions, when enabled */
    int gpus;                                     /* devices the search ran on (0 or 1: one) */
    int64_t nodes_per_gpu[SOLVE_MAX_GPUS];
    double search_per_gpu[SOLVE_MAX_GPUS]; /* seconds each device's grid ran */
    /*
     * A search over the ranks of an MPI job (src/vc/clique/clique_dist.c):
     * how many, the fewest and most nodes one rank searched, and the share
     * of its threads' time a rank spent searching (its busy fraction), the
     * lowest and the mean; and how many nodes their GPUs searched.
     */
    struct rank_stats {
        int ranks; /* 0: not spread */
        int64_t nodes_min, nodes_max;
        double busy_min, busy_mean;
        int64_t gpu_nodes; /* of the nodes, those the ranks' GPUs searched */
    } ranks;
    /*
     * The orbital split at the top of the clique search (clique_orbital.h):
     * the root's group (log10 of its order), orbits branched on, the
     * subproblems left and the seconds it took. splits 0: none.
     */
    struct symmetry_stats {
        double log10_group;
        int64_t splits, items;
        double seconds;
    } symmetry;
    /* kernelization */
    int32_t kernel_n;
    int64_t kernel_m;
    int64_t removed_by[SOLVE_MAX_RULES]; /* vertices each reduction rule removed */
};

/*
 * Every solver: fills out (an initialised cover of g->n vertices, valid even
 * when stopped early, and under PVC without a cover of k vertices: then
 * larger than k), returns a solve_outcome, or a negative mvc_status with err
 * set. The CPU solvers begin alike (solver_start.h).
 */
int solve_seq(const struct graph *g, const struct solve_opts *o, struct cover *out,
              struct solve_stats *st, struct error *err);

/*
 * The pipeline (pipeline.c): kernelization, components and the solver
 * o->solver names, or under SOLVER_AUTO those that suit each part, racing.
 */
int solve_cover(const struct graph *g, const struct solve_opts *o, struct cover *out,
                struct solve_stats *st, struct error *err);

/* SOLVER_AUTO becomes hybrid when a CUDA device is present, seq otherwise. */
enum solver_kind solver_resolve(enum solver_kind kind);
const char *solver_name(enum solver_kind kind);

/*
 * The solver a name names: solver_name's names and the aliases "sequential"
 * and "cpu" for seq. Returns 0, or -1 for an unknown name.
 */
int solver_parse(const char *name, enum solver_kind *kind);

/* True for the solvers that run on a CUDA device (stackonly, hybrid, clique-gpu). */
int solver_needs_gpu(enum solver_kind kind);

/*
 * MVC_OK when the solver can run here; a GPU solver needs a CUDA build and
 * a device (MVC_EUNSUPPORTED or MVC_EDEVICE with err set otherwise).
 */
int solver_available(enum solver_kind kind, struct error *err);

/*
 * The one solver o->solver names (not auto) on the whole of g: no
 * kernelization, no components, no race. The pipeline's last stage.
 */
int solver_run(const struct graph *g, const struct solve_opts *o, struct cover *out,
               struct solve_stats *st, struct error *err);

#endif
