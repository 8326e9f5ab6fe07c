/*
 * The hybrid traversal (Yamout et al. 2022, Sec. IV-A, Fig. 4): every block
 * walks a sub-tree depth-first on its local stack and shares children through
 * the global worklist while that holds fewer than `threshold` nodes; a block
 * whose stack is empty takes from the worklist, and the search ends when every
 * block is idle with the worklist empty (worklist/broker.cuh).
 */
#include "gpu_debug.cuh"
#include "search_kernels.cuh"
#include "search_steps.cuh"

template <class Storage>
__global__ void SEARCH_REGISTER_CAP hybrid_search(const struct search_args a)
{
    extern __shared__ int4 search_smem[];
    __shared__ struct search_shared sh;
    Storage store(a, (int *)search_smem);
    struct local_stack stack = stack_of_block(a);
    struct search_timing t = {0, 0, 0, 0};
    long long nodes = 0;
    TIMING_START(t_begin);
    search_block_begin(sh);

    /*
     * Block b < seed_count starts from seed b (the root in block 0, or nodes
     * another device handed over); the others begin by waiting on the
     * worklist.
     */
    bool have_node = (int)blockIdx.x < a.seed_count;
    if (have_node)
        node_load(store.cur, a.seeds + (size_t)blockIdx.x * (size_t)a.g.stride, a.g.stride);
    /* more seeds than blocks (a grid the device shrank): the rest onto the blocks' stacks */
    for (int j = blockIdx.x + gridDim.x; j < a.seed_count; j += gridDim.x) {
        if (stack.top == stack.depth) {
            if (threadIdx.x == 0)
                atomicExch(&a.ctl->error, SEARCH_ERROR_STACK_OVERFLOW);
            break;
        }
        node_copy(stack_slot(stack, stack.top, a.g.stride), a.seeds + (size_t)j * a.g.stride,
                  a.g.stride);
        stack.top++;
    }
    __syncthreads();

    /* The next node: the local stack's top, else one from the worklist (Fig. 4 lines 4-10). */
    auto next_node = [&]() {
        if (stack.top > 0) {
            stack_pop(stack, store.cur, a.g.stride);
        } else {
            TIMING_START(t0);
            int got = broker_take_or_finish(&a.queue, store.cur, gridDim.x,
                                            [&]() { return search_should_quit(a); });
            TIMING_ADD(t.worklist, t0);
            if (got != BROKER_TOOK)
                return false;
        }
        return true;
    };
    visit_nodes(store, stack, a, sh, have_node, true, next_node, &nodes, t);
    TIMING_ADD(t.total, t_begin);
    write_block_stats(a, nodes, t);
}

const void *hybrid_kernel(bool in_shared)
{
    return in_shared ? (const void *)hybrid_search<shared_storage>
                     : (const void *)hybrid_search<global_storage>;
}

size_t search_dynamic_smem(bool in_shared, int stride)
{
    return in_shared ? shared_storage::dynamic_bytes(stride)
                     : global_storage::dynamic_bytes(stride);
}
