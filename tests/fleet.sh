# fleet.sh: chase fleet merges reports of many GPUs figure by figure and
# names the ones outside their peers' spread: five simulated GPUs, one with
# a slower memory, give that one and only it (exit 10); identical ones give
# none (exit 0); 200 synthetic reports with a spread of their own and one
# slow L2 merge in under 5 s with only that one named.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

# CHASE_TEST_QUICK (the sanitizer build, after the full run): GPUs 2, 3
# and 5 are copies of GPU 1's report, which the simulator, deterministic
# in its seed, would measure again figure for figure; the same checks.
for i in 1 2 3 4 5; do
    lat=200
    [ $i = 4 ] && lat=230
    if [ -n "${CHASE_TEST_QUICK:-}" ] && [ $i != 1 ] && [ $i != 4 ]; then
        cp -r "$tmp/gpu1" "$tmp/gpu$i"
        continue
    fi
    "$CHASE" report --sim "L1:size=8K,lat=4;L2:size=256K,ways=16,lat=20;mem:lat=$lat" -q -o "$tmp/gpu$i" 2> /dev/null
done
"$CHASE" fleet "$tmp"/gpu1 "$tmp"/gpu2 "$tmp"/gpu3 "$tmp"/gpu4 "$tmp"/gpu5 -q -o "$tmp/f" 2> "$tmp/err"
st=$?
check "five GPUs, one with a slower memory: exit 10, outliers found (got $st: $(head -1 "$tmp/err"))" test "$st" -eq 10
check "the outliers are the slow GPU's and only its" \
    awk -F'\t' '/^# table: outliers/ { on = 1; getline; next } on && !/^#/ && NF { n++; if ($2 !~ /gpu4$/) bad = 1 }
                END { exit bad || n < 1 }' "$tmp/f/fleet.tsv"
check "... its memory latency among them, 15% above the median" \
    grep -q '^| sweep memory cycles | [^|]*gpu4 | simulated hierarchy | 230 | 200 | +15.0% |$' "$tmp/f/fleet.md"
check "fleet.md states the rule" grep -q 'more than 3.5 robust standard deviations' "$tmp/f/fleet.md"
check "fleet.tsv reads back as a chase file (kind fleet)" grep -q '^# kind: fleet' "$tmp/f/fleet.tsv"
if command -v "${GNUPLOT:-gnuplot}" > /dev/null 2>&1; then
    check "fleet.png: a whole PNG" sh -c 'head -c 8 "$1" | od -An -c | grep -q "P   N   G"' sh "$tmp/f/fleet.png"
    check "fleet.gp names the outlier beside its point, and only it" \
        sh -c 'grep -q "^set label 1 .gpu4. at" "$1" && ! grep -q "^set label [0-9]* .gpu[1235]. at" "$1"' sh "$tmp/f/fleet.gp"
fi

"$CHASE" fleet "$tmp"/gpu1 "$tmp"/gpu2 "$tmp"/gpu3 -q -o "$tmp/same"
st=$?
check "three alike: exit 0 (got $st) and no outlier" sh -c '[ "$1" -eq 0 ] && grep -q "^## Outliers: 0" "$2"' sh "$st" "$tmp/same/fleet.md"

expect 2 "fleet: 1 report found: a fleet needs two or more" fleet "$tmp/gpu1" -o "$tmp/x"
expect 2 "fleet: name two or more report directories" fleet -o "$tmp/x"
# A directory holding reports (what srun's tasks write under one -o) is
# every report in it, in name order.
mkdir -p "$tmp/held" "$tmp/empty-dir"
cp -r "$tmp/gpu1" "$tmp/gpu2" "$tmp/gpu4" "$tmp/held/"
"$CHASE" fleet "$tmp/held" "$tmp/gpu3" "$tmp/gpu5" -q -o "$tmp/fh" 2> "$tmp/err"
st=$?
check "a directory of reports is its reports: five, gpu4 the outlier (exit $st)" \
    sh -c '[ "$1" -eq 10 ] && grep -q "^# reports: 5" "$2" && grep -q "held/gpu4" "$2"' sh "$st" "$tmp/fh/fleet.tsv"
