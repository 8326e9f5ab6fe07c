/* Branch and reduce with lower bounds: the exact CPU solver for large sparse graphs. */
#ifndef MVC_BNR_H
#define MVC_BNR_H

#include "cover.h"
#include "error.h"
#include "graph.h"
#include "solve.h"

/*
 * MVC (o->k < 0) or PVC (o->k >= 0) with the contract of solve_seq: out
 * receives a valid cover of g in every outcome (the greedy one when PVC
 * finds none, the best found so far when stopped); returns a solve_outcome,
 * or a negative mvc_status with err set. o and st may be NULL.
 */
int solve_bnr(const struct graph *g, const struct solve_opts *o, struct cover *out,
              struct solve_stats *st, struct error *err);

#endif
