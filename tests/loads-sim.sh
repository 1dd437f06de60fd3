# loads-sim.sh: chase loads against simulated hierarchies whose truth is the
# spec: each level's latency and issue cost for every width and lane stride,
# T(N) for every burst (the convergence table), the multiprocessor's cycles
# per warp load, and the single lane agreeing with the sweep's plateau;
# models the defaults were not shaped on (128-byte lines, 64-lane warps, an
# in-flight limit, fractional bandwidths, noise); the options; the formats;
# the errors.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"
# CHASE_TEST_QUICK (the sanitizer build): this test's many simulated runs
# take minutes there; the same code runs under it in golden-parts.sh and
# the cli tests, and here in the plain build.
[ -z "${CHASE_TEST_QUICK:-}" ] || skip_all "many simulated runs, skipped under CHASE_TEST_QUICK (the sanitizer build)"

# truth SPEC: one line a level (L1.. then mem): index lat line0 issue bpc smbpc mlp, and lanes.
truth() {
    echo "$1" | tr ';' '\n' | awk -F'[:,=]' '
        $1 == "tlb" || $1 == "" { next }
        { n++; name[n] = $1; lat[n] = -1; issue[n] = 1; bpc[n] = 0; smbpc[n] = 0; mlp[n] = 0; line[n] = 64
          for (i = 2; i < NF; i += 2) {
              if ($i == "lat") lat[n] = $(i + 1)
              if ($i == "line") { line[n] = $(i + 1); sub(/K$/, "", line[n]) }
              if ($i == "issue") issue[n] = $(i + 1)
              if ($i == "bpc") bpc[n] = $(i + 1)
              if ($i == "smbpc") smbpc[n] = $(i + 1)
              if ($i == "mlp") mlp[n] = $(i + 1)
              if ($i == "lanes") lanes = $(i + 1)
          } }
        END { d = 64
              for (i = 1; i <= n; i++) {
                  if (!bpc[i]) bpc[i] = d
                  if (!smbpc[i]) smbpc[i] = 4 * bpc[i]
                  print (name[i] == "mem" ? "memory" : "L" i), lat[i], line[1], issue[i], bpc[i], smbpc[i], mlp[i]
                  if (d > 1) d /= 2
              }
              print "lanes", lanes ? lanes : 32 }'
}

# check TSV SPEC: every measured row of the loads table against the truth.
check_rows() {
    awk -F'\t' 'FNR == NR { split($0, f, " "); if (f[1] == "lanes") hw = f[2]; else { lat[f[1]] = f[2]; line0 = f[3]; iss[f[1]] = f[4]; bpc[f[1]] = f[5]; sm[f[1]] = f[6]; mlp[f[1]] = f[7] } next }
        function burst(L, n, lt, c,   k, at, e, d) {
            at = 0; e = 0
            for (k = 0; k < n; k++) { if (k) at += c; if (mlp[L] >= 1 && k >= mlp[L] && d[k - mlp[L]] > at) at = d[k - mlp[L]]
                                      d[k] = at + lt; if (d[k] > e) e = d[k] }
            return e
        }
        # Six significant digits are written.
        function near(a, b) { return (a - b) < 1e-5 * (1 + (b < 0 ? -b : b)) && (b - a) < 1e-5 * (1 + (b < 0 ? -b : b)) }
        /^# table: convergence/ { conv = 1; getline; next }
        /^#/ { next }
        /^$/ { next }
        !conv && $18 == "" || !conv && $18 ~ /^the level holds/ {
            L = $1; w = $3; lanes = $4; ls = $5
            if (L == "shared") next     # the shared: model is checked on its own
            if (!(L in lat)) { bad = bad "level " L " not in the spec; "; next }
            # The first level lines the lanes touch.
            lines = 0; prev = -1
            for (l = 0; l < lanes; l++) for (x = int(l * ls / line0); x <= int((l * ls + w - 1) / line0); x++) if (x != prev) { lines++; prev = x }
            moved = lines * line0
            lt = lat[L] + (moved - line0) / bpc[L]; c = moved / bpc[L]; if (c < iss[L]) c = iss[L]
            if (!near($7, lt)) bad = bad L " b" w * 8 " x" lanes " latency " $7 " (want " lt "); "
            if (lanes == 1 && $17 != "nan" && !near($7, $17)) bad = bad L " one lane " $7 " is not the sweep'"'"'s " $17 "; "
            if ($10 + 0 > 0) {
                want = (burst(L, $10, lt, c) - lt) / ($10 - 1)
                if (!near($9, want)) bad = bad L " b" w * 8 " x" lanes " issue " $9 " at N=" $10 " (want " want "); "
            }
            if ($13 != "nan") {
                B = $14; W = $13; t = burst(L, B, lt, c) / (W * B); s = moved / sm[L]; if (s > t) t = s
                if (!near($15, t)) bad = bad L " b" w * 8 " SM cycles " $15 " (want " t " with " W "x" B "); "
                if (!near($16, lanes * w / t)) bad = bad L " b" w * 8 " SM bytes a cycle " $16 "; "
            }
            lat_of[L " " w " " lanes] = lt; c_of[L " " w " " lanes] = c; rows++
            next
        }
        conv && NF == 9 {
            k = $1 " " $2 " " $3
            if (!(k in lat_of)) next
            want = burst($1, $4, lat_of[k], c_of[k])
            if (!near($5, want)) bad = bad $1 " b" $2 * 8 " x" $3 " T(" $4 ") " $5 " (want " want "); "
            convs++
        }
        END { if (!rows) bad = bad "no rows; "; if (!convs) bad = bad "no convergence rows; "
              print bad == "" ? "ok " rows " rows, " convs " burst times" : bad }' "$tmp/truth" "$1"
}
# (spec is only for the messages' sake)

