# report.sh: chase report on the simulator: every part that applies runs
# and is in report.md, report.json (valid against the schema) and its own
# file, which reads back; the part that does not apply says why; the plots
# are real PNGs; --compare puts two reports side by side, telling apart two
# of one device; bad arguments get their exit statuses.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

sim='L1:size=8K,lat=4;L2:size=256K,ways=16,lat=20;mem:lat=200'
sim2='L1:size=16K,lat=5;L2:size=1M,ways=16,lat=30;mem:lat=300'
is_png() {
    [ "$(od -An -tx1 -N8 "$1" | tr -d ' \n')" = 89504e470d0a1a0a ] && [ "$(wc -c < "$1")" -gt 2000 ]
}
plots=yes
[ -n "${GNUPLOT_PROG:-}" ] || plots=no

"$CHASE" report --sim "$sim" -o "$tmp/r" 2> "$tmp/r.err"
st=$?
# Exit 6 is gnuplot missing: the data is still all there.
check "report --sim exits 0 (got $st; $(tail -1 "$tmp/r.err"))" sh -c "[ $st -eq 0 ] || { [ $st -eq 6 ] && [ $plots = no ]; }"
check "... and no part's file failed to read back" sh -c "! grep -q 'fields where\|cannot read' '$tmp/r.err'"
for part in sweep lines tlb loads banks lanes async; do
    check "$part: its data file is there" test -s "$tmp/r/$part.tsv"
    check "$part: a section in report.md" grep -q "^## $part: " "$tmp/r/report.md"
    # A curve reads back through analyze; every part's tables through the
    # report's own reader (report.json, below).
    case $part in sweep|tlb)
        check "$part: its curve reads back" sh -c "'$CHASE' analyze -f json '$tmp/r/$part.tsv' > /dev/null" ;;
    esac
    if [ $plots = yes ]; then
        check "$part: its plot is a PNG" is_png "$tmp/r/$part.png"
        check "... shown in report.md" grep -q "^!\[$part\]($part.png)" "$tmp/r/report.md"
    fi
done
check "sms: not supported by the simulator, and report.md says why" \
    grep -q 'sms.*cannot run a load on a chosen multiprocessor' "$tmp/r/report.md"

# The sweep's levels in the report are the simulator's caches.
check "the report's level table: L1 from 8 KiB at 4 cycles" grep -q '^| L1 | 8 KiB \.\. [^|]* | 4 |' "$tmp/r/report.md"
check "... L2 from 256 KiB at 20 cycles" grep -q '^| L2 | 256 KiB \.\. [^|]* | 20 |' "$tmp/r/report.md"
check "... memory at 200 cycles" grep -q '^| memory | beyond [^|]* | 200 |' "$tmp/r/report.md"
check "the driver's figures are marked as the driver's" grep -q "driver's or OS's, not measured" "$tmp/r/report.md"

if command -v python3 > /dev/null 2>&1; then
    check "report.json is valid against the schema" \
        python3 "$srcdir/tests/json-check.py" "$srcdir/data/chase-format.schema.json" "$tmp/r/report.json"
    check "report.json holds every part's tables and says each part's status" python3 -c "
import json, sys
d = json.load(open('$tmp/r/report.json'))
assert d['kind'] == 'report', d['kind']
st = {p['name']: p['status'] for p in d['parts']}
for p in ('sweep', 'lines', 'tlb', 'loads', 'banks', 'lanes', 'async'):
    # Without gnuplot a part is measured whole but has no plot.
    assert st[p] in (('complete',) if '$plots' == 'yes' else ('complete', 'measured, no plot')), (p, st[p])
    # Each part nested under its name, as its own file holds it (format 3).
    assert isinstance(d[p], dict) and isinstance(d[p]['meta'], dict), p
    assert any(isinstance(v, list) and v for v in d[p].values()), p
assert st['sms'] != 'complete'
# What a jq user writes works: .sweep.levels[0].cycles, typed.
assert d['sweep']['levels'][0]['name'] == 'L1' and d['sweep']['levels'][0]['cycles'] == 4, d['sweep']['levels'][0]
assert isinstance(d['banks']['results']['fit_clear'], bool), d['banks']['results']['fit_clear']
assert not any(v == 'nan' or v in ('yes', 'no') for p in d['parts'] if p['name'] in d
               for v in d[p['name']]['results'].values()), 'a word where JSON has a type'
"
fi

# report.md reads top down: a summary first (every part's main figures in
# a line, what was not measured and why), the method in full once, the
# driver's figures in an appendix at the end.
md=$tmp/r/report.md
line_of() { grep -n -m1 "$1" "$md" | cut -d: -f1; }
check "report.md opens with its summary, before the first part" \
    sh -c '[ "$1" -gt 0 ] && [ "$1" -lt "$2" ]' sh "$(line_of '^## Summary')" "$(line_of '^## sweep:')"
check "... whose sweep line gives each level's size and latency" \
    grep -q '^- \*\*sweep\*\*: L1 8 KiB \.\. [^;]* at 4 cycles.*; memory beyond .* at 200 cycles' "$md"
