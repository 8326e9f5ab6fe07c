/*
 * The GPU clique search's kernels run on the host (tests/cuda_emulation.h,
 * warps of 8 lanes) against the CPU solver of src/vc/clique/clique.c: root colouring,
 * root branches, donation through the queue, termination, PVC and stop, and
 * several devices sharing the root's branches (--gpus), on machines without
 * a GPU. The host steps mirror search_team in kernels/clique/clique_gpu.cu.
 */
#define CLIQUE_WARP 8
#define MVC_GPU_DEBUG 1

#include "cuda_emulation.h"

extern "C" {
#include "clique.h"
#include "cover.h"
#include "graph.h"
#include "solve.h"
}
#include "clique_layout.h"
#include "clique_prepare.h"

/* the kernel's dynamic shared memory (per block, see cuda_emulation.h), unused here */
EMU_DYNAMIC_SHARED(clique_word, shared_adj, 1);

#include "clique_search.cuh"
#include "gen.h"
#include "tap.h"

struct emulated {
    int32_t size; /* clique found */
    int64_t nodes;
    int complete; /* the search ran to its end */
    unsigned int donated;
    int deadlock;
    long long switches;
    unsigned long long spared;       /* branches the MaxSAT reasoning spared */
    long long least_device_nodes;    /* nodes of the device that searched fewest */
    unsigned int exported, imported; /* subproblems handed to the host, and loaded again */
};

/* Host memory of one device's search, freed by the destructor. */
struct host_buffers {
    struct clique_control ctl;
    struct clique_params p;
    std::vector<uint32_t> root_entry;
    std::vector<int32_t> root_rank, best_clique, stacks, queue, exports;
    std::vector<clique_word> root_low;
    std::vector<unsigned int> queue_seq;
    std::vector<unsigned long long> nodes_per_sm;
    int copied; /* export slots of the running launch already in the pool */
};

/* Export slots of an emulated device. */
#define EMULATED_EXPORT_SLOTS 64

/*
 * The control block and queue of a launch, set by clique_control_load as
 * clique_device_load sets them: over the root's branches (no slots) or over
 * the subproblems in `slots`.
 */
static void load(host_buffers &b, const std::vector<int32_t> &slots, unsigned int count)
{
    clique_control_load(&b.ctl, b.queue_seq.data(), b.p.queue_capacity, count);
    memcpy(b.queue.data(), slots.data(), (size_t)count * b.p.slot_stride * sizeof(int32_t));
    b.copied = 0;
}

/* The subproblems b exported since the last collection up to slot `end`, appended to pool. */
static void collect_to(host_buffers &b, std::vector<int32_t> &pool, int end)
{
    end = end < b.p.export_capacity ? end : b.p.export_capacity;
    if (end <= b.copied)
        return;
    pool.insert(pool.end(), b.exports.begin() + (size_t)b.copied * b.p.slot_stride,
                b.exports.begin() + (size_t)end * b.p.slot_stride);
    b.copied = end;
}

/* After a launch: every slot it exported and the host has not taken yet. */
static void collect(host_buffers &b, std::vector<int32_t> &pool)
{
    collect_to(b, pool, b.ctl.export_tail);
}

/*
 * The host's serve_exports while the kernel runs (clique_team.cu): the slots
 * written first, the slots claimed after, a copy only when they agree. Run
 * by a lane of its own, so that warps claim and write slots between the two
 * reads.
 */
static void serve(host_buffers &b, std::vector<int32_t> &pool)
{
    int written = *(volatile int *)&b.ctl.export_written;
    __threadfence(); /* another lane may run here */
    int tail = *(volatile int *)&b.ctl.export_tail;
    if (tail == written)
        collect_to(b, pool, tail);
}

/*
 * The host's lane of a launch: serves the devices' exports until all of the
 * launch's `lanes` other lanes have returned from the kernel (counted in
 * *done), as the host waits for the kernel's end.
 */
static void host_lane(std::vector<host_buffers> &dev, size_t devices, std::vector<int32_t> &pool,
                      const int *done, int lanes)
{
    if (threadIdx.x % CLIQUE_WARP != 0)
        return;
    while (*(volatile const int *)done < lanes) {
        for (size_t d = 0; d < devices; d++)
            serve(dev[d], pool);
        __nanosleep(64);
    }
}

