# banks-sim.sh: chase banks against the simulator's bank models, whose
# truth the spec gives: the bank count and width, the lane groups of each
# width and the passes of every table cell must come out as the model
# says, for the presets and for models no device has (64 banks, 16-lane
# phases, 8-byte banks, interleaved groups, a 16-lane warp, noise).  The
# stores the same way, against their own phases: the AMDGPU guide's
# ds_write_b128 (eight phases of eight lanes, unlike ds_read_b128's
# groups) in the cdna3 preset, and phases no device has; the two-address
# reads (ds_read2_b64, ds_read2st64_b64) where the model has them.  Then
# --lanes, --op, the formats, the plot and the errors.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

result() {  # result KEY FILE: a '# KEY: value' line's value
    sed -n "s/^# $1: //p" "$2" | head -1
}

# Every table cell's measured passes within a quarter of the prediction.
cells_agree() {
    awk -F'\t' '/^# table: conflicts/ { on = 1; getline; next } /^$/ { on = 0 } on && !/^#/ {
        n++; if ($10 == "nan") { bad++; next }
        d = $9 - $10; if (d < 0) d = -d; if (d > 0.25 * $10 + 0.25) bad++ }
        END { exit !(n > 0 && bad == 0) }' "$1"
}

# model NAME SPEC BANKS BYTES G32 G64 G128: runs chase banks on the model.
model() {
    name=$1 spec=$2 banks=$3 bytes=$4
    shift 4
    if [ -n "$spec" ]; then
        "$CHASE" banks --sim "$spec" -q -o "$tmp/m.tsv" 2> "$tmp/err"
    else
        "$CHASE" banks -b sim -q -o "$tmp/m.tsv" 2> "$tmp/err"
    fi
    st=$?
    if [ $st -ne 0 ]; then
        not_ok "$name: exit $st: $(head -2 "$tmp/err" | tr '\n' ' ')"
        return
    fi
    got="$(result banks "$tmp/m.tsv") x $(result bank_bytes "$tmp/m.tsv")"
    if [ "$got" = "$banks x $bytes" ] && [ "$(result fit_clear "$tmp/m.tsv")" = yes ]; then
        ok "$name: $got B banks, a clear fit"
    else
        not_ok "$name: $got B banks (want $banks x $bytes), fit clear: $(result fit_clear "$tmp/m.tsv")"
    fi
    w=32
    for want in "$@"; do
        g=$(result "groups_$w" "$tmp/m.tsv")
        if [ "$g" = "$want" ]; then ok "$name: $w-bit groups $g"; else not_ok "$name: $w-bit groups '$g', want '$want'"; fi
        w=$((w * 2))
    done
    check "$name: every table cell costs the passes the model predicts" cells_agree "$tmp/m.tsv"
}

model "default (nvidia preset)" "" 32 4 "0-31" "0-15 16-31" "0-7 8-15 16-23 24-31"
check "default: the half-warp groups are seen to merge" test "$(result groups_64_merge "$tmp/m.tsv")" = yes
check "default: kind banks, status complete" sh -c "grep -q '^# kind: banks' '$tmp/m.tsv' && grep -q '^# status: complete' '$tmp/m.tsv'"
check "default: the model is in the metadata as the device's (driver.shared)" grep -q '^# driver.shared: 32 banks of 4 B' "$tmp/m.tsv"
b128_broadcast=$(awk -F'\t' '$1 == "broadcast" && $3 == 128 && $11 == "read" { print $6 }' "$tmp/m.tsv")
b128_free=$(awk -F'\t' '$1 == "conflict-free" && $3 == 128 && $11 == "read" { print $6 }' "$tmp/m.tsv")
check "default: a 128-bit broadcast costs a quarter of conflict-free ($b128_broadcast against $b128_free)" \
    awk "BEGIN { exit !($b128_broadcast * 4 == $b128_free) }"
model "cdna3 preset" "shared:preset=cdna3" 32 4 "0-31 32-63" "0-15 16-31 32-47 48-63" \
    "0-3,20-23 4-7,16-19 8-11,28-31 12-15,24-27 32-35,52-55 36-39,48-51 40-43,60-63 44-47,56-59"
