/*
 * The colouring step of one search node, done by one warp: the GPU form of
 * colour_candidates() and renumber() in src/vc/clique/clique.c, with the same classes,
 * the same order and the same list, so both searches bound alike.
 */
#ifndef MVC_CLIQUE_COLOUR_CUH
#define MVC_CLIQUE_COLOUR_CUH

#include "clique_layout.h"
#include "clique_maxsat.cuh"
#include "clique_warp.cuh"

/*
 * Re-NUMBER (Tomita et al., MCS, 2010): a vertex v that would get a colour high
 * enough to be branched on goes into a low class k1 instead, when exactly one
 * vertex u of k1 is adjacent to v and u can move to a later low class k2 where
 * it has no neighbour. The low classes are rows of `low`, each lane touching
 * only its own words, so no synchronisation is needed.
 */
template <int WPL>
static __device__ bool renumber(const struct clique_graph &g, clique_word *low, int low_count,
                                int v, int lane)
{
    clique_word row_v[WPL];
    row_load(adj_row(g, v), g.words, lane, row_v);
    for (int k1 = 0; k1 + 1 < low_count; k1++) {
        clique_word *class1 = low + (size_t)k1 * g.words;
        clique_word both[WPL];
        row_load(class1, g.words, lane, both);
        int count = 0;
#pragma unroll
        for (int j = 0; j < WPL; j++) {
            both[j] &= row_v[j];
            count += __popc(both[j]);
        }
        /* a single common vertex: one lane has one bit */
        unsigned int lanes = __ballot_sync(FULL_MASK, count != 0);
        if (__popc(lanes) != 1 || __shfl_sync(FULL_MASK, count, __ffs(lanes) - 1) != 1)
            continue;
        int u = first_vertex(both);
        clique_word row_u[WPL];
        row_load(adj_row(g, u), g.words, lane, row_u);
        for (int k2 = k1 + 1; k2 < low_count; k2++) {
            clique_word *class2 = low + (size_t)k2 * g.words;
            clique_word meet[WPL];
            row_load(class2, g.words, lane, meet);
            clique_word any = 0;
#pragma unroll
            for (int j = 0; j < WPL; j++)
                any |= meet[j] & row_u[j];
            if (__any_sync(FULL_MASK, any != 0))
                continue;
            row_put_vertex(class1, u, lane, false);
            row_put_vertex(class2, u, lane, true);
            row_put_vertex(class1, v, lane, true);
            return true;
        }
    }
    return false;
}

/*
 * Colours the candidates greedily, class by class, in search order (BBMC, San
 * Segundo et al. 2011). Classes under min_colour are kept as rows of `low`;
 * vertices of colour >= min_colour are first offered to the MaxSAT reasoning
 * over those classes when `maxsat` is given (clique_maxsat.cuh), else to
 * renumber(), and otherwise listed in `out` as CLIQUE_ENTRY(colour, v), in
 * colour order. Returns how many are listed; *colours is the number of
 * classes. Entries are gathered one per lane and written 32 at a time.
 */
template <int WPL>
static __device__ int colour_candidates(const struct clique_graph &g,
                                        const clique_word (&candidates)[WPL], int min_colour,
                                        clique_word *low, uint32_t *out, int lane, int *colours,
                                        struct clique_maxsat_ws *maxsat)
{
    clique_word uncoloured[WPL], available[WPL];
#pragma unroll
    for (int j = 0; j < WPL; j++) {
        uncoloured[j] = candidates[j];
        available[j] = 0;
    }
    if (min_colour <= 1)
        maxsat = nullptr; /* no classes to reason over */
    int listed = 0, k = 0;
    uint32_t held = 0; /* entry number listed - (listed % 32) + lane of the current group */
    while (!set_empty(uncoloured)) {
        k++;
        const bool keep_class = k < min_colour;
        if (maxsat != nullptr && k == min_colour) {
            /* the classes under the threshold are complete: what they hold is available */
#pragma unroll
            for (int j = 0; j < WPL; j++)
                available[j] = candidates[j] & ~uncoloured[j];
            clique_maxsat_begin(*maxsat, min_colour - 1, lane);
        }
        clique_word klass[WPL], members[WPL];
#pragma unroll
        for (int j = 0; j < WPL; j++) {
            klass[j] = uncoloured[j];
            members[j] = 0;
        }
        for (;;) {
            int v = first_vertex(klass);
            if (v < 0)
                break;
            drop_vertex(klass, v, lane);
            drop_vertex(uncoloured, v, lane);
            if (!keep_class &&
                (maxsat != nullptr ? clique_maxsat_spare<WPL>(g, low, *maxsat, available, v, lane)
                                   : renumber<WPL>(g, low, min_colour - 1, v, lane)))
                continue;
            clique_word row[WPL];
            row_load(adj_row(g, v), g.words, lane, row);
#pragma unroll
            for (int j = 0; j < WPL; j++)
                klass[j] &= ~row[j];
            if (keep_class) {
                add_vertex(members, v, lane);
            } else {
                if (lane == listed % CLIQUE_WARP)
                    held = CLIQUE_ENTRY(k, v);
                listed++;
                if (listed % CLIQUE_WARP == 0)
                    out[listed - CLIQUE_WARP + lane] = held;
            }
        }
        if (keep_class) {
            row_store(low + (size_t)(k - 1) * g.words, g.words, lane, members);
            if (maxsat != nullptr)
                clique_maxsat_class<WPL>(*maxsat, k - 1, members, lane);
        }
    }
    int partial = listed % CLIQUE_WARP;
    if (lane < partial)
        out[listed - partial + lane] = held;
    __syncwarp();
    *colours = k;
    return listed;
}

#endif
