/*
 * A random tree of work for the broker queue's termination tests (t_broker.cu
 * on a device, t_search_emulated.cc under emulation): the children of a node
 * follow from a hash of its id, so the tree is the same on the device and the
 * host, and its size is known before a run.
 */
#ifndef MVC_TEST_WORK_TREE_H
#define MVC_TEST_WORK_TREE_H

/* An integer hash: lowbias32 of Wellons' hash-prospector, every input bit stirs every output bit.
 */
static __host__ __device__ unsigned int work_hash(unsigned int x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

/* The children of node id at depth: two with probability sixteenths / 16 above depth 0, or none. */
static __host__ __device__ int work_children(unsigned int id, int depth, unsigned int sixteenths)
{
    return depth > 0 && work_hash(id) % 16 < sixteenths ? 2 : 0;
}

/* Child j (0 or 1) of node id. */
static __host__ __device__ unsigned int work_child(unsigned int id, int j)
{
    return work_hash(id * 2u + 1u + (unsigned int)j);
}

/* The nodes of the tree under root at depth, root included. */
static unsigned long long work_tree_size(unsigned int root, int depth, unsigned int sixteenths)
{
    unsigned long long size = 1;
    for (int j = 0; j < work_children(root, depth, sixteenths); j++)
        size += work_tree_size(work_child(root, j), depth - 1, sixteenths);
    return size;
}

#endif
