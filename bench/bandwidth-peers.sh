#!/bin/sh
# bandwidth-peers.sh: chase bandwidth beside its peers on one NVIDIA GPU, in
# one lease: gpu-benches' gpu-stream, gpu-cache and gpu-l2-cache and
# BabelStream's CUDA model, each built here from its public source (a
# tarball: no network is assumed), never copied into chase.
#
#   sh bench/bandwidth-peers.sh CHASE_TARBALL PEERS_DIR
#
# PEERS_DIR holds gpu-benches.tar.gz and BabelStream.tar.gz (git archive
# --prefix=gpu-benches/ and --prefix=BabelStream/ of their repositories); a
# missing one is skipped and said so.  Everything goes under $OUT (or
# ./bandwidth-peers.out): each build's log, each program's output, chase's
# files and summary.txt, the table per operation and level of chase's figure
# beside each peer's best.
#
# Environment: CUDA_HOME (default /usr/local/cuda), ARCH (sm_90),
# BACKEND (cuda; -b sim tries the script's chase part anywhere),
# CHASE_MAX (4G: chase's curve runs to it), PEER_TIMEOUT (600 s a peer).
# Needs sh, tar, gzip, make, a C compiler, nvcc; cmake is used for
# BabelStream when present, nvcc directly when not.  A step that fails is
# logged and the rest go on; the exit status is 0 when chase itself ran.
#
# What the peers print (read from their sources):
#   gpu-stream: a line a block size, after "GB/s:" the columns init (a
#     write), read, scale (a copy: one read, one write), triad, 3pt, 5pt;
#   gpu-cache: "<kB> kB <ms>ms <spread>% <GB/s> GB/s ...": every block
#     reads the same data set of that many kB (replicated);
#   gpu-l2-cache: "<kB> kB <kB> kB <ms>ms <spread>% <GB/s> GB/s": a block's
#     data set, and all blocks' together (partitioned);
#   BabelStream --csv: function,num_times,n_elements,sizeof,max_GB_per_sec,...
#     (Copy: copy; Dot: a read of two arrays).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u

