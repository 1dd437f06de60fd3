#!/bin/sh
# ab.sh: a change against the code before it, side by side on one machine:
# builds two dist tarballs (CUDA only, for this GPU's architecture), then
# runs the same chase command with each, alternating, and times each run
# from process start to exit.  Results land in $OUT (default ./ab-out).
# usage: bench/ab.sh OLD.tar.gz NEW.tar.gz RUNS CUDA_ARCH [chase options...]
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -eu
old=$1 new=$2 runs=$3 arch=$4
shift 4
OUT=${OUT:-$PWD/ab-out}
mkdir -p "$OUT"
work=$(mktemp -d)
for side in a b; do
    tarball=$old
    [ $side = b ] && tarball=$new
    mkdir -p "$work/$side"
    tar -xzf "$tarball" -C "$work/$side"
    (cd "$work/$side"/chase-*/ &&
        ./configure --prefix="$work/$side/inst" --with-cuda --without-hip --with-cuda-arch="$arch" \
            > "$OUT/build-$side.log" 2>&1 &&
        make -j16 >> "$OUT/build-$side.log" 2>&1 && make install >> "$OUT/build-$side.log" 2>&1) ||
        { echo "build $side failed"; tail -20 "$OUT/build-$side.log"; exit 1; }
done
i=1
while [ "$i" -le "$runs" ]; do
    for side in a b; do
        t0=$(date +%s.%N)
        "$work/$side/inst/bin/chase" -q "$@" -o "$OUT/$side-$i.tsv" || echo "run $side $i: exit $?"
        t1=$(date +%s.%N)
        echo "$side run $i: $(awk "BEGIN { printf \"%.2f\", $t1 - $t0 }") s, $(grep -c '^[0-9]' "$OUT/$side-$i.tsv") points"
    done
    i=$((i + 1))
done
echo "$work"