check "cdna3: no groups merge" test "$(result groups_128_merge "$tmp/m.tsv")" = no
model "cdna3 with 64 banks" "shared:preset=cdna3,banks=64" 64 4 "0-31 32-63" "0-15 16-31 32-47 48-63" \
    "0-3,20-23 4-7,16-19 8-11,28-31 12-15,24-27 32-35,52-55 36-39,48-51 40-43,60-63 44-47,56-59"
model "16-lane phases" "shared:b32=16,b64=8,b128=4" 32 4 "0-15 16-31" "0-7 8-15 16-23 24-31" \
    "0-3 4-7 8-11 12-15 16-19 20-23 24-27 28-31"
model "8-byte banks" "shared:width=8" 32 8 "0-31" "0-31" "0-15 16-31"
model "16 banks of 8 bytes" "shared:width=8,banks=16" 16 8 "0-31" "0-15 16-31" "0-7 8-15 16-23 24-31"
model "a 16-lane warp, 16 banks" "shared:banks=16,lanes=16,b32=16,b64=8,b128=4" 16 4 "0-15" "0-7 8-15" \
    "0-3 4-7 8-11 12-15"
model "interleaved 64-bit groups" \
    "shared:preset=cdna3,b64=0+2+4+6+8+10+12+14+16+18+20+22+24+26+28+30/1+3+5+7+9+11+13+15+17+19+21+23+25+27+29+31/32-47/48-63" \
    32 4 "0-31 32-63" "0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30 1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31 32-47 48-63" \
    "0-3,20-23 4-7,16-19 8-11,28-31 12-15,24-27 32-35,52-55 36-39,48-51 40-43,60-63 44-47,56-59"
model "cdna3, 2% noise" "shared:preset=cdna3,noise=0.02,seed=5" 32 4 "0-31 32-63" "0-15 16-31 32-47 48-63" \
    "0-3,20-23 4-7,16-19 8-11,28-31 12-15,24-27 32-35,52-55 36-39,48-51 40-43,60-63 44-47,56-59"
model "nvidia, 2% noise" "shared:noise=0.02,seed=9" 32 4 "0-31" "0-15 16-31" "0-7 8-15 16-23 24-31"
model "128 banks beside a cache hierarchy" "L1:size=16K,lat=4;mem:lat=100;shared:banks=128" 128 4 "0-31" "0-31" "0-31"

# The sim's latency and issue figures are the spec's: conflict-free b32 in
# chain mode is lat; a k-way conflict in block mode k passes of issue.
"$CHASE" banks --sim 'shared:lat=41,issue=3' -q -o "$tmp/li.tsv"
lat=$(awk -F'\t' '$1 == "conflict-free" && $3 == 32 && $11 == "read" { print $4 }' "$tmp/li.tsv")
c8=$(awk -F'\t' '$1 == "conflict-8" && $3 == 32 && $11 == "read" { print $6 }' "$tmp/li.tsv")
check "lat=41, issue=3: conflict-free latency $lat, conflict-8 issue $c8 (41, 24)" test "$lat" = 41 -a "$c8" = 24
check "a pass costs 3 cycles" awk "BEGIN { exit !($(result cycles_per_pass "$tmp/li.tsv") - 3 < 1e-9 && 3 - $(result cycles_per_pass "$tmp/li.tsv") < 1e-9) }"

