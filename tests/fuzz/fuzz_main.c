/*
 * libFuzzer's entry points: one program for every harness, the environment's
 * FUZZ_READER naming the one to fuzz ("make fuzz" sets it for each reader).
 */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fuzz_harness *harness;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    const char *reader = getenv("FUZZ_READER");
    harness = reader != NULL ? fuzz_harness_named(reader) : NULL;
    if (harness == NULL) {
        fprintf(stderr, "fuzz: FUZZ_READER must name a harness:");
        for (size_t i = 0; fuzz_readers[i] != NULL; i++)
            fprintf(stderr, " %s", fuzz_readers[i]);
        fprintf(stderr, "\n");
        exit(2);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return harness(data, size);
}
