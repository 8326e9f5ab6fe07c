/* Replays the committed inputs of every fuzz harness (its seed corpus and every input that
 * once broke it) as a TAP test, so that any build checks them, not only a fuzzing one.
 * With arguments READER PATH..., replays those files or directories through that harness. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "tap.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

/* Larger files are not fuzz inputs (libFuzzer's -max_len is far smaller). */
#define MAX_INPUT_BYTES (1 << 20)

static void replay_file(fuzz_harness *harness, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        ok(0, "%s opens", path);
        return;
    }
    uint8_t *data = malloc(MAX_INPUT_BYTES);
    size_t size = data != NULL ? fread(data, 1, MAX_INPUT_BYTES, f) : 0;
    int too_large = fgetc(f) != EOF;
    fclose(f);
    if (data == NULL || too_large) {
        ok(0, "%s is read (at most %d bytes)", path, MAX_INPUT_BYTES);
        free(data);
        return;
    }
    /* A harness aborts on a broken promise: the line before the crash names the input. */
    diag("replaying %s", path);
    harness(data, size);
    free(data);
    ok(1, "%s", path);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file of dir in name order (the order of a failure does not depend on the file system). */
static void replay_dir(fuzz_harness *harness, const char *dir, int required)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        if (required)
            ok(0, "%s opens", dir);
        return;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? 2 * cap : 64;
            char **grown = realloc(names, cap * sizeof *names);
            if (grown == NULL)
                bail("out of memory");
            names = grown;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[count] = malloc(len);
        if (names[count] == NULL)
            bail("out of memory");
        snprintf(names[count++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, count, sizeof *names, by_name);
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            replay_file(harness, names[i]);
        free(names[i]);
    }
    free(names);
}

static void replay_path(fuzz_harness *harness, const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        replay_dir(harness, path, 1);
    else
        replay_file(harness, path);
}

/* The reader's seed corpus, which must be there, and the inputs that once broke it, if any. */
static void replay_committed(const char *reader)
{
    static const char *const folders[] = {"corpus", "regressions"};
    for (int i = 0; i < 2; i++) {
        char dir[1024];
        snprintf(dir, sizeof dir, "%s/tests/fuzz/%s/%s", TOP_SRCDIR, folders[i], reader);
        replay_dir(fuzz_harness_named(reader), dir, i == 0);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        fuzz_harness *harness = fuzz_harness_named(argv[1]);
        if (harness == NULL || argc < 3)
            bail("usage: replay_readers READER PATH... (READER: a harness of fuzz.h)");
        for (int i = 2; i < argc; i++)
            replay_path(harness, argv[i]);
    } else {
        for (size_t r = 0; fuzz_readers[r] != NULL; r++)
            replay_committed(fuzz_readers[r]);
    }
    done_testing();
    return exit_status();
}
