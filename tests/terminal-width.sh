# terminal-width.sh: every line of the reports chase prints for people
# (the levels of chase analyze, each measurement's report on stderr, on
# the simulator and on this machine's CPU) fits in 80 columns: the H100's
# and H200's curves and reports, the shipped curves of other tools, the
# simulator with a hierarchy of an H100's sizes and 132 multiprocessors.
# Messages ("chase: ...") are one line whatever they quote, and are not
# judged here.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

# wide NAME FILE: the lines of FILE over 80 columns, each as a comment.
wide() {
    n=$(grep -v '^chase: ' "$2" | awk 'length($0) > 80' | wc -l)
    if [ "$n" -eq 0 ]; then
        ok "$1: $(wc -l < "$2") lines, none over 80 columns"
    else
        not_ok "$1: $n lines over 80 columns"
        grep -v '^chase: ' "$2" | awk 'length($0) > 80 { print "# " length($0) ": " $0 }' | head -5
    fi
}

# The check itself can fail: a line of 81 columns is found.
awk 'BEGIN { printf "%81s\n", "x" }' > "$tmp/long"
v=$(grep -v '^chase: ' "$tmp/long" | awk 'length($0) > 80' | wc -l)
check "the check finds a line of 81 columns ($v)" test "$v" -eq 1

data=$srcdir/data
for f in h100.tsv h200.tsv mi300x.tsv turing.tsv h200-tlb.tsv h100-assoc/assoc-l2-cg.tsv \
         h100-report/sweep.tsv h200-report/sweep.tsv ../tests/data/cpu-epyc-1.tsv \
         ../tests/data/cpu-spr-busy-1.tsv ../tests/data/h100-chase-1.tsv; do
    "$CHASE" analyze "$data/$f" > "$tmp/a.out" 2>&1
    wide "chase analyze ${f#../}" "$tmp/a.out"
done

sim='L1:size=4K,ways=4,lat=4;L2:size=64K,ways=8,lat=20,policy=fifo;mem:lat=150'
tlb='L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200'
# An H100's shape, smaller: a slow L1, an L2 of two halves, 132 SMs.
h100='L1:size=256K,ways=4,lat=32;L2:size=2M,ways=16,lat=280;mem:lat=680;sms:count=132,far=66,extra=240'
printf '%s\n' 0 1 2 3 4 5 6 7 6 5 4 3 2 1 0 9 8 7 6 5 4 3 2 1 0 1 2 3 4 5 6 7 > "$tmp/lanes.txt"
# name|arguments (word-split; the specs hold no blanks)
runs() {
    echo "sweep|--sim $sim --max 512K --steps 4"
    echo "sweep-h100|--sim $h100 --max 8M --steps 4"
    echo "sms|sms --sim $h100 --from $tmp/sweep-h100.tsv"
    echo "lines|lines --sim $sim"
    echo "assoc|assoc --sim $sim"
    echo "tlb|tlb --sim $tlb --stride 4K --max 64M --steps 6"
    echo "loads|loads --sim $sim"
    echo "loads-bytes|loads -b sim --bytes 64K"
    echo "banks|banks -b sim"
    echo "banks-lanes|banks -b sim --lanes $tmp/lanes.txt --width 64"
    echo "bandwidth|bandwidth --sim $h100 --op read,copy --placement partitioned"
    echo "lanes|lanes --sim $sim;lanes:redux=none,shfl_issue=1"
    echo "async|async --sim $sim;async:bulk=none"
    echo "sweep-cpu|-b cpu --max 1M --steps 2"
    echo "bandwidth-cpu|bandwidth -b cpu --max 1M --steps 1"
}
runs | while IFS='|' read -r name args; do
    # shellcheck disable=SC2086
    "$CHASE" $args -o "$tmp/$name.tsv" < /dev/null > "$tmp/$name.out" 2>&1
    echo "# exit $?" >> "$tmp/$name.out"
    wide "chase $args" "$tmp/$name.out"
done > "$tmp/tap"
cat "$tmp/tap"
checks=$((checks + $(grep -c '^ok\|^not ok' "$tmp/tap")))
failed=$((failed + $(grep -c '^not ok' "$tmp/tap")))
finish
