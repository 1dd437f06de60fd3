# sim-assoc.sh: chase assoc against simulated hierarchies with known truth:
# every level's ways, sets, line, capacity, index and replacement class (lru,
# fifo, random), at 2 to 16 ways and 64 to 8192 sets; a hashed level's
# from an eviction set; usage errors.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

# Truth from a spec: one line a cache level, "name ways sets line size
# class" (class: lru, random or hash).  The
# line is the first level's: the sweep's stride, the unit of sets chase reads.
truth() {
    echo "$1" | tr ';' '\n' | awk -F'[:,=]' '
        function bytes(s) { u = substr(s, length(s)); v = s + 0
            return u == "K" ? v * 1024 : u == "M" ? v * 1048576 : v }
        $1 == "mem" { next }
        { line = 64; ways = 8; pol = "lru"; size = 0; hash = 0
          for (i = 2; i < NF; i += 2) { if ($i == "line") line = bytes($(i + 1)); if ($i == "ways") ways = $(i + 1)
              if ($i == "size") size = bytes($(i + 1)); if ($i == "policy") pol = $(i + 1)
              if ($i == "index" && ($(i + 1) == "hash" || $(i + 1) == "xhash")) hash = 1 }
          if (pol == "fifo") pol = "lru"
          if (hash) pol = "hash"
          # Behind a random level the cycle reaches this level whole only
          # through flushed chains (list chains, which the sim has).
          print $1, ways, size / line / ways, line, size, pol }'
}