/*
 * The search of clique_team_search, emulated: `devices` devices of `warps`
 * warps each, all in one launch (device 0 colours the root and the others
 * take copies of its list, as colour_root and open_part do), device d taking
 * every devices-th root branch from the d-th; a queue of `capacity` slots (a
 * power of two) per device, scheduling from `seed`, a clique of `floor`
 * vertices held on the host (as the local search beside gives it), MaxSAT
 * reasoning on or off. With `exports`, the host has asked each device for
 * that many subproblems before the start (as serve_exports does when another
 * device is idle); they go to a pool (a lane of the launch plays the host,
 * copying them while the warps run), and device 0 then runs launches over
 * the pool (asking again in the first rounds) until it is empty, as
 * take_work feeds an idle device. cp->clique gets the best clique found.
 */
template <int WPL>
static void run_emulated(struct clique_problem *cp, int64_t k, int warps, unsigned int capacity,
                         int stop, uint64_t seed, int32_t floor, int maxsat, struct emulated *r,
                         int devices = 1, int exports = 0)
{
    memset(r, 0, sizeof *r);
    int32_t n = cp->n;
    int64_t wanted = k >= 0 ? (int64_t)n - k : (int64_t)n + 1;
    int32_t target = wanted > 0 ? (int32_t)wanted : 0;
    r->size = cp->size;
    r->complete = 1;
    if (cp->size >= target)
        return;
    std::vector<host_buffers> dev((size_t)devices);
    for (host_buffers &b : dev) {
        struct clique_params &p = b.p;
        memset(&b.ctl, 0, sizeof b.ctl);
        b.ctl.hot[HOT_BEST] = cp->size;
        b.ctl.hot[HOT_STOP] = stop;
        b.ctl.hot[HOT_FLOOR] = floor;
        memset(&p, 0, sizeof p);
        p.n = n;
        p.words = cp->words;
        p.maxsat = maxsat;
        p.floor_size = k >= 0 ? target - 1 : 0;
        p.target = target;
        p.adj = cp->adj;
        p.ctl = &b.ctl;
        b.root_entry.assign((size_t)n, 0);
        b.root_rank.assign((size_t)n, -1);
        b.best_clique.assign((size_t)n, -1);
        b.nodes_per_sm.assign(CLIQUE_NODES_PER_SM, 0);
        p.root_entry = b.root_entry.data();
        p.root_rank = b.root_rank.data();
        p.best_clique = b.best_clique.data();
        p.nodes_per_sm = b.nodes_per_sm.data();
    }
    struct clique_params &p0 = dev[0].p;
    int32_t bound = cp->size > p0.floor_size ? cp->size : p0.floor_size;
    bound = floor > bound ? floor : bound;
    int32_t low_rows = bound < n ? bound : n;
    dev[0].root_low.assign((size_t)(low_rows > 0 ? low_rows : 1) * cp->words, 0);
    p0.root_low = dev[0].root_low.data();
    long long switches = 0;
    emu_launch(
        1, CLIQUE_WARP, seed, [&] { clique_root_kernel<WPL>(p0, bound + 1); }, &switches);
    r->nodes = 1;
    int32_t root_count = dev[0].ctl.root_count, colours = dev[0].ctl.colours;
    std::vector<int32_t> pool;
    auto account = [&](host_buffers &b, long long *least) {
        long long mine = (long long)b.ctl.nodes;
        if (*least < 0 || mine < *least)
            *least = mine;
        r->nodes += (int64_t)b.ctl.nodes;
        r->spared += b.ctl.spared;
        r->complete &= b.ctl.hot[HOT_PENDING] == 0;
        r->donated += b.ctl.tail;
        r->exported +=
            (unsigned int)(b.ctl.export_tail < b.p.export_capacity ? b.ctl.export_tail
                                                                   : b.p.export_capacity);
        collect(b, pool);
        b.ctl.nodes = 0;
    };
    if (root_count > 0) {
        for (int d = 0; d < devices; d++) {
            host_buffers &b = dev[(size_t)d];
            struct clique_params &p = b.p;
            b.root_entry = dev[0].root_entry;
            b.root_rank = dev[0].root_rank;
            p.root_entry = b.root_entry.data();
            p.root_rank = b.root_rank.data();
            p.root_count = root_count;
            p.rows = colours + 1;
            p.root_step = devices;
            p.root_first = d;
            p.arena = clique_arena_entries(cp->max_degree, p.rows - 1);
            p.stack_stride = clique_stack_stride(p.rows, p.words, p.arena, p.maxsat);
            p.slot_stride = clique_slot_stride(p.rows, p.words);
            p.warps = warps;
            p.queue_capacity = capacity;
            p.export_capacity = EMULATED_EXPORT_SLOTS;
            b.stacks.assign((size_t)warps * p.stack_stride, 0x5a5a5a5a);
            b.queue.assign((size_t)capacity * p.slot_stride, 0x5a5a5a5a);
            b.exports.assign((size_t)p.export_capacity * p.slot_stride, 0x5a5a5a5a);
            b.queue_seq.resize(capacity);
            p.stacks = b.stacks.data();
            p.queue = b.queue.data();
            p.queue_seq = b.queue_seq.data();
            p.exports = b.exports.data();
            load(b, pool, 0);
            b.ctl.hot[HOT_EXPORT] = exports;
        }
        /*
         * Device d's warps are blocks d * warps .. (d + 1) * warps - 1 of the
         * launch; with exports asked for, one more block is the host copying
         * them while the devices run.
         */
        int done = 0;
        r->deadlock =
            emu_launch(
                devices * warps + (exports > 0), CLIQUE_WARP, seed + 1,
                [&] {
                    int d = (int)blockIdx.x / warps;
                    if (d == devices) {
                        host_lane(dev, (size_t)devices, pool, &done, devices * warps * CLIQUE_WARP);
                        return;
                    }
                    blockIdx.x -= (unsigned int)(d * warps);
                    clique_search_kernel<WPL>(dev[(size_t)d].p);
                    done++;
                },
                &switches) != 0;
        r->switches = switches;
        r->least_device_nodes = -1;
        for (host_buffers &b : dev)
            account(b, &r->least_device_nodes);
        /* the pool, launch after launch on device 0, a share of its queue at a time */
        host_buffers &b = dev[0];
        long long unused = -1;
        for (int round = 0; !pool.empty() && !r->deadlock && !stop; round++) {
            size_t pooled = pool.size() / b.p.slot_stride;
            unsigned int count = pooled < capacity ? (unsigned int)pooled : capacity;
            std::vector<int32_t> slots(pool.end() - (ptrdiff_t)(count * b.p.slot_stride),
                                       pool.end());
            pool.resize(pool.size() - slots.size());
            for (host_buffers &other : dev)
                if (other.ctl.hot[HOT_BEST] > b.ctl.hot[HOT_BEST]) {
                    b.best_clique = other.best_clique;
                    b.p.best_clique = b.best_clique.data();
                    b.ctl.hot[HOT_BEST] = other.ctl.hot[HOT_BEST];
                }
            load(b, slots, count);
            b.ctl.hot[HOT_EXPORT] = round < 3 ? exports : 0;
            int done = 0;
            r->deadlock = emu_launch(
                              warps + (exports > 0), CLIQUE_WARP, seed + 2 + (uint64_t)round,
                              [&] {
                                  if ((int)blockIdx.x == warps) {
                                      host_lane(dev, 1, pool, &done, warps * CLIQUE_WARP);
                                      return;
                                  }
                                  clique_search_kernel<WPL>(b.p);
                                  done++;
                              },
                              &switches) != 0;
            r->imported += count;
            account(b, &unused);
        }
        if (!pool.empty())
            r->complete = 0;
        unsigned long long per_sm = 0, nodes = 0;
        for (host_buffers &x : dev)
            for (unsigned long long v : x.nodes_per_sm)
                per_sm += v;
        nodes = (unsigned long long)(r->nodes - 1);
        if (per_sm != nodes)
            diag("per-SM node counts add up to %llu, not %llu", per_sm, nodes);
    }
    for (host_buffers &b : dev)
        if (b.ctl.hot[HOT_BEST] > cp->size) {
            memcpy(cp->clique, b.best_clique.data(),
                   (size_t)b.ctl.hot[HOT_BEST] * sizeof *cp->clique);
            cp->size = b.ctl.hot[HOT_BEST];
        }
    r->size = cp->size;
}

