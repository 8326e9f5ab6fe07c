/* Fuzz harness: the SteinLib / PACE 2018 .stp reader (src/io/read_stp.c). */
#include "fuzz.h"

int fuzz_harness_stp(const uint8_t *data, size_t size)
{
    fuzz_read_graph(data, size, GRAPH_FORMAT_STP);
    return 0;
}
