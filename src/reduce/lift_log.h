/* The kernelization's decisions, replayed backwards to turn a kernel cover into an input cover. */
#ifndef MVC_LIFT_LOG_H
#define MVC_LIFT_LOG_H

#include <stdint.h>

/*
 * Entries are packed into one int32 array: an opcode followed by its vertex
 * ids. Ids are those of the input graph; a fold keeps the id of one of the
 * merged vertices for the new vertex, so later entries may name it again.
 * Excluded vertices need no entry: the lift starts from "not in the cover".
 */
enum kernel_log_op {
    KERNEL_LOG_TAKE = 1,       /* v: v is in the cover */
    KERNEL_LOG_FOLD_TWO = 2,   /* v, x, w: v of degree 2 with neighbours x, w folded into x */
    KERNEL_LOG_FOLD_TWINS = 3, /* u, v, x, b, c: twins u, v, independent N = {x, b, c}, into x */
    KERNEL_LOG_FUNNEL = 4      /* v, u, a_1 .. a_k, k: funnel v, u apart, clique N(v) - u = {a_i} */
};

struct kernel_log {
    int32_t *ops;
    int64_t len, cap;
};

void kernel_log_init(struct kernel_log *log);
void kernel_log_free(struct kernel_log *log);
int kernel_log_take(struct kernel_log *log, int32_t v);
int kernel_log_fold_two(struct kernel_log *log, int32_t v, int32_t x, int32_t w);
int kernel_log_fold_twins(struct kernel_log *log, int32_t u, int32_t v, int32_t x, int32_t b,
                          int32_t c);

int kernel_log_funnel(struct kernel_log *log, int32_t v, int32_t u, const int32_t *clique,
                      int32_t k);

/*
 * in[] holds membership over the input ids, with the kernel's cover already
 * written at its vertices' ids and 0 elsewhere; replays the log backwards.
 */
void kernel_log_lift(const struct kernel_log *log, uint8_t *in);

#endif
