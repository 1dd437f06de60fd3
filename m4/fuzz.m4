dnl fuzz.m4: --enable-fuzzers, libFuzzer builds of the harnesses in tests/fuzz.
dnl SPDX-License-Identifier: BSD-3-Clause
dnl Copyright (c) 2026 the chase developers
dnl
dnl CHASE_CHECK_FUZZ: off by default.  Asked for, it proves that $CC links a
dnl harness with -fsanitize=fuzzer,address,undefined (clang and its runtime)
dnl and fails clearly if not.  Exports FUZZ_CFLAGS and ENABLE_FUZZERS.
AC_DEFUN([CHASE_CHECK_FUZZ], [
AC_ARG_ENABLE([fuzzers],
  [AS_HELP_STRING([--enable-fuzzers],
    [build the libFuzzer harnesses in tests/fuzz (needs CC=clang and its runtime)])],
  [], [enable_fuzzers=no])
FUZZ_CFLAGS=
AS_IF([test "x$enable_fuzzers" = xyes], [
  chase_fuzz_flags="-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g"
  AC_MSG_CHECKING([whether $CC links a libFuzzer harness])
  chase_fuzz_save_CFLAGS=$CFLAGS
  chase_fuzz_save_LDFLAGS=$LDFLAGS
  CFLAGS="$CFLAGS $chase_fuzz_flags"
  LDFLAGS="$LDFLAGS $chase_fuzz_flags"
  dnl No main: libFuzzer brings its own, which is what is being proved.
  AC_LINK_IFELSE([AC_LANG_SOURCE([[
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return size > 0 && data[0] == 'x'; }
]])], [chase_fuzz_ok=yes], [chase_fuzz_ok=no])
  CFLAGS=$chase_fuzz_save_CFLAGS
  LDFLAGS=$chase_fuzz_save_LDFLAGS
  AC_MSG_RESULT([$chase_fuzz_ok])
  AS_IF([test "x$chase_fuzz_ok" != xyes],
    [AC_MSG_FAILURE([--enable-fuzzers needs a compiler that links -fsanitize=fuzzer,address,undefined: configure with CC=clang and install clang's runtime (libclang-rt-dev on Debian)])])
  FUZZ_CFLAGS=$chase_fuzz_flags
])
AC_SUBST([FUZZ_CFLAGS])
AM_CONDITIONAL([ENABLE_FUZZERS], [test "x$enable_fuzzers" = xyes])
])