check "fleet.md shows every value side by side, the outlier in bold" \
    grep -q '^| sweep memory cycles | 200 | 200 | \*\*230\*\* | 200 | 200 |$' "$tmp/fh/fleet.md"
expect 5 "is not a report, and holds none" fleet "$tmp/empty-dir" "$tmp/gpu1" -o "$tmp/x"
mkdir -p "$tmp/notreport"
echo '{"format": "chase", "version": 3, "kind": "sweep", "meta": {}, "points": [], "status": "complete"}' > "$tmp/notreport/report.json"
expect 5 "is not a chase report" fleet "$tmp/gpu1" "$tmp/notreport" -o "$tmp/x"
expect 5 "fleet: .*no-such-dir" fleet "$tmp/gpu1" "$tmp/no-such-dir" -o "$tmp/x"

# 200 reports: a sweep each with L1, L2 and memory, a 0.5% spread between
# boards (as real boards of a kind differ), report 137 with an L2 8% slow.
mkdir -p "$tmp/many"
awk -v dir="$tmp/many" 'BEGIN {
    srand(7)
    for (i = 0; i < 200; i++) {
        d = sprintf("%s/r%03d", dir, i)
        system("mkdir -p " d)
        f = d "/report.json"
        l1 = 32 * (1 + (rand() - 0.5) * 0.01); l2 = 280 * (1 + (rand() - 0.5) * 0.01); m = 680 * (1 + (rand() - 0.5) * 0.01)
        if (i == 137) l2 *= 1.08
        printf "{\"format\": \"chase\", \"version\": 3, \"kind\": \"report\", \"meta\": {\"device\": \"board %d\"},\n", i > f
        printf " \"parts\": [{\"name\": \"sweep\", \"status\": \"complete\"}],\n" > f
        printf " \"sweep\": {\"meta\": {}, \"levels\": [\n" > f
        printf "  {\"name\": \"L1\", \"lo\": 245760, \"hi\": 251904, \"cycles\": %.3f, \"ns\": %.3f, \"confidence\": 1},\n", l1, l1 / 1.98 > f
        printf "  {\"name\": \"L2\", \"lo\": 25165824, \"hi\": 25690112, \"cycles\": %.3f, \"ns\": %.3f, \"confidence\": 1},\n", l2, l2 / 1.98 > f
        printf "  {\"name\": \"memory\", \"lo\": 52428800, \"hi\": null, \"cycles\": %.3f, \"ns\": %.3f, \"confidence\": 1}],\n", m, m / 1.98 > f
        printf "  \"results\": {\"elapsed_s\": 2}},\n \"status\": \"complete\"}\n" > f
        close(f)
    }
}'
set -- "$tmp"/many/r*
t0=$(date +%s.%N)
"$CHASE" fleet "$@" -q -o "$tmp/fm" 2> "$tmp/err"
st=$?
t1=$(date +%s.%N)
secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
check "200 reports: exit 10 (got $st: $(head -1 "$tmp/err"))" test "$st" -eq 10
check "... only board 137's L2 named" \
    awk -F'\t' '/^# table: outliers/ { on = 1; getline; next } on && !/^#/ && NF { n++; if ($2 !~ /r137$/ || $1 !~ /^sweep L2 /) bad = 1 }
                END { exit bad || n < 1 }' "$tmp/fm/fleet.tsv"
if [ -n "${CHASE_TEST_NO_TIMING:-}" ] || grep -qa __asan_init "$CHASE"; then
    ok "# SKIP 200 reports in ${secs} s: timing checks are off (CHASE_TEST_NO_TIMING, a sanitizer build)"
else
    check "... in under 5 s (${secs} s)" awk -v s="$secs" 'BEGIN { exit !(s < 5) }'
