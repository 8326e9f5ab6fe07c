/* Allocation and release of a GPU solve's device memory (see search_memory.h). */
#include "search_memory.h"

#include <string.h>

#include "cuda_check.h"

size_t search_memory_solve_bytes(const struct graph *g, int stride)
{
    return ((size_t)g->n + 1) * sizeof(int64_t) + 2 * (size_t)g->m * sizeof(int) +
           2 * (size_t)stride * sizeof(int) + sizeof(struct search_control);
}

int search_memory_open(struct search_memory *m, const struct graph *g, const int *root, int stride,
                       struct error *err)
{
    memset(m, 0, sizeof *m);
    size_t offsets_bytes = ((size_t)g->n + 1) * sizeof(int64_t);
    size_t adj_bytes = 2 * (size_t)g->m * sizeof(int);
    size_t node_bytes = (size_t)stride * sizeof(int);
    int status = MVC_OK;
    if ((status = device_alloc((void **)&m->dev.offsets, offsets_bytes, err)) != MVC_OK ||
        (status = device_alloc((void **)&m->dev.adj, adj_bytes, err)) != MVC_OK ||
        (status = device_alloc((void **)&m->dev.root, node_bytes, err)) != MVC_OK ||
        (status = device_alloc((void **)&m->dev.best_node, node_bytes, err)) != MVC_OK ||
        (status = device_alloc((void **)&m->dev.ctl, sizeof(struct search_control), err)) !=
            MVC_OK) {
        if (status == MVC_ENOMEM)
            error_set(err, MVC_EDEVICE, "not enough device memory for the graph (%zu bytes)",
                      offsets_bytes + adj_bytes + 2 * node_bytes);
        return MVC_EDEVICE;
    }
    if ((status = kernel_watch_open(&m->watch, err)) != MVC_OK)
        return status;
    if ((status = CUDA_CHECK(err, cudaMemcpy(m->dev.offsets, g->offsets, offsets_bytes,
                                             cudaMemcpyHostToDevice))) != MVC_OK ||
        (adj_bytes > 0 &&
         (status = CUDA_CHECK(
              err, cudaMemcpy(m->dev.adj, g->adj, adj_bytes, cudaMemcpyHostToDevice))) != MVC_OK) ||
        (status = CUDA_CHECK(
             err, cudaMemcpy(m->dev.root, root, node_bytes, cudaMemcpyHostToDevice))) != MVC_OK)
        return status;
    return MVC_OK;
}

int search_memory_plan(struct search_memory *m, const struct launch_request *r,
                       const struct launch_plan *p, struct error *err)
{
    struct search_plan_bytes b = search_plan_bytes_of(r, p);
    int status;
    if ((status = device_alloc((void **)&m->dev.stacks, b.stacks, err)) != MVC_OK ||
        (b.scratch > 0 &&
         (status = device_alloc((void **)&m->dev.scratch, b.scratch, err)) != MVC_OK) ||
        (status = device_alloc((void **)&m->dev.stats, b.stats, err)) != MVC_OK)
        return status;
    if (b.queue_words > 0) {
        if ((status = device_alloc((void **)&m->dev.queue_words, b.queue_words, err)) != MVC_OK ||
            (status = device_alloc((void **)&m->dev.tickets, b.tickets, err)) != MVC_OK ||
            (status = device_alloc((void **)&m->dev.payload, b.payload, err)) != MVC_OK)
            return status;
        if ((status = CUDA_CHECK(err, cudaMemsetAsync(m->dev.queue_words, 0, b.queue_words,
                                                      m->watch.stream))) != MVC_OK ||
            (status = CUDA_CHECK(
                 err, cudaMemsetAsync(m->dev.tickets, 0, b.tickets, m->watch.stream))) != MVC_OK)
            return status;
    }
    return CUDA_CHECK(err, cudaMemsetAsync(m->dev.stats, 0, b.stats, m->watch.stream));
}

void search_memory_release_plan(struct search_memory *m)
{
    device_free_all(m->dev.stacks, m->dev.scratch, m->dev.stats, m->dev.queue_words, m->dev.tickets,
                    m->dev.payload);
    m->dev.stacks = m->dev.scratch = m->dev.payload = NULL;
    m->dev.stats = NULL;
    m->dev.queue_words = NULL;
    m->dev.tickets = NULL;
}

void search_memory_close(struct search_memory *m)
{
    search_memory_release_plan(m);
    device_free_all(m->dev.offsets, m->dev.adj, m->dev.root, m->dev.best_node, m->dev.ctl,
                    m->dev.exports, m->dev.seeds);
    kernel_watch_close(&m->watch);
    memset(m, 0, sizeof *m);
}
