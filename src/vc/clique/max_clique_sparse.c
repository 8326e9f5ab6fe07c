/*
 * Maximum clique of a large sparse graph without its complement. Every clique
 * lies in the later neighbourhood of its first vertex in a degeneracy order,
 * which holds at most degeneracy vertices, and a clique of k vertices needs
 * core number k - 1 at each of them. Once a greedy clique sets the bar, most
 * vertices fall to their core number or to the size of their later
 * neighbourhood, most of the others to a look at the first few members of
 * it, and the few neighbourhoods left are peeled to those with enough
 * neighbours inside and searched as small dense graphs by the bitset clique
 * solver (the scheme of Rossi, Gleich, Gebremedhin and Patwary, "Fast maximum
 * clique algorithms for large graphs", 2014; later neighbourhoods as in
 * Eppstein, Löffler and Strash, "Listing all maximal cliques in sparse
 * graphs", 2010).
 *
 * No GPU: the neighbourhoods searched are of tens of vertices and each takes
 * microseconds, less than one kernel launch; the time goes to ordering the
 * graph and to the intersections that reject neighbourhoods, which are
 * memory-bound scans on the host.
 */
#include "max_clique_sparse.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "clique.h"
#include "clock.h"
#include "degeneracy.h"
#include "grow.h"
#include "sorted.h"

/* Threads at most (solve_opts.threads = 0: one per online CPU up to this). */
#define SPARSE_MAX_THREADS 16
/* Vertices a thread takes from the shared counter at a time; the clock is read once a chunk. */
#define SPARSE_CHUNK 64

/*
 * The greedy pass visits the last n / GREEDY_SHARE positions (at least
 * GREEDY_MIN of them), where the densest cores are: enough to set the bar
 * before the exact pass, which visits every position and finds any clique
 * the greedy missed, at a small part of the exact pass's cost.
 */
#define GREEDY_SHARE 16
#define GREEDY_MIN 4096

enum sparse_pass { PASS_GREEDY, PASS_EXACT };

/*
 * The graph relabelled by degeneracy order and oriented forwards: later[p] are
 * the positions after p of the neighbours of the vertex at position p, sorted.
 * A later neighbourhood is then one list of at most degeneracy entries, the
 * edges inside it are intersections of such lists (no scan of a hub's whole
 * neighbourhood, no marker over all n vertices), and core numbers never fall
 * along it, so every later neighbour of a vertex that is not pruned passes the
 * core test too.
 */
struct oriented {
    int32_t n;
    int32_t from;     /* lists are kept for positions from .. n - 1 only (the others are pruned) */
    int64_t *offsets; /* n - from + 1: the list of p at later[offsets[p - from] ..] */
    int32_t *later;
    int32_t *vertex; /* position -> vertex of g (the degeneracy order) */
    int32_t *core;   /* by position, never decreasing */
};

static inline const int32_t *later_list(const struct oriented *dag, int32_t p)
{
    return dag->later + dag->offsets[p - dag->from];
}

static inline int32_t later_count(const struct oriented *dag, int32_t p)
{
    return (int32_t)(dag->offsets[p - dag->from + 1] - dag->offsets[p - dag->from]);
}

/* What the threads share. */
struct sparse_search {
    const struct oriented *dag;
    const struct max_clique_opts *o;
    int32_t target;    /* a clique this large ends the search: at_least, or INT32_MAX */
    int32_t floor;     /* decision form: cliques of at most at_least - 1 are not looked for */
    int32_t best_size; /* read without the lock (__atomic), written under it */
    int32_t *best;     /* the best clique, under the lock */
    pthread_mutex_t lock;
    enum sparse_pass pass;
    int64_t next;  /* the pass's next index into the reversed order (__atomic) */
    int64_t limit; /* the pass ends at this index */
    int stopped;   /* time limit or stop flag (__atomic) */
    int done;      /* target reached or an error: every thread ends (__atomic) */
    int status;    /* MVC_OK, or the first thread's error (under the lock) */
    struct error err;
    int64_t searched, nodes; /* __atomic sums */
    int32_t n; /* the graph's vertices: a clique of c is reported as a cover of n - c */
};

