/*
 * The GPU's transversal walkers (kernels/vc/transversal_walk.cuh) on the
 * host, by tests/cuda_emulation.h: on graphs of cliques with a planted
 * transversal a walker finds one, and it is one vertex per clique with no
 * edge between two; where none exists no walker claims one, and a stop from
 * the host ends them all; after every launch each walker's counts (the
 * chosen vertices of other cliques next to each vertex) are what its choice
 * gives, so the moves kept them right. Walker states in shared and in
 * global memory, one to three blocks of one to four walkers.
 */
#define EMU_WARP 32

#include "cuda_emulation.h"

#include "transversal_walk.cuh"

extern "C" {
#include "gen.h"
#include "graph.h"
#include "tap.h"
}

#include <vector>

/* Room for the largest launch below: 4 walkers of at most 200 vertices and 40 cliques. */
#define MAX_N 200
#define MAX_CLIQUES 40
EMU_DYNAMIC_SHARED(int32_t, walk_shared, 4 * (2 * MAX_N + 2 * MAX_CLIQUES));

struct instance {
    struct graph *g;
    std::vector<int32_t> clique_of, start, members, first;
    int32_t cliques;
};

/* The graph of ge, its cliques' members in order, and walker 0's start: each clique's first. */
static void finish(instance &in, const struct gen_edges &ge)
{
    in.g = graph_from_edges(ge.n, (const int32_t(*)[2])ge.e, ge.m);
    if (in.g == NULL)
        bail("out of memory");
    in.start.assign((size_t)in.cliques + 1, 0);
    for (int32_t v = 0; v < in.g->n; v++)
        in.start[(size_t)in.clique_of[(size_t)v] + 1]++;
    for (int32_t c = 0; c < in.cliques; c++)
        in.start[(size_t)c + 1] += in.start[(size_t)c];
    std::vector<int32_t> fill(in.start.begin(), in.start.end() - 1);
    in.members.assign((size_t)in.g->n, 0);
    for (int32_t v = 0; v < in.g->n; v++)
        in.members[(size_t)fill[(size_t)in.clique_of[(size_t)v]]++] = v;
    in.first.assign((size_t)in.cliques, 0);
    for (int32_t c = 0; c < in.cliques; c++)
        in.first[(size_t)c] = in.members[(size_t)in.start[(size_t)c]];
}

/* Cliques of 2 to 7 vertices, the middle one planted, p-random edges between unplanted pairs. */
static instance planted(struct rng *r, int32_t cliques, double p)
{
    instance in;
    in.cliques = cliques;
    static struct gen_edges ge;
    ge.m = 0;
    ge.n = 0;
    std::vector<uint8_t> is_planted;
    for (int32_t c = 0; c < cliques; c++) {
        int32_t size = 2 + rng_below(r, 6), first = ge.n;
        for (int32_t a = 0; a < size; a++) {
            in.clique_of.push_back(c);
            is_planted.push_back(a == size / 2);
            for (int32_t b = a + 1; b < size; b++)
                gen_edge(&ge, first + a, first + b);
        }
        ge.n += size;
    }
    for (int32_t u = 0; u < ge.n; u++)
        for (int32_t v = u + 1; v < ge.n; v++)
            if (in.clique_of[(size_t)u] != in.clique_of[(size_t)v] &&
                !(is_planted[(size_t)u] && is_planted[(size_t)v]) && rng_chance(r, p))
                gen_edge(&ge, u, v);
    finish(in, ge);
    return in;
}

/* Two cliques of `size` joined completely: every choice has one conflict. */
static instance joined(int32_t size)
{
    instance in;
    in.cliques = 2;
    static struct gen_edges ge;
    ge.m = 0;
    ge.n = 2 * size;
    for (int32_t u = 0; u < ge.n; u++) {
        in.clique_of.push_back(u / size);
        for (int32_t v = u + 1; v < ge.n; v++)
            gen_edge(&ge, u, v);
    }
    finish(in, ge);
    return in;
}

static int is_transversal(const instance &in, const int32_t *choice)
{
    std::vector<uint8_t> chosen((size_t)in.g->n, 0);
    for (int32_t c = 0; c < in.cliques; c++) {
        int32_t v = choice[c];
        if (v < 0 || v >= in.g->n || in.clique_of[(size_t)v] != c)
            return 0;
        chosen[(size_t)v] = 1;
    }
    for (int32_t c = 0; c < in.cliques; c++)
        for (int64_t j = in.g->offsets[choice[c]]; j < in.g->offsets[choice[c] + 1]; j++)
            if (chosen[(size_t)in.g->adj[j]])
                return 0;
    return 1;
}

