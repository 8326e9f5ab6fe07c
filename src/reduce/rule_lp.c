/*
 * LP reduction (Nemhauser and Trotter 1975): the LP relaxation of vertex cover
 * has a half-integral optimum, and vertices at 1 in any optimum can be taken,
 * those at 0 left out. Optima come from maximum matchings of the bipartite
 * double cover (L and R copies of V, u_L ~ v_R for each edge uv); the residual
 * graph's strongly connected components give one optimum that is integral at
 * every vertex where some optimum is (Iwata, Oka and Yoshida 2014; Akiba and
 * Iwata 2016), so afterwards all-1/2 is the only optimum.
 */
#include "rules.h"

#include <assert.h>
#include <stdlib.h>

#define UNREACHED INT32_MAX

struct kernel_lp {
    int32_t n;
    int32_t *mate_l, *mate_r; /* partner of u_L (an R vertex), of v_R (an L vertex), or -1 */
    int32_t *alive;           /* the live vertices, listed once per call */
    int32_t *dist, *iter, *queue, *stack;
    /* over the 2n nodes of the double cover: u_L is u, v_R is n + v */
    uint8_t *reached; /* reached from a free L vertex by an alternating path */
    int32_t *index, *low, *comp, *node_iter, *scc_stack, *call_stack;
    uint8_t *on_stack;
};

struct kernel_lp *kernel_lp_new(int32_t n)
{
    struct kernel_lp *lp = calloc(1, sizeof *lp);
    if (lp == NULL)
        return NULL;
    size_t nn = (size_t)(n > 0 ? n : 1), n2 = 2 * nn;
    lp->n = n;
    lp->mate_l = malloc(nn * sizeof *lp->mate_l);
    lp->mate_r = malloc(nn * sizeof *lp->mate_r);
    lp->alive = malloc(nn * sizeof *lp->alive);
    lp->dist = malloc(nn * sizeof *lp->dist);
    lp->iter = malloc(nn * sizeof *lp->iter);
    lp->queue = malloc(n2 * sizeof *lp->queue);
    lp->stack = malloc(nn * sizeof *lp->stack);
    lp->reached = malloc(n2 * sizeof *lp->reached);
    lp->index = malloc(n2 * sizeof *lp->index);
    lp->low = malloc(n2 * sizeof *lp->low);
    lp->comp = malloc(n2 * sizeof *lp->comp);
    lp->node_iter = malloc(n2 * sizeof *lp->node_iter);
    lp->scc_stack = malloc(n2 * sizeof *lp->scc_stack);
    lp->call_stack = malloc(n2 * sizeof *lp->call_stack);
    lp->on_stack = malloc(n2 * sizeof *lp->on_stack);
    if (lp->mate_l == NULL || lp->mate_r == NULL || lp->alive == NULL || lp->dist == NULL ||
        lp->iter == NULL || lp->queue == NULL || lp->stack == NULL || lp->reached == NULL ||
        lp->index == NULL || lp->low == NULL || lp->comp == NULL || lp->node_iter == NULL ||
        lp->scc_stack == NULL || lp->call_stack == NULL || lp->on_stack == NULL) {
        kernel_lp_free(lp);
        return NULL;
    }
    for (int32_t v = 0; v < n; v++)
        lp->mate_l[v] = lp->mate_r[v] = -1;
    return lp;
}

void kernel_lp_free(struct kernel_lp *lp)
{
    if (lp == NULL)
        return;
    free(lp->mate_l), free(lp->mate_r), free(lp->alive), free(lp->dist), free(lp->iter);
    free(lp->queue), free(lp->stack), free(lp->reached), free(lp->index), free(lp->low);
    free(lp->comp), free(lp->node_iter), free(lp->scc_stack), free(lp->call_stack);
    free(lp->on_stack);
    free(lp);
}

/*
 * Keeps the previous matching where both ends are still alive (edges only
 * disappear with an endpoint), lists the live vertices with compact
 * adjacency, and extends the matching greedily. Returns the live count.
 */
static int32_t repair_matching(struct kernel_lp *lp, struct rgraph *r)
{
    int32_t count = 0;
    for (int32_t v = 0; v < r->n; v++) {
        if (!rgraph_alive(r, v)) {
            lp->mate_l[v] = lp->mate_r[v] = -1;
            continue;
        }
        if (lp->mate_l[v] >= 0 && !rgraph_alive(r, lp->mate_l[v]))
            lp->mate_l[v] = -1;
        if (lp->mate_r[v] >= 0 && !rgraph_alive(r, lp->mate_r[v]))
            lp->mate_r[v] = -1;
        rgraph_neighbours(r, v);
        lp->alive[count++] = v;
    }
    for (int32_t i = 0; i < count; i++) {
        int32_t a = lp->alive[i];
        for (int32_t j = 0; j < r->deg[a] && lp->mate_l[a] < 0; j++) {
            int32_t b = r->adj[a][j];
            if (lp->mate_r[b] < 0)
                lp->mate_l[a] = b, lp->mate_r[b] = a;
        }
    }
    return count;
}

