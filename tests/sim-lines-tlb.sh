# sim-lines-tlb.sh: chase lines and chase tlb against simulated hierarchies
# with known truth, models no real device has among them: every cache
# level's line and sector, every TLB level's reach (entries), page size and
# miss cost, and data-cache steps kept apart from the TLB's.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"
# CHASE_TEST_QUICK (the sanitizer build): this test's many simulated runs
# take minutes there; the same code runs under it in golden-parts.sh and
# the cli tests, and here in the plain build.
[ -z "${CHASE_TEST_QUICK:-}" ] || skip_all "many simulated runs, skipped under CHASE_TEST_QUICK (the sanitizer build)"

# Truth from a spec: one line a level, "name line sector" (sector = line
# when none), and one a TLB level, "tlbN entries page lat".  A level that
# misses asks the next for its whole sector (or line), so an outer level's
# sector shows only as far as the inner levels' units are smaller.
truth() {
    echo "$1" | tr ';' '\n' | awk -F'[:,=]' '
        function bytes(s) { u = substr(s, length(s)); v = s + 0
            return u == "K" ? v * 1024 : u == "M" ? v * 1048576 : u == "G" ? v * 1073741824 : v }
        $1 == "mem" { next }
        $1 ~ /^tlb/ { e = 0; p = 4096; l = 0
            for (i = 2; i < NF; i += 2) { if ($i == "entries") e = $(i + 1); if ($i == "page") p = bytes($(i + 1))
                                          if ($i == "lat") l = $(i + 1) }
            print "tlb", e, p, l; next }
        { line = 64; sec = 0
          for (i = 2; i < NF; i += 2) { if ($i == "line") line = bytes($(i + 1)); if ($i == "sector") sec = bytes($(i + 1)) }
          if (!sec) sec = line
          seen = sec > want ? sec : want
          print $1, line, seen < line ? seen : line
          if (sec > want) want = sec }'
}

