/*
 * The protocol between the ranks of a distributed search, apart from how
 * messages travel: an idle rank asks a random other rank for work (one
 * request out at a time), a rank with work to spare answers with some, and
 * termination is detected by Dijkstra and Safra's token (Dijkstra, "Shmuel
 * Safra's version of termination detection", EWD 998, 1987): every rank
 * counts the work messages it sent less those it received and turns black
 * when it receives one; rank 0, once idle, sends a token round the ring
 * 0 -> 1 -> ... -> ranks-1 -> 0 that each rank passes on only while idle,
 * adding its count and its colour. The search is over when the token comes
 * back white to a white, idle rank 0 with the counts summing to zero: then
 * no rank holds work and no work message is on its way.
 *
 * Only work messages count: a request, a refusal or a new best clique
 * never makes an idle rank busy. The caller sends what these functions
 * say and tells them what it received.
 */
#ifndef MVC_STEAL_H
#define MVC_STEAL_H

#include <stdint.h>

struct steal_state {
    int rank, ranks;
    int64_t count; /* work messages sent less those received */
    int black;     /* received work since it last passed the token */
    int asking;    /* a request is out, not yet answered */
    int holds_token;
    int64_t token_count;
    int token_black;
    int token_out; /* rank 0: a token is on its round */
    int over;      /* rank 0: termination detected */
    uint64_t random;
};

void steal_init(struct steal_state *s, int rank, int ranks, uint64_t seed);

/*
 * For an idle rank with no request out: the rank to ask for work, and the
 * request counts as out; -1 when there is no other rank.
 */
int steal_victim(struct steal_state *s);

/* The rank sent work to another. */
void steal_work_sent(struct steal_state *s);
/* Work arrived: it answers the request, if one was out. */
void steal_work_received(struct steal_state *s);
/* A request was refused. */
void steal_refused(struct steal_state *s);
/* The token arrived with this count and colour. */
void steal_token_received(struct steal_state *s, int64_t count, int black);

/*
 * For an idle rank: whether to send the token now, and what (*to, *count,
 * *black). Rank 0 starts a round when none is out, and when the token has
 * come back decides: then s->over is set and nothing is sent when the
 * search is over, else a new round starts. Call only while the rank holds
 * no work; a busy rank keeps the token.
 */
int steal_token_to_send(struct steal_state *s, int *to, int64_t *count, int *black);

#endif
