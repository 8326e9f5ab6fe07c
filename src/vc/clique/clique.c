/*
 * Maximum independent set of G as a maximum clique of G's complement: bitset
 * branch-and-bound where a greedy colouring of the candidates bounds the clique
 * they can still add (San Segundo et al., BBMC, 2011; Tomita's MCQ/MCS colour
 * bound). Vertices are renumbered in degeneracy order so colour classes are
 * built with word-wide operations.
 */
#include "clique.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "clique_dist.h"
#include "clique_maxsat.h"
#include "clique_orbital.h"
#include "clique_search.h"
#include "clock.h"
#include "complement_walk.h"
#include "degeneracy.h"
#include "error.h"
#include "world.h"

/*
 * Nodes between two looks at the clock (the stop flag is read at every node).
 * A node with MaxSAT reasoning takes 1-15 us, so a short time limit is kept to
 * within about 2 ms (the pipeline's quick try gives small components 2 ms),
 * and a clock read per 128 nodes costs nothing measurable.
 */
#define POLL_INTERVAL 128
/*
 * On one thread (the quick try) the counters the clock read updates are not
 * shared, so it comes every 16 nodes: 128 nodes of a 500-vertex kernel took
 * 4 ms, twice the try's time.
 */
#define POLL_INTERVAL_ALONE 16

static inline int bit_test(const word_t *set, int32_t i)
{
    return (set[i / WORD_BITS] >> (i % WORD_BITS)) & 1;
}

static inline void bit_set(word_t *set, int32_t i)
{
    set[i / WORD_BITS] |= (word_t)1 << (i % WORD_BITS);
}

static inline void bit_clear(word_t *set, int32_t i)
{
    set[i / WORD_BITS] &= ~((word_t)1 << (i % WORD_BITS));
}

int clique_suits(const struct graph *g)
{
    if (g->n < 64 || g->n > CLIQUE_MAX_VERTICES)
        return 0;
    double pairs = (double)g->n * (g->n - 1) / 2;
    return (double)g->m >= 0.15 * pairs;
}

/* What each searching thread needs of its own: everything but the adjacency and the order. */
int clique_search_scratch(struct clique_search *s)
{
    int32_t n = s->n;
    size_t row = (size_t)s->words, depths = (size_t)n + 1;
    s->current = malloc(depths * sizeof *s->current);
    s->best = malloc(depths * sizeof *s->best);
    s->candidates = malloc(depths * row * sizeof *s->candidates);
    s->uncoloured = malloc(row * sizeof *s->uncoloured);
    s->colour_class = malloc(row * sizeof *s->colour_class);
    s->low_classes = malloc((size_t)n * row * sizeof *s->low_classes);
    s->branch = malloc(depths * (size_t)n * sizeof *s->branch);
    s->colour = malloc(depths * (size_t)n * sizeof *s->colour);
    s->at = malloc(depths * sizeof *s->at);
    s->cut = calloc(depths, sizeof *s->cut);
    if (!s->current || !s->best || !s->candidates || !s->uncoloured || !s->colour_class ||
        !s->low_classes || !s->branch || !s->colour || !s->at || !s->cut)
        return MVC_ENOMEM;
    return clique_maxsat_init(&s->maxsat, n, s->words, s->adj);
}

/* Bytes clique_search_scratch takes, roughly: the per-depth branch lists dominate. */
static double scratch_bytes(int32_t n)
{
    double words = (n + WORD_BITS - 1) / WORD_BITS;
    return ((double)n + 1) * n * 2 * sizeof(int32_t) + (2.0 * n + 3) * words * sizeof(word_t);
}

static int search_init(struct clique_search *s, const struct graph *g)
{
    int32_t n = g->n;
    s->n = n;
    s->words = (n + WORD_BITS - 1) / WORD_BITS;
    size_t row = (size_t)s->words;
    s->owns_graph = 1;
    s->adj = calloc((size_t)n * row, sizeof *s->adj);
    s->order = malloc((size_t)n * sizeof *s->order);
    if (!s->adj || !s->order || clique_search_scratch(s) != MVC_OK)
        return MVC_ENOMEM;
    /* dense cores first, so that colour classes stay small (min-width ordering) */
    if (degeneracy_order_complement(g, s->order) != MVC_OK)
        return MVC_ENOMEM;
    struct complement_walk walk;
    if (complement_walk_open(&walk, g, s->order) != MVC_OK)
        return MVC_ENOMEM;
    for (int32_t i = 0; i < n; i++) {
        int32_t degree = complement_walk_row(&walk, i);
        word_t *r = s->adj + (size_t)i * row;
        for (int32_t k = 0; k < degree; k++)
            bit_set(r, walk.row[k]);
    }
    complement_walk_close(&walk);
    return MVC_OK;
}