cases() {
    cat <<'CASES'
default||L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200
lines of 128, 64 lanes, a memory that keeps 6 loads in flight|--sim|L1:size=64K,line=128,lat=30,issue=2,bpc=100;L2:size=4M,ways=16,line=128,lat=200,bpc=40,smbpc=100;mem:lat=500,issue=8,bpc=12.5,mlp=6,lanes=64
three levels, slow issue, a level that bounds the SM|--sim|L1:size=16K,lat=10,issue=3,smbpc=50;L2:size=256K,ways=16,lat=40,bpc=20,mlp=3;L3:size=8M,ways=16,lat=90,issue=4;mem:lat=300,bpc=2,smbpc=3
uncoalesced: 128 bytes between lanes|--lane-stride 128|L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200
CASES
}

n=0
cases | while IFS='|' read -r what opt spec; do
    n=$((n + 1))
    truth "$spec" > "$tmp/truth"
    case $opt in
        --sim) set -- --sim "$spec" ;;
        --lane-stride*) set -- -b sim --sim "$spec" $opt ;;
        *) set -- -b sim ;;
    esac
    if "$CHASE" loads "$@" -q -o "$tmp/l$n.tsv" 2> "$tmp/err"; then
        v=$(check_rows "$tmp/l$n.tsv" "$spec")
        case $v in ok*) ok "$what: $v match the model" ;; *) not_ok "$what: $v" ;; esac
    else
        not_ok "$what: chase loads failed: $(head -2 "$tmp/err")"
    fi
done > "$tmp/results"
cat "$tmp/results"
checks=$(grep -c '^ok\|^not ok' "$tmp/results")
failed=$(grep -c '^not ok' "$tmp/results")

spec='L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200'
f=$tmp/l1.tsv
grep -q '^# kind: loads$' "$f" && grep -q '^# status: complete$' "$f" &&
    grep -q '^# lane_stride: the width' "$f" && grep -q '^# levels_from: a default sweep' "$f" &&
    grep -q '^# bursts: 1 2 4 8 11 16 24 32' "$f" && grep -q '^# rows: 15$' "$f" &&
    ok "the file says what was measured: kind, lane stride, levels, bursts, 15 rows, complete" ||
    not_ok "the file's metadata: $(grep -c '^#' "$f") lines"
# The shared rows through the shared hook, against the default (nvidia)
# model: 30 cycles, a pass a cycle; a coalesced warp's b32, b64, b128 take
# 1, 2, 4 passes: latency 30 + (passes - 1), issue = passes.
[ "$(awk -F'\t' '$1 == "shared" && $4 == 32 && (($3 == 4 && $7 == 30 && $9 == 1) || ($3 == 8 && $7 == 31 && $9 == 2) ||
                                                 ($3 == 16 && $7 == 33 && $9 == 4))' "$f" | wc -l)" -eq 3 ] &&
    ok "shared memory: three rows, the shared model's latency and issue" || not_ok "shared rows: $(grep '^shared' "$f" | tr '\n' '|')"
awk -F'\t' '!/^#/ && NF == 20 && $1 != "level" && $1 != "shared" && $11 == 1 && $10 == 2' "$f" | wc -l | grep -q '^12$' &&
    ok "a pipelined model settles at N = 2 on every level and width" || not_ok "settled rows: $(awk -F'\t' '!/^#/ && NF == 20 && $1 != "level" { print $1, $3, $10, $11 }' "$f" | tr '\n' ' ')"

