/*
 * The progress board: nested scopes give the whole cover's size as reports
 * arrive (offsets, components, races, branches), from many threads at once;
 * real solves report sizes that only fall and end at the answer's; the
 * library prints nothing; the command line's printer prints what it reads.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bnr.h"
#include "bound_sat.h"
#include "clique.h"
#include "clock.h"
#include "components.h"
#include "config.h"
#include "cover.h"
#include "gpu.h"
#include "kernelize.h"
#include "progress.h"
#include "progress_printer.h"
#include "read.h"
#include "solve.h"
#include "tap.h"

/* What a listener heard: every change of the whole, in order. */
#define MAX_HEARD 100000
struct heard {
    int64_t best[MAX_HEARD], lower[MAX_HEARD];
    int count, overflow;
    char message[512];
    int messages;
};

static void on_changed(void *arg, int64_t best, int64_t lower)
{
    struct heard *h = arg;
    if (h->count == MAX_HEARD) {
        h->overflow = 1;
        return;
    }
    h->best[h->count] = best;
    h->lower[h->count] = lower;
    h->count++;
}

static void on_message(void *arg, const char *text)
{
    struct heard *h = arg;
    snprintf(h->message, sizeof h->message, "%s", text);
    __atomic_fetch_add(&h->messages, 1, __ATOMIC_RELAXED);
}

static struct progress_board *board_heard_by(struct heard *h)
{
    memset(h, 0, sizeof *h);
    struct progress_listener l = {on_changed, on_message, h};
    return progress_board_new(&l);
}

static struct progress_state state_of(struct progress_board *b)
{
    struct progress_state s;
    progress_board_read(b, &s);
    return s;
}

/* Sizes heard never rise; the first index where one does, or -1. */
static int first_rise(const struct heard *h)
{
    for (int i = 1; i < h->count; i++)
        if (h->best[i] > h->best[i - 1])
            return i;
    return -1;
}

/* Reports a cover of size into scope; the board's best must then be best. */
static void improve_gives(struct progress_board *b, struct progress *scope, int64_t size,
                          int64_t best, const char *what)
{
    progress_improve(scope, size);
    is(state_of(b).best, best, "%s", what);
}

/* Reports a lower bound into scope; the board's must then be lower. */
static void lower_gives(struct progress_board *b, struct progress *scope, int64_t bound,
                        int64_t lower, const char *what)
{
    progress_lower(scope, bound);
    is(state_of(b).lower, lower, "%s", what);
}

static void test_nobody_listens(void)
{
    progress_improve(NULL, 1);
    progress_lower(NULL, 1);
    progress_nodes(NULL, 1);
    progress_message(NULL, "nobody %d", 1);
    progress_close(NULL);
    struct progress scope;
    ok(progress_open(&scope, NULL, 3, 0) == NULL,
       "every report into no scope is a no-op, and a scope under no scope is no scope");
}

/*
 * A kernel with offset 10 whose three components (5, 7 and 9 vertices) are
 * solved in turn, the second by a race of two entrants, the third by a
 * search whose branch's bounds say nothing about its parent.
 */
