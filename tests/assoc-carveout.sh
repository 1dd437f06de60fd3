# assoc-carveout.sh: chase assoc --also-carveout on simulated L1s whose
# shape the carveout changes (csize=, cways=: the shape from 50% up, as a
# GPU's L1 gives its array to shared memory): the L1 read again at the
# second carveout, its own sweep's capacity, ways and sets exact at both,
# and the statement of whether the ways change; what is refused before
# anything is measured.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

# result FILE KEY: a result's value (the results come last, after any
# metadata line of the same key).
result() {
    awk -v k="# $2: " 'index($0, k) == 1 { v = substr($0, length(k) + 1) } END { print v }' "$1"
}

# The sweep itself at each carveout: the simulated L1's size moves.
spec="L1:size=64K,ways=4,lat=4,index=hash,csize=8K,cways=16;L2:size=1M,ways=16,lat=20;mem:lat=100,noise=0.01"
for c in 0 100; do
    "$CHASE" -b sim --sim "$spec" --carveout $c --max 256K -q -o "$tmp/s$c.tsv"
    hi=$(grep '^# level: L1	' "$tmp/s$c.tsv" | tr '\t' '\n' | sed -n 's/^hi=//p')
    want=$([ $c = 0 ] && echo 65536 || echo 8192)
    check "the sweep at carveout $c ends its L1 within a step of $want B (hi $hi)" \
        awk -v h="$hi" -v w="$want" 'BEGIN { exit !(h >= w / 1.19 && h <= w * 1.19) }'
done

# A hashed L1 whose ways change: 4 x 256 at carveout 0, 16 x 8 at 100.
"$CHASE" assoc -b sim --sim "$spec" --carveout 0 --also-carveout 100 -q -o "$tmp/a.tsv"
check "exit 0 with --also-carveout" [ $? -eq 0 ]
got="$(result "$tmp/a.tsv" L1.ways) $(result "$tmp/a.tsv" L1.sets) $(result "$tmp/a.tsv" L1_c100.ways) $(result "$tmp/a.tsv" L1_c100.sets)"
check "ways and sets at both carveouts: 4 256 16 8 (got $got)" [ "$got" = "4 256 16 8" ]
ways=$(result "$tmp/a.tsv" also_carveout_ways)
check "the ways said to change: $ways" eval 'echo "$ways" | grep -q "4 ways x 256 sets at carveout 0, 16 ways x 8 sets at carveout 100: the ways change"'
how=$(result "$tmp/a.tsv" also_carveout)
check "how the second reading was made: its sweep and what it found ($how)" \
    eval 'echo "$how" | grep -q "opened again at carveout 100; a sweep there .* found L1 at 8"'
n=$(data "$tmp/a.tsv" | awk -F '\t' '$1 == "L1 c100 sweep"' | wc -l)
check "the second sweep's points are in the points table ($n rows)" [ "$n" -ge 20 ]
n=$(data "$tmp/a.tsv" | awk -F '\t' '$1 == "L1 c100" && NF == 7' | wc -l)
check "the second reading's chains are in the points table ($n rows)" [ "$n" -ge 20 ]
check "the first reading's carveout is in the metadata" grep -q '^# carveout: 0$' "$tmp/a.tsv"

# A plain LRU L1 whose sets change and ways do not; the first carveout
# the larger, and its policy read at both.
spec2="L1:size=32K,ways=4,lat=4,csize=16K;L2:size=512K,ways=8,lat=20;mem:lat=100,noise=0.01"
"$CHASE" assoc -b sim --sim "$spec2" --carveout 100 --also-carveout 0 -q -f json -o "$tmp/b.json"
check "exit 0, JSON" [ $? -eq 0 ]
got=$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"]
print(r["L1.ways"], r["L1.sets"], r["L1_c0.ways"], r["L1_c0.sets"], r["L1_c0.policy"], r["also_carveout_ways"])' "$tmp/b.json" 2>&1)
check "plain: 4 x 64 at carveout 100, 4 x 128 at 0, lru, the ways the same ($got)" \
    eval 'echo "$got" | grep -q "^4 64 4 128 lru L1: 4 ways x 64 sets at carveout 100, 4 ways x 128 sets at carveout 0: the ways stay the same with the carveout$"'

check "the JSON (results also_carveout, also_carveout_ways, L1_c0.*) is valid against the schema" \
    python3 "$srcdir/tests/json-check.py" "$srcdir/data/chase-format.schema.json" "$tmp/b.json"

# Refused before any point: the same carveout twice, loads that skip the
# L1, a device that has no carveout (nothing written).
expect 2 "is the carveout the first reading runs at" assoc -b sim --sim "$spec" --carveout 100 --also-carveout 100
expect 2 "skip the L1" assoc -b sim --sim "$spec" --cache-op cg --also-carveout 100
rm -f "$tmp/none.tsv"
expect 7 "cannot open the device so: .*models no carveout" assoc -b sim --sim "L1:size=16K,ways=4,lat=4;mem:lat=100" \
    --also-carveout 100 -o "$tmp/none.tsv"
check "nothing written when refused" [ ! -e "$tmp/none.tsv" ]
expect 7 "cannot open the device so" assoc -b cpu --also-carveout 100 -o "$tmp/none.tsv"
expect 2 "the sweep does not take --also-carveout" -b sim --also-carveout 100
finish
