/*
 * CDCL SAT solver (see sat.h). Binary clauses live in implication lists of
 * their own (the graph encodings that use this solver are mostly binary);
 * longer ones in one arena of int32 words, watched by two literals each.
 * Learnt clauses are reduced and the arena compacted at restarts only, at
 * decision level 0, where no reason clause is ever read again.
 */
#include "sat.h"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "error.h"
#include "grow.h"
#ifdef HAVE_CADICAL
#include "sat_cadical.h"
#endif

/* An arena clause: size, flags, LBD, activity (float bits), then its literals. */
#define CLAUSE_HEADER 4
#define CLAUSE_LEARNT 1
#define CLAUSE_DELETED 2

/* reason[v]: none (a decision or a level-0 fact), a clause ref, or -2 - the other literal of a
 * binary. */
#define REASON_NONE (-1)
#define CONFLICT_NONE (-1)
#define CONFLICT_BINARY (-2)
#define CONFLICT_NO_MEMORY (-3) /* not a conflict: a watch list could not grow */

#define RESTART_UNIT 100     /* conflicts per unit of the Luby sequence */
#define REDUCE_FIRST 2000    /* conflicts before the first reduction of learnt clauses */
#define REDUCE_INCREMENT 300 /* ... and how much later each next one comes */
#define GLUE_LBD 2           /* learnt clauses this good are never deleted */
#define VAR_DECAY 0.95
#define CLAUSE_DECAY 0.999
#define RESCALE_LIMIT 1e100
#define CHECK_INTERVAL 256 /* conflicts or decisions between looks at the clock */

struct watch {
    int32_t ref;     /* clause in the arena */
    int32_t blocker; /* one of its literals: true means nothing to do */
};

struct watch_list {
    struct watch *w;
    int32_t len, cap;
};

struct lit_list {
    int32_t *l;
    int32_t len, cap;
};

struct sat {
#ifdef HAVE_CADICAL
    struct sat_cadical *cadical; /* the engine when it is CaDiCaL: nothing below is used then */
#endif
    int32_t vars;
    int unsat;   /* an empty clause, or a contradiction among the units */
    int8_t *val; /* per literal: 1 true, -1 false, 0 unassigned */
    int32_t *level, *reason;
    uint8_t *phase, *seen;
    double *activity;
    double var_inc;
    float clause_inc;
    int32_t *heap, *heap_pos, heap_len; /* variables by activity, max first; pos -1: out */
    int32_t *trail, trail_len, qhead;
    int32_t *trail_lim, levels;
    struct lit_list *bins;      /* per literal l: the o of every binary clause (l or o) */
    struct watch_list *watches; /* per literal: the arena clauses watching it */
    int32_t *arena;
    int64_t arena_len, arena_cap;
    struct lit_list clauses, learnts; /* arena refs */
    struct lit_list learnt;           /* the clause being learnt */
    struct lit_list to_clear;
    struct lit_list stack; /* the literals redundant() has yet to look at */
    int32_t *level_stamp, stamp;
    /* the search's own schedule, kept between calls */
    int started, result;
    int32_t restarts;
    int64_t next_restart, since_restart, next_reduce, decisions_checked;
    struct sat_stats stats;
};

static int lit_push(struct lit_list *l, int32_t x)
{
    if (l->len == l->cap) {
        int64_t cap = grow_capacity(l->cap, l->len + 1, 4);
        if (grow_resize(&l->l, cap, sizeof *l->l) != MVC_OK)
            return MVC_ENOMEM;
        l->cap = (int32_t)cap;
    }
    l->l[l->len++] = x;
    return MVC_OK;
}

static int watch_grow(struct watch_list *l)
{
    int64_t cap = grow_capacity(l->cap, l->len + 1, 4);
    if (grow_resize(&l->w, cap, sizeof *l->w) != MVC_OK)
        return MVC_ENOMEM;
    l->cap = (int32_t)cap;
    return MVC_OK;
}

