# kernels/vc: the GPU vertex cover solvers, hybrid and StackOnly: the search kernels and the
# steps they share, the launch plan, the device memory of a solve, the host side that runs
# them (gpu_solve.cu behind gpu.h; search_team.cu over the devices, search_part.cu on each),
# their greedy upper bound, and the walkers that seek the transversal meeting bound-sat's
# clique-cover bound (gpu_transversal.cu behind gpu_transversal.h) (included by Makefile.am)
#
# Device tests need a CUDA device and print "1..0 # SKIP" without one.
# make gpu-sanitize runs them, t_clique_gpu, t_transversal_gpu and t_clique_members under compute-sanitizer (memcheck, racecheck,
# synccheck).
# NVCCFLAGS=-DSEARCH_MAX_REGISTERS=N changes the search kernels' register cap
# (search_kernels.cuh).

vc_gpu_headers = \
	kernels/vc/search_types.cuh kernels/vc/node.cuh kernels/vc/reduce.cuh kernels/vc/branch.cuh \
	kernels/vc/search_steps.cuh kernels/vc/search_kernels.cuh \
	kernels/vc/gpu_greedy.h kernels/vc/launch_plan.h kernels/vc/search_memory.h \
	kernels/vc/search_layout.h kernels/vc/search_part.h kernels/vc/search_team.h \
	kernels/vc/transversal_walk.cuh
noinst_HEADERS += $(vc_gpu_headers)

if HAVE_CUDA
libmvcgpu_a_SOURCES += \
	kernels/vc/hybrid.cu kernels/vc/stackonly.cu \
	kernels/vc/gpu_greedy.cu kernels/vc/launch_plan.cu kernels/vc/search_memory.cu \
	kernels/vc/search_part.cu kernels/vc/search_team.cu kernels/vc/gpu_solve.cu \
	kernels/vc/gpu_transversal.cu
# the .cu suffix rule tracks no header dependencies
kernels/vc/hybrid.$(OBJEXT) kernels/vc/stackonly.$(OBJEXT) kernels/vc/gpu_greedy.$(OBJEXT) \
kernels/vc/launch_plan.$(OBJEXT) kernels/vc/search_memory.$(OBJEXT) \
kernels/vc/search_part.$(OBJEXT) kernels/vc/search_team.$(OBJEXT) \
kernels/vc/gpu_solve.$(OBJEXT) kernels/vc/gpu_transversal.$(OBJEXT): \
	$(vc_gpu_headers) $(common_gpu_headers) $(worklist_headers) $(gpu_door_headers)
endif

check_PROGRAMS += tests/t_gpu
tests_t_gpu_SOURCES = tests/t_gpu.c
tests_t_gpu_LDADD = $(TEST_LDADD)
TESTS += tests/t_gpu tests/t_gpu_memory.sh

check_PROGRAMS += tests/t_transversal_gpu
tests_t_transversal_gpu_LDADD = $(TEST_LDADD)
TESTS += tests/t_transversal_gpu
EXTRA_DIST += tests/t_gpu_memory.sh

# Device tests under compute-sanitizer; MVC_GPU_TEST_SMALL keeps them short.
COMPUTE_SANITIZER = compute-sanitizer
SANITIZE_RUN = $(COMPUTE_SANITIZER) --error-exitcode 1
if HAVE_CUDA
gpu-sanitize: tests/t_broker tests/t_gpu tests/t_clique_gpu tests/t_transversal_gpu \
	tests/t_clique_members
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool memcheck tests/t_broker
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool racecheck tests/t_broker
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool memcheck tests/t_gpu
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool racecheck tests/t_gpu
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool synccheck tests/t_broker
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool synccheck tests/t_gpu
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool memcheck tests/t_clique_gpu
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool racecheck tests/t_clique_gpu
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool synccheck tests/t_clique_gpu
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool memcheck tests/t_transversal_gpu
	MVC_GPU_TEST_SMALL=1 $(SANITIZE_RUN) --tool racecheck tests/t_transversal_gpu
	$(SANITIZE_RUN) --tool memcheck tests/t_clique_members
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

# The transversal walkers on the host, by the same emulation.
check_PROGRAMS += tests/t_transversal_emulated
tests_t_transversal_emulated_SOURCES = tests/t_transversal_emulated.cc
tests_t_transversal_emulated_CXXFLAGS = -std=c++17 -O2 -Wall -Wextra -Wno-unknown-pragmas
tests_t_transversal_emulated_LDADD = $(TEST_LDADD)
TESTS += tests/t_transversal_emulated
noinst_HEADERS += tests/emulation/cuda/atomic tests/emulation/cub/block/block_reduce.cuh
