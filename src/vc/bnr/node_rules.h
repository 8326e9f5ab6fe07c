/*
 * Whether a bnr node below the root runs the unconfined and funnel rules
 * (kernelize.h), near the vertices its branching and reductions changed.
 * Where they fire they spare most of the search: on triangular and
 * king's-move lattices with a fifth of their sites missing the unconfined
 * rule removed 3.7 vertices a node, and the nodes fell from 80,000 to 4,900
 * (triangular 30 x 30, one thread, 5.1 -> 0.44 s); without funnels below the
 * root the triangular 35 x 35 lattice of seed 2 took more than 30 s against 6.2 s. On random
 * regular graphs the unconfined rule removed 0.2-0.5 vertices a node, spared
 * 2-10 % of the nodes and cost 15-35 % more time, and funnels hardly occur.
 * So the search keeps count of what each rule removes and runs it where it
 * removes enough, on a sample of the nodes elsewhere to keep the count
 * current.
 */
#ifndef MVC_NODE_RULES_H
#define MVC_NODE_RULES_H

#include <stdint.h>

enum node_rule { NODE_RULE_UNCONFINED, NODE_RULE_FUNNEL, NODE_RULES };

/* Shared by every thread of one search. */
struct node_rules {
    int64_t looked[NODE_RULES];  /* nodes that ran the rule (atomic) */
    int64_t removed[NODE_RULES]; /* vertices it removed at them (atomic) */
};

void node_rules_init(struct node_rules *nr);

/* Whether the node, the `node`-th of its thread, runs the rule. */
int node_rules_wanted(struct node_rules *nr, enum node_rule rule, int64_t node);

/* A node that ran the rule: `removed` vertices went. */
void node_rules_count(struct node_rules *nr, enum node_rule rule, int64_t removed);

#endif