/* The clique as a cover of g: every vertex but the clique's (an independent set of g). */
static int cover_of(const struct graph *g, const struct clique_problem *cp, struct cover *c)
{
    if (cover_init(c, g->n) != MVC_OK)
        return 0;
    for (int32_t v = 0; v < g->n; v++)
        cover_add(c, v);
    for (int32_t i = 0; i < cp->size; i++) {
        int32_t v = cp->order[cp->clique[i]];
        if (!c->in[v])
            return 0; /* listed twice */
        c->in[v] = 0;
        c->size--;
    }
    struct error err = {0, {0}};
    return cover_check(g, c, &err) == MVC_OK;
}

static int32_t cpu_optimum(const struct graph *g, int64_t *nodes)
{
    struct solve_opts o;
    solve_opts_default(&o);
    o.clique.colour_bound_only = 1; /* the GPU search bounds by the colouring alone */
    o.clique.no_local_search = 1;   /* nor by a clique found beside it */
    o.clique.no_symmetry = 1;       /* nor splits the root by orbits */
    o.threads = 1;                  /* one thread: node counts are compared */
    struct solve_stats st;
    memset(&st, 0, sizeof st);
    struct cover c = {0, 0, NULL};
    struct error err = {0, {0}};
    solve_clique(g, &o, &c, &st, &err);
    *nodes = st.nodes;
    int32_t size = c.size;
    cover_free(&c);
    return size;
}

