/* Fuzz harness: the SNAP / KONECT edge-list reader (src/io/read_edges.c). */
#include "fuzz.h"

int fuzz_harness_edges(const uint8_t *data, size_t size)
{
    fuzz_read_graph(data, size, GRAPH_FORMAT_EDGES);
    return 0;
}
