/* Fuzz harness: the format recognition (src/io/read.c) and whichever reader it picks. */
#include "fuzz.h"

int fuzz_harness_auto(const uint8_t *data, size_t size)
{
    fuzz_read_graph(data, size, GRAPH_FORMAT_AUTO);
    return 0;
}
