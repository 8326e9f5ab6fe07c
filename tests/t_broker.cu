/*
 * The broker queue on its own (worklist/broker.cuh, docs/broker-queue.md): order,
 * many producers and consumers, full and empty edges, termination and quitting.
 * Every kernel is watched from the host: a hang is reported, never waited out.
 * MVC_GPU_TEST_SMALL=1 keeps it short (for compute-sanitizer).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime.h>

#include "broker.cuh"
#include "tap.h"
#include "work_tree.h"

#define ITEM_INTS 8      /* payload of one element: two int4 */
#define TEST_THREADS 128 /* threads per block in every test kernel */
#define WATCHDOG_SECONDS 60.0

/* Word j of item i; consumers check all of them, so torn or stale copies show. */
static __device__ int item_word(int item, int j)
{
    return item * ITEM_INTS + j;
}

static void check_cuda(cudaError_t code, const char *what)
{
    if (code != cudaSuccess) {
        printf("Bail out! %s: %s\n", what, cudaGetErrorString(code));
        exit(255);
    }
}

/* A queue of `capacity` elements of ITEM_INTS ints in device memory, empty. */
static struct broker queue_create(unsigned long long capacity)
{
    struct broker q;
    unsigned long long *words;
    check_cuda(cudaMalloc(&words, 3 * sizeof *words), "cudaMalloc");
    check_cuda(cudaMalloc(&q.tickets, capacity * sizeof(unsigned int)), "cudaMalloc");
    check_cuda(cudaMalloc(&q.payload, capacity * ITEM_INTS * sizeof(int)), "cudaMalloc");
    check_cuda(cudaMemset(words, 0, 3 * sizeof *words), "cudaMemset");
    check_cuda(cudaMemset(q.tickets, 0, capacity * sizeof(unsigned int)), "cudaMemset");
    q.state = words;
    q.head = words + 1;
    q.tail = words + 2;
    q.capacity = capacity;
    q.stride = ITEM_INTS;
    return q;
}

static void queue_destroy(struct broker *q)
{
    check_cuda(cudaFree(q->state), "cudaFree");
    check_cuda(cudaFree(q->tickets), "cudaFree");
    check_cuda(cudaFree(q->payload), "cudaFree");
}

/* Waits for everything launched so far, at most WATCHDOG_SECONDS; a hang ends the test. */
static void wait_or_bail(const char *what)
{
    cudaEvent_t done;
    check_cuda(cudaEventCreate(&done), "cudaEventCreate");
    check_cuda(cudaEventRecord(done, 0), "cudaEventRecord");
    struct timespec start, now, nap = {0, 1000000};
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        cudaError_t code = cudaEventQuery(done);
        if (code == cudaSuccess)
            break;
        if (code != cudaErrorNotReady)
            check_cuda(code, what);
        clock_gettime(CLOCK_MONOTONIC, &now);
        double waited =
            (double)(now.tv_sec - start.tv_sec) + 1e-9 * (double)(now.tv_nsec - start.tv_nsec);
        if (waited > WATCHDOG_SECONDS) {
            ok(0, "%s finishes within %.0f s (watchdog)", what, WATCHDOG_SECONDS);
            printf("Bail out! %s hangs\n", what);
            fflush(stdout);
            _Exit(1);
        }
        nanosleep(&nap, NULL);
    }
    (void)cudaGetLastError();
    check_cuda(cudaEventDestroy(done), "cudaEventDestroy");
}

/* Blocks of TEST_THREADS threads of `kernel` that can be resident at once. */
static int resident_blocks(const void *kernel)
{
    int per_sm = 0, sms = 0;
    check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, TEST_THREADS, 0),
               "occupancy");
    check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "attribute");
    return per_sm * sms;
}

static __device__ void fill_item(int *buf, int item)
{
    if (threadIdx.x < ITEM_INTS)
        buf[threadIdx.x] = item_word(item, threadIdx.x);
    __syncthreads();
}

/* Thread 0: the item in buf, or -1 when its words disagree. */
static __device__ int item_in(const int *buf)
{
    int item = buf[0] / ITEM_INTS;
    for (int j = 0; j < ITEM_INTS; j++)
        if (buf[j] != item_word(item, j))
            return -1;
    return item;
}

