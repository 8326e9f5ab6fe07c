/*
 * Whether a bnr node below the root runs the unconfined rule (kernelize.h),
 * near the vertices its branching and reductions changed. Where the rule
 * fires it spares most of the search: on triangular and king's-move
 * lattices with a fifth of their sites missing it removed 3.7 vertices a
 * node, and the nodes fell from 80,000 to 4,900 (tri30-0.8-1, one thread,
 * 5.1 -> 0.44 s). On random regular graphs it removed 0.2-0.5 a node, spared
 * 2-10 % of the nodes and cost 15-35 % more time. So the search keeps count
 * of what the rule removes and runs it where it removes enough, on a sample
 * of the nodes elsewhere to keep the count current.
 */
#ifndef MVC_NODE_RULES_H
#define MVC_NODE_RULES_H

#include <stdint.h>

/* Shared by every thread of one search. */
struct node_rules {
    int64_t looked;  /* nodes that ran the rule (atomic) */
    int64_t removed; /* vertices it removed at them (atomic) */
};

void node_rules_init(struct node_rules *nr);

/* Whether the node, the `node`-th of its thread, runs the rule. */
int node_rules_unconfined(struct node_rules *nr, int64_t node);

/* A node that ran the rule: `removed` vertices went. */
void node_rules_count(struct node_rules *nr, int64_t removed);

#endif
