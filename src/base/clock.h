/* Monotonic wall clock in seconds. */
#ifndef MVC_CLOCK_H
#define MVC_CLOCK_H

double clock_seconds(void);

/* Sleeps this many seconds (callers that wait for a time or a flag poll with it). */
void clock_sleep(double seconds);

#endif
