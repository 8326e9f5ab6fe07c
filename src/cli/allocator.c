/*
 * The branch-and-reduce search holds a kernel of its graph at every level of
 * its recursion: on vc-exact_183 (a 48,878-vertex kernel) 1.1 GB after five
 * minutes. When a time limit or SIGTERM ends it, the levels free all of it on
 * the way up, and by default glibc hands each large block back to the system
 * (munmap, trimming the heaps), which took longer than the 0.4 s the shutdown
 * watcher waits (src/cli/shutdown.c): at 300 s the watcher printed a greedy
 * cover of 45,780 vertices instead of the search's 45,444. Serving blocks of
 * up to 32 MiB from the heaps and never trimming them makes those frees cheap
 * (the same run answered 0.08 s after the limit). What is freed serves later
 * allocations, so the peak stays what it was (vc-exact_183 for 20 s: 1.06 GB
 * either way), and the 93 PACE 2019 instances of under 5 s took as long
 * (bench/results/pace2019-cpu-allocator.md).
 */
#include "allocator.h"

#include "config.h"

#if defined(HAVE_MALLOC_H) && defined(HAVE_MALLOPT)
#include <limits.h>
#include <malloc.h>
#endif

/* glibc's largest mmap threshold on 64-bit systems (HEAP_MAX_SIZE / 2) */
#define KEEP_BLOCKS_UP_TO ((int)32 << 20)

void allocator_keep_freed(void)
{
#if defined(HAVE_MALLOC_H) && defined(HAVE_MALLOPT) && defined(M_MMAP_THRESHOLD) &&                \
    defined(M_TRIM_THRESHOLD)
    mallopt(M_MMAP_THRESHOLD, KEEP_BLOCKS_UP_TO);
    mallopt(M_TRIM_THRESHOLD, INT_MAX);
#endif
}
