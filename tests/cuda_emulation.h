/*
 * Runs CUDA device code on the host, for tests on machines without a GPU:
 * every thread of every block is a user-level context on one OS thread,
 * switched at warp collectives (ballot, shuffle, __syncwarp), at block
 * barriers (__syncthreads), at spin loops (__nanosleep) and, at random, at
 * atomics and fences, in a seeded pseudo-random order so that threads and
 * blocks interleave differently from run to run.
 *
 * Shared memory is per block: __shared__ variables (static ones, and the
 * dynamic `extern __shared__` array, which the test defines with
 * EMU_DYNAMIC_SHARED at the largest size it launches with) are thread_local,
 * and the scheduler swaps the contents of the program's thread-local segment
 * when it moves from one block to another (so a test program has no
 * thread_local variables of its own). A block's shared memory starts out
 * filled with a poison pattern, as uninitialised shared memory would.
 * tests/emulation/ holds host stand-ins for <cuda/atomic> and CUB's
 * BlockReduce, for an include path ahead of the CUDA toolkit's.
 *
 * A launch fails, rather than hangs, when every thread left waits (deadlock),
 * when the threads of a block meet at different __syncthreads calls or some
 * have returned (a divergent barrier), when only spinning threads have run
 * for EMU_SPIN_LIMIT switches (livelock), or after emu_switch_limit switches
 * when the test sets one (a runaway). Out of reach: memory ordering
 * between real multiprocessors (every access here is sequentially
 * consistent), and timing.
 *
 * Include it before any device code, with EMU_WARP (or, for the clique
 * kernels, CLIQUE_WARP) set to the emulated warp width.
 */
#ifndef MVC_CUDA_EMULATION_H
#define MVC_CUDA_EMULATION_H

#include <link.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include <functional>
#include <map>
#include <memory>
#include <vector>

#ifndef EMU_WARP
#ifdef CLIQUE_WARP
#define EMU_WARP CLIQUE_WARP
#else
#error "define EMU_WARP, the emulated warp width, before including cuda_emulation.h"
#endif
#endif

/* Device code that guards itself with __CUDACC__ tests this as well. */
#define MVC_CUDA_EMULATION 1

#define __device__
#define __global__
#define __host__
#define __shared__ thread_local
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __maxnreg__(...)

/*
 * Defines the dynamic shared memory that device code declares as
 * `extern __shared__ type name[]`, with room for `count` elements. The
 * initialiser does nothing but make it dynamically initialised: GCC (12)
 * calls a null TLS init function from templates that access an extern
 * thread_local without one.
 */
template <typename T> __attribute__((noinline)) T emu_tls_zero(void)
{
    return T();
}
#define EMU_DYNAMIC_SHARED(type, name, count) thread_local type name[count] = {emu_tls_zero<type>()}

/* A lane switches out at an atomic or fence once in this many, at random. */
#ifndef EMU_YIELD_ONE_IN
#define EMU_YIELD_ONE_IN 4
#endif
/* Consecutive switches out of spin loops, with no barrier passed nor thread finished, that count as
 * a livelock. */
#ifndef EMU_SPIN_LIMIT
#define EMU_SPIN_LIMIT 2000000LL
#endif
#define EMU_LANE_STACK (256 * 1024)

/*
 * The scheduler runs in phases of about EMU_PHASE switches; in each, a block
 * is slow with probability 1 / EMU_SLOW_ONE_IN, and slow lanes run only while
 * no other lane can, or once in EMU_SLOW_ODDS switches. Uniform choices alone rarely leave one
 * lane stalled for long while others go a long way, which is what exposes
 * races between a step and the one right after it (a real warp may stall for
 * thousands of cycles on one memory access). A lane switched out at an atomic
 * or a fence also turns slow there once in EMU_STALL_ONE_IN times.
 */
#ifndef EMU_PHASE
#define EMU_PHASE 4096
#endif
#define EMU_SLOW_ONE_IN 4
#define EMU_SLOW_ODDS 256
#ifndef EMU_STALL_ONE_IN
#define EMU_STALL_ONE_IN 8
#endif

/* Launch outcomes besides 0. */
#define EMU_DEADLOCK (-1)
#define EMU_DIVERGENT (-2)
#define EMU_LIVELOCK (-3)
#define EMU_RUNAWAY (-4)

/*
 * On x86-64 a lane switch is a few instructions of our own (callee-saved
 * registers and the stack pointer), not swapcontext with its system call per
 * switch; elsewhere, or with EMU_SWAPCONTEXT, swapcontext.
 */
