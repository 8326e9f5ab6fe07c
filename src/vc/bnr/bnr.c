/*
 * Branch and reduce with lower bounds, for large sparse graphs (Akiba and
 * Iwata, "Branch-and-reduce exponential/FPT algorithms in practice: a case
 * study of vertex cover", Theoretical Computer Science 609, 2016): every
 * search node is kernelized with the rules of kernelize.c, pruned by the
 * cycle-cover (LP) and clique-cover lower bounds, split into connected
 * components solved one by one, and branched on a vertex of maximum degree
 * (with its orbit, where the graph's symmetries move it: orbital.h).
 *
 * Every search function answers one question about its graph: is there a
 * cover of at most limit vertices? In MVC mode (first == 0) it returns a
 * minimum one, in PVC mode (first != 0) the first one it finds. A child's
 * graph is its parent's kernel component with the branching's vertices
 * taken as the first reduction, so memory stays O(depth x kernel).
 */
#include "bnr.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bound_sat.h"
#include "branch_threads.h"
#include "clique_cover.h"
#include "clock.h"
#include "components.h"
#include "greedy.h"
#include "kernelize.h"
#include "local_search.h"
#include "local_search_portfolio.h"
#include "node_rules.h"
#include "orbital.h"
#include "orbits.h"
#include "packing.h"
#include "progress.h"
#include "sat.h"
#include "solver_start.h"

/* What a search call found; negative values are mvc_status errors. */
enum node_result {
    NODE_NONE,  /* every cover has more than limit vertices; out stays empty */
    NODE_FOUND, /* out: a cover within the limit, minimum in MVC mode */
    /*
     * Stopped: at the root, out holds a valid cover, the best known. Below it,
     * out holds one only where the node had a cover within its limit, else it
     * stays empty: any other cover of the node is no smaller than the root's
     * incumbent, and lifting it through every level above, which made a
     * stopped search on a 50,000-vertex kernel answer half a second late, would
     * be thrown away there. A search whose sibling's answer settled their
     * branching (branch_in_parallel) stops too, and holds no cover.
     */
    NODE_STOPPED,
};

/* One thread's search: each thread a branching starts has a copy of its own. */
struct bnr_search {
    const struct solve_opts *o;
    struct error *err;
    int64_t nodes;
    int64_t parallel_branchings;      /* whose second child this thread started on another */
    int64_t parallel_settled;         /* of those, where one child's answer ended the other */
    int32_t depth;                    /* branchings above the current node */
    int32_t root_lower_bound;         /* on the input's minimum cover, from the root's kernel */
    int32_t root_funnels;             /* vertices the root's funnels removed (search_funnelled) */
    int64_t packing_pruned;           /* nodes a broken packing constraint ended */
    int64_t packing_forced;           /* vertices packing constraints kept out */
    struct orbital *orbital;          /* shared by the whole search */
    struct node_rules *node_rules;    /* shared by the whole search */
    int symmetric;                    /* no graph on the path to this node was asymmetric */
    struct branch_threads *threads;   /* shared by the whole search */
    const struct cancel_link *cancel; /* this thread's branchings searched in parallel */
};

/* A kernel split into connected components, each with its lower bound. */
struct bounded_split {
    struct split sp;
    int32_t *lower_bound; /* by component id */
    int32_t total_bound;  /* their sum */
};

/* Vertices a branching puts into the cover, and the child's packing constraints. */
struct branch_choice {
    const int32_t *taken;
    int32_t count;
    const struct packing *packing; /* on the branched graph's vertices; NULL for none */
};

static int search_graph(struct bnr_search *s, const struct graph *g,
                        const struct branch_choice *choice, int32_t limit, int first,
                        struct progress *report, struct cover *out);

static int no_memory(struct bnr_search *s)
{
    return error_set(s->err, MVC_ENOMEM, "out of memory in the branch-and-reduce search");
}

/* The time limit or the stop flag (a settled sibling, s->cancel, is search_graph's to see). */
static int stop_requested(struct bnr_search *s)
{
    return deadline_passed(&s->o->deadline);
}

static void cover_swap(struct cover *a, struct cover *b)
{
    struct cover t = *a;
    *a = *b;
    *b = t;
}

/* A valid cover of g when the search was stopped and nothing better is known. */
static int stopped_with_greedy(struct bnr_search *s, const struct graph *g, struct cover *out)
{
    int status = greedy_cover(g, out, s->err);
    return status != MVC_OK ? status : NODE_STOPPED;
}

/*
 * Stopped at a node: a greedy cover where one may be within the limit (at the
 * root always, below it where all of g fits), else none (NODE_STOPPED).
 */
static int stopped_at_node(struct bnr_search *s, const struct graph *g, int32_t limit,
                           struct cover *out)
{
    return s->depth > 0 && g->n > limit ? NODE_STOPPED : stopped_with_greedy(s, g, out);
}

/* Whether a search call's result carries a cover in out (a stopped one may not). */
static int has_cover(int r, const struct cover *out)
{
    return r == NODE_FOUND || (r == NODE_STOPPED && out->in != NULL);
}

/*
 * Iterated-greedy rounds after the first clique cover, at the root only: on
 * the BHOSLIB-like PACE kernels (vc-exact_195 to 199) they lift the bound
 * from 1,057 to the optimum, 1,100; inside the search they cost about as
 * many nodes as they save (vc-exact_035 to 111, measured).
 */
#define ROOT_CLIQUE_COVER_ROUNDS 8

/*
 * A maximum matching of the bipartite double cover (u on the left joined to w
 * on the right for each edge uw), by Hopcroft and Karp: half its size is the
 * LP bound. to_right[u] is u's partner on the right, or -1.
 */
struct double_cover_matching {
    int32_t *to_right, *to_left, *dist, *queue, *stack, *via;
    int64_t *next_edge;
};

#define UNREACHED INT32_MAX

/* Layers from the free left vertices; 1 when some free right vertex is reachable. */
static int matching_layers(const struct graph *g, struct double_cover_matching *mm)
{
    int32_t head = 0, tail = 0;
    int reachable = 0;
    for (int32_t u = 0; u < g->n; u++) {
        mm->dist[u] = mm->to_right[u] < 0 ? 0 : UNREACHED;
        if (mm->to_right[u] < 0)
            mm->queue[tail++] = u;
    }
    while (head < tail) {
        int32_t u = mm->queue[head++];
        for (int64_t j = g->offsets[u]; j < g->offsets[u + 1]; j++) {
            int32_t x = mm->to_left[g->adj[j]];
            if (x < 0)
                reachable = 1;
            else if (mm->dist[x] == UNREACHED) {
                mm->dist[x] = mm->dist[u] + 1;
                mm->queue[tail++] = x;
            }
        }
    }
    return reachable;
}

/* One augmenting path along the layers from the free left vertex root, by an explicit stack. */
static void matching_augment(const struct graph *g, struct double_cover_matching *mm, int32_t root)
{
    int32_t sp = 0;
    mm->stack[sp++] = root;
    while (sp > 0) {
        int32_t u = mm->stack[sp - 1];
        if (mm->next_edge[u] == g->offsets[u + 1]) {
            mm->dist[u] = UNREACHED; /* dead end for the rest of the phase */
            sp--;
            continue;
        }
        int32_t w = g->adj[mm->next_edge[u]++];
        int32_t x = mm->to_left[w];
        if (x < 0) {
            for (int32_t i = sp - 1; i >= 0; i--) {
                int32_t wi = i == sp - 1 ? w : mm->via[i];
                mm->to_right[mm->stack[i]] = wi;
                mm->to_left[wi] = mm->stack[i];
            }
            return;
        }
        if (mm->dist[x] == mm->dist[u] + 1) {
            mm->via[sp - 1] = w;
            mm->stack[sp++] = x;
        }
    }
}

