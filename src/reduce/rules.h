/*
 * The kernelization rules on the reducing graph, run by kernelize.c. Each returns
 * a negative mvc_status on failure, 0 when it changed nothing and 1 when it did.
 */
#ifndef MVC_RULES_H
#define MVC_RULES_H

#include <stdint.h>

#include "kernelize.h"
#include "rgraph.h"

/* Degrees 0, 1 and 2 (the latter two as o enables them) at vertex v. */
int kernel_rule_degree(struct rgraph *r, int32_t v, const struct kernel_opts *o);

/* v dominated by a neighbour, or (after v grew) v dominating one: the dominator is taken. */
int kernel_rule_domination(struct rgraph *r, int32_t v);

/* v a funnel (N(v) a clique but for one vertex u with no neighbour in it): v and u folded. */
int kernel_rule_funnel(struct rgraph *r, int32_t v);

/* v of degree 3 with a twin: take the neighbourhood, or fold (when folds is set). */
int kernel_rule_twins(struct rgraph *r, int32_t v, int folds);

/* Scratch for the confining procedure, sized once for the whole reduction. */
struct kernel_unconfined;
struct kernel_unconfined *kernel_unconfined_new(int32_t n);
void kernel_unconfined_free(struct kernel_unconfined *u);
int kernel_rule_unconfined(struct kernel_unconfined *u, struct rgraph *r, int32_t v);

/* The matching on the bipartite double cover, kept between calls and repaired incrementally. */
struct kernel_lp;
struct kernel_lp *kernel_lp_new(int32_t n);
void kernel_lp_free(struct kernel_lp *lp);
/*
 * Fixes every vertex that is integral in some optimum of the LP relaxation;
 * *lp_value2 receives twice the LP optimum of the graph before the fixing.
 * Once deadline passes, between the matching's phases, it fixes nothing and
 * *lp_value2 is the size of the double cover's matching so far, at most twice
 * the LP optimum: still a lower bound.
 */
int kernel_rule_lp(struct kernel_lp *lp, struct rgraph *r, const struct deadline *deadline,
                   int64_t *lp_value2);

#endif
