/* Monotonic wall clock in seconds. */
#ifndef MVC_CLOCK_H
#define MVC_CLOCK_H

double clock_seconds(void);

#endif