/* Hopcroft-Karp layering: BFS from the free L vertices; 1 when a free R vertex is reachable. */
static int layer(struct kernel_lp *lp, struct rgraph *r, int32_t count)
{
    int32_t head = 0, tail = 0, limit = UNREACHED;
    for (int32_t i = 0; i < count; i++) {
        int32_t a = lp->alive[i];
        lp->dist[a] = lp->mate_l[a] < 0 ? 0 : UNREACHED;
        if (lp->mate_l[a] < 0)
            lp->queue[tail++] = a;
    }
    while (head < tail) {
        int32_t a = lp->queue[head++];
        if (lp->dist[a] >= limit)
            continue;
        for (int32_t j = 0; j < r->deg[a]; j++) {
            int32_t a2 = lp->mate_r[r->adj[a][j]];
            if (a2 < 0) {
                limit = lp->dist[a] + 1;
            } else if (lp->dist[a2] == UNREACHED) {
                lp->dist[a2] = lp->dist[a] + 1;
                lp->queue[tail++] = a2;
            }
        }
    }
    return limit != UNREACHED;
}

/* Hopcroft-Karp augmentation along the layers: iterative DFS from every free L vertex. */
static void augment(struct kernel_lp *lp, struct rgraph *r, int32_t count)
{
    for (int32_t i = 0; i < count; i++)
        lp->iter[lp->alive[i]] = 0;
    for (int32_t i = 0; i < count; i++) {
        int32_t a0 = lp->alive[i];
        if (lp->mate_l[a0] >= 0)
            continue;
        int32_t sp = 0;
        lp->stack[sp++] = a0;
        while (sp > 0) {
            int32_t a = lp->stack[sp - 1];
            if (lp->iter[a] == r->deg[a]) {
                lp->dist[a] = UNREACHED;
                sp--;
                continue;
            }
            int32_t b = r->adj[a][lp->iter[a]++];
            int32_t a2 = lp->mate_r[b];
            if (a2 >= 0) {
                if (lp->dist[a2] == lp->dist[a] + 1)
                    lp->stack[sp++] = a2;
                continue;
            }
            /* Free b: flip the path; each a on the stack takes the b it last tried. */
            for (int32_t k = sp - 1; k >= 0; k--) {
                int32_t ak = lp->stack[k], bk = r->adj[ak][lp->iter[ak] - 1];
                lp->mate_l[ak] = bk, lp->mate_r[bk] = ak;
                lp->dist[ak] = UNREACHED;
            }
            sp = 0;
        }
    }
}

/* Alternating reachability from the free L vertices: the minimal minimum cut. */
static void reach_from_free(struct kernel_lp *lp, struct rgraph *r, int32_t count)
{
    int32_t n = r->n, head = 0, tail = 0;
    for (int32_t i = 0; i < count; i++) {
        int32_t a = lp->alive[i];
        lp->reached[a] = lp->mate_l[a] < 0;
        lp->reached[n + a] = 0;
        if (lp->mate_l[a] < 0)
            lp->queue[tail++] = a;
    }
    while (head < tail) {
        int32_t p = lp->queue[head++];
        if (p < n) {
            for (int32_t j = 0; j < r->deg[p]; j++) {
                int32_t q = n + r->adj[p][j];
                if (!lp->reached[q])
                    lp->reached[q] = 1, lp->queue[tail++] = q;
            }
        } else {
            /* A free R vertex reached here would end an augmenting path. */
            int32_t q = lp->mate_r[p - n];
            assert(q >= 0);
            if (!lp->reached[q])
                lp->reached[q] = 1, lp->queue[tail++] = q;
        }
    }
}

/* The next residual arc out of node p that stays among the unreached vertices, or -1. */
static int32_t next_arc(struct kernel_lp *lp, struct rgraph *r, int32_t p)
{
    int32_t n = r->n;
    if (p < n) {
        while (lp->node_iter[p] < r->deg[p]) {
            int32_t b = r->adj[p][lp->node_iter[p]++];
            if (!lp->reached[b] && !lp->reached[n + b])
                return n + b;
        }
        return -1;
    }
    if (lp->node_iter[p]++ > 0)
        return -1;
    int32_t a = lp->mate_r[p - n];
    return a >= 0 && !lp->reached[a] && !lp->reached[n + a] ? a : -1;
}

