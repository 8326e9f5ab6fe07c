/* Sorted arrays of ids: sorting them, and binary search (the one written, for each element type).
 */
#ifndef MVC_SORTED_H
#define MVC_SORTED_H

#include <stdint.h>

/*
 * sorted_first_at_least_SUFFIX(a, lo, hi, x): the first index in [lo, hi) of
 * a, ascending there, whose value is at least x (hi when there is none).
 */
#define SORTED_FIRST_AT_LEAST(suffix, type)                                                        \
    static inline int64_t sorted_first_at_least_##suffix(const type *a, int64_t lo, int64_t hi,    \
                                                         type x)                                   \
    {                                                                                              \
        while (lo < hi) {                                                                          \
            int64_t mid = lo + (hi - lo) / 2;                                                      \
            if (a[mid] < x)                                                                        \
                lo = mid + 1;                                                                      \
            else                                                                                   \
                hi = mid;                                                                          \
        }                                                                                          \
        return lo;                                                                                 \
    }

SORTED_FIRST_AT_LEAST(i32, int32_t)
SORTED_FIRST_AT_LEAST(i64, int64_t)

/*
 * a[0 .. len) ascending: short arrays (most adjacency lists) by insertion in
 * place, long ones (hubs of dense cores) by qsort.
 */
void sorted_sort_i32(int32_t *a, int64_t len);

#endif