#if defined(__x86_64__) && !defined(EMU_SWAPCONTEXT)
#define EMU_FAST_SWITCH 1
/* Pushes the callee-saved registers, saves the stack pointer in *save, continues on stack load. */
extern "C" void emu_stack_switch(void **save, void *load);
__asm__(".text\n"
        ".p2align 4\n"
        "emu_stack_switch:\n"
        "    pushq %rbp\n"
        "    pushq %rbx\n"
        "    pushq %r12\n"
        "    pushq %r13\n"
        "    pushq %r14\n"
        "    pushq %r15\n"
        "    movq %rsp, (%rdi)\n"
        "    movq %rsi, %rsp\n"
        "    popq %r15\n"
        "    popq %r14\n"
        "    popq %r13\n"
        "    popq %r12\n"
        "    popq %rbx\n"
        "    popq %rbp\n"
        "    ret\n");
#endif

struct emu_dim3 {
    unsigned int x, y, z;
};

struct alignas(16) int4 {
    int x, y, z, w;
};

enum emu_state { EMU_RUNNABLE, EMU_WAITING, EMU_DONE };

struct emu_lane {
    ucontext_t context;
    void *sp; /* EMU_FAST_SWITCH: saved stack pointer */
    char *stack;
    int warp, block;
    emu_dim3 thread, block_idx, block_dim;
    emu_state state;
    int slot; /* index in emu_machine::runnable while runnable */
    int slow; /* this phase, picked once in EMU_SLOW_ODDS times it could be */
};

struct emu_warp {
    int arrived;
    uint64_t slot[EMU_WARP];
};

/* A block barrier under way, the block's shared memory while another block runs, and the
 * scratch of block-wide collectives (keyed by their temporary storage). */
struct emu_block {
    int arrived, done;
    const char *file;
    int line;
    std::vector<unsigned char> shared;
    std::map<const void *, std::vector<unsigned char>> collective;
};

struct emu_machine {
    ucontext_t scheduler;
    void *scheduler_sp;
    std::vector<emu_lane> lanes;
    std::vector<emu_warp> warps;
    std::vector<emu_block> blocks;
    std::vector<int> runnable;
    std::function<void()> body;
    emu_dim3 grid;
    int current;
    int resident; /* block whose shared memory is in the thread-local segment, -1 for none */
    int status;   /* 0, or EMU_* once the launch has failed */
    uint64_t random;
    long long switches, spins;
    long long next_phase; /* switches at which the next scheduling phase begins */
    unsigned char *tls;
    size_t tls_bytes;
    char failure[256];
};

static emu_machine *emu;
/* Lane stacks, kept from launch to launch: fresh ones cost a page fault per page touched. */
static std::vector<std::unique_ptr<char[]>> emu_stacks;
/* Why the last failed launch failed. */
static char emu_failure[256];
/* Switches after which a launch fails as a runaway (a search that never ends); 0: no limit. */
static long long emu_switch_limit;
/*
 * When set, called at every switch of a launch with the switches so far: the
 * host's writes to words a running kernel polls (a stop, a request), at a
 * point of the test's choosing.
 */
static std::function<void(long long)> emu_host;

#define threadIdx (emu->lanes[emu->current].thread)
#define blockIdx (emu->lanes[emu->current].block_idx)
#define blockDim (emu->lanes[emu->current].block_dim)
#define gridDim (emu->grid)

static inline uint64_t emu_next_random(void)
{
    emu->random ^= emu->random << 13;
    emu->random ^= emu->random >> 7;
    emu->random ^= emu->random << 17;
    return emu->random;
}

static inline void emu_set_state(int lane, emu_state state)
{
    emu_lane &l = emu->lanes[(size_t)lane];
    if (l.state == EMU_RUNNABLE && state != EMU_RUNNABLE) {
        int last = emu->runnable.back();
        emu->runnable[(size_t)l.slot] = last;
        emu->lanes[(size_t)last].slot = l.slot;
        emu->runnable.pop_back();
    } else if (l.state != EMU_RUNNABLE && state == EMU_RUNNABLE) {
        l.slot = (int)emu->runnable.size();
        emu->runnable.push_back(lane);
    }
    l.state = state;
}

static void emu_fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void emu_switch_out(void)
{
    if (++emu->switches == emu_switch_limit)
        emu_fail(EMU_RUNAWAY, "runaway: %lld switches", emu_switch_limit);
    if (emu_host)
        emu_host(emu->switches);
#ifdef EMU_FAST_SWITCH
    emu_stack_switch(&emu->lanes[(size_t)emu->current].sp, emu->scheduler_sp);
#else
    swapcontext(&emu->lanes[(size_t)emu->current].context, &emu->scheduler);
#endif
}