check "... and says what was not measured, and why" sh -c 'sed -n "/^## Summary/,/^## sweep/p" "$1" | grep -q "^- \*\*sms\*\* .*cannot run a load"' sh "$md"
check "the method is said in full once, then as the sweep's" \
    sh -c '[ "$(grep -c "^How it was measured: pattern: random; stride" "$1")" -eq 1 ] && grep -q "^How it was measured: as sweep" "$1"' sh "$md"
check "the driver's figures are an appendix, last" sh -c '[ "$(grep "^## " "$1" | tail -1)" = "## Appendix: the device as its driver describes it" ]' sh "$md"
check "a device with no SM spread has no empty spread column" sh -c '! grep -q "SM spread" "$1"' sh "$md"

# With multiprocessors (the sim's sms: section), the sms section is a row
# a level with the SMs far from the median named, not a row an SM.
"$CHASE" report --sim "$sim;sms:count=16,far=4,extra=30" -q -o "$tmp/rs" 2> /dev/null
check "sms in report.md: a row a level, the far SMs named" \
    sh -c 'sed -n "/^## sms:/,/^## /p" "$1" | grep -c "^| L" | grep -qx "[1-3]" &&
           sed -n "/^## sms:/,/^## /p" "$1" | grep -q "| 4: "' sh "$tmp/rs/report.md"

# Two reports side by side; two of one device are told apart by directory.
"$CHASE" report --sim "$sim2" -q -o "$tmp/r2" 2> /dev/null
"$CHASE" report --compare "$tmp/r" "$tmp/r2" -o "$tmp/c" 2> "$tmp/c.err"
st=$?
check "report --compare exits 0 (got $st)" sh -c "[ $st -eq 0 ] || { [ $st -eq 6 ] && [ $plots = no ]; }"
check "... a level table with a column for each" grep -q "^| L2 | 256 KiB .* | 1 MiB " "$tmp/c/compare.md"
check "... columns of one device named by directory" grep -q "simulated hierarchy ($tmp/r2)" "$tmp/c/compare.md"
check "... the difference said in words" grep -q "L2: .*4.00x larger" "$tmp/c/compare.md"
check "... the bandwidth levels side by side: a figure from each report" \
    grep -Eq '^\| L1, read, replicated \| [0-9]+( \([0-9]+%\))? \| [0-9]+( \([0-9]+%\))? \|$' "$tmp/c/compare.md"
check "... a row one report lacks says so (-), none is invented" \
    sh -c '! sed -n "/^## Bandwidth/,/^## /p" "$1" | grep -q "| nan"' sh "$tmp/c/compare.md"
[ $plots = yes ] && check "... the curves overlaid in a PNG" is_png "$tmp/c/compare-cycles.png"

# Where there is no gnuplot, each part keeps its script and report.md says
# so; bench/replot.sh draws them elsewhere and puts the images in.
GNUPLOT=/nonexistent "$CHASE" report --sim "$sim" -q -o "$tmp/np" 2> /dev/null
check "no gnuplot: every plotting part kept its script" \
    sh -c "for p in sweep lines assoc tlb loads banks bandwidth lanes async; do test -s '$tmp/np/'\$p.gp || exit 1; done"
check "... and report.md says where each plot's script is" \
    test "$(grep -c '^Plot: not drawn here; its gnuplot script is' "$tmp/np/report.md")" -eq 9
if [ $plots = yes ]; then
    sh "$srcdir/bench/replot.sh" "$tmp/np" "$srcdir/plots/chase.gp" > "$tmp/replot.out" 2>&1
    check "bench/replot.sh draws them" sh -c "for p in sweep lines assoc tlb loads banks bandwidth lanes async; do od -An -tx1 -N4 '$tmp/np/'\$p.png | grep -q '89 50 4e 47' || exit 1; done"
    check "... and puts them into report.md" test "$(grep -c '^!\[[a-z]*\]([a-z]*\.png)$' "$tmp/np/report.md")" -eq 9
fi

# A reused directory: a part that writes nothing now shows no old rows.
mkdir "$tmp/reuse" && cp "$tmp/r/sweep.tsv" "$tmp/reuse/sms.tsv"
"$CHASE" report --sim "$sim" -q -o "$tmp/reuse" 2> /dev/null
check "a reused directory: the old sms.tsv is gone" test ! -e "$tmp/reuse/sms.tsv"
check "... and report.md has no sms rows" sh -c "! grep -q '^## sms' '$tmp/reuse/report.md'"

# Bad arguments.
expect 2 'report.*-o' report --sim "$sim"
expect 2 'two or more' report --compare "$tmp/r" -o "$tmp/c2"
expect 5 'report.json' report --compare "$tmp/r" "$tmp/nothing" -o "$tmp/c3"
mkdir "$tmp/notreport" && cp "$tmp/r/sweep.tsv" "$tmp/notreport/report.json"
expect 5 '' report --compare "$tmp/r" "$tmp/notreport" -o "$tmp/c4"
: > "$tmp/afile"
expect 5 'afile' report --sim "$sim" -o "$tmp/afile"
finish
