#include "steal.h"

#include "random.h"

void steal_init(struct steal_state *s, int rank, int ranks, uint64_t seed)
{
    *s = (struct steal_state){.rank = rank, .ranks = ranks, .random = seed ^ (uint64_t)rank};
}

int steal_victim(struct steal_state *s)
{
    if (s->ranks < 2)
        return -1;
    int other = (int)(random_next(&s->random) % (uint64_t)(s->ranks - 1));
    s->asking = 1;
    return other >= s->rank ? other + 1 : other;
}

void steal_work_sent(struct steal_state *s)
{
    s->count++;
}

void steal_work_received(struct steal_state *s)
{
    s->count--;
    s->black = 1;
    s->asking = 0;
}

void steal_refused(struct steal_state *s)
{
    s->asking = 0;
}

void steal_token_received(struct steal_state *s, int64_t count, int black)
{
    if (s->rank == 0 && !s->token_out)
        return; /* no round of rank 0's is out: not a token of this search */
    s->holds_token = 1;
    s->token_count = count;
    s->token_black = black;
}

int steal_token_to_send(struct steal_state *s, int *to, int64_t *count, int *black)
{
    if (s->over)
        return 0;
    if (s->rank == 0) {
        if (s->token_out && !s->holds_token)
            return 0; /* the round is not back yet */
        if (s->token_out) {
            s->holds_token = s->token_out = 0;
            if (!s->token_black && !s->black && s->token_count + s->count == 0) {
                s->over = 1;
                return 0;
            }
        }
        if (s->ranks == 1) { /* no ring: idle is over, and no message can be anywhere */
            s->over = 1;
            return 0;
        }
        s->black = 0;
        s->token_out = 1;
        *to = 1, *count = 0, *black = 0;
        return 1;
    }
    if (!s->holds_token)
        return 0;
    *to = (s->rank + 1) % s->ranks;
    *count = s->token_count + s->count;
    *black = s->token_black || s->black;
    s->black = 0;
    s->holds_token = 0;
    return 1;
}
