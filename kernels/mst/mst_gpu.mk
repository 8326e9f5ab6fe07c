# kernels/mst: the minimum spanning forest of Steiner mode on the GPU behind gpu_steiner.h,
# and moving the forest's edges to the front of the list, which is plain C and built without
# CUDA too (included by Makefile.am)
libmvcgpu_a_SOURCES += kernels/mst/mst_move.c
if HAVE_CUDA
libmvcgpu_a_SOURCES += kernels/mst/mst_boruvka.cu
# the .cu suffix rule tracks no header dependencies
kernels/mst/mst_boruvka.$(OBJEXT): $(common_gpu_headers) $(gpu_door_headers)
endif

# tests/t_mst: the host side (Kruskal, moving a forest to the front, the GPU-or-CPU
# choice); tests/t_mst_gpu: the GPU forest against Kruskal (skips without a device).
check_PROGRAMS += tests/t_mst tests/t_mst_gpu
tests_t_mst_LDADD = $(TEST_LDADD)
tests_t_mst_gpu_LDADD = $(TEST_LDADD)
TESTS += tests/t_mst tests/t_mst_gpu
