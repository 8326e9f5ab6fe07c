/*
 * Local search for independent transversals: the best set it reports always
 * holds one vertex per clique and has the conflicts it claims; on graphs with
 * a planted transversal it finds one; budgets and the stop flag end it. Both
 * searches: breakout on small cliques, tabu search on cliques of 8 or more
 * vertices on average.
 */
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "tap.h"
#include "transversal.h"

/*
 * Cliques of `smallest` to smallest + 4 vertices, one member of each
 * planted, and random edges between cliques, never between two planted
 * vertices. clique_of receives each vertex's clique; returns the number of
 * cliques.
 */
static int32_t planted(struct gen_edges *ge, struct rng *r, int32_t cliques, int32_t smallest,
                       double p, int32_t *clique_of, uint8_t *is_planted)
{
    ge->m = 0;
    ge->n = 0;
    for (int32_t c = 0; c < cliques; c++) {
        int32_t size = smallest + rng_below(r, 5), first = ge->n;
        for (int32_t a = 0; a < size; a++) {
            clique_of[first + a] = c;
            is_planted[first + a] = a == 0;
            for (int32_t b = a + 1; b < size; b++)
                gen_edge(ge, first + a, first + b);
        }
        ge->n += size;
    }
    for (int32_t u = 0; u < ge->n; u++)
        for (int32_t v = u + 1; v < ge->n; v++)
            if (clique_of[u] != clique_of[v] && !(is_planted[u] && is_planted[v]) &&
                rng_chance(r, p))
                gen_edge(ge, u, v);
    return cliques;
}

/* Conflicts of a chosen set, or -1 when it is not one vertex per clique. */
static int64_t conflicts_of(const struct graph *g, const int32_t *clique_of, int32_t cliques,
                            const uint8_t *chosen)
{
    int32_t *count = calloc((size_t)cliques + 1, sizeof *count);
    int64_t conflicts = 0;
    for (int32_t v = 0; v < g->n; v++) {
        if (!chosen[v])
            continue;
        count[clique_of[v]]++;
        for (int64_t j = g->offsets[v]; j < g->offsets[v + 1]; j++)
            conflicts += g->adj[j] > v && chosen[g->adj[j]];
    }
    for (int32_t c = 0; c < cliques; c++)
        if (count[c] != 1)
            conflicts = -1;
    free(count);
    return conflicts;
}

/* K_{2 size} as two cliques of `size` joined completely: every choice conflicts. */
static struct graph *joined_cliques(struct gen_edges *ge, int32_t size, int32_t *clique_of)
{
    ge->m = 0;
    ge->n = 2 * size;
    for (int32_t u = 0; u < ge->n; u++) {
        clique_of[u] = u / size;
        for (int32_t v = u + 1; v < ge->n; v++)
            gen_edge(ge, u, v);
    }
    return graph_from_edges(ge->n, (const int32_t(*)[2])ge->e, ge->m);
}

/* No transversal within a budget of 1000 steps, the budget kept, the best with one conflict. */
static struct transversal *search_joined(const struct graph *g, const int32_t *clique_of,
                                         const char *name)
{
    struct transversal *t = transversal_new(g, clique_of, 2, NULL, 1);
    if (t == NULL)
        bail("out of memory");
    ok(!transversal_search(t, 1000, &(struct deadline){0, NULL, NULL}), "%s: no transversal", name);
    is(transversal_steps(t), 1000, "the step budget is kept");
    is(transversal_best_conflicts(t), 1, "its best has one conflict");
    return t;
}

int main(void)
{
    uint64_t seed = gen_master_seed();
    struct rng r = {seed};
    static struct gen_edges ge;
    static int32_t clique_of[GEN_MAX_EDGES];
    static uint8_t is_planted[GEN_MAX_EDGES], chosen[GEN_MAX_EDGES];

    int found = 0, inconsistent = 0, runs = 0, retried = 0;
    for (int i = 0; i < 200; i++) {
        /* every fourth graph of cliques of 8 to 12 vertices: the tabu search's */
        int large = i % 4 == 3;
        int32_t cliques = large ? 8 + rng_below(&r, 12) : 10 + rng_below(&r, 50);
        planted(&ge, &r, cliques, large ? 8 : 1,
                large ? 0.05 + 0.15 * rng_unit(&r) : 0.1 + 0.3 * rng_unit(&r), clique_of,
                is_planted);
        struct graph *g = graph_from_edges(ge.n, (const int32_t(*)[2])ge.e, ge.m);
        /*
         * A search that misses the planted transversal within its budget is
         * unlucky, not wrong: up to three more seeds from the same start.
         */
        int done = 0;
        for (int attempt = 0; attempt < 4 && !done; attempt++) {
            retried += attempt == 1;
            /* half from no start, half from the last member of every clique: planted only when
             * alone */
            const uint8_t *start = NULL;
            if (i % 2) {
                for (int32_t v = 0; v < ge.n; v++)
                    chosen[v] = v == ge.n - 1 || clique_of[v + 1] != clique_of[v];
                start = chosen;
            }
            struct transversal *t = transversal_new(g, clique_of, cliques, start, rng_next(&r));
            if (t == NULL)
                bail("out of memory");
            for (int round = 0; round < 500 && !done; round++) { /* in short calls: it goes on */
                done = transversal_search(t, 200, &(struct deadline){0, NULL, NULL});
                transversal_best(t, chosen);
                int64_t c = conflicts_of(g, clique_of, cliques, chosen);
                inconsistent += c != transversal_best_conflicts(t) || (done && c != 0);
                runs++;
            }
            transversal_free(t);
        }
        found += done;
        graph_free(g);
    }
    diag("%d calls of 200 steps; %d graphs needed more than one seed", runs, retried);
    is(inconsistent, 0,
       "%d calls: the best set is one vertex per clique, with the conflicts "
       "reported",
       runs);
    is(found, 200,
       "200 graphs with a planted transversal (50 of large cliques): one found within 100,000 "
       "steps (200 a call) by one of four seeds");

    /* limits: a graph whose cliques all conflict */
    struct graph *g = joined_cliques(&ge, 3, clique_of);
    struct transversal *t = search_joined(g, clique_of, "K6 as two triangles");
    volatile sig_atomic_t stop = 1;
    ok(!transversal_search(t, 0, &(struct deadline){0, &stop, NULL}),
       "no step budget, stop raised: it ends");
    struct deadline cut = deadline_after(0.02, NULL);
    ok(!transversal_search(t, 0, &cut), "no step budget, 0.02 s: it ends");
    transversal_free(t);
    graph_free(g);

    /* the tabu search's limits */
    g = joined_cliques(&ge, 8, clique_of);
    t = search_joined(g, clique_of, "K16 as two cliques of 8 (tabu search)");
    transversal_best(t, chosen);
    is(conflicts_of(g, clique_of, 2, chosen), 1, "and is one vertex per clique");
    transversal_free(t);
    graph_free(g);
    done_testing();
    return exit_status();
}