/* One thread's neighbourhood: local ids 0 .. size - 1 index the later list of its vertex. */
struct hood_worker {
    struct sparse_search *s;
    int32_t size;
    const int32_t *member; /* local -> position: the later list itself */
    int32_t *degree;       /* within the neighbourhood, less the peeled */
    int32_t *queue, *rank, *chosen;
    uint8_t *gone;
    int64_t *offsets;     /* local adjacency, sorted: adj[offsets[i] .. offsets[i + 1]) */
    int32_t *adj, *pairs; /* pairs: the edges inside, as (i, j) with i < j */
    int64_t adj_cap, pairs_cap, pairs_found;
    struct graph complement; /* of the neighbourhood's survivors, over the worker's buffers */
    int64_t complement_cap;
};

static int32_t want_size(struct sparse_search *s)
{
    int32_t best = __atomic_load_n(&s->best_size, __ATOMIC_RELAXED);
    return (best > s->floor ? best : s->floor) + 1;
}

static int should_end(struct sparse_search *s, int read_clock)
{
    if (__atomic_load_n(&s->done, __ATOMIC_RELAXED) ||
        __atomic_load_n(&s->stopped, __ATOMIC_RELAXED))
        return 1;
    const struct deadline *d = &s->o->solve.deadline;
    if (deadline_stopped(d) || (read_clock && deadline_passed(d))) {
        __atomic_store_n(&s->stopped, 1, __ATOMIC_RELAXED);
        return 1;
    }
    return 0;
}

static void fail(struct sparse_search *s, int status, const char *what)
{
    pthread_mutex_lock(&s->lock);
    if (s->status == MVC_OK)
        s->status = error_set(&s->err, status, "%s", what);
    pthread_mutex_unlock(&s->lock);
    __atomic_store_n(&s->done, 1, __ATOMIC_RELAXED);
}

/* The vertex at position p and the local vertices members[0 .. count): kept if they beat the best.
 */
