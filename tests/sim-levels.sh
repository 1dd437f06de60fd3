# sim-levels.sh: the level finder against simulated hierarchies with known
# truth: every level found, none invented, each capacity inside the reported
# interval or within one sweep step (2^(1/8)) of it, each latency right.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"
# CHASE_TEST_QUICK (the sanitizer build): this test's many simulated runs
# take minutes there; the same code runs under it in golden-parts.sh and
# the cli tests, and here in the plain build.
[ -z "${CHASE_TEST_QUICK:-}" ] || skip_all "many simulated runs, skipped under CHASE_TEST_QUICK (the sanitizer build)"

# pattern | smallest working set | spec  (truth is read back from the spec)
cat > "$tmp/cases" <<'CASES'
sequential|1K|L1:size=2K,ways=4,lat=4;mem:lat=40
sequential|1K|L1:size=16K,lat=10;mem:lat=13
sequential|1K|L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200
sequential|1K|L1:size=48K,ways=12,lat=5;L2:size=1M,ways=16,lat=15;L3:size=8M,ways=16,lat=45;mem:lat=300
sequential|1K|L1:size=64K,ways=4,line=128,lat=37;L2:size=4M,ways=16,line=128,lat=168;mem:lat=420
sequential|1K|L1:size=256K,line=128,lat=33;L2:size=32M,ways=16,line=128,lat=280;mem:lat=690
sequential|1K|L1:size=4K,lat=10;L2:size=64K,lat=13;L3:size=1M,ways=16,lat=17;mem:lat=23
sequential|1K|L1:size=8K,lat=3;L2:size=512K,ways=16,lat=30;mem:lat=300
sequential|1K|L1:size=2K,ways=2,lat=4;L2:size=128K,ways=16,lat=40;L3:size=4M,ways=16,lat=90;mem:lat=250
sequential|1K|L1:size=16K,lat=4,policy=fifo;L2:size=256K,ways=16,lat=12,policy=fifo;mem:lat=100
sequential|1K|L1:size=32K,lat=4,policy=fifo;L2:size=2M,ways=16,lat=8;mem:lat=80
sequential|1K|L1:size=32K,lat=5,policy=random;L2:size=1M,ways=16,lat=50;mem:lat=500
sequential|1K|L1:size=8K,lat=4,policy=random;L2:size=256K,ways=16,lat=40;mem:lat=400
sequential|1K|L1:size=64K,line=4K,ways=2,lat=20;L2:size=16M,line=4K,ways=16,lat=100;L3:size=512M,line=4K,ways=16,lat=300;mem:lat=900
sequential|1K|L1:size=1M,line=1K,ways=8,lat=30;L2:size=64M,line=1K,ways=16,lat=60;mem:lat=120
random|1K|L1:size=4K,ways=64,lat=4;mem:lat=100
random|64|L1:size=1K,ways=16,lat=4;L2:size=4K,ways=64,lat=20;mem:lat=200
random|64|L1:size=512,ways=8,lat=5,policy=fifo;L2:size=4K,ways=64,lat=50,policy=fifo;mem:lat=500
sequential|1K|L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200,noise=0.02
sequential|1K|L1:size=64K,line=128,lat=37;L2:size=4M,ways=16,line=128,lat=168;mem:lat=420,noise=0.03
sequential|1K|L1:size=16K,lat=10;L2:size=256K,ways=16,lat=14;L3:size=8M,ways=16,lat=40;mem:lat=100,noise=0.01
sequential|1K|L1:size=8K,lat=6;L2:size=2M,ways=16,lat=60;mem:lat=78,noise=0.005
CASES

