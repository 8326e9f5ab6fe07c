/* Fuzz harness: the PACE 2019 .gr reader (src/io/read_pace.c). */
#include "fuzz.h"

int fuzz_harness_pace(const uint8_t *data, size_t size)
{
    fuzz_read_graph(data, size, GRAPH_FORMAT_PACE);
    return 0;
}
