dnl cuda.m4: find nvcc and the CUDA headers, prove them on a real kernel.
dnl SPDX-License-Identifier: BSD-3-Clause
dnl Copyright (c) 2026 the chase developers
dnl
dnl CHASE_CHECK_CUDA sets NVCC, NVCCFLAGS, CUDA_CPPFLAGS, CUDA_GENCODE,
dnl chase_cuda_summary and the conditional HAVE_CUDA.  The module talks to
dnl the driver through libcuda.so.1, opened at run time, so only the toolkit
dnl (nvcc and cuda.h) is needed to build it.
AC_DEFUN([CHASE_CHECK_CUDA], [
AC_ARG_VAR([NVCC], [CUDA compiler])
AC_ARG_VAR([NVCCFLAGS], [extra flags for the CUDA compiler])
AC_ARG_WITH([cuda],
  [AS_HELP_STRING([--with-cuda@<:@=DIR@:>@],
    [build the cuda backend (default: if found; DIR is the toolkit, /usr/local/cuda is looked at)])],
  [], [with_cuda=check])
AC_ARG_WITH([cuda-arch],
  [AS_HELP_STRING([--with-cuda-arch=LIST],
    [compute capabilities to build for, such as "80 90" (default: 75 80 86 89 90 100 120, those nvcc knows)])],
  [], [with_cuda_arch=])

chase_cuda_summary="no (--without-cuda)"
chase_have_cuda=no
AS_IF([test "x$with_cuda" != xno], [
  chase_cuda_path="$PATH"
  AS_CASE([$with_cuda],
    [yes|check], [chase_cuda_dir=],
    [chase_cuda_dir="$with_cuda"; chase_cuda_path="$with_cuda/bin"])
  AS_IF([test -z "$chase_cuda_dir"], [chase_cuda_path="$PATH:/usr/local/cuda/bin"])
  AS_IF([test -z "$NVCC"], [AC_PATH_PROG([NVCC], [nvcc], [], [$chase_cuda_path])])
  AS_IF([test -z "$chase_cuda_dir" && test -n "$NVCC"],
    [chase_cuda_dir=`AS_DIRNAME(["$NVCC"])`; chase_cuda_dir=`AS_DIRNAME(["$chase_cuda_dir"])`])
  chase_cuda_why=
  AS_IF([test -z "$NVCC"], [chase_cuda_why="nvcc not found"])

  dnl The host side is C and needs cuda.h for the driver API's types.
  AS_IF([test -z "$chase_cuda_why"], [
    CUDA_CPPFLAGS="-I$chase_cuda_dir/include"
    chase_save_CPPFLAGS="$CPPFLAGS"
    CPPFLAGS="$CPPFLAGS $CUDA_CPPFLAGS"
    AC_CHECK_HEADER([cuda.h], [], [chase_cuda_why="cuda.h not found in $chase_cuda_dir/include"])
    CPPFLAGS="$chase_save_CPPFLAGS"
  ])

  dnl Architectures: keep the requested ones nvcc knows.
  AS_IF([test -z "$chase_cuda_why"], [
    chase_cuda_known=`"$NVCC" --list-gpu-arch 2>/dev/null | sed -n 's/^compute_//p' | tr '\n' ' '`
    chase_cuda_want="$with_cuda_arch"
    AS_IF([test -z "$chase_cuda_want"], [chase_cuda_want="75 80 86 89 90 100 120"])
    CUDA_ARCHS=
    chase_cuda_dropped=
    for a in `echo "$chase_cuda_want" | tr ',' ' ' | sed 's/sm_//g'`; do
      AS_CASE([" $chase_cuda_known "], [*" $a "*], [CUDA_ARCHS="$CUDA_ARCHS $a"],
        [chase_cuda_dropped="$chase_cuda_dropped sm_$a"])
    done
    AS_IF([test -n "$with_cuda_arch" && test -n "$chase_cuda_dropped"],
      [AC_MSG_ERROR([nvcc does not know the requested architectures:$chase_cuda_dropped])])
    AS_IF([test -z "$CUDA_ARCHS"], [chase_cuda_why="nvcc knows none of: $chase_cuda_want"])
  ])

  dnl Prove nvcc on a real kernel like the module's: a dependent load with a
  dnl cache operator between clock reads, built for every architecture.
  AS_IF([test -z "$chase_cuda_why"], [
    CUDA_GENCODE=
    chase_cuda_last=
    for a in $CUDA_ARCHS; do
      CUDA_GENCODE="$CUDA_GENCODE -gencode=arch=compute_$a,code=sm_$a"
      chase_cuda_last=$a
    done
    dnl PTX of the newest architecture lets newer GPUs run the module too.
    CUDA_GENCODE="$CUDA_GENCODE -gencode=arch=compute_$chase_cuda_last,code=compute_$chase_cuda_last"
    AC_MSG_CHECKING([whether $NVCC builds a timed chase kernel])
    cat > conftest.cu <<_CHASE_EOF
extern "C" __global__ void probe(unsigned long long *p, long n, long long *t)
{
    long long t0 = clock64();
    for (long i = 0; i < n; i++) {
        unsigned long long v;
        asm volatile("ld.global.cg.u64 %0, [[%1]];" : "=l"(v) : "l"(p));
        p = (unsigned long long *)v;
    }
    t[[0]] = clock64() - t0;
    t[[1]] = (long long)p;
}
_CHASE_EOF
    AS_IF([$NVCC $NVCCFLAGS $CUDA_GENCODE -fatbin -o conftest.fatbin conftest.cu >&AS_MESSAGE_LOG_FD 2>&1],
      [AC_MSG_RESULT([yes])],
      [AC_MSG_RESULT([no]); chase_cuda_why="$NVCC failed on a test kernel (see config.log)"])
    rm -f conftest.cu conftest.fatbin
  ])

  AS_IF([test -z "$chase_cuda_why"],
    [chase_have_cuda=yes
     chase_cuda_summary="yes ($NVCC, sm_`echo $CUDA_ARCHS | sed 's/ /, sm_/g'`)"
     AS_IF([test -n "$chase_cuda_dropped"],
       [chase_cuda_summary="$chase_cuda_summary; nvcc lacks:$chase_cuda_dropped"])],
    [AS_IF([test "x$with_cuda" != xcheck],
       [AC_MSG_ERROR([--with-cuda was given but the CUDA toolkit is not usable: $chase_cuda_why])])
     chase_cuda_summary="no ($chase_cuda_why)"])
])
AC_SUBST([CUDA_CPPFLAGS])
AC_SUBST([CUDA_GENCODE])
AC_SUBST([CUDA_ARCHS])
AC_SUBST([HAVE_CUDA_MODULE], [$chase_have_cuda])
AM_CONDITIONAL([HAVE_CUDA], [test "x$chase_have_cuda" = xyes])
])