n=0
while IFS='|' read -r pattern min spec; do
    n=$((n + 1))
    # Truth: each cache level's size and latency, memory's latency.
    echo "$spec" | tr ';' '\n' | awk -F'[:,=]' '
        function bytes(s) { u = substr(s, length(s)); v = s + 0
            return u == "K" ? v * 1024 : u == "M" ? v * 1048576 : u == "G" ? v * 1073741824 : v }
        $1 == "mem" { for (i = 2; i < NF; i += 2) if ($i == "lat") print "mem", 0, $(i + 1); next }
        $1 == "tlb" { next }
        { for (i = 2; i < NF; i += 2) { if ($i == "size") s = bytes($(i + 1)); if ($i == "lat") l = $(i + 1) }
          print $1, s, l }' > "$tmp/truth"
    largest=$(awk '{ if ($2 > m) m = $2 } END { print m }' "$tmp/truth")
    noise=$(echo "$spec" | sed -n 's/.*noise=\([0-9.]*\).*/\1/p')
    "$CHASE" --sim "$spec" --pattern "$pattern" --min "$min" --max $((largest * 4)) -q > "$tmp/out.tsv" 2> "$tmp/err"
    # Fields are tab-separated: a name may hold spaces ("L2 near").
    grep '^# level:' "$tmp/out.tsv" | sed 's/^# level: //; s/[a-z]*=//g; s/ /_/g' | cut -f1-4 | tr '\t' ' ' > "$tmp/found"
    # found: name lo hi cycles
    want=$(wc -l < "$tmp/truth")
    got=$(wc -l < "$tmp/found")
    if [ "$got" -ne "$want" ]; then
        not_ok "case $n ($pattern, $spec): $got levels found, $want true"
        cat "$tmp/found"
        continue
    fi
    paste -d' ' "$tmp/truth" "$tmp/found" > "$tmp/both"
    # both: truename size lat foundname lo hi cycles
    bad=$(awk -v tol="${noise:-0}" '
        { step = 1.0905; ltol = 0.04 + 3 * tol
          if ($1 != "mem" && !($2 >= $5 / step && $2 <= $6 * step))
              printf "%s %d not in [%d, %d]; ", $1, $2, $5, $6
          if ($7 < $3 * (1 - ltol) || $7 > $3 * (1 + ltol) + (NR > 1 && $1 == "mem" ? 0 : 0))
              printf "%s latency %s, true %s; ", $1, $7, $3 }' "$tmp/both")
    if [ -z "$bad" ]; then
        ok "case $n ($pattern, $spec): $got levels, capacities and latencies right"
    else
        not_ok "case $n ($pattern, $spec): $bad"
    fi
done < "$tmp/cases"

# A TLB's reach is a level of its own: 1024 entries of 64 B pages (one a
# line, so a sequential walk misses on every new line) reach 64 KiB, past
# the 32 KiB L1 and inside the L2; every access beyond pays the miss.
"$CHASE" --sim 'L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200;tlb:entries=1024,page=64,lat=30' \
    --pattern sequential --max 4M -q | grep '^# level' | sed 's/^# level: //; s/[a-z]*=//g; s/ /_/g' | cut -f1-4 |
    tr '\t' ' ' > "$tmp/tlb"
check "TLB reach: levels end at 32 KiB, 64 KiB and 1 MiB, at 4, 14, 44 and 230 cycles" \
    awk '{ lo[NR] = $2; hi[NR] = $3; c[NR] = $4 }
         END { exit !(NR == 4 && lo[1] == 32768 && lo[2] == 65536 && lo[3] == 1048576 &&
                      c[1] == 4 && c[2] == 14 && c[3] == 44 && c[4] == 230) }' "$tmp/tlb"

# Names by the caches the sim reports as its driver's: memory only past them all.
spec='L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200'
names() { grep '^# level' "$1" | cut -f1 | sed 's/^# level: //' | tr '\n' '|'; }
"$CHASE" --sim "$spec" --max 4M -o "$tmp/all.tsv" 2> "$tmp/all.err"
check "a sweep past every cache: L1, L2, memory ($(names "$tmp/all.tsv"))" test "$(names "$tmp/all.tsv")" = "L1|L2|memory|"
check "... the driver's sizes beside the levels matched by size" \
    sh -c "grep -q '^L1 .* 32 KiB *\$' '$tmp/all.err' && grep -q '^L2 .* 1 MiB *\$' '$tmp/all.err'"
"$CHASE" --sim "$spec" --max 512K -o "$tmp/stop.tsv" 2> "$tmp/stop.err"
check "a sweep that stops in the L2: L1, then not memory ($(names "$tmp/stop.tsv"))" \
    test "$(names "$tmp/stop.tsv")" = "L1|beyond L1|"
# A level's notes are on the line under it (the report keeps to 80 columns).
check "... and the report says where it ended" \
    awk '/^beyond L1 / { getline; if (/^ +sweep ended at 512 KiB/) found = 1 } END { exit !found }' "$tmp/stop.err"

# A hashed L3 of 4 ways misses from about 0.83 of its 512 KiB and leaves
# it over a ramp to past it: one level, not "L3 near" and a piece of the
# ramp "L3 far", its interval from the plateau's end to the ramp's, holding
# the capacity; the note says so.  (bench/sim-set.sh: 4 such phantoms
# before, 1 after.)
spec='L1:size=16K,ways=4,lat=6;L2:size=128K,ways=8,lat=16.69;L3:size=512K,ways=4,lat=55.85,index=hash;mem:lat=358,noise=0.017'
"$CHASE" --sim "$spec" --max 2M -q -o "$tmp/ramp.tsv" 2> /dev/null
check "hashed 4-way L3: L1, L2, L3, memory ($(names "$tmp/ramp.tsv"))" test "$(names "$tmp/ramp.tsv")" = "L1|L2|L3|memory|"
check "... the L3's interval holds its 512 KiB, its note says it ends on a ramp" \
    awk -F'\t' '$1 == "# level: L3" { for (k = 2; k <= NF; k++) { split($k, kv, "="); v[kv[1]] = kv[2] }
        ok = v["lo"] <= 524288 && v["hi"] >= 524288 && v["note"] ~ /^ends on a ramp/ } END { exit !ok }' "$tmp/ramp.tsv"

