/*
 * The split grows a list of nodes, each a clique chosen so far and its
 * candidates P, from the root, one level at a time. Expanding a node takes
 * the largest orbit O of Aut(G[P]) (largest: it removes the most branches
 * at once), puts the node through O's first vertex on the list as a node of
 * the next level, and goes on with P less O and the group of what is left,
 * until that group has no orbit worth a split or the colour bound of P
 * leaves no room for a larger clique; what is left then is an item. Level
 * by level, so that a budget spent runs out evenly over the tree (one
 * depth-first walk spent it all under keller5's first root orbit, leaving
 * the others unsplit and a search 12 times longer), and no node's orbits are
 * computed twice. Nodes not expanded when the budget or the time runs out
 * become items as they are; the list keeps the depth-first order, the
 * order in which the search would meet them.
 */
#include "clique_orbital.h"

#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "deadline.h"
#include "error.h"
#include "orbits.h"
#include "solve.h"

/* Orbits branched on at most: each costs a call of nauty (about 3 ms on keller5's). */
#define ORBITAL_MAX_SPLITS 1024
/*
 * The split's time at most, and at most this share of the time left before
 * the deadline: a graph whose orbits go on and on (the 120-cell's: more
 * than 700 orbits after 2.6 s) must leave its search the time.
 */
#define ORBITAL_MAX_SECONDS 1.0
#define ORBITAL_DEADLINE_SHARE 0.25
/*
 * Smaller orbits are not branched on: a split spares |O| - 1 branches for a
 * call of nauty and a subproblem of its own, and on DIMACS MANN_a27, whose
 * subproblems have chains of orbits of 2 to 4 vertices, splitting them made
 * the search 8 times longer (0.23 s against 0.03 s, 34,338 nodes against
 * 8,356), where orbits of 8 and more leave it at 0.03 s (6,645 nodes) and
 * keep keller5's gain.
 */
#define ORBITAL_MIN_ORBIT 8

/* A list of nodes: items (clique_search.h) and whether each still waits to be expanded. */
struct node_list {
    int32_t *ints; /* items, then a 0 */
    size_t length, capacity;
    uint8_t *waiting; /* per node */
    int64_t count, room;
};

struct splitter {
    struct clique_search *s; /* its scratch colours the parts */
    int32_t best;            /* the clique to beat */
    int32_t words;
    int32_t *clique;             /* the clique of the node at hand (n) */
    uint64_t *set;               /* its candidates, less the orbits branched on so far */
    uint64_t *orbit_set, *child; /* a row each */
    int32_t *members;            /* the candidates, their orbits, orbit sizes (n each) */
    int32_t *orbit, *size;
    struct node_list next;
    int64_t splits;
    double log10_root, ends;
    int status;
};

static const uint64_t *row_of(const struct splitter *sp, int32_t v)
{
    return sp->s->adj + (size_t)v * (size_t)sp->words;
}

/*
 * Room at the end of l for one more node of `ints` ints (and the closing 0),
 * counted and marked waiting or not; NULL for want of memory.
 */
static int32_t *add_node(struct splitter *sp, struct node_list *l, size_t ints, int waiting)
{
    if (l->length + ints + 1 > l->capacity) {
        size_t capacity = 2 * (l->length + ints + 1);
        int32_t *grown = realloc(l->ints, capacity * sizeof *grown);
        if (grown == NULL) {
            sp->status = MVC_ENOMEM;
            return NULL;
        }
        l->ints = grown, l->capacity = capacity;
    }
    if (l->count == l->room) {
        int64_t room = 2 * l->room + 64;
        uint8_t *grown = realloc(l->waiting, (size_t)room * sizeof *grown);
        if (grown == NULL) {
            sp->status = MVC_ENOMEM;
            return NULL;
        }
        l->waiting = grown, l->room = room;
    }
    int32_t *node = l->ints + l->length;
    l->length += ints;
    l->ints[l->length] = 0;
    l->waiting[l->count++] = (uint8_t)waiting;
    return node;
}