int clique_search_from_rows(struct clique_search *s, int32_t n, const void *rows)
{
    s->n = n;
    s->words = (n + WORD_BITS - 1) / WORD_BITS;
    s->owns_graph = 1;
    size_t bytes = (size_t)n * (size_t)s->words * sizeof *s->adj;
    s->adj = malloc(bytes > 0 ? bytes : 1);
    if (s->adj == NULL)
        return MVC_ENOMEM;
    memcpy(s->adj, rows, bytes);
    return clique_search_scratch(s);
}

void clique_search_free(struct clique_search *s)
{
    if (s->owns_graph)
        free(s->adj), free(s->order);
    free(s->current), free(s->best), free(s->candidates);
    free(s->uncoloured), free(s->colour_class), free(s->low_classes), free(s->branch);
    free(s->colour), free(s->at), free(s->cut);
    clique_maxsat_free(&s->maxsat);
}

/*
 * Unit propagation from a vertex falsifies its non-neighbours: in a sparse
 * clique graph that is most of the candidates, so each try costs much and the
 * inconsistent sets found are large. Under this density of the clique graph
 * (the complement of g) the colour bound with Re-NUMBER alone is faster (DIMACS
 * p_hat1000-1, density 0.24: search 0.16 s against 0.21 s; the p_hat -2 and -3
 * graphs, 0.5 and 0.75, and the PACE 2019 kernels, 0.96, gain).
 */
#define MAXSAT_MIN_DENSITY 0.4

static int maxsat_pays(const struct graph *g)
{
    return graph_complement_density(g) >= MAXSAT_MIN_DENSITY;
}

/* The nodes this thread searched since it last said so. */
void clique_search_report(struct clique_search *s)
{
    progress_nodes(s->opts->report, s->nodes - s->nodes_reported);
    s->nodes_reported = s->nodes;
}

/*
 * The clique held beside the search (solve.h), once there is one larger than
 * the best: taken as a thread takes its own (search indices), so that every
 * thread prunes with it and the answer is at least as large.
 */
static void adopt_held(struct clique_search *s)
{
    const struct cover *held = held_cover_latest(s->opts->clique.held);
    if (held == NULL || held->size >= s->n || s->n - held->size <= s->best_size)
        return;
    int32_t clique = s->n - held->size;
    struct clique_shared *sh = s->shared;
    if (sh != NULL)
        pthread_mutex_lock(&sh->lock);
    if (sh == NULL || clique > sh->best_size) {
        int32_t *best = sh != NULL ? sh->best : s->best, count = 0;
        for (int32_t i = 0; i < s->n; i++)
            if (!held->in[s->order[i]])
                best[count++] = i;
        progress_improve(s->opts->report, held->size);
        if (sh != NULL) {
            __atomic_store_n(&sh->best_size, clique, __ATOMIC_RELAXED);
            if (clique >= s->target)
                __atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED);
        }
    }
    if (sh != NULL)
        pthread_mutex_unlock(&sh->lock);
    s->best_size = clique > s->best_size ? clique : s->best_size;
}

static void poll_stop(struct clique_search *s)
{
    if (deadline_passed(&s->opts->deadline))
        s->stopped = 1;
    clique_search_report(s);
}

/* Greedy start: add vertices in search order while they stay adjacent to all chosen. */
static void initial_clique(struct clique_search *s)
{
    size_t row = (size_t)s->words;
    word_t *pool = s->uncoloured;
    memset(pool, 0xff, row * sizeof *pool);
    s->best_size = 0;
    for (int32_t i = 0; i < s->n; i++) {
        if (!bit_test(pool, i))
            continue;
        s->best[s->best_size++] = i;
        const word_t *r = s->adj + (size_t)i * row;
        for (int32_t w = 0; w < s->words; w++)
            pool[w] &= r[w];
    }
}

/* The one vertex of set ∩ row, or -1 when there are none or several. */
static int32_t single_common(const word_t *set, const word_t *row, int32_t words)
{
    int32_t found = -1;
    for (int32_t w = 0; w < words; w++) {
        word_t both = set[w] & row[w];
        if (both == 0)
            continue;
        if (found >= 0 || (both & (both - 1)))
            return -1;
        found = w * WORD_BITS + __builtin_ctzll(both);
    }
    return found;
}

