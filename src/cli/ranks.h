/*
 * The ranks of an MPI job, for the command line of a build configured
 * --with-mpi: every rank but 0 serves the clique searches rank 0 starts and
 * prints nothing; rank 0 reads, solves and answers as a lone process does,
 * and releases the others when it ends.
 */
#ifndef MVC_RANKS_H
#define MVC_RANKS_H

/*
 * Starts MPI. Rank 0 (or a job of one) gets -1 and goes on; any other
 * rank serves until rank 0 releases it and gets its exit status (0), and
 * a rank where MPI cannot start gets 1.
 */
int ranks_start(int *argc, char ***argv);

/* Ranks in the job (1 before ranks_start). */
int ranks_count(void);

/* CPU threads for each rank: the host's CPUs over the job's ranks on it. */
int ranks_threads(void);

/* Rank 0: releases the other ranks and ends MPI; once only, also from exit. */
void ranks_end(void);

#endif
