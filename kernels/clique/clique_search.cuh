/*
 * The kernels of the GPU clique search: one warp colours the root, then a
 * persistent grid of warps runs the depth-first search of expand() in
 * src/vc/clique/clique.c, one subtree per warp, taking root branches first and then
 * subproblems that busy warps donate to idle ones.
 */
#ifndef MVC_CLIQUE_SEARCH_CUH
#define MVC_CLIQUE_SEARCH_CUH

#include "clique_colour.cuh"
#include "clique_layout.h"
#include "clique_queue.cuh"
#include "clique_warp.cuh"

#define CLIQUE_NODES_PER_SM 256 /* = SOLVE_MAX_SMS of src/vc/solve.h */

/* An idle warp looks for work again after this long, doubling up to the maximum. */
#define IDLE_SLEEP_MIN_NS 256
#define IDLE_SLEEP_MAX_NS 16384

/* Registers grow with the words a lane owns, so wide rows get smaller blocks. */
static constexpr int clique_block_threads(int lane_words)
{
    return lane_words <= 2 ? 1024 : lane_words <= 4 ? 512 : 256;
}

/* The control words, read in one request (one word per lane) and shared by shuffles. */
static_assert(HOT_WORDS <= CLIQUE_WARP, "one lane per hot word");
static_assert(HOT_WORDS <= sizeof(((struct clique_control *)0)->hot) / sizeof(int),
              "the control block holds every hot word");

struct hot_words {
    int best, stop, hungry, avail, pending, roots_done, floor, exports;
};

static __device__ __forceinline__ struct hot_words read_hot(struct clique_control *ctl, int lane)
{
    int word = lane < HOT_WORDS ? ((volatile int *)ctl->hot)[lane] : 0;
    struct hot_words h;
    h.best = __shfl_sync(FULL_MASK, word, HOT_BEST);
    h.stop = __shfl_sync(FULL_MASK, word, HOT_STOP);
    h.hungry = __shfl_sync(FULL_MASK, word, HOT_HUNGRY);
    h.avail = __shfl_sync(FULL_MASK, word, HOT_AVAIL);
    h.pending = __shfl_sync(FULL_MASK, word, HOT_PENDING);
    h.roots_done = __shfl_sync(FULL_MASK, word, HOT_ROOTS_DONE);
    h.floor = __shfl_sync(FULL_MASK, word, HOT_FLOOR);
    h.exports = __shfl_sync(FULL_MASK, word, HOT_EXPORT);
    return h;
}

/*
 * Clique size a branch must beat to be of use: the best found, the host's
 * clique (so the search proves that nothing beats it), or the PVC floor.
 */
static __device__ __forceinline__ int bound_of(const struct clique_params &p,
                                               const struct hot_words &h)
{
    int held = h.best > h.floor ? h.best : h.floor;
    return held > p.floor_size ? held : p.floor_size;
}

/*
 * One warp's stack in global memory, `rows` deep: the candidates of each node
 * on the path (with the vertex being branched on still in them), the low
 * colour classes of the node being coloured, each node's place in the entry
 * arena and how many of its entries are left, and the clique being built.
 */
struct warp_stack {
    clique_word *cand;
    clique_word *low;
    int32_t *base, *cursor, *clique;
    uint32_t *entry;
    int32_t *maxsat; /* the MaxSAT scratch, after the arena (when the reasoning is on) */
};

static __device__ struct warp_stack stack_of(const struct clique_params &p, int warp)
{
    struct warp_stack s;
    size_t row_words = (size_t)p.rows * p.words;
    int32_t *mine = p.stacks + (size_t)warp * p.stack_stride;
    s.cand = (clique_word *)mine;
    s.low = s.cand + row_words;
    s.base = (int32_t *)(s.low + row_words);
    s.cursor = s.base + p.rows;
    s.clique = s.cursor + p.rows;
    s.entry = (uint32_t *)(s.clique + p.rows);
    s.maxsat = (int32_t *)(s.entry + p.arena);
    return s;
}

