# src/cli: the command line program (main, options, statistics, signals, progress lines); not
# part of the library (included by Makefile.am)
mvc_gpu_SOURCES = \
	src/cli/main.c \
	src/cli/allocator.c src/cli/allocator.h \
	src/cli/options.c src/cli/options.h \
	src/cli/output_file.c src/cli/output_file.h \
	src/cli/stats.c src/cli/stats.h \
	src/cli/shutdown.c src/cli/shutdown.h \
	src/cli/progress_printer.c src/cli/progress_printer.h
mvc_gpu_LDADD = $(GPU_LDADD) $(MPI_LIBS)
# wholly static where configure found it possible (--disable-static-runtime: never)
mvc_gpu_LDFLAGS = $(AM_LDFLAGS) $(STATIC_PROGRAM_LDFLAGS)
# configure --with-mpi: the ranks of an MPI job (src/cli/ranks.c over src/dist/dist_link_mpi.c);
# MPI_CFLAGS and MPI_LIBS are empty without it
mvc_gpu_CPPFLAGS = $(AM_CPPFLAGS) $(MPI_CFLAGS)
if HAVE_MPI
mvc_gpu_SOURCES += src/cli/ranks.c src/cli/ranks.h src/dist/dist_link_mpi.c src/dist/dist_link_mpi.h
endif

# t_progress: the board, a solve reporting into it, and the command line's printer
check_PROGRAMS += tests/t_progress
TESTS += tests/t_progress
tests_t_progress_SOURCES = tests/t_progress.c \
	src/cli/progress_printer.c src/cli/progress_printer.h
tests_t_progress_LDADD = $(TEST_LDADD)
