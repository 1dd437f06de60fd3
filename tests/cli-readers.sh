# cli-readers.sh: what users read chase's files with reads them right:
# jq (report.json nested and typed:
# .sweep.levels[0].cycles), and gnuplot reading standard output saved to a
# file (every point, in order of size: no zig-zag).  Each reader that is
# not installed skips its checks with a reason.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

sim='L1:size=8K,ways=4,lat=4;L2:size=256K,ways=8,lat=20;mem:lat=200'
"$CHASE" --sim "$sim" --max 2M -q -o "$tmp/s.tsv"
"$CHASE" --sim "$sim" --max 2M -q > "$tmp/stdout.tsv"
rows=$(grep -v '^#' "$tmp/s.tsv" | grep -c '^[0-9]')
check "the sweep wrote rows ($rows)" test "$rows" -gt 40

# jq on a report: nested by part, typed.
if command -v jq > /dev/null 2>&1; then
    "$CHASE" report --sim "$sim" -q -o "$tmp/r" 2> /dev/null
    check "jq .sweep.levels[0].cycles is the L1's 4 cycles" \
        sh -c '[ "$(jq ".sweep.levels[0].cycles" "$1")" = 4 ]' sh "$tmp/r/report.json"
    check "jq .sweep.levels[0].name is \"L1\"" sh -c '[ "$(jq -r ".sweep.levels[0].name" "$1")" = L1 ]' sh "$tmp/r/report.json"
    check "jq: banks' yes/no results are booleans" \
        jq -e '.banks.results.fit_clear | type == "boolean"' "$tmp/r/report.json"
    check "jq: no result of any part is the word nan, yes or no" \
        jq -e '[.parts[].name as $p | .[$p] // empty | .results | .[]? | select(. == "nan" or . == "yes" or . == "no")] | length == 0' \
        "$tmp/r/report.json"
else
    ok "# SKIP jq is not installed"
fi

# gnuplot reads what went to standard output: every point, in order.
if [ -n "${GNUPLOT_PROG:-}" ]; then
    "$GNUPLOT_PROG" -e "set table '$tmp/table'; plot '$tmp/stdout.tsv' using 1:2 with lines" 2> "$tmp/gp.err"
    got=$(awk '$NF == "i" { n++; if (n > 1 && $1 < p) bad = 1; p = $1 } END { print (bad ? "unsorted" : n + 0) }' "$tmp/table")
    check "gnuplot plots every point of standard output's file in order of size (got $got of $rows; $(head -1 "$tmp/gp.err"))" \
        test "$got" = "$rows"
else
    ok "# SKIP gnuplot is not installed"
fi
finish