static void test_nested_scopes(void)
{
    struct heard h;
    struct progress_board *b = board_heard_by(&h);
    struct progress *root = progress_board_root(b);
    struct progress_state s = state_of(b);
    ok(s.best == PROGRESS_NONE && s.lower == 0, "a new board knows no cover and no bound");

    improve_gives(b, root, 40, 40, "the input's trivial cover");
    progress_improve(root, 10 + 21);
    progress_lower(root, 10);
    is(state_of(b).best, 31, "offset and every kernel vertex");
    improve_gives(b, root, 35, 31, "a larger report changes nothing");

    /* component 1: shifted by the offset and the 16 vertices still to come */
    struct progress c1;
    progress_open(&c1, root, 10 + 16, 10);
    improve_gives(b, &c1, 5, 31, "a component's trivial cover leaves the whole as it was");
    improve_gives(b, &c1, 3, 29, "an improvement in a component lowers the whole");
    lower_gives(b, &c1, 3, 13, "its bound adds to the offset");
    progress_improve(root, 10 + 3 + 16);
    progress_lower(root, 13);
    progress_close(&c1);
    is(state_of(b).best, 29, "the component's cover stays once it is closed");

    /* component 2: a race of two entrants */
    struct progress c2, e1, e2;
    progress_open(&c2, root, 10 + 3 + 9, 13);
    progress_improve(&c2, 7);
    progress_open(&e1, &c2, 0, 0);
    progress_open(&e2, &c2, 0, 0);
    is(state_of(b).best, 29, "entrants that reported nothing count for nothing");
    improve_gives(b, &e1, 6, 28, "the first entrant's cover");
    improve_gives(b, &e2, 5, 27, "the other entrant's smaller cover");
    improve_gives(b, &e1, 6, 27, "the race's best is the smallest any entrant reported");
    progress_lower(&e1, 3);
    lower_gives(b, &e2, 4, 17, "the race's bound is the largest any entrant proved");
    improve_gives(b, &e1, 4, 26, "the first entrant takes the lead again");
    progress_improve(&c2, 4);
    progress_close(&e1);
    progress_close(&e2);
    is(state_of(b).best, 26, "the race's answer stays when its entrants leave");
    is(state_of(b).lower, 13, "entrants' bounds leave with them when not reported to the race");
    progress_improve(root, 10 + 7 + 9);
    progress_lower(root, 10 + 3 + 4);
    progress_close(&c2);

    /* component 3: a branch under it, whose bounds hold for the branch only */
    struct progress c3, branch;
    progress_open(&c3, root, 10 + 7, 17);
    progress_improve(&c3, 9);
    progress_lower(&c3, 5);
    progress_open(&branch, &c3, 1, PROGRESS_NO_BOUND);
    lower_gives(b, &branch, 100, 22, "a branch's bound does not bound the whole");
    improve_gives(b, &branch, 20, 26,
                  "a branch's cover larger than the component's counts for nothing");
    improve_gives(b, &branch, 5, 10 + 7 + 1 + 5, "a branch's cover with its taken vertex");
    progress_close(&branch);
    is(state_of(b).best, 26, "a branch closed unreported takes its cover with it");
    ok(first_rise(&h) > 0, "the listener heard that rise");
    progress_improve(&c3, 6);
    progress_improve(root, 10 + 7 + 6);
    progress_lower(root, 17 + 5);
    progress_close(&c3);
    is(state_of(b).best, 23, "the whole: offset and the three components' covers");
    is(h.best[h.count - 1], 23, "the listener heard the last change");
    is(h.lower[h.count - 1], 22, "with the last bound");

    progress_nodes(root, 5);
    progress_nodes(&c3, 7); /* closed scopes still reach their board */
    is(state_of(b).nodes, 12, "nodes add up");
    progress_message(root, "kernel: %d vertices", 21);
    ok(h.messages == 1 && strcmp(h.message, "kernel: 21 vertices") == 0, "a message is formatted");
    progress_board_free(b);
}

/* Threads racing on one component, each opening and closing scopes of its own under its entrant. */
#define THREADS 4
#define ROUNDS 2000
#define START 100000

struct entrant_run {
    struct progress *race;
    int index;
};

static int64_t entrant_size(int index, int round)
{
    return START - 7 * (int64_t)round - index;
}

static void *run_entrant(void *arg)
{
    struct entrant_run *run = arg;
    struct progress scope;
    struct progress *me = progress_open(&scope, run->race, 0, 0);
    for (int round = 0; round < ROUNDS; round++) {
        struct progress sub;
        struct progress *branch = progress_open(&sub, me, 2, PROGRESS_NO_BOUND);
        progress_improve(branch, entrant_size(run->index, round) - 2);
        progress_lower(branch, START); /* never reaches the whole */
        progress_improve(me, entrant_size(run->index, round));
        progress_close(branch);
        progress_lower(me, round);
        progress_nodes(me, 1);
    }
    progress_improve(run->race, entrant_size(run->index, ROUNDS - 1));
    progress_lower(run->race, ROUNDS - 1);
    progress_close(me);
    return NULL;
}