# Stores: their own sweep, fit and lane groups, against the model's store
# phases (st32=, st64=, st128=; the reads' unless given).
# stores NAME SPEC BANKS BYTES G32 G64 G128: runs chase banks on the model.
stores() {
    name=$1 spec=$2 banks=$3 bytes=$4
    shift 4
    "$CHASE" banks --sim "$spec" -q -o "$tmp/s.tsv" 2> "$tmp/err"
    st=$?
    if [ $st -ne 0 ]; then
        not_ok "$name: exit $st: $(head -2 "$tmp/err" | tr '\n' ' ')"
        return
    fi
    got="$(result write_banks "$tmp/s.tsv") x $(result write_bank_bytes "$tmp/s.tsv")"
    if [ "$got" = "$banks x $bytes" ] && [ "$(result write_fit_clear "$tmp/s.tsv")" = yes ]; then
        ok "$name: stores: $got B banks, a clear fit"
    else
        not_ok "$name: stores: $got B banks (want $banks x $bytes), fit clear: $(result write_fit_clear "$tmp/s.tsv")"
    fi
    w=32
    for want in "$@"; do
        g=$(result "write_groups_$w" "$tmp/s.tsv")
        if [ "$g" = "$want" ]; then ok "$name: $w-bit store groups $g"; else not_ok "$name: $w-bit store groups '$g', want '$want'"; fi
        w=$((w * 2))
    done
    check "$name: every cell, reads and stores, costs the passes the model predicts" cells_agree "$tmp/s.tsv"
}
# The guide's ds_write_b128: "eight phases: T0-T7, T8-T15, ..., T56-T63".
stores "cdna3 preset" "shared:preset=cdna3" 32 4 "0-31 32-63" "0-15 16-31 32-47 48-63" \
    "0-7 8-15 16-23 24-31 32-39 40-47 48-55 56-63"
check "cdna3: the 128-bit reads keep the guide's interleaved groups beside the stores'" \
    test "$(result groups_128 "$tmp/s.tsv")" = "0-3,20-23 4-7,16-19 8-11,28-31 12-15,24-27 32-35,52-55 36-39,48-51 40-43,60-63 44-47,56-59"
# A conflict-8 set at 128 bits: the read groups put 2 of each set's 8
# lanes in a phase, the store phases 8: twice the read's cost.
r8=$(awk -F'\t' '$1 == "conflict-8" && $3 == 128 && $11 == "read" { print $6 }' "$tmp/s.tsv")
w8=$(awk -F'\t' '$1 == "conflict-8" && $3 == 128 && $11 == "write" { print $6 }' "$tmp/s.tsv")
check "cdna3: a 128-bit 8-way conflict costs the stores twice the reads ($w8 against $r8 cycles)" \
    awk "BEGIN { exit !($w8 == 2 * $r8 && $r8 > 0) }"
check "cdna3: stores have no latency (nan), reads have one" \
    sh -c "awk -F'\t' '\$11 == \"write\" && \$4 != \"nan\" { exit 1 } \$11 == \"read\" && \$4 == \"nan\" { exit 1 }' '$tmp/s.tsv'"
# The two-address reads: each lane's two 8-byte words in the b64 groups,
# one after the other: twice a b64 read's passes, every row predicted.
for r2 in read2 read2st64; do
    n=$(awk -F'\t' -v op=$r2 '$11 == op && $3 == 64' "$tmp/s.tsv" | wc -l)
    f2=$(awk -F'\t' -v op=$r2 '$1 == "conflict-free" && $11 == op { print $6 }' "$tmp/s.tsv")
    f1=$(awk -F'\t' '$1 == "conflict-free" && $3 == 64 && $11 == "read" { print $6 }' "$tmp/s.tsv")
    check "cdna3: $n $r2 rows, 64-bit, conflict-free twice a b64 read ($f2 against $f1)" \
        awk "BEGIN { exit !($n == 11 && $f2 == 2 * $f1) }"
done
check "cdna3: no read2 note where the model has them" sh -c "! grep -q '^# read2:' '$tmp/s.tsv'"
stores "cdna3, 2% noise" "shared:preset=cdna3,noise=0.02,seed=5" 32 4 "0-31 32-63" "0-15 16-31 32-47 48-63" \
    "0-7 8-15 16-23 24-31 32-39 40-47 48-55 56-63"
stores "store phases unlike the reads" "shared:st32=16,st64=8,st128=4" 32 4 "0-15 16-31" "0-7 8-15 16-23 24-31" \
    "0-3 4-7 8-11 12-15 16-19 20-23 24-27 28-31"
check "store phases unlike the reads: the reads keep theirs" test "$(result groups_32 "$tmp/s.tsv")" = "0-31"
check "store phases unlike the reads: 16 b32 lanes a store pass, 32 a read's" \
    test "$(result write_phase_lanes_b32 "$tmp/s.tsv")/$(result phase_lanes_b32 "$tmp/s.tsv")" = 16/32
