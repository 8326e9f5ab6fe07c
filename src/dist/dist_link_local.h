/*
 * Ranks as threads of one process (dist_link.h): each rank a mailbox, messages
 * delivered in the order sent. For the tests of the distributed search.
 */
#ifndef MVC_DIST_LINK_LOCAL_H
#define MVC_DIST_LINK_LOCAL_H

#include "dist_link.h"

struct dist_link_local_world;

/* A world of `ranks` mailboxes: NULL when out of memory. */
struct dist_link_local_world *dist_link_local_open(int ranks);
void dist_link_local_close(struct dist_link_local_world *w);

/* The link of one rank of the world, for the thread that plays it. */
struct dist_link *dist_link_local_rank(struct dist_link_local_world *w, int rank);

#endif
