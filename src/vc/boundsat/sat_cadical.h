/*
 * CaDiCaL (Biere et al.; Debian, Ubuntu: libcadical-dev) behind sat.h's
 * calls, for builds configured with it (HAVE_CADICAL): sat.c hands a struct
 * sat made with SAT_ENGINE_CADICAL to these. The arguments and answers are
 * sat.h's.
 */
#ifndef MVC_SAT_CADICAL_H
#define MVC_SAT_CADICAL_H

#include <stdint.h>

#include "sat.h"

struct sat_cadical;

/* A solver without clauses (CaDiCaL learns its variables from them); NULL when out of memory. */
struct sat_cadical *sat_cadical_new(void);
void sat_cadical_free(struct sat_cadical *c);
int sat_cadical_add_clause(struct sat_cadical *c, const int32_t *lits, int32_t len);
void sat_cadical_set_seed(struct sat_cadical *c, uint64_t seed);
int sat_cadical_solve(struct sat_cadical *c, const struct sat_limits *lim);
int sat_cadical_value(const struct sat_cadical *c, int32_t v);
void sat_cadical_get_stats(const struct sat_cadical *c, struct sat_stats *st);

#endif
