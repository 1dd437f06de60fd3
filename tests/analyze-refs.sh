# analyze-refs.sh: the level finder on real curves measured elsewhere
# (tests/data, copied from the project's reference curves with their sources).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

levels() {
    "$CHASE" analyze -f tsv "$srcdir/tests/data/$1" | grep '^# level' | fields
}
# A level line's name (spaces made _), lo, hi and cycles.
fields() { sed 's/^# level: //; s/[a-z]*=//g; s/ /_/g' | cut -f1-4 | tr '\t' ' '; }
# level N's field: name lo hi cycles
field() { awk -v n="$2" -v f="$3" 'NR == n { print $f }' "$1"; }
within() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v >= lo && v <= hi) }'; }

K=1024
M=1048576
levels turing-rtx2080ti-seed.tsv > "$tmp/t"
check "Turing: three levels (L1, L2, memory)" test "$(wc -l < "$tmp/t")" -eq 3
check "Turing: L1's plateau reaches 40 KiB" within "$(field "$tmp/t" 1 2)" $((40 * K)) $((64 * K))
# The curve leaves the L1 plateau at 48 KiB and ramps to L2 by 80 KiB; the
# interval ends at the first size clearly above the plateau, at most the
# 64 KiB the README gives.
check "Turing: L1's interval ends where the ramp to L2 starts, 48-64 KiB" \
    within "$(field "$tmp/t" 1 3)" $((48 * K)) $((64 * K))
check "Turing: L1 at about 37 cycles" within "$(field "$tmp/t" 1 4)" 35 39
check "Turing: L2 ends between 5 and 6 MiB" \
    sh -c "[ $(field "$tmp/t" 2 2) -ge $((5 * M)) ] && [ $(field "$tmp/t" 2 3) -le $((6 * M)) ]"
check "Turing: memory about 420 cycles" within "$(field "$tmp/t" 3 4)" 410 430

levels mi300x-gpu-benches.tsv > "$tmp/m"
check "MI300X: L1 ends at 32 KiB" sh -c "[ $(field "$tmp/m" 1 2) -eq $((32 * K)) ]"
check "MI300X: L2 ends at about 4 MiB" within "$(field "$tmp/m" 2 2)" $((3800 * K)) $((4200 * K))
check "MI300X: five levels (L1, L2, Infinity Cache, the same past the TLB's reach, memory)" \
    test "$(wc -l < "$tmp/m")" -eq 5
check "MI300X: a level ends at the TLB step near 64 MiB" within "$(field "$tmp/m" 3 2)" $((56 * M)) $((80 * M))
check "MI300X: the Infinity Cache at about 455 cycles before the step" within "$(field "$tmp/m" 3 4)" 445 465
n=$(wc -l < "$tmp/m")
check "MI300X: the Infinity Cache region ends at about 256 MiB" \
    within "$(field "$tmp/m" $((n - 1)) 2)" $((220 * M)) $((272 * M))
check "MI300X: memory about 890 cycles" within "$(awk 'END { print $4 }' "$tmp/m")" 860 900

levels h100-sxm-gpu-benches.tsv > "$tmp/h"
check "H100: four levels (L1, near L2, far L2, memory)" test "$(wc -l < "$tmp/h")" -eq 4
check "H100: L1 ends between about 208 and 247 KiB" \
    sh -c "[ $(field "$tmp/h" 1 2) -ge $((208 * K)) ] && [ $(field "$tmp/h" 1 3) -le $((248 * K)) ]"
check "H100: the near L2 ends between about 22.6 and 26.6 MiB" \
    sh -c "[ $(field "$tmp/h" 2 2) -ge $((22 * M)) ] && [ $(field "$tmp/h" 2 3) -le $((27 * M)) ]"
check "H100: the far L2 partition ends near 50 MiB" within "$(field "$tmp/h" 3 2)" $((45 * M)) $((54 * M))
check "H100: far L2 about 530 cycles" within "$(field "$tmp/h" 3 4)" 520 540
check "H100: memory about 688 cycles" within "$(field "$tmp/h" 4 4)" 680 696

# gpu-benches' curve from the same H100, side by side with chase: its L1
# latency climbs smoothly from 32.5 to 48 cycles, a slope and not a level.
levels h100-sxm-gpu-benches-side-by-side.tsv > "$tmp/s"
check "H100 side by side: four levels (L1, near L2, far L2, memory), none from the L1's slope" \
    test "$(wc -l < "$tmp/s")" -eq 4
check "H100 side by side: one L1, ending between about 208 and 247 KiB" \
    sh -c "[ $(field "$tmp/s" 1 2) -ge $((208 * K)) ] && [ $(field "$tmp/s" 1 3) -le $((248 * K)) ]"
check "H100 side by side: L1 latency where it is flattest, about 32.7 cycles" within "$(field "$tmp/s" 1 4)" 32 34
check "H100 side by side: the near L2 ends between about 22 and 27 MiB" \
    sh -c "[ $(field "$tmp/s" 2 2) -ge $((22 * M)) ] && [ $(field "$tmp/s" 2 3) -le $((27 * M)) ]"
check "H100 side by side: the far L2 ends near 50 MiB" within "$(field "$tmp/s" 3 2)" $((45 * M)) $((54 * M))
check "H100 side by side: memory about 675 cycles" within "$(field "$tmp/s" 4 4)" 668 682

# Small noise must not move the levels (a different level count or an
# interval that moves by more than a step would).
awk 'BEGIN { srand(7) } /^#/ { print; next } { $2 = $2 * (1 + 0.004 * (rand() - 0.5)); print }' \
    "$srcdir/tests/data/h100-sxm-gpu-benches.tsv" > "$tmp/noisy.tsv"
"$CHASE" analyze -f tsv "$tmp/noisy.tsv" | grep '^# level' | fields > "$tmp/hn"
check "H100 with 0.4% noise: same levels" \
    awk 'NR == FNR { lo[FNR] = $2; n = FNR; next } { if (FNR > n || $2 < lo[FNR] / 1.1 || $2 > lo[FNR] * 1.1) bad = 1; m = FNR }
         END { exit bad || m != n }' "$tmp/h" "$tmp/hn"
finish