static void maximum_matching(const struct graph *g, struct double_cover_matching *mm)
{
    for (int32_t u = 0; u < g->n; u++)
        mm->to_right[u] = mm->to_left[u] = -1;
    /*
     * Greedy start, mapping u to a free neighbour that is not mapped to u
     * where there is one: a 2-cycle (u -> w -> u) is an edge, whose bound is
     * 1 whatever, where a longer cycle has an even chance of being odd.
     */
    for (int32_t u = 0; u < g->n; u++) {
        int32_t fallback = -1;
        for (int64_t j = g->offsets[u]; j < g->offsets[u + 1]; j++) {
            int32_t w = g->adj[j];
            if (mm->to_left[w] >= 0)
                continue;
            if (mm->to_right[w] == u) {
                if (fallback < 0)
                    fallback = w;
                continue;
            }
            fallback = w;
            break;
        }
        if (fallback >= 0) {
            mm->to_right[u] = fallback;
            mm->to_left[fallback] = u;
        }
    }
    while (matching_layers(g, mm)) {
        for (int32_t u = 0; u < g->n; u++)
            mm->next_edge[u] = g->offsets[u];
        for (int32_t u = 0; u < g->n; u++)
            if (mm->to_right[u] < 0)
                matching_augment(g, mm, u);
    }
}

/*
 * An even cycle of the matching's cover (a -> s -> ... -> b -> y -> ... ->
 * a) with chords a-y and b-s becomes two cycles, s ... b and y ... a, both
 * odd where b is an odd number of steps after a: the bound gains one, as a
 * cycle of l vertices needs ceil(l / 2). cycle, pos and size are scratch of
 * n + 1 entries. Returns the number of cycles split.
 */
static int32_t split_even_cycles(const struct graph *g, struct double_cover_matching *mm,
                                 int32_t *cycle, int32_t *pos, int32_t *size)
{
    /* the cycles, numbered, each vertex's place on its own; -1 on paths */
    for (int32_t u = 0; u < g->n; u++)
        cycle[u] = -2;
    for (int32_t u = 0; u < g->n; u++)
        if (mm->to_left[u] < 0)
            for (int32_t x = u; x >= 0 && cycle[x] == -2; x = mm->to_right[x])
                cycle[x] = -1;
    int32_t cycles = 0;
    for (int32_t u = 0; u < g->n; u++) {
        if (cycle[u] != -2)
            continue;
        int32_t length = 0;
        for (int32_t x = u; cycle[x] == -2; x = mm->to_right[x]) {
            cycle[x] = cycles;
            pos[x] = length++;
        }
        size[cycles++] = length;
    }
    int32_t split = 0;
    for (int32_t a = 0; a < g->n; a++) {
        int32_t c = cycle[a];
        if (c < 0 || size[c] < 4 || size[c] % 2 != 0)
            continue; /* on a path, or an odd cycle, an edge, or one split already */
        int32_t s_a = mm->to_right[a];
        for (int64_t j = g->offsets[a]; j < g->offsets[a + 1]; j++) {
            int32_t y = g->adj[j];
            if (y == s_a || cycle[y] != c)
                continue;
            int32_t b = mm->to_left[y], steps = (pos[b] - pos[a] + size[c]) % size[c];
            if (steps % 2 == 0 || steps < 3 || !graph_has_edge(g, b, s_a))
                continue;
            mm->to_right[a] = y, mm->to_left[y] = a;
            mm->to_right[b] = s_a, mm->to_left[s_a] = b;
            size[c] = 0; /* its places are stale now */
            split++;
            break;
        }
    }
    return split;
}

/*
 * Cycle-cover bound (Akiba and Iwata 2016): the matching maps each
 * vertex to a neighbour, u -> to_right[u], injectively, so it splits the
 * graph into vertex-disjoint paths and cycles of G (a 2-cycle is an edge). A
 * cycle of l vertices needs ceil(l / 2) of them in any cover, a path
 * floor(l / 2); their sum is at least the LP bound, and more for each odd
 * cycle. bound[c] (count entries, zeroed by the caller) receives the sum in
 * component c.
 */
/*
 * The cover's bounds into bound (by component, zeroed), their sum returned;
 * *even_cycles receives the number of even cycles of 4 vertices or more.
 */
static int64_t cover_bounds(const struct graph *g, const struct double_cover_matching *mm,
                            const int32_t *component_of, uint8_t *done, int32_t *bound,
                            int32_t count, int32_t *even_cycles)
{
    memset(done, 0, (size_t)g->n);
    memset(bound, 0, (size_t)count * sizeof *bound);
    int64_t total = 0;
    *even_cycles = 0;
    /* paths first, from the vertices no one maps to; what is left lies on cycles */
    for (int pass = 0; pass < 2; pass++)
        for (int32_t u = 0; u < g->n; u++) {
            if (done[u] || (pass == 0 && mm->to_left[u] >= 0))
                continue;
            int32_t length = 0;
            for (int32_t x = u; x >= 0 && !done[x]; x = mm->to_right[x]) {
                done[x] = 1;
                length++;
            }
            int32_t b = pass == 0 ? length / 2 : (length + 1) / 2;
            *even_cycles += pass == 1 && length >= 4 && length % 2 == 0;
            bound[component_of[u]] += b;
            total += b;
        }
    return total;
}

/*
 * The cycle-cover bounds of g's `count` components into bound, their sum
 * into *total. Where splitting even cycles could lift the sum above
 * prune_above (INT64_MAX: always, as at the root), they are split
 * (split_even_cycles): on random 4- and 5-regular graphs that spared 3-4 % of
 * the nodes, and splitting at every node cost more than that.
 */
static int cycle_cover_bounds(const struct graph *g, const int32_t *component_of, int32_t count,
                              int64_t prune_above, int32_t *bound, int64_t *total)
{
    size_t n = (size_t)g->n + 1;
    struct double_cover_matching mm = {
        malloc(n * sizeof(int32_t)), malloc(n * sizeof(int32_t)), malloc(n * sizeof(int32_t)),
        malloc(n * sizeof(int32_t)), malloc(n * sizeof(int32_t)), malloc(n * sizeof(int32_t)),
        malloc(n * sizeof(int64_t)),
    };
    uint8_t *done = malloc(n);
    int status = MVC_ENOMEM;
    if (mm.to_right == NULL || mm.to_left == NULL || mm.dist == NULL || mm.queue == NULL ||
        mm.stack == NULL || mm.via == NULL || mm.next_edge == NULL || done == NULL)
        goto out;
    maximum_matching(g, &mm);
    int32_t even_cycles;
    *total = cover_bounds(g, &mm, component_of, done, bound, count, &even_cycles);
    int may_prune =
        prune_above == INT64_MAX || (*total <= prune_above && *total + even_cycles > prune_above);
    if (even_cycles > 0 && may_prune && split_even_cycles(g, &mm, mm.dist, mm.queue, mm.stack) > 0)
        *total = cover_bounds(g, &mm, component_of, done, bound, count, &even_cycles);
    status = MVC_OK;
out:
    free(mm.to_right), free(mm.to_left), free(mm.dist), free(mm.queue), free(mm.stack);
    free(mm.via), free(mm.next_edge), free(done);
    return status;
}

static void bounded_split_free(struct bounded_split *bs)
{
    split_close(&bs->sp);
    free(bs->lower_bound);
}

