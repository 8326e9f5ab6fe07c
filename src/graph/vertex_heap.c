/* Vertices by (score, stamp): allocation and building; the hot operations are in the header. */
#include "vertex_heap.h"

#include <stdlib.h>

#include "error.h"

int vertex_heap_init(struct vertex_heap *h, int32_t n, int unordered)
{
    size_t size = (size_t)(n > 0 ? n : 1);
    h->key = malloc(size * sizeof *h->key);
    h->vertex = malloc(size * sizeof *h->vertex);
    h->pos = malloc(size * sizeof *h->pos);
    h->len = 0;
    h->unordered = unordered;
    if (!h->key || !h->vertex || !h->pos) {
        vertex_heap_free(h);
        return MVC_ENOMEM;
    }
    for (int32_t v = 0; v < n; v++)
        h->pos[v] = -1;
    return MVC_OK;
}

void vertex_heap_free(struct vertex_heap *h)
{
    free(h->key);
    free(h->vertex);
    free(h->pos);
    h->key = NULL;
    h->vertex = h->pos = NULL;
    h->len = 0;
}

void vertex_heap_clear(struct vertex_heap *h)
{
    for (int32_t i = 0; i < h->len; i++)
        h->pos[h->vertex[i]] = -1;
    h->len = 0;
}

void vertex_heap_order(struct vertex_heap *h)
{
    if (h->unordered)
        return;
    for (int32_t i = h->len / 2 - 1; i >= 0; i--)
        vertex_heap_down(h, i);
}
