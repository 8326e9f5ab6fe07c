/*
 * MaxSAT reasoning over the colour classes, by one warp: the GPU form of
 * src/vc/clique/clique_maxsat.c (Li and Quan, AAAI 2010; IncMaxCLQ). The t
 * classes under the branching threshold are soft clauses "some vertex of
 * C_i is in the clique"; a vertex v the colouring would have to branch on is
 * spared when unit propagation from v over the classes not yet used meets an
 * empty class. The classes the conflict depends on are then used up, so each
 * class serves one inconsistent set at most and every vertex not branched on
 * stays bounded by t.
 *
 * The lanes share the work of one propagation step: each clears the
 * falsified vertices of its words, counts them off their classes with
 * atomics, and queues a class that is left with one literal; the step's
 * conflict is the one the lowest lane met. The queue is first in, first out,
 * as on the CPU, but the order within one step follows the atomics, so the
 * classes spared may differ from the CPU's: both are sound, and the
 * answers agree (tests/t_clique_emulated.cc, tests/t_clique_gpu.c).
 */
#ifndef MVC_CLIQUE_MAXSAT_CUH
#define MVC_CLIQUE_MAXSAT_CUH

#include "clique_layout.h"
#include "clique_warp.cuh"

/*
 * One warp's scratch, in its stack (clique_maxsat_ints of clique_layout.h): per vertex its
 * class and the class whose unit falsified it; per class (and the root, slot
 * t) its size, its live literals, its unit literal and whether it is used up
 * or in the conflict set; the propagation queue, the conflict analysis stack
 * and its list, and the singleton classes.
 */
struct clique_maxsat_ws {
    int32_t *class_of, *reason;
    int32_t *size, *count, *unit, *used, *in_set;
    int32_t *queue, *stack, *found, *singles;
    int32_t *tops; /* [0] queue tail, [1] stack top, [2] found */
    int32_t t;     /* classes under the threshold */
    int32_t single_count;
    long long spared;
};

static __device__ inline struct clique_maxsat_ws clique_maxsat_at(int32_t *base, int32_t words,
                                                                  int32_t rows)
{
    struct clique_maxsat_ws m;
    size_t per_class = (size_t)rows + 1;
    m.class_of = base;
    m.reason = m.class_of + (size_t)words * CLIQUE_WORD_BITS;
    m.size = m.reason + (size_t)words * CLIQUE_WORD_BITS;
    m.count = m.size + per_class;
    m.unit = m.count + per_class;
    m.used = m.unit + per_class;
    m.in_set = m.used + per_class;
    m.queue = m.in_set + per_class;
    m.stack = m.queue + per_class;
    m.found = m.stack + per_class;
    m.singles = m.found + per_class;
    m.tops = m.singles + per_class;
    m.t = 0;
    m.single_count = 0;
    m.spared = 0;
    return m;
}

/* Sum over the warp. */
static __device__ __forceinline__ int warp_sum(int x, int lane)
{
    for (int offset = CLIQUE_WARP / 2; offset > 0; offset /= 2)
        x += __shfl_sync(FULL_MASK, x, lane ^ offset);
    return x;
}

/* Class k (0-based) has been stored: its members learn their class, and its size is kept. */
template <int WPL>
static __device__ void clique_maxsat_class(struct clique_maxsat_ws &m, int k,
                                           const clique_word (&members)[WPL], int lane)
{
    int count = 0;
#pragma unroll
    for (int j = 0; j < WPL; j++) {
        count += __popc(members[j]);
        for (clique_word x = members[j]; x != 0; x &= x - 1)
            m.class_of[(j * CLIQUE_WARP + lane) * CLIQUE_WORD_BITS + __ffs(x) - 1] = k;
    }
    count = warp_sum(count, lane);
    if (lane == 0)
        m.size[k] = count;
    __syncwarp();
}

/* The t classes under the threshold are complete: none used, every count full. */
static __device__ void clique_maxsat_begin(struct clique_maxsat_ws &m, int t, int lane)
{
    m.t = t;
    m.single_count = 0;
    for (int base = 0; base < t; base += CLIQUE_WARP) {
        int c = base + lane;
        bool single = c < t && m.size[c] == 1;
        if (c < t) {
            m.used[c] = 0;
            m.in_set[c] = 0;
            m.count[c] = m.size[c];
        }
        unsigned int singles = __ballot_sync(FULL_MASK, single);
        if (single)
            m.singles[m.single_count + __popc(singles & ((1u << lane) - 1))] = c;
        m.single_count += __popc(singles);
    }
    if (lane == 0)
        m.in_set[t] = 0; /* the root's slot */
    __syncwarp();
}

/*
 * Unit propagation from v over `available` (the literals of the classes not
 * used). Returns the class that ran empty, or -1. Every count is full again
 * on return.
 */
