# sim-sms.sh: chase sms and the sweep's SM spread against known truth: the
# sim spec's sms: section makes some multiprocessors far (they pay `extra`
# cycles where one level serves a load), and the spread must name them the
# slowest by exactly that much, at that level only.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

sim='L1:size=4K,ways=4,lat=4;L2:size=64K,ways=8,lat=20,policy=fifo;mem:lat=150'

# rows LEVEL FILE: the SMs' cycles at LEVEL from an sms table, as "sm cycles".
rows() {
    awk -F'\t' -v L="$1" '!/^#/ && $2 == L { print $1, $4 }' "$2"
}
# spread FILE LEVEL KEY: a key of a level's line in the spread table.
spread() {
    awk -v L="$2" -v K="$3" '$1 == "#" && $2 == "spread:" && $3 == L {
        for (i = 4; i <= NF; i++) { split($i, kv, "="); if (kv[1] == K) print kv[2] } }' "$1"
}
# within A B TOL: |A - B| <= TOL.
within() {
    awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; exit !(d <= t && -d <= t) }'
}

# --- the L2's far half: SMs 4..7 read it 20 cycles slower, memory alike
"$CHASE" sms --sim "$sim;sms:count=8,far=4,extra=20" -f tsv -o "$tmp/sms.tsv" 2> "$tmp/err"
check "chase sms with an sms: section runs (exit $?): $(head -1 "$tmp/err")" test -s "$tmp/sms.tsv"
check "every SM probed at each level past the first: 16 rows" \
    test "$(data "$tmp/sms.tsv" | wc -l)" -eq 16
check "the L2 from SMs 0-3 costs 20 cycles, from SMs 4-7 (far) 40" \
    test "$(rows L2 "$tmp/sms.tsv" | awk '{ w = $1 < 4 ? 20 : 40; if ($2 < w - 0.01 || $2 > w + 0.01) bad = 1 } END { print bad + 0 }')" = 0
check "memory costs every SM the same (150 cycles): the far group pays at the L2 only" \
    test "$(rows memory "$tmp/sms.tsv" | awk '$2 < 149.99 || $2 > 150.01 { bad = 1 } END { print bad + 0 }')" = 0
max_sm=$(spread "$tmp/sms.tsv" L2 max_sm)
min=$(spread "$tmp/sms.tsv" L2 min)
max=$(spread "$tmp/sms.tsv" L2 max)
check "the spread names a far SM the L2's slowest (SM $max_sm)" test "${max_sm:-0}" -ge 4
check "... slower than the fastest by the configured extra: $max - $min = 20" \
    within "$(awk -v a="$max" -v b="$min" 'BEGIN { print a - b }')" 20 0.01
check "... and memory's spread is none (max_sm $(spread "$tmp/sms.tsv" memory max_sm))" \
    within "$(spread "$tmp/sms.tsv" memory max)" "$(spread "$tmp/sms.tsv" memory min)" 0.01
check "the report at the terminal names SM 4 slowest at 40 cycles" grep -q '^L2 .* 4: 40\.0$' "$tmp/err"

# --- another level and group: memory, the last two of six, 35 cycles
"$CHASE" sms --sim "$sim;sms:count=6,far=2,extra=35,level=mem" -f tsv -o "$tmp/mem.tsv" 2> /dev/null
check "level=mem: memory's slowest is SM 4 (far), 35 cycles above the fastest" \
    sh -c "[ '$(spread "$tmp/mem.tsv" memory max_sm)' = 4 ] && [ '$(spread "$tmp/mem.tsv" memory sms)' = 6 ]"
check "... by 35 cycles" within "$(spread "$tmp/mem.tsv" memory max)" "$(awk -v m="$(spread "$tmp/mem.tsv" memory min)" 'BEGIN { print m + 35 }')" 0.01
check "... and the L2 spread is none" \
    within "$(spread "$tmp/mem.tsv" L2 max)" "$(spread "$tmp/mem.tsv" L2 min)" 0.01

# --- the sweep's spread, from the run's SM
"$CHASE" --sim "$sim;sms:count=8,far=4,extra=20" --max 512K --steps 4 -q -f tsv -o "$tmp/sweep.tsv"
check "the sweep writes the spread: the L2's slowest SM is far, 20 cycles above SM 0" \
    sh -c "[ '$(spread "$tmp/sweep.tsv" L2 max_sm)' -ge 4 ] && [ '$(spread "$tmp/sweep.tsv" L2 walker_sm)' = 0 ]"
"$CHASE" --sim "$sim;sms:count=8,far=4,extra=20" --sm 6 --max 512K --steps 4 -q -f tsv -o "$tmp/sm6.tsv"
check "--sm 6: the sweep walks from a far SM: the L2 at 40 cycles ($(spread "$tmp/sm6.tsv" L2 walker))" \
    within "$(spread "$tmp/sm6.tsv" L2 walker)" 40 0.01
"$CHASE" --sim "$sim" --max 512K --steps 4 -q -f tsv -o "$tmp/plain.tsv"
check "without an sms: section the sweep has no spread (one unpinnable device, as before)" \
    sh -c "! grep -q '^# table: spread' '$tmp/plain.tsv'"

# --- what is refused
expect 7 'sim backend cannot run a load on a chosen multiprocessor' sms --sim "$sim" -q -o /dev/null
expect 7 'cannot run a load on a chosen multiprocessor' sms --sim "$sim;sms:count=1" -q -o /dev/null
expect 2 'not available on the sim backend' --sim "$sim" --sm 1 -q -o /dev/null
expect 2 'the simulated device has 8 multiprocessors \(0 to 7\)' --sim "$sim;sms:count=8" --sm 8 -q -o /dev/null
expect 2 'sms needs count=' --sim "$sim;sms:far=2" -q -o /dev/null
expect 2 'far=9 is more than count=8' --sim "$sim;sms:count=8,far=9" -q -o /dev/null
expect 2 'level=L3 names no level' --sim "$sim;sms:count=8,level=L3" -q -o /dev/null
expect 2 'count=0 is not a whole number from 1 to 1024' --sim "$sim;sms:count=0" -q -o /dev/null
expect 2 'more than one sms section' --sim "$sim;sms:count=2;sms:count=4" -q -o /dev/null
finish
