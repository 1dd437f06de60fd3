#!/bin/sh
# run.sh: the GPU machine's run.  Builds chase from its dist tarball (proof
# that the tarball is complete), runs the test suite and the sweeps that the
# CUDA backend is judged by, and leaves every result under $OUT.
# usage: [TAG=h100] tests/gpu/run.sh chase-VERSION.tar.gz   (TAG names the result files)
set -eu
OUT=${OUT:-$PWD/gpu-out}
tag=${TAG:-gpu}
mkdir -p "$OUT"
tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
log() { echo "== $*"; }

log "device"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,temperature.gpu \
    --format=csv | tee "$OUT/device.txt"

log "build from $tarball"
cd "$work"
tar -xzf "$tarball"
cd chase-*/
./configure --prefix="$work/inst" --with-cuda --without-hip --with-cuda-arch=90 \
    --enable-werror > "$OUT/build.log" 2>&1
make -j16 >> "$OUT/build.log" 2>&1
make install >> "$OUT/build.log" 2>&1
PATH=$work/inst/bin:$PATH
export PATH
tail -9 "$OUT/build.log" | grep -E 'module|configuration' || true

log "make check (gnuplot is not on this machine: plot tests skip)"
make -j16 check > "$OUT/check.log" 2>&1 || true
grep -E '^(# |FAIL|ERROR)' "$OUT/check.log" | tail -8
for t in tests/*.log; do
    grep -q '^not ok' "$t" 2>/dev/null && { echo "-- $t"; tail -15 "$t"; }
done

log "backends"
chase --list-backends

log "the default sweep, 1 KiB to 1 GiB, timed from process start to exit (twice)"
CHASE=chase sh bench/sweep-time.sh "$OUT" 2 -b cuda | tee "$OUT/timing.txt"
mv "$OUT/sweep-1.tsv" "$OUT/$tag-random-ca-1.tsv"
mv "$OUT/sweep-2.tsv" "$OUT/$tag-random-ca-2.tsv"

log "cache operators cg and nc, a cold start, and the sequential pattern"
chase -q -b cuda --cache-op cg -o "$OUT/$tag-random-cg.tsv"
chase -q -b cuda --cache-op nc -o "$OUT/$tag-random-nc.tsv"
chase -q -b cuda --no-warm --max 128M -o "$OUT/$tag-random-nowarm.tsv"
chase -q -b cuda --pattern sequential --max 256M -o "$OUT/$tag-seq-ca.tsv"

log "the L2 seen from every 4th SM (one 8 MiB point each): the walk is pinned, so the SM is a variable"
sm=0
while [ $sm -lt 132 ]; do
    printf 'sm %3d: %s cycles\n' $sm "$(chase -q -b cuda --sm $sm --min 8M --max 8M -f csv | awk -F, 'NR == 2 { print $2 }')"
    sm=$((sm + 4))
done | tee "$OUT/$tag-l2-by-sm.txt" | tr '\n' ' '
echo

log "carveout 100 (the most shared memory, the least L1): the L1 plateau must end sooner"
chase -q -b cuda --carveout 100 --max 1M -o "$OUT/$tag-carveout100.tsv"
chase analyze "$OUT/$tag-carveout100.tsv" | grep -E '^(carveout|L1) '

log "the timed loop in SASS (sm_90)"
cuobjdump -sass backends/cuda/chase_cuda.fatbin > "$OUT/sass.txt" 2>&1 || true
awk '/Function : .*chase_timed_ca/ { on = 1 } on && /Function : .*chase_timed_cg/ { exit } on' "$OUT/sass.txt" |
    grep -E '^ +/\*[0-9a-f]{4}\*/' | sed 's|/\* 0x[0-9a-f]* \*/||' | head -24

log "compute-sanitizer on a short sweep"
compute-sanitizer --tool memcheck --error-exitcode 9 chase -q -b cuda --max 2M --steps 2 -o /dev/null \
    > "$OUT/sanitizer.txt" 2>&1 && echo "memcheck: clean" || { echo "memcheck: FAILED"; tail -20 "$OUT/sanitizer.txt"; }

log "errors"
st=0; chase -b cuda --device 7 -q -o /dev/null || st=$?; echo "device 7: exit $st"
st=0; chase -b cuda --max 4T -q -o /dev/null || st=$?; echo "4 TiB: exit $st"

log "levels"
chase analyze "$OUT/$tag-random-ca-1.tsv"

# One archive comes back better than many files.
cd "$OUT" && tar -czf results.tar.gz --remove-files ./*.tsv ./*.txt ./*.log
