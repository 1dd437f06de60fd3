# cli-readers.sh: what users read chase's files with reads them right:
# jq (report.json nested and typed:
# .sweep.levels[0].cycles), pandas (the TSV's header is the header, every
# data table of a file of several through --table, the JSON's tables as
# records), and gnuplot reading standard output saved to a
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

# pandas: read_csv(sep='\t', comment='#') takes the header line as the
# header (a '#' before it made the first row the header, silently).
# Debian's python3-pandas is for /usr/bin/python3, which another python3
# earlier in PATH may hide.
py=
for p in python3 /usr/bin/python3; do
    if "$p" -c 'import pandas' > /dev/null 2>&1; then py=$p; break; fi
done
if [ -n "$py" ]; then
    check "pandas reads the sweep's TSV: columns bytes, cycles..., $rows rows, bytes ascending" \
        "$py" -c 'import sys, pandas as pd
d = pd.read_csv(sys.argv[1], sep="\t", comment="#")
assert list(d.columns[:2]) == ["bytes", "cycles"], list(d.columns)
assert len(d) == int(sys.argv[2]), len(d)
assert d["bytes"].is_monotonic_increasing and d["cycles"].dtype.kind in "fi"' "$tmp/s.tsv" "$rows"
    for t in conflicts strides groups; do
        "$CHASE" banks -b sim -q --table "$t" -o "$tmp/banks-$t.csv"
        n=$(awk '/^# table: '"$t"'$/ { on = 1; getline; next } /^#|^$/ { on = 0 } on { n++ } END { print n + 0 }' \
            "$(ls "$tmp"/banks-all.tsv 2> /dev/null || { "$CHASE" banks -b sim -q -o "$tmp/banks-all.tsv"; echo "$tmp/banks-all.tsv"; })")
        check "pandas reads banks --table $t as its $n rows, numeric" \
            "$py" -c 'import sys, pandas as pd
d = pd.read_csv(sys.argv[1])
assert len(d) == int(sys.argv[2]) > 0, (len(d), sys.argv[2])
num = [c for c in d.columns if c != "op"]    # the operation (read, write) is text
assert d[num[-1]].dtype.kind in "fi", d.dtypes
assert set(d["op"]) == {"read", "write"}, set(d["op"])' "$tmp/banks-$t.csv" "$n"
    done
    "$CHASE" banks -b sim -q -o "$tmp/banks.json"
    check "pandas: the JSON's tables are records (DataFrame(doc['strides']) has stride_words)" \
        "$py" -c 'import sys, json, pandas as pd
d = pd.DataFrame(json.load(open(sys.argv[1]))["strides"])
assert "stride_words" in d.columns and len(d) > 0' "$tmp/banks.json"
else
    ok "# SKIP pandas is not installed"
fi
# --table: a name the command lacks is a usage error listing its tables,
# before any measurement; TSV and JSON refuse it (they hold every table).
"$CHASE" banks -b sim -q --table nope -o "$tmp/t.csv" 2> "$tmp/t.err"
check "--table nope: exit 2" test $? -eq 2
check "... naming the tables banks writes" grep -q "conflicts, strides, groups" "$tmp/t.err"
check "... and writing no file" test ! -e "$tmp/t.csv"
"$CHASE" banks -b sim -q --table strides -o "$tmp/t.tsv" 2> /dev/null
check "--table with TSV: exit 2" test $? -eq 2

# gnuplot reads what went to standard output: every point, in order.
if [ -n "${GNUPLOT_PROG:-}" ]; then
    "$GNUPLOT_PROG" -e "set table '$tmp/table'; plot '$tmp/stdout.tsv' using 1:2 with lines" 2> "$tmp/gp.err"
    got=$(awk '$NF == "i" { n++; if (n > 1 && $1 < p) bad = 1; p = $1 } END { print (bad ? "unsorted" : n + 0) }' "$tmp/table")
    check "gnuplot plots every point of standard output's file in order of size (got $got of $rows; $(head -1 "$tmp/gp.err"))" \
        test "$got" = "$rows"
else
    ok "# SKIP gnuplot is not installed"
fi
# A level whose name has a blank ("L2 near": two steps inside the one L2
# the file's driver reports) gives result keys that read back
# (L2_near.line_bytes: a key with a blank would be a comment in TSV), and a
# figure not resolved is null in JSON, never a sentence.
sim3='L1:size=8K,ways=4,lat=4;L2:size=128K,ways=8,lat=20;L3:size=256K,ways=8,lat=40;mem:lat=200'
"$CHASE" --sim "$sim3" --max 2M -q -o "$tmp/s3.tsv"
sed -e '/^# driver.cache\./d' -e 's/^# driver: \(.*\)$/# driver: \1\n# driver.cache.L2: 262144/' "$tmp/s3.tsv" > "$tmp/near.tsv"
check "the sweep names two parts of one L2 'L2 near' and 'L2 far'" \
    sh -c '"$1" analyze "$2" | grep -q "^L2 near .*^L2 far" || "$1" analyze "$2" | grep -c "^L2 near\|^L2 far" | grep -qx 2' sh "$CHASE" "$tmp/near.tsv"
for m in lines assoc; do
    key=$([ $m = lines ] && echo line_bytes || echo ways)
    "$CHASE" $m --sim "$sim3" --from "$tmp/near.tsv" --level 'L2 near' -q -f tsv -o "$tmp/$m-near.tsv" 2> "$tmp/$m.err"
    "$CHASE" $m --sim "$sim3" --from "$tmp/near.tsv" --level 'L2 near' -q -f json -o "$tmp/$m-near.json" 2>> "$tmp/$m.err"
    check "$m: 'L2 near' gives the result line '# L2_near.$key: N' (a key TSV reads back) ($(head -1 "$tmp/$m.err"))" \
        grep -q "^# L2_near\.$key: [0-9]" "$tmp/$m-near.tsv"
    check "$m: ... and \"L2_near.$key\" a number in JSON" grep -q "\"L2_near\.$key\": [0-9]" "$tmp/$m-near.json"
done
finish
