# sim-classes.sh: the level finder on generated hierarchies of the classes
# it found hard (gradual onsets as a TLB's, capacities within 1.4x of each
# other, steps under 12%, slow exit ramps, random replacement), each with
# known truth: how many edges it finds, how many it invents (none
# allowed), and how many capacities lie within a step of the interval.
# The generator is seeded (CHASE_CLASSES_SEED, default 1) and makes
# CHASE_CLASSES_N hierarchies a class (default 3; bench/NOTES.md used 12);
# the figures are printed for comparison before and after a change.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

seed=${CHASE_CLASSES_SEED:-1}
per=${CHASE_CLASSES_N:-3}
# CHASE_TEST_QUICK (the sanitizer build: the same code on every class, a
# third of the hierarchies, the scores printed, not judged: three a class
# are what the floors below were set on).
quick=${CHASE_TEST_QUICK:-}
[ -n "$quick" ] && per=1

# One line a hierarchy: class | spec | true edges (bytes, space-separated).
# Sizes are line x ways x sets (a power of two), as the sim requires.
awk -v seed="$seed" -v per="$per" 'BEGIN {
    srand(seed)
    K = 1024; M = 1048576
    split("gradual close small ramp random", cls, " ")
    for (c = 1; c <= 5; c++) for (k = 0; k < per; k++) {
        n = noise(); l1 = 3 + int(rand() * 3)
        if (cls[c] == "gradual") {
            # A TLB whose reach lies between the L1 and the L2: misses grow
            # as 1 - reach/size under a random order, a gradual onset.
            s1 = 32 * K; s2 = (rand() < 0.5 ? 1 : 2) * M; e = 2 ^ (4 + int(rand() * 3)); pg = 4096 * 2 ^ int(rand() * 2)
            reach = e * pg
            spec = sprintf("L1:size=%d,lat=%d;L2:size=%d,ways=16,lat=%d;mem:lat=%d,noise=%s;tlb:entries=%d,page=%d,ways=%d,lat=%d",
                           s1, l1, s2, 14, 200 + int(rand() * 100), n, e, pg, e, 10 + int(rand() * 20))
            edges = s1 " " reach " " s2
        } else if (cls[c] == "close") {
            # Two capacities 1.2-1.4x apart: same sets, more ways.
            w1 = 4 + int(rand() * 5); w2 = int(w1 * (1.2 + rand() * 0.2) + 0.5); if (w2 <= w1) w2 = w1 + 1
            s1 = 64 * w1 * 64; s2 = 64 * w2 * 64
            spec = sprintf("L1:size=%d,ways=%d,lat=%d;L2:size=%d,ways=%d,lat=%d;L3:size=%d,ways=16,lat=%d;mem:lat=%d,noise=%s",
                           s1, w1, l1, s2, w2, 3 * l1, M, 12 * l1, 250, n)
            edges = s1 " " s2 " " M
        } else if (cls[c] == "small") {
            # A step of 6-12% between two levels.
            r = 1.06 + rand() * 0.06
            spec = sprintf("L1:size=%d,lat=%d;L2:size=%d,ways=16,lat=%.2f;L3:size=%d,ways=16,lat=%d;mem:lat=%d,noise=%s",
                           32 * K, 10, 256 * K, 10 * r, 4 * M, 40, 200, n)
            edges = 32 * K " " 256 * K " " 4 * M
        } else if (cls[c] == "ramp") {
            # Sets by a hash with few ways: conflicts begin well before the
            # capacity, a slow ramp out of each plateau.
            w = 2 ^ int(rand() * 2 + 1)
            spec = sprintf("L1:size=%d,ways=%d,index=hash,lat=%d;L2:size=%d,ways=%d,index=hash,lat=%d;mem:lat=%d,noise=%s",
                           32 * K, w, l1, 512 * K, 2 * w, 14, 200, n)
            edges = 32 * K " " 512 * K
        } else {
            # Random replacement at every level.
            spec = sprintf("L1:size=%d,ways=12,lat=%d,policy=random;L2:size=%d,ways=16,lat=%d,policy=random;L3:size=%d,ways=16,lat=%d,policy=random;mem:lat=%d,noise=%s",
                           48 * K, l1, M, 15, 8 * M, 45, 300, n)
            edges = 48 * K " " M " " 8 * M
        }
        print cls[c] "|" spec "|" edges
    }
}
function noise() { return sprintf("%.3f", rand() < 0.3 ? 0 : 0.002 + rand() * 0.018) }' > "$tmp/cases"

# Each hierarchy: found edges (lo hi of every level but the last) against
# the truth, scored by tests/sim-score.awk (found within an octave,
# phantoms, placed within a step).
: > "$tmp/score"
while IFS='|' read -r class spec edges; do
    largest=$(echo "$edges" | tr ' ' '\n' | sort -n | tail -1)
    "$CHASE" --sim "$spec" --max $((largest * 4)) -q > "$tmp/out.tsv" 2> "$tmp/err" ||
        { not_ok "$class: chase --sim '$spec' failed: $(head -1 "$tmp/err")"; continue; }
    grep '^# level:' "$tmp/out.tsv" | awk -F '\t' '{ for (k = 2; k <= NF; k++) { split($k, kv, "="); v[kv[1]] = kv[2] }
        if (v["hi"] != "nan") print v["lo"], v["hi"] }' > "$tmp/found"
    echo "$edges" | awk -v class="$class" -v spec="$spec" -f "$srcdir/tests/sim-score.awk" "$tmp/found" - >> "$tmp/score"
done < "$tmp/cases"
cat "$tmp/score"

# Totals by class and overall: true edges, found, phantoms, placed.
awk -F'|' '{ split($1, f, " "); c = f[1]; t[c] += f[2]; fd[c] += f[3]; ph[c] += f[4]; pl[c] += f[5]
             T += f[2]; F += f[3]; P += f[4]; L += f[5] }
    END { for (c in t) printf "%-8s edges %3d found %3d phantom %2d placed %3d\n", c, t[c], fd[c], ph[c], pl[c]
          printf "%-8s edges %3d found %3d phantom %2d placed %3d\n", "all", T, F, P, L > "/dev/stderr" }' \
    "$tmp/score" 2> "$tmp/total"
cat "$tmp/total"
read -r _ _ edges _ found _ phantom _ placed < "$tmp/total"
# Ceilings and floors about what the finder does now (bench/NOTES.md: 3
# phantoms in 42 edges at seed 1, all in the gradual class, a climb past a
# TLB's corner cut in parts), so a change that invents or loses levels
# fails: phantoms at most 10% of the edges, 85% found, 75% of those placed
# within a step.  The aim is no phantom; this guards against worse.
if [ -n "$quick" ]; then
    ok "# SKIP the floors are judged on three hierarchies a class (CHASE_TEST_QUICK ran one)"
    finish
    exit
fi
check "phantom levels at most 10% of the edges ($phantom of $edges)" test $((phantom * 100)) -le $((edges * 10))
check "85% of the edges found ($found of $edges)" test $((found * 100)) -ge $((edges * 85))
check "75% of the found placed within a step ($placed of $found)" test $((placed * 100)) -ge $((found * 75))
finish
