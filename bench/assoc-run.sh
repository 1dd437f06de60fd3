# assoc-run.sh: chase assoc's eviction sets and replacement policy on a
# GPU (device 0): the list kernels' SASS (tests/list-asm.sh), then the L1
# at carveouts 0 and 100 (ld.global.ca) and the L2 (ld.global.cg, which
# skips the L1, so the L2 is the first level and its eviction set is not
# held by an L1 in front), each sweep and each assoc run timed.  Run from
# a directory holding chase-0.2.0.tar.gz (make dist); results in
# $OUT/assoc.tar.gz and a summary on standard output.
set -u
R=$OUT/r
mkdir -p $R
. "$(dirname "$0")/device-build.sh"
chase_build chase-0.2.0.tar.gz chase-0.2.0 && cd chase-0.2.0 || exit 1
export CHASE_BACKEND_PATH=$PWD
make check TESTS="tests/list-asm.sh" > $R/check.log 2>&1
grep -E "^(FAIL|ERROR)|^# (TOTAL|PASS|FAIL)" $R/check.log
cp tests/list-asm.log $R/
grep -E "SASS chase_list" tests/list-asm.log

# run NAME ARGS...: one timed command, its exit status and seconds.
run() {
    name=$1
    shift
    t0=$(date +%s.%N)
    timeout 600 ./chase "$@" -d 0 -q -o $R/$name.tsv 2> $R/$name.err
    st=$?
    t1=$(date +%s.%N)
    echo "$name: exit $st, $(awk -v a=$t0 -v b=$t1 'BEGIN { printf "%.1f", b - a }') s: chase $*"
}
# summary NAME: each level's ways, sets, index and policy, and how.
summary() {
    grep -E "^# [A-Za-z0-9_]+\.(ways|sets|index|policy|capacity_check): " $R/$1.tsv
    grep "^# assoc: " $R/$1.tsv | tr '\t' '\n' | grep -E "^(level|evict_how|policy_how|ways_how|sets_how)=" | cut -c1-400
}

for c in 0 100; do
    run sweep-ca-c$c sweep -b cuda --carveout $c
    grep "^# level" $R/sweep-ca-c$c.tsv | cut -f1-4
    run assoc-l1-c$c assoc -b cuda --carveout $c --from $R/sweep-ca-c$c.tsv --level L1
    summary assoc-l1-c$c
done
run sweep-cg sweep -b cuda --cache-op cg
grep "^# level" $R/sweep-cg.tsv | cut -f1-4
run assoc-l2-cg assoc -b cuda --cache-op cg --from $R/sweep-cg.tsv
summary assoc-l2-cg
# As chase report runs it: every level of the default sweep, ld.global.ca.
run assoc-all-c0 assoc -b cuda --from $R/sweep-ca-c0.tsv
summary assoc-all-c0
cd $OUT && tar czf assoc.tar.gz r && rm -rf r
