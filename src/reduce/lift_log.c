/* Kernelization log: appending decisions and undoing them in reverse order. */
#include "lift_log.h"

#include <assert.h>
#include <stdlib.h>

#include "error.h"

void kernel_log_init(struct kernel_log *log)
{
    log->ops = NULL;
    log->len = log->cap = 0;
}

void kernel_log_free(struct kernel_log *log)
{
    free(log->ops);
    kernel_log_init(log);
}

static int append(struct kernel_log *log, const int32_t *entry, int64_t len)
{
    if (log->len + len > log->cap) {
        int64_t cap = log->cap ? 2 * log->cap : 1024;
        while (cap < log->len + len)
            cap *= 2;
        int32_t *ops = realloc(log->ops, (size_t)cap * sizeof *ops);
        if (ops == NULL)
            return MVC_ENOMEM;
        log->ops = ops;
        log->cap = cap;
    }
    for (int64_t i = 0; i < len; i++)
        log->ops[log->len++] = entry[i];
    return MVC_OK;
}

/*
 * Each entry is written as its operands followed by the opcode, so that the
 * backward replay reads the opcode first and knows how many ids precede it.
 */
int kernel_log_take(struct kernel_log *log, int32_t v)
{
    return append(log, (int32_t[]){v, KERNEL_LOG_TAKE}, 2);
}

int kernel_log_fold_two(struct kernel_log *log, int32_t v, int32_t x, int32_t w)
{
    return append(log, (int32_t[]){v, x, w, KERNEL_LOG_FOLD_TWO}, 4);
}

int kernel_log_fold_twins(struct kernel_log *log, int32_t u, int32_t v, int32_t x, int32_t b,
                          int32_t c)
{
    return append(log, (int32_t[]){u, v, x, b, c, KERNEL_LOG_FOLD_TWINS}, 6);
}

int kernel_log_funnel(struct kernel_log *log, int32_t v, int32_t u, const int32_t *clique,
                      int32_t k)
{
    int status = append(log, (int32_t[]){v, u}, 2);
    if (status == MVC_OK)
        status = append(log, clique, k);
    if (status == MVC_OK)
        status = append(log, (int32_t[]){k, KERNEL_LOG_FUNNEL}, 2);
    return status;
}

/*
 * Unfolding: the folded vertex x in the cover stands for its merged
 * neighbours, x outside it for the centre(s) (Akiba and Iwata 2016); a
 * funnel's two vertices come back as its clique says.
 */
void kernel_log_lift(const struct kernel_log *log, uint8_t *in)
{
    int64_t i = log->len;
    while (i > 0) {
        const int32_t *e;
        switch (log->ops[i - 1]) {
        case KERNEL_LOG_TAKE:
            i -= 2;
            in[log->ops[i]] = 1;
            break;
        case KERNEL_LOG_FOLD_TWO: {
            i -= 4;
            e = log->ops + i;
            uint8_t x = in[e[1]];
            in[e[0]] = !x;
            in[e[1]] = in[e[2]] = x;
            break;
        }
        case KERNEL_LOG_FOLD_TWINS: {
            i -= 6;
            e = log->ops + i;
            uint8_t x = in[e[2]];
            in[e[0]] = in[e[1]] = !x;
            in[e[2]] = in[e[3]] = in[e[4]] = x;
            break;
        }
        case KERNEL_LOG_FUNNEL: {
            /*
             * The clique all in the cover: the set's vertex is v, so u is
             * taken; else the one clique vertex left out has all of N(u) - v
             * in the cover (the fold joined them), and v is taken.
             */
            int32_t k = log->ops[i - 2];
            i -= k + 4;
            e = log->ops + i;
            uint8_t all = 1;
            for (int32_t j = 0; j < k; j++)
                all &= in[e[2 + j]];
            in[e[0]] = !all;
            in[e[1]] = all;
            break;
        }
        default: assert(!"corrupt kernel log"); return;
        }
    }
}
