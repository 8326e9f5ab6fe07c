/*
 * libmvcgpu: exact minimum vertex cover, parameterized vertex cover and
 * maximum clique, for programs that embed the solver. Plain C11, usable from
 * C++. Link with `pkg-config --cflags --libs mvcgpu`; docs/library.md walks
 * through it.
 *
 * Conventions, for every function below:
 * - Vertices are 0-based int32_t ids, 0 <= v < n.
 * - Functions that can fail return MVCGPU_OK (0) or a negative mvcgpu_code,
 *   and then fill *err (when err is not NULL) with the code and a message.
 *   They never print, never exit and keep no global state.
 * - Whoever creates an object frees it: mvcgpu_graph_free for a graph,
 *   mvcgpu_result_free for a result. Pointers a result hands out live as long
 *   as the result.
 * - Functions may be called from several threads at once on different
 *   objects, and on the same graph (it is only read once built); a result or
 *   error struct is not to be shared between threads while one writes it.
 */
#ifndef MVCGPU_H
#define MVCGPU_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Error codes: all but MVCGPU_EINVAL are the solver's own statuses (src/base/error.h). */
enum mvcgpu_code {
    MVCGPU_OK = 0,
    MVCGPU_EINPUT = -1,       /* malformed input: a file's message names file and line */
    MVCGPU_ENOMEM = -2,       /* out of memory, or the request is too large */
    MVCGPU_EIO = -3,          /* a file could not be opened or read */
    MVCGPU_EDEVICE = -4,      /* CUDA failure, or no usable device for a GPU solver */
    MVCGPU_EUNSUPPORTED = -5, /* an unknown name, or asked for what this build cannot do */
    MVCGPU_EINTERNAL = -6,    /* an answer failed its check: a bug in the solver, not the input */
    MVCGPU_EINVAL = -7,       /* an invalid argument: NULL, negative count, bad option value */
};

#define MVCGPU_MESSAGE_MAX 512

/* Filled by a failing call; the caller owns it (on the stack is fine). */
typedef struct mvcgpu_error {
    int code;                         /* an mvcgpu_code */
    char message[MVCGPU_MESSAGE_MAX]; /* one line, without a trailing newline */
} mvcgpu_error;

/* A fixed description of an mvcgpu_code ("out of memory", ...); never NULL. */
const char *mvcgpu_strerror(int code);

/* The library's version, e.g. "0.1.0"; a static string. */
const char *mvcgpu_version(void);

/* ---- Graphs ---------------------------------------------------------------------------- */

/* An undirected graph, immutable once built. */
typedef struct mvcgpu_graph mvcgpu_graph;

/*
 * Builds a graph of n vertices and the m edges {from[i], to[i]}. Self-loops
 * are dropped and repeated edges merged (mvcgpu_graph_edges counts what is
 * left). Arrays are read, not kept; they may be NULL when m is 0.
 * Errors: MVCGPU_EINVAL (out NULL, n or m negative, an array NULL with
 * m > 0), MVCGPU_EINPUT (an id outside 0..n-1; the message names the edge),
 * MVCGPU_ENOMEM. On success *out is a new graph for mvcgpu_graph_free; on
 * failure *out is NULL.
 */
int mvcgpu_graph_from_arrays(int32_t n, int64_t m, const int32_t *from, const int32_t *to,
                             mvcgpu_graph **out, mvcgpu_error *err);

/* The same from an array of m pairs {u, v}. */
int mvcgpu_graph_from_pairs(int32_t n, int64_t m, const int32_t (*pairs)[2], mvcgpu_graph **out,
                            mvcgpu_error *err);

/*
 * Reads a graph file in any format the mvc-gpu program reads: format is
 * "pace" (.gr), "dimacs", "stp", "edges" (SNAP, KONECT), "mtx", or NULL or
 * "auto" to recognise it from the content; gzip-compressed files are read
 * when the library was built with zlib. path "-" is standard input. Edge
 * lists number their distinct ids 0..n-1 in increasing order (see
 * mvcgpu_graph_input_id). Warnings are not printed.
 * Errors: MVCGPU_EINVAL, MVCGPU_EUNSUPPORTED (unknown format name),
 * MVCGPU_EIO (cannot open or read), MVCGPU_EINPUT (malformed: "FILE:LINE:
 * message"), MVCGPU_ENOMEM. *out as for mvcgpu_graph_from_arrays.
 */
