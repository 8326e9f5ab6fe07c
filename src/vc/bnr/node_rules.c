#include "node_rules.h"

/* The first nodes all run a rule, so that its count means something. */
#define NODE_RULES_FIRST 64

/* A rule keeps running where it removes at least this many vertices a node (1.0 here). */
#define NODE_RULES_REMOVED_NUM 1
#define NODE_RULES_REMOVED_DEN 1

/* Elsewhere one node in this many runs it. */
#define NODE_RULES_SAMPLE 16

void node_rules_init(struct node_rules *nr)
{
    for (int r = 0; r < NODE_RULES; r++)
        nr->looked[r] = nr->removed[r] = 0;
}

int node_rules_wanted(struct node_rules *nr, enum node_rule rule, int64_t node)
{
    int64_t looked = __atomic_load_n(&nr->looked[rule], __ATOMIC_RELAXED);
    int64_t removed = __atomic_load_n(&nr->removed[rule], __ATOMIC_RELAXED);
    return looked < NODE_RULES_FIRST ||
           removed * NODE_RULES_REMOVED_DEN >= looked * NODE_RULES_REMOVED_NUM ||
           node % NODE_RULES_SAMPLE == 0;
}

void node_rules_count(struct node_rules *nr, enum node_rule rule, int64_t removed)
{
    __atomic_add_fetch(&nr->looked[rule], 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&nr->removed[rule], removed, __ATOMIC_RELAXED);
}
