/*
 * The split is a depth-first walk over the orbital branches: at a node with
 * candidates P, the largest orbit O of Aut(G[P]) (largest: it removes the
 * most branches at once); the branch through O's first vertex is split in
 * turn, then P loses O and the walk goes on with the group of what is left,
 * until that group is trivial or the colour bound of P leaves no room for a
 * larger clique. A node whose group is trivial, or past the walk's limits,
 * becomes an item.
 *
 * The walk is repeated one level deeper at a time (iterative deepening)
 * while it stays within its budget of orbits: a single walk with the budget
 * alone spends it all along the first branches (DIMACS keller5: 4,096
 * orbits at depths up to 40 under the first root orbit, the others' items
 * left unsplit, and a search 12 times longer than with two levels
 * everywhere).
 */
#include "clique_orbital.h"

#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "deadline.h"
#include "error.h"
#include "orbits.h"
#include "solve.h"

/* Orbits branched on at most in one walk: each costs a call of nauty (about a millisecond on
 * keller5's). */
#define ORBITAL_MAX_SPLITS 1024
/*
 * Smaller orbits are not branched on: a split spares |O| - 1 branches for a
 * call of nauty and a subproblem of its own, and on DIMACS MANN_a27, whose
 * subproblems have chains of orbits of 2 to 4 vertices, splitting them made
 * the search 8 times longer (0.23 s against 0.03 s, 34,338 nodes against
 * 8,356), where orbits of 8 and more leave it at 0.03 s (6,645 nodes) and
 * keep keller5's gain.
 */
#define ORBITAL_MIN_ORBIT 8
/* Vertices chosen at most along one branch: deeper nodes are left as items. */
#define ORBITAL_MAX_DEPTH 256

struct splitter {
    const struct clique_search *s;
    int32_t best; /* the clique to beat */
    int32_t words;
    int32_t clique[ORBITAL_MAX_DEPTH + 1];
    uint64_t *sets;   /* per depth: the candidates, then the orbit branched on */
    uint64_t *spare;  /* two rows for the colouring */
    int32_t *members; /* the candidates of the node at hand, its orbits, orbit sizes */
    int32_t *orbit, *size;
    int32_t *out; /* the items */
    size_t ints, capacity;
    int64_t splits, items;
    int32_t max_depth; /* this walk's */
    int deeper;        /* a node was left as an item at max_depth */
    int over;          /* the budget or the deadline ran out */
    double log10_root;
    int status;
};

static uint64_t *candidates_at(struct splitter *sp, int32_t depth)
{
    return sp->sets + (size_t)depth * 2 * (size_t)sp->words;
}

static const uint64_t *row_of(const struct splitter *sp, int32_t v)
{
    return sp->s->adj + (size_t)v * (size_t)sp->words;
}

/* Colours of a greedy colouring of G[set] in search order: no clique of G[set] has more vertices.
 */
static int32_t colour_bound(struct splitter *sp, const uint64_t *set)
{
    int32_t words = sp->words, colours = 0;
    uint64_t *uncoloured = sp->spare, *klass = sp->spare + words;
    memcpy(uncoloured, set, (size_t)words * sizeof *uncoloured);
    for (int32_t first = 0;;) {
        while (first < words && uncoloured[first] == 0)
            first++;
        if (first == words)
            return colours;
        colours++;
        for (int32_t w = first; w < words; w++)
            klass[w] = uncoloured[w];
        for (int32_t w = first; w < words; w++)
            while (klass[w]) {
                int32_t v = w * 64 + __builtin_ctzll(klass[w]);
                klass[w] &= klass[w] - 1;
                uncoloured[w] &= ~((uint64_t)1 << (v % 64));
                const uint64_t *r = row_of(sp, v);
                for (int32_t x = w; x < words; x++)
                    klass[x] &= ~r[x];
            }
    }
}

/* The node at `depth` (clique[0 .. depth), candidates set) as an item with the given bound. */
static void emit(struct splitter *sp, int32_t depth, const uint64_t *set, int32_t bound)
{
    size_t one = clique_item_ints(depth, sp->words);
    if (sp->ints + one + 1 > sp->capacity) {
        size_t capacity = 2 * (sp->ints + one + 1);
        int32_t *grown = realloc(sp->out, capacity * sizeof *grown);
        if (grown == NULL) {
            sp->status = MVC_ENOMEM;
            return;
        }
        sp->out = grown, sp->capacity = capacity;
    }
    int32_t *item = sp->out + sp->ints;
    item[0] = (int32_t)one;
    item[1] = depth;
    item[2] = bound;
    memcpy(item + CLIQUE_ITEM_HEAD, sp->clique, (size_t)depth * sizeof *item);
    int32_t *bits = item + CLIQUE_ITEM_HEAD + depth;
    for (int32_t w = 0; w < sp->words; w++) {
        bits[2 * w] = (int32_t)(uint32_t)set[w];
        bits[2 * w + 1] = (int32_t)(uint32_t)(set[w] >> 32);
    }
    sp->ints += one;
    sp->out[sp->ints] = 0;
    sp->items++;
}

/* The members of set into sp->members; returns how many. */
static int32_t list_members(struct splitter *sp, const uint64_t *set)
{
    int32_t count = 0;
    for (int32_t w = 0; w < sp->words; w++)
        for (uint64_t bits = set[w]; bits; bits &= bits - 1)
            sp->members[count++] = w * 64 + __builtin_ctzll(bits);
    return count;
}