/*
 * The kernel's components and their bounds, each the larger of its cycle
 * cover's and its clique cover's. Where the cycle covers' sum alone is above
 * prune_above (INT64_MAX at the root: never), the node is pruned whatever the
 * clique covers say, and they are not computed: on random 4-regular(200) the
 * clique covers' share of the time fell from 13 % to 8 %.
 */
static int split_kernel(const struct graph *kg, int clique_cover_rounds, int64_t prune_above,
                        struct bounded_split *bs)
{
    memset(bs, 0, sizeof *bs);
    if (split_open(&bs->sp, kg) != MVC_OK)
        return MVC_ENOMEM;
    int32_t count = bs->sp.count;
    bs->lower_bound = calloc((size_t)count + 1, sizeof *bs->lower_bound);
    int32_t *cliques = calloc((size_t)count + 1, sizeof *cliques);
    int64_t cycles_total = 0;
    if (bs->lower_bound == NULL || cliques == NULL ||
        cycle_cover_bounds(kg, bs->sp.component_of, count, prune_above, bs->lower_bound,
                           &cycles_total) != MVC_OK) {
        free(cliques);
        return MVC_ENOMEM;
    }
    int status = MVC_OK;
    if (cycles_total <= prune_above &&
        (status = clique_cover_joins(kg, bs->sp.component_of, clique_cover_rounds, cliques)) ==
            MVC_OK)
        for (int32_t c = 0; c < count; c++)
            if (cliques[c] > bs->lower_bound[c])
                bs->lower_bound[c] = cliques[c];
    for (int32_t c = 0; c < count; c++)
        bs->total_bound += bs->lower_bound[c];
    free(cliques);
    return status;
}

/* Edges among the neighbours of v. */
static int64_t neighbourhood_edges(const struct graph *g, int32_t v)
{
    int64_t edges = 0;
    for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
        for (int64_t j = i + 1; j < g->offsets[v + 1]; j++)
            edges += graph_has_edge(g, g->adj[i], g->adj[j]);
    return edges;
}

/* The degrees of v's neighbours, summed. */
static int64_t neighbours_degrees(const struct graph *g, int32_t v)
{
    int64_t sum = 0;
    for (int64_t i = g->offsets[v]; i < g->offsets[v + 1]; i++)
        sum += graph_degree(g, g->adj[i]);
    return sum;
}

/*
 * The branching vertex: of maximum degree, and among those the one with the
 * fewest edges between its neighbours (Akiba and Iwata 2016), whose
 * removal leaves the most to the reductions; among those, the one whose
 * neighbours' degrees sum the least, whose neighbours taken leave the most
 * vertices of low degree to the reductions. On random regular graphs that
 * last tie-break spared a third of the nodes: one thread, 4-regular(200)
 * 99,479 -> 67,837 nodes (2.60 -> 1.65 s), 5-regular(150) 85,861 -> 54,237
 * (1.96 -> 1.15 s), 3-regular(300) 44,405 -> 42,903. Preferring the largest
 * sum instead took 30-35 % more nodes than without it.
 */
static int32_t branching_vertex(const struct graph *g)
{
    int32_t best = 0;
    for (int32_t v = 1; v < g->n; v++)
        if (graph_degree(g, v) > graph_degree(g, best))
            best = v;
    int64_t best_edges = neighbourhood_edges(g, best);
    int64_t best_degrees = neighbours_degrees(g, best);
    for (int32_t v = best + 1; v < g->n; v++) {
        if (graph_degree(g, v) != graph_degree(g, best))
            continue;
        int64_t edges = neighbourhood_edges(g, v);
        if (edges > best_edges)
            continue;
        int64_t degrees = neighbours_degrees(g, v);
        if (edges < best_edges || degrees < best_degrees) {
            best = v;
            best_edges = edges;
            best_degrees = degrees;
        }
    }
    return best;
}

/*
 * One child of a branching: the vertices taken go into the cover and leave the
 * graph; the kernelization of c begins with them, so the child's graph is
 * never built on its own. out receives a cover of c on FOUND or STOPPED,
 * which is reported to report, c's scope.
 */
static int search_child(struct bnr_search *s, const struct graph *c,
                        const struct branch_choice *choice, int32_t limit, int first,
                        struct progress *report, struct cover *out)
{
    if (choice->count > limit)
        return NODE_NONE;
    /* the child's covers are c's; its lower bounds are not c's */
    struct progress scope;
    struct progress *child_report = progress_open(&scope, report, 0, PROGRESS_NO_BOUND);
    int r = search_graph(s, c, choice, limit, first, child_report, out);
    if (has_cover(r, out))
        progress_improve(report, out->size);
    progress_close(child_report);
    return r;
}

/* The two children of a branching on v: v taken, or all its neighbours. */
static void branch_children(const struct graph *c, const int32_t *v, struct branch_choice child[2])
{
    /* v's neighbours taken leave v isolated, and the reductions leave it out */
    child[0] = (struct branch_choice){v, 1, NULL};
    child[1] = (struct branch_choice){c->adj + c->offsets[*v], graph_degree(c, *v), NULL};
}

/* The children one after the other: in MVC mode each cover found lowers the next one's limit. */
static int branch_in_turn(struct bnr_search *s, const struct graph *c,
                          const struct branch_choice child[2], int32_t limit, int first,
                          struct progress *report, struct cover *out)
{
    int r = NODE_NONE;
    for (int i = 0; i < 2; i++) {
        struct cover cc = {0};
        int ri = search_child(s, c, &child[i], limit, first, report, &cc);
        if (ri == NODE_FOUND || (has_cover(ri, &cc) && (out->in == NULL || cc.size < out->size)))
            cover_swap(out, &cc);
        cover_free(&cc);
        if (ri == NODE_FOUND) {
            r = NODE_FOUND;
            limit = out->size - 1;
        } else if (ri != NODE_NONE) {
            r = ri; /* stopped, or an error */
        }
        if (ri < 0 || ri == NODE_STOPPED || (ri == NODE_FOUND && first))
            break;
    }
    return r;
}

/* The second child of a branching, searched on a thread of its own. */
struct forked_child {
    struct bnr_search s; /* the thread's copy */
    struct error err;
    const struct graph *c;
    const struct branch_choice *choice;
    int32_t limit;
    int first;
    struct progress *report;
    int *settled; /* raised once one child's result decides the branching: PVC's cover, an error */
    struct cover out;
    int result;
};

/* Whether a child's result makes its sibling's unneeded: a cover in PVC mode, or an error. */
static int settles(int result, int first)
{
    return result < 0 || (first && result == NODE_FOUND);
}

static void *forked_child_run(void *arg)
{
    struct forked_child *f = arg;
    f->result = search_child(&f->s, f->c, f->choice, f->limit, f->first, f->report, &f->out);
    if (settles(f->result, f->first))
        __atomic_store_n(f->settled, 1, __ATOMIC_RELEASE);
    orbits_release(); /* nauty's workspace of this thread (orbital.h) */
    branch_threads_release(f->s.threads);
    return NULL;
}

/*
 * The search recurses once per branching, and each branching puts at least
 * one vertex into the cover, so below a limit it goes at most limit + 1
 * levels deep: it runs on threads whose stacks are sized for that (8 MiB
 * hold about 14000 levels).
 */
#define STACK_PER_LEVEL 2048
#define STACK_BASE ((size_t)8 << 20)
#define STACK_MAX ((size_t)1 << 30)

static size_t search_stack(int32_t limit)
{
    size_t stack = STACK_BASE + ((size_t)limit + 2) * STACK_PER_LEVEL;
    return stack < STACK_MAX ? stack : STACK_MAX;
}