# Cases 6 and 7: a level with fewer ways behind a nearer level whose way
# divides its own (its knee hides behind the nearer level's: measured
# again with lines that flush the nearer levels), two and three levels.
# Cases 8 and 9: a hashed level with fewer ways behind a plain nearer
# level (its eviction set holds the nearer level's ways: counted again with
# each lap led by lines that flush the nearer level).
# Cases 10 and 11: a hashed level of one way behind a random nearer level
# (each lap led by 6 x its ways lines of x's set there, which flush x and
# the group out of it but for about a lap in 400).
# Case 12: a hashed L3 of 3 MiB behind an L2 whose way is 64 KiB: the
# region holds too few lines that far apart for 3 x the L3's lines (16311
# of 147520, and none of them evicted x), so the pool's lines are 4 KiB
# apart, each test led by lines of every 4 KiB class.
# Case 13: a hashed L3 behind a hashed L2 (the simulator's one hash: a set
# of the L3 lies inside one of the L2's) that misses every line of a lap
# longer than its ways (FIFO): an eviction set built through the L2.
# Case 14: a hashed L2 of 4 ways, random, behind a random L1 of 3: its
# count of 4 is under what the random L1 keeps, so counted again with
# flushes, each test reading x lap by lap.
# Cases 15 and 16: hashed L2s of 12 and 16 ways, random: pruning reads the
# share of laps x misses in, and keeps a chunk only where the rest lowers
# it by half (a fixed half of the laps ran the budget out).
# Case 17: a hashed L2 of 24 ways x 128 sets, random, behind a random L1:
# the share is low (0.08 a lap at 24 lines of x's set) while the group
# still holds about 1700 lines, so each test takes laps enough to expect
# some misses, not to read the share well (that took 55.6 M loads here,
# past the budget; now about 13 M).
# Case 18: a plain L3 of 2 ways x 65536 sets (8 MiB): its way is 4 MiB and
# the knee settles only from there, where chains of 256 lines would pass
# the 1 GiB budget, so its largest strides take fewer lines (128 at 8
# MiB); before they did, the strides stopped at 4 MiB and read "hashed".
cat > "$tmp/cases" <<'CASES'
L1:size=16K,ways=4,lat=4;L2:size=256K,ways=8,lat=14,policy=fifo;mem:lat=200
L1:size=32K,ways=8,lat=4,policy=random;L2:size=512K,ways=16,lat=14;mem:lat=200
L1:size=64K,ways=4,line=128,lat=30;L2:size=1M,ways=8,line=128,lat=200,policy=random;mem:lat=600
L1:size=8K,ways=2,lat=3,policy=fifo;L2:size=128K,ways=4,lat=12;L3:size=512K,ways=8,lat=40,policy=random;mem:lat=150
L1:size=32K,ways=8,lat=4;L2:size=256K,ways=16,lat=14,index=hash;mem:lat=200
L1:size=16K,ways=8,lat=4,policy=fifo;L2:size=96K,ways=3,lat=16;mem:lat=192,noise=0.02
L1:size=6K,ways=12,lat=4,policy=fifo;L2:size=64K,ways=8,lat=16;L3:size=768K,ways=6,lat=64,policy=fifo;mem:lat=768,noise=0.02
L1:size=12K,ways=48,lat=4,policy=fifo;L2:size=128K,ways=16,lat=12,policy=lru,index=hash;mem:lat=144,noise=0.01
L1:size=8K,ways=8,lat=4,policy=fifo;L2:size=128K,ways=4,lat=16,policy=lru,index=hash;mem:lat=192,noise=0.02
L1:size=6K,ways=12,lat=4,policy=random;L2:size=64K,ways=1,lat=16,policy=random,index=hash;mem:lat=192,noise=0.02
L1:size=16K,ways=16,lat=4,policy=random;L2:size=256K,ways=1,lat=12,policy=fifo,index=hash;mem:lat=108,noise=0.01
L1:size=32K,ways=4,lat=4,policy=fifo;L2:size=512K,ways=8,lat=12,policy=lru;L3:size=3072K,ways=3,lat=36,policy=fifo,index=hash;mem:lat=432,noise=0.02
L1:size=16K,ways=2,lat=4,policy=fifo;L2:size=128K,ways=4,lat=16,policy=fifo,index=hash;L3:size=1536K,ways=12,lat=48,policy=fifo,index=hash;mem:lat=432,noise=0.02
L1:size=6K,ways=3,lat=4,policy=random;L2:size=64K,ways=4,lat=16,policy=random,index=hash;mem:lat=192,noise=0.01
L1:size=16K,ways=8,lat=4,policy=lru;L2:size=96K,ways=12,lat=12,policy=random,index=hash;mem:lat=108,noise=0.01
L1:size=16K,ways=4,lat=4,policy=lru;L2:size=128K,ways=16,lat=14,policy=random,index=hash;mem:lat=300,noise=0.01
L1:size=16K,ways=4,lat=4,policy=random;L2:size=192K,ways=24,lat=12,policy=random,index=hash;mem:lat=432,noise=0.01
L1:size=32K,ways=8,lat=4;L2:size=1024K,ways=16,lat=14,policy=fifo;L3:size=8192K,ways=2,lat=50;mem:lat=300,noise=0.02
CASES
n=0
while read -r spec; do
    n=$((n + 1))
    truth "$spec" > "$tmp/truth"
    if ! "$CHASE" assoc --sim "$spec" -q -o "$tmp/a.tsv" 2> "$tmp/err"; then
        not_ok "case $n ($spec): exit $?: $(head -1 "$tmp/err")"
        continue
    fi
    bad=
    while read -r name ways sets line size class; do
        got() { sed -n "s/^# $name\\.$1: //p" "$tmp/a.tsv"; }
        if [ "$class" = hash ]; then
            # No stride aliases: an eviction set gives the ways, the
            # driver's capacity (the spec's) the sets.
            [ "$(got ways)" = "$ways" ] || bad="$bad $name: ways $(got ways), true $ways;"
            [ "$(got sets)" = "$sets" ] || bad="$bad $name: sets $(got sets), true $sets;"
            [ "$(got index)" = hashed ] || bad="$bad $name: index $(got index);"
            continue
        fi
        [ "$(got ways)" = "$ways" ] || bad="$bad $name: ways $(got ways), true $ways;"
        [ "$(got sets)" = "$sets" ] || bad="$bad $name: sets $(got sets), true $sets;"
        [ "$(got line)" = "$line" ] || bad="$bad $name: line $(got line), true $line;"
        [ "$(got index)" = plain ] || bad="$bad $name: index $(got index), true plain;"
        cap=$(grep "^# assoc: $name	" "$tmp/a.tsv" | tr '\t' '\n' | sed -n 's/^capacity=//p')
        [ "$cap" = "$size" ] && got capacity_check | grep -q ', inside the sweep' ||
            bad="$bad $name: capacity $cap ($(got capacity_check)), true $size;"
        case $class in
        lru) got replacement | grep -q '^LRU or FIFO' || bad="$bad $name: $(got replacement), true LRU or FIFO;" ;;
        random)
            # The cycle of ways + 1 hits (ways - 1) / (ways + 1) of the time
            # under random replacement: read to the percent, give or take
            # the share of it the level below holds.
            pct=$(got replacement | sed -n 's/^random (the cycle of ways+1 hits \([0-9]*\)% of the time)$/\1/p')
            want=$(awk -v w="$ways" 'BEGIN { printf "%.0f", 100 * (w - 1) / (w + 1) }')
            [ -n "$pct" ] && [ $((pct - want)) -le 6 ] && [ $((want - pct)) -le 6 ] ||
                bad="$bad $name: $(got replacement), true random hitting $want%;" ;;
        esac
    done < "$tmp/truth"
    if [ -z "$bad" ]; then
        ok "case $n ($spec): every level's ways, sets, line, capacity, index and replacement"
    else
        not_ok "case $n ($spec):$bad"
    fi