int mvcgpu_graph_read(const char *path, const char *format, mvcgpu_graph **out, mvcgpu_error *err);

/* Frees g and everything it holds; NULL is ignored. */
void mvcgpu_graph_free(mvcgpu_graph *g);

/*
 * Vertices (n) and edges (m, after dropping loops and merging repeats). Here
 * and in every accessor below, g (or r) is one the library returned: NULL is
 * not one (the _free functions alone take it).
 */
int32_t mvcgpu_graph_vertices(const mvcgpu_graph *g);
int64_t mvcgpu_graph_edges(const mvcgpu_graph *g);

/*
 * The id vertex v had in the input: v itself for a graph built from arrays,
 * v + 1 for files with 1-based ids (PACE, DIMACS, STP, Matrix Market), the
 * id in the file for edge lists. -1 when v is out of range.
 */
int64_t mvcgpu_graph_input_id(const mvcgpu_graph *g, int32_t v);

/* ---- Options --------------------------------------------------------------------------- */

enum mvcgpu_problem {
    MVCGPU_MVC = 0,        /* a minimum vertex cover */
    MVCGPU_PVC = 1,        /* a vertex cover of at most k vertices, or proof that none exists */
    MVCGPU_MAX_CLIQUE = 2, /* a maximum clique */
    MVCGPU_CLIQUE_AT_LEAST = 3, /* a clique of at least k vertices, or proof that none exists */
};

enum mvcgpu_device {
    MVCGPU_DEVICE_AUTO = 0, /* a CUDA device joins the search where built in, present and useful */
    MVCGPU_DEVICE_NONE = 1, /* the CPU only: no CUDA call is made */
};

/*
 * Always set up with mvcgpu_options_init, then change fields. size records
 * how large the caller's struct is, so that later versions can add fields
 * at the end without breaking programs compiled against this header.
 */
typedef struct mvcgpu_options {
    size_t size;                 /* sizeof(mvcgpu_options) as the caller compiled it */
    enum mvcgpu_problem problem; /* default MVCGPU_MVC */
    int64_t k;                   /* PVC: the budget; CLIQUE_AT_LEAST: the size; >= 0 */
    double time_limit;           /* seconds, 0 (default) for none */
    int threads;                 /* CPU threads, 0 (default) for one per online CPU */
    /*
     * As mvc-gpu's --solver: "auto" (default; NULL means the same), "seq",
     * "bnr", "clique", "hybrid", "stackonly", "clique-gpu". The last three
     * need a CUDA device. In the clique modes it names the solver of the
     * dense path (the vertex cover pipeline on the complement).
     */
    const char *solver;
    enum mvcgpu_device device; /* default MVCGPU_DEVICE_AUTO */
    int kernelize;             /* reduction rules before the search: 1 (default) or 0 */
    /*
     * NULL (default), or a flag the caller may set to non-zero at any time,
     * from a signal handler or another thread: the solve then returns soon
     * with MVCGPU_STOPPED and the best answer found. The library only reads it.
     */
    volatile sig_atomic_t *stop;
    /*
     * The GPUs the GPU searches spread over, as mvc-gpu's --gpus: 0
     * (default) for every device, or 1 .. 16. Added after the first version
     * of this struct: a caller compiled before it gets every device.
     */
    int gpus;
} mvcgpu_options;

/* Fills the first size bytes' worth of fields with the defaults; use mvcgpu_options_init. */
void mvcgpu_options_defaults(mvcgpu_options *o, size_t size);

static inline void mvcgpu_options_init(mvcgpu_options *o)
{
    mvcgpu_options_defaults(o, sizeof *o);
}

/* ---- Solving --------------------------------------------------------------------------- */

typedef struct mvcgpu_result mvcgpu_result;

