#!/bin/sh
# assoc-sim-set.sh: chase assoc on a seeded set of random simulated
# hierarchies against their truth (the issue's acceptance set): 2 or 3
# cache levels, ways from 1 to 64, plain and hashed indexing (a first
# level plain), LRU, FIFO and random replacement, 1-2% noise.  The
# hierarchies are physically plausible: each level 4 to 16 times the
# last's capacity (sets a power of two), its latency 3 to 4 times the
# last's, memory 3 times the last level's.
# Prints one line a level, truth against what chase wrote, and its class:
#   ok      ways and sets exact, the index named right, the policy right
#           (or undetermined; direct-mapped at one way)
#   nr      ways or sets not resolved, or the index not told (no wrong figure)
#   WAYS    a wrong ways or sets figure
#   POLICY  a wrong policy name (ways and sets right)
#   INDEX   the index named wrong (ways and sets right)
#   FAIL    chase failed
# A level the sweep split in two (L2_near, L2_far) is judged by its part
# with a wrong figure, else its exact part, else its first.
# then the totals.  Usage: bench/assoc-sim-set.sh [CHASE [N [SEED]]]
# (defaults: _build/chase, 30, 7); CASES=FILE reads specs from FILE (one
# a line) instead; JOBS (default 1) hierarchies at once; KEEP=DIR keeps
# each case's output there.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -eu
CHASE=${1:-_build/chase}
N=${2:-30}
SEED=${3:-7}
JOBS=${JOBS:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=${KEEP:-$tmp}
mkdir -p "$out"

if [ -n "${CASES:-}" ]; then
    head -n "$N" "$CASES" > "$tmp/cases"
else
    awk -v seed="$SEED" -v n="$N" 'BEGIN {
        srand(seed)
        split("1 2 3 4 6 8 12 16 24 32 48 64", W, " ")
        split("lru fifo random", P, " ")
        for (c = 1; c <= n; c++) {
            nl = 2 + int(rand() * 2)
            target = 1024 * 2 ^ (3 + int(rand() * 4))      # 8 to 64 KiB
            lat = 4; spec = ""; last = 0
            for (l = 1; l <= nl; l++) {
                w = W[1 + int(rand() * 12)]
                sets = 1
                while (2 * sets * 64 * w <= target) sets *= 2
                size = sets * 64 * w
                # Growing: at least twice the last level (more sets, or fewer ways).
                while (size < 2 * last) { sets *= 2; size = sets * 64 * w }
                pol = P[1 + int(rand() * 3)]
                hash = l > 1 && rand() < 1 / 3
                spec = spec sprintf("L%d:size=%dK,ways=%d,lat=%d,policy=%s%s;", l, size / 1024, w, lat, pol,
                                    hash ? ",index=hash" : "")
                last = size
                target = size * (rand() < 0.5 ? 8 : 16)
                lat = int(lat * (rand() < 0.5 ? 3 : 4))
            }
            printf "%smem:lat=%d,noise=%s\n", spec, 3 * lat, rand() < 0.5 ? "0.01" : "0.02"
        }
    }' > "$tmp/cases"
fi