/*
 * Both children at once, the second on another thread, each under the
 * branching's own limit: the second does not wait for the first's cover to
 * lower it, so it may search more than in turn, on a CPU that would be idle.
 * The answer is the one the children in turn would give: in MVC mode the
 * smaller cover (each child's is the minimum within the limit), in PVC mode
 * a cover found (the first child's where both found one), the first found
 * ending the other child. The second child's thread is claimed from
 * s->threads already; it gives it back as it ends. Its state lives on the
 * heap, so that the recursion's frames stay as small as in turn.
 */
static int branch_in_parallel(struct bnr_search *s, const struct graph *c,
                              const struct branch_choice child[2], int32_t limit, int first,
                              struct progress *report, struct cover *out)
{
    int settled = 0;
    struct cancel_link link = {&settled, s->cancel};
    struct forked_child *f = malloc(sizeof *f);
    pthread_t thread;
    if (f != NULL) {
        *f = (struct forked_child){.s = *s,
                                   .c = c,
                                   .choice = &child[1],
                                   .limit = limit,
                                   .first = first,
                                   .report = report,
                                   .settled = &settled};
        f->s.err = &f->err;
        f->s.nodes = f->s.parallel_branchings = f->s.parallel_settled = 0;
        f->s.packing_pruned = f->s.packing_forced = 0;
        f->s.cancel = &link;
    }
    if (f == NULL || branch_threads_start(&thread, search_stack(limit), forked_child_run, f) != 0) {
        free(f);
        branch_threads_release(s->threads);
        return branch_in_turn(s, c, child, limit, first, report, out);
    }
    const struct cancel_link *above = s->cancel;
    s->cancel = &link;
    struct cover c0 = {0};
    int r0 = search_child(s, c, &child[0], limit, first, report, &c0);
    s->cancel = above;
    if (settles(r0, first))
        __atomic_store_n(&settled, 1, __ATOMIC_RELEASE);
    /* while this thread waits, its CPU may take another branching */
    branch_threads_release(s->threads);
    pthread_join(thread, NULL);
    branch_threads_retake(s->threads);
    s->nodes += f->s.nodes;
    s->packing_pruned += f->s.packing_pruned;
    s->packing_forced += f->s.packing_forced;
    s->parallel_branchings += 1 + f->s.parallel_branchings;
    s->parallel_settled += settled + f->s.parallel_settled;
    int r1 = f->result, r;
    struct cover *c1 = &f->out;
    if (r0 < 0 || r1 < 0) {
        r = r0 < 0 ? r0 : r1;
        if (r0 >= 0)
            *s->err = f->err;
    } else if (first && (r0 == NODE_FOUND || r1 == NODE_FOUND)) {
        r = NODE_FOUND;
        cover_swap(out, r0 == NODE_FOUND ? &c0 : c1);
    } else {
        /* a cover a child holds is within the limit whatever its result (has_cover) */
        r = r0 == NODE_STOPPED || r1 == NODE_STOPPED ? NODE_STOPPED
            : r0 == NODE_FOUND || r1 == NODE_FOUND   ? NODE_FOUND
                                                     : NODE_NONE;
        int take0 = has_cover(r0, &c0), take1 = has_cover(r1, c1);
        if (take0 && take1)
            take1 = c1->size < c0.size;
        if (take1)
            cover_swap(out, c1);
        else if (take0)
            cover_swap(out, &c0);
    }
    cover_free(&c0);
    cover_free(c1);
    free(f);
    return r;
}

/*
 * Branchings on components of FORK_MIN_VERTICES to FORK_MAX_VERTICES start a
 * thread for their second child where one is free. Below, a thread's start
 * costs about as much as the child's search; above, each thread would hold a
 * path of kernels as large as the one thread does (O(depth x kernel)), on
 * graphs where the branching seldom ends anyway.
 */
#define FORK_MIN_VERTICES 32
#define FORK_MAX_VERTICES 4096

/*
 * The children's packing constraints (packing.h): the branched graph's own,
 * and those the branching on v adds. orbital: the first child takes v's orbit.
 */
static int branch_packing(const struct graph *c, int32_t v, const struct packing *packing,
                          const struct branch_choice *first_child, int orbital,
                          struct packing child[2])
{
    uint8_t *mark = calloc((size_t)c->n, 1);
    int status = mark != NULL ? MVC_OK : MVC_ENOMEM;
    for (int i = 0; i < 2 && status == MVC_OK && packing != NULL; i++)
        status = packing_append(&child[i], packing);
    if (status == MVC_OK)
        status = packing_add_branching(c, v, first_child->taken, first_child->count, orbital, mark,
                                       &child[0], &child[1]);
    free(mark);
    return status;
}

/*
 * Either v is in a minimum cover, or it is not and all its neighbours are.
 * The two children are searched at once where a thread is free.
 */
static int branch(struct bnr_search *s, const struct graph *c, const struct packing *packing,
                  int32_t limit, int first, struct progress *report, struct cover *out)
{
    int32_t v = branching_vertex(c);
    struct branch_choice child[2];
    branch_children(c, &v, child);
    int32_t *orbit = NULL, orbit_size = 1;
    int symmetric = s->symmetric, asymmetric = 0;
    if (symmetric) {
        int status = orbital_take(s->orbital, c, v, s->depth, &orbit, &orbit_size, &asymmetric);
        if (status != MVC_OK)
            return no_memory(s);
        if (orbit != NULL)
            child[0] = (struct branch_choice){orbit, orbit_size, NULL};
        s->symmetric = !asymmetric;
    }
    struct packing child_packing[2];
    packing_init(&child_packing[0]);
    packing_init(&child_packing[1]);
    if (!s->o->bnr.no_packing &&
        branch_packing(c, v, packing, &child[0], orbit != NULL, child_packing) != MVC_OK) {
        packing_free(&child_packing[0]);
        packing_free(&child_packing[1]);
        free(orbit);
        return no_memory(s);
    }
    child[0].packing = &child_packing[0];
    child[1].packing = &child_packing[1];
    s->depth++;
    /* a second child over the limit answers at once: no thread for it */
    int r = c->n >= FORK_MIN_VERTICES && c->n <= FORK_MAX_VERTICES && child[1].count <= limit &&
                    branch_threads_claim(s->threads)
                ? branch_in_parallel(s, c, child, limit, first, report, out)
                : branch_in_turn(s, c, child, limit, first, report, out);
    s->depth--;
    s->symmetric = symmetric;
    packing_free(&child_packing[0]);
    packing_free(&child_packing[1]);
    free(orbit);
    return r;
}

/*
 * Local search at the root (NuMVC): on many sparse kernels the root's lower
 * bound is already the optimum and only the upper bound lags (PACE 2019:
 * greedy ends 0.1% above it on the 900-vertex kernels, where the branching
 * then cannot close the gap), so a search for a cover of the bound's size
 * often ends the whole solve. Its time: LS_SECONDS plus LS_SECONDS_PER_VERTEX
 * per vertex, at most LS_MAX_SECONDS and LS_SHARE of what the time limit
 * leaves; it stops as soon as it reaches its target.
 */
#define LS_SECONDS 0.02
#define LS_SECONDS_PER_VERTEX 1e-3
#define LS_MAX_SECONDS 2.0
#define LS_SHARE 0.25

/*
 * Components of at most this many vertices go straight to the branching,
 * which decides them in a few nodes: the local search spent its whole
 * budget (0.03 s) on each of 2,000 Petersen graphs, whose bound (5) is
 * below the optimum (6), and the graph of all of them took 61 s.
 */
