/* Lowering a thread's scheduling priority: see thread_priority.h. */
#if defined(__linux__)
#define _GNU_SOURCE /* syscall(SYS_gettid) */
#endif

#include "thread_priority.h"

#if defined(__linux__)
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Linux's lowest priority: nice 19. */
#define NICE_LOWEST 19

int64_t thread_priority_self(void)
{
    return (int64_t)syscall(SYS_gettid);
}

/* On Linux PRIO_PROCESS with a thread id names that thread alone. */
int thread_priority_nice(int64_t id, int *nice)
{
    if (id <= 0)
        return -1;
    errno = 0;
    *nice = getpriority(PRIO_PROCESS, (id_t)id);
    return *nice == -1 && errno != 0 ? -1 : 0;
}

int thread_priority_lower(int64_t id, int steps)
{
    int nice;
    if (steps <= 0 || thread_priority_nice(id, &nice) != 0)
        return -1;
    nice = nice + steps > NICE_LOWEST ? NICE_LOWEST : nice + steps;
    return setpriority(PRIO_PROCESS, (id_t)id, nice) == 0 ? 0 : -1;
}

#else

int64_t thread_priority_self(void)
{
    return 0;
}

int thread_priority_nice(int64_t id, int *nice)
{
    (void)id, (void)nice;
    return -1;
}

int thread_priority_lower(int64_t id, int steps)
{
    (void)id, (void)steps;
    return -1;
}

#endif