template <int WPL>
static __device__ int maxsat_propagate(const struct clique_graph &g, const clique_word *low,
                                       struct clique_maxsat_ws &m,
                                       const clique_word (&available)[WPL], int v, int lane)
{
    const int root = m.t;
    clique_word live[WPL];
#pragma unroll
    for (int j = 0; j < WPL; j++)
        live[j] = available[j];
    int tail = 0;
    if (lane == 0)
        m.queue[tail] = root;
    tail++;
    for (int i = 0; i < m.single_count; i++) {
        int c = m.singles[i];
        if (!m.used[c]) {
            if (lane == 0)
                m.queue[tail] = c;
            tail++;
        }
    }
    if (lane == 0)
        m.tops[0] = tail;
    __syncwarp();
    int conflict = -1;
    for (int head = 0; conflict < 0; head++) {
        tail = *(volatile int32_t *)&m.tops[0];
        if (head >= tail)
            break;
        int k = *(volatile int32_t *)&m.queue[head];
        int u = v;
        if (k != root) {
            clique_word lits[WPL];
            row_load(low + (size_t)k * g.words, g.words, lane, lits);
#pragma unroll
            for (int j = 0; j < WPL; j++)
                lits[j] &= live[j];
            u = first_vertex(lits);
            GPU_ASSERT(u >= 0);
            if (lane == 0)
                m.unit[k] = u;
        }
        clique_word row[WPL];
        row_load(adj_row(g, u), g.words, lane, row);
        int mine = -1;
#pragma unroll
        for (int j = 0; j < WPL; j++) {
            clique_word falsified = live[j] & ~row[j];
            int w = j * CLIQUE_WARP + lane;
            if (w == u / CLIQUE_WORD_BITS)
                falsified &= ~(1u << (u % CLIQUE_WORD_BITS));
            live[j] &= ~falsified;
            for (; falsified != 0; falsified &= falsified - 1) {
                int x = w * CLIQUE_WORD_BITS + __ffs(falsified) - 1;
                m.reason[x] = k;
                int c = m.class_of[x];
                int before = atomicSub(&m.count[c], 1);
                if (before == 1 && mine < 0)
                    mine = c;
                else if (before == 2)
                    m.queue[atomicAdd(&m.tops[0], 1)] = c;
            }
        }
        __syncwarp();
        unsigned int met = __ballot_sync(FULL_MASK, mine >= 0);
        if (met != 0)
            conflict = __shfl_sync(FULL_MASK, mine, __ffs(met) - 1);
    }
    for (int c = lane; c < m.t; c += CLIQUE_WARP)
        m.count[c] = m.size[c];
    __syncwarp();
    return conflict;
}

/*
 * The classes the empty class depends on: its literals' reasons, and theirs
 * in turn (every literal of a unit class but its own was falsified first).
 * They are used up and leave `available`.
 */
template <int WPL>
static __device__ void maxsat_use_conflict(const struct clique_graph &g, const clique_word *low,
                                           struct clique_maxsat_ws &m,
                                           clique_word (&available)[WPL], int conflict, int lane)
{
    const int root = m.t;
    if (lane == 0) {
        m.in_set[conflict] = 1;
        m.stack[0] = conflict;
        m.found[0] = conflict;
        m.tops[1] = 1;
        m.tops[2] = 1;
    }
    __syncwarp();
    for (;;) {
        int top = *(volatile int32_t *)&m.tops[1];
        if (top == 0)
            break;
        int k = *(volatile int32_t *)&m.stack[top - 1];
        __syncwarp();
        if (lane == 0)
            m.tops[1] = top - 1;
        __syncwarp();
        if (k == root)
            continue;
        clique_word lits[WPL];
        row_load(low + (size_t)k * g.words, g.words, lane, lits);
        int unit = k != conflict ? m.unit[k] : -1;
#pragma unroll
        for (int j = 0; j < WPL; j++)
            for (clique_word x = lits[j]; x != 0; x &= x - 1) {
                int vertex = (j * CLIQUE_WARP + lane) * CLIQUE_WORD_BITS + __ffs(x) - 1;
                if (vertex == unit)
                    continue;
                int r = m.reason[vertex];
                if (atomicExch(&m.in_set[r], 1) == 0) {
                    m.stack[atomicAdd(&m.tops[1], 1)] = r;
                    m.found[atomicAdd(&m.tops[2], 1)] = r;
                }
            }
        __syncwarp();
    }
    int found = *(volatile int32_t *)&m.tops[2];
    for (int i = 0; i < found; i++) {
        int k = m.found[i];
        __syncwarp();
        if (lane == 0)
            m.in_set[k] = 0;
        if (k == root)
            continue;
        if (lane == 0)
            m.used[k] = 1;
        clique_word lits[WPL];
        row_load(low + (size_t)k * g.words, g.words, lane, lits);
#pragma unroll
        for (int j = 0; j < WPL; j++)
            available[j] &= ~lits[j];
    }
    __syncwarp();
}

/* v need not be branched on: the reasoning found it and some classes inconsistent. */
template <int WPL>
static __device__ bool clique_maxsat_spare(const struct clique_graph &g, const clique_word *low,
                                           struct clique_maxsat_ws &m,
                                           clique_word (&available)[WPL], int v, int lane)
{
    int conflict = maxsat_propagate<WPL>(g, low, m, available, v, lane);
    if (conflict < 0)
        return false;
    maxsat_use_conflict<WPL>(g, low, m, available, conflict, lane);
    m.spared++;
    return true;
}

#endif