static void offer_clique(struct hood_worker *w, int32_t p, const int32_t *members, int32_t count)
{
    struct sparse_search *s = w->s;
    const int32_t *vertex = s->dag->vertex;
    int32_t size = count + 1;
    if (size <= __atomic_load_n(&s->best_size, __ATOMIC_RELAXED))
        return;
    pthread_mutex_lock(&s->lock);
    if (size > s->best_size) {
        s->best[0] = vertex[p];
        for (int32_t i = 0; i < count; i++)
            s->best[i + 1] = vertex[w->member[members[i]]];
        __atomic_store_n(&s->best_size, size, __ATOMIC_RELAXED);
        /* as the dense path reports: a cover of the complement */
        progress_improve(s->o->solve.report, (int64_t)s->n - size);
        if (size >= s->target)
            __atomic_store_n(&s->done, 1, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&s->lock);
}

static int grow_ints(int32_t **buf, int64_t *cap, int64_t need)
{
    return need <= *cap ? MVC_OK : grow_array(buf, cap, need, sizeof **buf, 256);
}

/*
 * The later neighbourhood of position p and the degrees inside it: for each
 * member i, its own later list intersected with the members after i. The
 * pairs found come out with i increasing and j increasing within i.
 */
static int hood_degrees(struct hood_worker *w, int32_t p)
{
    const struct oriented *dag = w->s->dag;
    const int32_t *member = later_list(dag, p);
    int32_t size = later_count(dag, p);
    w->member = member;
    w->size = size;
    int64_t pairs = 0;
    for (int32_t i = 0; i < size; i++)
        w->degree[i] = 0, w->gone[i] = 0;
    for (int32_t i = 0; i + 1 < size; i++) {
        int32_t u = member[i];
        const int32_t *x = later_list(dag, u), *x_end = x + later_count(dag, u);
        if (grow_ints(&w->pairs, &w->pairs_cap, 2 * (pairs + size)) != MVC_OK)
            return MVC_ENOMEM;
        /* branch-free merge: in a sparse graph most steps find nothing in common */
        for (int32_t j = i + 1; j < size && x < x_end;) {
            int32_t a = *x, b = member[j];
            if (a == b) {
                w->pairs[2 * pairs] = i;
                w->pairs[2 * pairs + 1] = j;
                pairs++;
                w->degree[i]++, w->degree[j]++;
            }
            x += a <= b;
            j += a >= b;
        }
    }
    w->pairs_found = pairs;
    return MVC_OK;
}

/*
 * Can the later neighbourhood of position p hold a clique of need vertices?
 * Its first member (in position order) is among the first size - need + 1
 * and has need - 1 of the members after it in its own later list. Testing
 * just those few members rejects most neighbourhoods of a sparse graph at a
 * fraction of the cost of all their intersections.
 */
static int may_hold_clique(const struct oriented *dag, int32_t p, int32_t need)
{
    const int32_t *member = later_list(dag, p);
    int32_t size = later_count(dag, p);
    if (need <= 1)
        return size >= need;
    for (int32_t i = 0; i + need <= size; i++) {
        int32_t u = member[i], common = 0;
        const int32_t *x = later_list(dag, u), *x_end = x + later_count(dag, u);
        if (x_end - x < need - 1)
            continue;
        for (int32_t j = i + 1; j < size && x < x_end;) {
            int32_t a = *x, b = member[j];
            common += a == b;
            x += a <= b;
            j += a >= b;
        }
        if (common >= need - 1)
            return 1;
    }
    return 0;
}

/* The rows of the neighbourhood's adjacency from the pairs: filled in pair order, each sorted. */
static int hood_adjacency(struct hood_worker *w)
{
    int64_t pairs = w->pairs_found;
    if (grow_ints(&w->adj, &w->adj_cap, 2 * pairs) != MVC_OK)
        return MVC_ENOMEM;
    int64_t *fill = w->offsets;
    fill[0] = 0;
    for (int32_t i = 0; i < w->size; i++)
        fill[i + 1] = fill[i] + w->degree[i];
    /* each row is filled from its start, which then ends where the next row begins */
    for (int64_t k = 0; k < pairs; k++) {
        int32_t i = w->pairs[2 * k], j = w->pairs[2 * k + 1];
        w->adj[fill[i]++] = j;
        w->adj[fill[j]++] = i;
    }
    for (int32_t i = w->size; i > 0; i--)
        fill[i] = fill[i - 1];
    fill[0] = 0;
    return MVC_OK;
}

/*
 * Removes, until none is left, every vertex with fewer than min_degree
 * neighbours among those remaining (no clique of min_degree + 1 vertices can
 * hold it). Returns how many remain.
 */
static int32_t peel(struct hood_worker *w, int32_t min_degree)
{
    int32_t head = 0, tail = 0;
    for (int32_t i = 0; i < w->size; i++)
        if (w->degree[i] < min_degree) {
            w->gone[i] = 1;
            w->queue[tail++] = i;
        }
    while (head < tail) {
        int32_t i = w->queue[head++];
        for (int64_t e = w->offsets[i]; e < w->offsets[i + 1]; e++) {
            int32_t j = w->adj[e];
            if (!w->gone[j] && --w->degree[j] < min_degree) {
                w->gone[j] = 1;
                w->queue[tail++] = j;
            }
        }
    }
    return w->size - tail;
}

/*
 * Greedy clique in the later neighbourhood of position p: its vertices by
 * decreasing degree within it (a counting sort), each taken when adjacent to
 * all taken before. A planted or otherwise dense clique stands out by that
 * degree.
 */
static int greedy_from(struct hood_worker *w, int32_t p)
{
    /* only a clique of want - 1 members would beat the best */
    if (!may_hold_clique(w->s->dag, p, want_size(w->s) - 1))
        return MVC_OK;
    int status = hood_degrees(w, p);
    if (status == MVC_OK)
        status = hood_adjacency(w);
    if (status != MVC_OK)
        return status;
    int32_t size = w->size;
    int32_t *count = w->queue; /* size + 1 entries: vertices of each degree */
    memset(count, 0, ((size_t)size + 1) * sizeof *count);
    for (int32_t i = 0; i < size; i++)
        count[size - 1 - w->degree[i]]++;
    for (int32_t d = 0, sum = 0; d <= size; d++) {
        int32_t c = count[d];
        count[d] = sum;
        sum += c;
    }
    for (int32_t i = 0; i < size; i++)
        w->rank[count[size - 1 - w->degree[i]]++] = i;
    int32_t taken = 0;
    for (int32_t r = 0; r < size; r++) {
        int32_t i = w->rank[r];
        if (w->degree[i] < taken) /* neither this one nor any after it can join */
            break;
        int32_t adjacent = 0;
        for (int64_t e = w->offsets[i]; e < w->offsets[i + 1]; e++)
            adjacent += w->gone[w->adj[e]];
        if (adjacent == taken) {
            w->gone[i] = 1; /* marks the taken vertices */
            w->chosen[taken++] = i;
        }
    }
    offer_clique(w, p, w->chosen, taken);
    return MVC_OK;
}

/* The complement of the neighbourhood's unpeeled vertices, as a graph for solve_clique. */
static int build_complement(struct hood_worker *w, int32_t remaining)
{
    struct graph *c = &w->complement;
    int32_t r = 0;
    for (int32_t i = 0; i < w->size; i++)
        if (!w->gone[i])
            w->rank[r++] = i; /* search id -> local id */
    int64_t arcs = 0;
    if (grow_ints(&c->adj, &w->complement_cap, (int64_t)remaining * remaining) != MVC_OK)
        return MVC_ENOMEM;
    for (int32_t a = 0; a < remaining; a++) {
        int32_t i = w->rank[a];
        c->offsets[a] = arcs;
        int64_t e = w->offsets[i], end = w->offsets[i + 1];
        for (int32_t b = 0; b < remaining; b++) {
            int32_t j = w->rank[b];
            while (e < end && w->adj[e] < j)
                e++;
            if (b != a && !(e < end && w->adj[e] == j))
                c->adj[arcs++] = b;
        }
    }
    c->offsets[remaining] = arcs;
    c->n = remaining;
    c->m = arcs / 2;
    return MVC_OK;
}

/*
 * Is there a clique of want vertices whose first vertex in the degeneracy
 * order is the one at position p? Its later neighbourhood must then hold a
 * clique of need = want - 1, each member with need - 1 neighbours there: the
 * others are peeled, and solve_clique is asked whether the complement of
 * what remains has a cover of remaining - need vertices. When it has, the
 * question is asked again one larger.
 */
static int search_from(struct hood_worker *w, int32_t p)
{
    struct sparse_search *s = w->s;
    const struct oriented *dag = s->dag;
    for (;;) {
        int32_t need = want_size(s) - 1;
        if (!may_hold_clique(dag, p, need))
            return MVC_OK;
        int status = hood_degrees(w, p);
        if (status != MVC_OK)
            return status;
        /* peeling only lowers degrees: too few high enough already means none left after it */
        int32_t high = 0;
        for (int32_t i = 0; i < w->size; i++)
            high += w->degree[i] >= need - 1;
        if (high < need)
            return MVC_OK;
        if (hood_adjacency(w) != MVC_OK)
            return MVC_ENOMEM;
        int32_t remaining = peel(w, need - 1);
        if (remaining < need)
            return MVC_OK;
        if (build_complement(w, remaining) != MVC_OK)
            return MVC_ENOMEM;
        struct solve_opts so = s->o->solve;
        so.k = remaining - need;
        so.threads = 1;
        so.clique.local = 1;
        so.report = NULL; /* its covers are of a neighbourhood, not of the input */
        struct cover cover = {0};
        struct solve_stats st;
        memset(&st, 0, sizeof st);
        struct error err = {0};
        int outcome = solve_clique(&w->complement, &so, &cover, &st, &err);
        __atomic_add_fetch(&s->searched, 1, __ATOMIC_RELAXED);
        __atomic_add_fetch(&s->nodes, st.nodes, __ATOMIC_RELAXED);
        progress_nodes(s->o->solve.report, st.nodes);
        if (outcome < 0) {
            cover_free(&cover);
            fail(s, outcome, err.set ? err.message : "neighbourhood search failed");
            return MVC_OK;
        }
        int32_t found = 0;
        if (outcome == SOLVE_FOUND)
            for (int32_t a = 0; a < remaining; a++)
                if (!cover.in[a])
                    w->chosen[found++] = w->rank[a];
        cover_free(&cover);
        if (outcome == SOLVE_NO_COVER)
            return MVC_OK;
        if (outcome != SOLVE_FOUND) {
            __atomic_store_n(&s->stopped, 1, __ATOMIC_RELAXED);
            return MVC_OK;
        }
        offer_clique(w, p, w->chosen, found);
        if (should_end(s, 1))
            return MVC_OK;
    }
}

/*
 * One thread of a pass: positions from the last (the densest core) down,
 * SPARSE_CHUNK at a time. A clique whose first vertex is at p has at most
 * |later(p)| + 1 <= core + 1 vertices.
 */
static void *run_pass(void *arg)
{
    struct hood_worker *w = arg;
    struct sparse_search *s = w->s;
    const struct oriented *dag = s->dag;
    int32_t n = dag->n;
    while (!should_end(s, 1)) {
        int64_t first = __atomic_fetch_add(&s->next, SPARSE_CHUNK, __ATOMIC_RELAXED);
        if (first >= s->limit)
            break;
        for (int64_t i = first; i < first + SPARSE_CHUNK && i < s->limit; i++) {
            int32_t p = (int32_t)(n - 1 - i);
            int32_t want = want_size(s);
            /* core numbers only fall from here on: every later position is pruned too */
            if (dag->core[p] + 1 < want) {
                __atomic_store_n(&s->next, s->limit, __ATOMIC_RELAXED);
                return NULL;
            }
            if (later_count(dag, p) + 1 < want)
                continue;
            int status = s->pass == PASS_GREEDY ? greedy_from(w, p) : search_from(w, p);
            if (status != MVC_OK) {
                fail(s, status, "out of memory for a neighbourhood");
                return NULL;
            }
            if (should_end(s, 0))
                return NULL;
        }
    }
    return NULL;
}

static int worker_init(struct hood_worker *w, struct sparse_search *s, int32_t degeneracy)
{
    memset(w, 0, sizeof *w);
    w->s = s;
    size_t ints = (size_t)degeneracy + 2; /* a later list has at most degeneracy entries */
    w->degree = malloc(ints * sizeof *w->degree);
    w->queue = malloc(ints * sizeof *w->queue);
    w->rank = malloc(ints * sizeof *w->rank);
    w->chosen = malloc(ints * sizeof *w->chosen);
    w->gone = malloc(ints);
    w->offsets = malloc(ints * sizeof *w->offsets);
    w->complement.offsets = malloc(ints * sizeof *w->complement.offsets);
    if (!w->degree || !w->queue || !w->rank || !w->chosen || !w->gone || !w->offsets ||
        !w->complement.offsets)
        return MVC_ENOMEM;
    return MVC_OK;
}

static void worker_free(struct hood_worker *w)
{
    free(w->degree), free(w->queue), free(w->rank), free(w->chosen), free(w->gone);
    free(w->offsets), free(w->adj), free(w->pairs);
    free(w->complement.offsets), free(w->complement.adj);
}

static int thread_count(const struct solve_opts *o)
{
    int threads = solve_cpus(o);
    return threads > SPARSE_MAX_THREADS ? SPARSE_MAX_THREADS : threads;
}

/* Runs one pass on the workers' threads (the calling thread is the first). */
static void run_threads(struct sparse_search *s, struct hood_worker *workers, int threads,
                        enum sparse_pass pass)
{
    s->pass = pass;
    s->next = 0;
    s->limit = s->dag->n - s->dag->from;
    pthread_t ids[SPARSE_MAX_THREADS];
    int started = 1;
    while (started < threads &&
           pthread_create(&ids[started], NULL, run_pass, &workers[started]) == 0)
        started++;
    run_pass(&workers[0]);
    for (int t = 1; t < started; t++)
        pthread_join(ids[t], NULL);
}

/* A share of the vertices for one thread of orient(): counting, then filling the lists. */
struct orient_share {
    const struct graph *g;
    const int32_t *position;
    struct oriented *dag;
    int32_t first, last;
    int fill;
};

static void *orient_share(void *arg)
{
    struct orient_share *sh = arg;
    const struct graph *g = sh->g;
    struct oriented *dag = sh->dag;
    for (int32_t v = sh->first; v < sh->last; v++) {
        int32_t p = sh->position[v];
        if (p < dag->from)
            continue;
        int64_t count = 0;
        int32_t *list = sh->fill ? dag->later + dag->offsets[p - dag->from] : NULL;
        for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
            int32_t q = sh->position[g->adj[e]];
            if (q > p) {
                if (list)
                    list[count] = q;
                count++;
            }
        }
        if (!list)
            dag->offsets[p - dag->from + 1] = count;
        else
            sorted_sort_i32(list, count);
    }
    return NULL;
}

