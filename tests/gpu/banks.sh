#!/bin/sh
# banks.sh: chase banks on the GPU machine (the H100): the measurement with
# its outputs (TSV with the report, JSON), its wall time from start to exit,
# a --lanes pattern, compute-sanitizer, and the SASS of the timed functions
# with the check of it (tests/banks-sass.sh).  No gnuplot there: data only.
# usage: [TAG=h100] [OUT=dir] tests/gpu/banks.sh BUILD_DIR
#   BUILD_DIR: a configured and built tree with the cuda module (run.sh's,
#   or ./configure --with-cuda --with-cuda-arch=90 && make); chase is taken
#   from it.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
build=$(cd "${1:?usage: tests/gpu/banks.sh BUILD_DIR}" && pwd)
OUT=${OUT:-$PWD/gpu-out}
tag=${TAG:-h100}
mkdir -p "$OUT"
CHASE_BACKEND_PATH=$build
export CHASE_BACKEND_PATH
chase=$build/chase
fatbin=$build/backends/cuda/chase_cuda.fatbin
log() { echo "== $*"; }
now() { date +%s.%N; }

log "device"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv 2>&1 | tee "$OUT/$tag-banks-device.txt"

log "chase banks -b cuda (TSV; the report on stderr), timed from start to exit: under 10 s wanted"
t0=$(now)
"$chase" banks -b cuda -o "$OUT/$tag-banks.tsv" 2> "$OUT/$tag-banks-report.txt"
st=$?
t1=$(now)
cat "$OUT/$tag-banks-report.txt"
echo "exit $st, wall $(awk -v a="$t0" -v b="$t1" "BEGIN { printf \"%.2f\", b - a }") s" | tee "$OUT/$tag-banks-time.txt"

log "the same as JSON"
"$chase" banks -b cuda -q -f json -o "$OUT/$tag-banks.json"
echo "exit $?"

log "another SM (66): the banks are the same on every SM, the figures should agree within noise"
"$chase" banks -b cuda --sm 66 -q -o "$OUT/$tag-banks-sm66.tsv"
grep -E '^# (banks|bank_bytes|fit_rms|cycles_per_pass|groups_[0-9]+):' "$OUT/$tag-banks-sm66.tsv"

log "--lanes: a 128-bit pattern, lane i reading element (i mod 8) x 32 + i / 8 (8-way a quarter-warp)"
i=0
while [ $i -lt 32 ]; do echo $(( (i % 8) * 32 + i / 8 )); i=$((i + 1)); done > "$OUT/$tag-lanes.txt"
"$chase" banks -b cuda --lanes "$OUT/$tag-lanes.txt" --width 128 -o "$OUT/$tag-banks-lanes.tsv" 2>&1 | tail -12

log "compute-sanitizer memcheck on chase banks"
if command -v compute-sanitizer > /dev/null 2>&1; then
    compute-sanitizer --tool memcheck --error-exitcode 9 "$chase" banks -b cuda -q -o /dev/null \
        > "$OUT/$tag-banks-sanitizer.txt" 2>&1 && echo "memcheck: clean" ||
        { echo "memcheck: FAILED"; tail -20 "$OUT/$tag-banks-sanitizer.txt"; }
else
    echo "compute-sanitizer not found"
fi

log "SASS of the timed functions (sm_90): chain, burst8, block8 of each width, and the empty region"
cuobjdump -sass "$fatbin" > "$OUT/$tag-banks-sass-all.txt" 2>&1
awk '/code for sm_/ { on90 = /sm_90/ }
     /Function : / { on = on90 && /chase_banks_(chain_b|burst8_b|block8_b|empty)/ }
     on' "$OUT/$tag-banks-sass-all.txt" | sed 's|/\* 0x[0-9a-f]* \*/||' | grep -v '^[[:space:]]*$' \
    > "$OUT/$tag-banks-sass.txt"
grep -cE 'LDS(\.|[[:space:]])' "$OUT/$tag-banks-sass.txt" | sed 's/^/shared reads listed: /'
awk '/Function : .*chase_banks_burst8_b128/ { on = 1; print; next } /Function : / { on = 0 } on' \
    "$OUT/$tag-banks-sass.txt" | head -40

log "the SASS check (tests/banks-sass.sh through make check)"
make -C "$build" check TESTS=tests/banks-sass.sh > "$OUT/$tag-banks-sass-check.txt" 2>&1
grep -E '^(ok|not ok|# SKIP)' "$build/tests/banks-sass.log" | tee -a "$OUT/$tag-banks-sass-check.txt"

cd "$OUT" && tar -czf banks-results.tar.gz "$tag"-banks* "$tag"-lanes.txt && echo "results: $OUT/banks-results.tar.gz"
