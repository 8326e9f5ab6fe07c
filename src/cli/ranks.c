#include "ranks.h"

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "clique_dist.h"
#include "dist_link_mpi.h"
#include "world.h"

static struct dist_link *rank0; /* rank 0's link, until ranks_end */
static int ranks = 1;
static volatile sig_atomic_t signalled;

static void on_signal(int sig)
{
    (void)sig;
    signalled = 1;
}

int ranks_threads(void)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    long per_rank = online > 0 ? online / dist_link_mpi_local_ranks() : 1;
    return per_rank > 1 ? (int)(per_rank < 16 ? per_rank : 16) : 1;
}

int ranks_count(void)
{
    return ranks;
}

static void end_at_exit(void)
{
    ranks_end();
}

int ranks_start(int *argc, char ***argv)
{
    struct dist_link *l = dist_link_mpi_open(argc, argv);
    if (l == NULL)
        return 1;
    ranks = l->ranks;
    if (l->rank == 0) {
        rank0 = l;
        if (l->ranks > 1)
            world_set(l);
        atexit(end_at_exit);
        return -1;
    }
    /* SIGTERM or SIGINT (mpirun passes them on) stops this rank's part; rank 0 then answers */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    struct sigaction sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    pthread_sigmask(SIG_UNBLOCK, &stop, NULL);
    clique_dist_serve(l, ranks_threads(), &signalled);
    dist_link_mpi_close(l);
    return 0;
}

void ranks_end(void)
{
    struct dist_link *l = rank0;
    if (l == NULL)
        return;
    rank0 = NULL;
    world_set(NULL);
    if (l->ranks > 1)
        clique_dist_release(l);
    dist_link_mpi_close(l);
}
