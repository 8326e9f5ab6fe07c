/* Cover checking and PACE .vc output and input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cover.h"
#include "tap.h"

static const char *write_temp(const char *text)
{
    static char path[64];
    strcpy(path, "/tmp/t_cover_XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
        bail("cannot write a temporary file");
    close(fd);
    return path;
}

int main(void)
{
    const int32_t edges[][2] = {{0, 1}, {1, 2}, {2, 3}};
    struct graph *g = graph_from_edges(4, edges, 3);
    struct cover c;
    struct error err = {0};
    cover_init(&c, 4);
    cover_add(&c, 1);
    is(cover_check(g, &c, &err), MVC_EINPUT, "{2} does not cover the path 1-2-3-4");
    ok(strstr(err.message, "edge 3 4") != NULL, "message names the uncovered edge: %s",
       err.message);
    cover_add(&c, 2);
    cover_add(&c, 2);
    is(c.size, 2, "adding twice counts once");
    memset(&err, 0, sizeof err);
    is(cover_check(g, &c, &err), MVC_OK, "{2,3} covers the path");

    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    cover_write_pace(mem, &c);
    fclose(mem);
    ok(strcmp(buf, "s vc 4 2\n2\n3\n") == 0, "PACE output");
    struct cover back;
    const char *path = write_temp(buf);
    is(cover_read_pace(path, 4, &back, &err), MVC_OK, "written cover reads back");
    ok(back.size == 2 && back.in[1] && back.in[2], "same vertices");
    cover_free(&back);
    unlink(path);
    free(buf);

    static const struct {
        const char *text;
        const char *message;
    } bad[] = {
        {"2\n", ":1: vertex before the 's vc' line"},
        {"s vc 4 1\n5\n", ":2: vertex 5 is not in 1..4"},
        {"s vc 4 1\n0\n", ":2: vertex 0 is not in 1..4"},
        {"s vc 4 2\n2\n2\n", ":3: vertex 2 listed twice"},
        {"s vc 5 1\n2\n", ":1: solution is for 5 vertices"},
        {"s vc 4 3\n2\n", "declares 3 vertices, 1 listed"},
        {"s vc 4 1\nx\n", ":2: expected a vertex number, found 'x'"},
        {"p td 4 3\n1 2\n", ":1: expected the 's vc N SIZE' line, found 'p td 4 3'"},
        {"c nothing\n", "no 's vc' line"},
        {"s vc 4 1\ns vc 4 1\n", ":2: repeated solution line"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct error e = {0};
        path = write_temp(bad[i].text);
        struct cover x = {0};
        int status = cover_read_pace(path, 4, &x, &e);
        ok(status == MVC_EINPUT && strstr(e.message, bad[i].message) != NULL,
           "bad solution %zu rejected: %s", i, e.message);
        unlink(path);
    }

    /* Streams of bytes: a NUL must not hide the rest of its line; long comments are fine. */
    static const char nul_at_end[] = "s vc 4 1\n2\0 3";
    FILE *in = fmemopen((void *)(uintptr_t)nul_at_end, sizeof nul_at_end - 1, "r");
    struct cover x = {0};
    memset(&err, 0, sizeof err);
    is(cover_read_pace_stream(in, "mem", 4, &x, &err), MVC_EINPUT,
       "a NUL byte in a vertex line is refused, not read as the end of the line");
    ok(strcmp(err.message, "mem:2: NUL byte in the line") == 0, "at its line: %s", err.message);
    fclose(in);
    char long_comment[1200];
    int used = snprintf(long_comment, sizeof long_comment, "c %0*d\ns vc 4 1\n3\n", 1000, 7);
    in = fmemopen(long_comment, (size_t)used, "r");
    memset(&err, 0, sizeof err);
    is(cover_read_pace_stream(in, "mem", 4, &x, &err), MVC_OK,
       "a comment of 1000 characters reads");
    ok(x.size == 1 && x.in[2], "and the cover after it");
    fclose(in);
    cover_free(&x);

    cover_free(&c);
    graph_free(g);
    done_testing();
    return exit_status();
}