# --- chase lines: line | spec
cat > "$tmp/lines" <<'CASES'
L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200
L1:size=64K,line=128,sector=32,lat=30;L2:size=4M,ways=16,line=128,sector=32,lat=200;mem:lat=600
L1:size=32K,lat=4,index=hash;L2:size=1M,ways=16,lat=14,line=128,index=hash;mem:lat=200
L1:size=16K,ways=4,line=32,lat=5;L2:size=512K,ways=8,line=128,sector=64,lat=20,index=hash;L3:size=8M,ways=16,line=64,lat=50;mem:lat=300
L1:size=128K,line=128,sector=32,lat=33,ways=64;L2:size=4M,ways=16,line=128,sector=32,lat=280,index=hash;mem:lat=690
L1:size=32K,ways=4,lat=6;L2:size=2M,ways=16,line=256,sector=64,lat=40;mem:lat=400,noise=0.01
L1:size=32K,ways=4,line=256,lat=6;L2:size=2M,ways=16,line=256,sector=64,lat=40;mem:lat=400
CASES
n=0
while read -r spec; do
    n=$((n + 1))
    truth "$spec" | grep -v '^tlb' > "$tmp/truth"
    if ! "$CHASE" lines --sim "$spec" -q -o "$tmp/l.tsv" 2> "$tmp/err"; then
        not_ok "lines case $n ($spec): exit $?: $(head -1 "$tmp/err")"
        continue
    fi
    grep '^# line:' "$tmp/l.tsv" | sed 's/[a-z_]*=//g' | awk -F'\t' '{ sub(/^# line: /, "", $1); print $1, $9, $10 }' > "$tmp/found"
    # found: name line sector (nan: none); the levels come in the spec's order
    bad=$(paste -d' ' "$tmp/truth" "$tmp/found" | awk '
        NF != 6 { printf "level %d missing; ", NR; next }
        { sec = $6 == "nan" ? $5 : $6
          if ($5 != $2 || sec != $3) printf "%s: line %s sector %s, true %s and %s; ", $1, $5, $6, $2, $3 }')
    [ "$(wc -l < "$tmp/found")" -eq "$(wc -l < "$tmp/truth")" ] || bad="$bad $(wc -l < "$tmp/found") levels for $(wc -l < "$tmp/truth")"
    if [ -z "$bad" ]; then
        ok "lines case $n ($spec): every level's line and sector"
    else
        not_ok "lines case $n ($spec): $bad"
    fi
done < "$tmp/lines"

# --- chase tlb: max | spec
cat > "$tmp/tlbs" <<'CASES'
128M|L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200;tlb:entries=64,ways=4,page=4K,lat=10;tlb2:entries=1024,ways=8,page=4K,lat=40
64M|L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200;tlb:entries=32,ways=8,page=4K,lat=8;tlb2:entries=512,ways=8,page=8K,lat=30
48G|L1:size=256K,line=128,sector=32,lat=33,ways=64;L2:size=32M,ways=16,line=128,sector=32,lat=280,index=hash;mem:lat=690;tlb:entries=16,ways=16,page=2M,lat=100;tlb2:entries=4096,ways=8,page=2M,lat=300
64M|L1:size=48K,ways=12,lat=5;L2:size=1M,ways=16,lat=15;L3:size=8M,ways=16,lat=45;mem:lat=300,noise=0.01;tlb:entries=64,ways=64,page=4K,lat=7;tlb2:entries=2048,ways=16,page=4K,lat=60
96M|L1:size=16K,ways=4,lat=3;L2:size=512K,ways=8,lat=12;mem:lat=150;tlb:entries=32,ways=32,page=4K,lat=5;tlb2:entries=512,ways=8,page=4K,lat=20;tlb3:entries=4096,ways=8,page=4K,lat=90
CASES
n=0
while IFS='|' read -r max spec; do
    n=$((n + 1))
    truth "$spec" | grep '^tlb' > "$tmp/truth"
    noise=$(echo "$spec" | sed -n 's/.*noise=\([0-9.]*\).*/\1/p')
    if ! "$CHASE" tlb --sim "$spec" --max "$max" --steps 6 -q -o "$tmp/t.tsv" 2> "$tmp/err"; then
        not_ok "tlb case $n: exit $?: $(head -1 "$tmp/err")"
        continue
    fi
    grep '^# tlb: TLB' "$tmp/t.tsv" | tr '\t' '\n' | awk -F= '
        /^# tlb:/ { if (name) print name, e0, e1, pg, miss, rise; name = $0; sub(/^# tlb: /, "", name) }
        $1 == "entries_lo" { e0 = $2 } $1 == "entries_hi" { e1 = $2 } $1 == "page" { pg = $2 }
        $1 == "miss_cycles" { miss = $2 } $1 == "probe_rise" { rise = $2 }
        END { if (name) print name, e0, e1, pg, miss, rise }' > "$tmp/found"
    # found: name entries_lo entries_hi page miss rise; truth: tlb entries page lat.
    # A miss's cost: the level's figure, or twice the probes' rise (the
    # report gives both where a cache's step shares the curve's).
    bad=$(paste -d' ' "$tmp/truth" "$tmp/found" | awk -v tol="${noise:-0}" '
        function near(x, t) { return x >= t * (0.9 - 3 * tol) && x <= t * (1.1 + 3 * tol) }
        NF != 10 { printf "TLB level %d missing; ", NR; next }
        { step = exp(log(2) / 6)
          if (!($2 >= $6 / step && $2 <= $7 * step)) printf "%s: %s entries not in [%s, %s]; ", $5, $2, $6, $7
          if ($8 != $3) printf "%s: page %s, true %s; ", $5, $8, $3
          if (!near($9, $4) && !near(2 * $10, $4)) printf "%s: a miss %s cycles (probes %s), true %s; ", $5, $9, 2 * $10, $4 }')
    [ "$(wc -l < "$tmp/found")" -eq "$(wc -l < "$tmp/truth")" ] ||
        bad="$bad $(wc -l < "$tmp/found") TLB levels for $(wc -l < "$tmp/truth")"
    if [ -z "$bad" ]; then
        ok "tlb case $n: every TLB level's entries, page and miss cost ($(tr '\n' ';' < "$tmp/found"))"
    else
        not_ok "tlb case $n ($spec): $bad"
    fi
    # Data-cache steps are kept apart: every cache level that the curve's
    # blocks outgrow is a 'cache' step, never a TLB level.
    caches=$(grep -c '^# tlb: cache' "$tmp/t.tsv")
    check "tlb case $n: the data caches' steps are reported apart ($caches)" [ "$caches" -ge 1 ]
done < "$tmp/tlbs"

# The main curve reads back as a curve (chase analyze reads its points),
# with no cache level found on it (its steps are the TLB's: chase tlb names them).
"$CHASE" analyze "$tmp/t.tsv" -f tsv > "$tmp/t-back.tsv" 2> /dev/null
check "chase analyze reads a tlb file's main curve, its points and no cache level" \
    sh -c "grep -q '^[0-9]' '$tmp/t-back.tsv' && ! grep -q '^# level:' '$tmp/t-back.tsv'"

# --level L1 where the sweep split the L1 into parts (the driver's facts
# name one cache holding both plateaus, as noise on a loaded host splits
# one): the first part is measured as the L1, and stderr says so; a part
# asked by its own name is measured under it.  The parts 2 x apart in
# latency (a level 2.5 x slower than a cache's part is not that cache's).
split='L1:size=4K,ways=4,lat=4;L2:size=64K,ways=8,lat=8;mem:lat=150'
"$CHASE" --sim "$split" --max 512K -q -o "$tmp/split0.tsv"
sed -e '/^# driver\.cache\.L1: /d' -e 's/^# driver\.cache\.L2: /# driver.cache.L1: /' "$tmp/split0.tsv" > "$tmp/split.tsv"
check "the edited sweep's levels are L1 near and L1 far" \
    sh -c "\"$CHASE\" analyze '$tmp/split.tsv' | grep -q '^L1 near ' && \"$CHASE\" analyze '$tmp/split.tsv' | grep -q '^L1 far '"
"$CHASE" lines --sim "$split" --from "$tmp/split.tsv" --level L1 -o "$tmp/split-lines.tsv" 2> "$tmp/split.err"
st=$?
check "lines --level L1 on the split sweep: exit $st, the L1's 64 B line, named L1" \
    sh -c "[ $st -eq 0 ] && grep -qx '# L1.line_bytes: 64' '$tmp/split-lines.tsv'"
check "... and stderr says it took the first part: $(grep 'split' "$tmp/split.err" | cut -c1-90)" \
    grep -q 'the sweep split L1 into parts (L1 near, L1 far).*L1 near' "$tmp/split.err"
"$CHASE" lines --sim "$split" --from "$tmp/split.tsv" --level 'L1 far' -q -o "$tmp/far-lines.tsv"
check "lines --level 'L1 far' measures that part under its own name" grep -qx '# L1_far.line_bytes: 64' "$tmp/far-lines.tsv"
"$CHASE" lines --sim "$split" --from "$tmp/split.tsv" --level L2 -q -o "$tmp/none.tsv" 2> /dev/null
st=$?
check "lines --level L2 (no such level, nor parts of it): exit $st, a usage error" test $st -eq 2

# No TLB in the spec: no TLB level invented.
"$CHASE" tlb --sim 'L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200' --stride 4K --max 64M --steps 6 -q \
    -o "$tmp/t.tsv"
check "no TLB in the hierarchy: none found" grep -q '^# tlb_levels: 0$' "$tmp/t.tsv"
# A TLB's reach past every cache is a level of the sweep but no cache:
# lines measures the caches and leaves it out.
spec='L1:size=32K,lat=4;L2:size=256K,ways=16,lat=14;mem:lat=200;tlb:entries=64,page=64K,lat=30'
"$CHASE" --sim "$spec" --max 64M -q -o "$tmp/reach.tsv"
check "the sweep names a TLB reach past the L2" grep -q '^# level: TLB reach' "$tmp/reach.tsv"
"$CHASE" lines --sim "$spec" --from "$tmp/reach.tsv" -q -o "$tmp/reach-lines.tsv"
check "lines measures L1 and L2, not the TLB reach" \
    test "$(data "$tmp/reach-lines.tsv" | cut -f1 | grep . | sort -u | tr '\n' ' ')" = "L1 L2 "
# --- a TLB replaced at random: past its reach the curve climbs without
# settling; the miss cost comes from the climb's fit, the truth is lat=50.
spec='L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200;tlb:entries=64,page=64K,ways=64,lat=50,policy=random'
# name=value fields of the first TLB line: tlbf FILE KEY
tlbf() { grep '^# tlb: TLB1' "$1" | tr '\t' '\n' | awk -F= -v k="$2" '$1 == k { print $2 }'; }
"$CHASE" tlb --sim "$spec" --max 64M -q -o "$tmp/rand.tsv" 2> "$tmp/err"
check "random TLB: one TLB level, its reach at 64 entries of 64 KiB" \
    awk -v lo="$(tlbf "$tmp/rand.tsv" entries_lo)" -v hi="$(tlbf "$tmp/rand.tsv" entries_hi)" \
        'BEGIN { exit !(lo <= 64 && hi >= 64 && hi / lo < 1.2) }'
check "random TLB: the miss cost from the climb, 45-55 cycles (truth 50), and from REVISIT alike" \
    awk -v m="$(tlbf "$tmp/rand.tsv" miss_cycles)" -v w="$(tlbf "$tmp/rand.tsv" walk_miss_cycles)" \
        -v r="$(tlbf "$tmp/rand.tsv" revisit_miss_cycles)" \
        'BEGIN { exit !(w >= 45 && w <= 55 && r >= 45 && r <= 55 && m == r) }'
check "random TLB: the PAGE chain's climb names the replacement: random" \
    test "$(tlbf "$tmp/rand.tsv" replacement)" = random
check "random TLB: how names the share that fitted (random replacement under the cycle)" \
    grep -q 'as misses grow as random replacement under the chain' "$tmp/rand.tsv"
"$CHASE" tlb --sim "$spec" --max 6M -q -o "$tmp/open.tsv" 2> "$tmp/err"
check "a span that ends in the rise: TLB1 open, from 4 MiB" \
    sh -c "[ '$(tlbf "$tmp/open.tsv" open)' = 1 ] && [ '$(tlbf "$tmp/open.tsv" lo)' -le 4194304 ] && \
           [ '$(tlbf "$tmp/open.tsv" hi)' -ge 4194304 ]"
check "... its page bounded from below by the probes and from above by the chain at twice the stride: 64 KiB (truth)" \
    sh -c "[ '$(tlbf "$tmp/open.tsv" page)' = 65536 ] && [ '$(tlbf "$tmp/open.tsv" page_at_least)' = 0 ] && \
           [ '$(tlbf "$tmp/open.tsv" page_below)' = 131072 ] && grep -q '^# page_bytes: 65536$' '$tmp/open.tsv'"
check "... its miss cost from the last points, 45-55 cycles" \
    awk -v m="$(tlbf "$tmp/open.tsv" miss_cycles)" 'BEGIN { exit !(m >= 45 && m <= 55) }'
"$CHASE" tlb --sim "$spec" --max 4600K -q -o "$tmp/two.tsv" 2> "$tmp/err"
check "... from two points the PAGE chain's climb gives no cost, both shares said" \
    sh -c "[ '$(tlbf "$tmp/two.tsv" walk_miss_cycles)' = nan ] && grep -q 'too few points to tell' '$tmp/two.tsv'"
check "... but REVISIT does: 45-55 cycles, and the two points name the replacement: random" \
    sh -c "awk -v m='$(tlbf "$tmp/two.tsv" miss_cycles)' 'BEGIN { exit !(m >= 45 && m <= 55) }' && \
           [ '$(tlbf "$tmp/two.tsv" replacement)' = random ]"
# --- pages of 128 KiB walked at a 64 KiB stride: the probes see seconds
# up to +32 KiB share a page; the chain at twice the stride rises as the
# stride's (the reach stays in bytes), the one at four times does not.
"$CHASE" tlb --sim "$(echo "$spec" | sed 's/page=64K/page=128K/')" --stride 64K --max 12M -q -o "$tmp/big.tsv" 2> "$tmp/err"
check "a page twice the stride: 128 KiB (truth), below 256 KiB, its miss 45-55 cycles" \
    sh -c "[ '$(tlbf "$tmp/big.tsv" page)' = 131072 ] && [ '$(tlbf "$tmp/big.tsv" page_at_least)' = 0 ] && \
           [ '$(tlbf "$tmp/big.tsv" page_below)' = 262144 ] && [ '$(tlbf "$tmp/big.tsv" entries_lo)' = 64 ] && \
           awk -v m='$(tlbf "$tmp/big.tsv" miss_cycles)' 'BEGIN { exit !(m >= 45 && m <= 55) }'"
check "... the pass at the entries' stride (128 KiB) ran and added no level to the one TLB" \
    sh -c "grep -q '^# entry_stride: 131072$' '$tmp/big.tsv' && grep -q '^# tlb_levels: 1$' '$tmp/big.tsv'"
# --- the same TLB replaced LRU: past the reach the PAGE chain misses at
# every load (a step), REVISIT climbs as before: the cost and the policy
# (the step's own where the curve settles, REVISIT's where the span ends
# in the rise).
for max in 64M 4600K; do
    "$CHASE" tlb --sim "${spec%,policy=random},policy=lru" --max $max -q -o "$tmp/lru.tsv" 2> "$tmp/err"
    check "LRU TLB to $max: a miss 45-55 cycles (truth 50), REVISIT's too, the replacement named: lru" \
        sh -c "awk -v m='$(tlbf "$tmp/lru.tsv" miss_cycles)' -v r='$(tlbf "$tmp/lru.tsv" revisit_miss_cycles)' \
                   'BEGIN { exit !(m >= 45 && m <= 55 && r >= 45 && r <= 55) }' && \
               [ '$(tlbf "$tmp/lru.tsv" replacement)' = lru ]"
done
st=0
"$CHASE" tlb --sim "${spec%,policy=random},policy=mru" -q -o "$tmp/bad.tsv" 2> "$tmp/err" || st=$?
check "tlb policy=mru: exit 2, the error names the choices" sh -c "[ $st -eq 2 ] && grep -q 'lru, fifo or random' '$tmp/err'"
# --- a smaller TLB in front of one whose entries map four blocks of the
# stride (the H100's 16 entries of 32 MiB, reached by 2 MiB blocks): on
# the curve it is a climb of 3% over two octaves that the level finder
# takes for drift; the pass at the entries' stride steps at 16 entries,
# and chains at half and twice that stride tell its page.
spec='L1:size=256,ways=4,lat=30;L2:size=4M,ways=16,lat=280;mem:lat=600;tlb:entries=16,ways=16,page=256K,lat=10;tlb2:entries=64,ways=64,page=256K,lat=90'
# name=value fields of one level's line: tlbl FILE LEVEL KEY
tlbl() { grep "^# tlb: $2	" "$1" | tr '\t' '\n' | awk -F= -v k="$3" '$1 == k { print $2 }'; }
"$CHASE" tlb --sim "$spec" --stride 64K --max 256M -q -o "$tmp/small.tsv" 2> "$tmp/err"
check "a smaller TLB under entries of 4 blocks: TLB1 at 16..17 entries (truth 16), found at 256 KiB stride" \
    sh -c "[ '$(tlbl "$tmp/small.tsv" TLB1 entries_lo)' = 16 ] && [ '$(tlbl "$tmp/small.tsv" TLB1 entries_hi)' = 17 ] && \
           [ '$(tlbl "$tmp/small.tsv" TLB1 stride)' = 262144 ] && grep -q '^# entry_stride: 262144$' '$tmp/small.tsv'"
check "... its page 256 KiB exactly (truth), its miss 9-11 cycles (truth 10)" \
    sh -c "[ '$(tlbl "$tmp/small.tsv" TLB1 page)' = 262144 ] && [ '$(tlbl "$tmp/small.tsv" TLB1 page_at_least)' = 0 ] && \
           [ '$(tlbl "$tmp/small.tsv" TLB1 page_below)' = 524288 ] && \
           awk -v m='$(tlbl "$tmp/small.tsv" TLB1 miss_cycles)' 'BEGIN { exit !(m >= 9 && m <= 11) }'"
check "... TLB2 at 64..70 entries of 256 KiB (truth 64), from the curve; two TLB levels in all" \
    sh -c "[ '$(tlbl "$tmp/small.tsv" TLB2 entries_lo)' = 64 ] && [ '$(tlbl "$tmp/small.tsv" TLB2 page)' = 262144 ] && \
           [ '$(tlbl "$tmp/small.tsv" TLB2 stride)' = 65536 ] && grep -q '^# tlb_levels: 2$' '$tmp/small.tsv'"
check "... the pass's curves and the page's chains (two pairs of four spans) kept in the file" \
    sh -c "grep -q '^# table: entry$' '$tmp/small.tsv' && grep -q '^# table: entry_twin$' '$tmp/small.tsv' && \
           [ \$(awk '/^# table: entry_page/ { p = 1; getline; next } /^# table/ { p = 0 } p && /^TLB1/' '$tmp/small.tsv' | wc -l) -eq 8 ]"
# The smaller TLB's entries map half the larger's (the H100's 16 MiB
# against 32 MiB): the pair at half the pass's stride steps at the same
# blocks, the one at a quarter does not.
"$CHASE" tlb --sim "$(echo "$spec" | sed 's/ways=16,page=256K/ways=16,page=128K/')" --stride 64K --max 256M -q \
    -o "$tmp/small2.tsv" 2> "$tmp/err"
check "smaller TLB of 128 KiB entries: page 128 KiB exactly (truth), 16..17 entries, the reach 2 MiB .. 2.12 MiB; pages differ" \
    sh -c "[ '$(tlbl "$tmp/small2.tsv" TLB1 page)' = 131072 ] && [ '$(tlbl "$tmp/small2.tsv" TLB1 page_below)' = 262144 ] && \
           [ '$(tlbl "$tmp/small2.tsv" TLB1 entries_lo)' = 16 ] && [ '$(tlbl "$tmp/small2.tsv" TLB1 lo)' = 2097152 ] && \
           [ '$(tlbl "$tmp/small2.tsv" TLB1 hi)' = 2228224 ] && [ '$(tlbl "$tmp/small2.tsv" TLB2 page)' = 262144 ] && \
           grep -q '^# page_bytes: nan$' '$tmp/small2.tsv' && grep -q '^# page_why: the levels map different pages' '$tmp/small2.tsv'"
# The same with 0.3% noise on every point (the H100's wobble from one set
# of lines to the next is about that): three seeds, the same answers.
for seed in 1 2 3; do
    "$CHASE" tlb --sim "$(echo "$spec" | sed 's/ways=16,page=256K/ways=16,page=128K/; s/mem:lat=600/mem:lat=600,noise=0.003/')" \
        --seed $seed --stride 64K --max 256M -q -o "$tmp/noisy.tsv" 2> "$tmp/err"
    check "... with 0.3% noise (seed $seed): 16 entries of 128 KiB, a miss 8-12 cycles" \
        sh -c "[ '$(tlbl "$tmp/noisy.tsv" TLB1 page)' = 131072 ] && [ '$(tlbl "$tmp/noisy.tsv" TLB1 entries_lo)' = 16 ] && \
               awk -v m='$(tlbl "$tmp/noisy.tsv" TLB1 miss_cycles)' 'BEGIN { exit !(m >= 8 && m <= 12) }'"
done
finish