# The in-flight limit: where latency bounds the burst (b32, b64) the issue
# figure grows with N and has not settled by 32; b128 is bound by the
# bandwidth and settles.
f=$tmp/l2.tsv
[ "$(awk -F'\t' '!/^#/ && NF == 20 && $1 != "level" && $1 == "memory" && $4 == 64 && $11 == 0 && $10 == 32 { print $3 }' "$f" | tr '\n' ' ')" = "4 8 " ] &&
    awk -F'\t' '!/^#/ && NF == 20 && $1 != "level" && $1 == "memory" && $3 == 16 && $4 == 64 { exit !($11 == 1) }' "$f" &&
    ok "6 loads in flight at memory: b32 and b64 not settled by N = 32, b128 (bandwidth-bound) settled" ||
    not_ok "mlp rows: $(awk -F'\t' '!/^#/ && NF == 20 && $1 != "level" && $1 == "memory" { print $3, $4, $9, $10, $11 }' "$f" | tr '\n' ' ')"
"$CHASE" loads --sim "$(cases | sed -n 2p | cut -d'|' -f3)" > "$tmp/report" 2>&1 < /dev/null
grep -q '^memory .*?' "$tmp/report" && grep -q 'not settled: taken at the largest N measured' "$tmp/report" &&
    ok "the report marks an unsettled figure" || not_ok "report: $(grep '^memory' "$tmp/report" | head -2)"

# A shared hook shorter than the burst list (as the GPU kernels are: b64
# to 16, b128 to 8): the bursts it cannot time are not measured, no T(N)
# past its largest is written, the issue figure is the model's own, and
# no bytes-a-clock figure passes the spec's bound.  The spec's issue of 3
# cycles a pass makes any figure taken from a repeated point wrong.
sh_spec='shared:issue=3,lat=40,bursts=32/16/4'
if "$CHASE" loads --sim "$sh_spec" --level shared -q -o "$tmp/sh.tsv" 2> "$tmp/sh.err"; then
    v=$(awk -F'\t' '/^# table: convergence/ { conv = 1; getline; next } /^#/ || /^$/ { next }
        !conv && $1 == "shared" { w = $3; issue[w] = $9; n[w] = $10; bpc[w] = $12; note[w] = $18; bm[w] = $20 }
        conv && $1 == "shared" { most[$2] = $4 > most[$2] ? $4 : most[$2]; pts[$2]++ }
        END { # passes a warp load: 1, 2, 4 (b32, b64, b128 on 32 banks of 4 B)
              p[4] = 1; p[8] = 2; p[16] = 4; cap[4] = 32; cap[8] = 16; cap[16] = 4
              for (w in p) {
                  if (most[w] != cap[w]) print "b" w * 8 " measured to N=" most[w] " (want " cap[w] ")"
                  if (issue[w] - 3 * p[w] > 1e-6 || 3 * p[w] - issue[w] > 1e-6) print "b" w * 8 " issue " issue[w] " (want " 3 * p[w] ")"
                  if (n[w] > cap[w]) print "b" w * 8 " figure taken at N=" n[w] ", not measured"
                  if (bpc[w] > 128 * 1.02 / 3) print "b" w * 8 " " bpc[w] " B/clk past the bound"
                  if (cap[w] < 32 && note[w] !~ "^bursts past " cap[w] " not measured") print "b" w * 8 " note: " note[w]
              }
              if (bm[4] != "1 2 4 8 16 32" || bm[8] != "1 2 4 8 16" || bm[16] != "1 2 4") print "bursts_measured " bm[4] "/" bm[8] "/" bm[16]
            }' "$tmp/sh.tsv")
    [ -z "$v" ] && grep -q '^# bound_shared: 42.6667 B/clk/SM (the sim spec' "$tmp/sh.tsv" &&
        ok "a shared hook shorter than the burst list: measured to its largest, the model's issue, within the bound" ||
        not_ok "short shared hook: $v $(grep bound_shared "$tmp/sh.tsv")"
else
    not_ok "short shared hook: $(head -2 "$tmp/sh.err")"
fi

# The fault the GPU kernels had: a burst past the largest timed as the
# largest (clamp=1), T(32) read as T(16).  The figures it gives lie past
# the spec's bound: flagged in the rows, said on stderr, exit 8, the file
# written whole.
"$CHASE" loads --sim "$sh_spec,clamp=1" --level shared -q -o "$tmp/cl.tsv" 2> "$tmp/cl.err"
rc=$?
flagged=$(grep -c '^shared	.*PAST BOUND: one warp' "$tmp/cl.tsv")
[ "$rc" -eq 8 ] && [ "$flagged" -eq 2 ] && grep -q 'PAST A PHYSICAL BOUND: shared b64' "$tmp/cl.err" &&
    grep -q '^# status: complete' "$tmp/cl.tsv" &&
    ok "a clamping shared hook: b64 and b128 flagged past the bound, exit 8, the file complete" ||
    not_ok "clamp: exit $rc, $flagged rows flagged: $(head -2 "$tmp/cl.err")"
"$CHASE" loads --sim "shared:bursts=32/16" --level shared -q -o /dev/null 2> "$tmp/bad.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q 'bursts=32/16 is not B32/B64/B128' "$tmp/bad.err" &&
    ok "bursts= needs three widths (exit 2)" || not_ok "bursts=32/16: exit $rc $(cat "$tmp/bad.err")"

# --bytes without --from: no sweep, one working set.
if "$CHASE" loads -b sim --bytes 64K -q -o "$tmp/b.tsv" 2> "$tmp/err"; then
    truth "$spec" | sed 's/^L2 /bytes /' > "$tmp/truth"
    v=$(check_rows "$tmp/b.tsv" "$spec")
    rows=$(grep -c '^bytes	65536	' "$tmp/b.tsv")
    case $v in ok*) [ "$rows" -eq 4 ] && grep -q '^# levels_from: none' "$tmp/b.tsv" &&
                      ok "--bytes 64K: four rows at 64 KiB, no sweep, the L2's truth" ||
                      not_ok "--bytes: $rows rows of 64 KiB" ;;
               *) not_ok "--bytes 64K: $v" ;; esac
