/*
 * NuMVC on a thread of its own beside an exact search: the search goes on
 * from its own start, asks now and then what cover the local search has
 * published (a held_cover of solve.h) and prunes with it, and at the end the
 * smaller of the two is the answer.
 * A cover found in a tenth of a second then bounds a search of minutes from
 * that moment, while a search that ends first never waits for it.
 */
#ifndef MVC_LOCAL_SEARCH_BESIDE_H
#define MVC_LOCAL_SEARCH_BESIDE_H

#include <pthread.h>
#include <signal.h>
#include <stdint.h>

#include "cover.h"
#include "deadline.h"
#include "graph.h"
#include "local_search.h"
#include "solve.h"

/* Rounds at most, each from the best cover so far with the next seed. */
#define LOCAL_SEARCH_BESIDE_ROUNDS 16

struct local_search_beside {
    const struct graph *g;
    struct local_search_opts opts;
    struct held_cover held;
    struct cover work;                                  /* the thread's */
    struct cover published[LOCAL_SEARCH_BESIDE_ROUNDS]; /* held.cover points at one */
    int published_count;
    volatile sig_atomic_t stop;
    double start_at; /* clock_seconds() at which the first round begins */
    pthread_t thread;
    int running;
};

/*
 * Starts NuMVC on g from `start` (a cover of g, copied), `after` seconds
 * from now (a search that ends sooner never pays for it): rounds of
 * round_steps steps, the first with `seed` and each next one with the next
 * seed from the best cover so far, at most LOCAL_SEARCH_BESIDE_ROUNDS of
 * them, until d passes or a cover of at most `target` vertices is found (-1:
 * none). A round that finds a smaller cover publishes it in b->held. Without
 * memory or a thread nothing runs and nothing is ever published: the search
 * goes on alone.
 */
void local_search_beside_start(struct local_search_beside *b, const struct graph *g,
                               const struct cover *start, const struct deadline *d, double after,
                               int64_t round_steps, int32_t target, uint64_t seed);

/*
 * Stops the thread at its next step and waits for it. The covers published
 * stay readable through b->held until local_search_beside_free.
 */
void local_search_beside_finish(struct local_search_beside *b);
void local_search_beside_free(struct local_search_beside *b);

#endif
