/* Growable arrays: the capacity doubles, so that n appends cost O(n) in all. */
#ifndef MVC_GROW_H
#define MVC_GROW_H

#include <stddef.h>
#include <stdint.h>

/* The capacity that holds need elements: cap doubled (first when cap is 0) until it does. */
int64_t grow_capacity(int64_t cap, int64_t need, int64_t first);

/*
 * Resizes the array whose address is items (an int32_t **, a struct wedge **, ...)
 * to count elements of size bytes. MVC_OK, or MVC_ENOMEM with the array unchanged.
 * Arrays that share one capacity are resized one by one to grow_capacity's value.
 */
int grow_resize(void *items, int64_t count, size_t size);

/*
 * Room for need elements in the array at items, which has room for *cap: both
 * grown as above. MVC_OK (nothing done when need <= *cap), or MVC_ENOMEM with
 * neither changed.
 */
int grow_array(void *items, int64_t *cap, int64_t need, size_t size, int64_t first);

#endif
