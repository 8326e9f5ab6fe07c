/*
 * Many min-conflicts tabu walkers for an independent transversal of a cover
 * by cliques, one walker per warp: the CPU's tabu search (transversal.c,
 * Galinier and Hao's for CSPs) with the members of a clique in conflict
 * weighed by the warp's lanes at once. Each walker starts from its own
 * random choice (walker 0 from the host's), so that the walkers sample the
 * search's run times independently: on forced model RB graphs one run's
 * time to the transversal varies over orders of magnitude with the seed, and
 * the first of thousands ends far sooner than a typical one.
 *
 * A walker's state is one chosen vertex per clique, and per vertex the
 * chosen vertices of other cliques next to it (count) and the step it was
 * last left at (left): in shared memory where it fits, else in global memory.
 */
#ifndef MVC_TRANSVERSAL_WALK_CUH
#define MVC_TRANSVERSAL_WALK_CUH

#include <stdint.h>

/* The graph and its cliques, read by every walker. */
struct walk_graph {
    const int64_t *offsets;
    const int32_t *adj;
    const int32_t *clique_of;    /* per vertex */
    const int32_t *clique_start; /* members of clique c: members[clique_start[c] .. [c + 1]) */
    const int32_t *members;
    const int32_t *first_choice; /* per clique: walker 0's start */
    int32_t n, cliques;
};

/* The words the walkers and the host share. */
struct walk_control {
    int stop;   /* the host or the winner raises it; walkers look every WALK_LOOK_EVERY steps */
    int winner; /* -1, or the walker whose transversal is in the result */
    int fewest; /* the fewest conflicts any walker has reached */
    int pad;
    unsigned long long steps; /* summed as the walkers end */
};

/* Walkers (warps) per block at most: fewer where their states fill the shared memory. */
#define WALK_WARPS_PER_BLOCK 4
#define WALK_LOOK_EVERY 64
/* As transversal.c: a vertex left stays out for 0.6 times the cliques in conflict plus 0-9 steps.
 */
#define WALK_CONFLICTS_SHARE 0.6f
#define WALK_RANDOM_TENURE 10
/* Steps start here, so that a vertex never left (left = 0) is never under the tabu. */
#define WALK_FIRST_STEP (1u << 20)
#define WALK_DELTA_BIAS (1u << 30)

/* Words of one walker's state: count and left per vertex, chosen and the bad list per clique. */
static inline __host__ __device__ size_t walk_state_words(int32_t n, int32_t cliques)
{
    return 2 * (size_t)n + 2 * (size_t)cliques;
}

static __device__ inline uint64_t walk_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static __device__ inline uint32_t walk_next(uint64_t *s)
{
    /* xorshift64*: one per lane, seeded apart by walk_mix */
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return (uint32_t)((x * 0x2545f4914f6cdd1dull) >> 32);
}

static __device__ inline unsigned long long walk_min(unsigned long long x)
{
    for (int o = 16; o > 0; o /= 2) {
        unsigned long long y = __shfl_xor_sync(0xffffffffu, x, o);
        x = y < x ? y : x;
    }
    return x;
}

static __device__ inline int walk_sum(int x)
{
    for (int o = 16; o > 0; o /= 2)
        x += __shfl_xor_sync(0xffffffffu, x, o);
    return x;
}

/* Every lane of the warp: clique c's choice moves from a to b (a left at `step`). */
static __device__ void walk_move(const walk_graph &g, int32_t *count, int32_t *left,
                                 int32_t *chosen, int32_t c, int32_t a, int32_t b, uint32_t step,
                                 int lane)
{
    /* a vertex is adjacent to another at most once: no two lanes touch one count */
    for (int64_t j = g.offsets[a] + lane; j < g.offsets[a + 1]; j += 32) {
        int32_t y = g.adj[j];
        if (g.clique_of[y] != c)
            count[y]--;
    }
    __syncwarp();
    for (int64_t j = g.offsets[b] + lane; j < g.offsets[b + 1]; j += 32) {
        int32_t y = g.adj[j];
        if (g.clique_of[y] != c)
            count[y]++;
    }
    if (lane == 0) {
        chosen[c] = b;
        left[a] = (int32_t)step;
    }
    __syncwarp();
}

/*
 * The walkers: each warp of the grid is one, until one reaches a transversal
 * (its choice is copied to `result`, one vertex per clique) or ctl->stop is
 * raised. Blocks of 1 to WALK_WARPS_PER_BLOCK warps; `state` holds
 * walk_state_words() words per walker when the states are not in shared
 * memory (shared_state 0), else each block's dynamic shared memory holds its
 * warps' states.
 */
