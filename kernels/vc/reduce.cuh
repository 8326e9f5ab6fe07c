/*
 * The reduction rules on the block's current node, all threads cooperating:
 * degree-one, degree-two-triangle and high-degree (Yamout et al. 2022, Fig. 1
 * lines 14-29), applied in rounds to a fixed point with the parallel conflicts
 * of Sec. IV-D resolved.
 *
 * A round has two phases. In the first, every thread examines its vertices
 * (a warp helps each degree-one or degree-two vertex find its neighbours) and
 * takes into the cover what a rule asks for: atomicExch(deg[u], REMOVED) takes
 * u exactly once however many threads ask for it, and puts u on a short list.
 * Nothing but those exchanges changes the degrees during this phase. After a
 * barrier the second phase walks the list and decrements the degrees of the
 * taken vertices' neighbours (which are then exact again). The round is
 * repeated until one takes nothing: one barrier per round, none when the
 * block-wide list length says the node is reduced.
 *
 * Why concurrent decisions are safe: each one can be replayed one at a time in
 * some order, and then every rule still applies when its turn comes.
 *  - Degree-one: v has the single neighbour u. Another rule can take v itself
 *    only if v's neighbour u is also of degree one (an isolated edge): then only
 *    the smaller of the two acts and takes the other.
 *  - Degree-two-triangle: N(v) = {u, w} with uw an edge. If u or w is also of
 *    degree two, all three form an isolated triangle; only its smallest
 *    degree-two vertex acts. A neighbour taken meanwhile by another rule leaves
 *    v of degree one, and taking the rest is the degree-one rule.
 *  - High-degree (d(v) > budget, budget = k - |S| with k = best - 1 for MVC, the
 *    parameter for PVC): each vertex taken lowers the budget by one and any
 *    degree by at most one, so the rule stays true for the others. It shares a
 *    round with the other rules only while budget >= 2, so that it never takes a
 *    vertex of degree <= 2 that another rule is acting for.
 */
#ifndef MVC_REDUCE_CUH
#define MVC_REDUCE_CUH

#include "gpu_debug.cuh"
#include "node.cuh"
#include "search_types.cuh"

/* Domination rounds examine vertices of degree 3 to this (d(d-1) adjacency tests each). */
#define DOMINATION_MAX_DEGREE 6
/* Dominations one round can claim; more wait for the next round. */
#define DOMINATION_CLAIMS 128

/* Shared-memory scratch of the rounds. list_len alternates between rounds (see reduce_node). */
struct reduce_scratch {
    int list[REMOVAL_LIST_CAPACITY]; /* vertices taken this round; -1 where another thread took it
                                        first */
    int list_len[2];
    int claim_dominated[DOMINATION_CLAIMS]; /* domination rounds: v ... */
    int claim_dominator[DOMINATION_CLAIMS]; /* ... and u with N[v] within N[u] */
    int claims;
};

