/* Bucket queue allocation; the operations are inline in the header. */
#include "bucket_queue.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"

int bucket_queue_init(struct bucket_queue *q, int32_t n, int32_t max_key)
{
    size_t keys = (size_t)max_key + 1, vertices = (size_t)(n > 0 ? n : 1);
    q->head = malloc(keys * sizeof *q->head);
    q->next = malloc(vertices * sizeof *q->next);
    q->prev = malloc(vertices * sizeof *q->prev);
    if (q->head && q->next && q->prev) {
        memset(q->head, 0xff, keys * sizeof *q->head); /* every bucket empty: -1 */
        return MVC_OK;
    }
    bucket_queue_free(q);
    return MVC_ENOMEM;
}

void bucket_queue_free(struct bucket_queue *q)
{
    free(q->head);
    free(q->next);
    free(q->prev);
    q->head = q->next = q->prev = NULL;
}
