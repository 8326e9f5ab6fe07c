# MVC_CHECK_MPI: configure --with-mpi[=MPICC] spreads the clique search over the
# ranks of an MPI job. Off by default: the plain build does not change. The
# compile and link flags come from MPI_CFLAGS and MPI_LIBS when given, else
# from the compiler wrapper (Open MPI's --showme, MPICH's -compile-info).
# Sets have_mpi=yes, MPI_CFLAGS, MPI_LIBS and HAVE_MPI.
AC_DEFUN([MVC_CHECK_MPI], [
AC_ARG_WITH([mpi],
  [AS_HELP_STRING([--with-mpi@<:@=MPICC@:>@],
     [spread the clique search over MPI ranks (mpirun); MPICC is the compiler wrapper
      whose flags are used (default mpicc); MPI_CFLAGS and MPI_LIBS override them])],
  [], [with_mpi=no])
have_mpi=no
AS_IF([test "x$with_mpi" != xno], [
  AS_IF([test "x$with_mpi" = xyes], [mvc_mpicc=mpicc], [mvc_mpicc=$with_mpi])
  AC_MSG_CHECKING([for the flags of $mvc_mpicc])
  AS_IF([test -z "$MPI_CFLAGS$MPI_LIBS"], [
    AS_IF([MPI_CFLAGS=`$mvc_mpicc --showme:compile 2>/dev/null` &&
           MPI_LIBS=`$mvc_mpicc --showme:link 2>/dev/null`], [],
          [MPI_CFLAGS=`$mvc_mpicc -compile-info 2>/dev/null | sed 's/^@<:@^ @:>@* //'`
           MPI_LIBS=`$mvc_mpicc -link-info 2>/dev/null | sed 's/^@<:@^ @:>@* //'`])])
  AC_MSG_RESULT([$MPI_CFLAGS $MPI_LIBS])
  AC_MSG_CHECKING([whether MPI programs link])
  save_CFLAGS=$CFLAGS
  save_LIBS=$LIBS
  CFLAGS="$CFLAGS $MPI_CFLAGS"
  LIBS="$MPI_LIBS $LIBS"
  AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <mpi.h>]],
      [[int provided; return MPI_Init_thread(0, 0, MPI_THREAD_SERIALIZED, &provided);]])],
    [have_mpi=yes], [have_mpi=no])
  CFLAGS=$save_CFLAGS
  LIBS=$save_LIBS
  AC_MSG_RESULT([$have_mpi])
  AS_IF([test "x$have_mpi" != xyes],
    [AC_MSG_ERROR([--with-mpi given but no MPI was found: install one (Debian and Ubuntu: apt-get install libopenmpi-dev openmpi-bin), or pass MPI_CFLAGS and MPI_LIBS])])
  AC_DEFINE([HAVE_MPI], [1], [Define to 1 to spread the clique search over MPI ranks])])
AC_SUBST([MPI_CFLAGS])
AC_SUBST([MPI_LIBS])
])
