# worklist: the broker queue, the global worklist of the hybrid GPU search; it knows nothing
# of vertex cover (included by Makefile.am)
worklist_headers = worklist/broker.cuh
noinst_HEADERS += $(worklist_headers)

# tests/t_broker: the queue on its own on a device; it needs a CUDA device and prints
# "1..0 # SKIP" without one, and a build without CUDA builds it from tests/t_no_cuda.c,
# which skips likewise. make gpu-sanitize (kernels/vc/vc_gpu.mk) runs it under
# compute-sanitizer.
if HAVE_CUDA
tests_t_broker_SOURCES = tests/t_broker.cu
else
tests_t_broker_SOURCES = tests/t_no_cuda.c
endif
EXTRA_DIST += tests/t_no_cuda.c
check_PROGRAMS += tests/t_broker
tests_t_broker_LDADD = $(TEST_LDADD)
TESTS += tests/t_broker
