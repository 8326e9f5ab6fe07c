# kernels: maximum clique on the GPU, the dense-graph solver (included by Makefile.am)
#
# NVCCFLAGS=-DMVC_GPU_DEBUG adds device assertions (CLIQUE_ASSERT) to the search.

clique_gpu_headers = \
	kernels/clique_layout.h kernels/clique_launch.h \
	kernels/clique_prepare.h kernels/clique_warp.cuh kernels/clique_colour.cuh \
	kernels/clique_queue.cuh kernels/clique_search.cuh
noinst_HEADERS += $(clique_gpu_headers)

if HAVE_CUDA
libmvcgpu_a_SOURCES += \
	kernels/clique_gpu.cu kernels/clique_launch.cu kernels/clique_prepare.c
# the .cu suffix rule tracks no header dependencies
kernels/clique_gpu.$(OBJEXT) kernels/clique_launch.$(OBJEXT): $(clique_gpu_headers)
endif

check_PROGRAMS += tests/t_clique_gpu
tests_t_clique_gpu_LDADD = $(TEST_LDADD)
TESTS += tests/t_clique_gpu

# The kernels' logic on the host, without a GPU: tests/cuda_emulation.h runs
# every lane as a user-level context (warps of 8 lanes).
check_PROGRAMS += tests/t_clique_emulated
tests_t_clique_emulated_SOURCES = tests/t_clique_emulated.cc kernels/clique_prepare.c
tests_t_clique_emulated_CXXFLAGS = -std=c++17 -O2 -Wall -Wextra -Wno-unknown-pragmas
tests_t_clique_emulated_LDADD = $(TEST_LDADD)
TESTS += tests/t_clique_emulated
noinst_HEADERS += tests/cuda_emulation.h