/* Offers clique[0 .. size) as the best; the size is checked again under the lock. */
static __device__ void record_clique(const struct clique_params &p, const int32_t *clique, int size,
                                     int lane)
{
    if (lane == 0) {
        while (atomicCAS(&p.ctl->best_lock, 0, 1) != 0)
            __nanosleep(QUEUE_SPIN_NS);
        __threadfence();
        volatile int *best = &p.ctl->hot[HOT_BEST];
        if (size > *best) {
            for (int i = 0; i < size; i++)
                p.best_clique[i] = clique[i];
            __threadfence();
            *best = size;
        }
        __threadfence();
        atomicExch(&p.ctl->best_lock, 0);
    }
    __syncwarp();
}

/*
 * The next root ticket's item, or -1 once this device's share of the list is
 * used up. The item counts as pending from before its ticket is taken, and
 * the root list's own unit of HOT_PENDING goes once a ticket past the end
 * comes back: the count cannot reach 0 while a warp is about to hold an item.
 */
static __device__ int take_root_ticket(const struct clique_params &p, int lane)
{
    int index = -1;
    if (lane == 0) {
        atomicAdd(&p.ctl->hot[HOT_PENDING], 1);
        long long item = (long long)atomicAdd(&p.ctl->root_ticket, 1) * p.root_step + p.root_first;
        if (item < p.root_count) {
            index = p.root_count - 1 - (int)item; /* highest colour first, as expand() */
        } else {
            if (atomicExch(&p.ctl->hot[HOT_ROOTS_DONE], 1) == 0)
                atomicSub(&p.ctl->hot[HOT_PENDING], 1); /* the root list's unit */
            atomicSub(&p.ctl->hot[HOT_PENDING], 1);
        }
    }
    return __shfl_sync(FULL_MASK, index, 0);
}

/*
 * Root branch number `index` as a subproblem of depth 1, exactly as the first
 * loop of expand() would reach it: its vertex, with the candidates that are
 * its neighbours not branched on before it (root_rank < index; vertices the
 * root did not list have rank -1). Branches the bound rules out are finished
 * on the spot. Returns 1, or 0 when no root branch is left.
 */
template <int WPL>
static __device__ int take_root_item(const struct clique_params &p, const struct clique_graph &g,
                                     const struct warp_stack &s, struct hot_words h,
                                     clique_word (&candidates)[WPL], int lane)
{
    while (!h.roots_done) {
        int index = take_root_ticket(p, lane);
        if (index < 0)
            return 0;
        uint32_t e = p.root_entry[index];
        h = read_hot(p.ctl, lane);
        if (CLIQUE_ENTRY_COLOUR(e) <= bound_of(p, h)) {
            if (lane == 0)
                atomicSub(&p.ctl->hot[HOT_PENDING], 1);
            continue;
        }
        int v = CLIQUE_ENTRY_VERTEX(e);
        s.clique[0] = v;
        row_load(adj_row(g, v), g.words, lane, candidates);
#pragma unroll
        for (int j = 0; j < WPL; j++) {
            int w = j * CLIQUE_WARP + lane;
            for (clique_word x = candidates[j]; x != 0; x &= x - 1) {
                int bit = __ffs(x) - 1;
                if (p.root_rank[w * CLIQUE_WORD_BITS + bit] >= index)
                    candidates[j] &= ~(1u << bit);
            }
        }
        return 1;
    }
    return 0;
}

/*
 * The shallowest open node (depth d0 .. d - 1) whose untried rest can still
 * beat the bound, or -1: everything expand() would still look at there is
 * its candidates less the vertex being branched on.
 */
static __device__ __forceinline__ int shallowest_open(const struct warp_stack &s, int d0, int d,
                                                      int bound)
{
    for (int depth = d0; depth < d; depth++) {
        int left = s.cursor[depth];
        if (left > 0 && depth + CLIQUE_ENTRY_COLOUR(s.entry[s.base[depth] + left - 1]) > bound)
            return depth;
    }
    return -1;
}

/*
 * Hands the untried rest of the shallowest open node on (hand_on: to the
 * queue, or when `out` to the host for another device); that node then ends
 * when its current branch returns. True when a subproblem was handed on.
 */
