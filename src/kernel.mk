# src: kernelization before the search (included by Makefile.am)
libmvc_a_SOURCES += \
	src/kernel.c src/kernel.h \
	src/kernel_rules.h src/kernel_degree.c src/kernel_domination.c src/kernel_twins.c \
	src/kernel_lp.c src/kernel_unconfined.c \
	src/kernel_log.c src/kernel_log.h \
	src/rgraph.c src/rgraph.h \
	src/edge_set.c src/edge_set.h \
	src/components.c src/components.h

check_PROGRAMS += tests/t_kernel
tests_t_kernel_LDADD = $(TEST_LDADD)
TESTS += tests/t_kernel
