#!/bin/sh
# memory.sh: the --memory targets on a machine of two NVIDIA GPUs or more.
# Builds chase from its dist tarball (no libtool or gnuplot needed there),
# then GPU 0 reads GPU 1's memory, the host's and managed memory (the
# sweep, loads from the peer sweep, bandwidth), with its own memory beside
# them as the baseline of the same session; each run timed, every result
# in one archive under $OUT, and a summary of what would confirm it.
# usage: tests/gpu/memory.sh chase-VERSION.tar.gz
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
final=${OUT:-$PWD/gpu-out}
mkdir -p "$final"
OUT=$(mktemp -d)/memory
mkdir -p "$OUT"
tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
log() { echo "== $*"; }
# timed NAME SECONDS COMMAND...: one run under a time limit (a hung peer
# read must not take the session), its stderr kept, its wall time logged.
timed() {
    name=$1 limit=$2
    shift 2
    t0=$(date +%s.%N)
    timeout "$limit" "$@" 2> "$OUT/$name.err"
    st=$?
    t1=$(date +%s.%N)
    awk -v n="$name" -v s="$st" -v a="$t0" -v b="$t1" 'BEGIN { printf "%-16s exit %3d %7.2f s\n", n, s, b - a }' |
        tee -a "$OUT/times.txt"
    pack
}
# The archive again after every run: a session cut short keeps what ran.
pack() {
    tar -czf "$final/memory.tar.gz.tmp" -C "$(dirname "$OUT")" memory && mv "$final/memory.tar.gz.tmp" "$final/memory.tar.gz"
}

log "devices and links (nvidia-smi's, for the record: chase says the link is unknown to the runtime)"
nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,clocks.max.sm --format=csv | tee "$OUT/device.txt"
nvidia-smi topo -m | tee "$OUT/topo.txt"

log "build from $tarball"
cd "$work" && tar -xzf "$tarball" && cd chase-*/ || exit 1
if ! { ./configure --with-cuda --without-hip --with-cuda-arch=90 --enable-werror && make -j16; } \
    > "$OUT/build.log" 2>&1; then
    tail -30 "$OUT/build.log"
    exit 1
fi
unset CHASE_BACKEND_PATH CHASE_DATA_DIR
./chase --list-backends

log "sweeps from GPU 0: its own memory, GPU 1's, the host's, managed"
timed local 45 ./chase -b cuda --max 1G -q -o "$OUT/local.tsv"
timed peer 100 ./chase -b cuda --memory peer:1 --max 1G -q -o "$OUT/peer.tsv"
timed host 100 ./chase -b cuda --memory host --max 1G -q -o "$OUT/host.tsv"
timed managed 45 ./chase -b cuda --memory managed --max 256M -q -o "$OUT/managed.tsv"
timed peer-cg 60 ./chase -b cuda --memory peer:1 --cache-op cg --max 256M -q -o "$OUT/peer-cg.tsv"
log "loads at the peer's L2, bandwidth through the link and from the host"
timed loads-peer 60 ./chase loads -b cuda --memory peer:1 --from "$OUT/peer.tsv" --level "peer L2" -q \
    -o "$OUT/loads-peer.tsv"
timed bw-peer 60 ./chase bandwidth -b cuda --memory peer:1 --max 1G -q -o "$OUT/bw-peer.tsv"
timed bw-host 60 ./chase bandwidth -b cuda --memory host --max 1G -q -o "$OUT/bw-host.tsv"
log "refusals: a device past the node (exit 11), the measuring device itself (exit 2)"
timed no-peer 15 ./chase -b cuda --memory peer:64 --max 1M -q -o "$OUT/x.tsv"
cat "$OUT/no-peer.err"
timed self 15 ./chase -b cuda -d 1 --memory peer:1 --max 1M -q -o "$OUT/x.tsv"
cat "$OUT/self.err"

log "summary"
{
for f in local peer peer-cg host managed; do
    echo "-- $f"
    grep -E '^# (memory_|driver\.(p2p|link))' "$OUT/$f.tsv" 2>/dev/null
    grep -E '^# level:' "$OUT/$f.tsv" 2>/dev/null | cut -f1-4
done
echo "-- loads-peer, one lane (level, bytes, latency)"
awk -F '\t' '/^# table:/ { on = $0 == "# table: loads" } on && !/^#/ && $4 == 1 { print $1, $2, $7 }' \
    "$OUT/loads-peer.tsv" 2>/dev/null
for f in bw-peer bw-host; do
    echo "-- $f (level, op, working set, GB/s)"
    awk -F '\t' '/^# table:/ { on = $0 == "# table: levels" } on && !/^#/ { print $1, $2, $8, $14 }' \
        "$OUT/$f.tsv" 2>/dev/null
done
echo "-- the peer and host sweeps: cycles near 64 KiB, 16 MiB, 256 MiB, 1 GiB (the nearest point measured)"
for f in peer host; do
    awk -F '\t' -v f="$f" '/^# table:/ { on = $0 == "# table: points" } on && !/^#/ && $1 + 0 > 0 { b[NR] = $1; c[NR] = $2 }
        END { split("65536 16777216 268435456 1073741824", w, " ")
              for (i = 1; i <= 4; i++) { best = 0; for (k in b) if (!best || (b[k] - w[i])^2 < (b[best] - w[i])^2) best = k
                                        printf "%s %s B: %s cycles\n", f, b[best], c[best] } }' "$OUT/$f.tsv" 2>/dev/null
done
} | tee "$OUT/summary.txt"
pack
echo "results: $final/memory.tar.gz"