/* The launch has failed: record why, and never run this lane again. */
static void emu_fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emu_fail(int status, const char *fmt, ...)
{
    if (emu->status == 0) {
        emu->status = status;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(emu->failure, sizeof emu->failure, fmt, ap);
        va_end(ap);
    }
    emu_set_state(emu->current, EMU_WAITING);
    emu_switch_out();
    abort(); /* never resumed */
}

/* Something that other lanes wait for happened. */
static inline void emu_progress(void)
{
    emu->spins = 0;
}

/* All lanes of the warp meet here; the last to arrive releases the others. */
static inline void emu_warp_barrier(void)
{
    emu_lane &me = emu->lanes[(size_t)emu->current];
    emu_warp &w = emu->warps[(size_t)me.warp];
    if (++w.arrived == EMU_WARP) {
        w.arrived = 0;
        emu_progress();
        int first = me.warp * EMU_WARP;
        for (int l = first; l < first + EMU_WARP; l++)
            if (emu->lanes[(size_t)l].state == EMU_WAITING)
                emu_set_state(l, EMU_RUNNABLE);
        emu_switch_out(); /* let another lane run first now and then */
    } else {
        emu_set_state(emu->current, EMU_WAITING);
        emu_switch_out();
    }
}

static inline bool emu_same_site(const char *f1, int l1, const char *f2, int l2)
{
    return l1 == l2 && (f1 == f2 || strcmp(f1, f2) == 0);
}

/*
 * Every thread of the block meets here, at the same call: a thread that
 * reaches another __syncthreads, or a block some of whose threads have
 * returned, is a divergent barrier, which fails the launch.
 */
static inline void emu_syncthreads(const char *file, int line)
{
    emu_lane &me = emu->lanes[(size_t)emu->current];
    emu_block &b = emu->blocks[(size_t)me.block];
    if (b.done > 0)
        emu_fail(EMU_DIVERGENT, "block %d thread %u: barrier at %s:%d after %d threads returned",
                 me.block, me.thread.x, file, line, b.done);
    if (b.arrived == 0) {
        b.file = file;
        b.line = line;
    } else if (!emu_same_site(b.file, b.line, file, line)) {
        emu_fail(EMU_DIVERGENT, "block %d thread %u: barrier at %s:%d while others wait at %s:%d",
                 me.block, me.thread.x, file, line, b.file, b.line);
    }
    if (++b.arrived == (int)me.block_dim.x) {
        b.arrived = 0;
        emu_progress();
        int first = me.block * (int)me.block_dim.x;
        for (int l = first; l < first + (int)me.block_dim.x; l++)
            if (emu->lanes[(size_t)l].state == EMU_WAITING)
                emu_set_state(l, EMU_RUNNABLE);
        emu_switch_out();
    } else {
        emu_set_state(emu->current, EMU_WAITING);
        emu_switch_out();
    }
}

/* The block's scratch for a collective whose temporary storage is at key. */
static inline unsigned char *emu_collective(const void *key, size_t bytes)
{
    emu_block &b = emu->blocks[(size_t)emu->lanes[(size_t)emu->current].block];
    std::vector<unsigned char> &v = b.collective[key];
    if (v.size() < bytes)
        v.resize(bytes);
    return v.data();
}

/* At an atomic or a fence: now and then another lane runs first, and now and then this lane
 * stalls there for the rest of the phase. */
static inline void emu_maybe_yield(void)
{
    uint64_t r = emu_next_random();
    if (r % EMU_YIELD_ONE_IN == 0) {
        if (r / EMU_YIELD_ONE_IN % EMU_STALL_ONE_IN == 0)
            emu->lanes[(size_t)emu->current].slow = 1;
        emu_switch_out();
    }
}

/* In a spin loop: another lane runs first; only spinning for too long is a livelock. */
static inline void emu_spin(void)
{
    if (++emu->spins > EMU_SPIN_LIMIT)
        emu_fail(EMU_LIVELOCK, "livelock: %lld switches out of spin loops without progress",
                 (long long)EMU_SPIN_LIMIT);
    emu_switch_out();
}

static inline int emu_lane_id(void)
{
    return (int)(threadIdx.x % EMU_WARP);
}

template <typename T> static inline T emu_shuffle(T value, int source)
{
    emu_warp &w = emu->warps[(size_t)emu->lanes[(size_t)emu->current].warp];
    uint64_t bits = 0;
    memcpy(&bits, &value, sizeof value);
    w.slot[emu_lane_id()] = bits;
    emu_warp_barrier();
    T result;
    bits = w.slot[source % EMU_WARP];
    memcpy(&result, &bits, sizeof result);
    emu_warp_barrier();
    return result;
}

