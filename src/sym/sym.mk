# src/sym: the orbits of a graph's automorphism group, by nauty where configure found it (the
# orbital branching of the clique search and of bnr uses them); uses nothing of src/ but base/
# (included by Makefile.am)
libmvc_a_SOURCES += src/sym/orbits.c src/sym/orbits.h

# tests/t_orbits: orbits of graphs whose groups are known (SKIP without nauty)
check_PROGRAMS += tests/t_orbits
TESTS += tests/t_orbits
tests_t_orbits_LDADD = $(TEST_LDADD)

# tests/t_clique_orbital: the clique search with and without its orbital split on symmetric
# graphs (the split's code is src/vc/clique/clique_orbital.c)
check_PROGRAMS += tests/t_clique_orbital
TESTS += tests/t_clique_orbital
tests_t_clique_orbital_LDADD = $(TEST_LDADD)