/* ---- single producer, single consumer: FIFO order through many rounds of the ring ---- */

__global__ void order_kernel(struct broker q, int items, int *order)
{
    __shared__ int4 storage[ITEM_INTS / 4];
    int *buf = (int *)storage;
    for (int i = 0; i < items; i++) {
        if (blockIdx.x == 0) {
            fill_item(buf, i);
            while (!broker_put(&q, buf))
                __nanosleep(100);
        } else {
            while (!broker_take(&q, buf))
                __nanosleep(100);
            if (threadIdx.x == 0)
                order[i] = item_in(buf);
            __syncthreads();
        }
    }
}

static void test_order(int items)
{
    const unsigned long long capacity = 16;
    struct broker q = queue_create(capacity);
    int *order;
    check_cuda(cudaMalloc(&order, items * sizeof(int)), "cudaMalloc");
    order_kernel<<<2, TEST_THREADS>>>(q, items, order);
    check_cuda(cudaGetLastError(), "launch of order_kernel");
    wait_or_bail("single producer and consumer");
    int *host = (int *)malloc(items * sizeof(int));
    check_cuda(cudaMemcpy(host, order, items * sizeof(int), cudaMemcpyDeviceToHost), "cudaMemcpy");
    int in_order = 0;
    while (in_order < items && host[in_order] == in_order)
        in_order++;
    is(in_order, items, "one producer, one consumer: %d items come out in the order they went in",
       items);
    free(host);
    check_cuda(cudaFree(order), "cudaFree");
    queue_destroy(&q);
}

/* ---- many producers, many consumers: every item taken exactly once ---- */

struct many_totals {
    unsigned long long sum;
    unsigned long long xor_hash;
    int claimed;
    int bad;
};

__global__ void many_kernel(struct broker q, int producers, int per_producer, int total, int *seen,
                            struct many_totals *t)
{
    __shared__ int4 storage[ITEM_INTS / 4];
    __shared__ int go;
    int *buf = (int *)storage;
    if ((int)blockIdx.x < producers) {
        for (int i = 0; i < per_producer; i++) {
            fill_item(buf, (int)blockIdx.x * per_producer + i);
            while (!broker_put(&q, buf))
                __nanosleep(100);
        }
        return;
    }
    for (;;) {
        if (threadIdx.x == 0)
            go = atomicAdd(&t->claimed, 1) < total;
        __syncthreads();
        if (!go)
            break;
        while (!broker_take(&q, buf))
            __nanosleep(100);
        if (threadIdx.x == 0) {
            int item = item_in(buf);
            if (item < 0 || item >= total) {
                atomicAdd(&t->bad, 1);
            } else {
                atomicAdd(&seen[item], 1);
                atomicAdd(&t->sum, (unsigned long long)item);
                atomicXor(&t->xor_hash, (unsigned long long)work_hash((unsigned int)item));
            }
        }
        __syncthreads();
    }
}

static void test_many(int per_producer)
{
    int blocks = resident_blocks((const void *)many_kernel);
    int producers = blocks / 2 < 32 ? blocks / 2 : 32;
    int consumers = producers;
    int total = producers * per_producer;
    struct broker q = queue_create(64);
    int *seen;
    struct many_totals *t;
    check_cuda(cudaMalloc(&seen, total * sizeof(int)), "cudaMalloc");
    check_cuda(cudaMemset(seen, 0, total * sizeof(int)), "cudaMemset");
    check_cuda(cudaMalloc(&t, sizeof *t), "cudaMalloc");
    check_cuda(cudaMemset(t, 0, sizeof *t), "cudaMemset");
    many_kernel<<<producers + consumers, TEST_THREADS>>>(q, producers, per_producer, total, seen,
                                                         t);
    check_cuda(cudaGetLastError(), "launch of many_kernel");
    wait_or_bail("many producers and consumers");

    int *host = (int *)malloc(total * sizeof(int));
    struct many_totals ht;
    check_cuda(cudaMemcpy(host, seen, total * sizeof(int), cudaMemcpyDeviceToHost), "cudaMemcpy");
    check_cuda(cudaMemcpy(&ht, t, sizeof ht, cudaMemcpyDeviceToHost), "cudaMemcpy");
    int once = 0;
    unsigned long long sum = 0, xor_hash = 0;
    for (int i = 0; i < total; i++) {
        once += host[i] == 1;
        sum += (unsigned long long)i;
        xor_hash ^= work_hash((unsigned int)i);
    }
    is(ht.bad, 0, "%d producers and %d consumers: no element arrives damaged", producers,
       consumers);
    is(once, total, "every one of %d items is taken exactly once", total);
    ok(ht.sum == sum && ht.xor_hash == xor_hash,
       "sum and xor of the items taken match the items put");
    free(host);
    check_cuda(cudaFree(seen), "cudaFree");
    check_cuda(cudaFree(t), "cudaFree");
    queue_destroy(&q);
}

