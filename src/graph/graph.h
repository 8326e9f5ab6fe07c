/* The one graph representation: undirected CSR with 32-bit ids and 64-bit offsets. */
#ifndef MVC_GRAPH_H
#define MVC_GRAPH_H

#include <stdint.h>

#include "error.h"

/* Largest vertex count we accept: ids are int32_t and n + 1 offsets must be indexable. */
#define GRAPH_MAX_VERTICES ((int64_t)INT32_MAX - 1)

/*
 * Symmetric adjacency: every undirected edge {u, v} appears as v in u's list and
 * u in v's list; lists are sorted, without self-loops or repeats.
 */
struct graph {
    int32_t n;
    int64_t m;             /* undirected edges */
    int64_t *offsets;      /* n + 1 entries; neighbours of v are adj[offsets[v] .. offsets[v+1]) */
    int32_t *adj;          /* 2m entries */
    int32_t *weights;      /* NULL, or 2m non-negative weights parallel to adj */
    int32_t n_terminals;   /* Steiner terminals, 0 when none */
    int32_t *terminals;    /* NULL, or n_terminals distinct sorted 0-based ids */
    int64_t *labels;       /* NULL, or the input's own id of each vertex (edge lists relabel) */
    int64_t loops_dropped; /* self-loops seen in the input and left out */
    int64_t parallel_merged; /* repeated edges merged (the lightest weight is kept) */
};

/* An edge list being collected by a reader before it becomes a graph. */
struct edge_list {
    int64_t len, cap;
    int32_t *u, *v;
    int32_t *w; /* NULL until the first weighted edge is pushed with weights enabled */
    int weighted;
};

void edge_list_init(struct edge_list *el, int weighted);
int edge_list_push(struct edge_list *el, int32_t u, int32_t v, int32_t w);
void edge_list_free(struct edge_list *el);

/*
 * Builds the CSR from 0-based edges (all ids < n); drops loops and merges
 * repeats, counting both. The edge list is freed. Terminals are copied.
 */
int graph_build(int32_t n, struct edge_list *el, const int32_t *terminals, int32_t n_terminals,
                struct graph **out, struct error *err);

/* Convenience for tests and generators: unweighted graph from an array of pairs. */
struct graph *graph_from_edges(int32_t n, const int32_t (*edges)[2], int64_t m);

/*
 * An unweighted graph of n vertices with room for `arcs` arcs (2m), its
 * offsets zeroed, for a caller that fills offsets, adj and m itself and then
 * sorts the lists (graph_sort_lists). NULL without memory.
 */
struct graph *graph_new(int32_t n, int64_t arcs);

/* Sorts each adjacency list ascending, as every graph's lists are kept. */
void graph_sort_lists(struct graph *g);

void graph_free(struct graph *g);

static inline int32_t graph_degree(const struct graph *g, int32_t v)
{
    return (int32_t)(g->offsets[v + 1] - g->offsets[v]);
}

/* Binary search in u's sorted list. */
int graph_has_edge(const struct graph *g, int32_t u, int32_t v);

/* Index in adj (and weights) of v in u's list, or -1 when u and v are not adjacent. */
int64_t graph_arc(const struct graph *g, int32_t u, int32_t v);

/*
 * The edge density of g's complement, the graph the clique searches search:
 * its share of the vertex pairs (0 with fewer than two vertices).
 */
double graph_complement_density(const struct graph *g);

/* Weight of edge {u, v} (1 for unweighted graphs), or -1 when absent. */
int64_t graph_edge_weight(const struct graph *g, int32_t u, int32_t v);

/*
 * Edge complement (weights and terminals are not carried over). Refuses with
 * MVC_ENOMEM and a message when it would need more than max_bytes of memory.
 */
int graph_complement(const struct graph *g, int64_t max_bytes, struct graph **out,
                     struct error *err);

/*
 * MVC_OK when g keeps every promise above: offsets from 0 to 2m without
 * decreasing, lists sorted without loops or repeats, every arc matched by its
 * reverse with the same non-negative weight, terminals sorted and distinct,
 * labels increasing. MVC_EINPUT with the first violation otherwise.
 */
int graph_check(const struct graph *g, struct error *err);

/* Subgraph induced by the vertices with keep[v] != 0, relabelled in id order. */
struct graph *graph_induced(const struct graph *g, const uint8_t *keep, int32_t *new_to_old);

/*
 * The subgraph induced by the k vertices of members, in increasing id order,
 * a set that holds every neighbour of its vertices (a component, say):
 * vertex j is members[j]. It costs the set's size and edges, not g's;
 * scratch (g->n entries) receives g's vertex -> the subgraph's for members.
 */
struct graph *graph_induced_closed(const struct graph *g, const int32_t *members, int32_t k,
                                   int32_t *scratch);

#endif
