/*
 * The steps of the search loop that both traversals share (Yamout et al. 2022,
 * Fig. 4): reading the global control words, visiting a node (reduce, bound,
 * summarise), recording a cover, and the block's local stack. Every function
 * is block-wide unless it says otherwise, and every decision all threads act on
 * is read from shared memory after a barrier, so control flow stays uniform.
 * The other rule: a thread that reads the current node after a step's last
 * barrier must be done before anyone writes it, so such reads happen before
 * a barrier (the summary carries the cover size) or node_load waits first.
 */
#ifndef MVC_SEARCH_STEPS_CUH
#define MVC_SEARCH_STEPS_CUH

#include <limits.h>

#include "branch.cuh"
#include "gpu_debug.cuh"
#include "node.cuh"
#include "reduce.cuh"
#include "search_types.cuh"

/* Back-off of a block waiting for the best-cover lock, in nanoseconds. */
#define LOCK_SLEEP_NS 64

/* Static shared memory of a search block. */
struct search_shared {
    struct reduce_scratch reduce;
    summary_reduce::TempStorage summary_tmp;
    degree_summary summary;
    int quit;                     /* read_control: stop, error, or (PVC) found */
    int k_eff;                    /* read_control: largest cover size still worth finding */
    int copy_cover;               /* record_cover: this block writes best_node */
    int child_where;              /* CHILD_* */
    unsigned long long child_pos; /* worklist position of the child */
    int take_result;              /* hybrid: outcome of the worklist take */
    int export_slot;              /* read_control: the export slot this block fills, or -1 */
};

enum visit_outcome {
    VISIT_PRUNED, /* no cover of size <= k_eff below this node */
    VISIT_COVER,  /* no edges left: the removed vertices are a cover */
    VISIT_BRANCH, /* branch on summary.vertex */
};

enum child_where {
    CHILD_NONE,     /* G - N(v) cannot hold a cover of size <= k_eff: not built */
    CHILD_STACK,    /* onto the block's local stack */
    CHILD_WORKLIST, /* into the global worklist */
};

/* Time spent per activity (MVC_GPU_TIMING), kept by every thread, written by thread 0. */
struct search_timing {
    long long total, worklist, reduce, branch;
};

static __device__ void search_block_begin(struct search_shared &sh)
{
    if (threadIdx.x == 0) {
        sh.reduce.list_len[0] = 0;
        sh.reduce.list_len[1] = 0;
    }
    __syncthreads();
}

/* A control word that other blocks (or the host) change while this block runs. */
static __device__ __forceinline__ int control_load(int *word)
{
    return cuda::atomic_ref<int, cuda::thread_scope_device>(*word).load(cuda::memory_order_relaxed);
}

/* Thread 0: should this block return now? */
static __device__ bool search_should_quit(const struct search_args &a)
{
    struct search_control *c = a.ctl;
    /* all loads issued before any is tested: one memory latency, not three */
    int stop = control_load(&c->stop), error = control_load(&c->error),
        found = control_load(&c->found);
    return stop || error != SEARCH_ERROR_NONE || (a.pvc && found);
}

/*
 * The quit flag and the current bound, the same for every thread. The bound
 * k_eff is the largest cover size still worth finding: best - 1 for MVC (the
 * best of this device or, through floor, of another), k for PVC. A stale
 * (larger) best only weakens pruning, so one read per node does. A block
 * with `exportable` nodes it could hand over (hybrid: its local stack's)
 * also claims an export slot while the host wants more: sh.export_slot, or
 * -1. The slots are a ring: the host never asks for more than it has taken
 * plus the ring's size, so a claimed slot never holds a node not yet taken.
 */
static __device__ bool read_control(const struct search_args &a, struct search_shared &sh,
                                    int *k_eff, int exportable)
{
    if (threadIdx.x == 0) {
        struct search_control *c = a.ctl;
        int best = control_load(&c->best_size), outside = control_load(&c->floor);
        bool exporting = a.exports != nullptr && exportable > 0;
        int wanted = exporting ? control_load(&c->export_wanted) : 0;
        int claimed = exporting ? control_load(&c->export_claimed) : 0;
        sh.quit = search_should_quit(a);
        sh.k_eff = a.pvc ? a.k : (best < outside ? best : outside) - 1;
        sh.export_slot = -1;
        while (!sh.quit && claimed < wanted) {
            int seen = atomicCAS(&c->export_claimed, claimed, claimed + 1);
            if (seen == claimed) {
                sh.export_slot = claimed % a.export_capacity;
                break;
            }
            claimed = seen;
        }
    }
    __syncthreads();
    *k_eff = sh.k_eff;
    return sh.quit;
}

/*
 * Fig. 4 lines 11-17: reduce, then the bound |S| > k_eff or |E| > budget * Delta
 * with budget = k_eff - |S| (the paper uses budget^2; after the high-degree rule
 * Delta <= budget, so this bound is the same or tighter), then a maximum-degree
 * vertex in summary.
 */
