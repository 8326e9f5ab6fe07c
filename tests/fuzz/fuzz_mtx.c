/* Fuzz harness: the Matrix Market reader (src/io/read_mtx.c). */
#include "fuzz.h"

int fuzz_harness_mtx(const uint8_t *data, size_t size)
{
    fuzz_read_graph(data, size, GRAPH_FORMAT_MTX);
    return 0;
}
