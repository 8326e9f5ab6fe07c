/*
 * The queue of donated subproblems of the GPU clique search: a bounded
 * multi-producer multi-consumer ring with a sequence number per slot (after
 * Vyukov's bounded MPMC queue). Counters of free slots (space) and of filled
 * ones (avail) are claimed first, so that a ticket is only taken when its slot
 * will come, and nobody waits on an empty or a full queue.
 *
 * A slot holds a subproblem: its depth d, the clique prefix (d search
 * indices) and the candidate bitset.
 */
#ifndef MVC_CLIQUE_QUEUE_CUH
#define MVC_CLIQUE_QUEUE_CUH

#include "clique_layout.h"
#include "clique_warp.cuh"

#define QUEUE_SPIN_NS 64

/* Takes one unit of a positive counter; false, and the counter as it was, otherwise. */
static __device__ __forceinline__ bool claim_unit(int *counter)
{
    if (*(volatile int *)counter <= 0)
        return false;
    if (atomicSub(counter, 1) > 0)
        return true;
    atomicAdd(counter, 1);
    return false;
}

static __device__ __forceinline__ int32_t *queue_slot(const struct clique_params &p,
                                                      unsigned int ticket)
{
    return p.queue + (size_t)(ticket & (p.queue_capacity - 1)) * p.slot_stride;
}

static __device__ __forceinline__ void wait_for_sequence(const struct clique_params &p,
                                                         unsigned int ticket, unsigned int value)
{
    volatile unsigned int *seq = p.queue_seq + (ticket & (p.queue_capacity - 1));
    while (*seq != value)
        __nanosleep(QUEUE_SPIN_NS);
    __threadfence();
}

/*
 * Queues the subproblem (depth, clique[0 .. depth), candidates). It counts as
 * pending work from before it becomes visible, so that the search cannot be
 * seen finished while it is in flight. False when the queue is full.
 */
template <int WPL>
static __device__ bool queue_push(const struct clique_params &p, int depth, const int32_t *clique,
                                  const clique_word (&candidates)[WPL], int lane)
{
    int claimed = 0;
    unsigned int ticket = 0;
    if (lane == 0 && claim_unit(&p.ctl->space)) {
        claimed = 1;
        atomicAdd(&p.ctl->hot[HOT_PENDING], 1);
        ticket = atomicAdd(&p.ctl->tail, 1u);
        wait_for_sequence(p, ticket, ticket); /* the slot's previous item has been read */
    }
    if (!__shfl_sync(FULL_MASK, claimed, 0))
        return false;
    ticket = __shfl_sync(FULL_MASK, ticket, 0);
    int32_t *slot = queue_slot(p, ticket);
    if (lane == 0)
        slot[0] = depth;
    for (int i = lane; i < depth; i += CLIQUE_WARP)
        slot[1 + i] = clique[i];
    row_store((clique_word *)(slot + 1 + p.rows), p.words, lane, candidates);
    __threadfence();
    __syncwarp();
    if (lane == 0) {
        *(volatile unsigned int *)(p.queue_seq + (ticket & (p.queue_capacity - 1))) = ticket + 1;
        __threadfence();
        atomicAdd(&p.ctl->hot[HOT_AVAIL], 1);
    }
    __syncwarp();
    return true;
}

/*
 * Writes the subproblem (depth, clique[0 .. depth), candidates) into an
 * export slot for the host, which hands it to another device: one of the
 * HOT_EXPORT units the host asked for, counted in export_written once the
 * slot is complete. It leaves this device's pending work. False when no unit
 * is left (or, which the host's requests rule out, no slot).
 */
template <int WPL>
static __device__ bool export_push(const struct clique_params &p, int depth, const int32_t *clique,
                                   const clique_word (&candidates)[WPL], int lane)
{
    int index = -1;
    if (lane == 0 && claim_unit(&p.ctl->hot[HOT_EXPORT])) {
        int claimed = atomicAdd(&p.ctl->export_tail, 1);
        if (claimed < p.export_capacity)
            index = claimed;
        else
            atomicAdd(&p.ctl->export_written,
                      1); /* an empty claim, counted so the host sees none */
    }
    index = __shfl_sync(FULL_MASK, index, 0);
    if (index < 0)
        return false;
    int32_t *slot = p.exports + (size_t)index * p.slot_stride;
    if (lane == 0)
        slot[0] = depth;
    for (int i = lane; i < depth; i += CLIQUE_WARP)
        slot[1 + i] = clique[i];
    row_store((clique_word *)(slot + 1 + p.rows), p.words, lane, candidates);
    __threadfence_system(); /* the host copies the slot once export_written counts it */
    __syncwarp();
    if (lane == 0)
        atomicAdd(&p.ctl->export_written, 1);
    __syncwarp();
    return true;
}

/*
 * Takes a queued subproblem: writes its prefix into clique[] and its
 * candidates into this lane's words. Returns its depth, or 0 when none is
 * available.
 */
template <int WPL>
static __device__ int queue_pop(const struct clique_params &p, int32_t *clique,
                                clique_word (&candidates)[WPL], int lane)
{
    int claimed = 0;
    unsigned int ticket = 0;
    if (lane == 0 && claim_unit(&p.ctl->hot[HOT_AVAIL])) {
        claimed = 1;
        ticket = atomicAdd(&p.ctl->head, 1u);
        wait_for_sequence(p, ticket, ticket + 1); /* its donor has finished writing */
    }
    if (!__shfl_sync(FULL_MASK, claimed, 0))
        return 0;
    ticket = __shfl_sync(FULL_MASK, ticket, 0);
    const int32_t *slot = queue_slot(p, ticket);
    int depth = __ldcg(slot);
    GPU_ASSERT(depth >= 1 && depth < p.rows);
    for (int i = lane; i < depth; i += CLIQUE_WARP)
        clique[i] = __ldcg(slot + 1 + i);
    row_load_shared_by_all((const clique_word *)(slot + 1 + p.rows), p.words, lane, candidates);
    __threadfence(); /* every lane's reads are done before the slot is handed back */
    __syncwarp();
    if (lane == 0) {
        *(volatile unsigned int *)(p.queue_seq + (ticket & (p.queue_capacity - 1))) =
            ticket + p.queue_capacity;
        __threadfence();
        atomicAdd(&p.ctl->space, 1);
    }
    __syncwarp();
    return depth;
}

#endif
