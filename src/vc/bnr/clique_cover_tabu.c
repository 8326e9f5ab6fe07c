/*
 * Fewer cliques by tabu search: a cover of g by c cliques is a colouring of
 * its complement with c colours, and TabuCol (Hertz and de Werra 1987) is
 * the standard search for one. Each round asks for c - 1 classes: the
 * smallest clique is dissolved into the others, and single vertices move
 * between classes to remove the pairs inside a class that are not adjacent
 * in g (a class without such a pair is a clique), the move just undone
 * forbidden for a while.
 *
 * Counted in g, not in its complement: adj_in[v][c], the neighbours of v in
 * class c, changes only along the edges of the vertex moved, so a move costs
 * its degree, and the pairs v has in conflict in class c are
 * size[c] - [v in c] - adj_in[v][c].
 */
#include <stdlib.h>
#include <string.h>

#include "clique_cover.h"
#include "error.h"
#include "random.h"

/* Moves between looks at the deadline. */
#define DEADLINE_EVERY 1024

struct tabu {
    const struct graph *g;
    int32_t classes;
    int32_t *class_of;   /* n */
    int32_t *size;       /* classes */
    int32_t *adj_in;     /* n * classes */
    int64_t *tabu_until; /* n * classes: the move (v, c) is forbidden before that move */
    int32_t *in_conflict, conflicted; /* the vertices with a conflict; position_of inverts */
    int32_t *position_of;             /* n: -1 when without conflict */
    int32_t *head, *next, *prev;      /* each class's members: a list through next and prev */
    int64_t conflicts;                /* pairs, each counted once */
    int64_t work;                     /* moves weighed and counts updated, against a budget */
    uint64_t state;
};

static int32_t conflicts_of(const struct tabu *t, int32_t v, int32_t c)
{
    int32_t own = t->class_of[v] == c;
    return t->size[c] - own - t->adj_in[(int64_t)v * t->classes + c];
}

