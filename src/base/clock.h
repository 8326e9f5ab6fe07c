/* Monotonic wall clock in seconds. */
#ifndef MVC_CLOCK_H
#define MVC_CLOCK_H

#include <pthread.h>
#include <time.h>

double clock_seconds(void);

/* Sleeps this many seconds (callers that wait for a time or a flag poll with it). */
void clock_sleep(double seconds);

/* A time of clock_seconds()'s clock, for pthread_cond_timedwait on a clock_cond_init condition. */
struct timespec clock_timespec(double seconds);

/* A condition variable whose timed waits read clock_seconds()'s clock. 0, or -1 on failure. */
int clock_cond_init(pthread_cond_t *cond);

#endif
