# sweep-sizes.sh: chase --sizes measures the working sets named and no
# others (rounded up to the stride, in order, once; no refinement), says
# so in its metadata, and refuses a list it cannot take.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

spec='L1:size=8K,lat=4;L2:size=256K,ways=16,lat=20;mem:lat=200'
"$CHASE" --sim "$spec" --sizes 2M,64K,5000,64K -q -o "$tmp/s.tsv"
st=$?
check "--sizes 2M,64K,5000,64K: exit 0 (got $st)" test "$st" -eq 0
check "three points: 5000 rounded up to the 64 B line (5056), 64K, 2M; the repeat once" \
    test "$(data "$tmp/s.tsv" | cut -f1 | tr '\n' ' ')" = "5056 65536 2097152 "
check "each the spec's latency: 4, 20, 200 cycles" \
    test "$(data "$tmp/s.tsv" | cut -f2 | tr '\n' ' ')" = "4 20 200 "
check "the metadata says the sizes were given, and no grid" grep -q '^# sizes: as given (--sizes)' "$tmp/s.tsv"
check "... and names no steps or refinement" sh -c '! grep -q "^# \(steps\|refine\):" "$1"' sh "$tmp/s.tsv"

# Opened with room for the sizes given, not the default working set: a
# hierarchy whose default (4 x its 128 MiB L2) in 16 B steps is more lines
# than the simulator walks is refused without --sizes, measured with.
big='L1:size=8K,lat=4;L2:size=128M,ways=16,lat=20;mem:lat=200'
"$CHASE" --sim "$big" --sizes 64K --stride 16 -q -o "$tmp/room.tsv" 2> "$tmp/room.err"
st=$?
check "--sizes 64K of a 128 MiB L2 in 16 B steps: exit 0 (got $st: $(head -c 200 "$tmp/room.err"))" test "$st" -eq 0
check "... one point, at 64 KiB" test "$(data "$tmp/room.tsv" | cut -f1 | tr '\n' ' ')" = "65536 "
"$CHASE" --sim "$big" -s 2 --stride 16 -q -o "$tmp/room2.tsv" 2> "$tmp/room2.err"
st=$?
check "the same without --sizes opens the default 512 MiB: refused (got $st)" test "$st" -ne 0
check "... saying why" grep -q "walks at most" "$tmp/room2.err"

expect 2 "give up to 256 sizes separated by commas" --sim "$spec" --sizes 1K,,2K
expect 2 "ends with a comma" --sim "$spec" --sizes 1K,
expect 2 "'0' is no working set" --sim "$spec" --sizes 0
expect 2 "unknown unit" --sim "$spec" --sizes 1Q
expect 2 "too large" --sim "$spec" --sizes 99999999T
expect 2 "give one or the other" --sim "$spec" --sizes 1K --max 2K
expect 2 "give one or the other" --sim "$spec" --sizes 1K -s 4
expect 2 "chase tlb does not take --sizes" tlb --sim "$spec" --sizes 1K
many=$(awk 'BEGIN { for (i = 1; i <= 257; i++) printf "%s%dK", (i > 1 ? "," : ""), i }')
expect 2 "give up to 256 sizes" --sim "$spec" --sizes "$many"

finish
