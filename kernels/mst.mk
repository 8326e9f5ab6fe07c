# kernels: the GPU minimum spanning forest of Steiner mode (included by Makefile.am)
if HAVE_CUDA
libmvcgpu_a_SOURCES += kernels/mst_boruvka.cu
endif

# tests/t_mst: the host side (Kruskal, moving a forest to the front, the GPU-or-CPU
# choice); tests/t_mst_gpu: the GPU forest against Kruskal (skips without a device).
check_PROGRAMS += tests/t_mst tests/t_mst_gpu
tests_t_mst_LDADD = $(TEST_LDADD)
tests_t_mst_gpu_LDADD = $(TEST_LDADD)
TESTS += tests/t_mst tests/t_mst_gpu
