/*
 * The global worklist: a broker queue (Kerbl et al., "The Broker Queue", ICS 2018)
 * with the termination rule of Yamout et al. 2022, Sec. IV-C. Self-contained:
 * it knows nothing of vertex cover, only of payloads of `stride` ints.
 * See docs/broker-queue.md for the algorithm; the names below follow it.
 *
 * Thread-level operations (one thread per block calls them) do the atomics;
 * block-level operations (every thread of the block calls them, with the same
 * arguments) add the payload copy by the whole block.
 */
#ifndef MVC_BROKER_CUH
#define MVC_BROKER_CUH

#include <cuda/atomic>
#include <stddef.h>

/*
 * `state` packs the broker count and the number of idle blocks into one word,
 * state = idle * 2^32 + count (mod 2^64), so that the termination test reads a
 * consistent pair. count is signed: a failed reservation briefly takes it one
 * past its bound, and it is decoded from the low 32 bits as an int.
 */
#define BROKER_IDLE_ONE (1ull << 32)
#define BROKER_MINUS_ONE (~0ull)
/* state += this: one block leaves the idle count and takes one element (count - 1) */
#define BROKER_LEAVE_IDLE_AND_TAKE (0ull - BROKER_IDLE_ONE - 1ull)

/* Back-off of waiting threads, in nanoseconds. */
#define BROKER_TICKET_SLEEP_MIN 32
#define BROKER_TICKET_SLEEP_MAX 1024
#define BROKER_IDLE_SLEEP_MIN 64
#define BROKER_IDLE_SLEEP_MAX 4096

struct broker {
    unsigned long long *state; /* idle * 2^32 + count, see above */
    unsigned long long *head;  /* next position to read; grows forever */
    unsigned long long *tail;  /* next position to write; grows forever */
    unsigned int *tickets;     /* capacity entries: 2r = free for writer of round r, 2r+1 = full */
    int *payload;              /* capacity * stride ints, 16-byte aligned */
    unsigned long long capacity;
    int stride; /* ints per payload, a multiple of 4 (int4 copies) */
};

/* Outcomes of broker_take_or_finish(). */
enum broker_take_result {
    BROKER_TOOK = 0,     /* an element was copied to dst */
    BROKER_FINISHED = 1, /* every participant is idle and the queue is empty */
    BROKER_QUIT = 2,     /* the caller's quit test said stop */
};

/* Host side: bytes of device memory one queue needs besides its 3 control words. */
static inline size_t broker_slot_bytes(int stride)
{
    return (size_t)stride * sizeof(int) + sizeof(unsigned int);
}

#if defined(__CUDACC__) || defined(MVC_CUDA_EMULATION)

static __device__ __forceinline__ int broker_count_of(unsigned long long state)
{
    return (int)(unsigned int)state;
}

static __device__ __forceinline__ unsigned int broker_idle_of(unsigned long long state)
{
    return (unsigned int)((state - (unsigned long long)(long long)broker_count_of(state)) >> 32);
}

static __device__ __forceinline__ unsigned long long broker_load_state(const struct broker *q)
{
    return cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(*q->state).load(
        cuda::memory_order_relaxed);
}

/* Elements in the queue (reserved by writers, not yet by readers): what the traversal compares with
 * its threshold. */
static __device__ __forceinline__ int broker_count(const struct broker *q)
{
    return broker_count_of(broker_load_state(q));
}

/*
 * May I add an element, given that I only want to while the queue holds fewer
 * than `below`? On true the caller must broker_claim_put() (room is promised).
 * One load of the count serves both tests.
 */
static __device__ bool broker_reserve_put_below(const struct broker *q, long long below)
{
    long long cap = (long long)q->capacity;
    long long n = broker_count(q);
    if (n >= below)
        return false;
    for (;;) {
        if (n >= cap)
            return false;
        if (broker_count_of(atomicAdd(q->state, 1ull)) < cap)
            return true;
        n = (long long)broker_count_of(atomicAdd(q->state, BROKER_MINUS_ONE)) - 1;
    }
}