#define LS_MIN_VERTICES 64

/*
 * With LS_RUNS_MIN_CPUS CPUs or more (or as many --threads), LS_RUNS runs
 * of different seeds at once, the first at the target ending them
 * (local_search_portfolio.h): bnr's branching is sequential, and on the
 * H100 machine's 16 CPUs the others are idle while the root's local search
 * runs, or search the same graph's complement for cliques. The runs past the
 * first end after LS_OTHERS_SECONDS: where they reach the target (the
 * 500-600-vertex PACE 2019 kernels whose bound is the optimum) the first
 * of them does so within a few hundredths of a second. They run only where
 * the greedy cover is at most LS_NEAR_TENTHS / 10 times the target (1.05
 * on those kernels): on the 200-vertex ones, 1.2-1.25 times a bound that is
 * never met, four runs made the whole process 1.4-2.3 times slower
 * (bench/results/pace2019-h100-ls-portfolio.md). And only on graphs of at
 * most LS_RUNS_MAX_VERTICES: the larger kernels measured (vc-exact_131,
 * 161) are decided by bound-sat, and there the runs made the whole process
 * 22-37% slower.
 */
#define LS_RUNS 4
#define LS_RUNS_MIN_CPUS 8
#define LS_OTHERS_SECONDS 0.05
#define LS_NEAR_TENTHS 11
#define LS_RUNS_MAX_VERTICES 1024

/* Whether a cover of `size` is within hundredths / 100 times `bound`. */
static int within_hundredths(int32_t size, int32_t bound, int hundredths)
{
    return (int64_t)size * 100 <= (int64_t)bound * hundredths;
}

/* Whether a cover of `size` is within LS_NEAR_TENTHS / 10 times `bound`. */
static int near_bound(int32_t size, int32_t bound)
{
    return within_hundredths(size, bound, 10 * LS_NEAR_TENTHS);
}

static int local_search_runs(const struct solve_opts *o, const struct graph *c, int32_t start,
                             int32_t target)
{
    return solve_cpus(o) >= LS_RUNS_MIN_CPUS && near_bound(start, target) &&
                   c->n <= LS_RUNS_MAX_VERTICES
               ? LS_RUNS
               : 1;
}

/*
 * Where the greedy cover is not near the bound, the bound is seldom met and
 * the local search ends at its patience (local_search_opts.patience) rather
 * than its budget: on random 4- and 5-regular graphs of 150 and 200 vertices
 * and on PACE 2019's 200-vertex kernels it found its last cover within
 * 0.004 s and then searched to the end of its 0.17-0.22 s.
 */
#define LS_PATIENCE 0.02
/*
 * Near the bound it has none on components of more than LS_RUNS_MAX_VERTICES,
 * nor where the cover is within LS_CLOSE_HUNDREDTHS / 100 times the bound:
 * - vc-exact_183's kernel (48,878 vertices, 1.4 % above) still improved
 *   after 2 s, and with a patience it stopped after 0.03 s, 64 vertices
 *   worse;
 * - on vc-exact_153 (4,392 vertices), bnr then branched beside bound-sat's
 *   winning search from the start and took its CPU: 7.0 -> 12-13 s on the
 *   2-core machine;
 * - the greedy covers of PACE 2019's 900-vertex kernels are 0.1 % above it,
 *   and the search reaches it.
 * Lattices with missing sites, whose kernels have 200-800 vertices, start
 * 6-9 % above a bound 10-30 below their optimum: the search found its last
 * cover within 0.01 s, then spent its whole budget (0.2-0.8 s) for none.
 */
#define LS_CLOSE_HUNDREDTHS 101

static int improve_by_local_search(struct bnr_search *s, const struct graph *c, int32_t target,
                                   struct progress *report, struct cover *cover)
{
    double budget = LS_SECONDS + LS_SECONDS_PER_VERTEX * (double)c->n;
    if (budget > LS_MAX_SECONDS)
        budget = LS_MAX_SECONDS;
    const struct deadline *d = &s->o->deadline;
    if (deadline_limited(d) && budget > LS_SHARE * deadline_left(d))
        budget = LS_SHARE * deadline_left(d);
    struct local_search_opts lo = local_search_opts_default();
    lo.deadline = budget > 0 ? deadline_within(*d, budget) : *d;
    lo.max_steps = 0; /* the time budget bounds it */
    lo.target = target;
    int close = within_hundredths(cover->size, target, LS_CLOSE_HUNDREDTHS);
    int waits = near_bound(cover->size, target) && (close || c->n > LS_RUNS_MAX_VERTICES);
    lo.patience = waits ? 0 : LS_PATIENCE;
    struct local_search_stats ls;
    int status = local_search_portfolio(c, &lo, local_search_runs(s->o, c, cover->size, target),
                                        LS_OTHERS_SECONDS, cover, &ls, s->err);
    if (status == MVC_OK) {
        progress_improve(report, cover->size);
        progress_message(
            report,
            "bnr: local search on %ld vertices: %ld -> %ld in %.3f s, the last after %.3f s "
            "(target %ld)",
            (long)c->n, (long)ls.start_size, (long)cover->size, ls.seconds, ls.best_seconds,
            (long)target);
    }
    return status;
}

/*
 * Before the local search, one short CDCL question at the root: is there a
 * cover of exactly the component's clique-cover bound (bound_sat_probe)?
 * On the folded kernels of PACE 2019's 440-900-vertex families, whose bound
 * is the optimum, it finds that cover within 0-2,900 conflicts (under 0.01 s
 * for most) where NuMVC took 0.004-0.14 s, seed by seed; vc-exact_181 in
 * 249 conflicts (0.002 s) against 196,000 steps (0.065 s). The bound-sat
 * stage asks the fold-free kernel instead, whose bound is often below the
 * optimum (181: one below). The probe runs on components of at most
 * PROBE_MAX_VERTICES whose greedy cover is within LS_NEAR_TENTHS / 10 times
 * the bound: on the 200-vertex kernels, 1.2 times a bound that is never
 * met, it would only spend its budget.
 */
#define PROBE_CONFLICTS 4000
#define PROBE_MAX_VERTICES 1024

/*
 * The probe's answer: a cover (minimum) into greedy, or a bound raised by one
 * into *lower_bound; nothing where it is undecided.
 */
static int probe_bound(struct bnr_search *s, const struct graph *c, struct progress *report,
                       int32_t *lower_bound, struct cover *greedy)
{
    if (c->n > PROBE_MAX_VERTICES || !near_bound(greedy->size, *lower_bound))
        return MVC_OK;
    int32_t bound = 0;
    struct cover found = {0};
    int r = bound_sat_probe(c, greedy, PROBE_CONFLICTS, &s->o->deadline, &found, &bound);
    if (r < 0) {
        cover_free(&found);
        return no_memory(s);
    }
    if (r == SAT_SATISFIABLE) {
        cover_swap(greedy, &found);
        if (bound > *lower_bound)
            *lower_bound = bound;
    } else if (r == SAT_UNSATISFIABLE && bound + 1 > *lower_bound) {
        *lower_bound = bound + 1;
    }
    cover_free(&found);
    progress_lower(report, *lower_bound);
    progress_improve(report, greedy->size);
    progress_message(report, "bnr: bound probe on %ld vertices: %s at %ld", (long)c->n,
                     r == SAT_SATISFIABLE     ? "a cover"
                     : r == SAT_UNSATISFIABLE ? "no cover"
                                              : "undecided",
                     (long)bound);
    return MVC_OK;
}