stores "interleaved 128-bit store phases" "shared:preset=cdna3,st128=0-3+8-11/4-7+12-15/16-23/24-31/32-39/40-47/48-55/56-63" \
    32 4 "0-31 32-63" "0-15 16-31 32-47 48-63" "0-3,8-11 4-7,12-15 16-23 24-31 32-39 40-47 48-55 56-63"
"$CHASE" banks -b sim -q -o "$tmp/nv.tsv"
check "nvidia preset: no two-address reads, and the results say why" \
    sh -c "grep -q '^# read2: not measured: .*no two-address read' '$tmp/nv.tsv' && awk -F'\t' '\$11 ~ /^read2/ { exit 1 }' '$tmp/nv.tsv'"
# --op: one operation alone.
"$CHASE" banks -b sim --op write -q -o "$tmp/w.tsv"
check "--op write: store rows alone, the stores' keys and none of the reads'" \
    sh -c "awk -F'\t' 'NF == 11 && \$11 == \"read\" { exit 1 }' '$tmp/w.tsv' && grep -q '^# write_banks: 32' '$tmp/w.tsv' && ! grep -q '^# banks:' '$tmp/w.tsv' && grep -q '^# ops: write' '$tmp/w.tsv'"
"$CHASE" banks -b sim --op read -q -o "$tmp/r.tsv"
check "--op read: no store rows, no write_ keys" \
    sh -c "! grep -q 'write' '$tmp/r.tsv'"
expect 2 "banks: --op: read, write or read,write" banks -b sim --op copy
expect 2 "--op: 'read,read' is not a list" banks -b sim --op read,read
expect 2 "shared: st64=5 does not divide the 32 lanes" banks --sim 'shared:st64=5'
expect 2 "read2=2 is not a number in \\[0, 1\\]" banks --sim 'shared:read2=2'
expect 2 "read2=0.5 is 0 or 1" banks --sim 'shared:read2=0.5'

# --lanes: the user's pattern, its passes and which banks conflict.
i=0
while [ $i -lt 32 ]; do
    echo $(( (i % 4) * 32 + i / 4 ))    # 4-way: lanes i, i+1, i+2, i+3 in one bank
    i=$((i + 1))
done > "$tmp/p4.txt"
"$CHASE" banks -b sim --lanes "$tmp/p4.txt" -o "$tmp/l.tsv" 2> "$tmp/report"
check "--lanes: exit 0" test $? -eq 0
check "--lanes: 4 passes predicted ($(result lanes_predicted_passes "$tmp/l.tsv"))" test "$(result lanes_predicted_passes "$tmp/l.tsv")" = 4
check "--lanes: the table has the pattern and conflict-free, 32-bit only, read and write" \
    sh -c "awk -F'\t' '!/^#/ && NF == 11 && \$1 != \"pattern\"' '$tmp/l.tsv' | cut -f1,3,11 | tr '\n' ' ' | grep -qx 'conflict-free	32	read lanes	32	read conflict-free	32	write lanes	32	write '"
check "--lanes: measured 4 passes, read and write" sh -c "[ \$(awk -F'\t' '\$1 == \"lanes\" && \$9 == 4' '$tmp/l.tsv' | wc -l) -eq 2 ]"
check "--lanes: the report names the 4-way conflict and its lanes" grep -q '4-way: lanes 0 (bank 0), 1 (bank 0), 2 (bank 0), 3 (bank 0)' "$tmp/report"
check "--lanes: the pattern table gives each lane's bank and depth" \
    sh -c "awk -F'\t' '/table: pattern/ { on = 1 } on && \$1 == 5 { exit !(\$2 == 33 && \$4 == 1 && \$6 == 4) }' '$tmp/l.tsv'"
