/*
 * nauty's sparse interface on the subgraph: the graph handed over is G[S] or
 * its complement, whichever has fewer edges (both have the same
 * automorphisms), so that the dense clique graphs of the DIMACS set cost
 * nauty no more than their sparse complements.
 */
#include "config.h"

#include "orbits.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"

#ifdef HAVE_NAUTY
#include <nausparse.h>
#include <pthread.h>

/*
 * bnr's branching threads and the clique search call nauty at once. A nauty
 * built with thread-local storage (HAVE_TLS, as Debian's is) keeps a
 * workspace per thread; one built without it shares one, and its calls take
 * turns.
 */
#if HAVE_TLS
static void nauty_enter(void)
{
}
static void nauty_leave(void)
{
}
#else
static pthread_mutex_t nauty_turn = PTHREAD_MUTEX_INITIALIZER;
static void nauty_enter(void)
{
    pthread_mutex_lock(&nauty_turn);
}
static void nauty_leave(void)
{
    pthread_mutex_unlock(&nauty_turn);
}
#endif
#endif

int orbits_available(void)
{
#ifdef HAVE_NAUTY
    return 1;
#else
    return 0;
#endif
}

#ifdef HAVE_NAUTY
/* The members' vertices as a bitset over G's vertices, and each vertex's index in members. */
static int index_members(int32_t words, const int32_t *members, int32_t count, uint64_t **in_s,
                         int32_t **at)
{
    size_t vertices = (size_t)words * 64;
    *in_s = calloc((size_t)words, sizeof **in_s);
    *at = malloc(vertices * sizeof **at);
    if (*in_s == NULL || *at == NULL)
        return MVC_ENOMEM;
    for (int32_t i = 0; i < count; i++) {
        int32_t v = members[i];
        (*in_s)[v / 64] |= (uint64_t)1 << (v % 64);
        (*at)[v] = i;
    }
    return MVC_OK;
}

/* Member i's neighbours in S, or its non-neighbours in S other than itself, into e. */
static size_t list_row(const uint64_t *row, const uint64_t *in_s, int32_t words, int complement,
                       const int32_t *at, int32_t i, int *e)
{
    size_t listed = 0;
    for (int32_t w = 0; w < words; w++) {
        uint64_t bits = (complement ? ~row[w] : row[w]) & in_s[w];
        while (bits) {
            int32_t v = w * 64 + __builtin_ctzll(bits);
            bits &= bits - 1;
            if (at[v] != i)
                e[listed++] = at[v];
        }
    }
    return listed;
}

/* A sparse graph of n vertices with room for nde edge ends: 0, or MVC_ENOMEM (sparse_free frees
 * either). */
static int sparse_new(sparsegraph *sg, int32_t n, size_t nde)
{
    memset(sg, 0, sizeof *sg);
    sg->nv = n;
    sg->nde = nde;
    sg->v = malloc((size_t)n * sizeof *sg->v);
    sg->d = malloc((size_t)n * sizeof *sg->d);
    sg->e = malloc((nde > 0 ? nde : 1) * sizeof *sg->e);
    sg->vlen = (size_t)n, sg->dlen = (size_t)n, sg->elen = nde;
    return sg->v && sg->d && sg->e ? MVC_OK : MVC_ENOMEM;
}

static void sparse_free(sparsegraph *sg)
{
    free(sg->v), free(sg->d), free(sg->e);
}

/*
 * nauty's orbits of sg (filled): orbit[i] the first vertex of i's orbit,
 * *log10_group the group's order. Returns the number of orbits, or
 * MVC_ENOMEM. by_distances: as orbits_of_lists.
 */
static int sparse_orbits(sparsegraph *sg, int by_distances, int32_t *orbit, double *log10_group)
{
    int n = sg->nv;
    int *lab = malloc((size_t)n * sizeof *lab), *ptn = malloc((size_t)n * sizeof *ptn);
    int *orb = malloc((size_t)n * sizeof *orb);
    int status = MVC_ENOMEM;
    if (lab && ptn && orb) {
        DEFAULTOPTIONS_SPARSEGRAPH(options);
        options.getcanon = FALSE;
        options.defaultptn = TRUE;
        if (by_distances) {
            options.invarproc = distances_sg;
            options.mininvarlevel = 0;
            options.maxinvarlevel = 1;
            options.invararg = 3;
        }
        statsblk stats;
        nauty_enter();
        sparsenauty(sg, lab, ptn, orb, &options, &stats, NULL);
        nauty_leave();
        for (int i = 0; i < n; i++)
            orbit[i] = orb[i];
        *log10_group = log10(stats.grpsize1) + stats.grpsize2;
        status = stats.numorbits;
    }
    free(lab), free(ptn), free(orb);
    return status;
}