# one I SPEC: the case's lines, into $out/I.txt.
one() {
    i=$1
    spec=$2
    if ! timeout 600 "$CHASE" assoc --sim "$spec" -q -o "$out/$i.tsv" 2> "$out/$i.err"; then
        echo "$spec" | tr ';' '\n' | grep -v '^mem' | while IFS=: read -r name rest; do
            echo "case $i $name: chase failed: $(head -1 "$out/$i.err") FAIL"
        done > "$out/$i.txt"
        return 0
    fi
    part=
    echo "$spec" | tr ';' '\n' | grep -v '^mem' | while IFS=: read -r name rest; do
        ways=$(echo "$rest" | sed 's/.*ways=\([0-9]*\).*/\1/')
        size=$(echo "$rest" | sed 's/.*size=\([0-9]*\)K.*/\1/')
        sets=$((size * 1024 / 64 / ways))
        pol=$(echo "$rest" | sed 's/.*policy=\([a-z]*\).*/\1/')
        idx=plain
        case $rest in *index=hash*|*index=xhash*) idx=hashed ;; esac
        got() { sed -n "s/^# $name\\.$1: //p" "$out/$i.tsv"; }
        # The sweep may split a level in two (L2_near, L2_far): the part
        # that is exact stands for it, a part with a wrong figure is wrong.
        if ! grep -q "^# $name\\.ways: " "$out/$i.tsv"; then
            parts=$(sed -n "s/^# \\(${name}_[a-z]*\\)\\.ways: .*/\\1/p" "$out/$i.tsv")
            [ -n "$parts" ] || { echo "case $i $name: true w=$ways s=$sets; absent from the output nr"; continue; }
            best=
            for part in $parts; do
                pw=$(sed -n "s/^# $part\\.ways: //p" "$out/$i.tsv"); ps=$(sed -n "s/^# $part\\.sets: //p" "$out/$i.tsv")
                if [ "$pw" = "$ways" ] && [ "$ps" = "$sets" ]; then best=${best:-$part}
                elif [ "$pw" != nan ] && [ "$ps" != nan ] || { [ "$pw" != nan ] && [ "$pw" != "$ways" ]; }; then
                    best=WRONG:$part; break
                fi
            done
            case $best in
            WRONG:*) part=${best#WRONG:} ;;
            "") part=$(echo "$parts" | head -1) ;;
            *) part=$best ;;
            esac
            got() { sed -n "s/^# $part\\.$1: //p" "$out/$i.tsv"; }
        fi
        gw=$(got ways); gs=$(got sets); gp=$(got policy); gi=$(got index)
        if [ "$gw" = "$ways" ] && [ "$gs" = "$sets" ]; then
            class=ok
            case $gp in
            undetermined | "$pol") ;;
            direct-mapped) [ "$ways" = 1 ] || class=POLICY ;;
            *) class=POLICY ;;
            esac
            # An index not told (undetermined) is not resolved, not wrong.
            if [ "$class" = ok ] && [ "$gi" != "$idx" ]; then
                [ "$gi" = undetermined ] && class=nr || class=INDEX
            fi
        elif { [ "$gw" = nan ] || [ -z "$gw" ]; } && { [ "$gs" = nan ] || [ -z "$gs" ]; }; then
            class=nr
        elif [ "$gw" = "$ways" ] && { [ "$gs" = nan ] || [ -z "$gs" ]; }; then
            class=nr
        else
            class=WAYS
        fi
        # A policy named wrong where the ways are not resolved is wrong too.
        if [ "$class" = nr ]; then
            case $gp in
            undetermined | "$pol" | "") ;;
            direct-mapped) [ "$ways" = 1 ] || class=POLICY ;;     # one way: any policy is direct-mapped
            *) class=POLICY ;;
            esac
        fi
        echo "case $i $name: true w=$ways s=$sets $pol $idx; got${part:+ ($part)} w=$gw s=$gs $gp ${gi:-?} $class"
        part=
    done > "$out/$i.txt"
}

# At most JOBS at once: the oldest waited for (jobs -p in a command
# substitution counts a subshell's jobs, none, so it limited nothing).
i=0
pids=
while read -r spec; do
    i=$((i + 1))
    echo "$spec" > "$out/$i.spec"
    one "$i" "$spec" < /dev/null &
    pids="$pids $!"
    set -- $pids
    if [ "$#" -ge "$JOBS" ]; then
        wait "$1"
        shift
        pids="$*"
    fi
done < "$tmp/cases"
wait
j=0
while [ "$j" -lt "$i" ]; do
    j=$((j + 1))
    echo "# case $j: $(cat "$out/$j.spec")"
    cat "$out/$j.txt"
done > "$tmp/all"
cat "$tmp/all"
awk '/^case / { n++; c[$NF]++ } END {
    printf "total: %d levels: ok %d, not resolved %d, wrong ways/sets %d, wrong policy %d, wrong index %d, failed %d\n",
        n, c["ok"], c["nr"], c["WAYS"], c["POLICY"], c["INDEX"], c["FAIL"] }' "$tmp/all"