/* One pass of orient() over all vertices, split among the threads. */
static void orient_pass(struct orient_share *shares, int threads, int fill)
{
    pthread_t ids[SPARSE_MAX_THREADS];
    int started = 1;
    for (int t = 0; t < threads; t++)
        shares[t].fill = fill;
    while (started < threads &&
           pthread_create(&ids[started], NULL, orient_share, &shares[started]) == 0)
        started++;
    for (int t = started; t < threads; t++) /* threads that could not start: done here */
        orient_share(&shares[t]);
    orient_share(&shares[0]);
    for (int t = 1; t < started; t++)
        pthread_join(ids[t], NULL);
}

/*
 * Relabels g by the degeneracy order and keeps each edge once, at its
 * earlier end, for the positions from `from` on: a pass counts each vertex's
 * later neighbours, a second writes and sorts each list, both reading g in
 * order and spread over the threads by vertex (each writes only its own
 * vertices' entries).
 */
static int orient(const struct graph *g, const int32_t *position, int threads, int32_t from,
                  struct oriented *dag)
{
    int32_t n = g->n;
    dag->n = n;
    dag->from = from;
    dag->offsets = calloc((size_t)(n - from) + 1, sizeof *dag->offsets);
    if (dag->offsets == NULL)
        return MVC_ENOMEM;
    struct orient_share shares[SPARSE_MAX_THREADS];
    for (int t = 0; t < threads; t++)
        shares[t] = (struct orient_share){g,
                                          position,
                                          dag,
                                          (int32_t)((int64_t)n * t / threads),
                                          (int32_t)((int64_t)n * (t + 1) / threads),
                                          0};
    orient_pass(shares, threads, 0);
    for (int32_t i = 0; i < n - from; i++)
        dag->offsets[i + 1] += dag->offsets[i];
    dag->later = malloc(((size_t)dag->offsets[n - from] + 1) * sizeof *dag->later);
    if (dag->later == NULL)
        return MVC_ENOMEM;
    orient_pass(shares, threads, 1);
    return MVC_OK;
}

