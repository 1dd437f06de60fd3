# lanes-sim.sh: chase lanes against simulated devices whose truth is the
# spec's lanes: section (sim_lanes.c's model: an operation's latency in a
# dependent chain; in independent chains the larger of its instructions'
# issue cost and its latency over the chains): each row's latency, issue
# cost and cost a warp instruction, a 64-bit operation of two
# instructions, an operation the device lacks (a row saying so), an issue
# figure the chains cannot settle (Little's law), a figure past one
# instruction a cycle (exit 8), noise within the percentiles, another
# spec moving the figures with it, JSON valid against the schema, CSV,
# the cpu backend's refusal (exit 7) and the usage errors.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

# run NAME SPEC ARGS...: chase lanes on the sim to $tmp/NAME.tsv.
run() {
    name=$1 spec=$2
    shift 2
    "$CHASE" lanes -b sim --sim "$spec" -q -o "$tmp/$name.tsv" "$@" 2> "$tmp/$name.err" < /dev/null
    echo $? > "$tmp/$name.rc"
}

# col NAME OP WIDTH COL: a column of the lanes table's row.
col() {
    awk -F'\t' -v op="$2" -v w="$3" -v col="$4" '
        /^# table: lanes/ { t = 1; getline; for (i = 1; i <= NF; i++) c[$i] = i; next }
        t && /^#/ { t = 0 }
        t && $1 == op && $2 == w { print $(c[col]); exit }' "$tmp/$1.tsv"
}

# near GOT WANT REL: |got - want| <= rel x want.
near() {
    awk -v g="$1" -v w="$2" -v r="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g != "" && d <= r * w) }'
}

# want NAME OP WIDTH COL VALUE REL: one figure against the truth.
want() {
    got=$(col "$1" "$2" "$3" "$4")
    check "$1: $2 b$3 $4 $got, the spec's $5 (within $6)" near "$got" "$5" "$6"
}

base="L1:size=32K,lat=4;mem:lat=200"
spec="$base;lanes:shfl=30,shfl_issue=2,shfl_bfly=33,ballot=12,ballot_issue=1.5,match=70,match_issue=8,redux=none"
spec="$spec,dpp=9,swizzle=40,swizzle_issue=4,shared=64,shared_issue=3,permute=200,permute_issue=1"
run a "$spec"
check "exit 0 (got $(cat "$tmp/a.rc"): $(head -1 "$tmp/a.err"))" test "$(cat "$tmp/a.rc")" -eq 0

# Latency: the spec's; a 64-bit shuffle is two instructions, the second
# issued after the first (latency + one issue).
want a shfl_idx 32 latency 30 0.01
want a shfl_up 32 latency 30 0.01
want a shfl_bfly 32 latency 33 0.01
want a shfl_idx 64 latency 32 0.01
want a ballot 32 latency 12 0.01
want a match 64 latency 70 0.01
want a dpp_quad 32 latency 9 0.01
want a swizzle 32 latency 40 0.01
want a shared 64 latency 64 0.01
# Issue: instructions x issue an operation, issue a warp instruction.
want a shfl_idx 32 issue 2 0.01
want a shfl_idx 64 issue 4 0.01
want a shfl_idx 64 issue_per_instruction 2 0.01
want a ballot 32 issue 1.5 0.01
want a match 32 issue 8 0.01
want a swizzle 32 issue 4 0.01
want a shared 32 issue 6 0.01
want a shared 32 issue_per_instruction 3 0.01
check "a: 64-bit shuffles are two instructions" test "$(col a shfl_down 64 instructions)" = 2
check "a: settled where the chains cover the latency (shfl_idx 32: 30 / 32 below 2)" \
    test "$(col a shfl_idx 32 settled)" = 1
# 8 chains of swizzle: 40 / 8 = 5 cycles an operation, above its issue of 4.
want a swizzle 32 issue_fewer_chains 5 0.01
# permute: 200 cycles over 32 chains (6.25) hide its issue of 1: the figure
# is the latency's, and the row says it is not settled.
want a permute 32 issue 6.25 0.01
check "a: permute's issue not settled (latency over the chains)" test "$(col a permute 32 settled)" = 0
check "a: permute's note says why" sh -c "grep -q '^permute.*issue not settled' '$tmp/a.tsv'"
# An operation the device lacks: its row, not measured, and why.
check "a: redux is a row that says the device lacks it" \
    sh -c "grep -Eq '^redux	32	.*not measured: .*lacks redux' '$tmp/a.tsv'"
