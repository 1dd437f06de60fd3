#!/bin/sh
# run.sh: the GPU machine's run.  Builds chase from its dist tarball (proof
# that the tarball is complete) and installs it under a prefix of its own,
# runs the test suite (there the SASS checks have a disassembler), then the
# measurements the CUDA backend is judged by, each timed from process start
# to exit, and leaves every result under $OUT as one archive.
# usage: [TAG=h100] [QUICK=1] tests/gpu/run.sh chase-VERSION.tar.gz
#   TAG names the result files; QUICK=1 skips make check and the sanitizer;
#   SWEEPS=N runs the default sweep N times (2).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
# Everything is written under a folder of its own and comes back as one
# archive in $OUT (the device tool returns a limited count of files).
final=${OUT:-$PWD/gpu-out}
tag=${TAG:-gpu}
mkdir -p "$final"
OUT=$(mktemp -d)/$tag
mkdir -p "$OUT"
tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
log() { echo "== $*"; }
# timed NAME COMMAND...: one run, its stdout and stderr kept, its wall time logged.
timed() {
    name=$1
    shift
    t0=$(date +%s.%N)
    "$@" > "$OUT/$tag-$name.out" 2> "$OUT/$tag-$name.err"
    st=$?
    t1=$(date +%s.%N)
    awk -v n="$name" -v s="$st" -v a="$t0" -v b="$t1" 'BEGIN { printf "%-14s exit %3d %7.2f s\n", n, s, b - a }' |
        tee -a "$OUT/$tag-times.txt"
}

log "device"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,temperature.gpu \
    --format=csv | tee "$OUT/$tag-device.txt"

log "build from $tarball, install under a prefix of its own"
cd "$work" && tar -xzf "$tarball" && cd chase-*/ || exit 1
src=$PWD
if ! { ./configure --prefix="$work/inst" --with-cuda --without-hip --with-cuda-arch=90 --enable-werror &&
       make -j16 && make install; } > "$OUT/$tag-build.log" 2>&1; then
    tail -30 "$OUT/$tag-build.log"
    exit 1
fi
PATH=$work/inst/bin:$PATH
export PATH
unset CHASE_BACKEND_PATH CHASE_DATA_DIR
chase --version | head -2
chase --list-backends

if [ -z "${QUICK:-}" ]; then
    log "make check (gnuplot is not on this machine: the plot tests skip)"
    make -j16 check > "$OUT/$tag-check.log" 2>&1
    grep -E '^# (TOTAL|PASS|SKIP|FAIL|ERROR)' test-suite.log | tee "$OUT/$tag-check-totals.txt"
    for t in tests/*.log tests/*/*.log; do
        grep -q '^not ok' "$t" 2>/dev/null && { echo "-- $t"; grep '^not ok' "$t" | head -5; }
    done
    mkdir -p "$OUT/check-logs" && cp test-suite.log tests/*.log "$OUT/check-logs/" 2>/dev/null
fi

log "the default sweep, ${SWEEPS:-2} times (refinement and the SM spread included)"
i=1
while [ "$i" -le "${SWEEPS:-2}" ]; do
    timed sweep-$i chase -b cuda -o "$OUT/$tag-sweep-$i.tsv"
    grep -E '^# (level|spread):' "$OUT/$tag-sweep-$i.tsv"
    i=$((i + 1))
done

log "chase report: every measurement the backend supports, one directory"
timed report chase report -b cuda -o "$OUT/$tag-report"
tail -8 "$OUT/$tag-report.err"

log "a second report, and the two side by side (report --compare)"
timed report-2 chase report -b cuda -o "$OUT/$tag-report-2"
timed compare chase report --compare "$OUT/$tag-report" "$OUT/$tag-report-2" -o "$OUT/$tag-compare"

log "loads: one lane's latency against the sweep's, per level (lanes 1 rows)"
awk -F '\t' '/^# table: loads/ { on = 1; next } /^# table:/ { on = 0 } on && !/^#/ && $4 == 1 {
    printf "%-8s width %2s: loads %7.1f  sweep %7.1f  ratio %.4f\n", $1, $3, $7, $17, $7 / $17 }' \
    "$OUT/$tag-report/loads.tsv" | tee "$OUT/$tag-loads-vs-sweep.txt"

log "what the report's parts said"
for p in banks loads lines tlb sms; do
    echo "-- $p"
    cat "$OUT/$tag-report/$p.log" 2>/dev/null | tail -3
done

log "variants: loads with cg, tlb at a 32 MiB stride, banks on SM 66, carveouts 0 and 100 on the L1"
timed loads-cg chase loads -b cuda --cache-op cg --from "$OUT/$tag-sweep-1.tsv" -o "$OUT/$tag-loads-cg.tsv"
timed tlb-32M chase tlb -b cuda --stride 32M -o "$OUT/$tag-tlb-32M.tsv"
timed banks-sm66 chase banks -b cuda --sm 66 -o "$OUT/$tag-banks-sm66.tsv"
timed carveout0 chase -b cuda --carveout 0 --max 1M -o "$OUT/$tag-carveout0.tsv"
timed carveout100 chase -b cuda --carveout 100 --max 1M -o "$OUT/$tag-carveout100.tsv"

log "lines with the L2 fetch granularity limit at 32 B (the driver leaves it at 64 on the H100), beside the default"
timed lines-fetch-default chase lines -b cuda --from "$OUT/$tag-sweep-1.tsv" -o "$OUT/$tag-lines-fetch-default.tsv"
timed lines-fetch32 chase lines -b cuda --l2-fetch 32 --from "$OUT/$tag-sweep-1.tsv" -o "$OUT/$tag-lines-fetch32.tsv"
grep -E '^# (line|l2_fetch|driver.l2_fetch)' "$OUT/$tag-lines-fetch-default.tsv" "$OUT/$tag-lines-fetch32.tsv" | cut -c1-200

log "tlb with loads cached in L1 (ca), to 4 GiB: the chain's lines fit the L1 there, so a small TLB's step stands out"
timed tlb-ca chase tlb -b cuda --cache-op ca --max 4G -o "$OUT/$tag-tlb-ca.tsv"

if [ -z "${QUICK:-}" ]; then
    log "compute-sanitizer memcheck on a short run of each command"
    for c in "-b cuda --max 2M --steps 2" "banks -b cuda" "loads -b cuda --level L1 --from $OUT/$tag-sweep-1.tsv" \
             "lines -b cuda --level L1 --from $OUT/$tag-sweep-1.tsv" "tlb -b cuda --max 256M" \
             "sms -b cuda --from $OUT/$tag-sweep-1.tsv"; do
        # shellcheck disable=SC2086
        compute-sanitizer --tool memcheck --error-exitcode 9 chase $c -q -o /dev/null > "$OUT/$tag-san.txt" 2>&1 &&
            echo "memcheck clean: chase $c" || { echo "memcheck FAILED: chase $c"; tail -8 "$OUT/$tag-san.txt"; }
    done
fi

log "the SASS of every kernel (sm_90)"
cuobjdump -sass "$src/backends/cuda/chase_cuda.fatbin" > "$OUT/$tag-sass.txt" 2>&1 || true

log "errors"
st=0; chase -b cuda --device 7 -q -o /dev/null 2>&1 || st=$?; echo "device 7: exit $st"
st=0; chase -b cuda --max 4T -q -o /dev/null 2>&1 || st=$?; echo "4 TiB: exit $st"

cat "$OUT/$tag-times.txt"
# One archive comes back better than many files.
tar -czf "$final/$tag-results.tar.gz" -C "$(dirname "$OUT")" "$tag" && echo "results: $final/$tag-results.tar.gz"
