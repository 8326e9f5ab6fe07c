#include "node_rules.h"

/* The first nodes all run it, so that the count means something. */
#define NODE_RULES_FIRST 64

/* It keeps running where it removes at least this many vertices a node (1.0 here). */
#define NODE_RULES_REMOVED_NUM 1
#define NODE_RULES_REMOVED_DEN 1

/* Elsewhere one node in this many runs it. */
#define NODE_RULES_SAMPLE 16

void node_rules_init(struct node_rules *nr)
{
    nr->looked = nr->removed = 0;
}

int node_rules_unconfined(struct node_rules *nr, int64_t node)
{
    int64_t looked = __atomic_load_n(&nr->looked, __ATOMIC_RELAXED);
    int64_t removed = __atomic_load_n(&nr->removed, __ATOMIC_RELAXED);
    return looked < NODE_RULES_FIRST ||
           removed * NODE_RULES_REMOVED_DEN >= looked * NODE_RULES_REMOVED_NUM ||
           node % NODE_RULES_SAMPLE == 0;
}

void node_rules_count(struct node_rules *nr, int64_t removed)
{
    __atomic_add_fetch(&nr->looked, 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&nr->removed, removed, __ATOMIC_RELAXED);
}
