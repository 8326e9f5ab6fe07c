/* Connected components by breadth-first search with an explicit queue. */
#include "components.h"

#include <stdlib.h>

#include "error.h"

int graph_components(const struct graph *g, int32_t *component_of, int32_t *count)
{
    *count = 0;
    int32_t *queue = malloc((size_t)(g->n > 0 ? g->n : 1) * sizeof *queue);
    if (queue == NULL)
        return MVC_ENOMEM;
    for (int32_t v = 0; v < g->n; v++)
        component_of[v] = -1;
    for (int32_t s = 0; s < g->n; s++) {
        if (component_of[s] >= 0)
            continue;
        int32_t c = (*count)++, head = 0, tail = 0;
        component_of[s] = c;
        queue[tail++] = s;
        while (head < tail) {
            int32_t v = queue[head++];
            for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++) {
                int32_t u = g->adj[i];
                if (component_of[u] < 0) {
                    component_of[u] = c;
                    queue[tail++] = u;
                }
            }
        }
    }
    free(queue);
    return MVC_OK;
}
