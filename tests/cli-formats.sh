# cli-formats.sh: TSV, CSV and JSON carry the same curve, and analyze reads each back.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

sim='L1:size=8K,lat=4;L2:size=256K,ways=16,lat=20;mem:lat=200'
for f in tsv csv json; do
    "$CHASE" --sim "$sim" --max 2M --steps 4 -q -f $f -o "$tmp/c.$f"
done
tsv_rows=$(data "$tmp/c.tsv" | wc -l)
csv_rows=$(($(wc -l < "$tmp/c.csv") - 1))
json_rows=$(grep -c '"bytes":' "$tmp/c.json")
check "the CSV has a header and the TSV's rows ($csv_rows of $tsv_rows)" test "$csv_rows" -eq "$tsv_rows"
check "the CSV header names the columns" sh -c "head -1 '$tmp/c.csv' | grep -qx 'bytes,cycles,p5,p95,ns,samples,mhz'"
check "the CSV holds no metadata lines" sh -c "! grep -q '^#' '$tmp/c.csv'"
check "the JSON holds the TSV's rows ($json_rows of $tsv_rows)" test "$json_rows" -eq "$tsv_rows"
check "the JSON has meta, points, levels and status" sh -c "grep -q '\"meta\"' '$tmp/c.json' && grep -q '\"levels\"' '$tmp/c.json' && grep -q '\"status\": \"complete\"' '$tmp/c.json'"
if command -v python3 > /dev/null 2>&1; then
    check "the JSON parses" python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d['points']) == $tsv_rows and d['meta']['backend'] == 'sim'" "$tmp/c.json"
fi
# Same data through each reader: the level lines must agree.
for f in tsv csv json; do
    "$CHASE" analyze -f tsv "$tmp/c.$f" | grep '^# level' > "$tmp/levels.$f"
done
grep '^# level' "$tmp/c.tsv" > "$tmp/levels.sweep"
check "analyze of the TSV repeats the sweep's levels" cmp -s "$tmp/levels.sweep" "$tmp/levels.tsv"
# CSV holds no metadata, so no driver's cache is named beside its levels:
# the measured figures (name, capacity, latency) must still agree.
cut -f1-4 "$tmp/levels.csv" > "$tmp/levels.csv4"
cut -f1-4 "$tmp/levels.tsv" > "$tmp/levels.tsv4a"
check "analyze of the CSV finds the same levels" cmp -s "$tmp/levels.tsv4a" "$tmp/levels.csv4"
check "analyze of the JSON finds the same levels" cmp -s "$tmp/levels.tsv" "$tmp/levels.json"
check "three levels: L1, L2, memory" test "$(wc -l < "$tmp/levels.tsv")" -eq 3
# Plain two-column text, as other tools write it.
data "$tmp/c.tsv" | awk '{ print $1, $2 }' > "$tmp/plain.txt"
"$CHASE" analyze -f tsv "$tmp/plain.txt" | grep '^# level' | cut -f1-4 > "$tmp/levels.plain"
cut -f1-4 "$tmp/levels.tsv" > "$tmp/levels.tsv4"
check "analyze of plain 'bytes latency' text finds the same levels" cmp -s "$tmp/levels.tsv4" "$tmp/levels.plain"
if command -v python3 > /dev/null 2>&1; then
    "$CHASE" analyze -f json "$tmp/c.tsv" "$tmp/c.json" > "$tmp/two.json"
    check "analyze -f json of two curves is an array of curves with their levels" python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d) == 2 and all(len(c['levels']) == 3 and len(c['points']) == $tsv_rows for c in d)" "$tmp/two.json"
fi
expect 2 "CSV has no place for levels" analyze -f csv "$tmp/c.tsv"
"$CHASE" analyze "$tmp/c.tsv" > "$tmp/report"
check "analyze's report shows the driver's sizes beside the measured" grep -Eq '^L2 .*256 KiB$' "$tmp/report"
# -o's name says the format unless -f says otherwise.
"$CHASE" --sim 'L1:size=4K,lat=4;mem:lat=100' --max 16K -q -o "$tmp/by-name.json"
check "-o x.json writes JSON" python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$tmp/by-name.json"
"$CHASE" --sim 'L1:size=4K,lat=4;mem:lat=100' --max 16K -q -o "$tmp/by-name.csv"
check "-o x.csv writes CSV" grep -q '^bytes,cycles,' "$tmp/by-name.csv"
"$CHASE" --sim 'L1:size=4K,lat=4;mem:lat=100' --max 16K -q -f tsv -o "$tmp/forced.json"
check "-f tsv -o x.json writes TSV, as asked" grep -q '^# format: chase' "$tmp/forced.json"
# Standard output holds the refined curve in order of size (a pipe into
# gnuplot `with lines` must not zig-zag), as -o's file does.
"$CHASE" --sim 'L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200' 2> /dev/null > "$tmp/piped.tsv"
data "$tmp/piped.tsv" > "$tmp/piped.rows"
check "stdout: refined rows in order of size" awk '{ if (n++ && $1 < p) bad = 1; p = $1 } END { exit bad || n < 60 }' "$tmp/piped.rows"
finish
