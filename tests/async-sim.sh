# async-sim.sh: chase async against simulated devices whose truth is the
# spec (sim_async.c's model: a copy in a chain costs the serving level's
# latency plus its own extra cycles, a bulk copy its bytes past 16 at
# bulk_bpc; the L1 is passed by cp.async.cg and the bulk copy; streamed,
# each multiprocessor moves the least of the level's bytes a cycle, its
# copies in flight over their latency and its issue rate): each row's
# latency, the plain path beside it, the best shape's GB/s and the shape,
# a copy the device lacks (a row saying so), a figure past the level's
# peak (exit 8), noise within the percentiles, JSON valid against the
# schema, CSV, the cpu backend's refusal (exit 7) and the usage errors.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

l12="L1:size=32K,lat=30;L2:size=4M,ways=16,lat=200,bw=40"
base="$l12;mem:lat=500"
"$CHASE" sweep -b sim --sim "$base" -q -o "$tmp/sweep.tsv" 2> "$tmp/sweep.err" < /dev/null
check "a sweep of the hierarchy (exit $?)" test -s "$tmp/sweep.tsv"

# run NAME SPEC ARGS...: chase async on the sim to $tmp/NAME.tsv, the levels from the sweep.
run() {
    name=$1 spec=$2
    shift 2
    "$CHASE" async -b sim --sim "$spec" --from "$tmp/sweep.tsv" -q -o "$tmp/$name.tsv" "$@" 2> "$tmp/$name.err" < /dev/null
    echo $? > "$tmp/$name.rc"
    data "$tmp/$name.tsv" > "$tmp/$name.rows"
}

# col NAME LEVEL OP BYTES COL: a column of the async table's row.
col() {
    awk -F'\t' -v lv="$2" -v op="$3" -v b="$4" -v col="$5" '
        /^# table: async/ { t = 1; getline; for (i = 1; i <= NF; i++) c[$i] = i; next }
        t && /^#/ { t = 0 }
        t && $1 == lv && $2 == op && $3 == b { print $(c[col]); exit }' "$tmp/$1.tsv"
}

near() {
    awk -v g="$1" -v w="$2" -v r="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g != "" && d <= r * w) }'
}

# want NAME LEVEL OP BYTES COL VALUE REL: one figure against the truth.
want() {
    got=$(col "$1" "$2" "$3" "$4" "$5")
    check "$1: $2 $3 $4 B $5 $got, the spec's $6 (within $7)" near "$got" "$6" "$7"
}

spec="$base;sms:count=4;async:load_store=20,cp_async_ca=50,cp_async_cg=60,bulk=100,bulk_bpc=32,load_store_issue=64,bulk_issue=1"
run a "$spec"
check "exit 0 (got $(cat "$tmp/a.rc"): $(head -1 "$tmp/a.err"))" test "$(cat "$tmp/a.rc")" -eq 0
check "a: three levels from the sweep" test "$(cut -f1 "$tmp/a.rows" | sort -u | wc -l)" -eq 3

# Latency: the serving level's plus the copy's own; cp.async.cg and the
# bulk copy pass the L1 (the L1's working set is then the L2's latency).
want a L1 load_store 16 latency 50 0.01
want a L1 cp_async_ca 4 latency 80 0.01
want a L1 cp_async_cg 16 latency 260 0.01
want a L1 bulk 16 latency 300 0.01
want a L2 load_store 8 latency 220 0.01
want a L2 cp_async_ca 16 latency 250 0.01
want a L2 cp_async_cg 16 latency 260 0.01
want a L2 bulk 16 latency 300 0.01
# A bulk copy's bytes past 16 at 32 bytes a cycle: 4096 B adds 127.5.
want a L2 bulk 4096 latency 427.5 0.01
want a L2 bulk 65536 latency 2347.5 0.01
want a memory cp_async_ca 16 latency 550 0.01
want a memory bulk 16384 latency 1111.5 0.01
# The plain path beside each row, and the ratio.
want a L2 bulk 16 plain 220 0.01
want a L2 bulk 16 vs_plain 1.363636 0.001
want a L2 cp_async_ca 4 plain 220 0.01
# Throughput: the L2's 40 B/clk/SM x 4 SMs x 1000 MHz = 160 GB/s where
# enough is in flight; the plain path's issue (64 cycles a warp's 32 x 16
# B copies: 8 B/clk) holds it to 32 GB/s; one 16 B bulk copy in flight
# per block, 8 blocks: 8 x 8 x 16 B over 300 cycles = 3.41 B/clk: 13.65 GB/s.
want a L2 cp_async_ca 16 gbs 160 0.01
want a L2 load_store 16 gbs 32 0.01
want a L2 bulk 16 gbs 13.6533 0.01
check "a: the best 16 B bulk shape is the most in flight (8 blocks x 8)" \
    test "$(col a L2 bulk 16 blocks_per_sm) $(col a L2 bulk 16 inflight)" = "8 8"
check "a: the shape's threads and blocks beside it" \
    test "$(col a L2 bulk 16 threads) $(col a L2 bulk 16 blocks)" = "32 32"
