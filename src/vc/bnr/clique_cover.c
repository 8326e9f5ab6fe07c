/* Greedy clique covers with iterated-greedy improvement: see clique_cover.h. */
#include "clique_cover.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "random.h"

struct placement {
    const struct graph *g;
    int32_t *order;       /* the vertices in the order they are placed */
    int32_t *clique_of;   /* per vertex, -1 before it is placed */
    int32_t *clique_size; /* per clique */
    int32_t *hits;        /* per clique: scratch, zero between vertices */
    int32_t *touched;     /* cliques with hits */
    int32_t *bucket;      /* counting-sort offsets, n + 2 entries */
    int32_t *key;         /* per vertex: scratch sort key */
    int32_t *rank;        /* per clique: its place in the next round's order */
};

/* The scratch of one cover of g: MVC_OK, or MVC_ENOMEM (placement_close it either way). */
static int placement_open(struct placement *p, const struct graph *g)
{
    size_t n = (size_t)g->n + 2;
    *p = (struct placement){g,
                            malloc(n * sizeof *p->order),
                            malloc(n * sizeof *p->clique_of),
                            calloc(n, sizeof *p->clique_size),
                            calloc(n, sizeof *p->hits),
                            malloc(n * sizeof *p->touched),
                            malloc(n * sizeof *p->bucket),
                            malloc(n * sizeof *p->key),
                            malloc(n * sizeof *p->rank)};
    return p->order && p->clique_of && p->clique_size && p->hits && p->touched && p->bucket &&
                   p->key && p->rank
               ? MVC_OK
               : MVC_ENOMEM;
}

static void placement_close(struct placement *p)
{
    free(p->order), free(p->clique_of), free(p->clique_size), free(p->hits), free(p->touched);
    free(p->bucket), free(p->key), free(p->rank);
}

/*
 * One pass: each vertex in order joins a clique all of whose members are its
 * neighbours, the largest such (greedy) or the first opened (first fit), or
 * opens a new one. Returns the number of cliques.
 */
static int32_t place_all(struct placement *p, int first_fit)
{
    const struct graph *g = p->g;
    int32_t cliques = 0;
    for (int32_t v = 0; v < g->n; v++)
        p->clique_of[v] = -1;
    for (int32_t i = 0; i < g->n; i++) {
        int32_t v = p->order[i], t = 0, chosen = -1;
        for (int64_t j = g->offsets[v]; j < g->offsets[v + 1]; j++) {
            int32_t c = p->clique_of[g->adj[j]];
            if (c >= 0 && p->hits[c]++ == 0)
                p->touched[t++] = c;
        }
        for (int32_t j = 0; j < t; j++) {
            int32_t c = p->touched[j];
            if (p->hits[c] == p->clique_size[c] &&
                (chosen < 0 ||
                 (first_fit ? c < chosen : p->clique_size[c] > p->clique_size[chosen])))
                chosen = c;
            p->hits[c] = 0;
        }
        if (chosen >= 0) {
            p->clique_size[chosen]++;
        } else {
            chosen = cliques++;
            p->clique_size[chosen] = 1;
        }
        p->clique_of[v] = chosen;
    }
    return cliques;
}

/* order := the vertices sorted by key[v] in 0..max_key, stably (counting sort). */
static void sort_by_key(struct placement *p, const int32_t *key_of, int32_t max_key)
{
    const struct graph *g = p->g;
    memset(p->bucket, 0, ((size_t)max_key + 2) * sizeof *p->bucket);
    for (int32_t v = 0; v < g->n; v++)
        p->bucket[key_of[v] + 1]++;
    for (int32_t k = 0; k <= max_key; k++)
        p->bucket[k + 1] += p->bucket[k];
    for (int32_t v = 0; v < g->n; v++)
        p->order[p->bucket[key_of[v]]++] = v;
}

/*
 * One round of iterated greedy: the vertices clique by clique, the `cliques`
 * cliques in the order of p->rank, each vertex into the first clique it
 * fits. Every old clique fits whole into the first new one its first vertex
 * opened or joined, so the round never needs more cliques. Returns how many.
 */