static inline int watch_push(struct watch_list *l, struct watch w)
{
    if (l->len == l->cap && watch_grow(l) != MVC_OK)
        return MVC_ENOMEM;
    l->w[l->len++] = w;
    return MVC_OK;
}

static inline int32_t *clause_lits(const struct sat *s, int32_t ref)
{
    return s->arena + ref + CLAUSE_HEADER;
}

static inline int32_t clause_size(const struct sat *s, int32_t ref)
{
    return s->arena[ref];
}

static inline float clause_activity(const struct sat *s, int32_t ref)
{
    float a;
    memcpy(&a, &s->arena[ref + 3], sizeof a);
    return a;
}

static inline void clause_set_activity(struct sat *s, int32_t ref, float a)
{
    memcpy(&s->arena[ref + 3], &a, sizeof a);
}

/* ---- variable order: a binary max-heap on activity ---- */

static void heap_up(struct sat *s, int32_t i)
{
    int32_t v = s->heap[i];
    while (i > 0) {
        int32_t parent = (i - 1) / 2;
        if (s->activity[s->heap[parent]] >= s->activity[v])
            break;
        s->heap[i] = s->heap[parent];
        s->heap_pos[s->heap[i]] = i;
        i = parent;
    }
    s->heap[i] = v;
    s->heap_pos[v] = i;
}

static void heap_down(struct sat *s, int32_t i)
{
    int32_t v = s->heap[i];
    for (;;) {
        int32_t child = 2 * i + 1;
        if (child >= s->heap_len)
            break;
        if (child + 1 < s->heap_len &&
            s->activity[s->heap[child + 1]] > s->activity[s->heap[child]])
            child++;
        if (s->activity[s->heap[child]] <= s->activity[v])
            break;
        s->heap[i] = s->heap[child];
        s->heap_pos[s->heap[i]] = i;
        i = child;
    }
    s->heap[i] = v;
    s->heap_pos[v] = i;
}

static void heap_insert(struct sat *s, int32_t v)
{
    if (s->heap_pos[v] >= 0)
        return;
    s->heap[s->heap_len] = v;
    s->heap_pos[v] = s->heap_len++;
    heap_up(s, s->heap_len - 1);
}

static int32_t heap_pop(struct sat *s)
{
    int32_t v = s->heap[0];
    s->heap_pos[v] = -1;
    if (--s->heap_len > 0) {
        s->heap[0] = s->heap[s->heap_len];
        s->heap_pos[s->heap[0]] = 0;
        heap_down(s, 0);
    }
    return v;
}

static void bump_variable(struct sat *s, int32_t v)
{
    if ((s->activity[v] += s->var_inc) > RESCALE_LIMIT) {
        for (int32_t u = 0; u < s->vars; u++)
            s->activity[u] *= 1 / RESCALE_LIMIT;
        s->var_inc *= 1 / RESCALE_LIMIT;
    }
    if (s->heap_pos[v] >= 0)
        heap_up(s, s->heap_pos[v]);
}

static void bump_clause(struct sat *s, int32_t ref)
{
    float a = clause_activity(s, ref) + s->clause_inc;
    clause_set_activity(s, ref, a);
    if (a > 1e20f) {
        for (int32_t i = 0; i < s->learnts.len; i++)
            clause_set_activity(s, s->learnts.l[i], clause_activity(s, s->learnts.l[i]) * 1e-20f);
        s->clause_inc *= 1e-20f;
    }
}

/* ---- construction ---- */

