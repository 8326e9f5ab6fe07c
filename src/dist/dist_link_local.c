#include "dist_link_local.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct letter {
    struct letter *next;
    int from, tag;
    size_t size;
    unsigned char bytes[];
};

struct mailbox {
    struct dist_link link;
    struct dist_link_local_world *world;
    pthread_mutex_t lock;
    struct letter *head, *tail;
};

struct dist_link_local_world {
    int ranks;
    struct mailbox *boxes;
    pthread_barrier_t settled;
};

/* A message lost would hang the search or lose work: the process ends instead. */
static void give_up(size_t size)
{
    fprintf(stderr, "mvc-gpu: out of memory for a message of %zu bytes between ranks\n", size);
    abort();
}

static void local_send(struct dist_link *l, int to, int tag, const void *bytes, size_t size)
{
    struct mailbox *self = (struct mailbox *)l;
    struct mailbox *box = &self->world->boxes[to];
    struct letter *m = malloc(sizeof *m + size);
    if (m == NULL)
        give_up(size);
    m->next = NULL, m->from = l->rank, m->tag = tag, m->size = size;
    if (size > 0) /* bytes may be NULL then */
        memcpy(m->bytes, bytes, size);
    pthread_mutex_lock(&box->lock);
    if (box->tail)
        box->tail->next = m;
    else
        box->head = m;
    box->tail = m;
    pthread_mutex_unlock(&box->lock);
}

static struct letter *take(struct mailbox *box)
{
    pthread_mutex_lock(&box->lock);
    struct letter *m = box->head;
    if (m) {
        box->head = m->next;
        if (box->head == NULL)
            box->tail = NULL;
    }
    pthread_mutex_unlock(&box->lock);
    return m;
}

static int local_receive(struct dist_link *l, int *from, int *tag, void **bytes, size_t *size)
{
    struct letter *m = take((struct mailbox *)l);
    if (m == NULL)
        return 0;
    void *copy = malloc(m->size ? m->size : 1);
    if (copy == NULL)
        give_up(m->size);
    memcpy(copy, m->bytes, m->size);
    *from = m->from, *tag = m->tag, *bytes = copy, *size = m->size;
    free(m);
    return 1;
}

static void local_settle(struct dist_link *l)
{
    struct mailbox *box = (struct mailbox *)l;
    /* after the first wait nothing more is sent; after the second nothing new yet */
    pthread_barrier_wait(&box->world->settled);
    for (struct letter *m; (m = take(box)) != NULL;)
        free(m);
    pthread_barrier_wait(&box->world->settled);
}

struct dist_link_local_world *dist_link_local_open(int ranks)
{
    struct dist_link_local_world *w = calloc(1, sizeof *w);
    if (w == NULL)
        return NULL;
    w->ranks = ranks;
    w->boxes = calloc((size_t)ranks, sizeof *w->boxes);
    if (w->boxes == NULL || pthread_barrier_init(&w->settled, NULL, (unsigned)ranks) != 0) {
        free(w->boxes), free(w);
        return NULL;
    }
    for (int i = 0; i < ranks; i++) {
        struct mailbox *b = &w->boxes[i];
        b->link = (struct dist_link){.rank = i,
                                     .ranks = ranks,
                                     .send = local_send,
                                     .receive = local_receive,
                                     .settle = local_settle};
        b->world = w;
        pthread_mutex_init(&b->lock, NULL);
    }
    return w;
}

void dist_link_local_close(struct dist_link_local_world *w)
{
    if (w == NULL)
        return;
    for (int i = 0; i < w->ranks; i++) {
        for (struct letter *m; (m = take(&w->boxes[i])) != NULL;)
            free(m);
        pthread_mutex_destroy(&w->boxes[i].lock);
    }
    pthread_barrier_destroy(&w->settled);
    free(w->boxes), free(w);
}

struct dist_link *dist_link_local_rank(struct dist_link_local_world *w, int rank)
{
    return &w->boxes[rank].link;
}
