# src/dist: the ranks of a distributed search: how they reach each other (dist_link.h: MPI with
# configure --with-mpi, threads of one process in the tests), the work-stealing and termination
# protocol, and the ranks a search may claim; uses nothing of src/ but base/ (included by
# Makefile.am)
libmvc_a_SOURCES += \
	src/dist/dist_link.h src/dist/dist_link_local.c src/dist/dist_link_local.h \
	src/dist/steal.c src/dist/steal.h src/dist/world.c src/dist/world.h

# tests/t_steal: the protocol's hard orders of events step by step, then simulated with up to
# 256 ranks
check_PROGRAMS += tests/t_steal
TESTS += tests/t_steal
tests_t_steal_LDADD = $(TEST_LDADD)

# tests/t_mpi.sh: mvc-gpu under mpirun with 4 and 8 ranks (SKIP in a build without MPI);
# tests/mvc_brute: the exhaustive cover size it compares with
check_PROGRAMS += tests/mvc_brute
tests_mvc_brute_LDADD = $(TEST_LDADD)
TESTS += tests/t_mpi.sh
EXTRA_DIST += tests/t_mpi.sh

# check-mpi: a build configured --with-mpi (CPU only) in a subdirectory, from the distributed
# files as check-sanitizers does, and the distributed search's tests in it: t_mpi.sh under
# mpirun, and the protocol and in-process tests again. Needs an MPI (Debian, Ubuntu:
# apt-get install libopenmpi-dev openmpi-bin).
MPI_BUILD = mpi-build
check-mpi:
	rm -rf $(MPI_BUILD) && mkdir $(MPI_BUILD)
	$(MAKE) $(AM_MAKEFLAGS) distdir distdir=$(MPI_BUILD)/src top_distdir=$(MPI_BUILD)/src
	mkdir $(MPI_BUILD)/build
	cd $(MPI_BUILD)/build && ../src/configure -q --without-cuda --with-mpi CC='$(CC)' CXX='$(CXX)' && \
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='tests/t_steal tests/t_clique_dist tests/t_clique_members tests/t_mpi.sh'
	rm -rf $(MPI_BUILD)
clean-local: clean-mpi
clean-mpi:
	-rm -rf $(MPI_BUILD)
.PHONY: check-mpi clean-mpi
