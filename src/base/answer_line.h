/* Tokens of the line-oriented answer files (.vc covers, PACE 2018 Steiner trees). */
#ifndef MVC_ANSWER_LINE_H
#define MVC_ANSWER_LINE_H

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

/* Parses a non-negative decimal integer token after blanks; 0 on success. */
static inline int answer_parse_count(const char **p, long long *value)
{
    while (**p == ' ' || **p == '\t')
        (*p)++;
    if (!isdigit((unsigned char)**p))
        return -1;
    errno = 0;
    char *end;
    *value = strtoll(*p, &end, 10);
    if (errno != 0 || (*end != '\0' && !isspace((unsigned char)*end)))
        return -1;
    *p = end;
    return 0;
}

static inline int answer_rest_is_blank(const char *p)
{
    while (*p && isspace((unsigned char)*p))
        p++;
    return *p == '\0';
}

#endif