template <int WPL>
static __device__ bool donate_shallowest(const struct clique_params &p, const struct warp_stack &s,
                                         int d0, int d, int bound, int lane, bool out)
{
    int depth = shallowest_open(s, d0, d, bound);
    if (depth < 0)
        return false;
    clique_word rest[WPL];
    row_load(s.cand + (size_t)depth * p.words, p.words, lane, rest);
    drop_vertex(rest, s.clique[depth], lane);
    if (!hand_on<WPL>(p, out, depth, s.clique, rest, lane))
        return false;
    s.cursor[depth] = 0;
    return true;
}

/*
 * The depth-first search of expand() in src/vc/clique/clique.c from a subproblem at
 * depth d0 (clique[0 .. d0) chosen, `candidates` left), with an explicit
 * stack: colour, branch on the listed vertices from the highest colour down
 * while depth + colour beats the bound, and record a clique at every leaf
 * that beats the best.
 */
template <int WPL>
static __device__ void expand_item(const struct clique_params &p, const struct clique_graph &g,
                                   const struct warp_stack &s, int d0,
                                   clique_word (&candidates)[WPL], int lane, long long *nodes,
                                   struct clique_maxsat_ws *maxsat)
{
    if (set_empty(candidates)) {
        if (d0 > read_hot(p.ctl, lane).best)
            record_clique(p, s.clique, d0, lane);
        return;
    }
    int d = d0, base = 0, left = 0;
    bool enter = true, refresh = true;
    struct hot_words h;
    for (;;) {
        /* a stale best only prunes less: read it again where it may have moved */
        if (refresh) {
            h = read_hot(p.ctl, lane);
            refresh = false;
        }
        if (h.stop || h.best >= p.target)
            return;
        int bound = bound_of(p, h);
        if (enter) {
            enter = false;
            ++*nodes;
            int min_colour = bound - d + 1 > 1 ? bound - d + 1 : 1;
            int colours;
            left = colour_candidates<WPL>(g, candidates, min_colour, s.low, s.entry + base, lane,
                                          &colours, maxsat);
            GPU_ASSERT(min_colour - 1 <= p.rows);
            GPU_ASSERT((size_t)base + left <= p.arena);
        }
        if (left == 0 || d + CLIQUE_ENTRY_COLOUR(s.entry[base + left - 1]) <= bound) {
            if (d == d0)
                return;
            d--;
            base = s.base[d];
            left = s.cursor[d];
            row_load(s.cand + (size_t)d * p.words, p.words, lane, candidates);
            drop_vertex(candidates, s.clique[d], lane);
            refresh = true;
            continue;
        }
        if (d > d0 && (h.hungry > h.avail || h.exports > 0)) {
            bool out = h.hungry <= h.avail; /* this device's hungry warps come first */
            if (donate_shallowest<WPL>(p, s, d0, d, bound, lane, out)) {
                if (out)
                    h.exports--;
                else
                    h.avail++; /* as the counters would now read */
            } else if (out) {
                h.exports = 0; /* nothing to give: wait for the next look */
            } else {
                h.hungry = h.avail; /* nothing to give or no room: wait for the next look */
            }
        }
        int v = CLIQUE_ENTRY_VERTEX(s.entry[base + left - 1]);
        left--;
        s.clique[d] = v;
        clique_word row[WPL], child[WPL];
        row_load(adj_row(g, v), g.words, lane, row);
#pragma unroll
        for (int j = 0; j < WPL; j++)
            child[j] = candidates[j] & row[j];
        if (!set_empty(child)) {
            GPU_ASSERT(d + 1 < p.rows);
            row_store(s.cand + (size_t)d * p.words, p.words, lane, candidates);
            s.base[d] = base;
            s.cursor[d] = left;
            base += left; /* the child's list goes after this node's remaining entries */
            d++;
#pragma unroll
            for (int j = 0; j < WPL; j++)
                candidates[j] = child[j];
            enter = refresh = true;
        } else {
            if (d + 1 > h.best) {
                record_clique(p, s.clique, d + 1, lane);
                refresh = true;
            }
            drop_vertex(candidates, v, lane);
        }
    }
}

/* Every vertex: the candidates of the root. */
template <int WPL>
static __device__ void all_vertices(int n, int words, int lane, clique_word (&x)[WPL])
{
#pragma unroll
    for (int j = 0; j < WPL; j++) {
        int w = j * CLIQUE_WARP + lane;
        int first = w * CLIQUE_WORD_BITS;
        if (w >= words || first >= n)
            x[j] = 0;
        else if (n - first >= CLIQUE_WORD_BITS)
            x[j] = ~0u;
        else
            x[j] = (1u << (n - first)) - 1;
    }
}

