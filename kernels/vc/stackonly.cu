/*
 * The StackOnly traversal of the paper's evaluation (Yamout et al. 2022, Sec. V-A,
 * after Abu-Khzam et al. 2018): the sub-trees rooted at depth `start_depth` are
 * dealt to the blocks statically (over several devices, in chunks of
 * consecutive indices: the high bits, the choices nearest the sub-trees,
 * tell the devices apart, since the root's choice, bit 0, splits the work
 * most unevenly); a block walks down from the root to each of
 * its sub-trees (the bits of the sub-tree's index choose G - v or G - N(v) at
 * each level) and traverses it on its local stack alone.
 */
#include "gpu_debug.cuh"
#include "search_kernels.cuh"
#include "search_steps.cuh"

enum descent_result {
    DESCENT_ARRIVED, /* cur holds the sub-tree's root */
    DESCENT_EMPTY,   /* the path ended above the start depth: no sub-tree */
    DESCENT_QUIT,
};

/* From the root down to sub-tree `index`: bit l of index picks the child at level l. */
template <class Storage>
static __device__ int descend_to_subtree(Storage &store, struct local_stack &stack,
                                         const struct search_args &a, long long index,
                                         struct search_shared &sh, long long *nodes)
{
    node_load(store.cur, a.root, a.g.stride);
    for (int level = 0; level < a.start_depth; level++) {
        int k_eff;
        if (read_control(a, sh, &k_eff, 0))
            return DESCENT_QUIT;
        (*nodes)++;
        degree_summary s;
        int outcome = visit_node(store.cur, a, k_eff, sh, &s);
        if (outcome == VISIT_COVER)
            record_cover(store.cur, a, sh);
        if (outcome != VISIT_BRANCH)
            return DESCENT_EMPTY;
        if (((index >> level) & 1) == 0) {
            take_vertex(store.cur, a.g, s.vertex);
        } else {
            if ((long long)s.cover_size + s.max_degree > k_eff)
                return DESCENT_EMPTY;
            /* The stack is empty here, so its first slot can hold G - N(v) on its way to cur. */
            int *other = store.child_buffer(stack_slot(stack, 0, a.g.stride));
            branch_on_vertex(store.cur, other, a.g, s.vertex, s.max_degree, s.live);
            node_load(store.cur, other, a.g.stride);
        }
    }
    return DESCENT_ARRIVED;
}

template <class Storage>
__global__ void SEARCH_REGISTER_CAP stackonly_search(const struct search_args a)
{
    extern __shared__ int4 search_smem[];
    __shared__ struct search_shared sh;
    Storage store(a, (int *)search_smem);
    struct local_stack stack = stack_of_block(a);
    struct search_timing t = {0, 0, 0, 0};
    long long nodes = 0;
    TIMING_START(t_begin);
    search_block_begin(sh);

    long long subtrees = 1ll << a.start_depth;
    long long chunk = a.subtree_chunk;
    for (long long i = blockIdx.x;; i += gridDim.x) {
        /* the device's i-th sub-tree: in its (i / chunk)-th chunk, at i % chunk */
        long long index = (i / chunk * a.subtree_parts + a.subtree_part) * chunk + i % chunk;
        if (index >= subtrees)
            break;
        int descent = descend_to_subtree(store, stack, a, index, sh, &nodes);
        if (descent == DESCENT_QUIT)
            break;
        /* The sub-tree on the local stack alone: it is done when that is empty. */
        auto next_node = [&]() {
            if (stack.top == 0)
                return false;
            stack_pop(stack, store.cur, a.g.stride);
            return true;
        };
        if (descent == DESCENT_ARRIVED &&
            !visit_nodes(store, stack, a, sh, true, false, next_node, &nodes, t))
            break;
    }
    TIMING_ADD(t.total, t_begin);
    write_block_stats(a, nodes, t);
}

const void *stackonly_kernel(bool in_shared)
{
    return in_shared ? (const void *)stackonly_search<shared_storage>
                     : (const void *)stackonly_search<global_storage>;
}
