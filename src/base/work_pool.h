/*
 * Work shared between the members of one search (the devices of a
 * multi-GPU search): a pool of subproblems, each a fixed number of ints, and
 * the rule that ends the search. A member with nothing to do declares itself
 * idle and takes its share of the pool when there is any; a busy member
 * sees the hunger (idle members, an empty pool) and adds subproblems it
 * hands over. The search is over once every member is idle and the pool is
 * empty: since a member only declares itself idle when it holds no work and
 * has added everything it handed over, no work can exist anywhere then.
 * Thread-safe; the caller decides how a member waits (work_pool_try_take).
 */
#ifndef MVC_WORK_POOL_H
#define MVC_WORK_POOL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

struct work_pool {
    pthread_mutex_t lock;
    size_t slot_ints; /* ints per subproblem */
    int32_t *slots;   /* `count` subproblems, room for `capacity` */
    size_t count, capacity;
    int members;
    int idle;      /* members that have declared themselves idle */
    int done;      /* every member idle and the pool empty: final */
    size_t handed; /* subproblems added in all (statistics) */
};

/* MVC_OK or MVC_ENOMEM (nothing to free then). */
int work_pool_init(struct work_pool *p, int members, size_t slot_ints);
void work_pool_free(struct work_pool *p);

/* Adds `count` subproblems (count * slot_ints ints): MVC_OK or MVC_ENOMEM. */
int work_pool_add(struct work_pool *p, const int32_t *slots, size_t count);

/*
 * Idle members while the pool is empty, else 0: how many members a busy one
 * should hand work to now.
 */
int work_pool_hunger(struct work_pool *p);

/* The member has no work left and has added all it handed over. */
void work_pool_idle(struct work_pool *p);

/*
 * For an idle member: its share of the pool (the pool over the idle
 * members, rounded up, at most `room`) into `slots`, which makes it busy
 * again, and how many; or 0 with *over set when the search is over, or 0
 * with *over clear when there is nothing yet (ask again later).
 */
size_t work_pool_try_take(struct work_pool *p, int32_t *slots, size_t room, int *over);

/* Whether the search is over (every member idle and the pool empty). */
int work_pool_over(struct work_pool *p);

#endif
