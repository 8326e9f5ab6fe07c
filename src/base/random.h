/* splitmix64 (Steele, Lea, Flood 2014): one state word, the same numbers on every platform. */
#ifndef MVC_RANDOM_H
#define MVC_RANDOM_H

#include <stdint.h>

static inline uint64_t random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#endif