/* May I add an element? On true the caller must broker_claim_put() (room is promised). */
static __device__ bool broker_reserve_put(const struct broker *q)
{
    return broker_reserve_put_below(q, (long long)q->capacity);
}

/* Is there an element for me? On true the caller must broker_claim_take() (one is promised). */
static __device__ bool broker_reserve_take(const struct broker *q)
{
    int n = broker_count(q);
    for (;;) {
        if (n <= 0)
            return false;
        if (broker_count_of(atomicAdd(q->state, BROKER_MINUS_ONE)) > 0)
            return true;
        n = broker_count_of(atomicAdd(q->state, 1ull)) + 1;
    }
}

static __device__ __forceinline__ unsigned int broker_ticket_load(const struct broker *q,
                                                                  unsigned long long slot)
{
    cuda::atomic_ref<unsigned int, cuda::thread_scope_device> t(q->tickets[slot]);
    return t.load(cuda::memory_order_acquire);
}

static __device__ __forceinline__ void
broker_ticket_store(const struct broker *q, unsigned long long slot, unsigned int value)
{
    cuda::atomic_ref<unsigned int, cuda::thread_scope_device> t(q->tickets[slot]);
    t.store(value, cuda::memory_order_release);
}

/* Tickets are compared for equality only, so 32 bits wrap safely: no slot lags 2^31 rounds behind.
 */
static __device__ void broker_wait_ticket(const struct broker *q, unsigned long long slot,
                                          unsigned int want)
{
    unsigned int sleep = BROKER_TICKET_SLEEP_MIN;
    while (broker_ticket_load(q, slot) != want) {
        __nanosleep(sleep);
        if (sleep < BROKER_TICKET_SLEEP_MAX)
            sleep *= 2;
    }
}

static __device__ __forceinline__ int *broker_slot_payload(const struct broker *q,
                                                           unsigned long long pos)
{
    return q->payload + (size_t)(pos % q->capacity) * (size_t)q->stride;
}

/* After broker_reserve_put(): takes a position and waits until its slot is free. Returns the
 * position. */
static __device__ unsigned long long broker_claim_put(const struct broker *q)
{
    unsigned long long pos = atomicAdd(q->tail, 1ull);
    unsigned long long round = pos / q->capacity;
    broker_wait_ticket(q, pos % q->capacity, (unsigned int)(2 * round));
    return pos;
}

/* The payload of pos is written (and the block synchronised): hand it to its reader. */
static __device__ void broker_publish(const struct broker *q, unsigned long long pos)
{
    unsigned long long round = pos / q->capacity;
    __threadfence();
    broker_ticket_store(q, pos % q->capacity, (unsigned int)(2 * round + 1));
}

/* After broker_reserve_take(): takes a position and waits until its writer has published. */
static __device__ unsigned long long broker_claim_take(const struct broker *q)
{
    unsigned long long pos = atomicAdd(q->head, 1ull);
    unsigned long long round = pos / q->capacity;
    broker_wait_ticket(q, pos % q->capacity, (unsigned int)(2 * round + 1));
    __threadfence();
    return pos;
}

/* The payload of pos has been read (and the block synchronised): the slot goes to the next round's
 * writer. */
static __device__ void broker_release(const struct broker *q, unsigned long long pos)
{
    unsigned long long round = pos / q->capacity;
    __threadfence();
    broker_ticket_store(q, pos % q->capacity, (unsigned int)(2 * (round + 1)));
}

/* Block-wide copy of one payload; reads bypass L1, since another SM wrote them. */
static __device__ void broker_copy_in(int *dst, const int *slot, int stride)
{
    const int4 *s = (const int4 *)slot;
    int4 *d = (int4 *)dst;
    for (int i = threadIdx.x; i < stride / 4; i += blockDim.x)
        d[i] = __ldcg(&s[i]);
}

static __device__ void broker_copy_out(int *slot, const int *src, int stride)
{
    const int4 *s = (const int4 *)src;
    int4 *d = (int4 *)slot;
    for (int i = threadIdx.x; i < stride / 4; i += blockDim.x)
        d[i] = s[i];
}

