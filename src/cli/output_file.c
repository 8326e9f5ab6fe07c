/* Output files that a failed run leaves as they were: see output_file.h. */
#include "output_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One regular file, whatever names or descriptors led to a and b. */
static int same_regular_file(const struct stat *a, const struct stat *b)
{
    return S_ISREG(a->st_mode) && a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* True when fd is the very file the graph is read from. */
static int is_input(int fd, const char *input)
{
    struct stat out, in;
    if (fstat(fd, &out) != 0)
        return 0;
    int known = input == NULL || strcmp(input, "-") == 0 ? fstat(STDIN_FILENO, &in) == 0
                                                         : stat(input, &in) == 0;
    return known && same_regular_file(&out, &in);
}

int output_file_open(struct output_file *of, const char *path, FILE *dash, const char *input)
{
    *of = (struct output_file){NULL, path, 0, 0, 0};
    if (path == NULL)
        return 0;
    if (strcmp(path, "-") == 0) {
        of->f = dash;
        of->path = NULL;
        of->claimed = 1; /* a stream: nothing to empty */
        return 0;
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd >= 0)
        of->created = 1;
    else if (errno ==
             EEXIST) /* emptied by output_file_claim, not now; O_CREAT for a dangling link */
        fd = open(path, O_WRONLY | O_CREAT, 0666);
    if (fd < 0) {
        fprintf(stderr, "mvc-gpu: %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (is_input(fd, input)) {
        close(fd);
        fprintf(stderr, "mvc-gpu: %s: is the input file; writing there would destroy the graph\n",
                path);
        return -1;
    }
    of->f = fdopen(fd, "w");
    if (of->f == NULL) {
        fprintf(stderr, "mvc-gpu: %s: %s\n", path, strerror(errno));
        close(fd);
        if (of->created)
            unlink(path);
        return -1;
    }
    return 0;
}

int output_file_same(const struct output_file *a, const struct output_file *b)
{
    struct stat x, y;
    /* standard streams may well be one file (2>&1): only named files are compared */
    return a->path != NULL && b->path != NULL && a->f != NULL && b->f != NULL &&
           fstat(fileno(a->f), &x) == 0 && fstat(fileno(b->f), &y) == 0 &&
           same_regular_file(&x, &y);
}

void output_file_claim(struct output_file *of)
{
    if (of->f == NULL || of->claimed)
        return;
    of->claimed = 1;
    struct stat st;
    /* only a regular file holds old content; a device or a pipe is written as it is */
    if (fstat(fileno(of->f), &st) == 0 && S_ISREG(st.st_mode) && ftruncate(fileno(of->f), 0) != 0) {
        fprintf(stderr, "mvc-gpu: %s: cannot empty it: %s\n", of->path, strerror(errno));
        of->failed = 1;
    }
}

int output_file_close(struct output_file *of)
{
    FILE *f = of->f;
    if (f == NULL)
        return 0;
    of->f = NULL;
    if (!of->claimed) {
        if (f != stdout && f != stderr)
            fclose(f);
        if (of->created)
            unlink(of->path);
        return 0;
    }
    int failed = fflush(f) != 0 || ferror(f);
    if (f != stdout && f != stderr && fclose(f) != 0)
        failed = 1;
    if (failed) {
        const char *name = f == stderr ? "standard error" : "standard output";
        fprintf(stderr, "mvc-gpu: %s: %s\n", of->path ? of->path : name, strerror(errno));
    }
    return failed || of->failed ? -1 : 0;
}

void output_file_forget(const struct output_file *of)
{
    if (of->f != NULL && of->created && !of->claimed)
        unlink(of->path);
}