static void oriented_free(struct oriented *dag)
{
    free(dag->offsets);
    free(dag->later);
    dag->offsets = NULL;
    dag->later = NULL;
}

static int copy_best(const struct sparse_search *s, struct clique *out)
{
    out->vertices = malloc(((size_t)s->best_size + 1) * sizeof *out->vertices);
    if (out->vertices == NULL)
        return MVC_ENOMEM;
    out->size = s->best_size;
    memcpy(out->vertices, s->best, (size_t)s->best_size * sizeof *out->vertices);
    sorted_sort_i32(out->vertices, out->size);
    return MVC_OK;
}

/*
 * The degeneracy order into base (the vertex and the core number at each
 * position); *position receives the inverse. Returns the degeneracy or
 * MVC_ENOMEM.
 */
static int32_t order_vertices(const struct graph *g, struct oriented *base, int32_t **position)
{
    int32_t n = g->n;
    int32_t *order = malloc((size_t)n * sizeof *order);
    int32_t *where = malloc((size_t)n * sizeof *where);
    int32_t *core = malloc((size_t)n * sizeof *core);
    int32_t *core_at = malloc((size_t)n * sizeof *core_at);
    int32_t degeneracy =
        order && where && core && core_at ? degeneracy_order(g, order, where, core) : MVC_ENOMEM;
    if (degeneracy < 0) {
        free(order), free(where), free(core), free(core_at);
        return MVC_ENOMEM;
    }
    for (int32_t p = 0; p < n; p++)
        core_at[p] = core[order[p]];
    free(core);
    base->n = n;
    base->vertex = order;
    base->core = core_at;
    *position = where;
    return degeneracy;
}

