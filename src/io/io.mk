# src/io: graph input (format detection, one reader per format) and writers (included by
# Makefile.am)
libmvc_a_SOURCES += \
	src/io/read.c src/io/read.h src/io/read_common.c src/io/read_common.h \
	src/io/read_pace.c src/io/read_dimacs.c src/io/read_stp.c src/io/read_edges.c \
	src/io/read_mtx.c \
	src/io/write_graph.c

# Tests: readers and writers on hand-written files, generated .gz and stdin, round trips,
# every malformed input in tests/data/bad with the message it must give, and ids and counts
# past 2^31 and 2^32 through the command line (t_large_inputs.sh).
check_PROGRAMS += tests/t_read tests/t_read_errors
tests_t_read_LDADD = $(TEST_LDADD)
tests_t_read_errors_LDADD = $(TEST_LDADD)
tests_t_read_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
tests_t_read_errors_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
TESTS += tests/t_read tests/t_read_errors tests/t_large_inputs.sh
EXTRA_DIST += tests/data tests/t_large_inputs.sh
