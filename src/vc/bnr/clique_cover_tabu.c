/*
 * Fewer cliques by tabu search: a cover of g by c cliques is a colouring of
 * its complement with c colours, and TabuCol (Hertz and de Werra 1987) is
 * the standard search for one. Each round asks for c - 1 classes: the
 * smallest clique is dissolved into the others, and single vertices move
 * between classes to remove the pairs inside a class that are not adjacent
 * in g (a class without such a pair is a clique), the move just undone
 * forbidden for a while.
 *
 * Counted in g, not in its complement, so that sparse kernels of thousands
 * of cliques cost no n-by-c table: the pairs v has in conflict in class c
 * are size[c] - [v in c] - (v's neighbours in c). A move of v is weighed
 * towards the classes of its neighbours (the only ones it can join without
 * a conflict per member) and a few classes drawn at random; own_adj[u], the
 * neighbours of u in its own class, changes only along the moved vertex's
 * edges.
 */
#include <stdlib.h>
#include <string.h>

#include "bucket_queue.h"
#include "clique_cover.h"
#include "error.h"
#include "random.h"

/* Moves between looks at the deadline. */
#define DEADLINE_EVERY 1024

/* Classes drawn at random besides the neighbours' at each vertex weighed. */
#define RANDOM_CLASSES 3

/*
 * Forbidden moves (v, class) live in a table of this many slots, one move
 * each: a collision forgets the older one early, which only shortens its
 * tenure. Far more slots than moves are forbidden at once.
 */
#define TABU_SLOTS (1 << 14)

struct tabu {
    const struct graph *g;
    int32_t classes;
    int32_t *class_of;           /* n */
    int32_t *own_adj;            /* n: the neighbours of v in its own class */
    int32_t *size;               /* classes */
    int32_t *neighbours_in;      /* classes, zero between uses: v's neighbours per class */
    int32_t *touched;            /* the classes neighbours_in counted, at most n + RANDOM_CLASSES */
    struct bucket_queue members; /* each class's members, keyed by class */
    int32_t *in_conflict, conflicted; /* the vertices with a conflict; position_of inverts */
    int32_t *position_of;             /* n: -1 when without conflict */
    int64_t *tabu_move, *tabu_until;  /* TABU_SLOTS: move v * classes + c, forbidden before */
    int64_t conflicts;                /* pairs, each counted once */
    int64_t work;                     /* neighbours scanned, moves weighed, against a budget */
    int64_t moves; /* over all targets, so that forbidden moves of the last one expire */
    uint64_t state;
};

static int32_t own_conflicts(const struct tabu *t, int32_t v)
{
    return t->size[t->class_of[v]] - 1 - t->own_adj[v];
}

static void mark(struct tabu *t, int32_t v)
{
    int conflicted = own_conflicts(t, v) > 0;
    if (conflicted && t->position_of[v] < 0) {
        t->position_of[v] = t->conflicted;
        t->in_conflict[t->conflicted++] = v;
    } else if (!conflicted && t->position_of[v] >= 0) {
        int32_t last = t->in_conflict[--t->conflicted];
        t->in_conflict[t->position_of[v]] = last;
        t->position_of[last] = t->position_of[v];
        t->position_of[v] = -1;
    }
}

static int64_t slot_of(int64_t move)
{
    uint64_t state = (uint64_t)move;
    return (int64_t)(random_next(&state) & (TABU_SLOTS - 1));
}

static int is_tabu(const struct tabu *t, int32_t v, int32_t c, int64_t moves)
{
    int64_t move = (int64_t)v * t->classes + c, slot = slot_of(move);
    return t->tabu_move[slot] == move && t->tabu_until[slot] > moves;
}

static void forbid(struct tabu *t, int32_t v, int32_t c, int64_t until)
{
    int64_t move = (int64_t)v * t->classes + c, slot = slot_of(move);
    t->tabu_move[slot] = move;
    t->tabu_until[slot] = until;
}

/*
 * Counts v's neighbours per class into neighbours_in and lists the classes
 * touched, then adds RANDOM_CLASSES drawn at random (counted 0 where new).
 * Returns how many are listed; clear() zeroes them again.
 */
static int32_t count_neighbours(struct tabu *t, int32_t v)
{
    const struct graph *g = t->g;
    int32_t listed = 0;
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
        int32_t c = t->class_of[g->adj[e]];
        if (c < 0)
            continue;
        if (t->neighbours_in[c]++ == 0)
            t->touched[listed++] = c;
    }
    for (int i = 0; i < RANDOM_CLASSES; i++) {
        int32_t c = (int32_t)(random_next(&t->state) % (uint64_t)t->classes), seen = 0;
        for (int32_t j = 0; j < listed && !seen; j++)
            seen = t->touched[j] == c;
        if (!seen)
            t->touched[listed++] = c;
    }
    t->work += g->offsets[v + 1] - g->offsets[v] + RANDOM_CLASSES;
    return listed;
}

