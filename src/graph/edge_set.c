/* Edge set: linear probing over a power-of-two table kept at most half full. */
#include "edge_set.h"

#include <stdlib.h>

#include "error.h"

#define EDGE_SET_EMPTY UINT64_MAX

static uint64_t edge_key(int32_t u, int32_t v)
{
    uint32_t a = (uint32_t)(u < v ? u : v), b = (uint32_t)(u < v ? v : u);
    return (uint64_t)a << 32 | b;
}

/* splitmix64 finaliser: spreads the structured keys over the table. */
static uint64_t edge_hash(uint64_t key)
{
    key ^= key >> 30;
    key *= 0xbf58476d1ce4e5b9ULL;
    key ^= key >> 27;
    key *= 0x94d049bb133111ebULL;
    key ^= key >> 31;
    return key;
}

static int alloc_slots(struct edge_set *s, int64_t capacity)
{
    s->slots = malloc((size_t)capacity * sizeof *s->slots);
    if (s->slots == NULL)
        return MVC_ENOMEM;
    for (int64_t i = 0; i < capacity; i++)
        s->slots[i] = EDGE_SET_EMPTY;
    s->capacity = capacity;
    return MVC_OK;
}

static void insert_key(struct edge_set *s, uint64_t key)
{
    uint64_t mask = (uint64_t)s->capacity - 1;
    for (uint64_t i = edge_hash(key) & mask;; i = (i + 1) & mask) {
        if (s->slots[i] == key)
            return;
        if (s->slots[i] == EDGE_SET_EMPTY) {
            s->slots[i] = key;
            s->count++;
            return;
        }
    }
}

/* Largest bit matrix chosen over a table, in bytes. */
#define EDGE_SET_MATRIX_MAX_BYTES ((int64_t)64 << 20)

int edge_set_init(struct edge_set *s, int32_t n, int64_t expected)
{
    int64_t capacity = 16;
    while (capacity < 2 * expected)
        capacity *= 2;
    s->count = 0;
    s->bits = NULL;
    s->slots = NULL;
    s->row_words = ((int64_t)n + 63) / 64;
    int64_t matrix_bytes = (int64_t)n * s->row_words * 8;
    if (n > 0 && matrix_bytes <= EDGE_SET_MATRIX_MAX_BYTES && matrix_bytes <= capacity * 8) {
        s->bits = calloc((size_t)n * (size_t)s->row_words, sizeof *s->bits);
        return s->bits != NULL ? MVC_OK : MVC_ENOMEM;
    }
    return alloc_slots(s, capacity);
}

void edge_set_free(struct edge_set *s)
{
    free(s->slots);
    free(s->bits);
    s->slots = NULL;
    s->bits = NULL;
    s->capacity = s->count = 0;
}

static int grow(struct edge_set *s)
{
    uint64_t *old = s->slots;
    int64_t old_capacity = s->capacity;
    if (alloc_slots(s, 2 * old_capacity) != MVC_OK) {
        s->slots = old;
        return MVC_ENOMEM;
    }
    s->count = 0;
    for (int64_t i = 0; i < old_capacity; i++)
        if (old[i] != EDGE_SET_EMPTY)
            insert_key(s, old[i]);
    free(old);
    return MVC_OK;
}

int edge_set_add(struct edge_set *s, int32_t u, int32_t v)
{
    if (s->bits != NULL) {
        s->bits[(int64_t)u * s->row_words + v / 64] |= (uint64_t)1 << (v % 64);
        s->bits[(int64_t)v * s->row_words + u / 64] |= (uint64_t)1 << (u % 64);
        return MVC_OK;
    }
    if (2 * (s->count + 1) > s->capacity && grow(s) != MVC_OK)
        return MVC_ENOMEM;
    insert_key(s, edge_key(u, v));
    return MVC_OK;
}

int edge_set_has(const struct edge_set *s, int32_t u, int32_t v)
{
    if (s->bits != NULL)
        return (int)(s->bits[(int64_t)u * s->row_words + v / 64] >> (v % 64) & 1);
    uint64_t key = edge_key(u, v), mask = (uint64_t)s->capacity - 1;
    for (uint64_t i = edge_hash(key) & mask;; i = (i + 1) & mask) {
        if (s->slots[i] == key)
            return 1;
        if (s->slots[i] == EDGE_SET_EMPTY)
            return 0;
    }
}
