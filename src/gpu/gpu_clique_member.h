/*
 * The GPUs of one rank as members of its team in a distributed clique
 * search (src/vc/clique/clique_dist.c): each device takes a batch of the
 * team's items (subproblems in the layout of src/vc/clique/clique_search.h)
 * into its queue, searches them with the kernels of the GPU clique search,
 * and hands the untried branches of its warps back to the team when the
 * team asks for work. The team's incumbent is each device's floor, and a
 * larger clique a device finds goes to the team at once. Implemented in
 * kernels/clique/clique_member.cu when the build has CUDA.
 */
#ifndef MVC_GPU_CLIQUE_MEMBER_H
#define MVC_GPU_CLIQUE_MEMBER_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * What the team offers its GPU members; every call may come from any
 * member's host thread at any time.
 */
struct clique_member_link {
    void *team;
    /*
     * `members` more members (devices) take part, each counted idle until
     * its first take.
     */
    void (*join)(void *team, int members);
    /* `members` members leave without work (a device that could not start). */
    void (*leave)(void *team, int members);
    /*
     * At most `room` items of depth 1 or more, laid end to end into a
     * malloc'd *items of *ints ints: waits until there are some and returns
     * how many, or 0 once the search is over. `busy`: the member held work
     * since its last take (it counts itself idle from here).
     */
    size_t (*take)(void *team, int busy, size_t room, int32_t **items, size_t *ints);
    /* Items laid end to end (ints of them) into the team's pool; the array stays the caller's. */
    void (*give)(void *team, const int32_t *items, size_t ints);
    /* Whether the team asks for work, the ask answered by this call. */
    int (*wanted)(void *team);
    /* The team's largest clique so far (its size). */
    int32_t (*best)(void *team);
    /* A larger clique (search indices, checked to be one) for the team. */
    void (*found)(void *team, const int32_t *clique, int32_t size);
    /* Whether the search stops (over, the target reached, a stop). */
    int (*stopping)(void *team);
    /* Work a member held was lost (a device failed): the search must end unproven. */
    void (*lost)(void *team);
};

/*
 * Runs the rank's devices (at most `devices` of them, 0 for every one) as
 * members of link's team on the calling thread, one host thread per
 * device, until take says the search is over or it stops: the problem is n
 * vertices with the complement adjacency `rows` (n rows of `words` 64-bit
 * words, search order), a search for cliques of `target` vertices (n + 1
 * for the maximum), with MaxSAT reasoning when `maxsat`. A rank without a
 * usable device, or whose device is held by another search of the process,
 * joins no member and returns MVC_OK. *nodes gets the nodes the devices
 * searched. Any other failure is returned with err set, after link->lost
 * when work was lost.
 */
int gpu_clique_members(const struct clique_member_link *link, int devices, int32_t n, int32_t words,
                       const uint64_t *rows, int maxsat, int32_t target, int64_t *nodes,
                       struct error *err);

#ifdef __cplusplus
}
#endif

#endif
