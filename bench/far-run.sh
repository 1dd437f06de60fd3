# far-run.sh: what the L2 near part's eviction set says of the far part
# (chase assoc --cache-op cg: the near part's set of ways + 1 lines,
# cycled, every load timed; src/assoc/assoc_evict.c far_part_cycle),
# from SM 0 twice and from SM 100 once, each after a sweep from the same
# SM, every command timed.  Run from a directory holding chase-0.2.0.tar.gz
# (make dist); results under $OUT/r, a summary on standard output.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
R=$OUT/r
mkdir -p $R
. "$(dirname "$0")/device-build.sh"
chase_new || exit 1
for sm in 0 100; do
    T sweep-cg-sm$sm new/chase sweep -b cuda --cache-op cg --sm $sm -q -o $R/sweep-cg-sm$sm.tsv
    grep "^# level" $R/sweep-cg-sm$sm.tsv | cut -f1-4
    runs=$([ $sm = 0 ] && echo "1 2" || echo 1)
    for i in $runs; do
        f=assoc-l2-cg-sm$sm-$i
        T $f new/chase assoc -b cuda --cache-op cg --sm $sm --from $R/sweep-cg-sm$sm.tsv -q -o $R/$f.tsv
        grep -E "^# L2_(near|far)\.(ways|sets|policy): " $R/$f.tsv
        grep "^# assoc: " $R/$f.tsv | tr '\t' '\n' | grep -E "^(# assoc: |policy_how=|evict_how=)" |
            sed 's/^evict_how=.*; L2 near.s eviction set/far: L2 near'"'"'s eviction set/' | cut -c1-700
    done
done