check "a: redux has no figure" test "$(col a redux 32 latency)" = nan
check "a: ns at the spec's clock (1000 MHz): as many as cycles" near "$(col a shfl_idx 32 latency_ns)" 30 0.01
check "a: the metadata says the launch shape" sh -c "grep -q '^# launch: one block of one warp (32 lanes)' '$tmp/a.tsv'"
check "a: every operation at its widths: 21 rows" test "$(grep -c '^[a-z_]*	[36][24]	' "$tmp/a.tsv")" -eq 21

# Another model moves the figures with it (the test reads them, it does
# not know them).
run b "$base;lanes:shfl=60,shfl_issue=4"
want b shfl_idx 32 latency 60 0.01
want b shfl_idx 32 issue 4 0.01
if near "$(col b shfl_idx 32 latency)" 30 0.05; then not_ok "b: read 30 cycles, a's shuffle"; else ok "b: not a's 30 cycles"; fi

# Noise: the median near the truth, inside its percentiles.
run n "L1:size=32K,lat=4;mem:lat=200,noise=0.05;lanes:shfl=30"
want n shfl_idx 32 latency 30 0.05
check "n: p5 <= latency <= p95, apart" awk -v a="$(col n shfl_idx 32 latency_p5)" -v m="$(col n shfl_idx 32 latency)" \
    -v b="$(col n shfl_idx 32 latency_p95)" 'BEGIN { exit !(a <= m && m <= b && a < b) }'

# Past a physical bound: a warp issues at most one instruction a cycle.
run p "$base;lanes:readlane_issue=0.5"
check "p: an issue of 0.5 cycles an instruction exits 8 (got $(cat "$tmp/p.rc"))" test "$(cat "$tmp/p.rc")" -eq 8
check "p: the row says PAST BOUND" sh -c "grep -q '^readlane.*PAST BOUND' '$tmp/p.tsv'"
check "p: stderr says so" grep -q "PAST A PHYSICAL BOUND" "$tmp/p.err"

# JSON (typed, valid against the schema) and CSV.
"$CHASE" lanes -b sim -q -f json -o "$tmp/a.json" > /dev/null 2>&1
check "json: exit 0" test $? -eq 0
if command -v python3 > /dev/null 2>&1; then
    check "json: valid against the schema" python3 "$srcdir/tests/json-check.py" "$srcdir/data/chase-format.schema.json" \
        "$tmp/a.json"
    check "json: latency a number, instruction a string, a lacking row's figure null" python3 -c "
import json, sys
d = json.load(open('$tmp/a.json'))
rows = d['lanes']
r = [x for x in rows if x['op'] == 'shfl_idx' and x['width'] == 32][0]
assert isinstance(r['latency'], (int, float)) and isinstance(r['instruction'], str), r
assert d['kind'] == 'lanes' and d['status'] == 'complete'
"
fi
"$CHASE" lanes -b sim -q -f csv -o "$tmp/a.csv" > /dev/null 2>&1
check "csv: the table's header" grep -q '^op,width,instruction,instructions,latency' "$tmp/a.csv"

# The cpu has no warps: exit 7 and why.
expect 7 "cpu backend cannot time cross-lane operations" lanes -b cpu
expect 2 "--sm" lanes -b sim --sm 0
expect 2 "--carveout" lanes -b sim --carveout 50
"$CHASE" lanes -b sim --sim "$base;lanes:shfl=abc" -q > /dev/null 2> "$tmp/bad.err"
st=$?
check "a bad lanes: value is refused (exit $st): $(head -1 "$tmp/bad.err")" \
    sh -c "[ $st -ne 0 ] && grep -q 'lanes: shfl=abc' '$tmp/bad.err'"
"$CHASE" lanes -b sim --sim "$base;lanes:shuffle=3" -q > /dev/null 2> "$tmp/bad2.err"
st=$?
check "an unknown lanes: key is refused (exit $st)" sh -c "[ $st -ne 0 ] && grep -q \"unknown key 'shuffle'\" '$tmp/bad2.err'"
finish
