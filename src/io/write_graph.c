/* Writers for the formats the readers take, so a graph survives a round trip through a file. */
#include "read.h"

#include <inttypes.h>

/* Every writer lists each undirected edge once, as (u, v) with u < v, in CSR order. */

static int32_t weight_at(const struct graph *g, int64_t i)
{
    return g->weights ? g->weights[i] : 1;
}

static int finish(FILE *out)
{
    return ferror(out) ? MVC_EIO : MVC_OK;
}

/* PACE and DIMACS: "p KIND N M", then a line per edge, each with the prefix given. */
static int write_p_format(FILE *out, const struct graph *g, const char *kind, const char *prefix)
{
    fprintf(out, "p %s %" PRId32 " %" PRId64 "\n", kind, g->n, g->m);
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++)
            if (g->adj[i] > u)
                fprintf(out, "%s%" PRId32 " %" PRId32 "\n", prefix, u + 1, g->adj[i] + 1);
    return finish(out);
}

int graph_write_pace(FILE *out, const struct graph *g)
{
    return write_p_format(out, g, "td", "");
}

int graph_write_dimacs(FILE *out, const struct graph *g)
{
    return write_p_format(out, g, "edge", "e ");
}

int graph_write_stp(FILE *out, const struct graph *g)
{
    fprintf(out, "33D32945 STP File, STP Format Version 1.0\n\n");
    fprintf(out, "SECTION Graph\nNodes %" PRId32 "\nEdges %" PRId64 "\n", g->n, g->m);
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++)
            if (g->adj[i] > u)
                fprintf(out, "E %" PRId32 " %" PRId32 " %" PRId32 "\n", u + 1, g->adj[i] + 1,
                        weight_at(g, i));
    fprintf(out, "END\n\n");
    if (g->n_terminals > 0) {
        fprintf(out, "SECTION Terminals\nTerminals %" PRId32 "\n", g->n_terminals);
        for (int32_t t = 0; t < g->n_terminals; t++)
            fprintf(out, "T %" PRId32 "\n", g->terminals[t] + 1);
        fprintf(out, "END\n\n");
    }
    fprintf(out, "EOF\n");
    return finish(out);
}

int graph_write_edges(FILE *out, const struct graph *g)
{
    fprintf(out, "# %" PRId32 " vertices, %" PRId64 " edges\n", g->n, g->m);
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++) {
            int32_t v = g->adj[i];
            if (v < u)
                continue;
            int64_t a = g->labels ? g->labels[u] : (int64_t)u + 1;
            int64_t b = g->labels ? g->labels[v] : (int64_t)v + 1;
            if (g->weights)
                fprintf(out, "%" PRId64 "\t%" PRId64 "\t%" PRId32 "\n", a, b, g->weights[i]);
            else
                fprintf(out, "%" PRId64 "\t%" PRId64 "\n", a, b);
        }
    return finish(out);
}

int graph_write_mtx(FILE *out, const struct graph *g)
{
    fprintf(out, "%%%%MatrixMarket matrix coordinate %s symmetric\n",
            g->weights ? "integer" : "pattern");
    fprintf(out, "%" PRId32 " %" PRId32 " %" PRId64 "\n", g->n, g->n, g->m);
    for (int32_t u = 0; u < g->n; u++)
        for (int64_t i = g->offsets[u]; i < g->offsets[u + 1]; i++) {
            if (g->adj[i] < u)
                continue;
            if (g->weights)
                fprintf(out, "%" PRId32 " %" PRId32 " %" PRId32 "\n", g->adj[i] + 1, u + 1,
                        g->weights[i]);
            else
                fprintf(out, "%" PRId32 " %" PRId32 "\n", g->adj[i] + 1, u + 1);
        }
    return finish(out);
}

int graph_write(FILE *out, const struct graph *g, enum graph_format f)
{
    switch (f) {
    case GRAPH_FORMAT_PACE: return graph_write_pace(out, g);
    case GRAPH_FORMAT_DIMACS: return graph_write_dimacs(out, g);
    case GRAPH_FORMAT_STP: return graph_write_stp(out, g);
    case GRAPH_FORMAT_EDGES: return graph_write_edges(out, g);
    case GRAPH_FORMAT_MTX: return graph_write_mtx(out, g);
    case GRAPH_FORMAT_AUTO: break;
    }
    return MVC_EUNSUPPORTED;
}