__global__ void __launch_bounds__(WALK_WARPS_PER_BLOCK * 32)
    transversal_walk(walk_graph g, int32_t *state, int shared_state, int32_t walkers, uint64_t seed,
                     int32_t *result, walk_control *ctl)
{
    extern __shared__ int32_t walk_shared[];
    int warp = (int)threadIdx.x / 32, lane = (int)threadIdx.x % 32;
    int32_t walker = (int32_t)(blockIdx.x * (blockDim.x / 32)) + warp;
    if (walker >= walkers)
        return;
    size_t words = walk_state_words(g.n, g.cliques);
    int32_t *base = shared_state ? walk_shared + (size_t)warp * words : state + walker * words;
    int32_t *count = base, *left = base + g.n, *chosen = base + 2 * (size_t)g.n;
    int32_t *bad = chosen + g.cliques;
    uint64_t rng = walk_mix(seed ^ walk_mix(((uint64_t)walker << 5) | (uint64_t)lane));

    for (int32_t v = lane; v < g.n; v += 32) {
        count[v] = 0;
        left[v] = 0;
    }
    for (int32_t c = lane; c < g.cliques; c += 32) {
        int32_t size = g.clique_start[c + 1] - g.clique_start[c];
        chosen[c] = walker == 0 ? g.first_choice[c]
                                : g.members[g.clique_start[c] + (int32_t)(walk_next(&rng) % size)];
    }
    __syncwarp();
    for (int32_t c = lane; c < g.cliques; c += 32) {
        int32_t x = chosen[c];
        for (int64_t j = g.offsets[x]; j < g.offsets[x + 1]; j++) {
            int32_t y = g.adj[j];
            if (g.clique_of[y] != c)
                atomicAdd(&count[y], 1);
        }
    }
    __syncwarp();
    int part = 0;
    for (int32_t c = lane; c < g.cliques; c += 32)
        part += count[chosen[c]];
    int conflicts = walk_sum(part) / 2; /* each conflict is counted at both its ends */
    int fewest = conflicts, told = INT32_MAX;
    uint32_t step = WALK_FIRST_STEP;
    unsigned long long steps = 0;
    unsigned lanes_below = (1u << lane) - 1;

    for (;; steps++, step++) {
        if (steps % WALK_LOOK_EVERY == 0) {
            int stop = 0;
            if (lane == 0) {
                stop = *(volatile int *)&ctl->stop;
                if (fewest < told)
                    atomicMin(&ctl->fewest, fewest);
            }
            told = fewest;
            if (__shfl_sync(0xffffffffu, stop, 0))
                break;
        }
        int32_t bad_len = 0;
        for (int32_t c0 = 0; c0 < g.cliques; c0 += 32) {
            int32_t c = c0 + lane;
            bool in_conflict = c < g.cliques && count[chosen[c]] > 0;
            unsigned mask = __ballot_sync(0xffffffffu, in_conflict);
            if (in_conflict)
                bad[bad_len + __popc(mask & lanes_below)] = c;
            bad_len += __popc(mask);
        }
        __syncwarp();
        if (bad_len == 0) {
            int won = 0;
            if (lane == 0)
                won = atomicCAS(&ctl->winner, -1, walker) == -1;
            if (__shfl_sync(0xffffffffu, won, 0)) {
                for (int32_t c = lane; c < g.cliques; c += 32)
                    result[c] = chosen[c];
                __threadfence();
                __syncwarp();
                if (lane == 0)
                    atomicExch(&ctl->stop, 1);
            }
            break;
        }
        uint32_t draw = __shfl_sync(0xffffffffu, walk_next(&rng), 0);
        uint32_t tenure = (uint32_t)(WALK_CONFLICTS_SHARE * bad_len) + draw % WALK_RANDOM_TENURE;
        /* the best move: fewest conflicts after it, ties by a random key */
        unsigned long long best = ~0ull;
        int32_t best_v = -1, best_c = -1;
        for (int32_t k = 0; k < bad_len; k++) {
            int32_t c = bad[k], a = chosen[c];
            int32_t from = count[a];
            for (int32_t i = g.clique_start[c] + lane; i < g.clique_start[c + 1]; i += 32) {
                int32_t v = g.members[i];
                if (v == a)
                    continue;
                int32_t delta = count[v] - from;
                bool tabu = step - (uint32_t)left[v] < tenure;
                if (tabu && conflicts + delta >= fewest)
                    continue; /* the tabu yields only to a move past the best so far */
                unsigned long long key =
                    ((unsigned long long)(uint32_t)(delta + (int32_t)WALK_DELTA_BIAS) << 32) |
                    walk_next(&rng);
                if (key < best) {
                    best = key;
                    best_v = v;
                    best_c = c;
                }
            }
        }
        unsigned long long least = walk_min(best);
        if (least == ~0ull)
            continue; /* every move is under the tabu */
        int from_lane = __ffs(__ballot_sync(0xffffffffu, best == least)) - 1;
        int32_t b = __shfl_sync(0xffffffffu, best_v, from_lane);
        int32_t c = __shfl_sync(0xffffffffu, best_c, from_lane);
        int32_t delta = (int32_t)(uint32_t)(least >> 32) - (int32_t)WALK_DELTA_BIAS;
        walk_move(g, count, left, chosen, c, chosen[c], b, step, lane);
        conflicts += delta;
        if (conflicts < fewest)
            fewest = conflicts;
    }
    if (lane == 0) {
        atomicAdd(&ctl->steps, steps);
        atomicMin(&ctl->fewest, fewest);
    }
}

#endif
