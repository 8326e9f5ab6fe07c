# kernels: maximum clique on the GPU, the dense-graph solver (included by Makefile.am)
#
# NVCCFLAGS=-DMVC_GPU_DEBUG adds device assertions (CLIQUE_ASSERT) to the search.

clique_gpu_headers = \
	kernels/clique_layout.h kernels/clique_launch.h \
	kernels/clique_prepare.h kernels/clique_warp.cuh kernels/clique_colour.cuh \
	kernels/clique_queue.cuh
noinst_HEADERS += $(clique_gpu_headers)

if HAVE_CUDA
libmvcgpu_a_SOURCES += \
	kernels/clique_gpu.cu kernels/clique_search.cu kernels/clique_prepare.cu
endif

check_PROGRAMS += tests/t_clique_gpu
tests_t_clique_gpu_LDADD = $(TEST_LDADD)
TESTS += tests/t_clique_gpu
