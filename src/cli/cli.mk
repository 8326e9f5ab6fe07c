# src/cli: the command line program (main, options, statistics, signals, progress lines); not
# part of the library (included by Makefile.am)
mvc_gpu_SOURCES = \
	src/cli/main.c \
	src/cli/options.c src/cli/options.h \
	src/cli/stats.c src/cli/stats.h \
	src/cli/shutdown.c src/cli/shutdown.h \
	src/cli/progress_printer.c src/cli/progress_printer.h
mvc_gpu_LDADD = $(GPU_LDADD)

# t_progress: the board, a solve reporting into it, and the command line's printer
check_PROGRAMS += tests/t_progress
TESTS += tests/t_progress
tests_t_progress_SOURCES = tests/t_progress.c \
	src/cli/progress_printer.c src/cli/progress_printer.h
tests_t_progress_LDADD = $(TEST_LDADD)
