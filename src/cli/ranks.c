#include "ranks.h"

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "clique_dist.h"
#include "dist_link_mpi.h"
#include "world.h"
#ifdef HAVE_CUDA
#include "gpu.h"
#endif

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

#ifdef HAVE_CUDA
/* The GPUs the driver lists on this host (one folder each), or 0 when it lists none. */
static int host_gpus(void)
{
    DIR *dir = opendir("/proc/driver/nvidia/gpus");
    if (dir == NULL)
        return 0;
    int count = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;)
        count += e->d_name[0] != '.';
    closedir(dir);
    return count;
}

/*
 * The host's GPUs dealt among its ranks, before anything starts CUDA (MPI
 * included): local rank i of L sees devices i, i + L, i + 2L, ... of the
 * host's D, or none when i >= D, so that each rank's searches (its race,
 * its part of a distributed clique search) have devices of their own.
 * CUDA_VISIBLE_DEVICES set by the user (for each rank, by a wrapper) is
 * left as it is, and so is a host whose ranks or GPUs are not known.
 */
static void deal_gpus(void)
{
    int local = dist_link_mpi_local_rank(), ranks_here = dist_link_mpi_local_ranks();
    int gpus = host_gpus();
    if (getenv("CUDA_VISIBLE_DEVICES") != NULL || local < 0 || ranks_here < 2 || gpus < 1)
        return;
    char list[256] = "";
    size_t used = 0;
    for (int d = local; d < gpus && used + 12 < sizeof list; d += ranks_here)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%d", used ? "," : "", d);
    setenv("CUDA_VISIBLE_DEVICES", list, 1);
}
#endif

int ranks_start(int *argc, char ***argv)
{
#ifdef HAVE_CUDA
    deal_gpus();
#endif
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
#ifdef HAVE_CUDA
    if (gpu_warm_up_running())
        _exit(0); /* the CUDA runtime's exit handlers must not run while it starts (main.c) */
#endif
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
