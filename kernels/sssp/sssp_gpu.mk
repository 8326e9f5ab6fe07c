# kernels/sssp: the shortest-path kernels of Steiner mode behind gpu_steiner.h: the session
# that owns the device buffers, pull-based Bellman-Ford and t-pull, and near-far (included by
# Makefile.am)
sssp_gpu_headers = kernels/sssp/sssp.cuh
noinst_HEADERS += $(sssp_gpu_headers)

if HAVE_CUDA
libmvcgpu_a_SOURCES += \
	kernels/sssp/sssp_session.cu kernels/sssp/sssp_pull.cu kernels/sssp/sssp_nearfar.cu
# the .cu suffix rule tracks no header dependencies
kernels/sssp/sssp_session.$(OBJEXT) kernels/sssp/sssp_pull.$(OBJEXT) \
kernels/sssp/sssp_nearfar.$(OBJEXT): $(sssp_gpu_headers) $(common_gpu_headers) $(gpu_door_headers)
endif
