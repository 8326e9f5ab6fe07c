/* The growable array (grow.h): capacities, resizing any array type, appends, refusals. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "grow.h"
#include "tap.h"

/* An element wider than a pointer, as struct wedge is. */
struct pair {
    int64_t key;
    int32_t value;
};

static void capacities(void)
{
    is(grow_capacity(0, 1, 16), 16, "from empty: the first capacity when it holds what is needed");
    is(grow_capacity(0, 17, 16), 32, "from empty: the first capacity doubled until it holds 17");
    is(grow_capacity(0, 0, 8), 8, "from empty, nothing needed: the first capacity");
    is(grow_capacity(5, 5, 16), 5, "a capacity that already holds the need stays");
    is(grow_capacity(5, 6, 16), 10, "a non-empty capacity doubles, the first one is not used");
    is(grow_capacity(3, 100, 1000), 192, "doubled as often as needed: 3 -> 192 for 100");
    is(grow_capacity(1, (int64_t)1 << 40, 4), (int64_t)1 << 40, "large needs: 1 -> 2^40");
}

static void resizing(void)
{
    int32_t *ints = NULL;
    int status = grow_resize(&ints, 4, sizeof *ints);
    is(status, MVC_OK, "an int32_t array resized from NULL");
    for (int32_t i = 0; ints != NULL && i < 4; i++)
        ints[i] = 10 * i;
    status = grow_resize(&ints, 1000, sizeof *ints);
    int kept = status == MVC_OK;
    for (int32_t i = 0; kept && i < 4; i++)
        kept = ints[i] == 10 * i;
    ok(kept, "grown to 1000 elements, the first 4 kept");
    if (status == MVC_OK)
        ints[999] = 7; /* the whole new size is writable (ASan would say otherwise) */
    free(ints);

    struct pair *pairs = NULL;
    status = grow_resize(&pairs, 3, sizeof *pairs);
    ok(status == MVC_OK && pairs != NULL, "a struct array resized through the same call");
    if (pairs != NULL) {
        pairs[2] = (struct pair){INT64_MAX, -5};
        status = grow_resize(&pairs, 64, sizeof *pairs);
        ok(status == MVC_OK && pairs[2].key == INT64_MAX && pairs[2].value == -5,
           "its elements are kept when it grows");
    }

    struct pair *before = pairs;
    status = grow_resize(&pairs, INT64_MAX / 2, sizeof *pairs);
    ok(status == MVC_ENOMEM && pairs == before,
       "a size past SIZE_MAX bytes: MVC_ENOMEM, the array unchanged");
    status = grow_resize(&pairs, -1, sizeof *pairs);
    ok(status == MVC_ENOMEM && pairs == before,
       "a negative count: MVC_ENOMEM, the array unchanged");
    free(pairs);
}

/* Appends one at a time, as the readers and Steiner mode do: every value kept, few resizes. */
static void appends(void)
{
    int64_t *items = NULL, cap = 0;
    int resizes = 0, good = 1;
    const int64_t count = 100000;
    for (int64_t i = 0; i < count && good; i++) {
        int64_t old_cap = cap;
        if (grow_array(&items, &cap, i + 1, sizeof *items, 8) != MVC_OK)
            good = 0;
        else {
            resizes += cap != old_cap;
            good = cap >= i + 1;
            items[i] = i * i;
        }
    }
    ok(good, "100000 appends, each with room");
    int kept = good;
    for (int64_t i = 0; kept && i < count; i++)
        kept = items[i] == i * i;
    ok(kept, "every appended value kept through the resizes");
    is(cap, 131072, "capacity 8 doubled to the first power past 100000");
    is(resizes, 15, "one resize per doubling: 8, 16, ..., 131072");

    int64_t *before = items, before_cap = cap;
    is(grow_array(&items, &cap, cap, sizeof *items, 8), MVC_OK, "a need within the capacity");
    ok(items == before && cap == before_cap, "changes neither the array nor its capacity");

    int status = grow_array(&items, &cap, INT64_MAX / 4, sizeof *items, 8);
    ok(status == MVC_ENOMEM && items == before && cap == before_cap,
       "an impossible need: MVC_ENOMEM, neither the array nor the capacity changed");
    free(items);

    int32_t *empty = NULL;
    int64_t empty_cap = 0;
    status = grow_array(&empty, &empty_cap, 3, sizeof *empty, 16);
    ok(status == MVC_OK && empty != NULL && empty_cap == 16,
       "the first growth of an empty array takes the first capacity");
    free(empty);
}

int main(void)
{
    capacities();
    resizing();
    appends();
    done_testing();
    return exit_status();
}
