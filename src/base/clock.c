/* Monotonic wall clock in seconds. */
#include "clock.h"

#include <time.h>

double clock_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void clock_sleep(double seconds)
{
    if (!(seconds > 0))
        return;
    struct timespec ts = clock_timespec(seconds);
    nanosleep(&ts, NULL);
}

struct timespec clock_timespec(double seconds)
{
    struct timespec ts;
    ts.tv_sec = (time_t)seconds;
    ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
    if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
    }
    return ts;
}

int clock_cond_init(pthread_cond_t *cond)
{
    pthread_condattr_t attr;
    if (pthread_condattr_init(&attr) != 0)
        return -1;
    int status = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) == 0 &&
                         pthread_cond_init(cond, &attr) == 0
                     ? 0
                     : -1;
    pthread_condattr_destroy(&attr);
    return status;
}