static void test_threads(void)
{
    static struct heard h; /* large */
    struct progress_board *b = board_heard_by(&h);
    struct progress *root = progress_board_root(b);
    progress_improve(root, 2 * START);
    struct progress component;
    progress_open(&component, root, 50, 20);
    struct entrant_run runs[THREADS];
    pthread_t ids[THREADS];
    int started = 0;
    for (int t = 0; t < THREADS; t++) {
        runs[t] = (struct entrant_run){&component, t};
        started += pthread_create(&ids[t], NULL, run_entrant, &runs[t]) == 0;
    }
    is(started, THREADS, "%d threads report at once", THREADS);
    for (int t = 0; t < started; t++)
        pthread_join(ids[t], NULL);
    struct progress_state s = state_of(b);
    is(s.best, 50 + entrant_size(THREADS - 1, ROUNDS - 1),
       "the whole: the shift and the smallest cover any thread reported");
    is(s.lower, 20 + ROUNDS - 1, "the bound: the shift and the largest any thread proved");
    is(s.nodes, (int64_t)THREADS * ROUNDS, "every thread's nodes counted");
    ok(!h.overflow && h.count > 0, "the listener heard %d changes", h.count);
    int rise = first_rise(&h);
    ok(rise < 0, "the sizes heard never rose");
    if (rise > 0)
        diag("change %d: %lld after %lld", rise, (long long)h.best[rise],
             (long long)h.best[rise - 1]);
    progress_close(&component);
    is(state_of(b).best, 2 * START, "closed unreported, the component takes its covers along");
    progress_board_free(b);
}

static struct graph *read_instance(const char *name)
{
    const char *dir = getenv("top_srcdir") != NULL ? getenv("top_srcdir") : ".";
    char path[4096];
    snprintf(path, sizeof path, "%s/instances/%s", dir, name);
    struct graph *g = NULL;
    struct error err = {0};
    if (graph_read(path, NULL, &g, &err) != MVC_OK)
        bail(err.message);
    return g;
}

/* The disjoint union of graphs: their vertices one after another. */
static struct graph *disjoint_union(struct graph **parts, int count)
{
    int32_t n = 0;
    int64_t m = 0;
    for (int i = 0; i < count; i++)
        n += parts[i]->n, m += parts[i]->m;
    int32_t(*edges)[2] = malloc((size_t)m * sizeof *edges);
    if (edges == NULL)
        bail("out of memory");
    int64_t e = 0;
    int32_t base = 0;
    for (int i = 0; i < count; i++) {
        const struct graph *g = parts[i];
        for (int32_t u = 0; u < g->n; u++)
            for (int64_t j = g->offsets[u]; j < g->offsets[u + 1]; j++)
                if (u < g->adj[j]) {
                    edges[e][0] = base + u;
                    edges[e][1] = base + g->adj[j];
                    e++;
                }
        base += g->n;
    }
    struct graph *u = graph_from_edges(n, (const int32_t(*)[2])edges, e);
    free(edges);
    if (u == NULL)
        bail("out of memory");
    return u;
}

/* Connected components of g's kernel (all rules, folds included). */
static int32_t kernel_components(const struct graph *g)
{
    struct kernel *k = NULL;
    struct error err = {0};
    if (kernel_reduce(g, NULL, &k, NULL, &err) != MVC_OK)
        bail(err.message);
    const struct graph *kg = kernel_graph(k);
    int32_t *component_of = malloc(((size_t)kg->n + 1) * sizeof *component_of);
    int32_t count = -1;
    if (component_of == NULL || graph_components(kg, component_of, &count) != MVC_OK)
        bail("out of memory");
    free(component_of);
    kernel_free(k);
    return count;
}

#define SHOULD_STOP (-1)
#define MAY_STOP (-2)

typedef int (*solve_fn)(const struct graph *g, const struct solve_opts *o, struct cover *out,
                        struct solve_stats *st, struct error *err);

/*
 * One solve (the pipeline, solve_cover, or one solver alone, which must
 * report its answer itself) with a board listening; checks what it heard
 * against the answer. expected: the minimum, SHOULD_STOP for a solve the
 * time limit stops, or MAY_STOP.
 */
