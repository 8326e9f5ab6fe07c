# src/steiner: Steiner mode (KMB, Mehlhorn, improvement, checks, answers) and the shortest
# paths and spanning forests under it (included by Makefile.am)
libmvc_a_SOURCES += \
	src/steiner/steiner.c src/steiner/steiner.h \
	src/steiner/steiner_algo.h \
	src/steiner/steiner_tree.c src/steiner/steiner_tree.h \
	src/steiner/steiner_kmb.c src/steiner/steiner_kmb_gpu.c \
	src/steiner/steiner_mehlhorn.c \
	src/steiner/steiner_improve.c \
	src/steiner/steiner_check.c src/steiner/steiner_answer.c \
	src/steiner/dijkstra.c src/steiner/dijkstra.h \
	src/steiner/mst.c src/steiner/mst.h \
	src/steiner/steiner_mst.c src/steiner/steiner_mst.h

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