/*
 * A connected, reduced graph with a lower bound: its own greedy cover (at
 * the root, improved by local search) is the first bound, the branching
 * improves on it or proves it minimum. Covers found and the bound go to
 * report, c's scope.
 */
static int search_component(struct bnr_search *s, const struct graph *c,
                            const struct packing *packing, int32_t lower_bound, int32_t limit,
                            int first, struct progress *report, struct cover *out)
{
    if (lower_bound > limit)
        return NODE_NONE;
    progress_lower(report, lower_bound);
    struct cover greedy = {0};
    int status = greedy_cover(c, &greedy, s->err);
    if (status == MVC_OK)
        progress_improve(report, greedy.size);
    if (status == MVC_OK && s->depth == 0) {
        /* MVC: a cover of the bound's size ends it; PVC: any cover within the limit */
        int32_t target = first ? limit : lower_bound;
        if (greedy.size > target) {
            status = probe_bound(s, c, report, &lower_bound, &greedy);
            target = first ? limit : lower_bound;
        }
        if (status == MVC_OK && greedy.size > target && lower_bound <= limit &&
            c->n > LS_MIN_VERTICES && !s->o->bnr.no_local_search)
            status = improve_by_local_search(s, c, target, report, &greedy);
    }
    if (status != MVC_OK || lower_bound > limit) { /* the probe may have raised the bound */
        cover_free(&greedy);
        return status != MVC_OK ? status : NODE_NONE;
    }
    int r = NODE_NONE;
    if (greedy.size <= limit && (first || greedy.size <= lower_bound)) {
        cover_swap(out, &greedy);
        r = NODE_FOUND;
    } else {
        int greedy_fits = greedy.size <= limit;
        r = branch(s, c, packing, greedy_fits ? greedy.size - 1 : limit, first, report, out);
        if (r == NODE_NONE && greedy_fits) {
            cover_swap(out, &greedy);
            r = NODE_FOUND;
        } else if (r == NODE_STOPPED &&
                   (out->in != NULL ? greedy.size < out->size : greedy_fits || s->depth == 0)) {
            cover_swap(out, &greedy);
        }
    }
    cover_free(&greedy);
    return r;
}

/* Stopped: the components from part `from` on are covered by their greedy covers. */
static int cover_rest_greedily(struct bnr_search *s, struct split *sp, int32_t from,
                               struct cover *kc)
{
    const int32_t *to_kernel = NULL;
    const struct graph *left = split_rest(sp, from, &to_kernel);
    if (left == NULL)
        return no_memory(s);
    struct cover gc = {0};
    int r = stopped_with_greedy(s, left, &gc);
    if (r == NODE_STOPPED)
        split_add_cover(kc, &gc, to_kernel);
    cover_free(&gc);
    split_part_done(sp, left);
    return r;
}

/*
 * The components one by one, smallest first, each solved to optimality with
 * what the limit leaves after the components solved and the bounds of those
 * still to come; in PVC mode the largest takes the first cover that fits.
 * report is the scope of the node's graph, whose covers are offset more
 * than the kernel's: each component gets a scope under it, shifted by the
 * offset, the covers of those solved and every vertex of those to come.
 */
static int search_parts(struct bnr_search *s, const struct graph *kg, struct bounded_split *bs,
                        const struct packing *packing, int32_t limit, int first, int32_t offset,
                        struct progress *report, struct cover *kc)
{
    struct split *sp = &bs->sp;
    int r = NODE_FOUND;
    if (cover_init(kc, kg->n) != MVC_OK)
        r = no_memory(s);
    /* kernel vertex -> its part's, -1 elsewhere: each part's packing constraints */
    int32_t *local = NULL;
    if (r == NODE_FOUND && packing != NULL && packing->count > 0 && sp->count > 1) {
        local = malloc((size_t)kg->n * sizeof *local);
        if (local == NULL)
            r = no_memory(s);
        for (int32_t v = 0; local != NULL && v < kg->n; v++)
            local[v] = -1;
    }
    int32_t used = 0, rest = bs->total_bound, solved_lower = 0, to_come = kg->n;
    for (int32_t i = 0; i < sp->count && r == NODE_FOUND; i++) {
        int32_t part_bound = bs->lower_bound[split_id(sp, i)];
        rest -= part_bound;
        to_come -= split_size(sp, i);
        const int32_t *to_kernel = NULL;
        const struct graph *part = split_part(sp, i, &to_kernel);
        if (part == NULL) {
            r = no_memory(s);
            break;
        }
        /* a single part is kg itself (to_kernel NULL), under all of kg's constraints */
        struct packing part_packing;
        packing_init(&part_packing);
        const struct packing *part_constraints = local != NULL ? &part_packing : packing;
        if (local != NULL) {
            for (int32_t v = 0; v < part->n; v++)
                local[to_kernel[v]] = v;
            int status = packing_restrict(packing, local, &part_packing);
            for (int32_t v = 0; v < part->n; v++)
                local[to_kernel[v]] = -1;
            if (status != MVC_OK) {
                packing_free(&part_packing);
                split_part_done(sp, part);
                r = no_memory(s);
                break;
            }
        }
        struct cover pc = {0};
        struct progress scope;
        struct progress *part_report =
            progress_open(&scope, report, offset + used + to_come, offset + solved_lower + rest);
        r = search_component(s, part, part_constraints, part_bound, limit - used - rest,
                             first && i == sp->count - 1, part_report, &pc);
        packing_free(&part_packing);
        if (has_cover(r, &pc)) {
            split_add_cover(kc, &pc, to_kernel);
            used += pc.size;
            solved_lower += r == NODE_FOUND ? pc.size : part_bound;
        }
        split_part_done(sp, part);
        int32_t left = split_size(sp, i) + to_come; /* vertices of this part and those to come */
        if (r == NODE_STOPPED && pc.in == NULL && s->depth > 0 && used + left > limit) {
            cover_free(kc); /* nothing within the limit: neither is the whole */
        } else if (r == NODE_STOPPED) {
            /* pc is in kc; a part that stopped without one gets a greedy cover too */
            r = cover_rest_greedily(s, sp, pc.in != NULL ? i + 1 : i, kc);
            to_come = 0; /* in kc now */
        }
        cover_free(&pc);
        if (has_cover(r, kc))
            progress_improve(report, offset + kc->size + to_come);
        progress_close(part_report);
    }
    free(local);
    if (!has_cover(r, kc))
        cover_free(kc);
    return r;
}

/*
 * A node's lower bound on its graph's minimum cover: the kernel's offset
 * plus its components' bounds, or the LP bound where higher (lp_bound: on
 * the graph the kernel's offset counts from, hence offset_above).
 */
static int32_t node_lower_bound(const struct bounded_split *bs, int32_t offset, int32_t lp_bound,
                                int32_t offset_above)
{
    int32_t bound = offset + bs->total_bound;
    return lp_bound + offset_above > bound ? lp_bound + offset_above : bound;
}

/*
 * The root's kernel reduced once more with funnels (kernel_opts.funnel),
 * searched where that keeps its lower bound: kc receives a cover of kg and
 * *searched is raised. A funnel's fold leaves two vertices and may break the
 * cliques whose cover is the bound: on PACE 2019's vc-exact_127 to 151 the
 * bound fell below the optimum, which had been proven by it at once
 * (vc-exact_151: 0.02 -> 0.49 s). Where the bound stays, the funnels only
 * shrink the search: a triangular lattice of 40 x 40 sites, a fifth of them
 * missing, went from unproven in 20 s to 1.5 s on one thread. offset is the
 * node's kernel offset, lower_bound its bound.
 */
