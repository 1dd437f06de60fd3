# analyze-h100.sh: the level finder on chase's own default sweeps of one H100
# (tests/data/h100-chase-*.tsv, four leases on 2026-11-22).  The L1 is flat
# at 32.0 cycles to 193-240 KiB, climbs 1-3 cycles over what is left of it
# (a shoulder whose start moves from run to run), then jumps to 55 cycles at
# 245 KiB and on to the L2.  Every run must give one L1 ending at the jump,
# with the shoulder noted, and the same L2 levels.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

K=1024
M=1048576
# name lo hi cycles note of each level (a name's spaces made _).
levels() {
    "$CHASE" analyze -f tsv "$srcdir/tests/data/$1" | grep '^# level: ' |
        sed 's/^# level: //; s/ /_/g' | awk -F '\t' '{
            for (i = 2; i <= NF; i++) { k = $i; sub(/=.*/, "", k); v = $i; sub(/^[^=]*=/, "", v); f[k] = v }
            print $1, f["lo"], f["hi"], f["cycles"], (f["note"] == "" ? "-" : f["note"]); delete f }'
}
for n in 1 2 3 4; do
    levels "h100-chase-$n.tsv" > "$tmp/$n"
    check "H100 sweep $n: four levels: L1, L2 near, L2 far, memory" \
        test "$(cut -d' ' -f1 "$tmp/$n" | tr '\n' ' ')" = "L1 L2_near L2_far memory "
    check "H100 sweep $n: the L1 ends at the jump, 234-251 KiB, in an interval of 1/16 octave or less" \
        awk -v K=$K 'NR == 1 { exit !($2 >= 234 * K && $3 <= 251 * K && $3 / $2 <= 2 ^ (1 / 16)) }' "$tmp/$n"
    check "H100 sweep $n: L1 latency the flat plateau's, 31.9-32.1 cycles" \
        awk 'NR == 1 { exit !($4 >= 31.9 && $4 <= 32.1) }' "$tmp/$n"
    check "H100 sweep $n: the L1's note names its shoulder" \
        awk 'NR == 1 { exit !($5 ~ /^shoulder_from_/) }' "$tmp/$n"
    check "H100 sweep $n: the near L2 ends at 22-26 MiB, the far at 48-52 MiB" \
        awk -v M=$M 'NR == 2 { a = $2 >= 22 * M && $3 <= 26 * M } NR == 3 { b = $2 >= 48 * M && $3 <= 52 * M }
                     END { exit !(a && b) }' "$tmp/$n"
done
check "H100: the four sweeps give the L1 one interval" \
    test "$(awk 'NR == 1 { print $2, $3 }' "$tmp/1" "$tmp/2" "$tmp/3" "$tmp/4" | sort -u | wc -l)" -eq 1
# A tlb file's curve climbs at TLB steps, not cache levels: analyze and
# plot name no level on it, and say why (an "L1, 293 cyc" was drawn).
"$CHASE" analyze "$srcdir/data/h100-report/tlb.tsv" > "$tmp/tlb.out" 2> "$tmp/tlb.err"
st=$?
check "analyze of a tlb file: exit $st, no cache level named ($(head -1 "$tmp/tlb.err" | cut -c1-80))" \
    sh -c '[ "$3" -eq 0 ] && ! grep -q "^L1 " "$1" && grep -q "a tlb file.s curve is not a sweep.s" "$2"' sh "$tmp/tlb.out" \
    "$tmp/tlb.err" "$st"
finish
