# src: Steiner mode (included by Makefile.am)
libmvc_a_SOURCES += \
	src/steiner.c src/steiner.h \
	src/steiner_algo.h \
	src/steiner_tree.c src/steiner_tree.h \
	src/steiner_kmb.c src/steiner_kmb_gpu.c \
	src/steiner_mehlhorn.c \
	src/steiner_improve.c \
	src/steiner_check.c src/steiner_answer.c \
	src/dijkstra.c src/dijkstra.h \
	src/mst.c src/mst.h \
	src/steiner_mst.c src/steiner_mst.h \
	src/gpu_steiner.h

check_PROGRAMS += tests/t_steiner tests/t_sssp
tests_t_steiner_LDADD = $(TEST_LDADD)
tests_t_sssp_LDADD = $(TEST_LDADD)
TESTS += tests/t_steiner tests/t_sssp
EXTRA_DIST += \
	tests/data/steiner/small-0.stp tests/data/steiner/small-1.stp \
	tests/data/steiner/small-2.stp tests/data/steiner/small-3.stp \
	tests/data/steiner/small-4.stp tests/data/steiner/small-5.stp \
	tests/data/steiner/small-6.stp tests/data/steiner/small-7.stp \
	tests/data/steiner/reference.tsv

TESTS += tests/t_steiner_cli.sh
EXTRA_DIST += tests/t_steiner_cli.sh
