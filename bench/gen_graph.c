/* Random PACE .gr files for the load benchmark: N vertices, M edges (uniform pairs u != v;
 * repeats are possible and left in, as graph_build merges them), deterministic per seed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "random.h" /* splitmix64: the whole state is one word, so a seed replays exactly */

static char *put_uint(char *p, uint64_t x)
{
    char digits[24];
    int k = 0;
    do
        digits[k++] = (char)('0' + x % 10);
    while ((x /= 10) != 0);
    while (k > 0)
        *p++ = digits[--k];
    return p;
}

int main(int argc, char **argv)
{
    uint64_t n, m, seed;
    if (argc < 4 || argc > 5 || parse_u64(argv[1], &n) || parse_u64(argv[2], &m) ||
        parse_u64(argv[3], &seed) || n < 2 || n > INT32_MAX - 1) {
        fprintf(stderr,
                "usage: gen_graph N M SEED [OUT.gr]   (2 <= N < 2^31; stdout without OUT)\n");
        return 2;
    }
    FILE *out = argc == 5 ? fopen(argv[4], "w") : stdout;
    if (out == NULL) {
        perror(argv[4]);
        return 1;
    }
    enum { CHUNK = 1 << 20 };
    char *buf = malloc(CHUNK + 64), *p = buf;
    if (buf == NULL)
        return 1;
    uint64_t state = seed;
    p += sprintf(p, "c random graph: n %llu, m %llu, seed %llu\np td %llu %llu\n",
                 (unsigned long long)n, (unsigned long long)m, (unsigned long long)seed,
                 (unsigned long long)n, (unsigned long long)m);
    for (uint64_t i = 0; i < m; i++) {
        uint64_t u = random_next(&state) % n, v;
        do
            v = random_next(&state) % n;
        while (v == u);
        p = put_uint(p, u + 1);
        *p++ = ' ';
        p = put_uint(p, v + 1);
        *p++ = '\n';
        if (p - buf >= CHUNK) {
            fwrite(buf, 1, (size_t)(p - buf), out);
            p = buf;
        }
    }
    fwrite(buf, 1, (size_t)(p - buf), out);
    free(buf);
    if (fflush(out) != 0 || ferror(out) || (out != stdout && fclose(out) != 0)) {
        perror("gen_graph");
        return 1;
    }
    return 0;
}
