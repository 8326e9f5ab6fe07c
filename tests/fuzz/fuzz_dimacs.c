/* Fuzz harness: the DIMACS clique / colouring reader (src/io/read_dimacs.c). */
#include "fuzz.h"

int fuzz_harness_dimacs(const uint8_t *data, size_t size)
{
    fuzz_read_graph(data, size, GRAPH_FORMAT_DIMACS);
    return 0;
}