done < "$tmp/cases"

# Behind a hashed L2, never a wrong count: an L3 of fewer ways than the L2
# (a group that evicts x holds the L2's ways of x's set there, so its
# count is the L2's), and an L3 whose hash is its own (index=xhash: the
# group holds, for each line of x's set, the L2's ways of that line's set
# there, the same count from pool to pool): not resolved, said.
behind() {
    "$CHASE" assoc --sim "$1" -q -o "$tmp/b.tsv" 2> "$tmp/err" || { not_ok "$2: exit $?: $(head -1 "$tmp/err")"; return; }
    l2=$(sed -n 's/^# L2\.ways: //p' "$tmp/b.tsv")
    l3=$(sed -n 's/^# L3\.ways: //p' "$tmp/b.tsv")
    how=$(grep "^# assoc: L3	" "$tmp/b.tsv" | tr '\t' '\n' | sed -n 's/^evict_how=//p')
    if [ "$l2" = "$3" ] && [ "$l3" = nan ] && echo "$how" | grep -q "$4"; then
        ok "$2: L2 $l2 ways, L3 not resolved ($4)"
    else
        not_ok "$2: L2 $l2 ways (true $3), L3 $l3 ways; $how"
    fi
}
behind "L1:size=16K,ways=8,lat=4,policy=fifo;L2:size=256K,ways=64,lat=16,policy=fifo,index=hash;L3:size=4096K,ways=8,lat=48,policy=fifo,index=hash;mem:lat=432,noise=0.01" \
    "an L3 of 8 ways behind a hashed L2 of 64" 64 "no more than the hashed L2 in front holds"
behind "L1:size=16K,ways=2,lat=4,policy=fifo;L2:size=128K,ways=4,lat=16,policy=fifo,index=xhash;L3:size=1536K,ways=12,lat=48,policy=fifo,index=xhash;mem:lat=432,noise=0.02" \
    "an L3 hashed apart from the hashed L2 in front" 4 "they do not share x's set there"

# The points table is streamed, one row a chain, and the knees name each stride.
spec=$(head -1 "$tmp/cases")
"$CHASE" assoc --sim "$spec" --level L1 -f csv -o "$tmp/a.csv" 2> /dev/null
check "csv: the points table, its columns" test "$(head -1 "$tmp/a.csv")" = "level,stride,lines,bytes,cycles,ns,samples"
check "--level L1: only L1's points" test "$(cut -d, -f1 "$tmp/a.csv" | sort -u | tr '\n' ' ')" = "L1 level "

# An unknown level, and an option assoc does not take: usage errors.
expect 2 'no cache level of that name' assoc --sim "$spec" --level L9 -q -o "$tmp/x.tsv"
expect 2 'stride' assoc --sim "$spec" --stride 4K -q -o "$tmp/x.tsv"
finish
