/* Formats error messages once, with the position when there is one. */
#include "error.h"

#include <stdio.h>

static void format_message(struct error *err, const char *prefix, const char *fmt, va_list ap)
{
    if (err == NULL || err->set)
        return;
    int used = snprintf(err->message, sizeof err->message, "%s", prefix);
    if (used < 0 || (size_t)used >= sizeof err->message)
        used = 0;
    vsnprintf(err->message + used, sizeof err->message - (size_t)used, fmt, ap);
    err->set = 1;
}

int error_at(struct error *err, const struct source_pos *pos, const char *fmt, ...)
{
    char prefix[300];
    if (pos->line > 0)
        snprintf(prefix, sizeof prefix, "%s:%ld: ", pos->file, pos->line);
    else
        snprintf(prefix, sizeof prefix, "%s: ", pos->file);
    va_list ap;
    va_start(ap, fmt);
    format_message(err, prefix, fmt, ap);
    va_end(ap);
    return MVC_EINPUT;
}

int error_set(struct error *err, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    format_message(err, "", fmt, ap);
    va_end(ap);
    return status;
}

void error_bytes(char *buf, size_t size, double bytes)
{
    static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (bytes >= 1024 && u < 4)
        bytes /= 1024, u++;
    snprintf(buf, size, u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
}
