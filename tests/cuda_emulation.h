/*
 * Runs warp-synchronous CUDA device code on the host, for tests on machines
 * without a GPU: every lane of every warp is a user-level context on one
 * thread, switched at warp collectives (ballot, shuffle, __syncwarp) and at
 * __nanosleep, in a seeded pseudo-random order so that warps interleave
 * differently from run to run. Covers what the clique kernels use; include it
 * before any device code, with CLIQUE_WARP set to the emulated warp width.
 */
#ifndef MVC_CUDA_EMULATION_H
#define MVC_CUDA_EMULATION_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include <functional>
#include <vector>

#ifndef CLIQUE_WARP
#error "define CLIQUE_WARP, the emulated warp width, before including cuda_emulation.h"
#endif

#define __device__
#define __global__
#define __host__
#define __shared__
#define __forceinline__ inline
#define __launch_bounds__(...)

struct emu_dim3 {
    unsigned int x, y, z;
};

enum emu_state { EMU_RUNNABLE, EMU_WAITING, EMU_DONE };

struct emu_lane {
    ucontext_t context;
    std::vector<char> stack;
    int warp;
    emu_dim3 thread, block, block_dim;
    emu_state state;
};

struct emu_warp {
    int arrived;
    uint64_t slot[CLIQUE_WARP];
};

struct emu_machine {
    ucontext_t scheduler;
    std::vector<emu_lane> lanes;
    std::vector<emu_warp> warps;
    std::function<void()> body;
    int current;
    uint64_t random;
    long long switches;
};

static emu_machine *emu;

#define EMU_LANE_STACK (256 * 1024)

#define threadIdx (emu->lanes[emu->current].thread)
#define blockIdx (emu->lanes[emu->current].block)
#define blockDim (emu->lanes[emu->current].block_dim)

static inline void emu_switch_out(void)
{
    emu->switches++;
    swapcontext(&emu->lanes[emu->current].context, &emu->scheduler);
}

/* All lanes of the warp meet here; the last to arrive releases the others. */
static inline void emu_warp_barrier(void)
{
    emu_lane &me = emu->lanes[emu->current];
    emu_warp &w = emu->warps[me.warp];
    if (++w.arrived == CLIQUE_WARP) {
        w.arrived = 0;
        int first = me.warp * CLIQUE_WARP;
        for (int l = first; l < first + CLIQUE_WARP; l++)
            if (emu->lanes[l].state == EMU_WAITING)
                emu->lanes[l].state = EMU_RUNNABLE;
        emu_switch_out(); /* let another lane run first now and then */
    } else {
        me.state = EMU_WAITING;
        emu_switch_out();
    }
}

static inline int emu_lane_id(void)
{
    return (int)(threadIdx.x % CLIQUE_WARP);
}

template <typename T> static inline T emu_shuffle(T value, int source)
{
    emu_warp &w = emu->warps[emu->lanes[emu->current].warp];
    uint64_t bits = 0;
    memcpy(&bits, &value, sizeof value);
    w.slot[emu_lane_id()] = bits;
    emu_warp_barrier();
    T result;
    bits = w.slot[source % CLIQUE_WARP];
    memcpy(&result, &bits, sizeof result);
    emu_warp_barrier();
    return result;
}

static inline unsigned int emu_ballot(int predicate)
{
    emu_warp &w = emu->warps[emu->lanes[emu->current].warp];
    w.slot[emu_lane_id()] = predicate != 0;
    emu_warp_barrier();
    unsigned int lanes = 0;
    for (int l = 0; l < CLIQUE_WARP; l++)
        if (w.slot[l])
            lanes |= 1u << l;
    emu_warp_barrier();
    return lanes;
}