/*
 * Tarjan's strongly connected components, iteratively, on the residual graph
 * over the vertices neither of whose copies is reached: arcs u_L -> v_R for
 * every edge uv and v_R -> u_L for every matched pair. Components are
 * numbered in the order Tarjan completes them, sinks first.
 */
static void components(struct kernel_lp *lp, struct rgraph *r, int32_t count)
{
    int32_t n = r->n, counter = 0, ncomp = 0, sp = 0;
    for (int32_t i = 0; i < count; i++) {
        int32_t v = lp->alive[i];
        lp->index[v] = lp->index[n + v] = -1;
        lp->node_iter[v] = lp->node_iter[n + v] = 0;
        lp->on_stack[v] = lp->on_stack[n + v] = 0;
    }
    for (int32_t i = 0; i < 2 * count; i++) {
        int32_t v = lp->alive[i / 2], root = i % 2 ? n + v : v;
        if (lp->reached[v] || lp->reached[n + v] || lp->index[root] >= 0)
            continue;
        int32_t calls = 0;
        lp->call_stack[calls++] = root;
        lp->index[root] = lp->low[root] = counter++;
        lp->scc_stack[sp++] = root, lp->on_stack[root] = 1;
        while (calls > 0) {
            int32_t p = lp->call_stack[calls - 1], q = next_arc(lp, r, p);
            if (q >= 0) {
                if (lp->index[q] < 0) {
                    lp->index[q] = lp->low[q] = counter++;
                    lp->scc_stack[sp++] = q, lp->on_stack[q] = 1;
                    lp->call_stack[calls++] = q;
                } else if (lp->on_stack[q] && lp->index[q] < lp->low[p]) {
                    lp->low[p] = lp->index[q];
                }
                continue;
            }
            calls--;
            if (lp->low[p] == lp->index[p]) {
                int32_t s;
                do {
                    s = lp->scc_stack[--sp];
                    lp->on_stack[s] = 0;
                    lp->comp[s] = ncomp;
                } while (s != p);
                ncomp++;
            }
            if (calls > 0) {
                int32_t parent = lp->call_stack[calls - 1];
                if (lp->low[p] < lp->low[parent])
                    lp->low[parent] = lp->low[p];
            }
        }
    }
}

/*
 * The value of v in the optimum read off the cut S = reached ∪ {nodes whose
 * component comes no later than their mirror's}: 0 (v_L in S, v_R not), 1
 * (v_R in S, v_L not) or -1 for 1/2. Mirroring u_L <-> u_R and reversing
 * arcs maps minimum cuts onto minimum cuts, so the mirror of a component is
 * a component and S is closed, as in 2-SAT (Aspvall, Plass and Tarjan 1979).
 */
static int lp_value(const struct kernel_lp *lp, int32_t n, int32_t v)
{
    assert(!(lp->reached[v] && lp->reached[n + v]));
    if (lp->reached[v])
        return 0;
    if (lp->reached[n + v])
        return 1;
    if (lp->comp[v] == lp->comp[n + v])
        return -1;
    return lp->comp[v] < lp->comp[n + v] ? 0 : 1;
}

int kernel_rule_lp(struct kernel_lp *lp, struct rgraph *r, const struct deadline *deadline,
                   int64_t *lp_value2)
{
    int32_t count = repair_matching(lp, r);
    int stopped = deadline_passed(deadline);
    while (!stopped && layer(lp, r, count)) {
        augment(lp, r, count);
        stopped = deadline_passed(deadline); /* a phase costs O(m): polled after each */
    }
    int64_t matched = 0;
    for (int32_t i = 0; i < count; i++)
        matched += lp->mate_l[lp->alive[i]] >= 0;
    /* a matching short of maximum still bounds the cover from below, but fixes no vertex */
    *lp_value2 = matched;
    if (stopped)
        return 0;
    reach_from_free(lp, r, count);
    components(lp, r, count);

    int changed = 0;
    for (int32_t i = 0; i < count; i++) {
        int32_t v = lp->alive[i];
        if (lp_value(lp, r->n, v) == 1) {
            int status = rgraph_take(r, v, KERNEL_RULE_LP);
            if (status < 0)
                return status;
            changed = 1;
        }
    }
    /* Vertices at 0 have all their neighbours at 1, so they are isolated now. */
    for (int32_t i = 0; i < count; i++) {
        int32_t v = lp->alive[i];
        if (rgraph_alive(r, v) && lp_value(lp, r->n, v) == 0) {
            assert(r->deg[v] == 0);
            rgraph_exclude(r, v, KERNEL_RULE_LP);
            changed = 1;
        }
    }
    return changed;
}
