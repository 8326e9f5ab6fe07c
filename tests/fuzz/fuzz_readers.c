/* The fuzz harnesses by reader name, for the replay test and the libFuzzer program. */
#include <string.h>

#include "fuzz.h"

#define FUZZ_READER_NAME(reader) #reader,
const char *const fuzz_readers[] = {FUZZ_READERS(FUZZ_READER_NAME) NULL};

#define FUZZ_HARNESS_ENTRY(reader) fuzz_harness_##reader,
static fuzz_harness *const harnesses[] = {FUZZ_READERS(FUZZ_HARNESS_ENTRY)};

fuzz_harness *fuzz_harness_named(const char *reader)
{
    for (size_t i = 0; fuzz_readers[i] != NULL; i++)
        if (strcmp(fuzz_readers[i], reader) == 0)
            return harnesses[i];
    return NULL;
}