struct sat *sat_new(int32_t vars)
{
    struct sat *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    size_t n = (size_t)vars + 1, lits = 2 * n;
    s->vars = vars;
    s->val = calloc(lits, sizeof *s->val);
    s->level = calloc(n, sizeof *s->level);
    s->reason = malloc(n * sizeof *s->reason);
    s->phase = calloc(n, 1);
    s->seen = calloc(n, 1);
    s->activity = calloc(n, sizeof *s->activity);
    s->heap = malloc(n * sizeof *s->heap);
    s->heap_pos = malloc(n * sizeof *s->heap_pos);
    s->trail = malloc(n * sizeof *s->trail);
    s->trail_lim = malloc(n * sizeof *s->trail_lim);
    s->level_stamp = calloc(n + 1, sizeof *s->level_stamp);
    s->bins = calloc(lits, sizeof *s->bins);
    s->watches = calloc(lits, sizeof *s->watches);
    if (!s->val || !s->level || !s->reason || !s->phase || !s->seen || !s->activity || !s->heap ||
        !s->heap_pos || !s->trail || !s->trail_lim || !s->level_stamp || !s->bins || !s->watches) {
        sat_free(s);
        return NULL;
    }
    for (int32_t v = 0; v < vars; v++) {
        s->reason[v] = REASON_NONE;
        s->heap_pos[v] = -1;
    }
    s->var_inc = 1;
    s->clause_inc = 1;
    return s;
}

int sat_engine_available(enum sat_engine engine)
{
#ifdef HAVE_CADICAL
    return engine == SAT_ENGINE_OWN || engine == SAT_ENGINE_CADICAL;
#else
    return engine == SAT_ENGINE_OWN;
#endif
}

struct sat *sat_new_with(int32_t vars, enum sat_engine engine)
{
    if (engine == SAT_ENGINE_OWN)
        return sat_new(vars);
#ifdef HAVE_CADICAL
    struct sat *s = engine == SAT_ENGINE_CADICAL && vars >= 0 ? calloc(1, sizeof *s) : NULL;
    if (s != NULL && (s->cadical = sat_cadical_new()) == NULL) {
        free(s);
        s = NULL;
    }
    return s;
#else
    (void)vars;
    return NULL;
#endif
}

void sat_free(struct sat *s)
{
    if (s == NULL)
        return;
#ifdef HAVE_CADICAL
    if (s->cadical != NULL) {
        sat_cadical_free(s->cadical);
        free(s);
        return;
    }
#endif
    if (s->bins != NULL)
        for (int32_t l = 0; l < 2 * s->vars; l++)
            free(s->bins[l].l);
    if (s->watches != NULL)
        for (int32_t l = 0; l < 2 * s->vars; l++)
            free(s->watches[l].w);
    free(s->val), free(s->level), free(s->reason), free(s->phase), free(s->seen);
    free(s->activity), free(s->heap), free(s->heap_pos), free(s->trail), free(s->trail_lim);
    free(s->level_stamp), free(s->bins), free(s->watches), free(s->arena);
    free(s->clauses.l), free(s->learnts.l), free(s->learnt.l), free(s->to_clear.l),
        free(s->stack.l);
    free(s);
}

void sat_set_seed(struct sat *s, uint64_t seed)
{
#ifdef HAVE_CADICAL
    if (s->cadical != NULL)
        sat_cadical_set_seed(s->cadical, seed);
#else
    (void)s, (void)seed;
#endif
}

void sat_set_phase(struct sat *s, int32_t v, int value)
{
#ifdef HAVE_CADICAL
    if (s->cadical != NULL)
        return; /* it keeps its own phases (sat_cadical.c) */
#endif
    s->phase[v] = value != 0;
}

static void assign(struct sat *s, int32_t lit, int32_t reason)
{
    int32_t v = lit >> 1;
    s->val[lit] = 1;
    s->val[lit ^ 1] = -1;
    s->level[v] = s->levels;
    s->reason[v] = reason;
    s->trail[s->trail_len++] = lit;
}