if [ $# -ne 2 ]; then
    echo "usage: sh bench/bandwidth-peers.sh CHASE_TARBALL PEERS_DIR" >&2
    exit 2
fi
tarball=$1
peers=$2
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=$cuda/bin/nvcc
arch=${ARCH:-sm_90}
backend=${BACKEND:-cuda}
max=${CHASE_MAX:-4G}
limit=${PEER_TIMEOUT:-600}
out=${OUT:-$PWD/bandwidth-peers.out}
jobs=$(getconf _NPROCESSORS_ONLN 2> /dev/null || echo 2)

case $tarball in /*) ;; *) tarball=$PWD/$tarball ;; esac
case $peers in /*) ;; *) peers=$PWD/$peers ;; esac
mkdir -p "$out" || exit 1
work=$(mktemp -d "${TMPDIR:-/tmp}/bw-peers.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
note() { echo "$*" | tee -a "$out/steps.txt"; }

# now_ms: the wall clock in milliseconds (GNU date), to time each run.
now_ms() { date +%s%3N; }

# run_timed NAME CMD...: CMD's stdout to $out/NAME.txt, stderr to
# NAME.err, its seconds to NAME.time; 0 or CMD's status.
run_timed() {
    name=$1
    shift
    t0=$(now_ms)
    timeout "$limit" "$@" > "$out/$name.txt" 2> "$out/$name.err"
    st=$?
    t1=$(now_ms)
    echo "$(((t1 - t0) / 1000)).$(((t1 - t0) % 1000 / 100)) s, exit $st: $*" > "$out/$name.time"
    note "$name: $(cat "$out/$name.time")"
    return $st
}

{ uname -a; nvidia-smi 2>&1 | head -15; "$nvcc" --version 2>&1 | tail -2; } > "$out/machine.txt" 2>&1

# ---- chase, from its tarball ----
chase=""
if tar xzf "$tarball" -C "$work" 2> "$out/chase-build.log"; then
    dir=$(find "$work" -maxdepth 1 -type d -name 'chase-*' | head -1)
    if [ -n "$dir" ] && (cd "$dir" && ./configure --with-cuda="$cuda" --without-hip && make -j"$jobs") \
        >> "$out/chase-build.log" 2>&1; then
        chase=$dir/chase
        note "chase: built ($dir)"
    else
        note "chase: the build failed (chase-build.log)"
    fi
else
    note "chase: cannot unpack $tarball"
fi
if [ -z "$chase" ]; then
    exit 1
fi
CHASE_BACKEND_PATH=$dir
export CHASE_BACKEND_PATH
run_timed chase-bandwidth "$chase" bandwidth -b "$backend" --max "$max" -o "$out/chase-bandwidth.tsv" \
    --plot "$out/chase-bandwidth.png"
chase_st=$?
# --plot needs gnuplot; without it the data stands (exit 6): run again
# without, so the file is there either way.
if [ $chase_st -eq 6 ] || [ ! -s "$out/chase-bandwidth.tsv" ]; then
    run_timed chase-bandwidth "$chase" bandwidth -b "$backend" --max "$max" -o "$out/chase-bandwidth.tsv"
    chase_st=$?
fi
run_timed chase-partitioned "$chase" bandwidth -b "$backend" --op read --placement partitioned --max "$max" \
    -o "$out/chase-partitioned.tsv"
run_timed chase-report "$chase" report -b "$backend" -q -o "$work/report"
[ -d "$work/report" ] && cp -r "$work/report" "$out/chase-report"

# ---- gpu-benches ----
flags="-std=c++17 -O3 -arch=$arch --compiler-options=-O2,-fopenmp -Xcompiler -rdynamic"
cupti="-I$cuda/extras/CUPTI/include -I$cuda/include"
libs="-L$cuda/lib64 -L$cuda/lib64/stubs -L$cuda/extras/CUPTI/lib64 -Xlinker -rpath,$cuda/extras/CUPTI/lib64"
if [ -f "$peers/gpu-benches.tar.gz" ] && tar xzf "$peers/gpu-benches.tar.gz" -C "$work"; then
    for b in stream cache l2-cache; do
        d=$work/gpu-benches/gpu-$b
        # Their Makefiles build for sm_70 with CUPTI and NVML: built for
        # $arch here, with the libraries, then without the CUPTI ones,
        # then without NVML (gpu-stream uses neither).
        if make -C "$d" NVCCFLAGS="$flags" INCLUDES="$cupti" \
            LDFLAGS="$libs -lcupti -lcuda -lnvidia-ml -lnvperf_host -lnvperf_target" > "$out/gpu-$b-build.log" 2>&1 ||
            make -C "$d" NVCCFLAGS="$flags" INCLUDES="$cupti" LDFLAGS="$libs -lcuda -lnvidia-ml" \
                >> "$out/gpu-$b-build.log" 2>&1 ||
            make -C "$d" NVCCFLAGS="$flags" INCLUDES="$cupti" LDFLAGS="$libs -lcuda" >> "$out/gpu-$b-build.log" 2>&1; then
            (cd "$d" && run_timed "gpu-$b" "./cuda-$b")
        else
            note "gpu-$b: the build failed (gpu-$b-build.log)"
        fi
    done
else
    note "gpu-benches: no $peers/gpu-benches.tar.gz (skipped)"
fi

# ---- BabelStream's CUDA model ----
if [ -f "$peers/BabelStream.tar.gz" ] && tar xzf "$peers/BabelStream.tar.gz" -C "$work"; then
    b=$work/BabelStream
    bin=""
    if command -v cmake > /dev/null 2>&1 &&
        cmake -S "$b" -B "$b/build" -DMODEL=cuda -DCMAKE_CUDA_COMPILER="$nvcc" -DCUDA_ARCH="$arch" \
            -DCMAKE_BUILD_TYPE=Release > "$out/babelstream-build.log" 2>&1 &&
        cmake --build "$b/build" -j "$jobs" >> "$out/babelstream-build.log" 2>&1; then
        bin=$b/build/cuda-stream
    fi
    if [ ! -x "$bin" ]; then
        # No cmake (or it failed): the model's sources and defines, as its
        # model.cmake sets them.
        note "BabelStream: building with nvcc directly"
        "$nvcc" -std=c++17 -O3 -arch="$arch" --extended-lambda -DCUDA -DDEFAULT -DGRID_STRIDE -DUNROLL_FACTOR=4 \
            -I"$b/src" -I"$b/src/cuda" "$b/src/main.cpp" "$b/src/cuda/CUDAStream.cu" -o "$work/cuda-stream" \
            -L"$cuda/lib64/stubs" -lnvidia-ml >> "$out/babelstream-build.log" 2>&1 && bin=$work/cuda-stream
    fi
    if [ -x "$bin" ]; then
        run_timed babelstream "$bin" --arraysize 134217728 --csv --gigabytes
    else
        note "BabelStream: the build failed (babelstream-build.log)"
    fi
else
    note "BabelStream: no $peers/BabelStream.tar.gz (skipped)"
fi

# ---- the summary ----
# chase's levels: level op first last gbs bpc peak fraction shape.
awk -F'\t' '/^# table: levels/ { t = 1; getline; sub(/^#/, ""); for (i = 1; i <= NF; i++) c[$i] = i; next }
    /^# table:/ { t = 0 }
    t && !/^#/ && NF > 5 { printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%sx%s\n", $c["level"], $c["op"], $c["first"], $c["last"],
        $c["gbs"], $c["bytes_per_clock_sm"], $c["peak"], $c["fraction"], $c["blocks_per_sm"], $c["threads"] }' \
    "$out/chase-bandwidth.tsv" > "$out/chase-levels.tsv" 2> /dev/null

# best_stream COLUMN: gpu-stream's best figure of a column after "GB/s:" (1 init .. 6 5pt).
best_stream() {
    [ -s "$out/gpu-stream.txt" ] || return 0
    awk -v k="$1" 'index($0, "GB/s:") { split(substr($0, index($0, "GB/s:") + 5), v, " ")
        if (v[k] + 0 > best) best = v[k] + 0 } END { if (best) print best }' "$out/gpu-stream.txt"
}
# best_sized FILE COLUMN LO HI: the best GB/s (field 5 of gpu-cache's, 7 of
# gpu-l2-cache's lines) whose data set (kB in COLUMN) lies in [LO, HI] bytes.
best_sized() {
    [ -s "$1" ] || return 0
    awk -v col="$2" -v lo="$3" -v hi="$4" '$2 == "kB" { b = $col * 1024; g = (col == 1 ? $5 : $7) + 0
        if (b >= lo && b <= hi && g > best) best = g } END { if (best) print best }' "$1"
}
best_babel() {
    [ -s "$out/babelstream.txt" ] || return 0
    awk -F, -v f="$1" '$1 == f { print $5 + 0 }' "$out/babelstream.txt"
}

{
    echo "chase bandwidth beside its peers: GB/s (10^9 B/s), each peer's best over its own sizes and shapes"
    echo "device: $(sed -n 's/^# device: //p' "$out/chase-bandwidth.tsv" 2> /dev/null)"
    echo "chase's run: $(cat "$out/chase-bandwidth.time" 2> /dev/null)"
    echo
    printf '%-8s %-5s %10s %10s %10s %12s %10s %12s %10s %9s %s\n' level op chase "B/clk/SM" gpu-stream gpu-cache \
        l2-cache BabelStream best-peer chase/best "peak (fraction); shape"
    while IFS="$(printf '\t')" read -r level op first last gbs bpc peak frac shape; do
        s="" c="" l="" bs=""
        case $level in
        memory)
            case $op in read) s=$(best_stream 2); bs=$(best_babel Dot) ;;
                        write) s=$(best_stream 1) ;;
                        copy) s=$(best_stream 3); bs=$(best_babel Copy) ;; esac ;;
        shared) ;;
        *)
            if [ "$op" = read ] && [ "$first" != nan ]; then
                c=$(best_sized "$out/gpu-cache.txt" 1 "$first" "$last")
                l=$(best_sized "$out/gpu-l2-cache.txt" 3 "$first" "$last")
            fi ;;
        esac
        best=$(printf '%s\n' "$s" "$c" "$l" "$bs" | awk '$1 + 0 > b { b = $1 + 0 } END { if (b) print b }')
        ratio=$(awk -v a="$gbs" -v b="$best" 'BEGIN { if (b + 0 > 0 && a + 0 > 0) printf "%.3f%s", a / b, (a / b >= 0.98) ? "" : " LOW" }')
        printf '%-8s %-5s %10s %10s %10s %12s %10s %12s %10s %9s %s (%s); %s\n' "$level" "$op" "$gbs" "$bpc" \
            "${s:--}" "${c:--}" "${l:--}" "${bs:--}" "${best:--}" "${ratio:--}" "$peak" "$frac" "$shape"
    done < "$out/chase-levels.tsv"
    echo
    echo "gpu-stream: init = write, read, scale = copy; BabelStream: Dot = read (two arrays), Copy = copy."
    echo "gpu-cache (replicated) and gpu-l2-cache (partitioned, by total data set) within chase's plateau of the level."
    echo "LOW: chase below 98% of the best peer.  Peaks: chase's own columns (the driver's or the architecture's)."
    for f in chase-bandwidth chase-partitioned chase-report gpu-stream gpu-cache gpu-l2-cache babelstream; do
        [ -f "$out/$f.time" ] && echo "$f: $(cat "$out/$f.time")"
    done
} > "$out/summary.txt"
cat "$out/summary.txt"
exit $chase_st
