# kernels/clique: maximum clique on the GPU, the dense-graph vertex cover solver behind
# gpu.h: the host preparation, the search over the host's devices (clique_team) and each
# device's memory and grid (clique_device), the launches and the warp-wide search with its
# MaxSAT reasoning; and a rank's devices as members of a distributed search
# (clique_member, behind gpu_clique_member.h) (included by Makefile.am)

clique_gpu_headers = \
	kernels/clique/clique_layout.h kernels/clique/clique_launch.h \
	kernels/clique/clique_prepare.h kernels/clique/clique_device.h \
	kernels/clique/clique_team.h kernels/clique/clique_warp.cuh \
	kernels/clique/clique_colour.cuh kernels/clique/clique_maxsat.cuh \
	kernels/clique/clique_queue.cuh kernels/clique/clique_search.cuh
noinst_HEADERS += $(clique_gpu_headers)

if HAVE_CUDA
libmvcgpu_a_SOURCES += \
	kernels/clique/clique_gpu.cu kernels/clique/clique_team.cu kernels/clique/clique_device.cu \
	kernels/clique/clique_launch.cu kernels/clique/clique_member.cu kernels/clique/clique_prepare.c
# the .cu suffix rule tracks no header dependencies
kernels/clique/clique_gpu.$(OBJEXT) kernels/clique/clique_team.$(OBJEXT) \
kernels/clique/clique_device.$(OBJEXT) kernels/clique/clique_launch.$(OBJEXT) \
kernels/clique/clique_member.$(OBJEXT): \
	$(clique_gpu_headers) $(common_gpu_headers) $(gpu_door_headers)
endif

check_PROGRAMS += tests/t_clique_gpu
tests_t_clique_gpu_LDADD = $(TEST_LDADD)
TESTS += tests/t_clique_gpu

# The kernels' logic on the host, without a GPU: tests/cuda_emulation.h runs
# every lane as a user-level context (warps of 8 lanes).
check_PROGRAMS += tests/t_clique_emulated
tests_t_clique_emulated_SOURCES = tests/t_clique_emulated.cc kernels/clique/clique_prepare.c
tests_t_clique_emulated_CXXFLAGS = -std=c++17 -O2 -Wall -Wextra -Wno-unknown-pragmas
tests_t_clique_emulated_LDADD = $(TEST_LDADD)
TESTS += tests/t_clique_emulated
noinst_HEADERS += tests/cuda_emulation.h
