/* NuMVC beside an exact search; see local_search_beside.h. */
#include "local_search_beside.h"

#include <string.h>

#include "clock.h"

/*
 * How often the thread looks at the stop flag while it waits for its start:
 * the search that ends meanwhile waits for it to notice.
 */
#define START_POLL_SECONDS 0.0002

/* A copy of the thread's cover, made visible to the search; 0 when none could be made. */
static int publish(struct local_search_beside *b)
{
    if (b->published_count == LOCAL_SEARCH_BESIDE_ROUNDS)
        return 0;
    struct cover *c = &b->published[b->published_count];
    if (cover_init(c, b->g->n) != MVC_OK)
        return 0;
    memcpy(c->in, b->work.in, (size_t)b->g->n);
    c->size = b->work.size;
    b->published_count++;
    /* the cover before its size: a reader that sees the size finds a cover at least as small */
    __atomic_store_n(&b->held.cover, c, __ATOMIC_RELEASE);
    __atomic_store_n(&b->held.size, c->size, __ATOMIC_RELEASE);
    return 1;
}

static void *run_beside(void *arg)
{
    struct local_search_beside *b = arg;
    while (!flag_raised(&b->stop) && clock_seconds() < b->start_at)
        clock_sleep(START_POLL_SECONDS);
    for (int round = 0; round < LOCAL_SEARCH_BESIDE_ROUNDS && !flag_raised(&b->stop); round++) {
        struct error err = {0};
        struct local_search_stats st;
        int32_t before = b->work.size;
        /* on an error the cover is unchanged and still valid */
        if (local_search_improve(b->g, &b->opts, &b->work, &st, &err) != MVC_OK || st.steps == 0)
            break;
        if (b->work.size < before && !publish(b))
            break;
        if (b->work.size <= b->opts.target)
            break;
        b->opts.seed++;
    }
    return NULL;
}

void local_search_beside_start(struct local_search_beside *b, const struct graph *g,
                               const struct cover *start, const struct deadline *d, double after,
                               int64_t round_steps, int32_t target, uint64_t seed)
{
    memset(b, 0, sizeof *b);
    b->g = g;
    b->start_at = clock_seconds() + after;
    b->held.size = INT32_MAX;
    if (cover_init(&b->work, g->n) != MVC_OK)
        return;
    memcpy(b->work.in, start->in, (size_t)g->n);
    b->work.size = start->size;
    b->opts = local_search_opts_default();
    b->opts.deadline = (struct deadline){d->at, &b->stop, NULL};
    b->opts.max_steps = round_steps;
    b->opts.target = target;
    b->opts.seed = seed;
    b->running = pthread_create(&b->thread, NULL, run_beside, b) == 0;
}

void local_search_beside_finish(struct local_search_beside *b)
{
    if (!b->running)
        return;
    flag_raise(&b->stop);
    pthread_join(b->thread, NULL);
    b->running = 0;
}

void local_search_beside_free(struct local_search_beside *b)
{
    local_search_beside_finish(b);
    cover_free(&b->work);
    for (int i = 0; i < b->published_count; i++)
        cover_free(&b->published[i]);
    b->held = (struct held_cover){INT32_MAX, NULL};
    b->published_count = 0;
}