/* The index in members of the first member of the largest orbit (the first of the largest). */
static int32_t largest_orbit(struct splitter *sp, int32_t count)
{
    memset(sp->size, 0, (size_t)count * sizeof *sp->size);
    int32_t largest = 0;
    for (int32_t i = 0; i < count; i++)
        if (++sp->size[sp->orbit[i]] > sp->size[largest])
            largest = sp->orbit[i];
    return largest;
}

static void split(struct splitter *sp, int32_t depth)
{
    int32_t words = sp->words;
    uint64_t *set = candidates_at(sp, depth), *orbit_set = set + words;
    const struct deadline *d = &sp->s->opts->deadline;
    while (sp->status == MVC_OK) {
        int32_t count = list_members(sp, set);
        if (depth + count <= sp->best)
            return;
        int32_t bound = colour_bound(sp, set);
        if (depth + bound <= sp->best)
            return;
        if (count > 0 && depth >= sp->max_depth)
            sp->deeper = 1;
        else if (count > 0 && (sp->splits >= ORBITAL_MAX_SPLITS || deadline_passed(d)))
            sp->over = 1;
        if (count == 0 || depth >= sp->max_depth || sp->over) {
            emit(sp, depth, set, depth + bound);
            return;
        }
        double log10_group;
        int orbits =
            orbits_of_subgraph(sp->s->adj, words, sp->members, count, sp->orbit, &log10_group);
        if (orbits < 0) {
            sp->status = orbits;
            return;
        }
        if (sp->splits == 0 && depth == 0)
            sp->log10_root = log10_group;
        int32_t first = largest_orbit(sp, count), v = sp->members[first];
        if (sp->size[first] < ORBITAL_MIN_ORBIT) {
            emit(sp, depth, set, depth + bound);
            return;
        }
        memset(orbit_set, 0, (size_t)words * sizeof *orbit_set);
        for (int32_t i = 0; i < count; i++)
            if (sp->orbit[i] == first)
                orbit_set[sp->members[i] / 64] |= (uint64_t)1 << (sp->members[i] % 64);
        sp->splits++;
        /* the cliques through v */
        sp->clique[depth] = v;
        uint64_t *child = candidates_at(sp, depth + 1);
        const uint64_t *r = row_of(sp, v);
        for (int32_t w = 0; w < words; w++)
            child[w] = set[w] & r[w];
        split(sp, depth + 1);
        /* then those that avoid the orbit */
        for (int32_t w = 0; w < words; w++)
            set[w] &= ~orbit_set[w];
    }
}

/* One walk from the root, splitting nodes above max_depth. */
static void split_walk(struct splitter *sp, int32_t max_depth)
{
    sp->ints = 0, sp->items = 0, sp->splits = 0;
    sp->deeper = 0, sp->over = 0;
    sp->max_depth = max_depth;
    uint64_t *root = candidates_at(sp, 0);
    memset(root, 0, (size_t)sp->words * sizeof *root);
    for (int32_t v = 0; v < sp->s->n; v++)
        root[v / 64] |= (uint64_t)1 << (v % 64);
    split(sp, 0);
}

int64_t clique_orbital_split(const struct clique_search *s, int32_t **items, size_t *ints,
                             struct symmetry_stats *st)
{
    double start = clock_seconds();
    *items = NULL, *ints = 0;
    memset(st, 0, sizeof *st);
    if (!orbits_available() || s->n < ORBITAL_MIN_VERTICES || s->n > ORBITS_MAX_VERTICES)
        return 0;
    struct splitter *sp = calloc(1, sizeof *sp);
    if (sp == NULL)
        return MVC_ENOMEM;
    sp->s = s;
    sp->best = s->best_size;
    sp->words = s->words;
    size_t row = (size_t)s->words, n = (size_t)s->n;
    sp->sets = calloc((ORBITAL_MAX_DEPTH + 2) * 2 * row, sizeof *sp->sets);
    sp->spare = malloc(2 * row * sizeof *sp->spare);
    sp->members = malloc(n * sizeof *sp->members);
    sp->orbit = malloc(n * sizeof *sp->orbit);
    sp->size = malloc(n * sizeof *sp->size);
    sp->status =
        sp->sets && sp->spare && sp->members && sp->orbit && sp->size ? MVC_OK : MVC_ENOMEM;
    /* the deepest walk within the budget (the first one even past it: its items are sound) */
    for (int32_t depth = 1; sp->status == MVC_OK && depth <= ORBITAL_MAX_DEPTH; depth++) {
        split_walk(sp, depth);
        if (sp->status != MVC_OK || (sp->over && *items != NULL) || sp->splits == 0)
            break;
        if (sp->out == NULL) /* none left: no clique beats the best */
            sp->out = calloc(1, sizeof *sp->out);
        if (sp->out == NULL) {
            sp->status = MVC_ENOMEM;
            break;
        }
        free(*items);
        *items = sp->out, *ints = sp->ints;
        sp->out = NULL, sp->capacity = 0;
        st->log10_group = sp->log10_root;
        st->splits = sp->splits;
        st->items = sp->items;
        if (sp->over || !sp->deeper)
            break;
    }
    orbits_release();
    int64_t result = st->items;
    if (sp->status != MVC_OK) {
        free(*items);
        *items = NULL, *ints = 0;
        memset(st, 0, sizeof *st);
        result = sp->status;
    }
    st->seconds = clock_seconds() - start;
    free(sp->out), free(sp->sets), free(sp->spare), free(sp->members), free(sp->orbit);
    free(sp->size), free(sp);
    return result;
}
