# analyze-cpu.sh: the level finder on real, noisy CPU curves (an AMD EPYC VM:
# L1d 32 KiB, L2 1 MiB, L3 32 MiB of which the VM sees 3.5-5 MiB).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

K=1024
M=1048576
# name lo hi cycles of each level (a name's spaces made _).
levels() {
    "$CHASE" analyze -f tsv "$srcdir/tests/data/$1" | grep '^# level: ' |
        sed 's/^# level: //; s/[a-z_]*=//g; s/ /_/g' | cut -f1-4 | tr '\t' ' '
}
# The L1: named so, about 3 cycles, its interval where the curve leaves it.
l1() { awk -v K=$K 'NR == 1 { exit !($1 == "L1" && $4 > 2.5 && $4 < 3.5 && $3 >= 0.6 * 32 * K && $2 <= 1.09 * 32 * K) }' "$1"; }
# A step of 1.5x or more whose interval reaches 0.25 .. 1.09 MiB.
l2() {
    awk -v M=$M 'NR > 1 && c && $4 >= 1.5 * c && hi >= 0.25 * M && lo <= 1.09 * M { ok = 1 }
                 { lo = $2; hi = $3; c = $4 } END { exit !ok }' "$1"
}
# No level boundary between 36 and 256 KiB (the L2's noise and bumps).
quiet() { awk -v K=$K '($2 > 36 * K && $2 < 256 * K) || ($3 > 36 * K && $3 < 256 * K) { bad = 1 } END { exit bad }' "$1"; }
# The L3: about 40 cycles, ending at 3-5 MiB (the VM's share; 3.2 MiB on
# the first curve); the last level past it.
l3() {
    awk -v M=$M '$1 == "L3" && $4 > 30 && $4 < 50 && $3 >= 3 * M && $2 <= 5.1 * M { ok = 1 }
                 END { exit !(ok && $1 == "beyond_L3") }' "$1"
}

for i in 1 2 3 4 5; do
    levels cpu-epyc-$i.tsv > "$tmp/l"
    echo "cpu-epyc-$i:"
    cat "$tmp/l"
    check "EPYC $i: an L1 at about 3 cycles ending near 32 KiB" l1 "$tmp/l"
    check "EPYC $i: a step of 1.5x or more at 0.25-1.09 MiB" l2 "$tmp/l"
    check "EPYC $i: no level boundary between 36 and 256 KiB" quiet "$tmp/l"
    check "EPYC $i: an L3 at about 40 cycles ending at 3-5 MiB, then beyond L3" l3 "$tmp/l"
done
finish
