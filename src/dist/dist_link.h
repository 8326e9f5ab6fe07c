/*
 * How the ranks of a distributed search reach each other: numbered
 * messages with a tag, sent without waiting and received by polling. Two
 * kinds: MPI between processes (dist_link_mpi.c, with configure --with-mpi) and
 * threads of one process standing in for ranks (dist_link_local.c: the tests
 * run every part of the distributed search on it, without MPI).
 */
#ifndef MVC_DIST_LINK_H
#define MVC_DIST_LINK_H

#include <stddef.h>

struct dist_link {
    int rank, ranks;
    /*
     * Sends a copy of bytes[0 .. size) to rank `to`. Never fails: a message
     * that cannot be sent or received (no memory) ends the whole job with a
     * message on stderr, since a lost message could hang the search or lose
     * work, and an error is better than either.
     */
    void (*send)(struct dist_link *l, int to, int tag, const void *bytes, size_t size);
    /*
     * The next message that has arrived, if any: 1 with *from, *tag and the
     * malloc'd *bytes (the caller frees them) of *size; 0 when none waits.
     */
    int (*receive)(struct dist_link *l, int *from, int *tag, void **bytes, size_t *size);
    /*
     * Collective, after a search: returns once every message any rank sent
     * so far has been received (the rest are dropped), so that nothing of
     * one search reaches the next.
     */
    void (*settle)(struct dist_link *l);
};

#endif