static void clear(struct tabu *t, int32_t listed)
{
    for (int32_t i = 0; i < listed; i++)
        t->neighbours_in[t->touched[i]] = 0;
}

/* v into class c, from its own or from none (class_of[v] -1); in neighbours_in: v's counts. */
static void move(struct tabu *t, int32_t v, int32_t c)
{
    const struct graph *g = t->g;
    int32_t from = t->class_of[v];
    if (from >= 0) {
        t->conflicts -= own_conflicts(t, v);
        t->size[from]--;
        bucket_queue_remove(&t->members, v, from);
    }
    t->own_adj[v] = t->neighbours_in[c];
    t->conflicts += t->size[c] - t->own_adj[v];
    t->size[c]++;
    t->class_of[v] = c;
    bucket_queue_insert(&t->members, v, c);
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
        int32_t u = g->adj[e];
        if (from >= 0 && t->class_of[u] == from)
            t->own_adj[u]--;
        else if (t->class_of[u] == c)
            t->own_adj[u]++;
    }
    t->work += g->offsets[v + 1] - g->offsets[v];
}

/* Every vertex whose conflicts a move may have changed: the two classes' members. */
static void mark_classes(struct tabu *t, int32_t from, int32_t to)
{
    for (int32_t u = t->members.head[from]; u >= 0; u = t->members.next[u])
        mark(t, u);
    for (int32_t u = t->members.head[to]; u >= 0; u = t->members.next[u])
        mark(t, u);
    t->work += t->size[from] + t->size[to];
}

/*
 * The start for count - 1 classes: the clique cover's classes, the smallest
 * (given) dissolved, each of its vertices into the class where it conflicts
 * least.
 */
static void start(struct tabu *t, const int32_t *clique_of, int32_t smallest)
{
    const struct graph *g = t->g;
    for (int32_t v = 0; v < g->n; v++) {
        int32_t c = clique_of[v];
        if (c == smallest)
            continue;
        c = c > smallest ? c - 1 : c;
        int32_t inside = 0;
        for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
            inside += t->class_of[g->adj[e]] == c;
        t->neighbours_in[c] = inside;
        move(t, v, c);
        t->neighbours_in[c] = 0;
    }
    for (int32_t v = 0; v < g->n; v++) {
        if (clique_of[v] != smallest)
            continue;
        int32_t listed = count_neighbours(t, v), best = t->touched[0];
        for (int32_t i = 1; i < listed; i++) {
            int32_t c = t->touched[i];
            if (t->size[c] - t->neighbours_in[c] < t->size[best] - t->neighbours_in[best])
                best = c;
        }
        move(t, v, best);
        clear(t, listed);
    }
    for (int32_t v = 0; v < g->n; v++)
        mark(t, v);
}

/*
 * One move: of the vertices in conflict, the one whose move to another class
 * lowers the conflicts most (ties at random), forbidden moves only where they
 * beat the best count seen (aspiration); where every move is forbidden, a
 * vertex in conflict goes to a class drawn at random.
 */
static void step(struct tabu *t, int64_t best_seen)
{
    int64_t moves = t->moves;
    int32_t best_v = -1, best_c = -1, ties = 0;
    int64_t best_delta = INT64_MAX;
    for (int32_t i = 0; i < t->conflicted; i++) {
        int32_t v = t->in_conflict[i], own = t->class_of[v];
        int64_t leave = own_conflicts(t, v);
        int32_t listed = count_neighbours(t, v);
        for (int32_t j = 0; j < listed; j++) {
            int32_t c = t->touched[j];
            if (c == own)
                continue;
            int64_t delta = t->size[c] - t->neighbours_in[c] - leave;
            if (is_tabu(t, v, c, moves) && t->conflicts + delta >= best_seen)
                continue;
            if (delta < best_delta) {
                best_delta = delta;
                best_v = v;
                best_c = c;
                ties = 1;
            } else if (delta == best_delta && random_next(&t->state) % (uint64_t)++ties == 0) {
                best_v = v;
                best_c = c;
            }
        }
        clear(t, listed);
    }
    if (best_v < 0) {
        best_v = t->in_conflict[random_next(&t->state) % (uint64_t)t->conflicted];
        best_c = (int32_t)(random_next(&t->state) % (uint64_t)(t->classes - 1));
        best_c += best_c >= t->class_of[best_v];
    }
    int32_t from = t->class_of[best_v];
    /* the usual tenure: a few moves plus a share of the vertices in conflict */
    forbid(t, best_v, from,
           moves + 1 + (int64_t)(random_next(&t->state) % 10) + (6 * (int64_t)t->conflicted) / 10);
    int32_t listed = count_neighbours(t, best_v);
    move(t, best_v, best_c);
    clear(t, listed);
    mark_classes(t, from, best_c);
}

