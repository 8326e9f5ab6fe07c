/*
 * Deadlines (deadline.h): no limit, a limit that passes, the stop flag, the
 * sooner of two, the time left. Margins are wide (a 5 s limit must not pass
 * within the test's first instants, a 0.05 s one must have passed after a
 * 0.2 s sleep), so that a slow or loaded machine cannot fail them.
 */
#include <signal.h>
#include <time.h>

#include "deadline.h"
#include "tap.h"

static void sleep_seconds(double seconds)
{
    struct timespec ts = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    while (nanosleep(&ts, &ts) != 0)
        continue; /* interrupted: sleep what is left */
}

static void no_limit(void)
{
    struct deadline d = deadline_after(0, NULL);
    ok(!deadline_limited(&d), "deadline_after(0): no time limit");
    ok(!deadline_passed(&d), "which never passes");
    ok(!deadline_stopped(&d), "and without a stop flag is never stopped");
    ok(deadline_left(&d) == 0, "deadline_left is 0: ask deadline_limited");
    struct deadline negative = deadline_after(-3, NULL);
    ok(!deadline_limited(&negative) && !deadline_passed(&negative),
       "a negative number of seconds: no time limit either");
}

static void limits(void)
{
    struct deadline far = deadline_after(5, NULL);
    ok(deadline_limited(&far), "deadline_after(5): a time limit");
    ok(!deadline_passed(&far), "not passed right after it is made");
    double left = deadline_left(&far);
    ok(left > 4 && left <= 5, "about 5 s left (%.3f)", left);

    struct deadline soon = deadline_after(0.05, NULL);
    ok(deadline_limited(&soon), "deadline_after(0.05): a time limit");
    sleep_seconds(0.2);
    ok(deadline_passed(&soon), "passed after a 0.2 s sleep");
    ok(deadline_left(&soon) == 0, "with nothing left");
    ok(!deadline_stopped(&soon), "passed by time, not stopped: no stop flag");
}

static void stop_flag(void)
{
    volatile sig_atomic_t stop = 0;
    struct deadline d = deadline_after(0, &stop);
    ok(!deadline_stopped(&d) && !deadline_passed(&d),
       "a stop flag down: neither stopped nor passed");
    stop = 1;
    ok(deadline_stopped(&d), "the flag raised: stopped");
    ok(deadline_passed(&d), "and passed, without a time limit");

    volatile sig_atomic_t stop2 = 0;
    struct deadline limited = deadline_after(5, &stop2);
    ok(!deadline_passed(&limited), "a 5 s limit with its flag down: not passed");
    stop2 = 1;
    ok(deadline_passed(&limited), "the flag raised: passed long before the limit");
}

static void within(void)
{
    volatile sig_atomic_t stop = 0;
    struct deadline outer = deadline_after(5, &stop);

    struct deadline sooner = deadline_within(outer, 0.05);
    ok(sooner.at < outer.at, "within 0.05 s of a 5 s deadline: the sooner moment");
    ok(sooner.stop == &stop, "with the outer deadline's stop flag");
    struct deadline later = deadline_within(outer, 60);
    ok(later.at == outer.at && later.stop == &stop, "within 60 s of it: the outer moment kept");
    struct deadline same = deadline_within(outer, 0);
    ok(same.at == outer.at && same.stop == &stop, "within 0 s: the outer deadline itself");

    struct deadline unlimited = deadline_after(0, &stop);
    struct deadline bounded = deadline_within(unlimited, 5);
    double left = deadline_left(&bounded);
    ok(deadline_limited(&bounded) && left > 4 && left <= 5,
       "within 5 s of no limit: a 5 s limit (%.3f left)", left);
    ok(bounded.stop == &stop, "keeping the stop flag");

    sleep_seconds(0.2);
    ok(deadline_passed(&sooner), "the sooner one passed after a 0.2 s sleep");
    ok(!deadline_passed(&outer), "the outer one not");
    stop = 1;
    ok(deadline_passed(&bounded) && deadline_stopped(&later),
       "raising the outer flag stops the deadlines made within it");
}

int main(void)
{
    no_limit();
    limits();
    stop_flag();
    within();
    done_testing();
    return exit_status();
}