/* One emulated search of g; the cover it gives must be valid. */
static struct emulated search(const struct graph *g, int64_t k, int warps, unsigned int capacity,
                              int stop, uint64_t seed, int32_t *cover_size, int32_t floor = 0,
                              int maxsat = 0, int devices = 1, int exports = 0)
{
    struct clique_problem cp;
    struct emulated r;
    memset(&r, 0, sizeof r);
    if (clique_problem_prepare(g, &cp) != MVC_OK) {
        r.deadlock = 1;
        return r;
    }
    int words = (cp.words + CLIQUE_WARP - 1) / CLIQUE_WARP;
    if (words <= 1)
        run_emulated<1>(&cp, k, warps, capacity, stop, seed, floor, maxsat, &r, devices, exports);
    else
        run_emulated<2>(&cp, k, warps, capacity, stop, seed, floor, maxsat, &r, devices, exports);
    struct cover c;
    *cover_size = cover_of(g, &cp, &c) ? c.size : -1;
    cover_free(&c);
    clique_problem_free(&cp);
    return r;
}

int main(void)
{
    static const double densities[] = {0.3, 0.5, 0.7, 0.9};
    unsigned long long donated = 0, exported = 0;
    long long nodes_free = 0, nodes_floored = 0;  /* four warps, without and with the floor ω */
    long long nodes_colour = 0, nodes_maxsat = 0; /* one warp, colour bound and MaxSAT */
    unsigned long long spared = 0;
    for (unsigned seed = 1; seed <= 24; seed++) {
        int32_t n = 8 + (int32_t)(seed * 37 % 40);
        double p = densities[seed % 4];
        struct graph *g = gen_gnp_graph(seed, n, p);
        int64_t cpu_nodes;
        int32_t opt = cpu_optimum(g, &cpu_nodes), size;

        struct emulated r = search(g, -1, 1, 64, 0, seed, &size);
        ok(!r.deadlock && r.complete && size == opt && r.nodes == cpu_nodes,
           "seed %u n=%d p=%.1f one warp: cover %d (CPU %d), %lld nodes (CPU %lld)", seed, n, p,
           size, opt, (long long)r.nodes, (long long)cpu_nodes);
        nodes_colour += r.nodes;

        /* MaxSAT reasoning: the same optimum, on one warp and on four, and PVC around it */
        r = search(g, -1, 1, 64, 0, seed, &size, 0, 1);
        nodes_maxsat += r.nodes;
        spared += r.spared;
        ok(!r.deadlock && r.complete && size == opt,
           "seed %u MaxSAT, one warp: cover %d (CPU %d), %lld nodes, %llu spared", seed, size, opt,
           (long long)r.nodes, r.spared);
        r = search(g, -1, 4, seed % 2 ? 2 : 64, 0, seed, &size, 0, 1);
        ok(!r.deadlock && r.complete && size == opt,
           "seed %u MaxSAT, four warps: cover %d (CPU %d)", seed, size, opt);
        for (int delta = -1; delta <= 1; delta++) {
            int64_t k = opt + delta;
            if (k < 0)
                continue;
            r = search(g, k, 3, 64, 0, seed + 100, &size, 0, 1);
            int right = delta < 0 ? r.complete && size > k : size >= 0 && size <= k;
            ok(!r.deadlock && right, "seed %u MaxSAT PVC k=%lld: cover %d, complete %d", seed,
               (long long)k, size, r.complete);
        }

        r = search(g, -1, 4, seed % 2 ? 2 : 64, 0, seed, &size);
        donated += r.donated;
        nodes_free += r.nodes;
        ok(!r.deadlock && r.complete && size == opt,
           "seed %u four warps, %d queue slots: cover %d (CPU %d), %lld nodes, %u donated", seed,
           seed % 2 ? 2 : 64, size, opt, (long long)r.nodes, r.donated);

        /*
         * A host clique of ω (the complement of the optimum) as the floor:
         * the search ends complete, with fewer nodes and nothing larger; one
         * vertex less, and it finds ω itself.
         */
        int32_t omega = n - opt;
        r = search(g, -1, 4, seed % 2 ? 2 : 64, 0, seed, &size, omega);
        nodes_floored += r.nodes;
        ok(!r.deadlock && r.complete && size >= opt && r.nodes <= cpu_nodes,
           "seed %u floor %d (ω): complete, clique %d, %lld nodes (CPU %lld without)", seed, omega,
           n - size, (long long)r.nodes, (long long)cpu_nodes);
        r = search(g, -1, 4, 64, 0, seed, &size, omega - 1);
        ok(!r.deadlock && r.complete && size == opt, "seed %u floor %d (ω - 1): cover %d (CPU %d)",
           seed, omega - 1, size, opt);

        for (int delta = -1; delta <= 1; delta++) {
            int64_t k = opt + delta;
            if (k < 0)
                continue;
            r = search(g, k, 3, 64, 0, seed + 100, &size);
            int right = delta < 0 ? r.complete && size > k : size >= 0 && size <= k;
            ok(!r.deadlock && right, "seed %u PVC k=%lld: cover %d, complete %d", seed,
               (long long)k, size, r.complete);
        }

        /*
         * Several devices (--gpus), each taking every second (third) root
         * branch: the same optimum, and PVC around it; asked for subproblems
         * for another device, they hand over part of their work, and the
         * launches over what they handed over finish it.
         */
        r = search(g, -1, 2, seed % 2 ? 2 : 64, 0, seed, &size, 0, seed % 2, 2);
        ok(!r.deadlock && r.complete && size == opt, "seed %u two devices%s: cover %d (CPU %d)",
           seed, seed % 2 ? ", MaxSAT" : "", size, opt);
        r = search(g, -1, 2, 64, 0, seed, &size, 0, 0, 3, 4);
        exported += r.exported;
        ok(!r.deadlock && r.complete && size == opt && r.imported == r.exported,
           "seed %u three devices asked for 4 subproblems each: cover %d (CPU %d), %u handed "
           "over and searched again",
           seed, size, opt, r.exported);
        for (int delta = -1; delta <= 0; delta++) {
            int64_t k = opt + delta;
            if (k < 0)
                continue;
            r = search(g, k, 2, 64, 0, seed + 200, &size, 0, 0, 2, (int)(seed % 2) * 3);
            int right = delta < 0 ? r.complete && size > k : size >= 0 && size <= k;
            ok(!r.deadlock && right, "seed %u two devices, PVC k=%lld: cover %d, complete %d", seed,
               (long long)k, size, r.complete);
        }
        graph_free(g);
    }
    ok(nodes_floored < nodes_free, "the floor ω prunes: %lld nodes against %lld without",
       nodes_floored, nodes_free);
    ok(spared > 0 && nodes_maxsat < nodes_colour,
       "MaxSAT spared %llu branches: %lld nodes on one warp against %lld by the colour bound",
       spared, nodes_maxsat, nodes_colour);
    /* enough nodes for warps to run out of root branches and share subtrees */
    for (unsigned seed = 31; seed <= 33; seed++) {
        struct graph *g = gen_gnp_graph(seed, 70, 0.2);
        int64_t cpu_nodes;
        int32_t opt = cpu_optimum(g, &cpu_nodes), size;
        struct emulated r = search(g, -1, 8, seed == 32 ? 2 : 64, 0, seed, &size);
        donated += r.donated;
        ok(!r.deadlock && r.complete && size == opt,
           "seed %u n=70 p=0.2 eight warps: cover %d (CPU %d), %lld nodes (CPU %lld), %u donated",
           seed, size, opt, (long long)r.nodes, (long long)cpu_nodes, r.donated);
        graph_free(g);
    }
    ok(donated > 0, "busy warps donated %llu subproblems to idle ones", donated);

    /* four devices of two warps on deeper trees: every device searches, nothing is lost */
    for (unsigned seed = 41; seed <= 44; seed++) {
        struct graph *g = gen_gnp_graph(seed, 70, 0.2);
        int64_t cpu_nodes;
        int32_t opt = cpu_optimum(g, &cpu_nodes), size;
        for (int exports = 0; exports <= 8; exports += 8) {
            struct emulated r =
                search(g, -1, 2, seed % 2 ? 2 : 64, 0, seed, &size, 0, 0, 4, exports);
            exported += r.exported;
            ok(!r.deadlock && r.complete && size == opt && r.least_device_nodes > 0 &&
                   r.imported == r.exported,
               "seed %u n=70 four devices, %d exports asked: cover %d (CPU %d), %lld nodes, "
               "fewest on one device %lld, %u handed over",
               seed, exports, size, opt, (long long)r.nodes, r.least_device_nodes, r.exported);
        }
        graph_free(g);
    }
    ok(exported > 0, "devices handed %llu subproblems to the host", exported);

    /*
     * Many warps asked for many subproblems at once, the host lane copying
     * while they write: a slot is taken only once it is written.
     */
    for (unsigned seed = 51; seed <= 58; seed++) {
        struct graph *g = gen_gnp_graph(seed, 80, 0.15);
        int64_t cpu_nodes;
        int32_t opt = cpu_optimum(g, &cpu_nodes), size;
        struct emulated r = search(g, -1, 12, 64, 0, seed, &size, 0, 0, 2, 48);
        ok(!r.deadlock && r.complete && size == opt && r.imported == r.exported,
           "seed %u n=80 two devices of 12 warps, 48 exports asked each: cover %d (CPU %d), "
           "%u handed over",
           seed, size, opt, r.exported);
        graph_free(g);
    }

    /* MVC_EMULATED_STRESS=N: N more seeds with sixteen warps and deeper trees */
    const char *stress = getenv("MVC_EMULATED_STRESS");
    for (unsigned seed = 1000; stress != NULL && seed < 1000 + (unsigned)atoi(stress); seed++) {
        int32_t n = 60 + (int32_t)(seed % 5) * 10;
        struct graph *g = gen_gnp_graph(seed, n, 0.1 + 0.05 * (seed % 4));
        int64_t cpu_nodes;
        int32_t opt = cpu_optimum(g, &cpu_nodes), size;
        int devices = 1 + (int)(seed % 3), exports = (int)(seed / 3 % 2) * 6;
        struct emulated r = search(g, -1, 16 / devices, seed % 3 ? 64 : 4, 0, seed, &size, 0,
                                   seed % 2, devices, exports);
        ok(!r.deadlock && r.complete && size == opt && r.imported == r.exported,
           "stress seed %u n=%d%s, %d device(s), %d exports asked: cover %d (CPU %d), %lld nodes "
           "(CPU %lld), %u donated, %u handed over",
           seed, n, seed % 2 ? " MaxSAT" : "", devices, exports, size, opt, (long long)r.nodes,
           (long long)cpu_nodes, r.donated, r.exported);
        graph_free(g);
    }

    /* more than 8 x 32 vertices: each lane owns two words of a row */
    struct graph *g = gen_gnp_graph(99, 300, 0.97);
    int64_t cpu_nodes;
    int32_t opt = cpu_optimum(g, &cpu_nodes), size;
    struct emulated r = search(g, -1, 1, 64, 0, 99, &size);
    ok(!r.deadlock && r.complete && size == opt && r.nodes == cpu_nodes,
       "n=300: one warp, two words per lane: cover %d (CPU %d), %lld nodes (CPU %lld)", size, opt,
       (long long)r.nodes, (long long)cpu_nodes);
    r = search(g, -1, 3, 64, 0, 99, &size);
    ok(!r.deadlock && r.complete && size == opt, "n=300: three warps: cover %d (CPU %d)", size,
       opt);
    r = search(g, -1, 3, 64, 0, 99, &size, 0, 1);
    ok(!r.deadlock && r.complete && size == opt,
       "n=300: three warps, MaxSAT: cover %d (CPU %d), %llu spared", size, opt, r.spared);
    graph_free(g);

    /* a stop raised before the start: nothing searched, the greedy cover stands */
    g = gen_gnp_graph(7, 60, 0.5);
    r = search(g, -1, 2, 64, 1, 7, &size);
    ok(!r.deadlock && !r.complete && size > 0 && r.nodes == 1,
       "stop raised before the start: cover %d, %lld nodes, complete %d", size, (long long)r.nodes,
       r.complete);
    graph_free(g);
    done_testing();
    return exit_status();
}
