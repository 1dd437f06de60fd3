# roundtrip.sh: everything chase writes, chase reads back with the same
# levels; every JSON it writes is valid against its schema
# (data/chase-format.schema.json); arguments with line breaks and tabs keep
# the file readable; the files other tools write (lmbench's lat_mem_rd,
# gpu-benches' gpu-latency) read as they are.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

schema=$srcdir/data/chase-format.schema.json
have_python=no
command -v python3 > /dev/null 2>&1 && have_python=yes
valid() {
    if [ $have_python = yes ]; then
        python3 "$srcdir/tests/json-check.py" "$schema" "$@" > "$tmp/why" 2>&1
        st=$?
        [ $st -eq 0 ] || sed 's/^/# /' "$tmp/why" | head -10
        return $st
    fi
    echo "# no python3: the schema is not checked"
}
# The level lines of a file as chase analyze finds them.  A CSV holds the
# points alone, not the driver's caches: for it, the measured columns (name
# to noise_limited) are compared, and the driver's match is not.
levels() {
    case $1 in
    *.csv) "$CHASE" analyze -f tsv "$1" | grep '^# level' | cut -f1-8 ;;
    *) "$CHASE" analyze -f tsv "$1" | grep '^# level' ;;
    esac
}

sim='L1:size=8K,lat=4;L2:size=256K,ways=16,lat=20;mem:lat=200'
"$CHASE" --sim "$sim" --max 2M --steps 4 -q -o "$tmp/s.tsv"
levels "$tmp/s.tsv" > "$tmp/want"
check "the sweep has three levels" test "$(wc -l < "$tmp/want")" -eq 3

# Each format the sweep writes, and each analyze writes back, reads back
# with the same levels (CSV: the points alone, from which they are found).
cut -f1-8 "$tmp/want" > "$tmp/want.csv"
for f in tsv csv json; do
    want=$tmp/want
    [ $f = csv ] && want=$tmp/want.csv
    "$CHASE" --sim "$sim" --max 2M --steps 4 -q -f $f -o "$tmp/s.$f"
    levels "$tmp/s.$f" > "$tmp/got"
    check "the sweep's $f reads back with the same levels" cmp -s "$want" "$tmp/got"
    for g in tsv json; do
        "$CHASE" analyze -f $g "$tmp/s.$f" -o "$tmp/a.$f.$g"
        levels "$tmp/a.$f.$g" | cut -f1-8 > "$tmp/got"
        cut -f1-8 "$want" > "$tmp/want.m"
        check "analyze -f $g of the $f reads back with the same levels" cmp -s "$tmp/want.m" "$tmp/got"
    done
done
check "the sweep's JSON is valid against the schema" valid "$tmp/s.json"
check "analyze's JSON is valid against the schema" valid "$tmp/a.tsv.json" "$tmp/a.json.json"
check "the golden JSON is valid against the schema" valid "$srcdir/tests/golden/sim.json"
# Another kind's tables (arrays of rows of its own) are valid too.
"$CHASE" banks --sim "$sim" -q -f json -o "$tmp/banks.json"
check "chase banks' JSON is valid against the schema" valid "$tmp/banks.json"

# A field of chase's own TSV may hold spaces (a note, a level "L2 near")
# or be empty (no note): it splits at tabs only, so the row keeps its width.
printf '# format: chase 2\n# kind: loads\n# table: loads\n#level\tbytes\tnote\tlatency\nL2 near\t4096\ta note with spaces\t20\nL1\t1024\t\t4\n' > "$tmp/spaces.tsv"
"$CHASE" analyze -f tsv "$tmp/spaces.tsv" -o "$tmp/spaces.out" 2> "$tmp/spaces.err"
check "fields with spaces and empty fields read as one field each ($(head -1 "$tmp/spaces.err"))" \
    test "$(grep -c '^[0-9]' "$tmp/spaces.out")" -eq 2