else
    not_ok "--bytes 64K failed: $(head -2 "$tmp/err")"
fi

# --from a sweep file, --level.
"$CHASE" -b sim -q -o "$tmp/sweep.tsv" 2> /dev/null
if "$CHASE" loads -b sim --from "$tmp/sweep.tsv" --level L2 -q -o "$tmp/from.tsv" 2> "$tmp/err"; then
    levels=$(awk -F'\t' '!/^#/ && NF == 20 && $1 != "level" { print $1 }' "$tmp/from.tsv" | sort -u | tr '\n' ' ')
    [ "$levels" = "L2 " ] && grep -q "^# levels_from: $tmp/sweep.tsv" "$tmp/from.tsv" &&
        ok "--from FILE --level L2: the L2's rows alone, the levels from the file" || not_ok "--level L2: levels '$levels'"
else
    not_ok "--from: $(head -2 "$tmp/err")"
fi
# --from a file another backend or device measured: refused (exit 9),
# unless --mixed asks for it; the same for every command that takes --from.
sed 's/^# backend: sim$/# backend: cpu/' "$tmp/sweep.tsv" > "$tmp/cpu-sweep.tsv"
sed 's/^# device: .*/# device: another device/' "$tmp/sweep.tsv" > "$tmp/dev-sweep.tsv"
expect 9 "measured on the cpu backend, this run is on sim.*--mixed" loads -b sim --from "$tmp/cpu-sweep.tsv" -q -o /dev/null
expect 9 "measured on 'another device', this run is on 'simulated hierarchy'" loads -b sim --from "$tmp/dev-sweep.tsv" -q -o /dev/null
expect 9 "measured on the cpu backend" lines -b sim --from "$tmp/cpu-sweep.tsv" -q -o /dev/null
expect 9 "measured on the cpu backend" sms -b sim --from "$tmp/cpu-sweep.tsv" -q -o /dev/null
"$CHASE" loads -b sim --from "$tmp/cpu-sweep.tsv" --mixed --level L2 -q -o "$tmp/mixed.tsv" 2> "$tmp/err" &&
    grep -q '^L2	' "$tmp/mixed.tsv" && ok "--mixed takes another backend's levels" ||
    not_ok "--mixed: $(head -2 "$tmp/err")"
"$CHASE" loads -b sim --level shared -q -o "$tmp/sh.tsv" 2> "$tmp/err"
[ "$(awk -F'\t' '!/^#/ && NF == 20 && $1 != "level"' "$tmp/sh.tsv" | cut -f1 | sort -u)" = shared ] && ! grep -q 'levels_from: a default' "$tmp/sh.tsv" &&
    ok "--level shared: no sweep, the shared rows alone" || not_ok "--level shared: $(head -2 "$tmp/err")"