/* The first position whose core number is at least min_core (n when there is none). */
static int32_t first_position(const struct oriented *base, int32_t min_core)
{
    return (int32_t)sorted_first_at_least_i32(base->core, 0, base->n, min_core);
}

/* The outcome of a search that ran to its end or was stopped, and the bound it proves. */
static int sparse_outcome(const struct sparse_search *s, int64_t at_least, int32_t degeneracy,
                          const struct clique *out, struct max_clique_stats *st)
{
    st->upper_bound = degeneracy + 1;
    if (at_least >= 0 && out->size >= at_least)
        return SOLVE_FOUND;
    if (s->stopped)
        return SOLVE_STOPPED;
    if (at_least >= 0) {
        if (s->floor < st->upper_bound)
            st->upper_bound = s->floor;
        progress_lower(s->o->solve.report, (int64_t)s->n - st->upper_bound);
        return SOLVE_NO_COVER;
    }
    st->upper_bound = out->size;
    progress_lower(s->o->solve.report, (int64_t)s->n - st->upper_bound); /* the bound proven */
    return SOLVE_OPTIMAL;
}

/*
 * The two passes, each over the positions it needs oriented: the greedy pass
 * over the densest cores (the last positions) to set the bar, then the exact
 * pass over every position the bar leaves, from the first whose core number
 * can still hold a larger clique. When the bar is high (a large clique), the
 * second orientation is small or not needed at all.
 */
