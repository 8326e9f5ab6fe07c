# src: the sequential solvers (seq, bnr), their reductions, greedy and local-search bounds and
# progress lines; the exhaustive reference used by the tests (included by Makefile.am)
libmvc_a_SOURCES += \
	src/reduce.c src/reduce.h \
	src/greedy.c src/greedy.h \
	src/local_search.c src/local_search.h src/random.h \
	src/vertex_heap.c src/vertex_heap.h \
	src/progress.c src/progress.h \
	src/seq.c \
	src/bnr.c src/bnr.h src/clique_cover.c src/clique_cover.h \
	src/bound_sat.c src/bound_sat.h src/sat.c src/sat.h src/transversal.c src/transversal.h \
	src/brute.c src/brute.h
noinst_HEADERS += tests/gen.h

check_PROGRAMS += tests/t_reduce tests/t_greedy tests/t_seq tests/t_bnr tests/t_local_search \
	tests/t_vertex_heap tests/t_clique_cover
TESTS += tests/t_reduce tests/t_greedy tests/t_seq tests/t_bnr tests/t_local_search \
	tests/t_vertex_heap tests/t_clique_cover
tests_t_clique_cover_LDADD = $(TEST_LDADD)
tests_t_reduce_LDADD = $(TEST_LDADD)
tests_t_greedy_LDADD = $(TEST_LDADD)
tests_t_seq_LDADD = $(TEST_LDADD)
tests_t_bnr_LDADD = $(TEST_LDADD)
tests_t_local_search_LDADD = $(TEST_LDADD)
tests_t_vertex_heap_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/t_sat tests/t_bound_sat
TESTS += tests/t_sat tests/t_bound_sat
tests_t_sat_LDADD = $(TEST_LDADD)
tests_t_bound_sat_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/t_transversal
TESTS += tests/t_transversal
tests_t_transversal_LDADD = $(TEST_LDADD)
