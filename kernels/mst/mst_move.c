/*
 * gpu_msf's last step, on the host: the forest's edges, whose input positions
 * the device lists in rank order, go to the front of the edge list (see
 * gpu_steiner.h). Plain C and in every build, so that the tests check it
 * without a device.
 */
#include <stdint.h>
#include <stdlib.h>

#include "error.h"
#include "gpu_steiner.h"

int mst_move_chosen(struct wedge *edges, int64_t m, const int32_t *chosen, int64_t n_chosen)
{
    struct wedge *front = malloc((size_t)(n_chosen > 0 ? n_chosen : 1) * sizeof *front);
    uint8_t *taken = calloc((size_t)(m > 0 ? m : 1), 1);
    if (front == NULL || taken == NULL) {
        free(front), free(taken);
        return MVC_ENOMEM;
    }
    for (int64_t i = 0; i < n_chosen; i++) {
        front[i] = edges[chosen[i]];
        taken[chosen[i]] = 1;
    }
    /* The others slide back, last first, so none is overwritten before it moves. */
    int64_t to = m;
    for (int64_t i = m - 1; i >= 0; i--)
        if (!taken[i])
            edges[--to] = edges[i];
    for (int64_t i = 0; i < n_chosen; i++)
        edges[i] = front[i];
    free(front), free(taken);
    return MVC_OK;
}
