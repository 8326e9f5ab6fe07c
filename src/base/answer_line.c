/* Reading the lines of answer files (answer_line.h). */
#include "answer_line.h"

#include <string.h>
#include <sys/types.h>

void answer_reader_open(struct answer_reader *r, FILE *in, const char *name)
{
    r->in = in;
    r->pos = (struct source_pos){name, 0};
    r->line = NULL;
    r->cap = 0;
}

int answer_reader_next(struct answer_reader *r, const char **line, struct error *err)
{
    ssize_t len;
    while ((len = getline(&r->line, &r->cap, r->in)) >= 0) {
        r->pos.line++;
        /* The parsing of a line stops at a NUL: what follows one would go unread. */
        if (memchr(r->line, '\0', (size_t)len) != NULL)
            return error_at(err, &r->pos, "NUL byte in the line");
        if (r->line[0] == 'c' || answer_rest_is_blank(r->line))
            continue;
        *line = r->line;
        return 1;
    }
    if (ferror(r->in))
        return error_set(err, MVC_EIO, "%s: read error", r->pos.file);
    return 0;
}

void answer_reader_close(struct answer_reader *r)
{
    free(r->line);
    r->line = NULL;
}
