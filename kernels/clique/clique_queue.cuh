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
 * Hands the subproblem (depth, clique[0 .. depth), candidates) on: to the
 * queue, or, when `out`, to an export slot for the host, which gives it to
 * another device. Both write the same slot image; they differ in how the
 * slot is claimed and published. False when there is no room (a full
 * queue) or no request (no HOT_EXPORT unit left).
 *
 * A queued subproblem counts as pending work from before it becomes
 * visible, so that the search cannot be seen finished while it is in
 * flight. An exported one leaves this device's pending work: it was part of
 * an item this warp is searching, and the host counts it from then on. Its
 * slot is counted in export_written once complete; the host copies the
 * slots when every claimed one is.
 */
template <int WPL>
static __device__ bool hand_on(const struct clique_params &p, bool out, int depth,
                               const int32_t *clique, const clique_word (&candidates)[WPL],
                               int lane)
{
    long long index = -1; /* queue ticket or export slot */
    if (lane == 0) {
        if (!out && claim_unit(&p.ctl->space)) {
            atomicAdd(&p.ctl->hot[HOT_PENDING], 1);
            unsigned int ticket = atomicAdd(&p.ctl->tail, 1u);
            wait_for_sequence(p, ticket, ticket); /* the slot's previous item has been read */
            index = ticket;
        } else if (out && claim_unit(&p.ctl->hot[HOT_EXPORT])) {
            int claimed = atomicAdd(&p.ctl->export_tail, 1);
            if (claimed < p.export_capacity)
                index = claimed;
            else
                atomicAdd(&p.ctl->export_written, 1); /* an empty claim, counted as written */
        }
    }
    index = __shfl_sync(FULL_MASK, index, 0);
    if (index < 0)
        return false;
    int32_t *slot =
        out ? p.exports + (size_t)index * p.slot_stride : queue_slot(p, (unsigned int)index);
    if (lane == 0)
        slot[0] = depth;
    for (int i = lane; i < depth; i += CLIQUE_WARP)
        slot[1 + i] = clique[i];
    row_store((clique_word *)(slot + 1 + p.rows), p.words, lane, candidates);
    if (out)
        __threadfence_system(); /* the host copies an export slot once it is counted */
    else
        __threadfence();
    __syncwarp();
    if (lane == 0) {
        if (out) {
            atomicAdd(&p.ctl->export_written, 1);
        } else {
            *(volatile unsigned int *)(p.queue_seq + (index & (p.queue_capacity - 1))) =
                (unsigned int)index + 1;
            __threadfence();
            atomicAdd(&p.ctl->hot[HOT_AVAIL], 1);
        }
    }
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
