# golden-parts.sh: every measurement's output on the deterministic sim
# backend, checked in whole against tests/golden (TSV and JSON, and the
# report it prints on stderr), less the lines that carry the date, the
# command line and the timing.  The safety net under any change that must
# not move a byte of output; CHASE_GOLDEN_UPDATE=1 rewrites the files.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

sim='L1:size=4K,ways=4,lat=4;L2:size=64K,ways=8,lat=20,policy=fifo;mem:lat=150'
tlb='L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200'
sms="$sim;sms:count=8,far=4,extra=20"
strip() {
    grep -Ev '^# (command|elapsed_s):|"([a-z]+\.)?(command|elapsed_s)":|"key": "(command|elapsed_s)"' |
        sed -E -e "s|$tmp|TMP|g" -e "s|$CHASE|CHASE|g" \
            -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z/DATE/g' \
            -e 's/"seconds": [0-9.]+/"seconds": N/g' -e 's/in [0-9.]+ s;/in N s;/g' \
            -e 's/` \([0-9.]+ s\)\./` (N s)./' -e "s|^load '.*/chase.gp'|load 'chase.gp'|" \
            -e 's/^\| ([a-z]+) \| ([a-z ,]+) \| [0-9.]+ \|$/| \1 | \2 | N |/'
}
printf '%s\n' 0 1 2 3 4 5 6 7 6 5 4 3 2 1 0 9 8 7 6 5 4 3 2 1 0 1 2 3 4 5 6 7 > "$tmp/lanes.txt"

# name|arguments (word-split; the specs hold no blanks)
cases() {
    echo "banks|banks -b sim"
    echo "banks-lanes|banks -b sim --lanes $tmp/lanes.txt --width 64"
    echo "loads|loads -b sim --bytes 64K"
    echo "loads-levels|loads --sim $sim"
    echo "lines|lines --sim $sim"
    echo "tlb|tlb --sim $tlb --stride 4K --max 64M --steps 6"
    echo "sweep|--sim $sim --max 512K --steps 4"
    echo "sms|sms --sim $sms"
    echo "bandwidth|bandwidth --sim $sms --op read,copy --placement partitioned"
    echo "lanes|lanes --sim $sim;lanes:redux=none,shfl_issue=1"
    echo "async|async --sim $sim;async:bulk=none,cp_async_ca=40"
}

# compare GOT NAME: against tests/golden/NAME (rewritten first when asked)
compare() {
    want="$srcdir/tests/golden/$2"
    if [ -n "${CHASE_GOLDEN_UPDATE:-}" ]; then
        mkdir -p "$(dirname "$want")"
        cp "$1" "$want"
    fi
    if cmp -s "$1" "$want"; then
        echo "ok - $2 matches tests/golden/$2"
    else
        echo "not ok - $2 differs from tests/golden/$2"
        diff "$want" "$1" | head -20 | sed 's/^/# /'
    fi
}

cases | while IFS='|' read -r name args; do
    for f in tsv json; do
        # shellcheck disable=SC2086
        "$CHASE" $args -f $f -o "$tmp/$name.$f" 2> "$tmp/$name.err" < /dev/null
        echo "exit $?" >> "$tmp/$name.err"
        strip < "$tmp/$name.$f" > "$tmp/$name.$f.s"
        strip < "$tmp/$name.err" > "$tmp/$name.$f.err"
        compare "$tmp/$name.$f.s" "$name.$f"
        compare "$tmp/$name.$f.err" "$name.$f.err"
    done
done > "$tmp/tap"

# The report: every part's file, plot script and log, report.json and
# report.md (the images are gnuplot's, not ours).  Without gnuplot every
# part says it drew no plot: the goldens are of a machine that has it.
if [ -z "${GNUPLOT_PROG:-}" ]; then
    cat "$tmp/tap"
    echo "ok - # SKIP the report's goldens: gnuplot was not found at configure time"
    n=$(($(grep -c '^ok\|^not ok' "$tmp/tap") + 1))
    echo "1..$n"
    ! grep -q '^not ok' "$tmp/tap"
    exit
fi
"$CHASE" report --sim "$sim" -q -o "$tmp/report" 2> /dev/null < /dev/null
echo "exit $?" > "$tmp/report.exit"
compare "$tmp/report.exit" report/exit >> "$tmp/tap"
for f in $(cd "$tmp/report" && ls | grep -v '\.png$'); do
    strip < "$tmp/report/$f" > "$tmp/report.$f"
    compare "$tmp/report.$f" "report/$f" >> "$tmp/tap"
done
cat "$tmp/tap"
n=$(grep -c '^ok\|^not ok' "$tmp/tap")
echo "1..$n"
! grep -q '^not ok' "$tmp/tap"
