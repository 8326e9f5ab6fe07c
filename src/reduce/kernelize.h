/* Exact kernelization for vertex cover: rules applied to a fixed point, and the lift back. */
#ifndef MVC_KERNELIZE_H
#define MVC_KERNELIZE_H

#include <stdint.h>

#include "cover.h"
#include "deadline.h"
#include "error.h"
#include "graph.h"

/* What removed each vertex; kernel_stats counts them per rule. */
enum kernel_rule {
    KERNEL_RULE_DEGREE_ZERO, /* isolated: left out */
    KERNEL_RULE_DEGREE_ONE,  /* neighbour of a degree-1 vertex: taken */
    KERNEL_RULE_TRIANGLE,    /* degree 2 with adjacent neighbours: both taken */
    KERNEL_RULE_FOLD_TWO,    /* degree 2 with non-adjacent neighbours: folded (2 vertices fewer) */
    KERNEL_RULE_DOMINATION,  /* N[u] within N[v] for adjacent u, v: v taken */
    KERNEL_RULE_TWINS,       /* degree-3 twins whose neighbourhood has an edge: it is taken */
    KERNEL_RULE_FOLD_TWINS,  /* degree-3 twins, independent neighbourhood: folded (4 fewer) */
    KERNEL_RULE_LP,          /* integral in the LP optimum: taken (1) or left out (0) */
    KERNEL_RULE_UNCONFINED,  /* unconfined vertex: taken */
    KERNEL_RULE_FUNNEL,      /* N(v) a clique and one vertex u apart from it: folded (2 fewer) */
    KERNEL_RULES
};

struct kernel_opts {
    int degree_one;      /* degree-1 rule */
    int degree_two_fold; /* degree-2 rules: triangle and fold */
    int domination;
    /*
     * A fold, so only with folds; off by default. Folded into a kernel it
     * can cost the clique-cover bound more than the vertices it removes:
     * bnr alone on the planted 3-SAT reductions of t_bnr took 30 times
     * longer with it, and a king's-move lattice 8 times. bnr's nodes below
     * the root turn it on where it fires (node_rules.h), and its root where
     * its kernel's lower bound stays (search_funnelled in bnr.c).
     */
    int funnel;
    int twins; /* degree-3 twins: take and fold */
    int lp;    /* Nemhauser-Trotter through a maximum matching */
    int unconfined;
    /*
     * The rules look only near the vertices the reduction removes or merges
     * (the branching's choice first): for a graph that is already reduced,
     * as bnr's nodes are their parent's kernel, where the rest cannot have
     * changed. The degree and domination rules start at the neighbours of
     * the taken vertices, the unconfined and funnel rules within distance 2
     * of every change.
     */
    int near_changes;
    /*
     * Folds (degree two with non-adjacent neighbours, independent degree-3
     * twins, funnels) merge vertices or add edges; without them the kernel is an induced subgraph
     * of the input, whose cliques are the input's.
     */
    int folds;
    struct deadline deadline; /* once passed, the kernel so far is returned */
    /*
     * A branching's choice: these vertices (distinct) go into the cover before
     * any rule runs. The kernel then stands for the covers of the input that
     * hold them, and its covers lift to such covers.
     */
    const int32_t *taken;
    int32_t taken_count;
};

struct kernel_stats {
    int64_t removed_by[KERNEL_RULES]; /* vertices removed by each rule */
    int32_t kernel_n;
    int64_t kernel_m;
    int32_t forced;         /* vertices put into the cover by the rules */
    int32_t lp_lower_bound; /* lower bound on the input's minimum cover: offset + LP bound of the
                               kernel (offset alone when the LP rule is off) */
    int stopped;            /* time limit or stop flag cut the reduction short */
    double seconds;
};

/* The reduced graph and the log that maps its covers back. */
struct kernel;

struct kernel_opts kernel_opts_default(void); /* every rule on but funnels, no limits */

/*
 * Reduces g to a kernel whose vertices are relabelled 0..n'-1. Minimum covers
 * correspond: |minimum cover of g| = |minimum cover of the kernel| + offset
 * (of g's covers that hold o->taken, where it names vertices). o may be NULL
 * (defaults), st may be NULL.
 */
int kernel_reduce(const struct graph *g, const struct kernel_opts *o, struct kernel **out,
                  struct kernel_stats *st, struct error *err);

const struct graph *kernel_graph(const struct kernel *k);

/*
 * Vertices the input cover has beyond the kernel cover (taken vertices, those
 * of o->taken among them; folds count 1 or 2).
 */
int32_t kernel_offset(const struct kernel *k);

/* Input id of kernel vertex v, or of the vertex a fold merged into it. */
int32_t kernel_input_vertex(const struct kernel *k, int32_t v);

/*
 * What became of input vertex v: the kernel vertex (>= 0) whose place in or
 * out of the cover the lift gives v (v itself, or the vertex a fold merged v
 * into: a degree-two fold's neighbours, the independent twins' neighbours),
 * or where it went.
 */
enum kernel_fate {
    KERNEL_FATE_TAKEN = -1,    /* in every lifted cover */
    KERNEL_FATE_LEFT_OUT = -2, /* in none */
    KERNEL_FATE_FOLDED = -3,   /* folded away: its place depends on more than one vertex */
};
int32_t kernel_fate(const struct kernel *k, int32_t v);

/*
 * Any valid cover of the kernel becomes a valid cover of the input of size
 * |kernel_cover| + offset; a minimum one becomes a minimum one. input_cover
 * is initialised here (the caller frees it). MVC_EINPUT when kernel_cover is
 * not a cover of the kernel.
 */
int kernel_lift(const struct kernel *k, const struct cover *kernel_cover, struct cover *input_cover,
                struct error *err);

void kernel_free(struct kernel *k);

const char *kernel_rule_name(int rule);

#endif
