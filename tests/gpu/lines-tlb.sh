#!/bin/sh
# lines-tlb.sh: chase lines and chase tlb on the GPU machine (not part of
# make check).  Builds chase from its dist tarball when one is given (as
# run.sh does), else runs the chase on PATH (or $CHASE); leaves every
# result, its wall time and the device's state under $OUT.
# usage: [TAG=h100] [OUT=dir] tests/gpu/lines-tlb.sh [chase-VERSION.tar.gz]
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
OUT=${OUT:-$PWD/gpu-out}
tag=${TAG:-gpu}
mkdir -p "$OUT"
log() { echo "== $*"; }

if [ $# -ge 1 ]; then
    tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    work=$(mktemp -d)
    log "build from $tarball"
    (cd "$work" && tar -xzf "$tarball" && cd chase-*/ &&
     ./configure --prefix="$work/inst" --with-cuda --without-hip --with-cuda-arch=90 --enable-werror &&
     make -j16 && make install) > "$OUT/lines-tlb-build.log" 2>&1 || { echo "build failed"; tail -20 "$OUT/lines-tlb-build.log"; exit 1; }
    CHASE=$work/inst/bin/chase
fi
CHASE=${CHASE:-chase}

log "device"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,memory.used,memory.total \
    --format=csv | tee "$OUT/$tag-lines-tlb-device.txt"

# run NAME ARGS...: one timed run; its stderr (the report) kept beside it.
run() {
    name=$1
    shift
    t0=$(date +%s.%N)
    timeout 600 "$CHASE" "$@" 2> "$OUT/$tag-$name.txt"
    rc=$?
    t1=$(date +%s.%N)
    printf '%-14s exit %3d  %6.1f s  chase %s\n' "$name" "$rc" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" "$*" |
        tee -a "$OUT/$tag-lines-tlb-times.txt"
}
: > "$OUT/$tag-lines-tlb-times.txt"

log "chase lines: the levels from the shipped H100 sweep (data/h100.tsv), every level below memory"
run lines lines -b cuda --from h100 -o "$OUT/$tag-lines.tsv" --plot "$OUT/$tag-lines.png"
run lines-json lines -b cuda --from h100 -q -f json -o "$OUT/$tag-lines.json"

log "chase tlb: one load a 2 MiB page to most of the free memory, its twin, the page probes (loads skip L1: cg)"
run tlb tlb -b cuda --steps 6 -o "$OUT/$tag-tlb.tsv" --plot "$OUT/$tag-tlb.png"
run tlb-json tlb -b cuda --steps 6 -q -f json -o "$OUT/$tag-tlb.json"

log "for comparison: loads through the L1 (ca), the VMM allocation, another seed"
run tlb-ca tlb -b cuda --steps 4 --cache-op ca -o "$OUT/$tag-tlb-ca.tsv"
run tlb-vmm tlb -b cuda --steps 4 --alloc vmm -o "$OUT/$tag-tlb-vmm.tsv"
run tlb-seed2 tlb -b cuda --steps 4 --seed 2 -o "$OUT/$tag-tlb-seed2.tsv"
run lines-L1-sm66 lines -b cuda --from h100 --level L1 --sm 66 -o "$OUT/$tag-lines-sm66.tsv"

log "what they found"
for f in "$OUT/$tag-lines.tsv" "$OUT/$tag-tlb.tsv" "$OUT/$tag-tlb-ca.tsv" "$OUT/$tag-tlb-vmm.tsv" "$OUT/$tag-tlb-seed2.tsv"; do
    echo "-- $(basename "$f")"
    grep -E '^# (line|tlb): |^# (page_bytes|tlb_levels|walk_cycles|elapsed_s|alloc|cache_op|driver\.alloc[a-z_]*|status):' "$f" |
        cut -c1-260
done
echo "-- the reports: $OUT/$tag-lines.txt, $OUT/$tag-tlb.txt; times: $OUT/$tag-lines-tlb-times.txt"
cat "$OUT/$tag-lines-tlb-times.txt"
