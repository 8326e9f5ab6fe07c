# kernels: the GPU vertex cover solvers and the broker-queue worklist (included by Makefile.am)
#
# Device tests need a CUDA device and print "1..0 # SKIP" without one; in a
# build without CUDA they are built from tests/t_no_cuda.c and skip likewise.
# make gpu-sanitize runs them under compute-sanitizer (memcheck, racecheck, synccheck).
# NVCCFLAGS=-DMVC_GPU_DEBUG adds device assertions, -DMVC_GPU_TIMING the
# Fig. 6 time breakdown in --stats.

gpu_headers = \
	worklist/broker.cuh \
	kernels/cuda_check.h kernels/gpu_debug.cuh kernels/gpu_tuning.h \
	kernels/search_types.cuh kernels/node.cuh kernels/reduce.cuh kernels/branch.cuh \
	kernels/search_steps.cuh kernels/search_kernels.cuh \
	kernels/greedy.h kernels/launch_plan.h kernels/search_memory.h kernels/search_layout.h
noinst_HEADERS += $(gpu_headers)

if HAVE_CUDA
libmvcgpu_a_SOURCES += \
	kernels/hybrid.cu kernels/stackonly.cu \
	kernels/greedy.cu kernels/launch_plan.cu kernels/search_memory.cu \
	kernels/gpu_solve.cu kernels/gpu_device.cu
tests_t_broker_SOURCES = tests/t_broker.cu
else
tests_t_broker_SOURCES = tests/t_no_cuda.c
endif
EXTRA_DIST += tests/t_no_cuda.c

check_PROGRAMS += tests/t_broker tests/t_gpu
tests_t_broker_LDADD = $(TEST_LDADD)
tests_t_gpu_SOURCES = tests/t_gpu.c
tests_t_gpu_LDADD = $(TEST_LDADD)
TESTS += tests/t_broker tests/t_gpu tests/t_gpu_memory.sh
EXTRA_DIST += tests/t_gpu_memory.sh

# Device tests under compute-sanitizer; MVC_GPU_TEST_SMALL keeps them short.
COMPUTE_SANITIZER = compute-sanitizer
SANITIZE_RUN = $(COMPUTE_SANITIZER) --error-exitcode 1
if HAVE_CUDA
gpu-sanitize: tests/t_broker tests/t_gpu
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool memcheck tests/t_broker
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool racecheck tests/t_broker
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool memcheck tests/t_gpu
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool racecheck tests/t_gpu
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool synccheck tests/t_broker
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool synccheck tests/t_gpu
else
gpu-sanitize:
	@echo "gpu-sanitize needs a build with CUDA (configure --with-cuda)"; exit 1
endif
.PHONY: gpu-sanitize

# The search kernels and the broker queue on the host, without a GPU:
# tests/cuda_emulation.h runs every thread as a user-level context, with host
# stand-ins for <cuda/atomic> and CUB's BlockReduce in tests/emulation/.
check_PROGRAMS += tests/t_search_emulated
tests_t_search_emulated_SOURCES = tests/t_search_emulated.cc
tests_t_search_emulated_CPPFLAGS = -I$(top_srcdir)/tests/emulation $(AM_CPPFLAGS)
tests_t_search_emulated_CXXFLAGS = -std=c++17 -O2 -Wall -Wextra -Wno-unknown-pragmas
tests_t_search_emulated_LDADD = $(TEST_LDADD)
TESTS += tests/t_search_emulated
noinst_HEADERS += tests/emulation/cuda/atomic tests/emulation/cub/block/block_reduce.cuh
