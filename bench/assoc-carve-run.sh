# assoc-carve-run.sh: chase assoc on a GPU (device 0) for the L1 at two
# carveouts in one command (--also-carveout) and the L2's policy with the
# third sequence (half: a tree pseudo-LRU against LRU), each timed: the
# list kernels' SASS check, a sweep at carveout 0 and one through the L2
# alone (--cache-op cg), then
#   assoc --level L1 --also-carveout 100   (twice)
#   assoc --cache-op cg                    (the L2; three times)
#   assoc --also-carveout 100              (every level, as a report's part would)
#   report                                 (its assoc part with --also-carveout 100)
# Run from a directory holding chase-0.2.0.tar.gz (make dist); results in
# $OUT/assoc-carve.tar.gz and a summary on standard output.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
R=$OUT/r
mkdir -p $R
. "$(dirname "$0")/device-build.sh"
chase_build chase-0.2.0.tar.gz chase-0.2.0 && cd chase-0.2.0 || exit 1
export CHASE_BACKEND_PATH=$PWD
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv,noheader
make check TESTS="tests/list-asm.sh" > $R/check.log 2>&1
grep -E "^(FAIL|ERROR)|^# (TOTAL|PASS|FAIL)" $R/check.log
cp tests/list-asm.log $R/

# summary NAME: each level's ways, sets, index and policy, and how.
summary() {
    grep -E "^# [A-Za-z0-9_]+\.(ways|sets|index|policy|capacity_check): |^# also_carveout(_ways)?: |^# elapsed_s" $R/$1.tsv | tail -n 40
    grep "^# assoc: " $R/$1.tsv | tr '\t' '\n' | grep -E "^(level|policy_how)=" | cut -c1-900
}
T sweep-ca-c0 ./chase sweep -b cuda --carveout 0 -d 0 -q -o $R/sweep-ca-c0.tsv
grep "^# level" $R/sweep-ca-c0.tsv | cut -f1-4
T sweep-cg ./chase sweep -b cuda --cache-op cg -d 0 -q -o $R/sweep-cg.tsv
grep "^# level" $R/sweep-cg.tsv | cut -f1-4
for i in 1 2; do
    T assoc-l1-c0-c100-$i ./chase assoc -b cuda --carveout 0 --also-carveout 100 --from $R/sweep-ca-c0.tsv --level L1 \
        -d 0 -q -o $R/assoc-l1-c0-c100-$i.tsv
    summary assoc-l1-c0-c100-$i
done
for i in 1 2 3; do
    T assoc-l2-cg-$i ./chase assoc -b cuda --cache-op cg --from $R/sweep-cg.tsv -d 0 -q -o $R/assoc-l2-cg-$i.tsv
    summary assoc-l2-cg-$i
done
T assoc-all-c100 ./chase assoc -b cuda --also-carveout 100 --from $R/sweep-ca-c0.tsv -d 0 -q -o $R/assoc-all-c100.tsv
summary assoc-all-c100
T report ./chase report -b cuda -d 0 -q -o $R/report
grep -E "also-carveout|^assoc" $R/report/report.log 2> /dev/null | head -5
grep -A3 "two carveouts" $R/report/report.md | head -5
rm -f $R/report/*.png
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv,noheader
cd $OUT && tar czf assoc-carve.tar.gz r && rm -rf r
