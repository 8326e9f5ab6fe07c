#include "dist_link_mpi.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A message on its way out: MPI owns the buffer until the request completes. */
struct outgoing {
    MPI_Request request;
    void *bytes;
};

struct link_mpi {
    struct dist_link link;
    MPI_Comm comm;
    struct outgoing *out;
    size_t out_count, out_capacity;
    long long *sent_to; /* messages sent to each rank, ever */
    long long received; /* messages received, ever */
};

/* Frees the buffers of sends that have completed. */
static void reap(struct link_mpi *m)
{
    for (size_t i = 0; i < m->out_count;) {
        int done = 0;
        MPI_Test(&m->out[i].request, &done, MPI_STATUS_IGNORE);
        if (done) {
            free(m->out[i].bytes);
            m->out[i] = m->out[--m->out_count];
        } else {
            i++;
        }
    }
}

/* A message lost would hang the search or lose work: the job ends instead. */
static void give_up(struct link_mpi *m, const char *what, size_t size)
{
    fprintf(stderr, "mvc-gpu: rank %d: %s (%zu bytes); ending the job\n", m->link.rank, what, size);
    MPI_Abort(m->comm, 1);
    abort(); /* MPI_Abort does not return */
}

static void mpi_send(struct dist_link *l, int to, int tag, const void *bytes, size_t size)
{
    struct link_mpi *m = (struct link_mpi *)l;
    if (size > (size_t)0x7fffffff)
        give_up(m, "a message too large for MPI", size); /* MPI counts bytes in an int */
    reap(m);
    if (m->out_count == m->out_capacity) {
        size_t capacity = m->out_capacity ? 2 * m->out_capacity : 64;
        struct outgoing *grown = realloc(m->out, capacity * sizeof *grown);
        if (grown == NULL)
            give_up(m, "out of memory for a message", size);
        m->out = grown, m->out_capacity = capacity;
    }
    void *copy = malloc(size ? size : 1);
    if (copy == NULL)
        give_up(m, "out of memory for a message", size);
    if (size > 0) /* bytes may be NULL then */
        memcpy(copy, bytes, size);
    struct outgoing *o = &m->out[m->out_count];
    if (MPI_Isend(copy, (int)size, MPI_BYTE, to, tag, m->comm, &o->request) != MPI_SUCCESS)
        give_up(m, "MPI refused a message", size);
    o->bytes = copy;
    m->out_count++;
    m->sent_to[to]++;
}

/* The message status describes, received into a malloc'd buffer; NULL when memory is short. */
static void *take(struct link_mpi *m, MPI_Status *status, size_t *size)
{
    int count = 0;
    MPI_Get_count(status, MPI_BYTE, &count);
    void *bytes = malloc(count > 0 ? (size_t)count : 1);
    /* without memory the message is still taken off, into a byte, and reported lost */
    char none;
    MPI_Recv(bytes ? bytes : &none, bytes ? count : 0, MPI_BYTE, status->MPI_SOURCE,
             status->MPI_TAG, m->comm, MPI_STATUS_IGNORE);
    m->received++;
    *size = (size_t)count;
    return bytes;
}

static int mpi_receive(struct dist_link *l, int *from, int *tag, void **bytes, size_t *size)
{
    struct link_mpi *m = (struct link_mpi *)l;
    reap(m);
    int waiting = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, m->comm, &waiting, &status);
    if (!waiting)
        return 0;
    *bytes = take(m, &status, size);
    if (*bytes == NULL)
        give_up(m, "out of memory for a message received", *size);
    *from = status.MPI_SOURCE, *tag = status.MPI_TAG;
    return 1;
}

static void mpi_settle(struct dist_link *l)
{
    struct link_mpi *m = (struct link_mpi *)l;
    long long expected = 0;
    /* how many messages every rank has sent to this one, all told */
    MPI_Reduce_scatter_block(m->sent_to, &expected, 1, MPI_LONG_LONG, MPI_SUM, m->comm);
    while (m->received < expected) {
        MPI_Status status;
        size_t size;
        MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, m->comm, &status);
        free(take(m, &status, &size));
    }
    for (size_t i = 0; i < m->out_count; i++) {
        MPI_Wait(&m->out[i].request, MPI_STATUS_IGNORE);
        free(m->out[i].bytes);
    }
    m->out_count = 0;
    /* nobody sends again before every rank has taken in what was meant for it */
    MPI_Barrier(m->comm);
}

struct dist_link *dist_link_mpi_open(int *argc, char ***argv)
{
    int provided = 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "mvc-gpu: MPI did not start\n");
        return NULL;
    }
    struct link_mpi *m = calloc(1, sizeof *m);
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (provided < MPI_THREAD_SERIALIZED || m == NULL ||
        (m->sent_to = calloc((size_t)ranks, sizeof *m->sent_to)) == NULL ||
        MPI_Comm_dup(MPI_COMM_WORLD, &m->comm) != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "mvc-gpu: %s\n",
                    provided < MPI_THREAD_SERIALIZED
                        ? "this MPI cannot serve a multi-threaded program (MPI_THREAD_SERIALIZED)"
                        : "out of memory starting MPI");
        if (m != NULL)
            free(m->sent_to);
        free(m);
        MPI_Finalize();
        return NULL;
    }
    m->link = (struct dist_link){.rank = rank,
                                 .ranks = ranks,
                                 .send = mpi_send,
                                 .receive = mpi_receive,
                                 .settle = mpi_settle};
    return &m->link;
}

int dist_link_mpi_local_ranks(void)
{
    static const char *names[] = {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *v = getenv(names[i]);
        if (v != NULL && atoi(v) > 0)
            return atoi(v);
    }
    return 1;
}

int dist_link_mpi_local_rank(void)
{
    static const char *names[] = {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *v = getenv(names[i]);
        if (v != NULL && *v >= '0' && *v <= '9')
            return atoi(v);
    }
    return -1;
}

void dist_link_mpi_close(struct dist_link *l)
{
    struct link_mpi *m = (struct link_mpi *)l;
    for (size_t i = 0; i < m->out_count; i++) {
        MPI_Wait(&m->out[i].request, MPI_STATUS_IGNORE);
        free(m->out[i].bytes);
    }
    MPI_Comm_free(&m->comm);
    free(m->out), free(m->sent_to), free(m);
    MPI_Finalize();
}
