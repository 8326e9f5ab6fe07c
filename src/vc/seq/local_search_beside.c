/* NuMVC beside an exact search; see local_search_beside.h. */
#include "local_search_beside.h"

#include <string.h>

static void *run_beside(void *arg)
{
    struct local_search_beside *b = arg;
    struct error err = {0};
    /* on an error the cover is unchanged, still valid, and not smaller: nothing is published */
    int32_t before = b->work.size;
    if (local_search_improve(b->g, &b->opts, &b->work, NULL, &err) == MVC_OK &&
        b->work.size < before) {
        b->held.cover = b->work;
        __atomic_store_n(&b->held.size, b->work.size, __ATOMIC_RELEASE);
    }
    return NULL;
}

void local_search_beside_start(struct local_search_beside *b, const struct graph *g,
                               const struct cover *start, const struct deadline *d,
                               int64_t max_steps, int32_t target, uint64_t seed)
{
    memset(b, 0, sizeof *b);
    b->g = g;
    b->held.size = INT32_MAX;
    if (cover_init(&b->work, g->n) != MVC_OK)
        return;
    memcpy(b->work.in, start->in, (size_t)g->n);
    b->work.size = start->size;
    b->opts = local_search_opts_default();
    b->opts.deadline = (struct deadline){d->at, &b->stop};
    b->opts.max_steps = max_steps;
    b->opts.target = target;
    b->opts.seed = seed;
    b->running = pthread_create(&b->thread, NULL, run_beside, b) == 0;
}

void local_search_beside_finish(struct local_search_beside *b)
{
    if (!b->running)
        return;
    b->stop = 1;
    pthread_join(b->thread, NULL);
    b->running = 0;
}

void local_search_beside_free(struct local_search_beside *b)
{
    local_search_beside_finish(b);
    cover_free(&b->work);
    b->held.cover = (struct cover){0};
}
