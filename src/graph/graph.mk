# src/graph: the CSR graph and its checks, covers, connected components, edge sets, the
# vertex heap, degeneracy orders and their bucket queue, rows of the complement, the
# degree arrays shared with kernels/, largest matchings and line graphs (included by Makefile.am)
libmvc_a_SOURCES += \
	src/graph/graph.c src/graph/graph.h src/graph/graph_check.c \
	src/graph/cover.c src/graph/cover.h \
	src/graph/components.c src/graph/components.h \
	src/graph/edge_set.c src/graph/edge_set.h \
	src/graph/vertex_heap.c src/graph/vertex_heap.h \
	src/graph/degeneracy.c src/graph/degeneracy.h \
	src/graph/complement_walk.c src/graph/complement_walk.h \
	src/graph/bucket_queue.c src/graph/bucket_queue.h \
	src/graph/degree.h \
	src/graph/matching.c src/graph/matching.h \
	src/graph/line_graph.c src/graph/line_graph.h

check_PROGRAMS += tests/t_vertex_heap
TESTS += tests/t_vertex_heap
tests_t_vertex_heap_LDADD = $(TEST_LDADD)

# tests/t_bucket_queue: the buckets against a plain model; tests/t_components: struct split
# against a union-find on random graphs (parts, order, the rest, covers mapped back)
check_PROGRAMS += tests/t_bucket_queue tests/t_components
TESTS += tests/t_bucket_queue tests/t_components
tests_t_bucket_queue_LDADD = $(TEST_LDADD)
tests_t_components_LDADD = $(TEST_LDADD)

# tests/t_line_graph: largest matchings against an exhaustive search; line graphs of random roots
# recognised, their roots checked, their covers against the exhaustive minimum
check_PROGRAMS += tests/t_line_graph
TESTS += tests/t_line_graph
tests_t_line_graph_LDADD = $(TEST_LDADD)