template <typename T> static inline T __shfl_sync(unsigned int, T value, int source)
{
    return emu_shuffle(value, source);
}
static inline unsigned int __ballot_sync(unsigned int, int predicate)
{
    return emu_ballot(predicate);
}
static inline int __any_sync(unsigned int, int predicate)
{
    return emu_ballot(predicate) != 0;
}
static inline void __syncwarp(unsigned int = 0xffffffffu)
{
    emu_warp_barrier();
}
static inline void __syncthreads(void)
{
    fprintf(stderr, "cuda_emulation: __syncthreads is not emulated\n");
    abort();
}
static inline void __nanosleep(unsigned int)
{
    emu_switch_out();
}
static inline void __threadfence(void)
{
}
static inline void __trap(void)
{
    abort();
}
static inline int __ffs(unsigned int x)
{
    return __builtin_ffs((int)x);
}
static inline int __popc(unsigned int x)
{
    return __builtin_popcount(x);
}
template <typename T> static inline T __ldcg(const T *p)
{
    return *p;
}
template <typename T> static inline T atomicAdd(T *p, T v)
{
    T old = *p;
    *p = old + v;
    return old;
}
template <typename T> static inline T atomicSub(T *p, T v)
{
    T old = *p;
    *p = old - v;
    return old;
}
template <typename T> static inline T atomicExch(T *p, T v)
{
    T old = *p;
    *p = v;
    return old;
}
template <typename T> static inline T atomicCAS(T *p, T compare, T v)
{
    T old = *p;
    if (old == compare)
        *p = v;
    return old;
}

static void emu_lane_entry(void)
{
    emu->body();
    emu->lanes[emu->current].state = EMU_DONE;
    swapcontext(&emu->lanes[emu->current].context, &emu->scheduler);
}

static inline uint64_t emu_next_random(void)
{
    emu->random ^= emu->random << 13;
    emu->random ^= emu->random >> 7;
    emu->random ^= emu->random << 17;
    return emu->random;
}

/*
 * Runs body as a grid of `blocks` blocks of `threads` threads (a multiple of
 * CLIQUE_WARP), picking the next lane to run at random with this seed.
 * Returns 0, or -1 when every lane left waits for another (a deadlock).
 */
static int emu_launch(int blocks, int threads, uint64_t seed, std::function<void()> body,
                      long long *switches)
{
    emu_machine machine;
    emu = &machine;
    machine.body = body;
    machine.random = seed * 2654435761u + 1;
    machine.switches = 0;
    int total = blocks * threads;
    machine.lanes.resize((size_t)total);
    machine.warps.assign((size_t)total / CLIQUE_WARP, emu_warp{0, {0}});
    for (int t = 0; t < total; t++) {
        emu_lane &l = machine.lanes[(size_t)t];
        l.warp = t / CLIQUE_WARP;
        l.thread = {(unsigned int)(t % threads), 0, 0};
        l.block = {(unsigned int)(t / threads), 0, 0};
        l.block_dim = {(unsigned int)threads, 1, 1};
        l.state = EMU_RUNNABLE;
        l.stack.resize(EMU_LANE_STACK);
        getcontext(&l.context);
        l.context.uc_stack.ss_sp = l.stack.data();
        l.context.uc_stack.ss_size = l.stack.size();
        l.context.uc_link = NULL;
        makecontext(&l.context, emu_lane_entry, 0);
    }
    std::vector<int> runnable;
    int status = 0;
    for (;;) {
        runnable.clear();
        int done = 0;
        for (int t = 0; t < total; t++) {
            if (machine.lanes[(size_t)t].state == EMU_RUNNABLE)
                runnable.push_back(t);
            done += machine.lanes[(size_t)t].state == EMU_DONE;
        }
        if (done == total)
            break;
        if (runnable.empty()) {
            status = -1;
            break;
        }
        machine.current = runnable[emu_next_random() % runnable.size()];
        swapcontext(&machine.scheduler, &machine.lanes[(size_t)machine.current].context);
    }
    if (switches != NULL)
        *switches = machine.switches;
    emu = NULL;
    return status;
}

#endif
