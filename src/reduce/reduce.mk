# src/reduce: kernelization before the search (the rules, the reducing graph and the log
# that lifts a kernel's cover back) (included by Makefile.am)
libmvc_a_SOURCES += \
	src/reduce/kernelize.c src/reduce/kernelize.h \
	src/reduce/rules.h src/reduce/rule_degree.c src/reduce/rule_domination.c \
	src/reduce/rule_twins.c src/reduce/rule_lp.c src/reduce/rule_unconfined.c \
	src/reduce/rule_funnel.c \
	src/reduce/lift_log.c src/reduce/lift_log.h \
	src/reduce/rgraph.c src/reduce/rgraph.h

check_PROGRAMS += tests/t_kernel
tests_t_kernel_LDADD = $(TEST_LDADD)
TESTS += tests/t_kernel
