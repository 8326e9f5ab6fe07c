/*
 * The ranks of an MPI job (link.h over MPI point-to-point messages), for
 * the command line of a build configured --with-mpi. Only one thread at a
 * time talks to MPI (MPI_THREAD_SERIALIZED): at rank 0 the search that
 * claimed the ranks, elsewhere the main thread.
 */
#ifndef MVC_DIST_LINK_MPI_H
#define MVC_DIST_LINK_MPI_H

#include "dist_link.h"

/*
 * Starts MPI: the link of this rank, or NULL (with a message on stderr)
 * when MPI cannot start with the thread support the search needs.
 */
struct dist_link *dist_link_mpi_open(int *argc, char ***argv);

/* Ranks of this job on this host (Open MPI and MPICH tell; 1 when unknown). */
int dist_link_mpi_local_ranks(void);

/* This rank's index among them (as Open MPI and MPICH tell it, before MPI starts; -1 when unknown).
 */
int dist_link_mpi_local_rank(void);

/* Ends MPI; every message sent must have been received (link->settle, then the release). */
void dist_link_mpi_close(struct dist_link *l);

#endif
