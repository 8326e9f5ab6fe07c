# kernels: shortest-path kernels shared by Steiner mode (included by Makefile.am)
if HAVE_CUDA
libmvcgpu_a_SOURCES += kernels/sssp_session.cu kernels/sssp_pull.cu kernels/sssp_nearfar.cu \
	kernels/gpu_timing.cu
noinst_HEADERS += kernels/sssp.cuh
endif
noinst_HEADERS += src/gpu_timing.h
