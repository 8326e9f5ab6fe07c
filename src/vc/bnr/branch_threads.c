/* The thread count and cancel flags of a parallel branch-and-reduce search: see branch_threads.h.
 */
#include "branch_threads.h"

void branch_threads_init(struct branch_threads *bt, int count, const int *beside)
{
    bt->idle = count > 1 ? count - 1 : 0;
    bt->beside = beside;
}

int branch_threads_claim(struct branch_threads *bt)
{
    int idle = __atomic_load_n(&bt->idle, __ATOMIC_RELAXED);
    int beside = bt->beside != NULL ? __atomic_load_n(bt->beside, __ATOMIC_RELAXED) : 0;
    while (idle > beside)
        if (__atomic_compare_exchange_n(&bt->idle, &idle, idle - 1, 1, __ATOMIC_ACQ_REL,
                                        __ATOMIC_RELAXED))
            return 1;
    return 0;
}

void branch_threads_release(struct branch_threads *bt)
{
    __atomic_add_fetch(&bt->idle, 1, __ATOMIC_ACQ_REL);
}

void branch_threads_retake(struct branch_threads *bt)
{
    __atomic_sub_fetch(&bt->idle, 1, __ATOMIC_ACQ_REL);
}

int branch_threads_start(pthread_t *thread, size_t stack, void *(*fn)(void *), void *arg)
{
    pthread_attr_t attr;
    int status = pthread_attr_init(&attr);
    if (status != 0)
        return status;
    status = pthread_attr_setstacksize(&attr, stack);
    if (status == 0)
        status = pthread_create(thread, &attr, fn, arg);
    pthread_attr_destroy(&attr);
    return status;
}

int cancel_link_raised(const struct cancel_link *link)
{
    for (; link != NULL; link = link->up)
        if (__atomic_load_n(link->raised, __ATOMIC_ACQUIRE))
            return 1;
    return 0;
}