enum mvcgpu_status {
    MVCGPU_OPTIMAL = 0, /* MVC: the cover is minimum; MAX_CLIQUE: the clique is maximum */
    MVCGPU_FOUND = 1,   /* PVC: a cover of at most k; CLIQUE_AT_LEAST: a clique of at least k */
    MVCGPU_NONE = 2,    /* PVC / CLIQUE_AT_LEAST: proven that no such cover / clique exists */
    MVCGPU_STOPPED = 3, /* the time limit or the stop flag ended the search first */
};

/*
 * Solves o->problem on g (o NULL: the defaults, a minimum vertex cover).
 * Returns MVCGPU_OK with *out a new result, or a negative code with *out
 * NULL: MVCGPU_EINVAL (g or out NULL, o->size too small, a field out of
 * range), MVCGPU_EUNSUPPORTED (unknown solver name; a GPU solver in a build
 * without CUDA or with MVCGPU_DEVICE_NONE), MVCGPU_EDEVICE (a GPU solver
 * named and no device, or a CUDA failure), MVCGPU_ENOMEM, MVCGPU_EINTERNAL.
 * Every answer is checked against g before it is returned.
 */
int mvcgpu_solve(const mvcgpu_graph *g, const mvcgpu_options *o, mvcgpu_result **out,
                 mvcgpu_error *err);

/* Frees r; NULL is ignored. */
void mvcgpu_result_free(mvcgpu_result *r);

enum mvcgpu_status mvcgpu_result_status(const mvcgpu_result *r);

/*
 * The answer: a vertex cover in the vertex cover problems, a clique in the
 * clique problems; size vertices, 0-based, increasing. Always a valid cover
 * or clique of the graph: with MVCGPU_STOPPED the best found, with
 * MVCGPU_NONE the best found (a cover of more than k vertices, a clique of
 * fewer than k). The array lives as long as r (never NULL).
 */
int32_t mvcgpu_result_size(const mvcgpu_result *r);
const int32_t *mvcgpu_result_vertices(const mvcgpu_result *r);

/* 1 when the status is proven (OPTIMAL, FOUND, NONE), 0 when stopped. */
int mvcgpu_result_proven(const mvcgpu_result *r);

/*
 * What the solve did. Owned by the result; later versions may add fields at
 * the end. "The optimum" is the minimum cover size in the vertex cover
 * problems and the clique number in the clique problems.
 */
typedef struct mvcgpu_stats {
    const char *solver;      /* the solver whose answer was kept: "bnr", "clique", "hybrid", ...;
                                "kernel" when the reduction rules alone decided, "line-graph"
                                when a line graph's root was matched */
    const char *clique_path; /* clique problems: "dense" (cover of the complement) or "sparse";
                                NULL in the vertex cover problems */
    int64_t nodes;           /* search tree nodes, all searches together */
    double seconds;          /* wall-clock seconds of the whole mvcgpu_solve call */
    double reduce_seconds;   /* of which kernelization */
    double search_seconds;   /* of which search */
    int64_t lower_bound;     /* proven: lower_bound <= optimum */
    int64_t upper_bound;     /* proven: optimum <= upper_bound (equal to lower_bound when solved) */
    int32_t kernel_vertices; /* the kernel the rules left (0: none left, or no kernelization) */
    int64_t kernel_edges;
} mvcgpu_stats;

const mvcgpu_stats *mvcgpu_result_stats(const mvcgpu_result *r);

/* ---- Checking answers ------------------------------------------------------------------ */

/*
 * MVCGPU_OK when the count vertices (any order) form a vertex cover of g,
 * or a clique of g. MVCGPU_EINPUT with a message naming the first problem
 * otherwise: an id out of range, a repeated id, an uncovered edge {u, v},
 * two clique vertices that are not adjacent. MVCGPU_EINVAL for NULL
 * arguments (vertices may be NULL when count is 0) or a negative count.
 */
int mvcgpu_check_cover(const mvcgpu_graph *g, const int32_t *vertices, int32_t count,
                       mvcgpu_error *err);
int mvcgpu_check_clique(const mvcgpu_graph *g, const int32_t *vertices, int32_t count,
                        mvcgpu_error *err);

#ifdef __cplusplus
}
#endif

#endif
