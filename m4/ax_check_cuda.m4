# AX_CHECK_CUDA
# -------------
# Look for nvcc and the CUDA runtime.  Options:
#   --with-cuda[=DIR]        use CUDA (default: when found); DIR is the toolkit root
#   --without-cuda           CPU-only build
#   --with-cuda-arch=LIST    comma-separated real architectures, e.g. sm_90,sm_80
# Sets have_cuda=yes|no, substitutes NVCC, NVCCFLAGS, CUDA_CPPFLAGS, CUDA_LDFLAGS,
# CUDA_LIBS and CUDA_ARCH_FLAGS, and defines HAVE_CUDA in config.h.
AC_DEFUN([AX_CHECK_CUDA], [
  AC_ARG_WITH([cuda],
    [AS_HELP_STRING([--with-cuda@<:@=DIR@:>@],
      [build the GPU solvers with the CUDA toolkit in DIR (default: use nvcc when found)])],
    [], [with_cuda=check])
  AC_ARG_WITH([cuda-arch],
    [AS_HELP_STRING([--with-cuda-arch=LIST],
      [GPU architectures to build for, comma-separated (default: sm_90; e.g. sm_80,sm_86,sm_90 for A100 and RTX 30xx too)])],
    [CUDA_ARCH_LIST=$withval], [CUDA_ARCH_LIST=sm_90])
  AC_ARG_VAR([NVCC], [CUDA compiler])
  AC_ARG_VAR([NVCCFLAGS], [extra flags for the CUDA compiler])

  have_cuda=no
  AS_IF([test "x$with_cuda" != xno], [
    cuda_search_path="$PATH"
    AS_CASE([$with_cuda],
      [yes|check], [cuda_search_path="$PATH:/usr/local/cuda/bin"],
      [cuda_search_path="$with_cuda/bin"])
    AS_IF([test -z "$NVCC"],
      [AC_PATH_PROG([NVCC], [nvcc], [], [$cuda_search_path])])
    AS_IF([test -n "$NVCC"], [
      cuda_root=`AS_DIRNAME(["$NVCC"])`
      cuda_root=`AS_DIRNAME(["$cuda_root"])`
      CUDA_CPPFLAGS="-I$cuda_root/include"
      cuda_libdir="$cuda_root/lib64"
      test -d "$cuda_libdir" || cuda_libdir="$cuda_root/lib"
      CUDA_LDFLAGS="-L$cuda_libdir -Wl,-rpath,$cuda_libdir"
      CUDA_LIBS="-lcudart -lstdc++"
      CUDA_ARCH_FLAGS=""
      for cuda_arch in `echo "$CUDA_ARCH_LIST" | tr ',' ' '`; do
        cuda_num=`echo "$cuda_arch" | sed 's/^sm_//'`
        CUDA_ARCH_FLAGS="$CUDA_ARCH_FLAGS -gencode=arch=compute_$cuda_num,code=sm_$cuda_num"
      done
      AC_MSG_CHECKING([whether $NVCC compiles for $CUDA_ARCH_LIST])
      cat > conftest.cu <<CUDA_EOF
__global__ void probe(int *x) { x[[threadIdx.x]] = 1; }
int main(void) { return 0; }
CUDA_EOF
      AS_IF([$NVCC $CUDA_ARCH_FLAGS -ccbin "$CXX" -c conftest.cu -o conftest.$OBJEXT >&AS_MESSAGE_LOG_FD 2>&1],
        [have_cuda=yes; AC_MSG_RESULT([yes])],
        [AC_MSG_RESULT([no])])
      rm -f conftest.cu conftest.$OBJEXT
      AS_IF([test "x$have_cuda" = xyes], [
        save_LIBS=$LIBS; save_LDFLAGS=$LDFLAGS
        LDFLAGS="$LDFLAGS $CUDA_LDFLAGS"
        AC_CHECK_LIB([cudart], [cudaGetDeviceCount], [], [have_cuda=no])
        # The static CUDA runtime where the toolkit has it, as nvcc links by default: the
        # program then needs the driver alone at run time, not the toolkit's libcudart.so,
        # and starts 0.2-0.3 ms sooner (bench/results/startup-h200.md).
        AS_IF([test "x$have_cuda" = xyes], [
          LIBS="-lcudart_static -ldl -lrt -lpthread $save_LIBS"
          AC_MSG_CHECKING([for the static CUDA runtime])
          AC_LINK_IFELSE([AC_LANG_CALL([], [cudaGetDeviceCount])],
            [AC_MSG_RESULT([yes])
             CUDA_LIBS="-lcudart_static -ldl -lrt -lpthread -lstdc++"
             # nothing is then loaded from the toolkit's directory: without a run path the
             # dynamic loader does not search it (and its subdirectories) for libc and libm
             CUDA_LDFLAGS="-L$cuda_libdir"],
            [AC_MSG_RESULT([no])])])
        LIBS=$save_LIBS; LDFLAGS=$save_LDFLAGS])
    ])
    AS_IF([test "x$have_cuda" = xno && test "x$with_cuda" != xcheck],
      [AC_MSG_ERROR([--with-cuda given but no working nvcc and CUDA runtime were found])])
  ])
  AS_IF([test "x$have_cuda" = xyes],
    [AC_DEFINE([HAVE_CUDA], [1], [Define to 1 when the GPU solvers are built])],
    [CUDA_CPPFLAGS=""; CUDA_LDFLAGS=""; CUDA_LIBS=""; CUDA_ARCH_FLAGS=""])
  AC_SUBST([CUDA_CPPFLAGS])
  AC_SUBST([CUDA_LDFLAGS])
  AC_SUBST([CUDA_LIBS])
  AC_SUBST([CUDA_ARCH_FLAGS])
  AC_SUBST([CUDA_ARCH_LIST])
])

# AX_PTHREAD_SIMPLE: link with -pthread (signals and timers use it).
AC_DEFUN([AX_PTHREAD_SIMPLE], [
  AC_CHECK_LIB([pthread], [pthread_create], [LIBS="-lpthread $LIBS"])
])
