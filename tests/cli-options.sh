# cli-options.sh: --help, --version, --list-backends, and the sweep's basic contract.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

"$CHASE" --help > "$tmp/help" 2>&1
check "--help exits 0 with usage on stdout" grep -q '^Usage: chase' "$tmp/help"
for opt in --backend --device --min --max --steps --stride --pattern --repeat --format --output --alloc \
    --quiet --verbose --list-backends --sim --cache-op --carveout --sm --seed --script --plot --ns --no-warm \
    --help --version; do
    check "--help documents $opt" grep -q -- "$opt" "$tmp/help"
done
# Each command's help lists what it takes, and only that.
"$CHASE" banks --help > "$tmp/bh" 2>&1
check "banks --help exits 0 with banks' usage" grep -q '^Usage: chase banks' "$tmp/bh"
check "banks --help lists --lanes" grep -q -- '--lanes' "$tmp/bh"
check "banks --help does not list --max (banks does not take it)" sh -c "! grep -q -- '--max' '$tmp/bh'"
"$CHASE" help banks > "$tmp/hb" 2>&1
check "chase help banks is chase banks --help" cmp -s "$tmp/bh" "$tmp/hb"
for cmd in sms lines tlb loads analyze plot report; do
    "$CHASE" help $cmd > "$tmp/h.$cmd" 2>&1
    check "chase help $cmd names its usage" grep -q "^Usage: chase $cmd" "$tmp/h.$cmd"
done
check "--help lists every command" sh -c "for c in sms lines tlb loads banks analyze plot report; do grep -q \"chase \$c \" '$tmp/help' || exit 1; done"
check "--version prints the version" sh -c '"$CHASE" --version | grep -Eq "^chase [0-9]+\.[0-9]+"'

"$CHASE" --list-backends > "$tmp/list"
check "--list-backends lists cpu as available" grep -Eq '^cpu +available +1' "$tmp/list"
check "--list-backends lists sim as available" grep -Eq '^sim +available' "$tmp/list"
check "--list-backends lists cuda, available or with a reason" grep -Eq '^cuda +(available|unavailable +- +.{10,})' "$tmp/list"
check "--list-backends lists hip, available or with a reason" grep -Eq '^hip +(available|unavailable +- +.{10,})' "$tmp/list"

# A sweep with data on stdout: metadata, then one row per planned point.
"$CHASE" --sim 'L1:size=4K,lat=4;mem:lat=100' --max 64K --steps 4 -q > "$tmp/out.tsv" 2> "$tmp/err"
check "a quiet sweep writes nothing on stderr" test ! -s "$tmp/err"
for key in tool command date backend device pattern stride repeats timer; do
    check "metadata has '$key'" grep -q "^# $key: " "$tmp/out.tsv"
done
data "$tmp/out.tsv" > "$tmp/out.rows"
rows=$(wc -l < "$tmp/out.rows")
# Data on stdout come in order of size once the refinement is done: the
# coarse grid's sizes (1 KiB to 64 KiB) and the refinement's points, all
# at the one bend (4 KiB .. 8 KiB), which a coarse grid of 25 leaves apart.
check "1 KiB to 64 KiB at 4 points an octave, refined at the bend, in order of size ($rows rows)" \
    awk -F'\t' '!/^#/ && NF == 7 { n++; if (n > 1 && $1 <= last) bad = 1; last = $1; if (n == 1 && $1 != 1024) bad = 1
                                    if ($1 > 4096 && $1 < 8192) mid++ }
                 END { exit bad || n < 30 || last != 65536 || mid < 4 }' "$tmp/out.rows"
check "rows are bytes, cycles, p5, p95, ns, samples, mhz" \
    awk -F'\t' '!/^#/ && NF != 7 { bad = 1 } END { exit bad }' "$tmp/out.rows"
check "the sim's latencies are its spec's (4 in L1, 100 beyond)" \
    awk -F'\t' '!/^#/ { if ($1 <= 4096 && $2 != 4) bad = 1; if ($1 >= 8192 && $2 != 100) bad = 1 } END { exit bad }' "$tmp/out.rows"
check "the sweep ends with its status" grep -q '^# status: complete' "$tmp/out.tsv"

# Not quiet: the level report goes to stderr, the data stays clean.
"$CHASE" --sim 'L1:size=4K,lat=4;mem:lat=100' --max 64K --steps 4 > "$tmp/out2.tsv" 2> "$tmp/err2"
check "the report goes to stderr" grep -q '^L1 ' "$tmp/err2"
check "stdout holds only data" sh -c "! grep -q '^L1 ' '$tmp/out2.tsv'"

# --pattern and --stride reach the metadata.
"$CHASE" --sim 'L1:size=4K,lat=4;mem:lat=100' --max 16K --pattern sequential --stride 128 -q > "$tmp/seq.tsv"
check "--pattern sequential is recorded" grep -q '^# pattern: sequential' "$tmp/seq.tsv"
check "--stride 128 is recorded" grep -qx "# stride: 128" "$tmp/seq.tsv"
check "rows are multiples of the stride" awk '!/^#/ && $1 % 128 { bad = 1 } END { exit bad }' "$tmp/seq.tsv"
# A local chain: recorded as such, and on the simulator (no TLB, no
# prefetcher) it reads what a random one does: the L1 at 4 and memory at
# 100 cycles, the L1 found at 4 KiB.
"$CHASE" --sim 'L1:size=4K,lat=4;mem:lat=100' --max 1M --pattern local -q > "$tmp/local.tsv"
check "--pattern local is recorded" grep -q '^# pattern: local: random within 64 KiB windows' "$tmp/local.tsv"
check "a local chain finds the L1 at 4 KiB, 4 cycles" \
    awk -F '\t' '/^# level: L1\t/ { for (k = 2; k <= NF; k++) { split($k, kv, "="); v[kv[1]] = kv[2] }
                   ok = v["lo"] <= 4096 && v["hi"] >= 4096 && v["cycles"] > 3.9 && v["cycles"] < 4.1 }
                   END { exit !ok }' "$tmp/local.tsv"
check "a local chain's 1 MiB costs memory's 100 cycles" awk '!/^#/ && $1 == 1048576 { ok = $2 > 99 && $2 < 101 } END { exit !ok }' "$tmp/local.tsv"

# -o writes the file and nothing to stdout.
"$CHASE" --sim 'L1:size=4K,lat=4;mem:lat=100' --max 16K -q -o "$tmp/o.tsv" > "$tmp/stdout"
check "-o FILE writes the file" grep -q '^# status: complete' "$tmp/o.tsv"
check "-o FILE leaves stdout empty" test ! -s "$tmp/stdout"
finish