/* Block-wide: adds src (stride ints) when there is room. Every thread gets the same answer. */
static __device__ bool broker_put(const struct broker *q, const int *src)
{
    __shared__ unsigned long long put_pos;
    __shared__ int put_ok;
    if (threadIdx.x == 0) {
        put_ok = broker_reserve_put(q);
        if (put_ok)
            put_pos = broker_claim_put(q);
    }
    __syncthreads();
    bool ok = put_ok;
    unsigned long long pos = put_pos;
    if (ok) {
        broker_copy_out(broker_slot_payload(q, pos), src, q->stride);
        __syncthreads();
        if (threadIdx.x == 0)
            broker_publish(q, pos);
    }
    __syncthreads();
    return ok;
}

/* Block-wide: the element reserved by thread 0 (taken as given) is copied to dst and its slot
 * released. */
static __device__ void broker_take_reserved(const struct broker *q, int *dst)
{
    __shared__ unsigned long long take_pos;
    if (threadIdx.x == 0)
        take_pos = broker_claim_take(q);
    __syncthreads();
    unsigned long long pos = take_pos;
    broker_copy_in(dst, broker_slot_payload(q, pos), q->stride);
    __syncthreads();
    if (threadIdx.x == 0)
        broker_release(q, pos);
}

/* Block-wide: takes one element into dst when there is one, without waiting for more. */
static __device__ bool broker_take(const struct broker *q, int *dst)
{
    __shared__ int take_ok;
    if (threadIdx.x == 0)
        take_ok = broker_reserve_take(q);
    __syncthreads();
    bool ok = take_ok;
    if (ok)
        broker_take_reserved(q, dst);
    __syncthreads();
    return ok;
}

/*
 * Block-wide take with the termination rule. A failed reservation does not
 * mean that the work is done, since busy blocks may still add elements: the
 * block counts itself idle and waits until either an element appears or all
 * `participants` blocks are idle with the queue empty. A block leaves the idle
 * count no later than it reserves (both in one atomic), so that no block can
 * see "all idle, empty" while another holds or is about to publish work. A
 * block that loses the race for an element waits like any poll before it
 * tries again. Blocks that return FINISHED or
 * QUIT stay counted as idle. quit() is called by thread 0 only, between
 * attempts (e.g. a stop flag, or PVC's "found").
 */
template <class QuitTest>
static __device__ int broker_take_or_finish(const struct broker *q, int *dst,
                                            unsigned int participants, QuitTest quit)
{
    __shared__ int take_result;
    if (threadIdx.x == 0) {
        int result = BROKER_TOOK;
        if (!broker_reserve_take(q)) {
            __threadfence(); /* whatever this block did is visible before it counts as idle */
            atomicAdd(q->state, BROKER_IDLE_ONE);
            unsigned int sleep = BROKER_IDLE_SLEEP_MIN;
            for (;;) {
                if (quit()) {
                    result = BROKER_QUIT;
                    break;
                }
                unsigned long long s = broker_load_state(q);
                if (broker_idle_of(s) == participants && broker_count_of(s) == 0) {
                    __threadfence();
                    result = BROKER_FINISHED;
                    break;
                }
                if (broker_count_of(s) > 0) {
                    /* leave the idle count and reserve in one atomic: never idle with an element */
                    if (broker_count_of(atomicAdd(q->state, BROKER_LEAVE_IDLE_AND_TAKE)) > 0)
                        break;
                    atomicAdd(q->state, BROKER_IDLE_ONE + 1ull);
                    /* lost the race: back off like any poll, so that a crowd of idle blocks
                     * does not hammer the state word each time one element appears */
                }
                __nanosleep(sleep);
                if (sleep < BROKER_IDLE_SLEEP_MAX)
                    sleep *= 2;
            }
        }
        take_result = result;
    }
    __syncthreads();
    int result = take_result;
    if (result == BROKER_TOOK)
        broker_take_reserved(q, dst);
    __syncthreads();
    return result;
}

#endif /* __CUDACC__ or MVC_CUDA_EMULATION */

#endif
