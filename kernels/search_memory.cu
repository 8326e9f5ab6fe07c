/* Allocation and release of a GPU solve's device memory (see search_memory.h). */
#include "search_memory.h"

#include <string.h>

#include "cuda_check.h"

size_t search_memory_solve_bytes(const struct graph *g, int stride)
{
    return ((size_t)g->n + 1) * sizeof(int64_t) + 2 * (size_t)g->m * sizeof(int) +
           2 * (size_t)stride * sizeof(int) + sizeof(struct search_control);
}

/* cudaMalloc of `bytes` (at least one): MVC_ENOMEM without a message when the device is full. */
static int device_alloc(void **p, size_t bytes, struct error *err)
{
    cudaError_t code = cudaMalloc(p, bytes > 0 ? bytes : 1);
    if (code != cudaSuccess)
        *p = NULL;
    return cuda_check_at(code, "cudaMalloc", __FILE__, __LINE__,
                         code == cudaErrorMemoryAllocation ? NULL : err);
}

int search_memory_open(struct search_memory *m, const struct graph *g, const int *root, int stride,
                       struct error *err)
{
    memset(m, 0, sizeof *m);
    size_t offsets_bytes = ((size_t)g->n + 1) * sizeof(int64_t);
    size_t adj_bytes = 2 * (size_t)g->m * sizeof(int);
    size_t node_bytes = (size_t)stride * sizeof(int);
    int status = MVC_OK;
    if ((status = device_alloc((void **)&m->offsets, offsets_bytes, err)) != MVC_OK ||
        (status = device_alloc((void **)&m->adj, adj_bytes, err)) != MVC_OK ||
        (status = device_alloc((void **)&m->root, node_bytes, err)) != MVC_OK ||
        (status = device_alloc((void **)&m->best_node, node_bytes, err)) != MVC_OK ||
        (status = device_alloc((void **)&m->ctl, sizeof(struct search_control), err)) != MVC_OK) {
        if (status == MVC_ENOMEM)
            error_set(err, MVC_EDEVICE, "not enough device memory for the graph (%zu bytes)",
                      offsets_bytes + adj_bytes + 2 * node_bytes);
        return MVC_EDEVICE;
    }
    if ((status = CUDA_CHECK(err, cudaHostAlloc((void **)&m->host_words, 2 * sizeof(int),
                                                cudaHostAllocDefault))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaStreamCreateWithFlags(&m->stream, cudaStreamNonBlocking))) !=
            MVC_OK ||
        (status = CUDA_CHECK(err, cudaStreamCreateWithFlags(&m->side, cudaStreamNonBlocking))) !=
            MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventCreate(&m->started))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventCreate(&m->finished))) != MVC_OK)
        return status;
    m->host_words[HOST_WORD_STOP] = 1;
    if ((status = CUDA_CHECK(err, cudaMemcpy(m->offsets, g->offsets, offsets_bytes,
                                             cudaMemcpyHostToDevice))) != MVC_OK ||
        (adj_bytes > 0 &&
         (status = CUDA_CHECK(
              err, cudaMemcpy(m->adj, g->adj, adj_bytes, cudaMemcpyHostToDevice))) != MVC_OK) ||
        (status = CUDA_CHECK(err, cudaMemcpy(m->root, root, node_bytes, cudaMemcpyHostToDevice))) !=
            MVC_OK)
        return status;
    return MVC_OK;
}

int search_memory_plan(struct search_memory *m, const struct launch_request *r,
                       const struct launch_plan *p, struct error *err)
{
    size_t node_bytes = (size_t)r->stride * sizeof(int);
    size_t blocks = (size_t)p->blocks;
    int status;
    if ((status = device_alloc((void **)&m->stacks, blocks * (size_t)r->stack_depth * node_bytes,
                               err)) != MVC_OK ||
        (!p->in_shared &&
         (status = device_alloc((void **)&m->scratch, blocks * node_bytes, err)) != MVC_OK) ||
        (status = device_alloc((void **)&m->stats, blocks * sizeof(struct block_stats), err)) !=
            MVC_OK)
        return status;
    if (p->worklist_size > 0) {
        size_t entries = (size_t)p->worklist_size;
        if ((status = device_alloc((void **)&m->queue_words, 3 * sizeof(unsigned long long),
                                   err)) != MVC_OK ||
            (status = device_alloc((void **)&m->tickets, entries * sizeof(unsigned int), err)) !=
                MVC_OK ||
            (status = device_alloc((void **)&m->payload, entries * node_bytes, err)) != MVC_OK)
            return status;
        if ((status =
                 CUDA_CHECK(err, cudaMemsetAsync(m->queue_words, 0, 3 * sizeof(unsigned long long),
                                                 m->stream))) != MVC_OK ||
            (status = CUDA_CHECK(err, cudaMemsetAsync(m->tickets, 0, entries * sizeof(unsigned int),
                                                      m->stream))) != MVC_OK)
            return status;
    }
    return CUDA_CHECK(err,
                      cudaMemsetAsync(m->stats, 0, blocks * sizeof(struct block_stats), m->stream));
}

static void device_free(void *p)
{
    if (p != NULL)
        (void)CUDA_CHECK(NULL, cudaFree(p));
}

void search_memory_release_plan(struct search_memory *m)
{
    device_free(m->stacks);
    device_free(m->scratch);
    device_free(m->stats);
    device_free(m->queue_words);
    device_free(m->tickets);
    device_free(m->payload);
    m->stacks = m->scratch = m->payload = NULL;
    m->stats = NULL;
    m->queue_words = NULL;
    m->tickets = NULL;
}

void search_memory_close(struct search_memory *m)
{
    search_memory_release_plan(m);
    device_free(m->offsets);
    device_free(m->adj);
    device_free(m->root);
    device_free(m->best_node);
    device_free(m->ctl);
    if (m->host_words != NULL)
        (void)CUDA_CHECK(NULL, cudaFreeHost(m->host_words));
    if (m->started != NULL)
        (void)CUDA_CHECK(NULL, cudaEventDestroy(m->started));
    if (m->finished != NULL)
        (void)CUDA_CHECK(NULL, cudaEventDestroy(m->finished));
    if (m->stream != NULL)
        (void)CUDA_CHECK(NULL, cudaStreamDestroy(m->stream));
    if (m->side != NULL)
        (void)CUDA_CHECK(NULL, cudaStreamDestroy(m->side));
    memset(m, 0, sizeof *m);
}
