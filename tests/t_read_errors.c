/* Malformed inputs: each file in tests/data/bad gives exactly the message listed in
 * tests/data/bad/expected.tsv, at the line listed, and a negative status. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read.h"
#include "tap.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

struct bad_case {
    char file[128];
    char format[16];
    long line;
    char message[400];
};

static int parse_case(char *text, struct bad_case *c)
{
    char *fields[4];
    int k = 0;
    for (char *f = strtok(text, "\t\n"); f != NULL && k < 4;
         f = strtok(NULL, k < 3 ? "\t\n" : "\n"))
        fields[k++] = f;
    if (k != 4)
        return 0;
    snprintf(c->file, sizeof c->file, "%s", fields[0]);
    snprintf(c->format, sizeof c->format, "%s", fields[1]);
    c->line = strtol(fields[2], NULL, 10);
    snprintf(c->message, sizeof c->message, "%s", fields[3]);
    return 1;
}

static void check_case(const char *dir, const struct bad_case *c)
{
    char path[600];
    snprintf(path, sizeof path, "%.400s/%.127s", dir, c->file);
    struct read_opts ro = {0};
    if (graph_format_parse(c->format, &ro.format) != 0) {
        ok(0, "%s: format '%s' in expected.tsv is known", c->file, c->format);
        return;
    }
    struct graph *g = NULL;
    struct error err = {0};
    int status = graph_read(path, &ro, &g, &err);
    char expected[1100];
    snprintf(expected, sizeof expected, "%.600s:%ld: %.399s", path, c->line, c->message);
    ok(status < 0 && g == NULL && err.set && strcmp(err.message, expected) == 0,
       "%s: refused with '%s'", c->file, c->message);
    if (status >= 0 || strcmp(err.message, expected) != 0) {
        diag("status %d", status);
        diag("got:      %s", err.set ? err.message : "(no message)");
        diag("expected: %s", expected);
    }
    graph_free(g);
}

/* Every file in the directory must have an expectation, so none goes untested. */
static void check_all_listed(const char *dir, struct bad_case *cases, int n_cases)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        ok(0, "open %s", dir);
        return;
    }
    int files = 0, unlisted = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "expected.tsv") == 0)
            continue;
        files++;
        int found = 0;
        for (int i = 0; i < n_cases && !found; i++)
            found = strcmp(cases[i].file, e->d_name) == 0;
        if (!found) {
            unlisted++;
            diag("%s has no line in expected.tsv", e->d_name);
        }
    }
    closedir(d);
    ok(unlisted == 0 && files == n_cases, "all %d bad inputs are listed in expected.tsv", files);
}

int main(void)
{
    const char *top = getenv("top_srcdir");
    char dir[400], tsv[450];
    snprintf(dir, sizeof dir, "%s/tests/data/bad", top ? top : TOP_SRCDIR);
    snprintf(tsv, sizeof tsv, "%s/expected.tsv", dir);
    FILE *f = fopen(tsv, "r");
    if (f == NULL)
        bail("cannot open tests/data/bad/expected.tsv (set top_srcdir)");
    enum { MAX_CASES = 256 };
    static struct bad_case cases[MAX_CASES];
    int n = 0;
    char line[1024];
    while (fgets(line, sizeof line, f) != NULL && n < MAX_CASES)
        if (line[0] != '#' && line[0] != '\n' && parse_case(line, &cases[n]))
            n++;
    fclose(f);
    plan(n + 1);
    for (int i = 0; i < n; i++)
        check_case(dir, &cases[i]);
    check_all_listed(dir, cases, n);
    return exit_status();
}
