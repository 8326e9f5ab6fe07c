# src: the sequential solver, its reductions, greedy bound and progress lines, and
# the exhaustive reference the tests check against (included by Makefile.am)
libmvc_a_SOURCES += \
	src/reduce.c src/reduce.h \
	src/greedy.c src/greedy.h \
	src/brute.c src/brute.h
noinst_HEADERS += tests/gen.h

check_PROGRAMS += tests/t_reduce tests/t_greedy
TESTS += tests/t_reduce tests/t_greedy
tests_t_reduce_LDADD = $(TEST_LDADD)
tests_t_greedy_LDADD = $(TEST_LDADD)