/* ---- full and empty: the edges refuse, and the queue recovers ---- */

enum edge_result {
    EDGE_TAKE_EMPTY,     /* take from the new queue: refused */
    EDGE_RESERVE_EMPTY,  /* reserve_take at count 0: refused */
    EDGE_PUTS_TO_FULL,   /* puts accepted until full */
    EDGE_PUT_FULL,       /* put at capacity: refused */
    EDGE_RESERVE_FULL,   /* reserve_put at capacity: refused */
    EDGE_TAKE_FIRST,     /* the first item taken */
    EDGE_PUT_AFTER_TAKE, /* put after one take: accepted */
    EDGE_DRAIN_IN_ORDER, /* items drained in order */
    EDGE_TAKE_DRAINED,   /* take after draining: refused */
    EDGE_COUNT_DRAINED,  /* broker count after draining */
    EDGE_ROUND_TRIP,     /* put then take on the drained queue */
    EDGE_RESULTS
};

__global__ void edges_kernel(struct broker q, int capacity, int *r)
{
    __shared__ int4 storage[ITEM_INTS / 4];
    int *buf = (int *)storage;
    bool took = broker_take(&q, buf);
    if (threadIdx.x == 0) {
        r[EDGE_TAKE_EMPTY] = took;
        r[EDGE_RESERVE_EMPTY] = broker_reserve_take(&q);
    }
    int puts = 0;
    for (int i = 0; i < capacity; i++) {
        fill_item(buf, i);
        puts += broker_put(&q, buf);
    }
    fill_item(buf, capacity);
    bool put_full = broker_put(&q, buf);
    if (threadIdx.x == 0) {
        r[EDGE_PUTS_TO_FULL] = puts;
        r[EDGE_PUT_FULL] = put_full;
        r[EDGE_RESERVE_FULL] = broker_reserve_put(&q);
    }
    took = broker_take(&q, buf);
    if (threadIdx.x == 0)
        r[EDGE_TAKE_FIRST] = took ? item_in(buf) : -1;
    __syncthreads();
    fill_item(buf, capacity);
    bool put_again = broker_put(&q, buf);
    int in_order = 0;
    for (int i = 1; i <= capacity; i++) {
        took = broker_take(&q, buf);
        if (threadIdx.x == 0 && took && item_in(buf) == i)
            in_order++;
        __syncthreads();
    }
    took = broker_take(&q, buf);
    if (threadIdx.x == 0) {
        r[EDGE_PUT_AFTER_TAKE] = put_again;
        r[EDGE_DRAIN_IN_ORDER] = in_order;
        r[EDGE_TAKE_DRAINED] = took;
        r[EDGE_COUNT_DRAINED] = broker_count(&q);
    }
    fill_item(buf, 7);
    bool put_last = broker_put(&q, buf);
    took = broker_take(&q, buf);
    if (threadIdx.x == 0)
        r[EDGE_ROUND_TRIP] = put_last && took && item_in(buf) == 7;
}

