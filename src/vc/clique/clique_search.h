/*
 * The bitset clique search of clique.c, open to the searches that drive it
 * from outside (clique_dist.c: the ranks of a distributed search, each with
 * threads of its own): the search state, a subproblem handed between
 * threads or ranks (an item), and the request that makes a busy thread hand
 * over the untried branches of its shallowest open node.
 */
#ifndef MVC_CLIQUE_SEARCH_H
#define MVC_CLIQUE_SEARCH_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "clique_maxsat.h"
#include "solve.h"

typedef uint64_t word_t;
#define WORD_BITS 64

/*
 * What the threads of one search share: the best clique (a thread prunes
 * with the best any of them has found) and the stop; in the root-split
 * search of clique.c also the root's branches, taken one at a time from a
 * counter, and in its search of an orbital split's items those items,
 * taken likewise.
 */
struct clique_shared {
    pthread_mutex_t lock;
    int32_t best_size;   /* read without the lock (__atomic), written under it */
    int32_t *best;       /* search indices, under the lock */
    int32_t next_branch; /* the root's next branch index, counting down (__atomic) */
    int stop;            /* a thread stopped or reached the target (__atomic) */
    int32_t listed;      /* root branches */
    const int32_t *root_branch, *root_colour;
    const word_t *root_candidates;
    const int32_t *items;  /* items (see below), item_count of them */
    const size_t *item_at; /* where each begins in items */
    int64_t item_count;
    int64_t next_item; /* the next item to take (__atomic) */
};

/*
 * A request for work: a thread that finds `want` set (and clears it) hands
 * the untried branches of its shallowest open node to hand_over, one item
 * each, and leaves them. hand_over takes the malloc'd array.
 */
struct clique_split {
    int want; /* __atomic */
    void (*hand_over)(struct clique_split *split, int32_t *items, size_t ints);
};

struct clique_search {
    struct clique_shared *shared; /* NULL in a single-threaded search */
    struct clique_split *split;   /* NULL unless driven from outside */
    int owns_graph;               /* adj and order are this search's, not another's */
    int32_t n, words;
    word_t *adj;      /* n rows: complement adjacency in the search order */
    int32_t *order;   /* search index -> vertex of g (NULL on a rank that only searches) */
    int32_t *current; /* clique being built */
    int32_t *best;    /* best clique found, search indices */
    int32_t best_size;
    int32_t target;       /* stop as soon as a clique this large is found (PVC), else n + 1 */
    word_t *candidates;   /* one row per depth */
    word_t *uncoloured;   /* scratch per depth */
    word_t *colour_class; /* scratch per depth */
    word_t *low_classes;  /* n rows: colour classes under the branching threshold */
    int32_t *branch;      /* per depth: n vertices in colour order */
    int32_t *colour;      /* per depth: their colours */
    int32_t *at;          /* per open depth: the branch being searched */
    uint8_t *cut;         /* per depth: its untried branches were handed over */
    int32_t base;         /* depth of the item being searched: nothing above is handed over */
    struct clique_maxsat maxsat;
    int use_maxsat;                /* spare branches by MaxSAT reasoning over the colour classes */
    int64_t nodes, nodes_reported; /* reported: to opts->report */
    double busy;                   /* seconds spent on items (clique_dist.c's threads) */
    int stopped;
    double start;
    const struct solve_opts *opts;
};

/*
 * An item, laid out in ints: its length in ints, the depth d of the node
 * it stands for, a bound (no clique through it exceeds it), the d vertices
 * of the clique so far, then the node's candidates (one bit per vertex, as
 * words of two ints, low half first).
 */
#define CLIQUE_ITEM_HEAD 3
static inline size_t clique_item_ints(int32_t depth, int32_t words)
{
    return CLIQUE_ITEM_HEAD + (size_t)depth + 2 * (size_t)words;
}

/* An item's candidates (bits: `words` words of two ints each) as a bitset, and back. */
static inline void clique_item_read_set(const int32_t *bits, word_t *set, int32_t words)
{
    for (int32_t w = 0; w < words; w++)
        set[w] = (word_t)(uint32_t)bits[2 * w] | (word_t)(uint32_t)bits[2 * w + 1] << 32;
}

static inline void clique_item_write_set(int32_t *bits, const word_t *set, int32_t words)
{
    for (int32_t w = 0; w < words; w++) {
        bits[2 * w] = (int32_t)(uint32_t)set[w];
        bits[2 * w + 1] = (int32_t)(uint32_t)(set[w] >> 32);
    }
}

/*
 * A search over n vertices whose complement adjacency rows (n rows of
 * `words` words, search order) are copied from rows; no vertex order.
 * MVC_OK or MVC_ENOMEM (then clique_search_free it).
 */
int clique_search_from_rows(struct clique_search *s, int32_t n, const void *rows);

/* At most `threads`, fewer where their scratch would pass the search's memory cap. */
int clique_search_threads_cap(int32_t n, int threads);

/* The scratch of one more thread of s's search (adj shared): MVC_OK or MVC_ENOMEM. */
int clique_search_scratch(struct clique_search *s);

void clique_search_free(struct clique_search *s);

/*
 * Colours of a greedy colouring of the candidates `set` in search order, the
 * search's own without its Re-NUMBER or MaxSAT steps: no clique within set
 * has more vertices. Uses s's scratch of depth 0 (before its search starts).
 */
int32_t clique_search_colours(struct clique_search *s, const word_t *set);

/* Searches the subproblem of one item; pruned at once when its bound is no better than the best. */
void clique_search_item(struct clique_search *s, const int32_t *item);

/* The nodes searched since the last report, to s->opts->report. */
void clique_search_report(struct clique_search *s);

#endif
