#!/bin/sh
# sweep-time.sh: wall time of whole chase sweeps, from process start to exit.
# usage: bench/sweep-time.sh OUTDIR RUNS [chase options...]
# Writes OUTDIR/sweep-N.tsv for each run and prints one line per run.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -eu
out=$1 runs=$2
shift 2
chase=${CHASE:-chase}
i=1
while [ "$i" -le "$runs" ]; do
    t0=$(date +%s.%N)
    "$chase" -q "$@" -o "$out/sweep-$i.tsv"
    t1=$(date +%s.%N)
    points=$(grep -c '^[0-9]' "$out/sweep-$i.tsv")
    echo "run $i: $(awk "BEGIN { printf \"%.2f\", $t1 - $t0 }") s wall, $points points: $chase $*"
    i=$((i + 1))
done
