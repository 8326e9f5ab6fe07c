# src/vc: the vertex cover pipeline (solve, race), the exhaustive reference the tests use,
# and one folder per solver family (included by Makefile.am)
libmvc_a_SOURCES += \
	src/vc/solve.h src/vc/solvers.c src/vc/pipeline.c \
	src/vc/solver_start.c src/vc/solver_start.h \
	src/vc/race.c src/vc/race.h \
	src/vc/brute.c src/vc/brute.h
# tests/t_solver_contract: solve.h's contract checked over every solver through its common entry
check_PROGRAMS += tests/t_solver_contract
TESTS += tests/t_solver_contract
tests_t_solver_contract_LDADD = $(TEST_LDADD)

# vc/seq: the sequential branch and reduce on degree arrays, its reductions, the greedy and
# local-search upper bounds (the local search also on a thread beside the clique searches)
libmvc_a_SOURCES += \
	src/vc/seq/seq.c \
	src/vc/seq/reduce.c src/vc/seq/reduce.h \
	src/vc/seq/greedy.c src/vc/seq/greedy.h \
	src/vc/seq/local_search.c src/vc/seq/local_search.h \
	src/vc/seq/local_search_beside.c src/vc/seq/local_search_beside.h \
	src/vc/seq/local_search_portfolio.c src/vc/seq/local_search_portfolio.h
check_PROGRAMS += tests/t_reduce tests/t_greedy tests/t_seq tests/t_local_search
TESTS += tests/t_reduce tests/t_greedy tests/t_seq tests/t_local_search
tests_t_reduce_LDADD = $(TEST_LDADD)
tests_t_greedy_LDADD = $(TEST_LDADD)
tests_t_seq_LDADD = $(TEST_LDADD)
tests_t_local_search_LDADD = $(TEST_LDADD)

# vc/bnr: branch and reduce with lower bounds, its branchings spread over threads and on
# orbits where the graph is symmetric (by nauty, src/sym); its clique
# cover bound is bound-sat's too
libmvc_a_SOURCES += \
	src/vc/bnr/bnr.c src/vc/bnr/bnr.h \
	src/vc/bnr/branch_threads.c src/vc/bnr/branch_threads.h \
	src/vc/bnr/clique_cover.c src/vc/bnr/clique_cover.h \
	src/vc/bnr/clique_cover_tabu.c \
	src/vc/bnr/orbital.c src/vc/bnr/orbital.h \
	src/vc/bnr/node_rules.c src/vc/bnr/node_rules.h \
	src/vc/bnr/packing.c src/vc/bnr/packing.h
check_PROGRAMS += tests/t_bnr tests/t_clique_cover tests/t_packing
TESTS += tests/t_bnr tests/t_clique_cover tests/t_packing
tests_t_bnr_LDADD = $(TEST_LDADD)
tests_t_packing_LDADD = $(TEST_LDADD)
tests_t_clique_cover_LDADD = $(TEST_LDADD)

# vc/clique: vertex cover as maximum clique of the complement, maximum clique mode (dense and
# sparse), the orbital split of symmetric graphs and clique answers
libmvc_a_SOURCES += \
	src/vc/clique/clique.c src/vc/clique/clique.h src/vc/clique/clique_search.h \
	src/vc/clique/clique_dist.c src/vc/clique/clique_dist.h \
	src/vc/clique/clique_maxsat.c src/vc/clique/clique_maxsat.h \
	src/vc/clique/clique_orbital.c src/vc/clique/clique_orbital.h \
	src/vc/clique/max_clique.c src/vc/clique/max_clique.h \
	src/vc/clique/max_clique_sparse.c src/vc/clique/max_clique_sparse.h \
	src/vc/clique/clique_answer.c

# vc/boundsat: the bound-and-SAT solver, its CDCL SAT solver and the transversal local search
libmvc_a_SOURCES += \
	src/vc/boundsat/bound_sat.c src/vc/boundsat/bound_sat.h \
	src/vc/boundsat/sat.c src/vc/boundsat/sat.h \
	src/vc/boundsat/transversal.c src/vc/boundsat/transversal.h
if HAVE_CADICAL
libmvc_a_SOURCES += src/vc/boundsat/sat_cadical.c src/vc/boundsat/sat_cadical.h
endif
check_PROGRAMS += tests/t_sat tests/t_bound_sat tests/t_transversal
TESTS += tests/t_sat tests/t_bound_sat tests/t_transversal
tests_t_sat_LDADD = $(TEST_LDADD)
tests_t_bound_sat_LDADD = $(TEST_LDADD)
tests_t_transversal_LDADD = $(TEST_LDADD)

# tests/t_clique_dist: the distributed clique search with ranks as threads of one process
check_PROGRAMS += tests/t_clique_dist
TESTS += tests/t_clique_dist
tests_t_clique_dist_LDADD = $(TEST_LDADD)
# tests/t_clique_members: the ranks' GPUs in it (a CPU stand-in without one)
check_PROGRAMS += tests/t_clique_members
TESTS += tests/t_clique_members
tests_t_clique_members_LDADD = $(TEST_LDADD)
