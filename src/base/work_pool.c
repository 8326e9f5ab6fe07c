/* Work shared between the members of one search; see work_pool.h. */
#include "work_pool.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"

int work_pool_init(struct work_pool *p, int members, size_t slot_ints)
{
    memset(p, 0, sizeof *p);
    if (pthread_mutex_init(&p->lock, NULL) != 0)
        return MVC_ENOMEM;
    p->members = members;
    p->slot_ints = slot_ints;
    return MVC_OK;
}

void work_pool_free(struct work_pool *p)
{
    free(p->slots);
    pthread_mutex_destroy(&p->lock);
    memset(p, 0, sizeof *p);
}

int work_pool_add(struct work_pool *p, const int32_t *slots, size_t count)
{
    int status = MVC_OK;
    pthread_mutex_lock(&p->lock);
    if (p->count + count > p->capacity) {
        size_t want = p->capacity > 0 ? p->capacity : 64;
        while (want < p->count + count)
            want *= 2;
        int32_t *grown = (int32_t *)realloc(p->slots, want * p->slot_ints * sizeof(int32_t));
        if (grown == NULL) {
            status = MVC_ENOMEM;
        } else {
            p->slots = grown;
            p->capacity = want;
        }
    }
    if (status == MVC_OK) {
        memcpy(p->slots + p->count * p->slot_ints, slots, count * p->slot_ints * sizeof(int32_t));
        p->count += count;
        p->handed += count;
    }
    pthread_mutex_unlock(&p->lock);
    return status;
}

int work_pool_hunger(struct work_pool *p)
{
    pthread_mutex_lock(&p->lock);
    int hunger = p->count == 0 ? p->idle : 0;
    pthread_mutex_unlock(&p->lock);
    return hunger;
}

void work_pool_idle(struct work_pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->idle++;
    if (p->idle == p->members && p->count == 0)
        p->done = 1;
    pthread_mutex_unlock(&p->lock);
}

size_t work_pool_try_take(struct work_pool *p, int32_t *slots, size_t room, int *over)
{
    size_t taken = 0;
    pthread_mutex_lock(&p->lock);
    *over = p->done;
    if (!p->done && p->count > 0 && room > 0) {
        size_t idle = p->idle > 0 ? (size_t)p->idle : 1;
        size_t share = (p->count + idle - 1) / idle;
        taken = share < room ? share : room;
        p->count -= taken;
        memcpy(slots, p->slots + p->count * p->slot_ints, taken * p->slot_ints * sizeof(int32_t));
        p->idle--;
    }
    pthread_mutex_unlock(&p->lock);
    return taken;
}

int work_pool_over(struct work_pool *p)
{
    pthread_mutex_lock(&p->lock);
    int over = p->done;
    pthread_mutex_unlock(&p->lock);
    return over;
}