# A hashed L1 of 2 ways leaves its 32 KiB from 24 KiB over most of an
# octave; the refinement samples the ramp's end densely, where its last
# four points rise under 3%: the piece is joined for climbing as a whole.
# (bench/sim-set.sh seed 2: 5 phantoms before, 1 after.)
spec='L1:size=32768,ways=2,lat=6.00,index=hash;L2:size=4194304,ways=16,lat=15.83;L3:size=16777216,ways=8,lat=25.60;mem:lat=312,noise=0.010'
"$CHASE" --sim "$spec" --max 64M -q -o "$tmp/ramp2.tsv" 2> /dev/null
check "hashed 2-way L1: L1, L2, L3, memory ($(names "$tmp/ramp2.tsv"))" test "$(names "$tmp/ramp2.tsv")" = "L1|L2|L3|memory|"
check "... the L1's interval holds its 32 KiB, its note says it ends on a ramp" \
    awk -F'\t' '$1 == "# level: L1" { for (k = 2; k <= NF; k++) { split($k, kv, "="); v[kv[1]] = kv[2] }
        ok = v["lo"] <= 32768 && v["hi"] >= 32768 && v["note"] ~ /^ends on a ramp/ } END { exit !ok }' "$tmp/ramp2.tsv"

# A TLB of 32 entries of 8 KiB (256 KiB) inside an L4 of 1 MiB: its
# misses climb from 256 KiB to the L4's end, faster as they go, then the
# L4 ends in a step to memory.  The climb is a part of the L4 (the TLB's
# reach), not a wide ramp out of it: the curve gets a quarter of the way
# to memory 0.05 octaves before half way.  (bench/sim-set.sh seed 3's
# 36ct, lost with the first wide ramps.)
spec='L1:size=24576,ways=12,lat=3.00;L2:size=34816,ways=17,lat=9.46;L3:size=65536,ways=8,lat=16.36;L4:size=1048576,ways=16,lat=29.81;mem:lat=143,noise=0.017;tlb:entries=32,page=8192,ways=32,lat=14'
"$CHASE" --sim "$spec" --max 4M -q -o "$tmp/tlbl4.tsv" 2> /dev/null
check "a TLB inside an L4: a level ends at its 256 KiB reach, another at the L4's 1 MiB ($(names "$tmp/tlbl4.tsv"))" \
    awk -F'\t' '/^# level: / { for (k = 2; k <= NF; k++) { split($k, kv, "="); v[kv[1]] = kv[2] }
        if (v["lo"] <= 262144 * 1.0905 && v["hi"] * 1.0905 >= 262144 && v["note"] !~ /half way/) tlb = 1
        if (v["lo"] <= 1048576 * 1.0905 && v["hi"] * 1.0905 >= 1048576) l4 = 1 } END { exit !(tlb && l4) }' "$tmp/tlbl4.tsv"

# A TLB of 256 KiB reach whose misses (+26 cycles) climb from it for
# octaves, over a random L2 of 3 MiB and an L3 of 16 MiB a step of 8%
# above: the fit cut the climb at 480 KiB, an edge no half found; the
# piece climbs as a whole and the level after begins gradually, so no
# level between the TLB's edge and the L3's.  (bench/sim-set.sh seed 2's
# 10rspst, its last phantom.)
spec='L1:size=65536,ways=4,lat=5.00,index=hash;L2:size=3145728,ways=12,lat=5.59,policy=random;L3:size=16777216,ways=8,lat=6.02;mem:lat=88,noise=0.017;tlb:entries=16,page=16384,ways=16,lat=26'
"$CHASE" --sim "$spec" --max 64M -q -o "$tmp/cut.tsv" 2> /dev/null
ends=$(grep '^# level: ' "$tmp/cut.tsv" | tr '\t' '\n' | sed -n 's/^hi=//p' | tr '\n' ' ')
check "a TLB's climb cut by no half: the levels end at 64 KiB, the TLB's 256 KiB and 16 MiB, none between ($ends)" \
    awk -v e="$ends" 'BEGIN { n = split(e, h, " "); exit !(n == 4 && h[1] >= 60000 && h[1] <= 66000 &&
        h[2] >= 262144 && h[2] <= 330000 && h[3] >= 16777216 && h[3] <= 18000000 && h[4] == "nan") }'

