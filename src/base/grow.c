/* Growable arrays; see grow.h. */
#include "grow.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"

int64_t grow_capacity(int64_t cap, int64_t need, int64_t first)
{
    int64_t grown = cap > 0 ? cap : first;
    while (grown < need)
        grown *= 2;
    return grown;
}

int grow_resize(void *items, int64_t count, size_t size)
{
    if (count < 0 || (uint64_t)count > SIZE_MAX / size)
        return MVC_ENOMEM;
    void *old;
    memcpy(&old, items, sizeof old); /* items may point to any object pointer type */
    void *p = realloc(old, (size_t)count * size);
    if (p == NULL)
        return MVC_ENOMEM;
    memcpy(items, &p, sizeof p);
    return MVC_OK;
}

int grow_array(void *items, int64_t *cap, int64_t need, size_t size, int64_t first)
{
    if (need <= *cap)
        return MVC_OK;
    int64_t grown = grow_capacity(*cap, need, first);
    if (grow_resize(items, grown, size) != MVC_OK)
        return MVC_ENOMEM;
    *cap = grown;
    return MVC_OK;
}
