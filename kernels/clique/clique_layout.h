/*
 * Layouts shared by the host part and the kernels of the GPU clique search:
 * bitset words, branching-list entries, the control block and the kernel
 * parameters. Plain C, so both sides read the same definitions.
 */
#ifndef MVC_CLIQUE_LAYOUT_H
#define MVC_CLIQUE_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

/* Bitsets are rows of 32-bit words; in a warp, lane l owns words l, l + 32, ... */
typedef uint32_t clique_word;
#define CLIQUE_WORD_BITS 32
#ifndef CLIQUE_WARP
#define CLIQUE_WARP 32 /* narrower only in the host emulation of the kernels (tests) */
#endif

/* Most words a lane owns, and so the largest graph the kernels take (32768 vertices). */
#define CLIQUE_MAX_LANE_WORDS 32
#define CLIQUE_GPU_MAX_VERTICES (CLIQUE_WARP * CLIQUE_MAX_LANE_WORDS * CLIQUE_WORD_BITS)

/*
 * A branching-list entry packs a colour (high half) and a search index (low
 * half); both are below 2^16 because n <= CLIQUE_GPU_MAX_VERTICES.
 */
#define CLIQUE_ENTRY(colour, v) (((uint32_t)(colour) << 16) | (uint32_t)(v))
#define CLIQUE_ENTRY_VERTEX(e) ((int32_t)((e)&0xffffu))
#define CLIQUE_ENTRY_COLOUR(e) ((int32_t)((e) >> 16))

/*
 * Words every warp reads together, one lane each in a single request, at each
 * node of its search and while it waits for work: keep them first and
 * contiguous in struct clique_control.
 */
enum clique_hot_word {
    HOT_BEST,       /* size of the largest clique found so far (only grows) */
    HOT_STOP,       /* set by the host: stop at once */
    HOT_HUNGRY,     /* warps waiting for work */
    HOT_AVAIL,      /* queued subproblems not yet claimed */
    HOT_PENDING,    /* root items taken, not finished + queued items + items being searched,
                       + 1 until the root list is used up (HOT_ROOTS_DONE) */
    HOT_ROOTS_DONE, /* 1 once a warp of this device found no root item left */
    HOT_FLOOR,      /* size of a clique the host holds (found beside the search; only grows) */
    HOT_EXPORT,     /* subproblems the host asks for, to hand to another device */
    HOT_WORDS
};

struct clique_control {
    int hot[8];         /* indexed by enum clique_hot_word */
    int space;          /* free queue slots not yet claimed by a donor */
    int best_lock;      /* spin lock around best_clique */
    unsigned int head;  /* queue tickets: next to pop */
    unsigned int tail;  /* next to push */
    int root_ticket;    /* root tickets handed out */
    int root_count;     /* root kernel: entries in its branching list */
    int colours;        /* root kernel: colours of the whole graph, a bound on any clique */
    int export_tail;    /* export slots claimed */
    int export_written; /* export slots written (== export_tail: all claimed ones are) */
    unsigned long long nodes;
    unsigned long long spared; /* branches the MaxSAT reasoning spared */
};

/*
 * The control block and the queue's sequence numbers for a launch on a
 * queue of `capacity` slots (the hot best, floor and stop are the caller's):
 * with count 0 the grid takes the root's branches; otherwise the first
 * `count` slots hold subproblems and the root list counts as used up.
 */
static inline void clique_control_load(struct clique_control *ctl, unsigned int *seq,
                                       unsigned int capacity, unsigned int count)
{
    for (unsigned int i = 0; i < capacity; i++)
        seq[i] = i < count ? i + 1 : i; /* slot i takes ticket i; the first count are filled */
    ctl->hot[HOT_PENDING] = count > 0 ? (int)count : 1; /* or the root list's unit */
    ctl->hot[HOT_ROOTS_DONE] = count > 0;
    ctl->hot[HOT_HUNGRY] = 0;
    ctl->hot[HOT_AVAIL] = (int)count;
    ctl->hot[HOT_EXPORT] = 0;
    ctl->root_ticket = 0;
    ctl->space = (int)(capacity - count);
    ctl->head = 0;
    ctl->tail = count;
    ctl->best_lock = 0;
    ctl->export_tail = ctl->export_written = 0;
    ctl->nodes = ctl->spared = 0;
}

/* Kernel parameters: one copy per launch, passed by value. */
struct clique_params {
    int32_t n, words;
    int32_t rows;           /* depth capacity: colours of the whole graph + 1 */
    int32_t floor_size;     /* PVC: target - 1 (smaller cliques do not help), 0 for MVC */
    int32_t target;         /* stop when a clique this large is found (n + 1 for MVC) */
    int32_t adj_shared;     /* 1: each block copies adj into shared memory */
    const clique_word *adj; /* n rows of words: complement adjacency in search order */
    struct clique_control *ctl;
    uint32_t *root_entry; /* root branching list (colour order) */
    int32_t root_count;   /* its length, once the root kernel has run */
    int32_t *root_rank;   /* per search index: position in root_entry, or -1 */
    /* root ticket t is root item t * root_step + root_first: one device of root_step takes
       every root_step-th item */
    int32_t root_step, root_first;
    clique_word *root_low; /* root kernel's low colour classes */
    int32_t *best_clique;  /* search indices of the largest clique found */
    unsigned long long *nodes_per_sm;
    int32_t *stacks; /* one stack per warp, stack_stride ints apart */
    size_t stack_stride;
    size_t arena;     /* branching-list entries per stack */
    int32_t *queue;   /* subproblem slots, slot_stride ints apart */
    int32_t *exports; /* export_capacity slots of subproblems for the host, as the queue's */
    int32_t export_capacity;
    unsigned int *queue_seq;
    unsigned int queue_capacity; /* a power of two */
    size_t slot_stride;
    int32_t warps;  /* warps in the grid */
    int32_t maxsat; /* MaxSAT reasoning over the colour classes (clique_maxsat.cuh) */
};

/*
 * Branching-list entries one warp may need at once: the candidates of a node
 * at depth d >= 1 are neighbours of the clique's last vertex, less one per
 * level below the first, so at most max_degree - d + 1 of them, and the depth
 * stays under the number of colours.
 */
static inline size_t clique_arena_entries(int32_t max_degree, int32_t colours)
{
    size_t total = 1;
    for (int32_t d = 1; d <= colours; d++)
        if (max_degree - d + 1 > 0)
            total += (size_t)(max_degree - d + 1);
    return total;
}

static inline size_t clique_round_up(size_t x, size_t to)
{
    return (x + to - 1) / to * to;
}

/* Ints of the MaxSAT scratch (clique_maxsat.cuh): two per vertex, nine per class and the root. */
static inline size_t clique_maxsat_ints(int32_t words, int32_t rows)
{
    return 2 * (size_t)words * CLIQUE_WORD_BITS + 9 * ((size_t)rows + 1) + 4;
}

/*
 * Ints of one warp's stack: candidates and low classes (rows x words each),
 * 3 x rows, the arena, and the MaxSAT scratch when the reasoning is on.
 */
static inline size_t clique_stack_stride(int32_t rows, int32_t words, size_t arena, int maxsat)
{
    size_t ints = 2 * (size_t)rows * words + 3 * (size_t)rows + arena;
    return clique_round_up(ints + (maxsat ? clique_maxsat_ints(words, rows) : 0), 32);
}

/* Ints of one queue slot: depth, clique prefix (rows), candidates (words). */
static inline size_t clique_slot_stride(int32_t rows, int32_t words)
{
    return clique_round_up(1 + (size_t)rows + words, 32);
}

#endif