static __device__ int visit_node(int *cur, const struct search_args &a, int k_eff,
                                 struct search_shared &sh, degree_summary *summary)
{
    if (!reduce_node(cur, a.g, k_eff, a.domination != 0, &sh.reduce))
        return VISIT_PRUNED;
    *summary = summarize_degrees(cur, a.g.n, sh.summary_tmp, &sh.summary);
    long long budget = (long long)k_eff - summary->cover_size;
    long long edges = summary->degree_sum / 2;
    if (edges == 0)
        return VISIT_COVER;
    if (budget < 0 || edges > budget * summary->max_degree)
        return VISIT_PRUNED;
    return VISIT_BRANCH;
}

/*
 * Fig. 4 line 18: a cover smaller than the best (MVC) or of size <= k (PVC).
 * MVC lowers best_size at once (atomicMin), then copies the node into
 * best_node under the lock, checking again under the lock that no smaller
 * cover was saved meanwhile. PVC: the first block to set `found` saves.
 */
static __device__ void record_cover(const int *node, const struct search_args &a,
                                    struct search_shared &sh)
{
    int size = node_cover_size(node, a.g.n);
    GPU_ASSERT(a.pvc ? size <= a.k : size >= 0);
    if (threadIdx.x == 0) {
        int copy = 0;
        if (a.pvc) {
            copy = atomicExch(&a.ctl->found, 1) == 0;
        } else if (atomicMin(&a.ctl->best_size, size) > size) {
            while (atomicCAS(&a.ctl->lock, 0, 1) != 0)
                __nanosleep(LOCK_SLEEP_NS);
            __threadfence();
            copy = size < control_load(&a.ctl->saved_size);
            if (!copy) {
                __threadfence();
                atomicExch(&a.ctl->lock, 0);
            }
        }
        sh.copy_cover = copy;
    }
    __syncthreads();
    if (sh.copy_cover) {
        node_copy(a.best_node, node, a.g.stride);
        __syncthreads();
        if (threadIdx.x == 0) {
            __threadfence();
            atomicExch(&a.ctl->saved_size, size);
            __threadfence();
            if (!a.pvc)
                atomicExch(&a.ctl->lock, 0);
        }
    }
}

/*
 * The block's local stack in global memory. Its depth bound: the nodes on it
 * were pushed by ancestors of the current node whose cover sizes strictly
 * increase and are all <= k_eff of the root, so it never holds more than
 * k_eff(root) + 1 nodes (Sec. IV-E). top is kept by every thread alike.
 */
struct local_stack {
    int *base;
    int top;
    int depth;
};

static __device__ struct local_stack stack_of_block(const struct search_args &a)
{
    struct local_stack s;
    s.base = a.stacks + (size_t)blockIdx.x * (size_t)a.stack_depth * (size_t)a.g.stride;
    s.top = 0;
    s.depth = a.stack_depth;
    return s;
}

static __device__ __forceinline__ int *stack_slot(const struct local_stack &s, int i, int stride)
{
    return s.base + (size_t)i * (size_t)stride;
}

/* Block-wide: the top node goes into cur. */
static __device__ void stack_pop(struct local_stack &s, int *cur, int stride)
{
    GPU_ASSERT(s.top > 0);
    s.top--;
    node_load(cur, stack_slot(s, s.top, stride), stride);
}

/*
 * Thread 0: may the child just built go into the worklist? Yes when sharing
 * is allowed, the worklist holds fewer than `threshold` entries (Fig. 4 line
 * 23) and a slot can be reserved; the slot's position goes to sh.child_pos.
 * The count read for the threshold test is the reservation's first guess.
 */
static __device__ bool reserve_worklist_slot(const struct search_args &a, int threshold,
                                             struct search_shared &sh)
{
    if (!broker_reserve_put_below(&a.queue, threshold))
        return false;
    sh.child_pos = broker_claim_put(&a.queue);
    return true;
}

/* Block-wide: the finished child goes from `child` into its reserved worklist slot and is
 * published. */
static __device__ void share_child(const struct search_args &a, const int *child,
                                   struct search_shared &sh)
{
    unsigned long long pos = sh.child_pos;
    broker_copy_out(broker_slot_payload(&a.queue, pos), child, a.g.stride);
    __syncthreads();
    if (threadIdx.x == 0)
        broker_publish(&a.queue, pos);
}

/*
 * Fig. 4 lines 20-29: the child G - N(v) goes into the worklist when sharing is
 * allowed and the worklist holds fewer than `threshold` entries, else onto the
 * local stack; the block goes on with G - v in cur. A child whose cover
 * already exceeds k_eff is not built at all.
 *
 * The child is built first (in the stack's free slot, or in shared memory),
 * and only then is a worklist slot reserved: a reserved slot is promised to a
 * reader, who waits for it, so it should be filled at once, not after the
 * build. Only a full stack (which the depth bound rules out) forces the child
 * into a slot reserved beforehand.
 */
