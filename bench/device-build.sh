# device-build.sh: sourced by the bench scripts that build chase on the
# device machine (no libtool there: from the `make dist` tarball, which
# proves it complete).
#   chase_build TARBALL DIR   unpacks TARBALL into DIR, configures it for
#                             the CUDA module alone (sm_90, warnings as
#                             errors) and builds it with every core; on
#                             failure prints the logs' tails, returns 1.
#   chase_build_ab            chase-old.tar.gz into old and chase-0.2.0.tar.gz
#                             into new, at once (the code before and after
#                             a change, side by side); returns 1 unless
#                             both built.
#   chase_new                 chase-0.2.0.tar.gz into new unless a chase is
#                             there (a warm machine keeps it), and
#                             CHASE_BACKEND_PATH pointed at it.
#   T LABEL COMMAND...        runs COMMAND, and appends "LABEL: SECONDS s
#                             (exit STATUS)" (its wall time, to the
#                             millisecond) to $R/times.txt and stdout.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
chase_build() {
    mkdir -p "$2" && tar xzf "$1" -C "$2" --strip-components=1 &&
        (cd "$2" && ./configure --with-cuda=/usr/local/cuda --without-hip --with-cuda-arch=90 --enable-werror \
            > conf.log 2>&1 && make -j"$(nproc)" > make.log 2>&1) ||
        { tail -30 "$2/conf.log" "$2/make.log" 2> /dev/null; return 1; }
}
chase_build_ab() {
    chase_build chase-old.tar.gz old &
    chase_build chase-0.2.0.tar.gz new &
    wait
    [ -x old/chase ] && [ -x new/chase ]
}
chase_new() {
    [ -x new/chase ] || chase_build chase-0.2.0.tar.gz new || return 1
    CHASE_BACKEND_PATH=$PWD/new
    export CHASE_BACKEND_PATH
}
T() {
    label=$1
    shift
    s=$(date +%s.%N)
    "$@"
    rc=$?
    e=$(date +%s.%N)
    echo "$label: $(awk "BEGIN{printf \"%.3f\", $e - $s}") s (exit $rc)" | tee -a "$R/times.txt"
}