static int disjoint(const word_t *set, const word_t *row, int32_t words)
{
    for (int32_t w = 0; w < words; w++)
        if (set[w] & row[w])
            return 0;
    return 1;
}

/*
 * Re-NUMBER (Tomita et al., MCS, 2010): a vertex v that would get a colour
 * high enough to be branched on is moved into a low class k1 instead, when
 * exactly one vertex u of k1 is adjacent to v and u can move to a later low
 * class k2 where it has no neighbour. Then v needs no branch of its own.
 */
static int renumber(struct clique_search *s, word_t *low, int32_t low_count, int32_t v)
{
    int32_t words = s->words;
    const word_t *row_v = s->adj + (size_t)v * words;
    for (int32_t k1 = 0; k1 < low_count; k1++) {
        word_t *class1 = low + (size_t)k1 * words;
        int32_t u = single_common(class1, row_v, words);
        if (u < 0)
            continue;
        const word_t *row_u = s->adj + (size_t)u * words;
        for (int32_t k2 = k1 + 1; k2 < low_count; k2++) {
            word_t *class2 = low + (size_t)k2 * words;
            if (!disjoint(class2, row_u, words))
                continue;
            bit_clear(class1, u);
            bit_set(class2, u);
            bit_set(class1, v);
            return 1;
        }
    }
    return 0;
}

/*
 * Colours the candidates greedily, class by class, in search order; only
 * vertices whose colour could lift the clique above the best are listed for
 * branching (colour >= min_colour), and those are first offered to MaxSAT
 * reasoning over the classes under min_colour when it is on, else to
 * renumber(). (Propagation finds every move renumber() makes: v true leaves
 * u the unit of k1, and u true empties k2. It uses the two classes up where
 * renumber() would not, but costs far less than renumber's search over pairs
 * of classes, measured on the PACE 2019 kernels and the DIMACS p_hat graphs.)
 * Returns how many are listed.
 */
static inline __attribute__((always_inline)) int32_t
colour_with(struct clique_search *s, const word_t *candidates, int32_t min_colour, int32_t *branch,
            int32_t *colour, const int maxsat)
{
    int32_t words = s->words;
    word_t *uncoloured = s->uncoloured, *klass = s->colour_class;
    word_t *low = s->low_classes; /* colouring ends before the search goes deeper */
    struct clique_maxsat *m = &s->maxsat;
    memcpy(uncoloured, candidates, (size_t)words * sizeof *uncoloured);
    int32_t listed = 0, k = 0, first_word = 0;
    for (;;) {
        while (first_word < words && uncoloured[first_word] == 0)
            first_word++;
        if (first_word == words)
            break;
        k++;
        if (maxsat && k == min_colour) /* the classes under the threshold are complete */
            clique_maxsat_begin(m, low, min_colour - 1, candidates, uncoloured);
        int keep_class = k < min_colour && k - 1 < s->n;
        word_t *stored = keep_class ? low + (size_t)(k - 1) * words : NULL;
        if (stored) {
            memset(stored, 0, (size_t)words * sizeof *stored);
            if (maxsat)
                clique_maxsat_open_class(m, k - 1);
        }
        for (int32_t w = first_word; w < words; w++)
            klass[w] = uncoloured[w];
        for (int32_t w = first_word; w < words; w++) {
            while (klass[w]) {
                int32_t bit = __builtin_ctzll(klass[w]);
                int32_t v = w * WORD_BITS + bit;
                klass[w] &= klass[w] - 1;
                uncoloured[w] &= ~((word_t)1 << bit);
                if (k >= min_colour &&
                    (maxsat ? clique_maxsat_spare(m, v) : renumber(s, low, min_colour - 1, v)))
                    continue;
                const word_t *r = s->adj + (size_t)v * words;
                for (int32_t x = w; x < words; x++)
                    klass[x] &= ~r[x];
                if (stored) {
                    bit_set(stored, v);
                    if (maxsat)
                        clique_maxsat_add_to_class(m, v, k - 1);
                }
                if (k >= min_colour) {
                    branch[listed] = v;
                    colour[listed] = k;
                    listed++;
                }
            }
        }
    }
    return listed;
}