/*
 * Whether every class is a clique, counted afresh from the graph: a bound
 * from a class that is not would be wrong, so the running counts are not
 * trusted alone.
 */
static int all_cliques(const struct tabu *t)
{
    const struct graph *g = t->g;
    for (int32_t v = 0; v < g->n; v++) {
        int32_t inside = 0;
        for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
            inside += t->class_of[g->adj[e]] == t->class_of[v];
        if (inside != t->size[t->class_of[v]] - 1)
            return 0;
    }
    return 1;
}

/*
 * One target, count - 1 classes: where the search ends without conflict, the
 * cliques go into clique_of and their number (empty classes left out) is
 * returned; 0 where it does not.
 */
static int32_t fewer_by_one(struct tabu *t, int64_t max_work, const struct deadline *deadline,
                            int32_t *clique_of, int32_t count)
{
    const struct graph *g = t->g;
    /* the smallest clique of the cover, counted in size[] before it holds the classes */
    memset(t->size, 0, (size_t)count * sizeof *t->size);
    for (int32_t v = 0; v < g->n; v++)
        t->size[clique_of[v]]++;
    int32_t smallest = 0;
    for (int32_t c = 1; c < count; c++)
        if (t->size[c] < t->size[smallest])
            smallest = c;
    t->classes = count - 1;
    memset(t->size, 0, (size_t)t->classes * sizeof *t->size);
    memset(t->members.head, 0xff, (size_t)t->classes * sizeof *t->members.head); /* empty: -1 */
    for (int32_t v = 0; v < g->n; v++) {
        t->class_of[v] = -1;
        t->position_of[v] = -1;
    }
    t->conflicted = 0;
    t->conflicts = 0;
    t->work += 2 * (int64_t)g->n + t->classes;
    start(t, clique_of, smallest);
    int64_t best_seen = t->conflicts;
    for (; t->conflicts > 0 && t->classes > 1 && t->work < max_work; t->moves++) {
        if (t->moves % DEADLINE_EVERY == 0 && deadline_passed(deadline))
            break;
        step(t, best_seen);
        if (t->conflicts < best_seen)
            best_seen = t->conflicts;
    }
    if (t->conflicts > 0 || !all_cliques(t))
        return 0;
    /* every class is a clique; empty ones are left out */
    int32_t *number = t->size; /* reused: each class's new number */
    int32_t used = 0;
    for (int32_t c = 0; c < t->classes; c++)
        number[c] = t->size[c] > 0 ? used++ : -1;
    for (int32_t v = 0; v < g->n; v++)
        clique_of[v] = number[t->class_of[v]];
    return used;
}

int clique_cover_tabu(const struct graph *g, int64_t max_work, uint64_t seed,
                      const struct deadline *deadline, int32_t *clique_of, int32_t *count)
{
    if (*count < 2)
        return MVC_OK;
    struct tabu t = {.g = g, .state = seed};
    size_t n = (size_t)g->n + 1, classes = (size_t)*count;
    t.class_of = malloc(n * sizeof *t.class_of);
    t.own_adj = malloc(n * sizeof *t.own_adj);
    t.position_of = malloc(n * sizeof *t.position_of);
    t.in_conflict = malloc(n * sizeof *t.in_conflict);
    t.touched = malloc((n + RANDOM_CLASSES) * sizeof *t.touched);
    t.size = malloc(classes * sizeof *t.size);
    t.neighbours_in = calloc(classes, sizeof *t.neighbours_in);
    t.tabu_move = malloc(TABU_SLOTS * sizeof *t.tabu_move);
    t.tabu_until = malloc(TABU_SLOTS * sizeof *t.tabu_until);
    int queued = bucket_queue_init(&t.members, g->n, *count - 1) == MVC_OK;
    int status = MVC_ENOMEM;
    if (queued && t.class_of != NULL && t.own_adj != NULL && t.position_of != NULL &&
        t.in_conflict != NULL && t.touched != NULL && t.size != NULL && t.neighbours_in != NULL &&
        t.tabu_move != NULL && t.tabu_until != NULL) {
        status = MVC_OK;
        memset(t.tabu_move, -1, TABU_SLOTS * sizeof *t.tabu_move);
        int32_t made;
        while (*count > 1 && t.work < max_work && !deadline_passed(deadline) &&
               (made = fewer_by_one(&t, max_work, deadline, clique_of, *count)) > 0)
            *count = made;
    }
    free(t.class_of);
    free(t.own_adj);
    free(t.position_of);
    free(t.in_conflict);
    free(t.touched);
    free(t.size);
    bucket_queue_free(&t.members);
    free(t.neighbours_in);
    free(t.tabu_move);
    free(t.tabu_until);
    return status;
}
