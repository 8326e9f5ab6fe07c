/*
 * The StackOnly traversal of the paper's evaluation (Yamout et al. 2022, Sec. V-A,
 * after Abu-Khzam et al. 2018): the sub-trees rooted at depth `start_depth` are
 * dealt to the blocks statically (over several devices, each to the part
 * subtree_owner names); a block walks down from the root to each of
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

/*
 * The device that takes sub-tree `index` of `parts`: a hash of the index.
 * Every bit of the index is a branching choice, and the two sides of a
 * choice differ in size (G - N(v) removes more), so dealing by one bit
 * gives a device the smaller sides: on cop_hat300-3 over two H100s the
 * devices searched 19.5 and 0.7 s when the root's choice dealt, 14.4 and
 * 2.0 s when the deepest did. A hash mixes every choice.
 */
static __device__ __forceinline__ int subtree_owner(long long index, int parts)
{
    unsigned long long h = (unsigned long long)index * 0x9e3779b97f4a7c15ull;
    return (int)((h >> 32) % (unsigned long long)parts);
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
    for (long long index = blockIdx.x; index < subtrees; index += gridDim.x) {
        if (subtree_owner(index, a.subtree_parts) != a.subtree_part)
            continue;
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