/* colour_with() compiled twice, so that the colour bound alone pays nothing for the other. */
static int32_t colour_candidates(struct clique_search *s, const word_t *candidates,
                                 int32_t min_colour, int32_t *branch, int32_t *colour)
{
    if (s->use_maxsat && min_colour > 1)
        return colour_with(s, candidates, min_colour, branch, colour, 1);
    return colour_with(s, candidates, min_colour, branch, colour, 0);
}

int32_t clique_search_colours(struct clique_search *s, const word_t *set)
{
    /* from colour 1 every vertex is listed, in class order, and Re-NUMBER has no class to use */
    int32_t listed = colour_with(s, set, 1, s->branch, s->colour, 0);
    return listed > 0 ? s->colour[listed - 1] : 0;
}

/* The best size any thread has found, and whether one of them stopped the search. */
static void sync_shared(struct clique_search *s)
{
    struct clique_shared *sh = s->shared;
    if (sh == NULL)
        return;
    int32_t best = __atomic_load_n(&sh->best_size, __ATOMIC_RELAXED);
    if (best > s->best_size)
        s->best_size = best;
    if (__atomic_load_n(&sh->stop, __ATOMIC_RELAXED))
        s->stopped = 1;
}

/*
 * current[0 .. size) is a clique larger than the best this thread knows of;
 * its complement in the graph is a cover.
 */
static void record_best(struct clique_search *s, int32_t size)
{
    struct clique_shared *sh = s->shared;
    s->best_size = size;
    progress_improve(s->opts->report, s->n - size);
    if (sh == NULL) {
        memcpy(s->best, s->current, (size_t)size * sizeof *s->best);
        return;
    }
    pthread_mutex_lock(&sh->lock);
    if (size > sh->best_size) {
        memcpy(sh->best, s->current, (size_t)size * sizeof *sh->best);
        __atomic_store_n(&sh->best_size, size, __ATOMIC_RELAXED);
        if (size >= s->target)
            __atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&sh->lock);
}

/*
 * The item of the branch through v of a node at `depth` whose clique is
 * prefix[0 .. depth) and whose candidates not yet branched on are rest:
 * the clique with v, rest ∩ N(v), and the bound depth + v's colour.
 */
static void branch_item(const struct clique_search *s, int32_t *item, int32_t depth,
                        const int32_t *prefix, int32_t v, int32_t colour, const word_t *rest)
{
    size_t row = (size_t)s->words;
    item[0] = (int32_t)clique_item_ints(depth + 1, s->words);
    item[1] = depth + 1;
    item[2] = depth + colour;
    memcpy(item + CLIQUE_ITEM_HEAD, prefix, (size_t)depth * sizeof *item);
    item[CLIQUE_ITEM_HEAD + depth] = v;
    const word_t *r = s->adj + (size_t)v * row;
    int32_t *bits = item + CLIQUE_ITEM_HEAD + depth + 1;
    for (size_t w = 0; w < row; w++) {
        word_t both = rest[w] & r[w];
        bits[2 * w] = (int32_t)(uint32_t)both;
        bits[2 * w + 1] = (int32_t)(uint32_t)(both >> 32);
    }
}

/*
 * A thread asked for work (s->split->want, now cleared by this one): the
 * untried branches of its shallowest open node that the bound still lets
 * through, each as an item, go to hand_over, and the node's loop ends with
 * the branch in hand. Without such a node the request stays for another
 * thread.
 */
static void hand_over_shallowest(struct clique_search *s, int32_t depth)
{
    size_t row = (size_t)s->words;
    int32_t d = s->base;
    for (; d < depth; d++) {
        const int32_t *colour = s->colour + (size_t)d * s->n;
        if (!s->cut[d] && s->at[d] > 0 && d + colour[s->at[d] - 1] > s->best_size)
            break;
    }
    if (d == depth) {
        __atomic_store_n(&s->split->want, 1, __ATOMIC_RELAXED);
        return;
    }
    const int32_t *branch = s->branch + (size_t)d * s->n, *colour = s->colour + (size_t)d * s->n;
    int32_t count = 0;
    while (count < s->at[d] && d + colour[s->at[d] - 1 - count] > s->best_size)
        count++;
    size_t one = clique_item_ints(d + 1, s->words);
    int32_t *items = malloc((size_t)count * one * sizeof *items);
    if (items == NULL) {
        __atomic_store_n(&s->split->want, 1, __ATOMIC_RELAXED);
        return; /* keep searching them here */
    }
    /* the node's candidates less the branch in hand, then less each branch handed over */
    word_t *rest = s->uncoloured;
    memcpy(rest, s->candidates + (size_t)d * row, row * sizeof *rest);
    bit_clear(rest, branch[s->at[d]]);
    for (int32_t k = 0; k < count; k++) {
        int32_t i = s->at[d] - 1 - k, v = branch[i];
        branch_item(s, items + (size_t)k * one, d, s->current, v, colour[i], rest);
        bit_clear(rest, v);
    }
    s->cut[d] = 1;
    s->split->hand_over(s->split, items, (size_t)count * one);
}

