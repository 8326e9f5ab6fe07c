/* Deadlines on the monotonic clock (clock.h). */
#include "deadline.h"

#include <stddef.h>

#include "clock.h"

struct deadline deadline_after(double seconds, volatile sig_atomic_t *stop)
{
    return (struct deadline){seconds > 0 ? clock_seconds() + seconds : 0, stop, NULL};
}

struct deadline deadline_within(struct deadline d, double seconds)
{
    if (seconds > 0) {
        double at = clock_seconds() + seconds;
        if (d.at <= 0 || at < d.at)
            d.at = at;
    }
    return d;
}

struct deadline deadline_also(struct deadline d, volatile sig_atomic_t *flag)
{
    d.stop_too = flag;
    return d;
}

int deadline_stopped(const struct deadline *d)
{
    return (d->stop != NULL && flag_raised(d->stop)) ||
           (d->stop_too != NULL && flag_raised(d->stop_too));
}

int deadline_passed(const struct deadline *d)
{
    return deadline_stopped(d) || (d->at > 0 && clock_seconds() >= d->at);
}

double deadline_left(const struct deadline *d)
{
    if (d->at <= 0)
        return 0;
    double left = d->at - clock_seconds();
    return left > 0 ? left : 0;
}