static int32_t regroup(struct placement *p, int32_t cliques)
{
    for (int32_t v = 0; v < p->g->n; v++)
        p->key[v] = p->rank[p->clique_of[v]];
    sort_by_key(p, p->key, cliques - 1);
    return place_all(p, 1);
}

/* Largest clique first on even rounds, smallest first on odd ones: 0..n. */
static int32_t size_key(const struct placement *p, int32_t c, int round)
{
    return round % 2 ? p->clique_size[c] : p->g->n - p->clique_size[c];
}

/* A clique other than `not` all of whose members are neighbours of v, or -1. */
static int32_t clique_fitting(struct placement *p, int32_t v, int32_t not )
{
    const struct graph *g = p->g;
    int32_t t = 0, found = -1;
    for (int64_t j = g->offsets[v]; j < g->offsets[v + 1]; j++) {
        int32_t c = p->clique_of[g->adj[j]];
        if (p->hits[c]++ == 0)
            p->touched[t++] = c;
    }
    for (int32_t j = 0; j < t; j++) {
        int32_t c = p->touched[j];
        if (found < 0 && c != not &&c != p->clique_of[v] && p->hits[c] == p->clique_size[c])
            found = c;
        p->hits[c] = 0;
    }
    return found;
}

/*
 * Singletons re-homed: a clique {u} takes a neighbour w out of a pair {w, x}
 * when x then fits whole into another clique, one clique fewer. Greedy
 * orders leave such knots where a vertex of equal degree joined the wrong
 * clique: on the 3-SAT reductions of PACE 2019 a literal that joined one
 * vertex of its clause triangle left its negation alone and the triangle
 * split (vc-exact_131: 1,072 cliques, 1,060 after this). Returns the number
 * of cliques, renumbered 0..count-1.
 */
static int32_t rehome_singletons(struct placement *p, int32_t cliques)
{
    const struct graph *g = p->g;
    int32_t gone = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int32_t u = 0; u < g->n; u++) {
            int32_t cu = p->clique_of[u];
            if (p->clique_size[cu] != 1)
                continue;
            for (int64_t j = g->offsets[u]; j < g->offsets[u + 1]; j++) {
                int32_t w = g->adj[j], cw = p->clique_of[w];
                if (p->clique_size[cw] != 2)
                    continue;
                int32_t x = -1;
                for (int64_t i = g->offsets[w]; i < g->offsets[w + 1] && x < 0; i++)
                    if (p->clique_of[g->adj[i]] == cw)
                        x = g->adj[i];
                p->clique_of[w] = cu; /* w joins u; x is left alone in cw */
                p->clique_size[cu] = 2;
                p->clique_size[cw] = 1;
                int32_t d = clique_fitting(p, x, cw);
                if (d < 0) {
                    p->clique_of[w] = cw; /* no home for x: undo */
                    p->clique_size[cu] = 1;
                    p->clique_size[cw] = 2;
                    continue;
                }
                p->clique_of[x] = d;
                p->clique_size[d]++;
                p->clique_size[cw] = 0;
                gone++;
                changed = 1;
                break;
            }
        }
    }
    if (gone == 0)
        return cliques;
    /* renumber the cliques left, in order */
    int32_t *new_id = p->bucket, count = 0;
    for (int32_t c = 0; c < cliques; c++)
        new_id[c] = p->clique_size[c] > 0 ? count++ : -1;
    for (int32_t v = 0; v < g->n; v++)
        p->clique_of[v] = new_id[p->clique_of[v]];
    for (int32_t c = 0; c < cliques; c++)
        if (new_id[c] >= 0)
            p->clique_size[new_id[c]] = p->clique_size[c];
    return count;
}