static void expand(struct clique_search *s, int32_t depth)
{
    size_t row = (size_t)s->words;
    word_t *candidates = s->candidates + (size_t)depth * row;
    int32_t *branch = s->branch + (size_t)depth * s->n;
    int32_t *colour = s->colour + (size_t)depth * s->n;
    if (++s->nodes % (s->opts->threads == 1 ? POLL_INTERVAL_ALONE : POLL_INTERVAL) == 0) {
        adopt_held(s);
        poll_stop(s);
        if (s->stopped && s->shared != NULL)
            __atomic_store_n(&s->shared->stop, 1, __ATOMIC_RELAXED);
    } else if (deadline_stopped(&s->opts->deadline)) {
        /*
         * A race that another entrant has won, or a signal: the flag is one
         * load, and a node with MaxSAT reasoning over hundreds of classes
         * (the PACE kernels' nearly complete clique graphs) takes about
         * 15 us, so that POLL_INTERVAL nodes kept a decided race waiting
         * some 60 ms.
         */
        s->stopped = 1;
        if (s->shared != NULL)
            __atomic_store_n(&s->shared->stop, 1, __ATOMIC_RELAXED);
    }
    sync_shared(s);
    if (s->stopped)
        return;
    if (s->split != NULL && __atomic_load_n(&s->split->want, __ATOMIC_RELAXED) &&
        __atomic_exchange_n(&s->split->want, 0, __ATOMIC_ACQ_REL))
        hand_over_shallowest(s, depth);
    int32_t min_colour = s->best_size - depth + 1;
    if (min_colour < 1)
        min_colour = 1;
    int32_t listed = colour_candidates(s, candidates, min_colour, branch, colour);
    for (int32_t i = listed - 1; i >= 0; i--) {
        if (depth + colour[i] <= s->best_size || s->stopped || s->best_size >= s->target)
            return;
        int32_t v = branch[i];
        s->current[depth] = v;
        s->at[depth] = i;
        word_t *child = candidates + row;
        const word_t *r = s->adj + (size_t)v * row;
        word_t any = 0;
        for (size_t w = 0; w < row; w++) {
            child[w] = candidates[w] & r[w];
            any |= child[w];
        }
        if (any)
            expand(s, depth + 1);
        else if (depth + 1 > s->best_size)
            record_best(s, depth + 1);
        bit_clear(candidates, v);
        if (s->cut[depth]) { /* the rest was handed over */
            s->cut[depth] = 0;
            return;
        }
        sync_shared(s);
    }
}

void clique_search_item(struct clique_search *s, const int32_t *item)
{
    int32_t depth = item[1], bound = item[2];
    sync_shared(s);
    if (bound <= s->best_size || s->stopped || s->best_size >= s->target)
        return;
    size_t row = (size_t)s->words;
    memcpy(s->current, item + CLIQUE_ITEM_HEAD, (size_t)depth * sizeof *s->current);
    const int32_t *bits = item + CLIQUE_ITEM_HEAD + depth;
    word_t *candidates = s->candidates + (size_t)depth * row, any = 0;
    clique_item_read_set(bits, candidates, s->words);
    for (size_t w = 0; w < row; w++)
        any |= candidates[w];
    s->base = depth;
    if (any)
        expand(s, depth);
    else if (depth > s->best_size)
        record_best(s, depth);
}

/*
 * Fewer vertices than this are searched on this process even when there
 * are other ranks: the search takes microseconds, a distributed one some
 * milliseconds of messages.
 */
#define DIST_MIN_VERTICES 24

/* Parallel search: at most this many threads, and scratch for all of them under this many bytes. */
#define MAX_THREADS 16
#define MAX_SCRATCH_BYTES (512.0 * 1024 * 1024)
/* Root branches per thread at least: with fewer, fewer threads (one: no split). */
#define MIN_BRANCHES_PER_THREAD 2