static inline unsigned int emu_ballot(int predicate)
{
    emu_warp &w = emu->warps[(size_t)emu->lanes[(size_t)emu->current].warp];
    w.slot[emu_lane_id()] = predicate != 0;
    emu_warp_barrier();
    unsigned int lanes = 0;
    for (int l = 0; l < EMU_WARP; l++)
        if (w.slot[l])
            lanes |= 1u << l;
    emu_warp_barrier();
    return lanes;
}

template <typename T> static inline T __shfl_sync(unsigned int, T value, int source)
{
    return emu_shuffle(value, source);
}
template <typename T> static inline T __shfl_xor_sync(unsigned int, T value, int mask)
{
    return emu_shuffle(value, emu_lane_id() ^ mask);
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
#define __syncthreads() emu_syncthreads(__FILE__, __LINE__)
static inline void __nanosleep(unsigned int)
{
    emu_spin();
}
static inline void __threadfence(void)
{
    emu_maybe_yield();
}
static inline void __threadfence_block(void)
{
    emu_maybe_yield();
}
static inline void __threadfence_system(void)
{
    emu_maybe_yield();
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
static inline long long clock64(void)
{
    return emu->switches;
}
template <typename T> static inline T __ldcg(const T *p)
{
    return *p;
}
template <typename T> static inline T __ldg(const T *p)
{
    return *p;
}
template <typename T> static inline T atomicAdd(T *p, T v)
{
    emu_maybe_yield();
    T old = *p;
    *p = old + v;
    return old;
}
/* Devices emulated side by side in one launch share the host's memory: one scope for all. */
template <typename T> static inline T atomicAdd_system(T *p, T v)
{
    return atomicAdd(p, v);
}
template <typename T> static inline T atomicSub(T *p, T v)
{
    emu_maybe_yield();
    T old = *p;
    *p = old - v;
    return old;
}
template <typename T> static inline T atomicMin(T *p, T v)
{
    emu_maybe_yield();
    T old = *p;
    if (v < old)
        *p = v;
    return old;
}
template <typename T> static inline T atomicMax(T *p, T v)
{
    emu_maybe_yield();
    T old = *p;
    if (v > old)
        *p = v;
    return old;
}
template <typename T> static inline T atomicExch(T *p, T v)
{
    emu_maybe_yield();
    T old = *p;
    *p = v;
    return old;
}
template <typename T> static inline T atomicCAS(T *p, T compare, T v)
{
    emu_maybe_yield();
    T old = *p;
    if (old == compare)
        *p = v;
    return old;
}

static void emu_lane_entry(void)
{
    emu->body();
    emu_lane &me = emu->lanes[(size_t)emu->current];
    emu_block &b = emu->blocks[(size_t)me.block];
    b.done++;
    emu_progress();
    emu_set_state(emu->current, EMU_DONE);
    if (b.arrived > 0)
        emu_fail(EMU_DIVERGENT, "block %d thread %u returned while others wait at %s:%d", me.block,
                 me.thread.x, b.file, b.line);
    emu_switch_out(); /* never resumed */
    abort();
}

/* The program's own thread-local segment: where __shared__ variables live. */
static int emu_find_tls(struct dl_phdr_info *info, size_t, void *data)
{
    emu_machine *m = (emu_machine *)data;
    for (int i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_TLS) {
            m->tls = (unsigned char *)info->dlpi_tls_data;
            m->tls_bytes = m->tls != NULL ? (size_t)info->dlpi_phdr[i].p_memsz : 0;
        }
    return 1; /* the first object is the program */
}

/* The next lane to run (see EMU_PHASE). */
static int emu_pick(void)
{
    if (emu->switches >= emu->next_phase) {
        emu->next_phase =
            emu->switches + EMU_PHASE / 2 + (long long)(emu_next_random() % EMU_PHASE);
        /* whole blocks: a slow lane stalls its block at the next barrier anyway */
        std::vector<char> slow(emu->blocks.size());
        for (char &b : slow)
            b = emu_next_random() % EMU_SLOW_ONE_IN == 0;
        for (emu_lane &l : emu->lanes)
            l.slow = slow[(size_t)l.block];
    }
    size_t count = emu->runnable.size();
    if (emu_next_random() % EMU_SLOW_ODDS == 0)
        return emu->runnable[emu_next_random() % count];
    for (int tries = 0; tries < 8; tries++) {
        int lane = emu->runnable[emu_next_random() % count];
        if (!emu->lanes[(size_t)lane].slow)
            return lane;
    }
    size_t fast = 0;
    for (int lane : emu->runnable)
        fast += !emu->lanes[(size_t)lane].slow;
    if (fast == 0)
        return emu->runnable[emu_next_random() % count];
    size_t k = emu_next_random() % fast;
    for (int lane : emu->runnable)
        if (!emu->lanes[(size_t)lane].slow && k-- == 0)
            return lane;
    abort(); /* not reached */
}

/* Before running a lane: its block's shared memory goes into place. */
static void emu_make_resident(int block)
{
    if (emu->resident == block || emu->tls_bytes == 0)
        return;
    if (emu->resident >= 0)
        memcpy(emu->blocks[(size_t)emu->resident].shared.data(), emu->tls, emu->tls_bytes);
    memcpy(emu->tls, emu->blocks[(size_t)block].shared.data(), emu->tls_bytes);
    emu->resident = block;
}

/*
 * Runs body as a grid of `blocks` blocks of `threads` threads (a multiple of
 * EMU_WARP), picking the next lane to run at random with this seed. Returns
 * 0, or EMU_DEADLOCK, EMU_DIVERGENT, EMU_LIVELOCK or EMU_RUNAWAY with the reason in
 * emu_failure.
 */
static int emu_launch(int blocks, int threads, uint64_t seed, std::function<void()> body,
                      long long *switches)
{
    emu_machine machine;
    emu = &machine;
    machine.body = body;
    machine.random = seed * 2654435761u + 1;
    machine.switches = 0;
    machine.spins = 0;
    machine.next_phase = 0;
    machine.status = 0;
    machine.resident = -1;
    machine.failure[0] = 0;
    machine.grid = {(unsigned int)blocks, 1, 1};
    machine.tls = NULL;
    machine.tls_bytes = 0;
    dl_iterate_phdr(emu_find_tls, &machine);
    int total = blocks * threads;
    machine.lanes.resize((size_t)total);
    machine.warps.assign((size_t)total / EMU_WARP, emu_warp{0, {0}});
    machine.blocks.resize((size_t)blocks);
    for (emu_block &b : machine.blocks) {
        b.arrived = b.done = 0;
        b.file = "";
        b.line = 0;
        b.shared.assign(machine.tls_bytes, 0x5a);
    }
    for (int t = 0; t < total; t++) {
        emu_lane &l = machine.lanes[(size_t)t];
        l.warp = t / EMU_WARP;
        l.block = t / threads;
        l.thread = {(unsigned int)(t % threads), 0, 0};
        l.block_idx = {(unsigned int)(t / threads), 0, 0};
        l.block_dim = {(unsigned int)threads, 1, 1};
        l.state = EMU_WAITING;
        l.slow = 0;
        emu_set_state(t, EMU_RUNNABLE);
        if (emu_stacks.size() <= (size_t)t)
            emu_stacks.emplace_back(new char[EMU_LANE_STACK]);
        l.stack = emu_stacks[(size_t)t].get();
#ifdef EMU_FAST_SWITCH
        /* What emu_stack_switch pops: six registers, then emu_lane_entry as the return address,
         * entered with the stack aligned as after a call. */
        uintptr_t top = ((uintptr_t)l.stack + EMU_LANE_STACK) & ~(uintptr_t)15;
        void **sp = (void **)top - 8;
        memset(sp, 0, 8 * sizeof *sp);
        sp[6] = (void *)emu_lane_entry;
        l.sp = sp;
#else
        getcontext(&l.context);
        l.context.uc_stack.ss_sp = l.stack;
        l.context.uc_stack.ss_size = EMU_LANE_STACK;
        l.context.uc_link = NULL;
        makecontext(&l.context, emu_lane_entry, 0);
#endif
    }
    for (;;) {
        if (machine.status != 0)
            break;
        if (machine.runnable.empty()) {
            size_t done = 0;
            for (const emu_lane &l : machine.lanes)
                done += l.state == EMU_DONE;
            if (done < machine.lanes.size()) {
                machine.status = EMU_DEADLOCK;
                snprintf(machine.failure, sizeof machine.failure,
                         "deadlock: %zu threads wait and none can run",
                         machine.lanes.size() - done);
            }
            break;
        }
        machine.current = emu_pick();
        emu_lane &l = machine.lanes[(size_t)machine.current];
        emu_make_resident(l.block);
#ifdef EMU_FAST_SWITCH
        emu_stack_switch(&machine.scheduler_sp, l.sp);
#else
        swapcontext(&machine.scheduler, &l.context);
#endif
    }
    if (switches != NULL)
        *switches = machine.switches;
    memcpy(emu_failure, machine.failure, sizeof emu_failure);
    emu = NULL;
    return machine.status;
}

#endif
