#include "world.h"

#include <stddef.h>

static struct dist_link *world;
static int claimed; /* __atomic */

void world_set(struct dist_link *l)
{
    __atomic_store_n(&world, l, __ATOMIC_RELEASE);
}

struct dist_link *world_claim(void)
{
    struct dist_link *l = __atomic_load_n(&world, __ATOMIC_ACQUIRE);
    if (l == NULL || l->ranks < 2 || __atomic_exchange_n(&claimed, 1, __ATOMIC_ACQ_REL))
        return NULL;
    return l;
}

void world_release(void)
{
    __atomic_store_n(&claimed, 0, __ATOMIC_RELEASE);
}