int clique_search_threads_cap(int32_t n, int threads)
{
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    while (threads > 1 && threads * scratch_bytes(n) > MAX_SCRATCH_BYTES)
        threads--;
    return threads < 1 ? 1 : threads;
}

static int search_threads(const struct solve_opts *o, int32_t n)
{
    return clique_search_threads_cap(n, solve_cpus(o));
}

/* One thread of a parallel search: whole subtrees of the root, one branch at a time. */
static void *search_root_branches(void *arg)
{
    struct clique_search *s = arg;
    struct clique_shared *sh = s->shared;
    size_t row = (size_t)s->words;
    word_t *child = s->candidates + row; /* depth 1 */
    for (;;) {
        int32_t i = __atomic_fetch_sub(&sh->next_branch, 1, __ATOMIC_RELAXED);
        sync_shared(s);
        /* colours fall with i: once one branch is bounded out, so are all after it */
        if (i < 0 || s->stopped || s->best_size >= s->target || sh->root_colour[i] <= s->best_size)
            break;
        /* the root's candidates less the branches before this one (they have been searched) */
        memcpy(child, sh->root_candidates, row * sizeof *child);
        for (int32_t j = i + 1; j < sh->listed; j++)
            bit_clear(child, sh->root_branch[j]);
        int32_t v = sh->root_branch[i];
        const word_t *r = s->adj + (size_t)v * row;
        word_t any = 0;
        for (size_t w = 0; w < row; w++) {
            child[w] &= r[w];
            any |= child[w];
        }
        s->current[0] = v;
        if (any)
            expand(s, 1);
        else if (1 > s->best_size)
            record_best(s, 1);
    }
    clique_search_report(s);
    return NULL;
}

/* One thread of a search of items: whole items, one at a time, in the order listed. */
static void *search_listed_items(void *arg)
{
    struct clique_search *s = arg;
    struct clique_shared *sh = s->shared;
    for (;;) {
        int64_t i = __atomic_fetch_add(&sh->next_item, 1, __ATOMIC_RELAXED);
        sync_shared(s);
        if (i >= sh->item_count || s->stopped || s->best_size >= s->target)
            break;
        clique_search_item(s, sh->items + sh->item_at[i]);
    }
    clique_search_report(s);
    return NULL;
}

/*
 * Runs `work` on `threads` threads (s's own among them) sharing sh, whose
 * work fields the caller has set; the best clique ends in s->best. Returns
 * MVC_OK, or MVC_ENOMEM with nothing searched (the caller then searches on
 * one thread). A helper whose scratch cannot be had is left out.
 */
static int run_team(struct clique_search *s, struct clique_shared *sh, int threads,
                    void *(*work)(void *))
{
    sh->best_size = s->best_size;
    struct clique_search *helpers = calloc((size_t)threads, sizeof *helpers);
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    int status = helpers && ids && pthread_mutex_init(&sh->lock, NULL) == 0 ? MVC_OK : MVC_ENOMEM;
    sh->best = status == MVC_OK ? malloc(((size_t)s->n + 1) * sizeof *sh->best) : NULL;
    if (sh->best == NULL)
        status = MVC_ENOMEM;
    else
        memcpy(sh->best, s->best, (size_t)s->best_size * sizeof *sh->best);
    int started = 0;
    for (int t = 1; t < threads && status == MVC_OK; t++) {
        struct clique_search *h = &helpers[t];
        *h = *s;
        h->owns_graph = 0;
        h->shared = sh;
        h->nodes = h->nodes_reported = 0;
        memset(&h->maxsat, 0, sizeof h->maxsat);
        if (clique_search_scratch(h) != MVC_OK) {
            clique_search_free(h);
            break; /* fewer threads */
        }
        if (pthread_create(&ids[t], NULL, work, h) != 0) {
            clique_search_free(h);
            break;
        }
        started = t;
    }
    if (status == MVC_OK) {
        s->shared = sh;
        work(s);
        for (int t = 1; t <= started; t++) {
            pthread_join(ids[t], NULL);
            s->nodes += helpers[t].nodes;
            s->nodes_reported += helpers[t].nodes; /* each thread reported its own */
            s->maxsat.spared += helpers[t].maxsat.spared;
            s->stopped |= helpers[t].stopped;
            clique_search_free(&helpers[t]);
        }
        s->shared = NULL;
        s->best_size = sh->best_size;
        memcpy(s->best, sh->best, (size_t)sh->best_size * sizeof *s->best);
        /* a thread that reached the target set stop without being stopped */
        if (s->best_size >= s->target)
            s->stopped = 0;
        pthread_mutex_destroy(&sh->lock);
    }
    free(sh->best), free(helpers), free(ids);
    return status;
}

