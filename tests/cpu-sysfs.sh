# cpu-sysfs.sh: the cpu backend on this machine.  Its curve must step up past
# the L1d and the L2 that sysfs reports for the CPU it pins its chase to,
# and the level finder must place the first two levels near them.
# A shared machine is noisy: a second sweep is allowed, not a looser check.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

[ -z "${CHASE_TEST_NO_TIMING:-}" ] || skip_all "timing checks are off (CHASE_TEST_NO_TIMING, a sanitizer build)"
l1=$(sysfs_cache_bytes 1 "$(pinned_cpu)" 2>/dev/null)
l2=$(sysfs_cache_bytes 2 "$(pinned_cpu)" 2>/dev/null)
[ -n "$l1" ] && [ -n "$l2" ] || skip_all "sysfs reports no L1d or L2 here"
echo "sysfs of CPU $(pinned_cpu), where chase pins its chase: L1d $l1 B, L2 $l2 B"

# Median latency of the rows with lo <= bytes <= hi.
median() {
    awk -v lo="$2" -v hi="$3" '/^[0-9]/ && $1 >= lo && $1 <= hi { print $2 }' "$1" | sort -g |
        awk '{ v[NR] = $1 } END { print (NR ? v[int((NR + 1) / 2)] : 0) }'
}
attempt() {
    # Far enough past the L2 that a plateau follows it, whatever the L3.
    "$CHASE" -b cpu --max $((l2 * 32)) -q -o "$tmp/cpu.tsv" || return 1
    a=$(median "$tmp/cpu.tsv" $((l1 / 8)) $((l1 / 2)))
    b=$(median "$tmp/cpu.tsv" $((l1 * 2)) $((l1 * 4)))
    c=$(median "$tmp/cpu.tsv" $((l2 / 8)) $((l2 / 2)))
    d=$(median "$tmp/cpu.tsv" $((l2 * 2)) $((l2 * 4)))
    # name lo hi cycles of each level (a name may hold a space: "L2 near").
    grep '^# level: ' "$tmp/cpu.tsv" | awk -F '\t' '{
        n = $1; sub(/^# level: /, "", n); gsub(/ /, "_", n)
        for (i = 2; i <= 4; i++) sub(/^[a-z_]*=/, "", $i)
        print n, $2, $3, $4 }' > "$tmp/lv"
    echo "L1d/8..L1d/2: $a, 2..4 L1d: $b, L2/8..L2/2: $c, 2..4 L2: $d cycles"
    cat "$tmp/lv"
    awk -v a="$a" -v b="$b" 'BEGIN { exit !(b > 1.5 * a) }' || { echo "no step past the L1d"; return 1; }
    awk -v c="$c" -v d="$d" 'BEGIN { exit !(d > 1.5 * c) }' || { echo "no step past the L2"; return 1; }
    # Where a level's knee falls depends on the cache's replacement policy
    # under a random order: on the CI machine (AMD Zen 5) the first level
    # ends within one sweep step of the L1d (45-49 KiB for 48 KiB), on the
    # GPU machines' host CPU at 0.75 of it.  The L2's end moves earlier on
    # a busy machine: in a virtual machine the host backs guest pages with
    # pages of its own, so set conflicts start early (0.65-0.9 of 1 MiB),
    # and a process sharing the core evicts part of the private L2 at each
    # time slice, so its plateau bends and steps up from 0.3 of its size
    # (measured beside a busy loop and a random memory walker on the
    # 2-core CI machine: the step to 19 cycles at 0.35-0.46 MiB, the L2's
    # 10, then memory past 1 MiB).  The level finder rightly reports such a
    # bend as a level of its own, so the check is not "the second level":
    # it is where the curve steps.  A cache's end is a step of 1.5x or more
    # to the next level (a miss to the next cache costs 2.5x or more on
    # every CPU we know: L1 4-5 cycles against L2 12-16, L2 against L3 40 or
    # more).  There must be such a step whose capacity interval reaches 0.6
    # to 1.09 of the L1d, one reaching 1/4 to 1.09 of the L2, and none
    # between them (a step there would be a cache that is not there).
    awk -v l1="$l1" -v l2="$l2" '
        { name[NR] = $1; lo[NR] = $2; hi[NR] = $3; cyc[NR] = $4 }
        END {
            for (i = 1; i < NR; i++) {
                if (!(cyc[i + 1] >= 1.5 * cyc[i]))
                    continue
                if (hi[i] >= 0.6 * l1 && lo[i] <= 1.0905 * l1) f1 = 1
                else if (hi[i] >= l2 / 4 && lo[i] <= 1.0905 * l2) f2 = 1
                else if (lo[i] > 1.0905 * l1 && hi[i] < l2 / 4) {
                    print "a step after " name[i] " (" lo[i] ".." hi[i] " B), where no cache ends"
                    bad = 1
                }
            }
            if (!f1) print "L1 not found near " l1 " B"
            if (!f2) print "L2 not found near " l2 " B"
            exit !(f1 && f2 && !bad)
        }' "$tmp/lv" || return 1
}
# A sweep on a loaded machine can be disturbed past recognition: beside a
# busy loop and a random memory walker on the 2-core CI machine, 2 sweeps
# of 22 had their memory region rise so unevenly (1000 to 3000 cycles)
# that the level finder took no plateau there and called the L2 "memory".
# So three sweeps, each saying why it failed; the test fails only if all
# do (about 1 in 1000 under that load, if sweeps fail alike and apart).
n=1
until attempt; do
    if [ $n -ge 3 ]; then
        not_ok "the cpu curve does not show this machine's L1d and L2 (3 sweeps)"
        finish
        exit 1
    fi
    n=$((n + 1))
    echo "sweep $n of 3: the one before did not pass (above), and a shared machine is noisy"
done
ok "the cpu curve steps up past L1d ($l1 B) and L2 ($l2 B), and the levels are found there (sweep $n)"
finish