static void mark(struct tabu *t, int32_t v)
{
    int conflicted = conflicts_of(t, v, t->class_of[v]) > 0;
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

/* v into class c (from its own, or from none when class_of[v] is -1). */
static void move(struct tabu *t, int32_t v, int32_t c)
{
    const struct graph *g = t->g;
    int32_t from = t->class_of[v];
    if (from >= 0) {
        t->conflicts -= conflicts_of(t, v, from);
        t->size[from]--;
        if (t->prev[v] >= 0)
            t->next[t->prev[v]] = t->next[v];
        else
            t->head[from] = t->next[v];
        if (t->next[v] >= 0)
            t->prev[t->next[v]] = t->prev[v];
        for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
            t->adj_in[(int64_t)g->adj[e] * t->classes + from]--;
    }
    t->conflicts += t->size[c] - t->adj_in[(int64_t)v * t->classes + c];
    t->size[c]++;
    t->class_of[v] = c;
    t->prev[v] = -1;
    t->next[v] = t->head[c];
    if (t->head[c] >= 0)
        t->prev[t->head[c]] = v;
    t->head[c] = v;
    for (int64_t e = g->offsets[v]; e < g->offsets[v + 1]; e++)
        t->adj_in[(int64_t)g->adj[e] * t->classes + c]++;
}

/* Every vertex whose conflicts a move may have changed: the two classes' members. */
static void mark_after_move(struct tabu *t, int32_t from, int32_t to)
{
    for (int32_t u = t->head[from]; u >= 0; u = t->next[u])
        mark(t, u);
    for (int32_t u = t->head[to]; u >= 0; u = t->next[u])
        mark(t, u);
}

/*
 * The start for c - 1 classes: the clique cover's classes, the smallest
 * dissolved, each of its vertices into the class where it conflicts least.
 */
static void start(struct tabu *t, const int32_t *clique_of, int32_t count)
{
    const struct graph *g = t->g;
    int32_t *size = calloc((size_t)count, sizeof *size);
    int32_t smallest = 0;
    if (size != NULL) {
        for (int32_t v = 0; v < g->n; v++)
            size[clique_of[v]]++;
        for (int32_t c = 1; c < count; c++)
            if (size[c] < size[smallest])
                smallest = c;
    }
    free(size);
    for (int32_t v = 0; v < g->n; v++) {
        int32_t c = clique_of[v];
        if (c != smallest)
            move(t, v, c > smallest ? c - 1 : c);
    }
    for (int32_t v = 0; v < g->n; v++) {
        if (clique_of[v] != smallest)
            continue;
        int32_t best = 0, best_conflicts = INT32_MAX;
        for (int32_t c = 0; c < t->classes; c++) {
            int32_t k = t->size[c] - t->adj_in[(int64_t)v * t->classes + c];
            if (k < best_conflicts) {
                best_conflicts = k;
                best = c;
            }
        }
        move(t, v, best);
    }
    for (int32_t v = 0; v < g->n; v++)
        mark(t, v);
}

/*
 * One move: of the vertices in conflict, the one whose move to another class
 * lowers the conflicts most (ties at random), forbidden moves only where they
 * beat the best count seen (aspiration). Returns 0 when no move is allowed.
 */
static int step(struct tabu *t, int64_t moves, int64_t best_seen)
{
    int32_t best_v = -1, best_c = -1, ties = 0;
    int64_t best_delta = INT64_MAX;
    t->work += (int64_t)t->conflicted * t->classes;
    for (int32_t i = 0; i < t->conflicted; i++) {
        int32_t v = t->in_conflict[i], own = t->class_of[v];
        int64_t leave = conflicts_of(t, v, own);
        for (int32_t c = 0; c < t->classes; c++) {
            if (c == own)
                continue;
            int64_t delta = conflicts_of(t, v, c) - leave;
            if (t->tabu_until[(int64_t)v * t->classes + c] > moves &&
                t->conflicts + delta >= best_seen)
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
    }
    if (best_v < 0)
        return 0;
    int32_t from = t->class_of[best_v];
    /* the usual tenure: a few moves plus a share of the vertices in conflict */
    t->tabu_until[(int64_t)best_v * t->classes + from] =
        moves + 1 + (int64_t)(random_next(&t->state) % 10) + (6 * (int64_t)t->conflicted) / 10;
    move(t, best_v, best_c);
    mark_after_move(t, from, best_c);
    t->work +=
        2 * (t->g->offsets[best_v + 1] - t->g->offsets[best_v]) + t->size[from] + t->size[best_c];
    return 1;
}

/*
 * Whether every class is a clique, counted afresh from the graph: a bound
 * from a class that is not would be wrong, so the running count of conflicts
 * is not trusted alone.
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
static int fewer_by_one(struct tabu *t, int64_t max_work, const struct deadline *deadline,
                        int32_t *clique_of, int32_t count)
{
    const struct graph *g = t->g;
    t->classes = count - 1;
    memset(t->size, 0, (size_t)t->classes * sizeof *t->size);
    memset(t->adj_in, 0, (size_t)g->n * (size_t)t->classes * sizeof *t->adj_in);
    memset(t->tabu_until, 0, (size_t)g->n * (size_t)t->classes * sizeof *t->tabu_until);
    for (int32_t c = 0; c < t->classes; c++)
        t->head[c] = -1;
    for (int32_t v = 0; v < g->n; v++) {
        t->class_of[v] = -1;
        t->position_of[v] = -1;
    }
    t->conflicted = 0;
    t->conflicts = 0;
    start(t, clique_of, count);
    t->work += 3 * (int64_t)g->n * t->classes + 2 * g->m; /* the counts cleared and set */
    int64_t best_seen = t->conflicts;
    for (int64_t moves = 0; t->conflicts > 0 && t->work < max_work; moves++) {
        if (moves % DEADLINE_EVERY == 0 && deadline_passed(deadline))
            break;
        if (!step(t, moves, best_seen))
            break;
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
    if (*count < 2 || (int64_t)g->n * (*count - 1) > CLIQUE_TABU_MAX_CELLS)
        return MVC_OK;
    struct tabu t = {.g = g, .state = seed};
    size_t cells = (size_t)g->n * (size_t)(*count - 1);
    t.class_of = malloc(((size_t)g->n + 1) * sizeof *t.class_of);
    t.position_of = malloc(((size_t)g->n + 1) * sizeof *t.position_of);
    t.in_conflict = malloc(((size_t)g->n + 1) * sizeof *t.in_conflict);
    t.size = malloc((size_t)*count * sizeof *t.size);
    t.head = malloc((size_t)*count * sizeof *t.head);
    t.next = malloc(((size_t)g->n + 1) * sizeof *t.next);
    t.prev = malloc(((size_t)g->n + 1) * sizeof *t.prev);
    t.adj_in = malloc(cells * sizeof *t.adj_in);
    t.tabu_until = malloc(cells * sizeof *t.tabu_until);
    int status = MVC_ENOMEM;
    if (t.class_of != NULL && t.position_of != NULL && t.in_conflict != NULL && t.size != NULL &&
        t.head != NULL && t.next != NULL && t.prev != NULL && t.adj_in != NULL &&
        t.tabu_until != NULL) {
        status = MVC_OK;
        int32_t made;
        while (*count > 1 && !deadline_passed(deadline) &&
               (made = fewer_by_one(&t, max_work, deadline, clique_of, *count)) > 0)
            *count = made;
    }
    free(t.class_of);
    free(t.position_of);
    free(t.in_conflict);
    free(t.size);
    free(t.head);
    free(t.next);
    free(t.prev);
    free(t.adj_in);
    free(t.tabu_until);
    return status;
}