/* Is uw an edge of the input graph? Binary search in the shorter adjacency list. */
static __device__ bool graph_adjacent(const struct search_graph &g, int u, int w)
{
    int64_t lo = adj_begin(g, u), hi = adj_end(g, u);
    int64_t w_lo = adj_begin(g, w), w_hi = adj_end(g, w);
    if (hi - lo > w_hi - w_lo) {
        lo = w_lo;
        hi = w_hi;
        w = u;
    }
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        int x = neighbour(g, mid);
        if (x == w)
            return true;
        if (x < w)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* Takes u into the cover this round. Returns 1 when this call took it, 0 when it was gone or the
 * list is full. */
static __device__ int take_into_cover(int *deg, int u, struct reduce_scratch *rs, int parity)
{
    int slot = atomicAdd(&rs->list_len[parity], 1);
    if (slot >= REMOVAL_LIST_CAPACITY)
        return 0; /* the list length is non-zero, so another round follows and asks again */
    int old = atomicExch(&deg[u], DEGREE_REMOVED);
    rs->list[slot] = old >= 0 ? u : -1;
    return old >= 0;
}

/*
 * The first one or two neighbours of v still present, in adjacency order
 * (-1 where there are fewer). Warp-wide: every lane calls it, those with `asks`
 * (want = 1 or 2) take turns, and for each the whole warp scans the list 32
 * entries at a time, so a degree-one or degree-two vertex of a dense graph
 * costs deg/32 steps rather than deg. A neighbour taken meanwhile reads as
 * gone, as it would to a thread scanning alone a moment later.
 */
static __device__ void find_present_neighbours(int *deg, const struct search_graph &g, int v,
                                               bool asks, int want, int *first, int *second)
{
    int lane = threadIdx.x % WARP_LANES;
    *first = -1;
    *second = -1;
    unsigned int pending = __ballot_sync(FULL_WARP, asks);
    while (pending != 0) {
        int asker = __ffs(pending) - 1;
        pending &= pending - 1;
        int w = __shfl_sync(FULL_WARP, v, asker);
        int need = __shfl_sync(FULL_WARP, want, asker);
        int found = 0, a = -1, b = -1;
        int64_t end = adj_end(g, w);
        for (int64_t e0 = adj_begin(g, w); e0 < end && found < need; e0 += WARP_LANES) {
            int64_t e = e0 + lane;
            int x = e < end ? neighbour(g, e) : -1;
            unsigned int hits = __ballot_sync(FULL_WARP, x >= 0 && degree_load(deg, x) >= 0);
            while (hits != 0 && found < need) {
                int y = __shfl_sync(FULL_WARP, x, __ffs(hits) - 1);
                hits &= hits - 1;
                if (found++ == 0)
                    a = y;
                else
                    b = y;
            }
        }
        if (lane == asker) {
            *first = a;
            *second = b;
        }
    }
}

/* Degree-one rule: v's only neighbour u goes into the cover. */
static __device__ int degree_one(int *deg, int v, int u, struct reduce_scratch *rs, int parity)
{
    if (u < 0)
        return 0; /* the neighbour was taken by another thread this round */
    int du = degree_load(deg, u);
    if (du < 0)
        return 0;
    if (u < v && du == 1)
        return 0; /* isolated edge uv: u acts */
    return take_into_cover(deg, u, rs, parity);
}

/* Degree-two-triangle rule: N(v) = {u, w} and uw an edge: u and w go into the cover. */
static __device__ int degree_two_triangle(int *deg, const struct search_graph &g, int v, int u,
                                          int w, struct reduce_scratch *rs, int parity)
{
    if (w < 0)
        return 0; /* a neighbour was taken this round; the degree-one rule follows */
    if ((u < v && degree_load(deg, u) == 2) || (w < v && degree_load(deg, w) == 2))
        return 0; /* a smaller degree-two vertex of the same triangle acts */
    if (!graph_adjacent(g, u, w))
        return 0;
    return take_into_cover(deg, u, rs, parity) + take_into_cover(deg, w, rs, parity);
}

/*
 * First phase of a round, for vertex v (-1: none, this lane only keeps its
 * warp company). Warp-wide: every lane of the warp calls it together.
 */
static __device__ int apply_rules(int *deg, const struct search_graph &g, int v, int budget,
                                  struct reduce_scratch *rs, int parity)
{
    int d = v >= 0 ? degree_load(deg, v) : DEGREE_REMOVED;
    int taken = 0;
    bool high = d > budget;
    if (high)
        taken = take_into_cover(deg, v, rs, parity); /* high-degree rule */
    bool low = !high && budget >= 2 && (d == 1 || d == 2);
    int u, w;
    find_present_neighbours(deg, g, v, low, d, &u, &w);
    if (low)
        taken += d == 1 ? degree_one(deg, v, u, rs, parity)
                        : degree_two_triangle(deg, g, v, u, w, rs, parity);
    return taken;
}

/*
 * Domination (Fomin, Grandoni and Kratsch 2009), for a vertex v of degree 3 to
 * DOMINATION_MAX_DEGREE: a neighbour u adjacent to all of v's other
 * neighbours has N[v] within N[u], and some minimum cover holds u. Claims
 * (v, u) only; take_dominators acts on them. Per thread: v's present
 * neighbours are few, though its adjacency list may be long.
 */
static __device__ void claim_domination(int *deg, const struct search_graph &g, int v,
                                        struct reduce_scratch *rs)
{
    int d = v >= 0 ? degree_load(deg, v) : DEGREE_REMOVED;
    if (d < 3 || d > DOMINATION_MAX_DEGREE)
        return;
    int nb[DOMINATION_MAX_DEGREE], found = 0;
    for (int64_t e = adj_begin(g, v); e < adj_end(g, v) && found < d; e++) {
        int x = neighbour(g, e);
        if (degree_load(deg, x) >= 0)
            nb[found++] = x;
    }
    for (int i = 0; i < found; i++) {
        int u = nb[i];
        if (degree_load(deg, u) < d)
            continue;
        bool dominates = true;
        for (int j = 0; j < found && dominates; j++)
            dominates = j == i || graph_adjacent(g, u, nb[j]);
        if (dominates) {
            int slot = atomicAdd(&rs->claims, 1);
            if (slot < DOMINATION_CLAIMS) {
                rs->claim_dominated[slot] = v;
                rs->claim_dominator[slot] = u;
            }
            return;
        }
    }
}

/*
 * Takes the dominators of the claims whose dominated vertex is not itself a
 * claimed dominator. Replayed one at a time, each take still holds: the
 * others remove only dominators, never a dominated v of a kept claim, and
 * removing a vertex from both N[v] and N[u] keeps N[v] within N[u]. (A v that
 * another claim takes would leave its own claim without a reason.)
 */
static __device__ int take_dominators(int *deg, struct reduce_scratch *rs, int parity)
{
    int claims = rs->claims < DOMINATION_CLAIMS ? rs->claims : DOMINATION_CLAIMS;
    int taken = 0;
    for (int i = (int)threadIdx.x; i < claims; i += (int)blockDim.x) {
        int v = rs->claim_dominated[i];
        bool reason_kept = true;
        for (int j = 0; j < claims && reason_kept; j++)
            reason_kept = rs->claim_dominator[j] != v;
        if (reason_kept)
            taken += take_into_cover(deg, rs->claim_dominator[i], rs, parity);
    }
    return taken;
}

/* Second phase: the neighbours of the vertices taken this round lose one edge each; a warp per
 * vertex. */
static __device__ void remove_taken_edges(int *deg, const struct search_graph &g, const int *list,
                                          int len)
{
    int lane = threadIdx.x % WARP_LANES;
    int warps = blockDim.x / WARP_LANES;
    for (int i = threadIdx.x / WARP_LANES; i < len; i += warps) {
        int u = list[i];
        if (u >= 0)
            drop_edges_of(deg, g, u, lane);
    }
}

/*
 * Reduces the node to a fixed point. Block-wide; the node must be visible to
 * all threads on entry (after a barrier) and is again on return. Returns false
 * when the cover grows past k_eff (the node is pruned). Both list lengths are
 * zero on entry and on return; a round appends to list_len[parity] and clears
 * the other one, which nobody reads any more.
 */
static __device__ bool reduce_node(int *deg, const struct search_graph &g, int k_eff,
                                   bool domination, struct reduce_scratch *rs)
{
    bool dominating = false; /* this round: domination alone, once the other rules are done */
    for (int parity = 0;; parity ^= 1) {
        int budget = k_eff - node_cover_size(deg, g.n);
        if (budget < 0) {
            if (threadIdx.x == 0)
                rs->list_len[parity ^ 1] = 0;
            return false;
        }
        int taken = 0;
        if (dominating) {
            for (int base = 0; base < g.n; base += blockDim.x) {
                int v = base + (int)threadIdx.x;
                claim_domination(deg, g, v < g.n ? v : -1, rs);
            }
            __syncthreads();
            taken = take_dominators(deg, rs, parity);
        } else {
            for (int base = 0; base < g.n; base += blockDim.x) { /* whole warps in every step */
                int v = base + (int)threadIdx.x;
                taken += apply_rules(deg, g, v < g.n ? v : -1, budget, rs, parity);
            }
        }
        __syncthreads();
        int len = rs->list_len[parity];
        if (threadIdx.x == 0) {
            rs->list_len[parity ^ 1] = 0;
            rs->claims = 0;
        }
        if (len == 0) {
            if (!domination || dominating || budget < 1)
                return true;
            dominating = true; /* the paper's rules are done: one domination round */
            __syncthreads();   /* claims cleared before anyone claims */
            parity ^= 1;       /* the same list again: it is empty */
            continue;
        }
        dominating = false;
        if (taken > 0)
            atomicAdd(&deg[g.n], taken);
        remove_taken_edges(deg, g, rs->list,
                           len < REMOVAL_LIST_CAPACITY ? len : REMOVAL_LIST_CAPACITY);
        __syncthreads();
    }
}

#endif
