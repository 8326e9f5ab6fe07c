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
        const char *text = r->line;
        if (r->pos.line == 1 && strncmp(text, UTF8_BOM, strlen(UTF8_BOM)) == 0)
            text += strlen(UTF8_BOM); /* as the graph readers skip it */
        if (text[0] == 'c' || answer_rest_is_blank(text))
            continue;
        *line = text;
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

int answer_file_open(struct answer_file *f, const char *path, struct error *err)
{
    f->stream = NULL;
    int status = input_load(path, &f->in, err);
    if (status != MVC_OK)
        return status;
    /* fmemopen needs at least one byte: an empty answer opens on the NUL and reads past it */
    f->stream = fmemopen((void *)f->in.data, f->in.len > 0 ? f->in.len : 1, "r");
    if (f->stream == NULL) {
        input_free(&f->in);
        return error_set(err, MVC_ENOMEM, "%s: out of memory", path);
    }
    if (f->in.len == 0)
        fgetc(f->stream);
    return MVC_OK;
}

void answer_file_close(struct answer_file *f)
{
    if (f->stream != NULL)
        fclose(f->stream);
    f->stream = NULL;
    input_free(&f->in);
}