# Several curves: a JSON array and a TSV of documents, read back whole.
"$CHASE" analyze -f json "$tmp/s.tsv" turing mi300x h100 -o "$tmp/four.json"
"$CHASE" analyze -f tsv "$tmp/s.tsv" turing mi300x h100 -o "$tmp/four.tsv"
check "analyze -f json of four curves is valid against the schema" valid "$tmp/four.json"
for f in json tsv; do
    "$CHASE" analyze -f tsv "$tmp/four.$f" | grep '^# level' > "$tmp/got"
    "$CHASE" analyze -f tsv "$tmp/s.tsv" turing mi300x h100 | grep '^# level' > "$tmp/want4"
    check "analyze reads its own $f of four curves back, each with its levels" cmp -s "$tmp/want4" "$tmp/got"
    n=$("$CHASE" analyze "$tmp/four.$f" | grep -c '^level ')
    check "... as four curves ($n)" test "$n" -eq 4
done

# A line break and a tab in arguments: the command line is recorded on one
# line, and the file reads back.
nl=$(printf 'a\nb\tc')
"$CHASE" --sim "$sim" --max 2M --steps 4 -q --title "$nl" -o "$tmp/nl.tsv" --plot "$tmp/nl.svg"
st=$?
# Exit 6 is gnuplot missing: the data is what is checked here.
check "a sweep with a line break and a tab in --title (exit $st)" sh -c "[ $st -eq 0 ] || [ $st -eq 6 ]"
check "... records the command on one line" test "$(grep -c '^# command: ' "$tmp/nl.tsv")" -eq 1
check "... with the line break and tab written as escapes" grep -q "^# command: .*'a\\\\x0ab\\\\x09c'" "$tmp/nl.tsv"
levels "$tmp/nl.tsv" > "$tmp/got"
check "... and reads back with the same levels" cmp -s "$tmp/want" "$tmp/got"
for f in tsv json; do
    "$CHASE" --sim "$sim" --max 2M --steps 4 -q -f $f -o "$tmp/nl
name.$f"
    levels "$tmp/nl
name.$f" > "$tmp/got"
    check "a file named with a line break ($f) is written and reads back" cmp -s "$tmp/want" "$tmp/got"
done
check "... and its JSON is valid against the schema" valid "$tmp/nl
name.json"
# A spec with a line break is refused on one line.
"$CHASE" --sim "$(printf 'L1:size=4K,lat=4;\nmem:lat=9')" --max 64K > /dev/null 2> "$tmp/err"
st=$?
check "a spec with a line break: exit 2 (got $st) and one line: $(head -1 "$tmp/err")" \
    sh -c "[ $st -eq 2 ] && [ \$(wc -l < '$tmp/err') -eq 1 ] && grep -q 'sim: spec: .*\\\\nmem' '$tmp/err'"

# Metadata from JSON that TSV could not hold as it is: keys that are TSV's
# own words or hold spaces, values with line breaks and terminal escapes.
cat > "$tmp/odd.json" <<'EOF'
{"meta": {"table": "x", "format": "y", "a b": "z", "device": "two\nlines\u001b[2J", "clock_mhz": 1000},
 "points": [{"bytes": 1024, "cycles": 4}, {"bytes": 2048, "cycles": 4}, {"bytes": 4096, "cycles": 4},
            {"bytes": 8192, "cycles": 40}, {"bytes": 16384, "cycles": 40}, {"bytes": 32768, "cycles": 40}]}
EOF
"$CHASE" analyze -f tsv "$tmp/odd.json" -o "$tmp/odd.tsv"
st=$?
check "odd JSON metadata: analyze writes it as TSV (exit $st)" test "$st" -eq 0
n=$(LC_ALL=C tr -d '\t\n' < "$tmp/odd.tsv" | LC_ALL=C tr -cd '\000-\037\177' | wc -c)
check "... the TSV holds no control character but tabs and line breaks ($n)" test "$n" -eq 0
check "... and no key that is TSV's structure" sh -c "! grep -q '^# table: x\\|^# format: y' '$tmp/odd.tsv'"
"$CHASE" analyze -f json "$tmp/odd.tsv" -o "$tmp/odd2.json"
check "... which reads back (rows: $(grep -c '"bytes"' "$tmp/odd2.json"))" test "$(grep -c '"bytes"' "$tmp/odd2.json")" -eq 6
check "... as JSON valid against the schema" valid "$tmp/odd2.json"

