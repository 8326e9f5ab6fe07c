/* Fuzz harness: the PACE .vc solution reader that --check uses (src/graph/cover.c). */
#include <stdlib.h>
#include <string.h>

#include "cover.h"
#include "fuzz.h"

/* The same bytes as an answer for graphs of these sizes: none, a few, and more than seeds list. */
static const int32_t graph_sizes[] = {0, 3, 40};

static void read_cover(const uint8_t *data, size_t size, int32_t n)
{
    char *copy;
    FILE *in = fuzz_open(data, size, &copy);
    if (in == NULL)
        return;
    struct cover c = {0};
    struct error err = {0};
    int status = cover_read_pace_stream(in, FUZZ_INPUT_NAME, n, &c, &err);
    fclose(in);
    free(copy);
    if (status != MVC_OK) {
        if (c.in != NULL)
            fuzz_fail("failed read left a cover behind");
        fuzz_check_failure(data, size, status, &err);
        return;
    }
    if (memchr(data, '\0', size) != NULL)
        fuzz_fail("an answer with a NUL byte was accepted");
    if (c.n != n || c.in == NULL)
        fuzz_fail("cover of %ld vertices for a graph of %ld", (long)c.n, (long)n);
    int32_t counted = 0;
    for (int32_t v = 0; v < n; v++)
        counted += c.in[v] != 0;
    if (counted != c.size)
        fuzz_fail("cover claims %ld vertices but holds %ld", (long)c.size, (long)counted);
    cover_free(&c);
}

int fuzz_harness_cover(const uint8_t *data, size_t size)
{
    for (size_t i = 0; i < sizeof graph_sizes / sizeof graph_sizes[0]; i++)
        read_cover(data, size, graph_sizes[i]);
    return 0;
}