/*
 * The root colouring on s, then its branches shared among `threads` threads
 * (s's own thread among them); the best clique ends in s->best. Returns
 * MVC_OK; MVC_EUNSUPPORTED when the root has too few branches to share, or
 * MVC_ENOMEM when the threads cannot be set up, with nothing searched beyond
 * the root (the caller then searches on one thread).
 */
static int search_parallel(struct clique_search *s, int threads)
{
    s->nodes++;
    int32_t listed = colour_candidates(s, s->candidates, s->best_size + 1, s->branch, s->colour);
    if (threads > listed / MIN_BRANCHES_PER_THREAD)
        threads = listed / MIN_BRANCHES_PER_THREAD;
    if (threads < 2)
        return MVC_EUNSUPPORTED;
    struct clique_shared sh = {.next_branch = listed - 1,
                               .listed = listed,
                               .root_branch = s->branch,
                               .root_colour = s->colour,
                               .root_candidates = s->candidates};
    return run_team(s, &sh, threads, search_root_branches);
}

/*
 * Each item's branches as items of their own, in the order the search would
 * take them (as a busy thread hands them over), so that threads taking
 * whole items share even one item's subtree: returns them (malloc'd,
 * *ints ints) or NULL for want of memory. An item pruned by s's best or
 * with no candidates is kept as it is.
 */
static int32_t *branch_items(struct clique_search *s, const int32_t *items, size_t ints,
                             size_t *out_ints)
{
    size_t length = 0, capacity = ints + 1;
    int32_t *out = malloc(capacity * sizeof *out);
    for (size_t at = 0; out != NULL && at < ints && items[at] > 0; at += (size_t)items[at]) {
        const int32_t *item = items + at;
        int32_t depth = item[1];
        const int32_t *bits = item + CLIQUE_ITEM_HEAD + depth;
        word_t *rest = s->candidates;
        clique_item_read_set(bits, rest, s->words);
        int32_t min_colour = s->best_size - depth + 1 > 1 ? s->best_size - depth + 1 : 1;
        int32_t listed = item[2] > s->best_size
                             ? colour_candidates(s, rest, min_colour, s->branch, s->colour)
                             : 0;
        size_t one = clique_item_ints(depth + 1, s->words);
        size_t need = listed > 0 ? (size_t)listed * one : (size_t)item[0];
        if (length + need + 1 > capacity) {
            capacity = 2 * (length + need + 1);
            int32_t *grown = realloc(out, capacity * sizeof *out);
            if (grown == NULL) {
                free(out);
                return NULL;
            }
            out = grown;
        }
        if (listed == 0) {
            memcpy(out + length, item, (size_t)item[0] * sizeof *out);
            length += (size_t)item[0];
            continue;
        }
        for (int32_t i = listed - 1; i >= 0; i--) {
            int32_t v = s->branch[i];
            branch_item(s, out + length, depth, item + CLIQUE_ITEM_HEAD, v, s->colour[i], rest);
            bit_clear(rest, v);
            length += one;
        }
    }
    if (out != NULL)
        out[length] = 0;
    *out_ints = length;
    return out;
}

/*
 * The items of an orbital split (clique_orbital.h) searched by `threads`
 * threads, or in order on this one; the best clique ends in s->best.
 */
static void search_items(struct clique_search *s, const int32_t *items, size_t ints, int threads)
{
    size_t count = 0, split_ints = 0;
    int32_t *split = threads > 1 ? branch_items(s, items, ints, &split_ints) : NULL;
    const int32_t *list = split != NULL ? split : items;
    size_t list_ints = split != NULL ? split_ints : ints;
    for (size_t at = 0; at < list_ints && list[at] > 0; at += (size_t)list[at])
        count++;
    size_t *item_at = threads > 1 ? malloc((count > 0 ? count : 1) * sizeof *item_at) : NULL;
    if (item_at != NULL) {
        size_t i = 0;
        for (size_t at = 0; at < list_ints && list[at] > 0; at += (size_t)list[at])
            item_at[i++] = at;
        if ((size_t)threads > count)
            threads = count > 1 ? (int)count : 1;
        struct clique_shared sh = {.items = list, .item_at = item_at, .item_count = (int64_t)count};
        if (threads > 1 && run_team(s, &sh, threads, search_listed_items) == MVC_OK)
            count = 0; /* searched */
    }
    for (size_t at = 0; count > 0 && at < list_ints && list[at] > 0; at += (size_t)list[at])
        clique_search_item(s, list + at);
    free(item_at), free(split);
}