/* Appends the node (clique[0 .. depth), set) with its bound to l. */
static void append(struct splitter *sp, struct node_list *l, int32_t depth, const int32_t *clique,
                   const uint64_t *set, int32_t bound, int waiting)
{
    size_t one = clique_item_ints(depth, sp->words);
    int32_t *item = add_node(sp, l, one, waiting);
    if (item == NULL)
        return;
    item[0] = (int32_t)one;
    item[1] = depth;
    item[2] = bound;
    memcpy(item + CLIQUE_ITEM_HEAD, clique, (size_t)depth * sizeof *item);
    clique_item_write_set(item + CLIQUE_ITEM_HEAD + depth, set, sp->words);
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

static int out_of_budget(const struct splitter *sp)
{
    return sp->splits >= ORBITAL_MAX_SPLITS || clock_seconds() >= sp->ends ||
           deadline_passed(&sp->s->opts->deadline);
}

/*
 * Expands the node (sp->clique[0 .. depth), sp->set) onto sp->next: a
 * waiting node for each orbit branched on, then what is left as an item.
 * colours: sp->set's colour bound where known (a waiting node's, worked out
 * when it was added), else -1.
 */
static void expand_node(struct splitter *sp, int32_t depth, int32_t colours)
{
    int32_t words = sp->words;
    uint64_t *set = sp->set;
    while (sp->status == MVC_OK) {
        int32_t count = list_members(sp, set);
        if (depth + count <= sp->best)
            return;
        int32_t bound = colours >= 0 ? colours : clique_search_colours(sp->s, set);
        colours = -1; /* set loses an orbit below */
        if (depth + bound <= sp->best)
            return;
        int32_t orbits = count;
        double log10_group = 0;
        if (count > 0 && !out_of_budget(sp))
            orbits =
                orbits_of_subgraph(sp->s->adj, words, sp->members, count, sp->orbit, &log10_group);
        if (orbits < 0) {
            sp->status = orbits;
            return;
        }
        if (depth == 0 && sp->splits == 0)
            sp->log10_root = log10_group;
        int32_t first = orbits < count ? largest_orbit(sp, count) : 0;
        if (orbits == count || sp->size[first] < ORBITAL_MIN_ORBIT) {
            append(sp, &sp->next, depth, sp->clique, set, depth + bound, 0);
            return;
        }
        int32_t v = sp->members[first];
        memset(sp->orbit_set, 0, (size_t)words * sizeof *sp->orbit_set);
        for (int32_t i = 0; i < count; i++)
            if (sp->orbit[i] == first)
                sp->orbit_set[sp->members[i] / 64] |= (uint64_t)1 << (sp->members[i] % 64);
        sp->splits++;
        /* the cliques through v: a node of the next level, unless bounded out at once */
        const uint64_t *r = row_of(sp, v);
        for (int32_t w = 0; w < words; w++)
            sp->child[w] = set[w] & r[w];
        int32_t child_bound = clique_search_colours(sp->s, sp->child);
        if (depth + 1 + child_bound > sp->best) {
            sp->clique[depth] = v;
            append(sp, &sp->next, depth + 1, sp->clique, sp->child, depth + 1 + child_bound, 1);
        }
        /* then those that avoid the orbit */
        for (int32_t w = 0; w < words; w++)
            set[w] &= ~sp->orbit_set[w];
    }
}

/* One level: every waiting node of `now` expanded (while the budget lasts) onto sp->next. */
static void expand_level(struct splitter *sp, const struct node_list *now)
{
    size_t at = 0;
    for (int64_t i = 0; i < now->count && sp->status == MVC_OK; i++) {
        const int32_t *item = now->ints + at;
        at += (size_t)item[0];
        if (!now->waiting[i] || out_of_budget(sp)) { /* kept as it is, an item now */
            int32_t *copy = add_node(sp, &sp->next, (size_t)item[0], 0);
            if (copy != NULL)
                memcpy(copy, item, (size_t)item[0] * sizeof *copy);
            continue;
        }
        int32_t depth = item[1];
        memcpy(sp->clique, item + CLIQUE_ITEM_HEAD, (size_t)depth * sizeof *sp->clique);
        clique_item_read_set(item + CLIQUE_ITEM_HEAD + depth, sp->set, sp->words);
        expand_node(sp, depth, item[2] - depth);
    }
}

static void list_free(struct node_list *l)
{
    free(l->ints), free(l->waiting);
    memset(l, 0, sizeof *l);
}

static int any_waiting(const struct node_list *l)
{
    for (int64_t i = 0; i < l->count; i++)
        if (l->waiting[i])
            return 1;
    return 0;
}

int64_t clique_orbital_split(struct clique_search *s, int32_t **items, size_t *ints,
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
    double budget = ORBITAL_MAX_SECONDS;
    if (deadline_limited(&s->opts->deadline) &&
        ORBITAL_DEADLINE_SHARE * deadline_left(&s->opts->deadline) < budget)
        budget = ORBITAL_DEADLINE_SHARE * deadline_left(&s->opts->deadline);
    sp->ends = start + budget;
    size_t row = (size_t)s->words, n = (size_t)s->n;
    sp->clique = malloc((n + 1) * sizeof *sp->clique);
    sp->set = malloc(3 * row * sizeof *sp->set);
    sp->members = malloc(n * sizeof *sp->members);
    sp->orbit = malloc(n * sizeof *sp->orbit);
    sp->size = malloc(n * sizeof *sp->size);
    sp->status =
        sp->clique && sp->set && sp->members && sp->orbit && sp->size ? MVC_OK : MVC_ENOMEM;
    struct node_list now = {0};
    if (sp->status == MVC_OK) {
        sp->orbit_set = sp->set + row, sp->child = sp->set + 2 * row;
        /* the root: nothing chosen, every vertex a candidate */
        memset(sp->set, 0, row * sizeof *sp->set);
        for (int32_t v = 0; v < s->n; v++)
            sp->set[v / 64] |= (uint64_t)1 << (v % 64);
        expand_node(sp, 0, -1);
    }
    while (sp->status == MVC_OK && sp->splits > 0 && any_waiting(&sp->next)) {
        list_free(&now);
        now = sp->next;
        memset(&sp->next, 0, sizeof sp->next);
        expand_level(sp, &now);
    }
    orbits_release();
    int64_t result = 0;
    if (sp->status == MVC_OK && sp->splits > 0) {
        if (sp->next.ints == NULL) /* nothing left: no clique beats the best */
            sp->next.ints = calloc(1, sizeof *sp->next.ints);
        if (sp->next.ints == NULL)
            sp->status = MVC_ENOMEM;
    }
    if (sp->status != MVC_OK) {
        result = sp->status;
    } else if (sp->splits > 0) {
        *items = sp->next.ints, *ints = sp->next.length;
        sp->next.ints = NULL;
        result = sp->next.count;
        st->log10_group = sp->log10_root;
        st->splits = sp->splits;
        st->items = sp->next.count;
    }
    st->seconds = clock_seconds() - start;
    list_free(&now), list_free(&sp->next);
    free(sp->clique), free(sp->set), free(sp->members), free(sp->orbit), free(sp->size), free(sp);
    return result;
}
