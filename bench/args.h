/* Numbers on the command line of the bench programs. */
#ifndef MVC_BENCH_ARGS_H
#define MVC_BENCH_ARGS_H

#include <stdint.h>
#include <stdlib.h>

/* A whole argument as an unsigned decimal number: 0, or -1 for anything else (a sign too). */
static inline int parse_u64(const char *text, uint64_t *out)
{
    char *end;
    unsigned long long x = strtoull(text, &end, 10);
    if (*text == '\0' || *end != '\0' || *text == '-')
        return -1;
    *out = x;
    return 0;
}

#endif
