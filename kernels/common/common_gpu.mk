# kernels/common: what the GPU code of every subsystem shares: checked CUDA calls, device
# discovery and the early start of the runtime, device assertions and the timing breakdown,
# grid sizes, the host's watch over a running search kernel, the GPUs one search spreads
# over (--gpus), and the benchmarks' device facts and stopwatches (included by Makefile.am)
#
# NVCCFLAGS=-DMVC_GPU_DEBUG adds device assertions (GPU_ASSERT), -DMVC_GPU_TIMING the
# Fig. 6 time breakdown in --stats (gpu_debug.cuh).
common_gpu_headers = \
	kernels/common/cuda_check.h kernels/common/gpu_debug.cuh kernels/common/grid.cuh \
	kernels/common/kernel_watch.h kernels/common/device_team.h
noinst_HEADERS += $(common_gpu_headers)

if HAVE_CUDA
libmvcgpu_a_SOURCES += \
	kernels/common/gpu_device.cu kernels/common/gpu_timing.cu kernels/common/kernel_watch.cu \
	kernels/common/device_team.cu
# the .cu suffix rule tracks no header dependencies
kernels/common/gpu_device.$(OBJEXT) kernels/common/gpu_timing.$(OBJEXT) \
kernels/common/kernel_watch.$(OBJEXT) kernels/common/device_team.$(OBJEXT): \
	$(common_gpu_headers) $(gpu_door_headers)
endif
