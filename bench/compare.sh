#!/bin/sh
# compare.sh: plateau medians of a chase curve against a reference curve, in
# the same working-set windows (both files: '#' lines, then bytes and cycles
# in the first two columns, as chase's TSV and the references have them).
# usage: bench/compare.sh CHASE.tsv REFERENCE.tsv [LO:HI:NAME ...]
# Windows default to the H100's levels (L1 at 2-8 KiB, where a cold first pass
# weighs least in curves measured without a warm-up).  Prints one line a window and the
# ratio chase/reference.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -eu
ours=$1 ref=$2
shift 2
[ $# -gt 0 ] || set -- 2048:8192:L1 1048576:16777216:L2 33554432:46137344:L2-far 62914560:134217728:memory
for w in "$@"; do
    lo=${w%%:*} rest=${w#*:}
    hi=${rest%%:*} name=${rest#*:}
    median() {
        awk -v lo="$lo" -v hi="$hi" '/^[0-9]/ && $1 >= lo && $1 <= hi { print $2 }' "$1" | sort -g |
            awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2); else print "nan" }'
    }
    a=$(median "$ours") b=$(median "$ref")
    awk -v n="$name" -v a="$a" -v b="$b" -v lo="$lo" -v hi="$hi" \
        'BEGIN { printf "%-8s %10d..%-10d chase %7.1f  reference %7.1f  ratio %.3f\n", n, lo, hi, a, b, (b > 0 ? a / b : 0) }'
done