/* Depth 0 of expand(), by one warp: the root's list becomes the grid's first work. */
template <int WPL> __global__ void clique_root_kernel(struct clique_params p, int min_colour)
{
    int lane = threadIdx.x % CLIQUE_WARP;
    struct clique_graph g = {p.adj, p.n, p.words};
    clique_word candidates[WPL];
    all_vertices(p.n, p.words, lane, candidates);
    int colours;
    int listed = colour_candidates<WPL>(g, candidates, min_colour, p.root_low, p.root_entry, lane,
                                        &colours, nullptr);
    for (int i = lane; i < listed; i += CLIQUE_WARP)
        p.root_rank[CLIQUE_ENTRY_VERTEX(p.root_entry[i])] = i;
    if (lane == 0) {
        p.ctl->root_count = listed;
        p.ctl->colours = colours;
    }
}

/*
 * The persistent search: every warp takes root branches while there are
 * any, then queued subproblems; a warp with nothing to do counts itself
 * hungry, which makes busy warps donate. Done when no work is pending (the
 * count only reaches 0 when no warp is busy and the queue is empty, and then
 * nobody can add any), when the target is reached or when the host says stop.
 */
template <int WPL>
__global__ void __launch_bounds__(clique_block_threads(WPL))
    clique_search_kernel(struct clique_params p)
{
    extern __shared__ clique_word shared_adj[];
    struct clique_graph g = {p.adj, p.n, p.words};
    if (p.adj_shared) {
        size_t total = (size_t)p.n * p.words;
        for (size_t i = threadIdx.x; i < total; i += blockDim.x)
            shared_adj[i] = p.adj[i];
        __syncthreads();
        g.adj = shared_adj;
    }
    int lane = threadIdx.x % CLIQUE_WARP;
    int warp = (int)((blockIdx.x * (size_t)blockDim.x + threadIdx.x) / CLIQUE_WARP);
    if (warp >= p.warps)
        return;
    struct warp_stack s = stack_of(p, warp);
    struct clique_maxsat_ws maxsat = clique_maxsat_at(s.maxsat, p.words, p.rows);
    long long nodes = 0;
    bool hungry = false;
    unsigned int idle_sleep = IDLE_SLEEP_MIN_NS;
    for (;;) {
        struct hot_words h = read_hot(p.ctl, lane);
        if (h.stop || h.best >= p.target)
            break;
        clique_word candidates[WPL];
        int depth = take_root_item<WPL>(p, g, s, h, candidates, lane);
        if (depth == 0 && h.avail > 0)
            depth = queue_pop<WPL>(p, s.clique, candidates, lane);
        if (depth == 0) {
            if (h.pending == 0)
                break;
            if (!hungry && lane == 0)
                atomicAdd(&p.ctl->hot[HOT_HUNGRY], 1);
            hungry = true;
            __nanosleep(idle_sleep);
            if (idle_sleep < IDLE_SLEEP_MAX_NS)
                idle_sleep *= 2;
            continue;
        }
        if (hungry && lane == 0)
            atomicSub(&p.ctl->hot[HOT_HUNGRY], 1);
        hungry = false;
        idle_sleep = IDLE_SLEEP_MIN_NS;
        expand_item<WPL>(p, g, s, depth, candidates, lane, &nodes, p.maxsat ? &maxsat : nullptr);
        if (lane == 0)
            atomicSub(&p.ctl->hot[HOT_PENDING], 1);
    }
    if (lane == 0) {
        if (hungry)
            atomicSub(&p.ctl->hot[HOT_HUNGRY], 1);
        atomicAdd(&p.ctl->nodes, (unsigned long long)nodes);
        if (maxsat.spared > 0)
            atomicAdd(&p.ctl->spared, (unsigned long long)maxsat.spared);
        int sm = current_smid();
        if (sm < CLIQUE_NODES_PER_SM)
            atomicAdd(&p.nodes_per_sm[sm], (unsigned long long)nodes);
    }
}

#endif
