/* A tiny TAP producer for the C tests: plan, ok, is, diag, skip, bail. */
#ifndef MVC_TAP_H
#define MVC_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int tap_run, tap_failed;

static inline void plan(int n)
{
    printf("1..%d\n", n);
    fflush(stdout);
}

/* No fixed plan: call done_testing() at the end. */
static inline void done_testing(void)
{
    printf("1..%d\n", tap_run);
}

static inline int ok_at(int cond, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static inline int ok_at(int cond, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s %d - ", cond ? "ok" : "not ok", ++tap_run);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    if (!cond) {
        tap_failed++;
        printf("# failed at %s:%d\n", file, line);
    }
    fflush(stdout);
    return cond;
}
#define ok(cond, ...) ok_at(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

/* Integer equality with both values shown on failure. */
#define is(got, expected, ...)                                                                     \
    do {                                                                                           \
        long long tap_got_ = (long long)(got), tap_exp_ = (long long)(expected);                   \
        if (!ok_at(tap_got_ == tap_exp_, __FILE__, __LINE__, __VA_ARGS__))                         \
            printf("#   got: %lld\n#   expected: %lld\n", tap_got_, tap_exp_);                     \
    } while (0)

static inline void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void diag(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("# ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
}

static inline void skip(const char *why)
{
    printf("ok %d # SKIP %s\n", ++tap_run, why);
}

/* Whole file skipped: the plan line carries the reason. */
static inline void skip_all(const char *why)
{
    printf("1..0 # SKIP %s\n", why);
    exit(0);
}

static inline void bail(const char *why)
{
    printf("Bail out! %s\n", why);
    exit(255);
}

static inline int exit_status(void)
{
    return tap_failed ? 1 : 0;
}

#endif