static int search_graph(struct sparse_search *s, const struct graph *g, const int32_t *position,
                        int threads, const struct oriented *base, int32_t degeneracy,
                        struct max_clique_stats *st)
{
    int32_t n = g->n;
    struct hood_worker *workers = calloc((size_t)threads, sizeof *workers);
    int locked = workers && pthread_mutex_init(&s->lock, NULL) == 0;
    int status = locked ? MVC_OK : MVC_ENOMEM;
    for (int t = 0; t < threads && status == MVC_OK; t++)
        status = worker_init(&workers[t], s, degeneracy);
    struct oriented dag = *base;
    int32_t greedy = n / GREEDY_SHARE > GREEDY_MIN ? n / GREEDY_SHARE : GREEDY_MIN;
    double t0 = clock_seconds();
    if (status == MVC_OK)
        status = orient(g, position, threads, greedy < n ? n - greedy : 0, &dag);
    double t_order = clock_seconds() - t0;
    s->dag = &dag;
    if (status == MVC_OK) {
        run_threads(s, workers, threads, PASS_GREEDY);
        st->heuristic = s->best_size;
    }
    /* a member of a clique larger than the bar has a core number at least the bar */
    int32_t from = first_position(base, want_size(s) - 1);
    if (status == MVC_OK && !s->done && !should_end(s, 1) && from < dag.from) {
        oriented_free(&dag);
        t0 = clock_seconds();
        status = orient(g, position, threads, from, &dag);
        t_order += clock_seconds() - t0;
    }
    if (status == MVC_OK && !s->done && !should_end(s, 1))
        run_threads(s, workers, threads, PASS_EXACT);
    if (status == MVC_OK)
        status = s->status;
    st->t_order += t_order;
    st->t_search -= t_order;
    oriented_free(&dag);
    for (int t = 0; workers && t < threads; t++)
        worker_free(&workers[t]);
    if (locked)
        pthread_mutex_destroy(&s->lock);
    free(workers);
    return status;
}

int max_clique_sparse(const struct graph *g, const struct max_clique_opts *o, struct clique *out,
                      struct max_clique_stats *st, struct error *err)
{
    int32_t n = g->n;
    int64_t at_least = o->at_least;
    struct oriented base = {0};
    struct sparse_search s = {.dag = &base, .o = o, .n = n};
    s.target = at_least >= 0 && at_least < INT32_MAX ? (int32_t)at_least : INT32_MAX;
    s.floor =
        at_least >= 1 ? (int32_t)(at_least - 1 < INT32_MAX - 1 ? at_least - 1 : INT32_MAX - 1) : 0;
    int threads = thread_count(&o->solve);
    double t0 = clock_seconds();
    int32_t *position = NULL;
    int32_t degeneracy = order_vertices(g, &base, &position);
    st->t_order = clock_seconds() - t0;
    s.best = degeneracy >= 0 ? malloc(((size_t)degeneracy + 2) * sizeof *s.best) : NULL;
    int status = s.best ? MVC_OK : MVC_ENOMEM;
    if (status == MVC_OK) {
        st->degeneracy = degeneracy;
        st->heuristic = 1;
        /* no clique holds more than degeneracy + 1 vertices */
        progress_lower(o->solve.report, (int64_t)n - (degeneracy + 1));
        /* any vertex is a clique; one of the densest core is a start as good as any */
        s.best[0] = base.vertex[n - 1];
        s.best_size = 1;
    }
    /*
     * The order is the one step that cannot stop halfway: the time limit is
     * checked after it. A clique of more than degeneracy + 1 vertices cannot exist.
     */
    t0 = clock_seconds();
    if (status == MVC_OK && s.best_size < s.target && s.floor <= degeneracy && !should_end(&s, 1))
        status = search_graph(&s, g, position, threads, &base, degeneracy, st);
    st->t_search += clock_seconds() - t0;
    st->searched = s.searched;
    st->nodes = s.nodes;
    if (status == MVC_OK)
        status = copy_best(&s, out);
    int outcome = status;
    if (status == MVC_OK)
        outcome = sparse_outcome(&s, at_least, degeneracy, out, st);
    else
        error_set(err, status, "%s",
                  s.status != MVC_OK ? s.err.message
                                     : "out of memory for the sparse clique search");
    free(position), free(s.best), free(base.vertex), free(base.core);
    return outcome;
}