static int store_clause(struct sat *s, const int32_t *lits, int32_t len, int learnt, int32_t lbd,
                        int32_t *ref_out)
{
    int64_t need = s->arena_len + CLAUSE_HEADER + len;
    if (need > INT32_MAX)
        return MVC_ENOMEM;
    if (need > s->arena_cap) {
        int64_t cap = grow_capacity(s->arena_cap, need, 1024);
        if (cap > INT32_MAX)
            cap = INT32_MAX;
        if (grow_resize(&s->arena, cap, sizeof *s->arena) != MVC_OK)
            return MVC_ENOMEM;
        s->arena_cap = cap;
    }
    int32_t ref = (int32_t)s->arena_len;
    s->arena[ref] = len;
    s->arena[ref + 1] = learnt ? CLAUSE_LEARNT : 0;
    s->arena[ref + 2] = lbd;
    clause_set_activity(s, ref, 0);
    memcpy(clause_lits(s, ref), lits, (size_t)len * sizeof *lits);
    s->arena_len = need;
    struct lit_list *list = learnt ? &s->learnts : &s->clauses;
    if (lit_push(list, ref) != MVC_OK)
        return MVC_ENOMEM;
    if (watch_push(&s->watches[lits[0]], (struct watch){ref, lits[1]}) != MVC_OK ||
        watch_push(&s->watches[lits[1]], (struct watch){ref, lits[0]}) != MVC_OK)
        return MVC_ENOMEM;
    *ref_out = ref;
    return MVC_OK;
}

static int add_binary(struct sat *s, int32_t a, int32_t b)
{
    if (lit_push(&s->bins[a], b) != MVC_OK || lit_push(&s->bins[b], a) != MVC_OK)
        return MVC_ENOMEM;
    return MVC_OK;
}