static void test_edges(void)
{
    const int capacity = 4;
    struct broker q = queue_create(capacity);
    int *r, host[EDGE_RESULTS];
    check_cuda(cudaMalloc(&r, sizeof host), "cudaMalloc");
    check_cuda(cudaMemset(r, 0xff, sizeof host), "cudaMemset");
    edges_kernel<<<1, TEST_THREADS>>>(q, capacity, r);
    check_cuda(cudaGetLastError(), "launch of edges_kernel");
    wait_or_bail("full and empty edges");
    check_cuda(cudaMemcpy(host, r, sizeof host, cudaMemcpyDeviceToHost), "cudaMemcpy");
    is(host[EDGE_TAKE_EMPTY], 0, "take from an empty queue is refused");
    is(host[EDGE_RESERVE_EMPTY], 0, "reserve_take at count 0 is refused");
    is(host[EDGE_PUTS_TO_FULL], capacity, "%d puts fill a queue of %d", capacity, capacity);
    is(host[EDGE_PUT_FULL], 0, "put into a full queue is refused");
    is(host[EDGE_RESERVE_FULL], 0, "reserve_put at count N is refused");
    is(host[EDGE_TAKE_FIRST], 0, "take from the full queue gives the first item");
    is(host[EDGE_PUT_AFTER_TAKE], 1, "after one take a put is accepted again");
    is(host[EDGE_DRAIN_IN_ORDER], capacity, "draining gives the remaining items in order");
    is(host[EDGE_TAKE_DRAINED], 0, "take from the drained queue is refused");
    is(host[EDGE_COUNT_DRAINED], 0, "the drained queue counts zero elements");
    is(host[EDGE_ROUND_TRIP], 1, "the drained queue accepts and returns another item");
    check_cuda(cudaFree(r), "cudaFree");
    queue_destroy(&q);
}

/* ---- termination: blocks add and take work at random; all end exactly when it is done ---- */

/* An element of work: a node of work_tree.h's tree, with two children with probability 9/16. */
#define TREE_DEPTH 22
#define TREE_SIXTEENTHS 9
#define TREE_ROOTS_PER_BLOCK 2
#define LOCAL_STACK (2 * TREE_DEPTH + 4)

struct work_totals {
    unsigned long long processed;
    int finished_blocks;
    int early; /* blocks told FINISHED while work was still uncounted */
    int quit_blocks;
};

__global__ void termination_kernel(struct broker q, int threshold, unsigned long long expected,
                                   int root_blocks, struct work_totals *t)
{
    __shared__ int4 storage[ITEM_INTS / 4];
    __shared__ int stack_id[LOCAL_STACK], stack_depth[LOCAL_STACK];
    __shared__ int top, shared_where;
    int *buf = (int *)storage;
    if (threadIdx.x == 0) {
        top = 0;
        if ((int)blockIdx.x < root_blocks)
            for (int r = 0; r < TREE_ROOTS_PER_BLOCK; r++) {
                stack_id[top] = (int)work_hash(blockIdx.x * TREE_ROOTS_PER_BLOCK + r);
                stack_depth[top++] = TREE_DEPTH;
            }
    }
    __syncthreads();
    for (;;) {
        if (top == 0) {
            int got = broker_take_or_finish(&q, buf, gridDim.x, [] { return false; });
            if (got != BROKER_TOOK) {
                if (threadIdx.x == 0) {
                    atomicAdd(&t->finished_blocks, 1);
                    if (*(volatile unsigned long long *)&t->processed != expected)
                        atomicAdd(&t->early, 1);
                }
                return;
            }
            if (threadIdx.x == 0) {
                stack_id[0] = buf[0];
                stack_depth[0] = buf[1];
                top = 1;
            }
            __syncthreads();
        }
        /* process the top element: count it, then place its children */
        int id = stack_id[top - 1], depth = stack_depth[top - 1];
        __syncthreads();
        if (threadIdx.x == 0) {
            top--;
            atomicAdd(&t->processed, 1ull);
        }
        __nanosleep(200);
        int children = work_children((unsigned int)id, depth, TREE_SIXTEENTHS);
        for (int j = 0; j < children; j++) {
            int child = (int)work_child((unsigned int)id, j);
            if (threadIdx.x == 0)
                shared_where = broker_count(&q) < threshold;
            __syncthreads();
            bool shared_out = false;
            if (shared_where) {
                if (threadIdx.x < ITEM_INTS)
                    buf[threadIdx.x] = threadIdx.x == 0 ? child : threadIdx.x == 1 ? depth - 1 : 0;
                __syncthreads();
                shared_out = broker_put(&q, buf);
            }
            if (!shared_out && threadIdx.x == 0) {
                stack_id[top] = child;
                stack_depth[top++] = depth - 1;
            }
            __syncthreads();
        }
        __syncthreads();
    }
}