int clique_cover_partition(const struct graph *g, int rounds, int32_t *clique_of, int32_t *count)
{
    size_t n = (size_t)g->n + 2;
    struct placement p;
    int status = placement_open(&p, g);
    if (status != MVC_OK)
        goto out;

    /* the greedy cover: vertices by increasing degree, each into the largest clique it fits */
    for (int32_t v = 0; v < g->n; v++)
        p.key[v] = graph_degree(g, v);
    sort_by_key(&p, p.key, g->n);
    int32_t cliques = rehome_singletons(&p, place_all(&p, 0));

    /*
     * Iterated greedy (regroup): the cliques largest first (smallest first on
     * odd rounds). No round needs more cliques than the one before, and the
     * reordering undoes the first pass's mistakes: on graphs of triangles and
     * edges, a triangle's vertex that joined a hub of equal degree splits the
     * triangle, and a round puts it back.
     */
    for (int round = 0; round < rounds && cliques > 0; round++) {
        /* rank[c]: clique c's place in the new order (a counting sort of the cliques by size) */
        memset(p.bucket, 0, n * sizeof *p.bucket);
        for (int32_t c = 0; c < cliques; c++)
            p.bucket[size_key(&p, c, round) + 1]++;
        for (int32_t k = 0; k <= g->n; k++)
            p.bucket[k + 1] += p.bucket[k];
        for (int32_t c = 0; c < cliques; c++)
            p.rank[c] = p.bucket[size_key(&p, c, round)]++;
        int32_t made = regroup(&p, cliques);
        if (made == cliques)
            break; /* settled: another round in the same orders changes nothing */
        cliques = made;
    }

    /* before and after the rounds, which never need more cliques: so neither do more rounds */
    cliques = rehome_singletons(&p, cliques);
    memcpy(clique_of, p.clique_of, (size_t)g->n * sizeof *clique_of);
    *count = cliques;
out:
    placement_close(&p);
    return status;
}

int clique_cover_shake(const struct graph *g, int rounds, int patience, uint64_t seed,
                       const struct deadline *deadline, int32_t *clique_of, int32_t *count)
{
    struct placement p;
    int status = placement_open(&p, g);
    if (status != MVC_OK)
        goto out;
    int32_t cliques = *count;
    for (int32_t v = 0; v < g->n; v++) {
        p.clique_of[v] = clique_of[v];
        p.clique_size[clique_of[v]]++;
    }
    /* each round regroups in a random order of the cliques */
    uint64_t state = seed;
    for (int round = 0, idle = 0;
         round < rounds && idle < patience && cliques > 1 && !deadline_passed(deadline); round++) {
        for (int32_t c = 0; c < cliques; c++)
            p.rank[c] = c;
        for (int32_t c = cliques - 1; c > 0; c--) {
            int32_t j = (int32_t)(random_next(&state) % (uint64_t)(c + 1)), t = p.rank[c];
            p.rank[c] = p.rank[j];
            p.rank[j] = t;
        }
        int32_t made = regroup(&p, cliques);
        idle = made < cliques ? 0 : idle + 1;
        cliques = made;
    }
    cliques = rehome_singletons(&p, cliques);
    /* an equal count in another partition is no gain, and it changes what is searched next */
    if (cliques < *count) {
        memcpy(clique_of, p.clique_of, (size_t)g->n * sizeof *clique_of);
        *count = cliques;
    }
out:
    placement_close(&p);
    return status;
}

int clique_cover_joins(const struct graph *g, const int32_t *component_of, int rounds,
                       int32_t *joins)
{
    int32_t *clique_of = malloc(((size_t)g->n + 1) * sizeof *clique_of);
    uint8_t *opened = calloc((size_t)g->n + 1, 1);
    int32_t cliques;
    int status = MVC_ENOMEM;
    if (clique_of != NULL && opened != NULL &&
        (status = clique_cover_partition(g, rounds, clique_of, &cliques)) == MVC_OK)
        /* all but one vertex of each clique joined it */
        for (int32_t v = 0; v < g->n; v++) {
            if (opened[clique_of[v]])
                joins[component_of[v]]++;
            opened[clique_of[v]] = 1;
        }
    free(clique_of), free(opened);
    return status;
}