template <class Storage>
static __device__ void branch_step(Storage &store, struct local_stack &stack,
                                   const struct search_args &a, int k_eff, const degree_summary &s,
                                   struct search_shared &sh, bool may_share)
{
    int v = s.vertex, d = s.max_degree;
    if ((long long)s.cover_size + d > k_eff) {
        take_vertex(store.cur, a.g, v);
        return;
    }
    if (stack.top < stack.depth) {
        int *slot = stack_slot(stack, stack.top, a.g.stride);
        int *child = store.child_buffer(slot);
        branch_on_vertex(store.cur, child, a.g, v, d, s.live);
        if (threadIdx.x == 0)
            sh.child_where = may_share && reserve_worklist_slot(a, a.threshold, sh) ? CHILD_WORKLIST
                                                                                    : CHILD_STACK;
        __syncthreads();
        if (sh.child_where == CHILD_WORKLIST) {
            share_child(a, child, sh);
        } else {
            store.commit_child(slot, a.g.stride);
            stack.top++;
        }
        __syncthreads();
        return;
    }

    if (threadIdx.x == 0) {
        bool shared = may_share && reserve_worklist_slot(a, INT_MAX, sh);
        if (!shared)
            atomicExch(&a.ctl->error, SEARCH_ERROR_STACK_OVERFLOW);
        sh.child_where = shared ? CHILD_WORKLIST : CHILD_NONE;
    }
    __syncthreads();
    if (sh.child_where == CHILD_NONE) {
        take_vertex(store.cur, a.g, v);
        return;
    }
    int *dest = broker_slot_payload(&a.queue, sh.child_pos);
    int *child = store.child_buffer(dest);
    branch_on_vertex(store.cur, child, a.g, v, d, s.live);
    if (child != dest) {
        share_child(a, child, sh);
    } else {
        if (threadIdx.x == 0)
            broker_publish(&a.queue, sh.child_pos);
    }
    __syncthreads();
}

/*
 * Block-wide: the bottom of the local stack (its shallowest node, the root of
 * the largest sub-tree it holds) goes into export slot `slot` for the host,
 * and the rest of the stack moves down one place. Each thread copies the
 * same words of every node, and reads a word before it overwrites it, so the
 * shift needs no barrier between nodes. Exports are rare (another device is
 * hungry), so the shift's cost does not matter.
 */
static __device__ void export_stack_bottom(struct local_stack &stack, const struct search_args &a,
                                           int slot)
{
    int stride = a.g.stride;
    GPU_ASSERT(stack.top > 0 && slot >= 0 && slot < a.export_capacity);
    node_copy(a.exports + (size_t)slot * (size_t)stride, stack_slot(stack, 0, stride), stride);
    for (int i = 1; i < stack.top; i++)
        node_copy(stack_slot(stack, i - 1, stride), stack_slot(stack, i, stride), stride);
    stack.top--;
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        atomicAdd(&a.ctl->export_written, 1);
    }
}

/*
 * The node-visit loop of both traversals (Fig. 4 lines 4-29), block-wide,
 * from the node in cur when have_node: read the control words, visit the
 * node, then prune it, record its cover or branch on it (G - v stays in cur,
 * G - N(v) goes onto the local stack or, when may_share, into the worklist).
 * Without a node it asks next_node() (block-wide) to put one in cur, from the
 * local stack or elsewhere: false ends the loop. Returns false when the block
 * must quit, true when next_node() had none.
 */
template <class Storage, class NextNode>
static __device__ bool visit_nodes(Storage &store, struct local_stack &stack,
                                   const struct search_args &a, struct search_shared &sh,
                                   bool have_node, bool may_share, const NextNode &next_node,
                                   long long *nodes, struct search_timing &t)
{
    (void)t; /* MVC_GPU_TIMING only */
    for (;;) {
        if (!have_node && !next_node())
            return true;
        int k_eff;
        if (read_control(a, sh, &k_eff, may_share ? stack.top : 0))
            return false;
        if (sh.export_slot >= 0)
            export_stack_bottom(stack, a, sh.export_slot);
        (*nodes)++;

        TIMING_START(t1);
        degree_summary s;
        int outcome = visit_node(store.cur, a, k_eff, sh, &s);
        TIMING_ADD(t.reduce, t1);
        if (outcome == VISIT_PRUNED) {
            have_node = false;
        } else if (outcome == VISIT_COVER) {
            record_cover(store.cur, a, sh);
            have_node = false;
        } else {
            TIMING_START(t2);
            branch_step(store, stack, a, k_eff, s, sh, may_share);
            TIMING_ADD(t.branch, t2);
            have_node = true;
        }
    }
}

/* The block's totals, once, as it returns. */
static __device__ void write_block_stats(const struct search_args &a, long long nodes,
                                         const struct search_timing &t)
{
    if (threadIdx.x == 0) {
        struct block_stats *s = &a.stats[blockIdx.x];
        s->nodes = nodes;
        s->cycles_total = t.total;
        s->cycles_worklist = t.worklist;
        s->cycles_reduce = t.reduce;
        s->cycles_branch = t.branch;
        s->smid = current_smid();
    }
}

#endif