static void test_termination(int blocks, int root_blocks, unsigned long long capacity,
                             int threshold)
{
    unsigned long long expected = 0;
    for (int b = 0; b < root_blocks; b++)
        for (int r = 0; r < TREE_ROOTS_PER_BLOCK; r++)
            expected += work_tree_size(work_hash((unsigned int)(b * TREE_ROOTS_PER_BLOCK + r)),
                                       TREE_DEPTH, TREE_SIXTEENTHS);
    struct broker q = queue_create(capacity);
    struct work_totals *t, ht;
    check_cuda(cudaMalloc(&t, sizeof *t), "cudaMalloc");
    check_cuda(cudaMemset(t, 0, sizeof *t), "cudaMemset");
    termination_kernel<<<blocks, TEST_THREADS>>>(q, threshold, expected, root_blocks, t);
    check_cuda(cudaGetLastError(), "launch of termination_kernel");
    wait_or_bail("termination");
    check_cuda(cudaMemcpy(&ht, t, sizeof ht, cudaMemcpyDeviceToHost), "cudaMemcpy");
    diag("%d blocks, work in %d of them, worklist of %llu, threshold %d: %llu elements", blocks,
         root_blocks, capacity, threshold, expected);
    ok(ht.processed == expected, "all %llu elements of work are processed (got %llu)", expected,
       ht.processed);
    is(ht.finished_blocks, blocks, "every block ends");
    is(ht.early, 0, "no block ends before all work is done");
    check_cuda(cudaFree(t), "cudaFree");
    queue_destroy(&q);
}

/* ---- quitting: a block that never goes idle stops the others through the quit test ---- */

__global__ void quit_kernel(struct broker q, int *quit, struct work_totals *t)
{
    __shared__ int4 storage[ITEM_INTS / 4];
    int *buf = (int *)storage;
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) {
            __nanosleep(100000);
            atomicExch(quit, 1);
        }
        return; /* leaves without ever counting itself idle */
    }
    int got = broker_take_or_finish(&q, buf, gridDim.x, [&] { return *(volatile int *)quit != 0; });
    if (threadIdx.x == 0 && got == BROKER_QUIT)
        atomicAdd(&t->quit_blocks, 1);
}

static void test_quit(int blocks)
{
    struct broker q = queue_create(8);
    struct work_totals *t, ht;
    int *quit;
    check_cuda(cudaMalloc(&t, sizeof *t), "cudaMalloc");
    check_cuda(cudaMemset(t, 0, sizeof *t), "cudaMemset");
    check_cuda(cudaMalloc(&quit, sizeof *quit), "cudaMalloc");
    check_cuda(cudaMemset(quit, 0, sizeof *quit), "cudaMemset");
    quit_kernel<<<blocks, TEST_THREADS>>>(q, quit, t);
    check_cuda(cudaGetLastError(), "launch of quit_kernel");
    wait_or_bail("quit");
    check_cuda(cudaMemcpy(&ht, t, sizeof ht, cudaMemcpyDeviceToHost), "cudaMemcpy");
    is(ht.quit_blocks, blocks - 1, "waiting blocks return when the quit test says so");
    check_cuda(cudaFree(t), "cudaFree");
    check_cuda(cudaFree(quit), "cudaFree");
    queue_destroy(&q);
}

int main(void)
{
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0)
        skip_all("no CUDA device");
    int small = getenv("MVC_GPU_TEST_SMALL") != NULL;
    test_order(small ? 200 : 2000);
    test_many(small ? 100 : 3000);
    test_edges();
    int blocks = resident_blocks((const void *)termination_kernel);
    if (small && blocks > 16)
        blocks = 16;
    test_termination(blocks, 1, 1024, 512);
    test_termination(blocks, blocks, 8, 8);
    test_termination(blocks < 4 ? blocks : 4, 1, 4, 1);
    test_quit(blocks < 64 ? blocks : 64);
    done_testing();
    return exit_status();
}