/* Whether every walker's counts are those of its choice (states in global memory only). */
static int counts_hold(const instance &in, const std::vector<int32_t> &state, int32_t walkers)
{
    size_t words = walk_state_words(in.g->n, in.cliques);
    for (int32_t w = 0; w < walkers; w++) {
        const int32_t *count = &state[(size_t)w * words], *chosen = count + 2 * (size_t)in.g->n;
        std::vector<int32_t> want((size_t)in.g->n, 0);
        for (int32_t c = 0; c < in.cliques; c++)
            for (int64_t j = in.g->offsets[chosen[c]]; j < in.g->offsets[chosen[c] + 1]; j++)
                if (in.clique_of[(size_t)in.g->adj[j]] != c)
                    want[(size_t)in.g->adj[j]]++;
        for (int32_t v = 0; v < in.g->n; v++)
            if (count[v] != want[(size_t)v])
                return 0;
    }
    return 1;
}

struct outcome {
    int launch;
    walk_control ctl;
    std::vector<int32_t> result, state;
    int32_t walkers;
};

/* One launch; the host raises the stop after stop_after switches (0: never). */
static outcome run(const instance &in, int blocks, int per_block, int shared, uint64_t seed,
                   long long stop_after)
{
    outcome o;
    o.walkers = blocks * per_block;
    o.ctl = walk_control{0, -1, INT32_MAX, 0, 0};
    o.result.assign((size_t)in.cliques, -1);
    o.state.assign(shared ? 1 : (size_t)o.walkers * walk_state_words(in.g->n, in.cliques), 0);
    walk_graph wg = {in.g->offsets,   in.g->adj,         in.clique_of.data(),
                     in.start.data(), in.members.data(), in.first.data(),
                     in.g->n,         in.cliques};
    walk_control *ctl = &o.ctl;
    emu_host = nullptr;
    if (stop_after > 0)
        emu_host = [ctl, stop_after](long long switches) {
            if (switches >= stop_after)
                ctl->stop = 1;
        };
    emu_switch_limit = 200000000LL;
    int32_t *state = o.state.data(), *result = o.result.data(), walkers = o.walkers;
    o.launch = emu_launch(
        blocks, per_block * 32, seed,
        [&] { transversal_walk(wg, state, shared, walkers, seed, result, ctl); }, NULL);
    emu_host = nullptr;
    return o;
}

int main(void)
{
    uint64_t seed = gen_master_seed();
    struct rng r = {seed};
    int found = 0, valid = 0, counted = 0, launched = 0, runs = 0, global_runs = 0;
    for (int i = 0; i < 24; i++, runs++) {
        instance in =
            planted(&r, 4 + rng_below(&r, MAX_CLIQUES / 2 - 4), 0.05 + 0.3 * rng_unit(&r));
        int blocks = 1 + rng_below(&r, 3), per_block = 1 + rng_below(&r, 4), shared = i % 2;
        outcome o = run(in, blocks, per_block, shared, rng_next(&r), 0);
        launched += o.launch == 0;
        found += o.ctl.winner >= 0 && o.ctl.winner < o.walkers && o.ctl.fewest == 0;
        valid += o.ctl.winner >= 0 && is_transversal(in, o.result.data());
        if (!shared) {
            global_runs++;
            counted += counts_hold(in, o.state, o.walkers);
        }
        if (o.launch != 0)
            diag("launch %d: %s", o.launch, emu_failure);
        graph_free(in.g);
    }
    ok(launched == runs, "%d launches of 1-3 blocks of 1-4 walkers ended (%d)", runs, launched);
    ok(found == runs && valid == runs,
       "planted transversals: a winner on %d of %d graphs, a transversal in %d", found, runs,
       valid);
    ok(counted == global_runs, "every walker's counts match its choice after %d launches (%d)",
       global_runs, counted);

    instance none = joined(6);
    int stopped = 0, claimed = 0, fewest_one = 0, none_counted = 0;
    for (int i = 0; i < 6; i++) {
        outcome o = run(none, 1 + i % 2, 1 + i % 4, i % 2, rng_next(&r), 20000 + 5000 * i);
        stopped += o.launch == 0 && o.ctl.steps > 0;
        claimed += o.ctl.winner >= 0;
        fewest_one += o.ctl.fewest == 1;
        none_counted += i % 2 ? 1 : counts_hold(none, o.state, o.walkers);
        if (o.launch != 0)
            diag("launch %d: %s", o.launch, emu_failure);
    }
    ok(stopped == 6 && claimed == 0 && fewest_one == 6 && none_counted == 6,
       "no transversal: the host's stop ended 6 launches (%d), none claimed one (%d), fewest "
       "conflicts 1 (%d), counts kept (%d)",
       stopped, claimed, fewest_one, none_counted);
    graph_free(none.g);
    done_testing();
    return exit_status();
}