check "a: 16 shapes measured for a 16 B copy" test "$(col a L2 cp_async_cg 16 shapes)" -eq 16
# 64 KiB copies: 8 in flight do not fit a block's shared memory, and no
# figure passes the bound.
check "a: fewer shapes fit 64 KiB bulk copies ($(col a L2 bulk 65536 shapes))" test "$(col a L2 bulk 65536 shapes)" -lt 16
check "a: no row over its peak" sh -c "! grep -q 'PAST BOUND' '$tmp/a.rows'"
want a L2 cp_async_ca 16 peak_gbs 512 0.01
# L1's working set holds no 4 KiB chain: rows that say so.
check "a: the L1's 4 KiB bulk row says why it was not measured" \
    grep -Eq '^L1	bulk	4096	.*not measured: .*fewer than two copies' "$tmp/a.rows"

# Another model moves the figures with it.
run b "$base;async:cp_async_ca=90,bulk=none"
want b L2 cp_async_ca 16 latency 290 0.01
check "b: bulk lacking is a row that says so" \
    grep -Eq '^L2	bulk	16	.*not measured: .*lacks bulk' "$tmp/b.rows"
check "b: bulk has no figure" test "$(col b L2 bulk 16 latency)" = nan

# Noise: the median near the truth, inside its percentiles.
run n "$l12;mem:lat=500,noise=0.05;async:cp_async_ca=50"
want n L2 cp_async_ca 16 latency 250 0.05
check "n: p5 <= latency <= p95, apart" awk -v a="$(col n L2 cp_async_ca 16 latency_p5)" \
    -v m="$(col n L2 cp_async_ca 16 latency)" -v b="$(col n L2 cp_async_ca 16 latency_p95)" \
    'BEGIN { exit !(a <= m && m <= b && a < b) }'

# Past the level's peak: an architecture's L1 of 16 B/clk/SM x 4 SMs at
# 1000 MHz is 64 GB/s; the L2's 160 GB/s lies past it.
run p "$l12;mem:lat=500,l1peak=16;sms:count=4"
check "p: a figure past the peak exits 8 (got $(cat "$tmp/p.rc"))" test "$(cat "$tmp/p.rc")" -eq 8
check "p: the row says PAST BOUND" grep -q '^L2	cp_async_ca	16	.*PAST BOUND' "$tmp/p.rows"
check "p: over_peak 1" test "$(col p L2 cp_async_ca 16 over_peak)" = 1
check "p: stderr says so" grep -q "PAST A PHYSICAL BOUND" "$tmp/p.err"

# --level: one level's rows.
run l "$base" --level L2
check "l: --level L2 measures only the L2" test "$(cut -f1 "$tmp/l.rows" | sort -u)" = L2

# JSON (typed, valid against the schema) and CSV.
"$CHASE" async -b sim --sim "$base" --from "$tmp/sweep.tsv" -q -f json -o "$tmp/a.json" > /dev/null 2>&1
check "json: exit 0" test $? -eq 0
if command -v python3 > /dev/null 2>&1; then
    check "json: valid against the schema" python3 "$srcdir/tests/json-check.py" "$srcdir/data/chase-format.schema.json" \
        "$tmp/a.json"
    check "json: latency a number, instruction a string" python3 -c "
import json
d = json.load(open('$tmp/a.json'))
r = [x for x in d['async'] if x['op'] == 'bulk' and x['bytes'] == 16 and x['level'] == 'L2'][0]
assert isinstance(r['latency'], (int, float)) and isinstance(r['instruction'], str), r
assert d['kind'] == 'async' and d['status'] == 'complete'
"
fi
"$CHASE" async -b sim --sim "$base" --from "$tmp/sweep.tsv" -q -f csv -o "$tmp/a.csv" > /dev/null 2>&1
check "csv: the table's header" grep -q '^level,op,bytes,instruction,working_set' "$tmp/a.csv"

# The cpu has no shared memory: exit 7 and why.
expect 7 "cpu backend cannot copy into shared memory" async -b cpu --from "$tmp/sweep.tsv"
expect 2 "--sm" async -b sim --sm 0
expect 2 "--carveout" async -b sim --carveout 50
expect 2 "no level 'L9'" async -b sim --sim "$base" --from "$tmp/sweep.tsv" --level L9
"$CHASE" async -b sim --sim "$base;async:bulk=abc" --from "$tmp/sweep.tsv" -q > /dev/null 2> "$tmp/bad.err"
st=$?
check "a bad async: value is refused (exit $st): $(head -1 "$tmp/bad.err")" \
    sh -c "[ $st -ne 0 ] && grep -q 'async: bulk=abc' '$tmp/bad.err'"
"$CHASE" async -b sim --sim "$base;async:tma=3" --from "$tmp/sweep.tsv" -q > /dev/null 2> "$tmp/bad2.err"
st=$?
check "an unknown async: key is refused (exit $st)" sh -c "[ $st -ne 0 ] && grep -q \"unknown key 'tma'\" '$tmp/bad2.err'"
finish