int solve_clique(const struct graph *g, const struct solve_opts *o, struct cover *out,
                 struct solve_stats *st, struct error *err)
{
    struct clique_search s;
    memset(&s, 0, sizeof s);
    s.opts = o;
    s.start = clock_seconds();
    if (cover_init(out, g->n) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for a cover of %ld vertices", (long)g->n);
    if (g->n == 0) {
        st->solver = "clique";
        st->proven = 1;
        return o->k >= 0 ? SOLVE_FOUND : SOLVE_OPTIMAL;
    }
    if (g->n > CLIQUE_MAX_VERTICES || search_init(&s, g) != MVC_OK) {
        clique_search_free(&s);
        return error_set(err, MVC_ENOMEM, "out of memory for the dense-graph search (%ld vertices)",
                         (long)g->n);
    }
    s.use_maxsat = !o->clique.colour_bound_only && maxsat_pays(g);
    initial_clique(&s);
    progress_improve(o->report, g->n - s.best_size);
    st->t_upper = clock_seconds() - s.start;
    st->greedy_size = g->n - s.best_size;
    /* PVC: a cover of size <= k is an independent set of size >= n - k */
    s.target = o->k >= 0 ? (int32_t)(g->n - o->k > 0 ? g->n - o->k : 0) : g->n + 1;
    adopt_held(&s);
    /* the set-up and the first clique may have used a short limit up (the quick try's 2 ms) */
    poll_stop(&s);
    if (s.best_size < s.target && !s.stopped) {
        memset(s.candidates, 0xff, (size_t)s.words * sizeof *s.candidates);
        if (g->n % WORD_BITS)
            s.candidates[s.words - 1] = ((word_t)1 << (g->n % WORD_BITS)) - 1;
        int threads = search_threads(o, g->n);
        int32_t *items = NULL;
        size_t item_ints = 0;
        if (!o->clique.local && !o->clique.no_symmetry) {
            int64_t split = clique_orbital_split(&s, &items, &item_ints, &st->symmetry);
            if (split < 0) {
                clique_search_free(&s);
                return error_set(err, (int)split, "out of memory for the orbital split");
            }
        }
        struct dist_link *world =
            o->clique.local || g->n < DIST_MIN_VERTICES ? NULL : world_claim();
        int spread = world != NULL &&
                     clique_dist_search(&s, world, threads, items, item_ints, &st->ranks) == MVC_OK;
        if (world != NULL)
            world_release();
        if (!spread && items != NULL) {
            search_items(&s, items, item_ints, threads);
        } else if (!spread && (threads <= 1 || search_parallel(&s, threads) != MVC_OK)) {
            s.nodes = s.nodes_reported = 0;
            expand(&s, 0);
        }
        free(items);
        clique_search_report(&s);
    }
    /* a clique held beside that the search pruned with is the answer if larger */
    adopt_held(&s);
    memset(out->in, 1, (size_t)g->n);
    out->size = g->n;
    for (int32_t i = 0; i < s.best_size; i++) {
        out->in[s.order[s.best[i]]] = 0;
        out->size--;
    }
    st->solver = "clique";
    st->nodes = s.nodes;
    st->maxsat_spared = s.maxsat.spared;
    st->best = out->size;
    st->t_search = clock_seconds() - s.start - st->t_upper;
    int outcome;
    if (o->k >= 0) {
        if (out->size <= o->k)
            outcome = SOLVE_FOUND;
        else
            outcome = s.stopped ? SOLVE_STOPPED : SOLVE_NO_COVER;
    } else {
        outcome = s.stopped ? SOLVE_STOPPED : SOLVE_OPTIMAL;
    }
    st->proven = outcome != SOLVE_STOPPED;
    if (st->proven && o->k < 0)
        st->lower_bound = out->size;
    if (outcome == SOLVE_NO_COVER && st->lower_bound <= o->k)
        st->lower_bound = (int32_t)o->k + 1; /* proven: no cover of k vertices or fewer */
    progress_lower(o->report, st->lower_bound);
    clique_search_free(&s);
    return outcome;
}