# Formats.
"$CHASE" loads -b sim --bytes 64K -q -f csv -o "$tmp/l.csv" 2> /dev/null
head -1 "$tmp/l.csv" | grep -q '^level,bytes,width,lanes,lane_stride,block,latency,latency_ns,issue,n,settled,bytes_per_cycle_warp,warps,burst,sm_cycles,bytes_per_cycle_sm,sweep_latency,note,latency_mean,bursts_measured$' &&
    [ "$(wc -l < "$tmp/l.csv")" -eq 5 ] && ok "CSV: the loads table alone, a header and four rows" ||
    not_ok "CSV: $(head -2 "$tmp/l.csv" | tr '\n' '|')"
"$CHASE" loads -b sim --bytes 64K -q -f json -o "$tmp/l.json" 2> /dev/null
if command -v python3 > /dev/null; then
    python3 - "$tmp/l.json" <<'PY' && ok "JSON: kind loads, the tables, numbers as numbers, results, complete" || not_ok "JSON"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["kind"] == "loads" and d["status"] == "complete"
assert len(d["loads"]) == 4 and all(isinstance(r["latency"], (int, float)) for r in d["loads"])
assert len(d["convergence"]) == 4 * 8 and d["results"]["rows"] == 4
assert d["loads"][3]["lanes"] == 1 and d["loads"][3]["warps"] is None
PY
fi

# The plot.
if [ -n "${GNUPLOT_PROG:-}" ]; then
    "$CHASE" loads -b sim -q -o /dev/null --plot "$tmp/l.png" 2> "$tmp/err" &&
        head -c 8 "$tmp/l.png" | od -An -c | grep -q 'P   N   G' && ok "--plot draws a PNG" ||
        not_ok "--plot: $(head -2 "$tmp/err")"
else
    ok "--plot # SKIP gnuplot not found"
fi

# Noise: the analysis still finds the model within the noise.
if "$CHASE" loads --sim 'L1:size=32K,lat=40;L2:size=1M,ways=16,lat=300;mem:lat=700,noise=0.02' -q -o "$tmp/n.tsv" 2> "$tmp/err"; then
    awk -F'\t' '!/^#/ && NF == 20 && $1 != "level" && $1 == "memory" && $4 == 1 { d = $7 / 700 - 1; if (d < 0) d = -d; exit !(d < 0.05) }' "$tmp/n.tsv" &&
        ok "2% noise: one lane's memory latency within 5% of 700" || not_ok "noise: $(awk -F'\t' '$1 == "memory" && $4 == 1' "$tmp/n.tsv")"
else
    not_ok "noise: $(head -2 "$tmp/err")"
fi

# Errors: one line, the documented status.
expect 7 'cpu backend cannot time warp-wide loads: an out-of-order core' loads -b cpu -q -o /dev/null
expect 2 'lane-stride must be a power of two' loads -b sim --lane-stride 12
expect 2 'lane-stride must be a power of two' loads -b sim --lane-stride 1M
expect 2 "no level 'L9' \(the levels: L1, L2, memory, shared\)" loads -b sim --level L9 -q -o /dev/null
expect 2 'bytes and --level both' loads -b sim --bytes 1M --level L1
expect 2 'unexpected argument' loads -b sim extra
expect 5 'cannot read' loads -b sim --from "$tmp/none.tsv"
expect 2 'not available on the sim backend' loads -b sim --cache-op cg
expect 2 'sim: spec: mlp=2.5 is not a whole number' loads --sim 'L1:size=32K,lat=4;mem:lat=100,mlp=2.5'
expect 2 'sim: spec: lanes=48 is not a power of two' loads --sim 'L1:size=32K,lat=4;mem:lat=100,lanes=48'
expect 2 'sim: spec: bpc=0 is not a number' loads --sim 'L1:size=32K,lat=4,bpc=0;mem:lat=100'
"$CHASE" loads -b sim --bytes 100 -q -o "$tmp/small.tsv" 2> "$tmp/err"
st=$?
[ $st -eq 0 ] && [ "$(grep -c 'not measured: .*holds no block' "$tmp/small.tsv")" -eq 3 ] &&
    ok "--bytes 100: the warp rows say they cannot be measured; exit 0" || not_ok "--bytes 100: exit $st, $(cut -f18 "$tmp/small.tsv" | grep . | head -3 | tr '\n' '|')"
# latency_mean: the mean of T(1)'s samples; a model without noise has every
# sample alike, so it is the median too.
check "latency_mean is written, and on a noiseless model equals the median" \
    awk -F'\t' '!/^#/ && NF == 20 && $1 != "level" && $1 != "shared" { n++; if ($19 != $7) bad++ } END { exit !(n > 0 && !bad) }' "$f"
finish
