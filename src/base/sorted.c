/* Sorting arrays of ids: see sorted.h. */
#include "sorted.h"

#include <stdlib.h>

/* Arrays this short are sorted by insertion. */
#define INSERTION_SORT_MAX 32

static int compare_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

void sorted_sort_i32(int32_t *a, int64_t len)
{
    if (len > INSERTION_SORT_MAX) {
        qsort(a, (size_t)len, sizeof *a, compare_i32);
        return;
    }
    for (int64_t i = 1; i < len; i++) {
        int32_t x = a[i];
        int64_t j = i;
        for (; j > 0 && a[j - 1] > x; j--)
            a[j] = a[j - 1];
        a[j] = x;
    }
}
