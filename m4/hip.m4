dnl hip.m4: find hipcc and the HIP runtime, probe each GPU target on a real kernel.
dnl SPDX-License-Identifier: BSD-3-Clause
dnl Copyright (c) 2026 the chase developers
dnl
dnl CHASE_CHECK_HIP sets HIPCC, HIPCCFLAGS, HIP_CPPFLAGS, HIP_LIBS,
dnl HIP_OFFLOAD (the --offload-arch flags), chase_hip_summary and the
dnl conditional HAVE_HIP.
AC_DEFUN([CHASE_CHECK_HIP], [
AC_ARG_VAR([HIPCC], [HIP compiler])
AC_ARG_VAR([HIPCCFLAGS], [extra flags for the HIP compiler])
AC_ARG_WITH([hip],
  [AS_HELP_STRING([--with-hip@<:@=DIR@:>@],
    [build the hip backend (default: if found; DIR is the ROCm prefix, /opt/rocm and /usr are looked at)])],
  [], [with_hip=check])
AC_ARG_WITH([hip-arch],
  [AS_HELP_STRING([--with-hip-arch=LIST],
    [GPU targets to build for (default: those of gfx906 gfx908 gfx90a gfx940 gfx941 gfx942 gfx1030 gfx1100 the compiler accepts)])],
  [], [with_hip_arch=])

chase_hip_summary="no (--without-hip)"
chase_have_hip=no
AS_IF([test "x$with_hip" != xno], [
  AS_CASE([$with_hip],
    [yes|check], [chase_hip_path="/opt/rocm/bin:$PATH:/usr/bin"],
    [chase_hip_path="$with_hip/bin"])
  AS_IF([test -z "$HIPCC"], [AC_PATH_PROG([HIPCC], [hipcc], [], [$chase_hip_path])])
  chase_hip_why=
  AS_IF([test -z "$HIPCC"], [chase_hip_why="hipcc not found"])
  AS_IF([test -z "$chase_hip_why"], [
    chase_hip_dir=`AS_DIRNAME(["$HIPCC"])`; chase_hip_dir=`AS_DIRNAME(["$chase_hip_dir"])`
    AS_IF([test "x$chase_hip_dir" != x/usr],
      [HIP_CPPFLAGS="-I$chase_hip_dir/include"; HIP_LIBS="-L$chase_hip_dir/lib -lamdhip64"],
      [HIP_CPPFLAGS=; HIP_LIBS="-lamdhip64"])
    HIP_CPPFLAGS="$HIP_CPPFLAGS -D__HIP_PLATFORM_AMD__"
    chase_save_CPPFLAGS="$CPPFLAGS"; chase_save_LIBS="$LIBS"
    CPPFLAGS="$CPPFLAGS $HIP_CPPFLAGS"; LIBS="$HIP_LIBS $LIBS"
    AC_CHECK_HEADER([hip/hip_runtime_api.h], [],
      [chase_hip_why="hip/hip_runtime_api.h not found"])
    AS_IF([test -z "$chase_hip_why"], [
      AC_MSG_CHECKING([for hipModuleLoadData in the HIP runtime])
      AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <hip/hip_runtime_api.h>]],
          [[hipModule_t m; return (int)hipModuleLoadData(&m, 0);]])],
        [AC_MSG_RESULT([yes])],
        [AC_MSG_RESULT([no]); chase_hip_why="cannot link with the HIP runtime ($HIP_LIBS)"])
      dnl ROCm before 5.3 has no wall-clock rate attribute; the module then
      dnl calibrates s_memrealtime against the host clock.
      AC_CHECK_DECLS([hipDeviceAttributeWallClockRate], [], [],
        [[#include <hip/hip_runtime_api.h>]])
    ])
    CPPFLAGS="$chase_save_CPPFLAGS"; LIBS="$chase_save_LIBS"
  ])

  dnl Probe each target on a real kernel: the dependent load between
  dnl s_memtime reads that the module times.
  AS_IF([test -z "$chase_hip_why"], [
    chase_hip_want="$with_hip_arch"
    AS_IF([test -z "$chase_hip_want"],
      [chase_hip_want="gfx906 gfx908 gfx90a gfx940 gfx941 gfx942 gfx1030 gfx1100"])
    cat > conftest.hip <<_CHASE_EOF
#include <hip/hip_runtime.h>
extern "C" __global__ void probe(unsigned long long *p, long n, long long *t)
{
    long long t0 = __builtin_amdgcn_s_memtime();
    for (long i = 0; i < n; i++)
        p = (unsigned long long *)*p;
    t[[0]] = __builtin_amdgcn_s_memtime() - t0;
    t[[1]] = (long long)p;
}
_CHASE_EOF
    HIP_ARCHS=
    chase_hip_dropped=
    for a in `echo "$chase_hip_want" | tr ',' ' '`; do
      AC_MSG_CHECKING([whether $HIPCC builds for $a])
      AS_IF([$HIPCC $HIPCCFLAGS --offload-arch=$a --genco -O3 -o conftest.co conftest.hip >&AS_MESSAGE_LOG_FD 2>&1],
        [AC_MSG_RESULT([yes]); HIP_ARCHS="$HIP_ARCHS $a"],
        [AC_MSG_RESULT([no]); chase_hip_dropped="$chase_hip_dropped $a"])
    done
    rm -f conftest.hip conftest.co
    AS_IF([test -n "$with_hip_arch" && test -n "$chase_hip_dropped"],
      [AC_MSG_ERROR([$HIPCC does not build for the requested targets:$chase_hip_dropped])])
    AS_IF([test -z "$HIP_ARCHS"], [chase_hip_why="$HIPCC builds for none of: $chase_hip_want"])
  ])

  AS_IF([test -z "$chase_hip_why"],
    [chase_have_hip=yes
     HIP_ARCHS=`echo $HIP_ARCHS`
     HIP_OFFLOAD=`echo " $HIP_ARCHS" | sed 's/ / --offload-arch=/g'`
     chase_hip_summary="yes ($HIPCC: $HIP_ARCHS)"
     AS_IF([test -n "$chase_hip_dropped"],
       [chase_hip_summary="$chase_hip_summary; dropped, compiler lacks them:$chase_hip_dropped"])],
    [AS_IF([test "x$with_hip" != xcheck],
       [AC_MSG_ERROR([--with-hip was given but HIP is not usable: $chase_hip_why])])
     chase_hip_summary="no ($chase_hip_why)"])
])
AC_SUBST([HIP_CPPFLAGS])
AC_SUBST([HIP_LIBS])
AC_SUBST([HIP_OFFLOAD])
AC_SUBST([HIP_ARCHS])
AC_SUBST([HAVE_HIP_MODULE], [$chase_have_hip])
AM_CONDITIONAL([HAVE_HIP], [test "x$chase_have_hip" = xyes])
])
