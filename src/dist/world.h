/*
 * The ranks this process searches with (mpirun, or ranks as threads in a
 * test): set once by whoever started them; a clique search large enough to
 * pay for it claims them, one search at a time, and searches alone when
 * they are taken or there are none.
 */
#ifndef MVC_WORLD_H
#define MVC_WORLD_H

#include "dist_link.h"

/* Rank 0's link to the others, or NULL to search alone. */
void world_set(struct dist_link *l);

/* The link when there are other ranks and no other search holds them, else NULL. */
struct dist_link *world_claim(void);

/* Gives back what world_claim returned. */
void world_release(void);

#endif