static void check_solve(solve_fn solve, const struct graph *g, enum solver_kind solver,
                        double time_limit, int64_t expected, const char *what)
{
    struct heard *h = malloc(sizeof *h);
    struct progress_board *b = board_heard_by(h);
    struct solve_opts o;
    solve_opts_default(&o);
    o.solver = solver;
    o.deadline = deadline_after(time_limit, o.deadline.stop);
    o.report = progress_board_root(b);
    struct cover c = {0};
    struct solve_stats st;
    struct error err = {0};
    memset(&st, 0, sizeof st);
    int r = solve(g, &o, &c, &st, &err);
    ok(r >= 0, "%s: solved (%s)", what, r >= 0 ? st.solver : err.message);
    if (expected >= 0)
        is(c.size, expected, "%s: the minimum cover", what);
    else if (expected == SHOULD_STOP)
        ok(r == SOLVE_STOPPED, "%s: stopped by the time limit", what);
    int rise = first_rise(h);
    ok(h->count > 1 && rise < 0, "%s: %d sizes heard, none above the one before", what, h->count);
    if (rise > 0)
        diag("change %d: %lld after %lld", rise, (long long)h->best[rise],
             (long long)h->best[rise - 1]);
    struct progress_state s = state_of(b);
    ok(h->count > 0 && h->best[h->count - 1] == c.size && s.best == c.size,
       "%s: the last size heard is the answer's, %ld", what, (long)c.size);
    if (h->count > 0 && s.best != c.size)
        diag("heard %lld, board %lld", (long long)h->best[h->count - 1], (long long)s.best);
    ok(s.lower <= c.size && (r != SOLVE_OPTIMAL || s.lower == c.size), "%s: lower bound %lld", what,
       (long long)s.lower);
    ok(s.nodes > 0 || expected >= 0, "%s: %lld nodes", what, (long long)s.nodes);
    cover_free(&c);
    progress_board_free(b);
    free(h);
}

/* Reads whatever fd 2 received while f ran; stdout is TAP's and is left alone. */
static long stderr_bytes_during(void (*f)(void *), void *arg)
{
    char path[] = "/tmp/t_progress_stderrXXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    unlink(path);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    dup2(fd, STDERR_FILENO);
    f(arg);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    long bytes = (long)lseek(fd, 0, SEEK_END);
    close(fd);
    return bytes;
}

struct quiet_solve {
    const struct graph *g;
    struct progress *report;
    enum solver_kind solver;
    int answered;
};

static void solve_loudly_asked(void *arg)
{
    struct quiet_solve *q = arg;
    struct solve_opts o;
    solve_opts_default(&o);
    o.solver = q->solver;
    o.deadline =
        deadline_after(1.1, o.deadline.stop); /* past a second, when progress lines used to come */
    o.report = q->report;
    struct cover c = {0};
    struct solve_stats st;
    struct error err = {0};
    q->answered = solve_cover(q->g, &o, &c, &st, &err) >= 0;
    cover_free(&c);
}

static void test_library_prints_nothing(const struct graph *g, const struct graph *hard)
{
    const enum solver_kind solvers[] = {SOLVER_AUTO, SOLVER_SEQ, SOLVER_BNR};
    for (int i = 0; i < 3; i++) {
        struct quiet_solve q = {solvers[i] == SOLVER_AUTO ? g : hard, NULL, solvers[i], 0};
        long bytes = stderr_bytes_during(solve_loudly_asked, &q);
        ok(q.answered && bytes == 0, "%s, verbose, no board: nothing on stderr (%ld bytes)",
           solver_name(solvers[i]), bytes);
    }
    struct heard h;
    struct progress_board *b = board_heard_by(&h);
    struct quiet_solve q = {g, progress_board_root(b), SOLVER_AUTO, 0};
    long bytes = stderr_bytes_during(solve_loudly_asked, &q);
    ok(q.answered && bytes == 0, "auto, verbose, with a board: nothing on stderr (%ld bytes)",
       bytes);
    ok(h.messages > 0, "the solvers' details went to the board (%d messages)", h.messages);
    progress_board_free(b);
}

static void nap(double seconds)
{
    struct timespec ts = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    nanosleep(&ts, NULL);
}