# A newer format is refused, not misread.
sed 's/^# format: chase 3$/# format: chase 4/' "$tmp/s.tsv" > "$tmp/v4.tsv"
expect 5 "v4.tsv:1: written by a newer chase" analyze "$tmp/v4.tsv"
sed 's/"version": 3/"version": 4/' "$tmp/s.json" > "$tmp/v4.json"
expect 5 "v4.json: written by a newer chase" analyze "$tmp/v4.json"

# lmbench's lat_mem_rd (stderr, as it prints it): sizes in MiB to 5
# decimals, ns; a curve a stride.  The sample is made to that format for a
# made-up host: 48 KiB L1 at 1.1 ns, 2 MiB L2 at 3.9 ns, memory at 95 ns.
lm=$srcdir/tests/data/lmbench-lat_mem_rd.txt
"$CHASE" analyze -f tsv "$lm" > "$tmp/lm"
st=$?
check "lmbench lat_mem_rd output reads as it is (exit $st)" test "$st" -eq 0
check "... as two curves, one a stride" test "$(grep -c '^# stride: ' "$tmp/lm")" -eq 2
check "... sizes exact (512 B, not 514: MiB to 5 decimals rounded to lmbench's sizes)" \
    test "$(data "$tmp/lm" | head -1 | cut -f1)" = 512
awk '/^# level: L1/ { sub(/.*lo=/, ""); split($0, a, "\t"); print a[1]; exit }' "$tmp/lm" > "$tmp/lo"
check "... L1 found at its 48 KiB ($(cat "$tmp/lo") B)" sh -c "[ $(cat "$tmp/lo") -ge 45056 ] && [ $(cat "$tmp/lo") -le 49152 ]"
check "... latencies in ns (the L2 at 3.9)" \
    awk -F'\t' '/^# level: L2/ { split($5, a, "="); if (a[2] >= 3.8 && a[2] <= 4.0) n++ } END { exit n != 2 }' "$tmp/lm"
check "... three levels a curve" test "$(grep -c '^# level: ' "$tmp/lm")" -eq 6

# gpu-benches' gpu-latency (stdout, as it prints it): a clock line, then
# iterations, MHz, whole KiB, ms, cycles.  The sample is made to that format
# for a made-up GPU at 1410 MHz: 128 KiB L1 at 33 cycles, 16 MiB L2 at 210,
# memory at 480.
gb=$srcdir/tests/data/gpu-latency-sample.txt
"$CHASE" analyze -f tsv "$gb" > "$tmp/gb"
st=$?
check "gpu-benches gpu-latency output reads as it is (exit $st)" test "$st" -eq 0
check "... three levels" test "$(grep -c '^# level: ' "$tmp/gb")" -eq 3
check "... the L1 at 33 cycles and 23.4 ns (its clock, 1410 MHz)" grep -q '^# level: L1	.*cycles=33	ns=23\.4' "$tmp/gb"
check "... the L2's capacity interval holds 16 MiB" \
    awk -F'\t' '/^# level: L2/ { split($2, a, "="); split($3, b, "="); exit !(a[2] <= 16777216 && b[2] >= 16777216) }' "$tmp/gb"
check "... sizes in bytes (1 KiB first)" test "$(data "$tmp/gb" | head -1 | cut -f1)" = 1024
grep -v '^clock:' "$gb" > "$tmp/noclock.txt"
"$CHASE" analyze -f tsv "$tmp/noclock.txt" | grep '^# level' > "$tmp/got"
grep '^# level' "$tmp/gb" > "$tmp/want"
check "... known by its rows' arithmetic without the clock line, the same levels" cmp -s "$tmp/want" "$tmp/got"
finish