static int search_funnelled(struct bnr_search *s, const struct graph *kg, int32_t offset,
                            int32_t lower_bound, int32_t limit, int first, struct progress *report,
                            struct cover *kc, int *searched)
{
    *searched = 0;
    struct kernel_opts ko = kernel_opts_default();
    ko.deadline = s->o->deadline;
    ko.funnel = 1;
    struct kernel *k = NULL;
    struct kernel_stats ks;
    int status = kernel_reduce(kg, &ko, &k, &ks, s->err);
    if (status != MVC_OK)
        return status;
    if (ks.stopped || ks.removed_by[KERNEL_RULE_FUNNEL] == 0) {
        kernel_free(k);
        return MVC_OK;
    }
    const struct graph *fg = kernel_graph(k);
    int32_t funnel_offset = offset + kernel_offset(k);
    struct bounded_split bs;
    if (split_kernel(fg, ROOT_CLIQUE_COVER_ROUNDS, INT64_MAX, &bs) != MVC_OK) {
        bounded_split_free(&bs);
        kernel_free(k);
        return no_memory(s);
    }
    int32_t funnel_bound = node_lower_bound(&bs, funnel_offset, ks.lp_lower_bound, offset);
    int r = MVC_OK;
    if (funnel_bound >= lower_bound) {
        *searched = 1;
        s->root_funnels += kg->n - fg->n;
        progress_lower(report, funnel_bound);
        progress_message(report, "bnr: funnels: kernel %ld -> %ld vertices, bound %ld -> %ld",
                         (long)kg->n, (long)fg->n, (long)lower_bound, (long)funnel_bound);
        struct cover fc = {0};
        r = funnel_bound > limit ? NODE_NONE
                                 : search_parts(s, fg, &bs, NULL, limit - funnel_offset, first,
                                                funnel_offset, report, &fc);
        if (has_cover(r, &fc)) {
            status = kernel_lift(k, &fc, kc, s->err);
            if (status != MVC_OK)
                r = status;
        }
        cover_free(&fc);
    }
    bounded_split_free(&bs);
    kernel_free(k);
    return r;
}

/*
 * The node's kernel: bound, split, search; kc receives a cover of the kernel
 * graph. report is the scope of the node's graph.
 */
static int search_kernel(struct bnr_search *s, const struct kernel *k,
                         const struct kernel_stats *ks, const struct packing *packing,
                         int32_t limit, int first, struct progress *report, struct cover *kc)
{
    const struct graph *kg = kernel_graph(k);
    int32_t offset = kernel_offset(k);
    progress_improve(report, offset + kg->n); /* every kernel vertex */
    if (ks->stopped)
        return stopped_at_node(s, kg, limit - offset, kc);
    struct bounded_split bs;
    /* the root's bound is reported whole; below it only whether it is above the limit counts */
    int64_t prune_above = s->depth == 0 ? INT64_MAX : limit - offset;
    if (split_kernel(kg, s->depth == 0 ? ROOT_CLIQUE_COVER_ROUNDS : 0, prune_above, &bs) !=
        MVC_OK) {
        bounded_split_free(&bs);
        return no_memory(s);
    }
    /* the LP bound is on the node's graph, the clique covers' on the kernel */
    int32_t lower_bound = node_lower_bound(&bs, offset, ks->lp_lower_bound, 0);
    if (s->depth == 0 && lower_bound > s->root_lower_bound)
        s->root_lower_bound = lower_bound;
    progress_lower(report, lower_bound);
    int r = NODE_NONE, searched = 0;
    if (s->depth == 0 && lower_bound <= limit)
        r = search_funnelled(s, kg, offset, lower_bound, limit, first, report, kc, &searched);
    if (!searched && lower_bound <= limit)
        r = search_parts(s, kg, &bs, packing, limit - offset, first, offset, report, kc);
    bounded_split_free(&bs);
    return r;
}

/*
 * Kernel vertices that packing constraints keep out of the cover (forced,
 * count of them) or put into it (forced_in, count_in): the latter and the
 * neighbours of the former are taken, in one more node on the kernel kg
 * (kc: its cover). Two kept out adjacent, or one both kept out and taken:
 * no cover is wanted.
 */
static int search_forced(struct bnr_search *s, const struct graph *kg, const int32_t *forced,
                         int32_t count, const int32_t *forced_in, int32_t count_in,
                         const struct packing *packing, int32_t limit, int first,
                         struct progress *report, struct cover *kc)
{
    size_t n = (size_t)(kg->n > 0 ? kg->n : 1);
    uint8_t *mark = calloc(n, 1); /* 1: kept out, 2: taken */
    int32_t *taken = malloc(n * sizeof *taken);
    if (mark == NULL || taken == NULL) {
        free(mark);
        free(taken);
        return no_memory(s);
    }
    for (int32_t i = 0; i < count; i++)
        mark[forced[i]] = 1;
    int32_t t = 0, broken = 0;
    for (int32_t i = 0; i < count_in && !broken; i++) {
        broken = mark[forced_in[i]] == 1;
        mark[forced_in[i]] = 2;
        taken[t++] = forced_in[i];
    }
    for (int32_t i = 0; i < count && !broken; i++)
        for (int64_t a = kg->offsets[forced[i]]; a < kg->offsets[forced[i] + 1] && !broken; a++) {
            int32_t y = kg->adj[a];
            broken = mark[y] == 1;
            if (mark[y] == 0) {
                mark[y] = 2;
                taken[t++] = y;
            }
        }
    int r = NODE_NONE;
    if (!broken) {
        struct branch_choice choice = {taken, t, packing};
        r = search_graph(s, kg, &choice, limit, first, report, kc);
    }
    free(mark);
    free(taken);
    return r;
}

/*
 * The node's kernel under the node's packing constraints (packing.h): a
 * broken one prunes it, those that keep a vertex out take its neighbours
 * (search_forced), the rest go on to the kernel's components.
 */
static int search_constrained(struct bnr_search *s, const struct kernel *k,
                              const struct kernel_stats *ks, const struct packing *packing,
                              int32_t limit, int first, struct progress *report, struct cover *kc)
{
    if (packing == NULL || packing->count == 0 || ks->stopped)
        return search_kernel(s, k, ks, NULL, limit, first, report, kc);
    const struct graph *kg = kernel_graph(k);
    size_t n = (size_t)(kg->n > 0 ? kg->n : 1);
    struct packing kernel_packing;
    packing_init(&kernel_packing);
    int32_t *forced = malloc(2 * n * sizeof *forced), forced_count = 0, forced_in_count = 0;
    int32_t *forced_in = forced + n;
    uint8_t *seen = calloc(n, 1);
    int r = NODE_NONE, p = MVC_ENOMEM;
    if (forced != NULL && seen != NULL)
        p = packing_through_kernel(packing, k, &kernel_packing, forced, &forced_count, seen);
    if (p == PACKING_HOLDS)
        forced_in_count = packing_forced_in(&kernel_packing, kg, forced_in, seen);
    if (p < 0) {
        r = no_memory(s);
    } else if (p == PACKING_HOLDS && forced_count + forced_in_count > 0) {
        int32_t offset = kernel_offset(k);
        struct progress scope;
        struct progress *forced_report = progress_open(&scope, report, offset, PROGRESS_NO_BOUND);
        r = search_forced(s, kg, forced, forced_count, forced_in, forced_in_count, &kernel_packing,
                          limit - offset, first, forced_report, kc);
        if (has_cover(r, kc))
            progress_improve(report, offset + kc->size);
        progress_close(forced_report);
    } else if (p == PACKING_HOLDS) {
        r = search_kernel(s, k, ks, &kernel_packing, limit, first, report, kc);
    }
    s->packing_pruned += p == PACKING_BROKEN;
    s->packing_forced += forced_count + forced_in_count;
    packing_free(&kernel_packing);
    free(forced);
    free(seen);
    return r;
}