static int compare_lits(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

int sat_add_clause(struct sat *s, const int32_t *lits, int32_t len)
{
#ifdef HAVE_CADICAL
    if (s->cadical != NULL)
        return sat_cadical_add_clause(s->cadical, lits, len);
#endif
    if (s->unsat)
        return MVC_OK;
    int32_t *c = malloc(((size_t)len + 1) * sizeof *c);
    if (c == NULL)
        return MVC_ENOMEM;
    if (len > 0) {
        memcpy(c, lits, (size_t)len * sizeof *c);
        qsort(c, (size_t)len, sizeof *c, compare_lits);
    }
    int32_t kept = 0;
    for (int32_t i = 0; i < len; i++) {
        if (kept > 0 && c[i] == c[kept - 1])
            continue;
        if ((kept > 0 && c[i] == (c[kept - 1] ^ 1)) || s->val[c[i]] == 1) {
            free(c); /* always true */
            return MVC_OK;
        }
        if (s->val[c[i]] == -1)
            continue; /* false at level 0 */
        c[kept++] = c[i];
    }
    int status = MVC_OK;
    int32_t ref;
    if (kept == 0)
        s->unsat = 1;
    else if (kept == 1)
        assign(s, c[0], REASON_NONE);
    else if (kept == 2)
        status = add_binary(s, c[0], c[1]);
    else
        status = store_clause(s, c, kept, 0, 0, &ref);
    free(c);
    return status;
}

/* ---- search ---- */

/*
 * Unit propagation of the trail from qhead on. Returns CONFLICT_NONE, a
 * falsified arena clause, CONFLICT_BINARY with the falsified pair in bin, or
 * CONFLICT_NO_MEMORY (every clause left as it was).
 */
static int32_t propagate(struct sat *s, int32_t bin[2])
{
    while (s->qhead < s->trail_len) {
        int32_t f = s->trail[s->qhead++] ^ 1; /* the literal that just became false */
        s->stats.propagations++;
        const struct lit_list *b = &s->bins[f];
        for (int32_t i = 0; i < b->len; i++) {
            int32_t o = b->l[i];
            if (s->val[o] == 1)
                continue;
            if (s->val[o] == -1) {
                bin[0] = f;
                bin[1] = o;
                return CONFLICT_BINARY;
            }
            assign(s, o, -2 - f);
        }
        struct watch_list *wl = &s->watches[f];
        if (wl->len == 0)
            continue; /* and wl->w may be NULL, with no arithmetic allowed on it */
        struct watch *w = wl->w, *end = w + wl->len, *keep = w;
        while (w < end) {
            if (s->val[w->blocker] == 1) {
                *keep++ = *w++;
                continue;
            }
            int32_t ref = w->ref;
            w++;
            int32_t *c = clause_lits(s, ref);
            if (c[0] == f) {
                c[0] = c[1];
                c[1] = f;
            }
            struct watch kept = {ref, c[0]};
            if (s->val[c[0]] == 1) {
                *keep++ = kept;
                continue;
            }
            int32_t size = clause_size(s, ref);
            int moved = 0;
            for (int32_t k = 2; k < size; k++)
                if (s->val[c[k]] != -1) {
                    /* another list: the one being walked is not reallocated */
                    if (watch_push(&s->watches[c[k]], kept) != MVC_OK) {
                        *keep++ = kept; /* the clause as it was, still watched by f */
                        while (w < end)
                            *keep++ = *w++;
                        wl->len = (int32_t)(keep - wl->w);
                        return CONFLICT_NO_MEMORY;
                    }
                    c[1] = c[k];
                    c[k] = f;
                    moved = 1;
                    break;
                }
            if (moved)
                continue;
            *keep++ = kept;
            if (s->val[c[0]] == -1) {
                while (w < end)
                    *keep++ = *w++;
                wl->len = (int32_t)(keep - wl->w);
                s->qhead = s->trail_len;
                return ref;
            }
            assign(s, c[0], ref);
        }
        wl->len = (int32_t)(keep - wl->w);
    }
    return CONFLICT_NONE;
}

/*
 * The literals of the clause behind a conflict or a reason: for an arena
 * clause its words, for a binary the pair, spelled into tmp.
 */
static const int32_t *reason_lits(struct sat *s, int32_t reason, int32_t implied, int32_t tmp[2],
                                  int32_t *size)
{
    if (reason >= 0) {
        *size = clause_size(s, reason);
        return clause_lits(s, reason);
    }
    tmp[0] = implied;
    tmp[1] = -2 - reason;
    *size = 2;
    return tmp;
}

/* A bit per decision level, so that a set of levels is one word (MiniSat's abstract levels). */
static uint32_t level_bit(const struct sat *s, int32_t v)
{
    return (uint32_t)1 << (s->level[v] & 31);
}

/*
 * Is lit, false in the learnt clause, implied by the clause's other
 * literals through a chain of reasons? Literals found implied stay seen, so
 * later questions stop at them; levels is the set of the clause's levels,
 * which every literal on such a chain must be in.
 */
static int redundant(struct sat *s, int32_t lit, uint32_t levels)
{
    int32_t top = s->to_clear.len;
    s->stack.len = 0;
    if (lit_push(&s->stack, lit) != MVC_OK)
        return 0;
    while (s->stack.len > 0) {
        int32_t q = s->stack.l[--s->stack.len];
        int32_t tmp[2], size;
        const int32_t *c = reason_lits(s, s->reason[q >> 1], q ^ 1, tmp, &size);
        for (int32_t i = 1; i < size; i++) {
            int32_t u = c[i] >> 1;
            if (s->seen[u] || s->level[u] == 0)
                continue;
            if (s->reason[u] == REASON_NONE || !(level_bit(s, u) & levels) ||
                lit_push(&s->stack, c[i]) != MVC_OK || lit_push(&s->to_clear, u) != MVC_OK) {
                for (int32_t j = top; j < s->to_clear.len; j++)
                    s->seen[s->to_clear.l[j]] = 0;
                s->to_clear.len = top;
                return 0;
            }
            s->seen[u] = 1;
        }
    }
    return 1;
}

/*
 * First-UIP conflict analysis: s->learnt receives the learnt clause, its
 * asserting literal first and a literal of the backjump level second.
 */
static int analyze(struct sat *s, int32_t confl, const int32_t bin[2], int32_t *backjump,
                   int32_t *lbd)
{
    s->learnt.len = 0;
    s->to_clear.len = 0;
    if (lit_push(&s->learnt, 0) != MVC_OK)
        return MVC_ENOMEM;
    int32_t path = 0, p = -1, idx = s->trail_len - 1;
    int32_t reason = confl;
    for (;;) {
        int32_t tmp[2], size;
        const int32_t *c;
        if (p < 0 && confl == CONFLICT_BINARY) {
            c = bin;
            size = 2;
        } else {
            c = reason_lits(s, reason, p, tmp, &size);
            if (reason >= 0 && (s->arena[reason + 1] & CLAUSE_LEARNT))
                bump_clause(s, reason);
        }
        for (int32_t j = p < 0 ? 0 : 1; j < size; j++) {
            int32_t q = c[j], v = q >> 1;
            if (s->seen[v] || s->level[v] == 0)
                continue;
            bump_variable(s, v);
            s->seen[v] = 1;
            if (lit_push(&s->to_clear, v) != MVC_OK)
                return MVC_ENOMEM;
            if (s->level[v] >= s->levels)
                path++;
            else if (lit_push(&s->learnt, q) != MVC_OK)
                return MVC_ENOMEM;
        }
        while (!s->seen[s->trail[idx] >> 1])
            idx--;
        p = s->trail[idx--];
        reason = s->reason[p >> 1];
        s->seen[p >> 1] = 0;
        if (--path == 0)
            break;
    }
    s->learnt.l[0] = p ^ 1;

    /* drop the literals their own reasons imply */
    uint32_t levels = 0;
    for (int32_t i = 1; i < s->learnt.len; i++)
        levels |= level_bit(s, s->learnt.l[i] >> 1);
    int32_t kept = 1;
    for (int32_t i = 1; i < s->learnt.len; i++)
        if (s->reason[s->learnt.l[i] >> 1] == REASON_NONE || !redundant(s, s->learnt.l[i], levels))
            s->learnt.l[kept++] = s->learnt.l[i];
    s->learnt.len = kept;
    for (int32_t i = 0; i < s->to_clear.len; i++)
        s->seen[s->to_clear.l[i]] = 0;

    /* the second watch: a literal of the highest level below the conflict's */
    *backjump = 0;
    if (kept > 1) {
        int32_t best = 1;
        for (int32_t i = 2; i < kept; i++)
            if (s->level[s->learnt.l[i] >> 1] > s->level[s->learnt.l[best] >> 1])
                best = i;
        int32_t t = s->learnt.l[1];
        s->learnt.l[1] = s->learnt.l[best];
        s->learnt.l[best] = t;
        *backjump = s->level[s->learnt.l[1] >> 1];
    }
    /* literal block distance: the number of decision levels in the clause */
    s->stamp++;
    *lbd = 0;
    for (int32_t i = 0; i < kept; i++) {
        int32_t l = s->level[s->learnt.l[i] >> 1];
        if (s->level_stamp[l] != s->stamp) {
            s->level_stamp[l] = s->stamp;
            (*lbd)++;
        }
    }
    return MVC_OK;
}

static void backtrack(struct sat *s, int32_t level)
{
    if (s->levels <= level)
        return;
    for (int32_t i = s->trail_len - 1; i >= s->trail_lim[level]; i--) {
        int32_t lit = s->trail[i], v = lit >> 1;
        s->phase[v] = (lit & 1) == 0;
        s->val[lit] = s->val[lit ^ 1] = 0;
        s->reason[v] = REASON_NONE;
        heap_insert(s, v);
    }
    s->trail_len = s->qhead = s->trail_lim[level];
    s->levels = level;
}

static int32_t luby(int32_t i)
{
    /* the i-th term (0-based) of 1 1 2 1 1 2 4 1 1 2 ... */
    int32_t size = 1, seq = 0;
    while (size < i + 1) {
        seq++;
        size = 2 * size + 1;
    }
    while (size - 1 != i) {
        size = (size - 1) >> 1;
        seq--;
        i = i % size;
    }
    return (int32_t)1 << seq;
}

/* A learnt clause's place in the deletion order: worst (higher LBD, then less active) first. */
struct ranked_learnt {
    uint64_t key;
    int32_t ref;
};

static int by_rank(const void *a, const void *b)
{
    uint64_t x = ((const struct ranked_learnt *)a)->key, y = ((const struct ranked_learnt *)b)->key;
    return (x > y) - (x < y);
}

/*
 * At level 0: deletes the worse half of the learnt clauses (glue clauses
 * stay), compacts the arena and watches every clause again.
 */
static int reduce_learnts(struct sat *s)
{
    struct ranked_learnt *rank = malloc(((size_t)s->learnts.len + 1) * sizeof *rank);
    if (rank == NULL)
        return MVC_ENOMEM;
    for (int32_t i = 0; i < s->learnts.len; i++) {
        int32_t ref = s->learnts.l[i];
        uint32_t activity; /* a non-negative float's bits order as the float does */
        memcpy(&activity, &s->arena[ref + 3], sizeof activity);
        rank[i].key = ((uint64_t)(UINT32_MAX - (uint32_t)s->arena[ref + 2]) << 32) | activity;
        rank[i].ref = ref;
    }
    qsort(rank, (size_t)s->learnts.len, sizeof *rank, by_rank);
    int32_t half = s->learnts.len / 2;
    for (int32_t i = 0; i < half; i++)
        if (s->arena[rank[i].ref + 2] > GLUE_LBD) {
            s->arena[rank[i].ref + 1] |= CLAUSE_DELETED;
            s->stats.deleted++;
        }
    free(rank);
    for (int32_t v = 0; v < s->vars; v++)
        s->reason[v] = REASON_NONE; /* all at level 0: never read again */
    int64_t to = 0;
    for (int64_t from = 0; from < s->arena_len;) {
        int64_t words = CLAUSE_HEADER + s->arena[from];
        if (!(s->arena[from + 1] & CLAUSE_DELETED)) {
            memmove(s->arena + to, s->arena + from, (size_t)words * sizeof *s->arena);
            to += words;
        }
        from += words;
    }
    s->arena_len = to;
    s->clauses.len = s->learnts.len = 0;
    for (int32_t l = 0; l < 2 * s->vars; l++)
        s->watches[l].len = 0;
    for (int64_t ref = 0; ref < s->arena_len; ref += CLAUSE_HEADER + s->arena[ref]) {
        int32_t r = (int32_t)ref;
        const int32_t *c = clause_lits(s, r);
        struct lit_list *list = (s->arena[r + 1] & CLAUSE_LEARNT) ? &s->learnts : &s->clauses;
        if (lit_push(list, r) != MVC_OK ||
            watch_push(&s->watches[c[0]], (struct watch){r, c[1]}) != MVC_OK ||
            watch_push(&s->watches[c[1]], (struct watch){r, c[0]}) != MVC_OK)
            return MVC_ENOMEM;
    }
    return MVC_OK;
}

/* The stop flag and the conflict budget every time, the clock only when asked. */
static int limits_reached(const struct sat_limits *lim, int64_t conflicts, int read_clock)
{
    if (lim == NULL)
        return 0;
    if (deadline_stopped(&lim->deadline))
        return 1;
    if (lim->max_conflicts > 0 && conflicts >= lim->max_conflicts)
        return 1;
    return read_clock && deadline_passed(&lim->deadline);
}

/* Learns from the conflict and asserts the learnt clause's first literal. */
static int learn(struct sat *s, int32_t confl, const int32_t bin[2])
{
    int32_t backjump, lbd;
    int status = analyze(s, confl, bin, &backjump, &lbd);
    if (status != MVC_OK)
        return status;
    backtrack(s, backjump);
    const int32_t *c = s->learnt.l;
    s->stats.learnt++;
    if (s->learnt.len == 1) {
        assign(s, c[0], REASON_NONE);
    } else if (s->learnt.len == 2) {
        if ((status = add_binary(s, c[0], c[1])) != MVC_OK)
            return status;
        assign(s, c[0], -2 - c[1]);
    } else {
        int32_t ref;
        if ((status = store_clause(s, c, s->learnt.len, 1, lbd, &ref)) != MVC_OK)
            return status;
        bump_clause(s, ref);
        assign(s, c[0], ref);
    }
    s->var_inc /= VAR_DECAY;
    s->clause_inc /= CLAUSE_DECAY;
    return MVC_OK;
}

int sat_solve(struct sat *s, const struct sat_limits *lim)
{
#ifdef HAVE_CADICAL
    if (s->cadical != NULL)
        return sat_cadical_solve(s->cadical, lim);
#endif
    double start = clock_seconds();
    if (s->unsat)
        return SAT_UNSATISFIABLE;
    if (s->result != SAT_UNKNOWN)
        return s->result;
    if (!s->started) {
        s->started = 1;
        for (int32_t v = 0; v < s->vars; v++)
            if (s->val[2 * v] == 0)
                heap_insert(s, v);
        s->next_restart = (int64_t)RESTART_UNIT * luby(0);
        s->next_reduce = REDUCE_FIRST;
    }
    int64_t conflicts_at_start = s->stats.conflicts;
    int result = SAT_UNKNOWN;
    for (;;) {
        int32_t bin[2];
        int32_t confl = propagate(s, bin);
        if (confl == CONFLICT_NO_MEMORY) {
            result = MVC_ENOMEM;
            break;
        }
        if (confl != CONFLICT_NONE) {
            s->stats.conflicts++;
            s->since_restart++;
            if (s->levels == 0) {
                result = SAT_UNSATISFIABLE;
                break;
            }
            int status = learn(s, confl, bin);
            if (status != MVC_OK) {
                result = status;
                break;
            }
            if (limits_reached(lim, s->stats.conflicts - conflicts_at_start,
                               s->stats.conflicts % CHECK_INTERVAL == 0))
                break;
            if (s->since_restart >= s->next_restart) {
                backtrack(s, 0);
                s->since_restart = 0;
                s->next_restart = (int64_t)RESTART_UNIT * luby(++s->restarts);
                s->stats.restarts++;
                if (s->stats.conflicts >= s->next_reduce) {
                    s->next_reduce = s->stats.conflicts + REDUCE_FIRST +
                                     (int64_t)REDUCE_INCREMENT * s->stats.restarts;
                    if ((status = reduce_learnts(s)) != MVC_OK) {
                        result = status;
                        break;
                    }
                }
            }
            continue;
        }
        /* limits before the heap gives up a variable, which a stop here would lose */
        if (++s->decisions_checked % CHECK_INTERVAL == 0 &&
            limits_reached(lim, s->stats.conflicts - conflicts_at_start, 1))
            break;
        int32_t v = -1;
        while (s->heap_len > 0) {
            int32_t u = heap_pop(s);
            if (s->val[2 * u] == 0) {
                v = u;
                break;
            }
        }
        if (v < 0) {
            result = SAT_SATISFIABLE;
            break;
        }
        s->stats.decisions++;
        s->trail_lim[s->levels++] = s->trail_len;
        assign(s, SAT_LIT(v, !s->phase[v]), REASON_NONE);
    }
    s->stats.seconds += clock_seconds() - start;
    if (result == SAT_SATISFIABLE || result == SAT_UNSATISFIABLE)
        s->result = result;
    else if (result == SAT_UNKNOWN)
        backtrack(s, 0); /* phases saved now, so that sat_set_phase before the next call holds */
    return result;
}

int sat_value(const struct sat *s, int32_t v)
{
#ifdef HAVE_CADICAL
    if (s->cadical != NULL)
        return sat_cadical_value(s->cadical, v);
#endif
    return s->val[2 * v] == 1;
}

void sat_get_stats(const struct sat *s, struct sat_stats *st)
{
#ifdef HAVE_CADICAL
    if (s->cadical != NULL) {
        sat_cadical_get_stats(s->cadical, st);
        return;
    }
#endif
    *st = s->stats;
}
