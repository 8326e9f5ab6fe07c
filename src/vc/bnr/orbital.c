#include "orbital.h"

#include <stdlib.h>

#include "clock.h"
#include "error.h"
#include "orbits.h"

/*
 * nauty may take this share of the search's time on each of its threads (the
 * calls of all threads together against the wall-clock time times the
 * threads), and ORBITAL_FREE_SECONDS beyond it, so that the first nodes of
 * every search may look; against the wall-clock time alone, 16 threads could
 * run out of it at once. Where its orbits pay they cost far less: on one
 * thread nauty took 1.5 % of 3.0 s on C5 x C5 x K3 x K3 (636 orbital
 * branchings) and 1.7 % of 3.3 s on the dodecahedron x the Petersen graph
 * (1,484).
 */
#define ORBITAL_SHARE 0.05
#define ORBITAL_FREE_SECONDS 0.002

/*
 * Branchings less deep than this look whatever the share: their orbits spare
 * the largest subtrees, and the share, small at the start, had refused them
 * (C5 x C5 x K3 x K3 on one thread: 138,000 nodes and 6.3 s, 65,500 and 3.0
 * s with them).
 */
#define ORBITAL_FREE_DEPTH 6

void orbital_init(struct orbital *ob, int enabled, int threads)
{
    *ob = (struct orbital){.enabled = enabled && orbits_available(),
                           .threads = threads > 1 ? threads : 1,
                           .started = clock_seconds()};
}

/* Whether nauty's time so far leaves room for another call. */
static int within_share(const struct orbital *ob, double now)
{
    double spent = (double)__atomic_load_n(&ob->spent_ns, __ATOMIC_RELAXED) * 1e-9;
    return spent <= ORBITAL_FREE_SECONDS + ORBITAL_SHARE * (now - ob->started) * ob->threads;
}

int orbital_take(struct orbital *ob, const struct graph *c, int32_t v, int32_t depth,
                 int32_t **taken, int32_t *count, int *asymmetric)
{
    *taken = NULL;
    *count = 1;
    *asymmetric = 0;
    if (!ob->enabled || c->n < 2)
        return MVC_OK;
    double start = clock_seconds();
    if (depth >= ORBITAL_FREE_DEPTH && !within_share(ob, start))
        return MVC_OK;
    int32_t *orbit = malloc((size_t)c->n * sizeof *orbit);
    if (orbit == NULL)
        return MVC_ENOMEM;
    double log10_group;
    /* the root's look is the one an asymmetric graph pays: the quick one on regular graphs */
    int orbits = orbits_of_lists(c->n, c->offsets, c->adj, depth == 0, orbit, &log10_group);
    int64_t spent = (int64_t)((clock_seconds() - start) * 1e9);
    __atomic_add_fetch(&ob->spent_ns, spent, __ATOMIC_RELAXED);
    if (orbits < 0) {
        free(orbit);
        return orbits;
    }
    /* orbit[u] is the first vertex of u's orbit: v's orbit's members, in order */
    int32_t first = orbit[v], members = 0;
    for (int32_t u = 0; u < c->n; u++)
        if (orbit[u] == first)
            orbit[members++] = u;
    *asymmetric = orbits == c->n;
    if (members < 2) {
        free(orbit);
        return MVC_OK;
    }
    __atomic_add_fetch(&ob->branchings, 1, __ATOMIC_RELAXED);
    *taken = orbit;
    *count = members;
    return MVC_OK;
}