static void test_printer(void)
{
    FILE *out = tmpfile();
    if (out == NULL)
        bail("no temporary file");
    struct progress_printer *pp =
        progress_printer_start(out, PROGRESS_PRINT_LINES | PROGRESS_PRINT_MESSAGES);
    ok(pp != NULL, "the printer starts");
    struct progress *root = progress_printer_scope(pp);
    progress_improve(root, 100);
    nap(0.2);
    progress_nodes(root, 1000);
    progress_improve(root, 90);
    progress_lower(root, 50);
    progress_message(root, "kernel: %d vertices", 7);
    nap(2.0); /* a line a second without a change (twice over, for a loaded machine) */
    progress_improve(root, 80);
    progress_improve(root, 70); /* the burst's last is printed */
    progress_printer_stop(pp);
    ok(progress_printer_scope(NULL) == NULL, "no printer, no scope");

    rewind(out);
    char line[512];
    int lines = 0, covers = 0, bad = 0, message = 0, same_as_before = 0, with_bound = 0;
    long last = -1;
    while (fgets(line, sizeof line, out) != NULL) {
        lines++;
        diag("%.*s", (int)strcspn(line, "\n"), line);
        if (strncmp(line, "c ", 2) != 0)
            bad++;
        if (strcmp(line, "c kernel: 7 vertices\n") == 0)
            message = 1;
        const char *at = strstr(line, "cover ");
        if (at == NULL)
            continue;
        char *end;
        long size = strtol(at + 6, &end, 10);
        if (end == at + 6)
            continue; /* "-": none yet */
        if (last >= 0 && size > last)
            bad++;
        same_as_before += size == last;
        with_bound += strstr(line, "lower        50") != NULL;
        last = size;
        covers++;
    }
    fclose(out);
    is(bad, 0, "%d lines, every one a comment, the covers never rising", lines);
    ok(covers >= 3, "a line for each improvement (%d cover lines)", covers);
    ok(same_as_before >= 1, "a line a second while the cover stays");
    is(last, 70, "the last line has the last cover");
    ok(with_bound >= 1, "the lower bound is printed once known");
    ok(message, "messages are printed as comments");
}

int main(void)
{
    test_nobody_listens();
    test_nested_scopes();
    test_threads();

    /* several components after kernelization: a PACE kernel, a dense one, and small ones */
    struct graph *parts[] = {read_instance("vc-exact_175.gr"), read_instance("cop_hat300-1.gr"),
                             read_instance("petersen.gr"), read_instance("grid4x4.gr")};
    struct graph *g = disjoint_union(parts, 4);
    int32_t components = kernel_components(g);
    ok(components >= 3, "the union's kernel has several components (%ld)", (long)components);
    struct graph *hard = read_instance("120-cell.gr");
    /* 120-cell first (the smaller), stopped: the PACE kernel after it is taken whole */
    struct graph *stopped_parts[] = {hard, parts[0]};
    struct graph *stopped = disjoint_union(stopped_parts, 2);
    check_solve(solve_cover, g, SOLVER_AUTO, 0, 2282 + 292 + 6 + 8,
                "PACE 175 + cop_hat300-1 + Petersen + grid");
    check_solve(solve_cover, stopped, SOLVER_AUTO, 0.3, SHOULD_STOP,
                "120-cell + PACE 175, auto, 0.3 s");
    check_solve(solve_cover, hard, SOLVER_AUTO, 0.3, SHOULD_STOP, "120-cell, auto, 0.3 s");
    check_solve(solve_cover, parts[2], SOLVER_SEQ, 0, 6, "Petersen, seq");
    /* each solver alone: no pipeline reports its answer for it */
    check_solve(solve_clique, parts[1], SOLVER_CLIQUE, 0, 292, "cop_hat300-1, clique alone");
    check_solve(solve_bound_sat, parts[0], SOLVER_AUTO, 0, 2282, "PACE 175, bound-sat alone");
    check_solve(solve_bnr, hard, SOLVER_BNR, 1.0, SHOULD_STOP, "120-cell, bnr alone, 1 s");
    check_solve(solve_seq, hard, SOLVER_SEQ, 1.0, SHOULD_STOP, "120-cell, seq alone, 1 s");
#ifdef HAVE_CUDA
    if (gpu_device_count() > 0) {
        check_solve(gpu_solve_clique, parts[1], SOLVER_CLIQUE_GPU, 0, 292,
                    "cop_hat300-1, clique-gpu alone");
        check_solve(gpu_solve_mvc, hard, SOLVER_HYBRID, 0.5, MAY_STOP,
                    "120-cell, hybrid alone, 0.5 s");
        check_solve(solve_cover, g, SOLVER_HYBRID, 2, MAY_STOP,
                    "PACE 175 + cop_hat300-1 + Petersen + grid, hybrid, 2 s");
    } else {
        skip("no CUDA device: the GPU solvers' reports are not checked");
    }
#else
    skip("built without CUDA: the GPU solvers' reports are not checked");
#endif
    test_library_prints_nothing(g, hard);
    test_printer();

    for (int i = 0; i < 4; i++)
        graph_free(parts[i]);
    graph_free(g);
    graph_free(hard);
    graph_free(stopped);
    done_testing();
    return exit_status();
}