fi
# Figures of the run, not the device (a fit's intercept and rms, a count
# of rows) are not judged: four boards alike but for those, no outlier;
# 2% apart in a latency (boards of a kind differ so), no outlier either.
mkdir -p "$tmp/fits"
for i in 1 2 3 4; do
    mkdir -p "$tmp/fits/b$i"
    icpt=0.05; rms=0.002; rows=40; l2=280
    [ $i = 4 ] && icpt=0.5 && rms=0.02 && rows=80 && l2=285.6
    cat > "$tmp/fits/b$i/report.json" <<EOF
{"format": "chase", "version": 3, "kind": "report", "meta": {"device": "board $i"},
 "parts": [{"name": "sweep", "status": "complete"}, {"name": "banks", "status": "complete"}],
 "sweep": {"meta": {}, "levels": [
  {"name": "L2", "lo": 25165824, "hi": 25690112, "cycles": $l2, "ns": 141, "confidence": 1}],
  "results": {"elapsed_s": $i}},
 "banks": {"meta": {}, "results": {"banks": 32, "cycles_intercept": $icpt, "fit_rms": $rms, "rows": $rows}},
 "status": "complete"}
EOF
done
"$CHASE" fleet "$tmp"/fits/b* -q -o "$tmp/fo" 2> "$tmp/err"
st=$?
check "a fit's intercept and rms, a count of rows 2-10x apart, an L2 2% apart: no outlier (exit $st)" \
    sh -c '[ "$1" -eq 0 ] && grep -q "^## Outliers: 0" "$2/fleet.md" && grep -q "banks.banks" "$2/fleet.md" &&
        ! grep -q "cycles_intercept\|fit_rms\|banks.rows" "$2/fleet.md"' sh "$st" "$tmp/fo"
# A step on a latency (a TLB miss's cycles on an L2 hit) is judged against
# that latency: four healthy H100s read TLB1's miss at 9.1-10.6 cycles on
# an L2 hit of 278-284.  11% off in the step, 0.4% of its base: no
# outlier; 14.6 cycles off (5% of the base): an outlier.
for miss4 in 9.2 25; do
    rm -rf "$tmp/steps"
    for i in 1 2 3 4; do
        mkdir -p "$tmp/steps/b$i"
        miss=10.4
        [ $i = 2 ] && miss=10.5
        [ $i = 3 ] && miss=10.35
        [ $i = 4 ] && miss=$miss4
        cat > "$tmp/steps/b$i/report.json" <<EOF
{"format": "chase", "version": 3, "kind": "report", "meta": {"device": "board $i"},
 "parts": [{"name": "tlb", "status": "complete"}],
 "tlb": {"meta": {}, "results": {"TLB1.cycles": 28$i, "TLB1.miss_cycles": $miss}},
 "status": "complete"}
EOF
    done
    "$CHASE" fleet "$tmp"/steps/b* -q -o "$tmp/so" 2> "$tmp/err"
    st=$?
    if [ "$miss4" = 9.2 ]; then
        check "a TLB miss's step 11% off, 0.4% of the latency it rises from: no outlier (exit $st)" \
            sh -c '[ "$1" -eq 0 ] && grep -q "^## Outliers: 0" "$2/fleet.md"' sh "$st" "$tmp/so"
    else
        check "a TLB miss's step 14.6 cycles off, 5% of the latency it rises from: an outlier (exit $st)" \
            sh -c '[ "$1" -eq 10 ] && grep -q "^tlb.TLB1.miss_cycles	[^	]*b4	board 4	25	" "$2/fleet.tsv"' \
            sh "$st" "$tmp/so"
        # Said off by what it was judged against: (25 - 10.45) / 282.5.
        check "... fleet.md gives it off by 5.2% of its base latency" \
            grep -q "| +5.2% of its base latency (+139.2% of the median) |" "$tmp/so/fleet.md"
    fi
done
finish