static int nauty_orbits(const uint64_t *rows, int32_t words, const int32_t *members, int32_t count,
                        int32_t *orbit, double *log10_group)
{
    uint64_t *in_s = NULL;
    int32_t *at = NULL;
    int status = index_members(words, members, count, &in_s, &at);
    size_t ends = 0; /* edge ends within S */
    for (int32_t i = 0; i < count && status == MVC_OK; i++) {
        const uint64_t *row = rows + (size_t)members[i] * (size_t)words;
        for (int32_t w = 0; w < words; w++)
            ends += (size_t)__builtin_popcountll(row[w] & in_s[w]);
    }
    size_t pairs = (size_t)count * (size_t)(count - 1);
    int complement = ends > pairs - ends;
    sparsegraph sg;
    if (sparse_new(&sg, count, complement ? pairs - ends : ends) != MVC_OK)
        status = MVC_ENOMEM;
    if (status == MVC_OK) {
        size_t offset = 0;
        for (int32_t i = 0; i < count; i++) {
            const uint64_t *row = rows + (size_t)members[i] * (size_t)words;
            sg.v[i] = offset;
            sg.d[i] = (int)list_row(row, in_s, words, complement, at, i, sg.e + offset);
            offset += (size_t)sg.d[i];
        }
        status = sparse_orbits(&sg, 0, orbit, log10_group);
    }
    sparse_free(&sg);
    free(in_s), free(at);
    return status;
}

static int nauty_orbits_of_lists(int32_t n, const int64_t *offsets, const int32_t *adj,
                                 int by_distances, int32_t *orbit, double *log10_group)
{
    sparsegraph sg;
    int status = sparse_new(&sg, n, (size_t)offsets[n]);
    if (status == MVC_OK) {
        for (int32_t v = 0; v < n; v++) {
            sg.v[v] = (size_t)offsets[v];
            sg.d[v] = (int)(offsets[v + 1] - offsets[v]);
        }
        for (size_t i = 0; i < sg.nde; i++)
            sg.e[i] = adj[i];
        status = sparse_orbits(&sg, by_distances, orbit, log10_group);
    }
    sparse_free(&sg);
    return status;
}
#endif

/* Every vertex its own orbit, the group trivial: the answer where nauty is not asked, and its
 * start. */
static int32_t trivial_orbits(int32_t count, int32_t *orbit, double *log10_group)
{
    *log10_group = 0;
    for (int32_t i = 0; i < count; i++)
        orbit[i] = i;
    return count;
}

int orbits_of_lists(int32_t n, const int64_t *offsets, const int32_t *adj, int by_distances,
                    int32_t *orbit, double *log10_group)
{
    int32_t orbits = trivial_orbits(n, orbit, log10_group);
#ifdef HAVE_NAUTY
    if (n >= 2 && n <= ORBITS_MAX_VERTICES)
        orbits = nauty_orbits_of_lists(n, offsets, adj, by_distances, orbit, log10_group);
#else
    (void)offsets, (void)adj, (void)by_distances;
#endif
    return orbits;
}

int orbits_of_subgraph(const uint64_t *rows, int32_t words, const int32_t *members, int32_t count,
                       int32_t *orbit, double *log10_group)
{
    int32_t orbits = trivial_orbits(count, orbit, log10_group);
#ifdef HAVE_NAUTY
    if (count >= 2 && count <= ORBITS_MAX_VERTICES)
        orbits = nauty_orbits(rows, words, members, count, orbit, log10_group);
#else
    (void)rows, (void)words, (void)members;
#endif
    return orbits;
}

void orbits_release(void)
{
#ifdef HAVE_NAUTY
    nauty_enter();
    nausparse_freedyn();
    nauty_freedyn();
    nautil_freedyn();
    nauty_leave();
#endif
}
