# bandwidth-cpu.sh: chase bandwidth on this machine's CPU (every core, a
# thread pinned to each).  A level further out delivers less: for each
# operation, the median GB/s of the points that fit the first cache the OS
# reports is above the median of the points past twice the second one.
# (A weaker claim than "each level found above the next": a shared
# machine's neighbours make single points scatter by 2-5x, which the level
# finder's plateaus follow and medians over a dozen points do not; the
# claim still fails where the levels are not what the OS says, or where
# the hook's timing is wrong.)  One thread a core; no clock invented where
# there is none; the fixed launch shape.  Small (16 MiB, 2 points an
# octave) so make check stays quick.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

"$CHASE" bandwidth -b cpu --max 16M --steps 2 --repeat 2 -q -o "$tmp/bw.tsv" 2> "$tmp/err" < /dev/null
st=$?
check "chase bandwidth -b cpu exits 0 (got $st: $(head -1 "$tmp/err"))" test $st -eq 0
l1=$(sed -n 's/^# driver\.cache\.L1: //p' "$tmp/bw.tsv")
l2=$(sed -n 's/^# driver\.cache\.L2: //p' "$tmp/bw.tsv")
# median OP LO HI [FILE]: the median GB/s of op's points with LO <= bytes
# <= HI (in FILE, else the first run's).
median() {
    awk -F'\t' -v op="$1" -v lo="$2" -v hi="$3" '/^# table: points/ { t = 1; getline; next } /^# table:/ { t = 0 }
        t && $1 == op && $3 >= lo && $3 <= hi { print $8 }' "${4:-$tmp/bw.tsv}" | sort -g |
        awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
if [ -n "$l1" ] && [ -n "$l2" ] && [ $((2 * l2)) -lt $((16 << 20)) ]; then
    for op in read write copy; do
        near=$(median $op 0 "$l1") far=$(median $op $((2 * l2)) $((16 << 20)))
        # A comparison of timings: off where timing checks are (a sanitizer
        # build, distcheck's second run beside other tests).
        # Judged for read; write and copy said (on this 2-vCPU VM a write
        # within the L1 has read 26 GB/s against 35 past the L2 on one run
        # and above it on others: small sets pay the passes' barriers).
        if [ "$op" != read ]; then
            echo "# $op: $near GB/s within L1 ($l1 B), $far GB/s past 2 x L2 (said, not judged)"
        elif [ -n "${CHASE_TEST_NO_TIMING:-}" ]; then
            ok "# SKIP $op: $near GB/s within L1 against $far past 2 x L2: timing checks are off (CHASE_TEST_NO_TIMING)"
        else
            # Measured again once before it fails, as the other CPU timing
            # checks are: a CI run here read 117 GB/s within the L1 against
            # 153 past 2 x L2 once, in 1 of 5 runs of one day.
            if ! awk -v a="$near" -v b="$far" 'BEGIN { exit !(a != "" && b != "" && a + 0 > b + 0) }'; then
                echo "# $op: $near GB/s within L1, $far past 2 x L2: measured again"
                "$CHASE" bandwidth -b cpu --max 16M --steps 2 --repeat 2 --op read -q -o "$tmp/bw2.tsv" 2> /dev/null < /dev/null &&
                    near=$(median $op 0 "$l1" "$tmp/bw2.tsv") far=$(median $op $((2 * l2)) $((16 << 20)) "$tmp/bw2.tsv")
            fi
            check "$op: $near GB/s within L1 ($l1 B) above $far GB/s past 2 x L2 ($((2 * l2)) B)" \
                awk -v a="$near" -v b="$far" 'BEGIN { exit !(a != "" && b != "" && a + 0 > b + 0) }'
        fi
        n=$(awk -F'\t' -v op="$op" '/^# table: levels/ { t = 1; getline; next } t && !/^#/ && $2 == op' "$tmp/bw.tsv" | wc -l)
        check "$op: the level finder found a level on the curve ($n)" test "$n" -ge 1
    done
else
    echo "# the OS reports no L1 and L2 below 8 MiB here: the level comparison is not made"
fi
units=$(awk -F'\t' '$1 == "read" { print $7; exit }' "$tmp/bw.tsv")
cores=$(getconf _NPROCESSORS_ONLN 2> /dev/null || echo 1)
check "one thread a core: $units of $cores logical CPUs" test "${units:-0}" -ge 1 -a "${units:-0}" -le "$cores"
# No sample past what any x86 core can move: two 64-byte loads a cycle at
# 6 GHz, 768 GB/s a core, twice that for a copy (its bytes are counted
# read and written).  A sample is timed from the first thread's start to
# the last one's end, by the threads themselves; timed by the unpinned main
# thread around the barriers, it could start a whole pass late (the main
# thread shared a CPU with a worker): an 8 MiB read was timed at 4.8 us, a
# p95 of 8505 GB/s on 2 cores.  A ratio to the point's median is no test:
# beside a full make check the median is the contended samples' and one
# quiet sample read 4.5 x it.
cores=$(getconf _NPROCESSORS_ONLN 2> /dev/null || echo 1)
check "no point's p95 past 1536 GB/s a core ($cores cores: no sample timed short)" \
    awk -F'\t' -v c="$cores" '/^# table: points/ { t = 1; getline; next } /^# table:/ { t = 0 }
        t && !/^#/ && NF > 10 && $10 + 0 > 1536 * c { print $1, $3, $8, $10; bad = 1 } END { exit bad }' "$tmp/bw.tsv"
check "no SM clock on a CPU: every point's clock_mhz is nan" \
    awk -F'\t' '/^# table: points/ { t = 1; getline; next } /^# table:/ { t = 0 } t && !/^#/ && NF > 10 && $12 != "nan" { bad = 1 }
        END { exit bad }' "$tmp/bw.tsv"
check "one launch shape (the cpu backend's own): shapes 1 in every level" \
    awk -F'\t' '/^# table: levels/ { t = 1; getline; next } t && !/^#/ && NF > 10 && $13 != 1 { bad = 1 } END { exit bad }' "$tmp/bw.tsv"
finish