# A random L1 of 24 ways leaves its 12 KiB as a TLB's reach would (hits
# as capacity / size), climbing to the hashed L2's 12 cycles by about 50
# KiB: the L2 begins at a gradual onset, and a piece of the climb (19 KiB
# at 8.4 cycles, found by one half) is the onset's, not a level: no "L2
# near" and "L2 far".  (bench/assoc-sim-set.sh seed 11's case 21, whose
# L2 and L3 assoc could then not read.)
spec='L1:size=12K,ways=24,lat=4,policy=random;L2:size=128K,ways=16,lat=12,policy=fifo,index=hash;L3:size=768K,ways=48,lat=48,policy=fifo;mem:lat=576,noise=0.02'
"$CHASE" --sim "$spec" -q -o "$tmp/onset.tsv" 2> /dev/null
check "a random L1's climb into a hashed L2: L1, L2, L3, memory ($(names "$tmp/onset.tsv"))" \
    test "$(names "$tmp/onset.tsv")" = "L1|L2|L3|memory|"
check "... the L2's interval holds its 128 KiB within a step" \
    awk -F'\t' '$1 == "# level: L2" { for (k = 2; k <= NF; k++) { split($k, kv, "="); v[kv[1]] = kv[2] }
        ok = v["lo"] <= 131072 * 1.0905 && v["hi"] * 1.0905 >= 131072 } END { exit !ok }' "$tmp/onset.tsv"

# An L2 one way more than the L1 over the same sets (1.25 x its size) has
# no plateau: the L1's misses reach every line at the L2's size, where the
# L2 begins to overflow, so the climb to it meets the climb past it at a
# corner.  That corner is the L2 (bench/sim-set.sh seed 1's 73c, whose
# L2 was missed: one L1 interval from 14.7 to 20.3 KiB, then memory).
spec='L1:size=16384,ways=4,lat=6.00;L2:size=20480,ways=5,lat=11.97;mem:lat=88,noise=0.013'
"$CHASE" --sim "$spec" --max 80K -q -o "$tmp/corner.tsv" 2> /dev/null
check "an L2 1.25 x the L1, no plateau: L1, L2, memory ($(names "$tmp/corner.tsv"))" \
    test "$(names "$tmp/corner.tsv")" = "L1|L2|memory|"
check "... the L1 holding 16 KiB, the L2 at the corner (20 KiB within a step, 10.5-12 cycles), said" \
    awk -F'\t' '{ for (k = 2; k <= NF; k++) { split($k, kv, "="); v[$1, kv[1]] = kv[2] } }
        END { exit !(v["# level: L1", "lo"] <= 16384 && v["# level: L1", "hi"] >= 16384 &&
                     v["# level: L2", "lo"] <= 20480 * 1.0905 && v["# level: L2", "hi"] * 1.0905 >= 20480 &&
                     v["# level: L2", "cycles"] > 10.5 && v["# level: L2", "cycles"] < 12 &&
                     v["# level: L2", "note"] ~ /^no plateau: a corner of the climb/) }' "$tmp/corner.tsv"
check "... found by both halves too (confidence 0.67 or more)" \
    awk -F'\t' '$1 == "# level: L2" { for (k = 2; k <= NF; k++) { split($k, kv, "="); v[kv[1]] = kv[2] }
        ok = v["confidence"] >= 0.67 } END { exit !ok }' "$tmp/corner.tsv"

# Repeatability: the same hierarchy with another noise seed gives the same levels.
spec='L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200,noise=0.01'
"$CHASE" --sim "$spec,seed=1" --pattern sequential --max 4M -q | grep '^# level' | cut -f1-3 > "$tmp/a"
"$CHASE" --sim "$spec,seed=2" --pattern sequential --max 4M -q | grep '^# level' | cut -f1-3 > "$tmp/b"
check "another noise seed gives the same levels and intervals" cmp -s "$tmp/a" "$tmp/b"
finish