/*
 * One search node: kernelize g after putting choice's vertices (choice may be
 * NULL) into the cover, search the kernel, lift its cover into out: a cover of
 * g that holds choice's vertices. report is g's scope.
 */
static int search_graph(struct bnr_search *s, const struct graph *g,
                        const struct branch_choice *choice, int32_t limit, int first,
                        struct progress *report, struct cover *out)
{
    if (limit < 0)
        return NODE_NONE;
    s->nodes++;
    progress_nodes(report, 1);
    if (cancel_link_raised(s->cancel))
        return NODE_STOPPED; /* its answer is not wanted: no cover is worth making */
    if (stop_requested(s)) {
        int r = stopped_at_node(s, g, limit, out);
        if (has_cover(r, out) && choice != NULL)
            for (int32_t i = 0; i < choice->count; i++)
                cover_add(out, choice->taken[i]); /* still within the limit: g->n is */
        if (has_cover(r, out))
            progress_improve(report, out->size);
        return r;
    }
    struct kernel_opts ko = kernel_opts_default();
    ko.deadline = s->o->deadline;
    /*
     * The LP rule runs at the root only: below it, it fired at under 1% of the
     * nodes on PACE 2019 kernels and cost a quarter of the time; the
     * cycle-cover bound gives its bound at every node. So do the rules tried
     * once per vertex, twins and unconfined vertices: on random 3-, 4- and
     * 5-regular graphs of 150-300 vertices, below the root they spared 0-8 %
     * of the nodes and took 17-25 % of the time (1.66 -> 1.29, 3.96 -> 3.08
     * and 2.93 -> 2.29 s on one thread), and PACE 2019 stayed as it was.
     * Below the root the unconfined and funnel rules run where they fire
     * often (node_rules.h), and look only near what the branching and the
     * node's reductions changed: the node's graph is its parent's kernel,
     * where neither applied.
     */
    ko.lp = ko.twins = ko.unconfined = s->depth == 0;
    ko.near_changes = s->depth > 0;
    if (s->depth > 0) {
        ko.unconfined = node_rules_wanted(s->node_rules, NODE_RULE_UNCONFINED, s->nodes);
        ko.funnel = node_rules_wanted(s->node_rules, NODE_RULE_FUNNEL, s->nodes);
    }
    if (choice != NULL) {
        ko.taken = choice->taken;
        ko.taken_count = choice->count;
    }
    struct kernel *k = NULL;
    struct kernel_stats ks;
    int status = kernel_reduce(g, &ko, &k, &ks, s->err);
    if (status != MVC_OK)
        return status;
    if (s->depth > 0 && ko.unconfined)
        node_rules_count(s->node_rules, NODE_RULE_UNCONFINED,
                         ks.removed_by[KERNEL_RULE_UNCONFINED]);
    if (s->depth > 0 && ko.funnel)
        node_rules_count(s->node_rules, NODE_RULE_FUNNEL, ks.removed_by[KERNEL_RULE_FUNNEL]);
    struct cover kc = {0};
    int r = search_constrained(s, k, &ks, choice != NULL ? choice->packing : NULL, limit, first,
                               report, &kc);
    if (has_cover(r, &kc)) {
        status = kernel_lift(k, &kc, out, s->err);
        if (status != MVC_OK)
            r = status;
        else
            progress_improve(report, out->size);
    }
    cover_free(&kc);
    kernel_free(k);
    return r;
}

static int bnr_branch_threads(const struct solve_opts *o)
{
    return o->bnr.branch_threads > 0 ? o->bnr.branch_threads : solve_cpus(o);
}

struct root_call {
    struct bnr_search *s;
    const struct graph *g;
    int32_t limit;
    int first;
    struct cover *out;
    int result;
};

static void *search_root_thread(void *arg)
{
    struct root_call *call = arg;
    call->result = search_graph(call->s, call->g, NULL, call->limit, call->first,
                                call->s->o->report, call->out);
    orbits_release();
    return NULL;
}

/*
 * The root runs on a thread of its own, its stack sized for the limit
 * (search_stack) rather than the caller's; on the caller's when no such
 * thread can be had.
 */
static int search_root(struct bnr_search *s, const struct graph *g, int32_t limit, int first,
                       struct cover *out)
{
    struct root_call call = {s, g, limit, first, out, 0};
    int count = bnr_branch_threads(s->o);
    struct branch_threads threads;
    branch_threads_init(&threads, count, s->o->bnr.threads_beside);
    s->threads = &threads;
    pthread_t thread;
    if (branch_threads_start(&thread, search_stack(limit), search_root_thread, &call) == 0)
        pthread_join(thread, NULL);
    else
        search_root_thread(&call);
    s->threads = NULL;
    /* every thread started has ended and given its place back */
    assert(threads.idle == (count > 1 ? count - 1 : 0));
    return call.result;
}

int solve_bnr(const struct graph *g, const struct solve_opts *opts, struct cover *out,
              struct solve_stats *stats, struct error *err)
{
    struct solver_start start;
    int status = solver_start(&start, "bnr", g, opts, stats, out, err);
    if (status != MVC_OK)
        return status;
    const struct solve_opts *o = start.o;
    struct solve_stats *st = start.st;
    if (deadline_passed(&o->deadline))
        return SOLVE_STOPPED; /* the root's reductions and bounds cost O(m): none is begun */
    int pvc = o->k >= 0;
    struct orbital orbital;
    orbital_init(&orbital, !o->bnr.no_symmetry, bnr_branch_threads(o));
    struct node_rules node_rules;
    node_rules_init(&node_rules);
    struct bnr_search s = {
        .o = o, .err = err, .orbital = &orbital, .node_rules = &node_rules, .symmetric = 1};
    int32_t limit = pvc ? (int32_t)o->k : out->size - 1; /* pvc: k < greedy size <= n */
    struct cover found = {0};
    double t_search = clock_seconds();
    int r = search_root(&s, g, limit, pvc, &found);
    st->t_search = clock_seconds() - t_search;
    st->nodes = s.nodes;
    st->parallel_branchings = s.parallel_branchings;
    st->parallel_settled = s.parallel_settled;
    st->orbital_branchings = orbital.branchings;
    st->root_funnels = s.root_funnels;
    st->packing_pruned = s.packing_pruned;
    st->packing_forced = s.packing_forced;
    if (r < 0) {
        cover_free(&found);
        return r;
    }
    int outcome;
    if (r == NODE_FOUND) {
        cover_swap(out, &found);
        outcome = pvc ? SOLVE_FOUND : SOLVE_OPTIMAL;
    } else if (r == NODE_NONE) {
        outcome = pvc ? SOLVE_NO_COVER : SOLVE_OPTIMAL; /* MVC: the greedy cover is minimum */
    } else {
        if (found.in != NULL && found.size < out->size)
            cover_swap(out, &found);
        outcome = SOLVE_STOPPED;
    }
    cover_free(&found);
    st->best = out->size;
    st->proven = outcome != SOLVE_STOPPED;
    st->lower_bound = s.root_lower_bound < out->size ? s.root_lower_bound : out->size;
    if (outcome == SOLVE_OPTIMAL)
        st->lower_bound = out->size;
    else if (outcome == SOLVE_NO_COVER)
        st->lower_bound = (int32_t)(o->k + 1);
    progress_lower(o->report, st->lower_bound);
    return outcome;
}