seq 0 63 | awk '{ print $1 * 2 }' > "$tmp/p64.txt"
"$CHASE" banks --sim shared:preset=cdna3 --lanes "$tmp/p64.txt" --width 128 -q -o "$tmp/l2.tsv"
check "--lanes --width 128 on cdna3: element 2i, 16 passes" test "$(result lanes_predicted_passes "$tmp/l2.tsv")" = 16
expect 5 "p4.txt: 32 lanes given; the warp has 64" banks --sim shared:preset=cdna3 --lanes "$tmp/p4.txt"
printf '0\n1\nzero\n' > "$tmp/bad.txt"
expect 5 "bad.txt:3: 'zero' is not a whole number" banks -b sim --lanes "$tmp/bad.txt"
expect 5 "cannot read" banks -b sim --lanes "$tmp/none.txt"
seq 0 31 | sed 's/^0$/99999999/' > "$tmp/far.txt"
expect 5 "far.txt:1: element 99999999 of 16 bytes lies beyond" banks -b sim --lanes "$tmp/far.txt" --width 128
expect 2 "--width applies to a --lanes pattern" banks -b sim --width 64
expect 2 "--width: '48' is not 32, 64 or 128" banks -b sim --lanes "$tmp/p4.txt" --width 48
expect 2 "does not take --stride" banks -b sim --stride 64
expect 7 "the cpu backend has no shared memory to measure" banks -b cpu
expect 2 "shared: unknown key 'bank'" banks --sim 'shared:bank=32'
expect 2 "shared: banks=48 is not a power of two" banks --sim 'shared:banks=48'
expect 2 "unknown preset 'volta'" banks --sim 'shared:preset=volta'
expect 2 "more than one shared: section" banks --sim 'shared:banks=32;shared:banks=64'
expect 2 "b128: lane 3 is in two groups" banks --sim 'shared:b128=0-3/3-31'
expect 2 "b64 places no group for lane 16" banks --sim 'shared:b64=0-15'
expect 2 "preset= must come first" banks --sim 'shared:banks=64,preset=cdna3'

# Formats: the CSV is the conflict table; the JSON parses.
"$CHASE" banks -b sim -q -f csv -o "$tmp/b.csv"
check "CSV: the conflict table's header and 66 rows (reads and stores)" \
    sh -c "head -1 '$tmp/b.csv' | grep -qx 'pattern,ways,width,latency,issue_warp,issue_block,ratio,latency_ratio,passes,predicted_passes,op' && [ \$(wc -l < '$tmp/b.csv') -eq 67 ]"
"$CHASE" banks -b sim -q -f json -o "$tmp/b.json"
if command -v python3 > /dev/null 2>&1; then
    check "JSON: kind banks, its tables and results" python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d['kind'] == 'banks' and d['status'] == 'complete'
assert len(d['conflicts']) == 66 and len(d['strides']) == 44 and len(d['groups']) == 192
assert d['results']['banks'] == 32 and d['results']['groups_128'] == '0-7 8-15 16-23 24-31'
assert d['results']['write_banks'] == 32 and d['results']['write_groups_128'] == '0-7 8-15 16-23 24-31'
assert all(r['latency'] is None for r in d['conflicts'] if r['op'] == 'write')
assert all(r['latency'] is not None for r in d['conflicts'] if r['op'] == 'read')
assert sorted(set(r['op'] for r in d['strides'])) == ['read', 'write']
assert d['meta']['block_warps'] == 32" "$tmp/b.json"
fi
if [ -n "${GNUPLOT_PROG:-}" ] && command -v "$GNUPLOT_PROG" > /dev/null 2>&1; then
    "$CHASE" banks --sim shared:preset=cdna3 -q -o /dev/null --plot "$tmp/b.png" --script "$tmp/b.gp" \
        --title "it's a test"
    check "--plot draws a PNG" sh -c "head -c 4 '$tmp/b.png' | grep -q PNG"
    check "the plot has the three panels and the groups" \
        sh -c "grep -c '^plot ' '$tmp/b.gp' | grep -qx 3 && grep -q '^\\\$groups << EOD' '$tmp/b.gp'"
    check "the title reaches gnuplot quoted" grep -q "'it''s a test'" "$tmp/b.gp"
else
    echo "# gnuplot not found: the plot checks skipped"
fi
finish
