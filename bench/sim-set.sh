#!/bin/sh
# sim-set.sh: the level finder on a seeded set of random simulated
# hierarchies that mix the classes it finds hard (issue 25): capacities
# within 1.4x of each other, steps under 12%, slow exit ramps (hashed
# sets, few ways), random replacement, a TLB's gradual onset, each with
# 1-2% noise; 2-4 caches and memory a hierarchy.  Prints one line a
# hierarchy (tests/sim-score.awk's) and the totals: true edges, found,
# phantoms, placed within a step.
# Usage: bench/sim-set.sh [CHASE [N [SEED]]]   (defaults: _build/chase, 90, 1)
# Run from the source tree; JOBS (default 2) hierarchies at once.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -eu
CHASE=${1:-_build/chase}
N=${2:-90}
SEED=${3:-1}
JOBS=${JOBS:-2}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One line a hierarchy: index|spec|true edges.  Sizes are line x ways x
# sets (sets a power of two), as the sim requires.
awk -v seed="$SEED" -v n="$N" 'BEGIN {
    srand(seed)
    for (h = 1; h <= n; h++) {
        nl = 2 + int(rand() * 3)
        ways = 4 + 4 * int(rand() * 3); sets = 2 ^ (5 + int(rand() * 2))
        lat = 3 + int(rand() * 4)
        spec = ""; edges = ""; tags = ""
        for (l = 1; l <= nl; l++) {
            extra = ""; near = 0
            if (l > 1) {
                r = rand()
                if (r < 0.3 && ways >= 4) {
                    # Within 1.2-1.4x: the same sets, more ways.
                    w2 = int(ways * (1.2 + rand() * 0.2) + 0.5); if (w2 <= ways) w2 = ways + 1
                    ways = w2; tags = tags "c"; near = 1
                } else {
                    # 4-16x the last, at most 8 MiB (a sweep of the sim is
                    # seconds a hierarchy then).
                    ways = 8 + 4 * int(rand() * 3); sets *= 2 ^ (2 + int(rand() * 3))
                    while (64 * ways * sets > 16 * 1048576 && sets > 1) sets /= 2
                }
                # A step under 12% (never with capacities 1.4x apart: the
                # two together leave nothing a curve can show).
                if (!near && rand() < 0.3) { lat = lat * (1.06 + rand() * 0.06); tags = tags "s" }
                else lat = lat * (1.6 + rand() * 2.4)
            }
            if (rand() < 0.2 && !near) {
                # Few ways, hashed sets: a slow ramp out of the plateau.
                w = 2 ^ (1 + int(rand() * 2)); sets = 2 ^ int(log(sets * ways / w) / log(2) + 0.5); ways = w
                extra = extra ",index=hash"; tags = tags "r"
            }
            if (rand() < 0.25) { extra = extra ",policy=random"; tags = tags "p" }
            size = 64 * ways * sets
            if (l > 1 && size < 1.15 * e[l - 1]) { nl = l - 1; break }   # capped: no level of the same size
            spec = spec sprintf("L%d:size=%d,ways=%d,lat=%.2f%s;", l, size, ways, lat, extra)
            edges = edges (l > 1 ? " " : "") size
            e[l] = size
        }
        spec = spec sprintf("mem:lat=%d,noise=%.3f", int(lat * (2 + rand() * 4)) + 60, 0.01 + rand() * 0.01)
        if (rand() < 0.3) {
            # A TLB whose reach lies between caches, an octave or more from
            # every edge: misses grow as 1 - reach/size, a gradual onset.
            ent = 2 ^ (4 + int(rand() * 3)); pg = 4096 * 2 ^ int(rand() * 3); reach = ent * pg
            okr = reach > e[1] && reach < e[nl]
            for (l = 1; l <= nl; l++) if (reach < 2 * e[l] && reach * 2 > e[l]) okr = 0
            if (okr) {
                spec = spec sprintf(";tlb:entries=%d,page=%d,ways=%d,lat=%d", ent, pg, ent, 10 + int(rand() * 20))
                edges = edges " " reach; tags = tags "t"
            }
        }
        print h (tags == "" ? "-" : tags) "|" spec "|" edges
    }
}' > "$tmp/cases"

# Each hierarchy on its own (JOBS at once): found levels scored.
i=0
while IFS='|' read -r class spec edges; do
    i=$((i + 1))
    printf '%s\n' "$class|$spec|$edges" > "$tmp/case.$i"
done < "$tmp/cases"
one() {
    IFS='|' read -r class spec edges < "$1"
    largest=$(echo "$edges" | tr ' ' '\n' | sort -n | tail -1)
    if "$CHASE" --sim "$spec" --max $((largest * 4)) -q > "$1.tsv" 2> "$1.err"; then
        grep '^# level:' "$1.tsv" | awk -F '\t' '{ for (k = 2; k <= NF; k++) { split($k, kv, "="); v[kv[1]] = kv[2] }
            if (v["hi"] != "nan") print v["lo"], v["hi"] }' > "$1.found"
        echo "$edges" | awk -v class="$class" -v spec="$spec" -f "$here/tests/sim-score.awk" "$1.found" - > "$1.score"
    else
        echo "$class 0 0 0 0|$spec|FAILED: $(head -1 "$1.err")" > "$1.score"
    fi
}
for f in $(ls "$tmp"/case.* | grep -E 'case\.[0-9]+$' | sort -t. -k2 -n); do
    one "$f" &
    while [ "$(jobs -p | wc -l)" -ge "$JOBS" ]; do sleep 0.2; done
done
wait
for f in $(ls "$tmp"/case.*.score | sort -t. -k2 -n); do cat "$f"; done > "$tmp/score"
cat "$tmp/score"
# Totals by feature (c close, s small step, r ramp, p random, t TLB) and overall.
awk -F'|' '{ split($1, f, " "); T += f[2]; F += f[3]; P += f[4]; L += f[5]
             for (k = 1; k <= 5; k++) { x = substr("csrpt", k, 1); if (index(f[1], x)) { t[x] += f[2]; fd[x] += f[3]; ph[x] += f[4]; pl[x] += f[5] } } }
    END { for (k = 1; k <= 5; k++) { x = substr("csrpt", k, 1); printf "with %s: edges %3d found %3d phantom %2d placed %3d\n", x, t[x], fd[x], ph[x], pl[x] }
          printf "all: hierarchies %d edges %d found %d phantom %d placed %d\n", NR, T, F, P, L }' "$tmp/score"
