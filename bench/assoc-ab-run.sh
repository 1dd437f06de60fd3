# assoc-ab-run.sh: chase assoc of a GPU's L2 (--cache-op cg) by the code
# before and after a change, alternating on one device, from one sweep
# (the new code's), then the L1 at two carveouts and every level as a
# report part runs them, by the new code.  Run from a directory holding
# chase-old.tar.gz and chase-0.2.0.tar.gz (make dist of each); results in
# $OUT/assoc-ab.tar.gz, a summary on standard output.
#   ROUNDS   alternations (default 3)
#   AB_ALL   set: the L1 at two carveouts and every level run by both
#            codes as well, old then new
#   L1_ROUNDS  alternations of the L1 at carveout 100 alone (--level L1,
#            from a sweep at that carveout; default 0): the level whose
#            eviction set is built under random replacement
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
R=$OUT/r
mkdir -p $R
. "$(dirname "$0")/device-build.sh"
chase_build_ab || exit 1
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv,noheader

# summary FILE: each level's ways, sets and policy, and how its ways were read.
summary() {
    grep -E "^# [A-Za-z0-9_]+\.(ways|sets|policy): |^# also_carveout_ways: " "$1"
    grep "^# assoc: " "$1" | tr '\t' '\n' | grep -E "^(# assoc: |ways_how=|evict_how=)" | cut -c1-700
}
T sweep-cg new/chase sweep -b cuda --cache-op cg -d 0 -q -o $R/sweep-cg.tsv
grep "^# level" $R/sweep-cg.tsv | cut -f1-5
i=0
while [ $i -lt "${ROUNDS:-3}" ]; do
    i=$((i + 1))
    for v in old new; do
        T assoc-l2-cg-$v-$i env CHASE_BACKEND_PATH=$PWD/$v $v/chase assoc -b cuda --cache-op cg \
            --from $R/sweep-cg.tsv -d 0 -q -o $R/assoc-l2-cg-$v-$i.tsv
        echo "== $v $i"
        summary $R/assoc-l2-cg-$v-$i.tsv
    done
done
if [ "${L1_ROUNDS:-0}" -gt 0 ]; then
    T sweep-ca-c100 env CHASE_BACKEND_PATH=$PWD/new new/chase sweep -b cuda --carveout 100 -d 0 -q \
        -o $R/sweep-ca-c100.tsv
    grep "^# level" $R/sweep-ca-c100.tsv | cut -f1-5
fi
i=0
while [ $i -lt "${L1_ROUNDS:-0}" ]; do
    i=$((i + 1))
    for v in old new; do
        T assoc-l1-c100-$v-$i env CHASE_BACKEND_PATH=$PWD/$v $v/chase assoc -b cuda --carveout 100 --level L1 \
            --from $R/sweep-ca-c100.tsv -d 0 -q -o $R/assoc-l1-c100-$v-$i.tsv
        echo "== $v $i"
        summary $R/assoc-l1-c100-$v-$i.tsv
    done
done
export CHASE_BACKEND_PATH=$PWD/new
T sweep-ca-c0 new/chase sweep -b cuda --carveout 0 -d 0 -q -o $R/sweep-ca-c0.tsv
grep "^# level" $R/sweep-ca-c0.tsv | cut -f1-5
for v in ${AB_ALL:+old} new; do
    export CHASE_BACKEND_PATH=$PWD/$v
    T assoc-l1-c0-c100-$v $v/chase assoc -b cuda --carveout 0 --also-carveout 100 --from $R/sweep-ca-c0.tsv \
        --level L1 -d 0 -q -o $R/assoc-l1-c0-c100-$v.tsv
    echo "== $v"
    summary $R/assoc-l1-c0-c100-$v.tsv
    T assoc-all-c100-$v $v/chase assoc -b cuda --also-carveout 100 --from $R/sweep-ca-c0.tsv -d 0 -q \
        -o $R/assoc-all-c100-$v.tsv
    echo "== $v"
    summary $R/assoc-all-c100-$v.tsv
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv,noheader
cd $OUT && tar czf assoc-ab.tar.gz r && rm -rf r
