# schema.sh: the JSON of every kind chase writes (each measurement on the
# simulator, the quick ones on the CPU, a report's report.json, chase
# analyze's) is valid against data/chase-format.schema.json, which names
# every table's columns and every meta and results key of every kind; and
# the check can fail: a row with a column the schema does not name, text
# where a number is required, a kind's table missing, an unknown key, a
# schema keyword the checker does not know are each refused.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

command -v python3 > /dev/null 2>&1 || skip_all "no python3 to run tests/json-check.py"
schema=$srcdir/data/chase-format.schema.json
jc=$srcdir/tests/json-check.py
# Each file is checked once, all together (the checker, and the jsonschema
# module where installed, take a second or two to start): check_all FILE...
# writes what the checker says of each to $tmp/why.
check_all() {
    python3 "$jc" "$schema" "$@" > "$tmp/why" 2>&1
}
# valid FILE: check_all found nothing wrong with FILE.
valid() {
    if grep -qF -- "$1" "$tmp/why"; then
        grep -F -- "$1" "$tmp/why" | cut -c1-300 | head -4 | sed 's/^/# /'
        return 1
    fi
}
# invalid FILE WHY-REGEX: check_all refused FILE, saying why.
invalid() {
    grep -F -- "$1" "$tmp/why" | grep -Eq -- "$2" && return 0
    echo "# $1: $(grep -F -- "$1" "$tmp/why" | head -2 | cut -c1-300)"
    return 1
}

sim='L1:size=4K,ways=4,lat=4;L2:size=64K,ways=8,lat=20,policy=fifo;mem:lat=150'
sms="$sim;sms:count=8,far=4,extra=20"
tlb='L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200'
printf '%s\n' 0 1 2 3 4 5 6 7 6 5 4 3 2 1 0 9 8 7 6 5 4 3 2 1 0 1 2 3 4 5 6 7 > "$tmp/lanes.txt"

# name|arguments (word-split; the specs hold no blanks)
runs() {
    echo "sweep|--sim $sim --max 512K --steps 4"
    echo "sms|sms --sim $sms"
    echo "lines|lines --sim $sim --from $tmp/sim-sweep.json"
    echo "assoc|assoc --sim $sim --from $tmp/sim-sweep.json"
    echo "tlb|tlb --sim $tlb --stride 4K --max 64M --steps 4"
    echo "loads|loads --sim $sim --from $tmp/sim-sweep.json"
    echo "loads-bytes|loads -b sim --bytes 64K"
    echo "banks|banks -b sim"
    echo "banks-lanes|banks -b sim --lanes $tmp/lanes.txt --width 64"
    echo "banks-cdna3|banks --sim shared:preset=cdna3"
    echo "banks-stores|banks -b sim --op write"
    echo "bandwidth|bandwidth --sim $sms --op read,copy --placement partitioned"
    echo "async|async --sim $sms --from $tmp/sim-sweep.json"
}
runs | while IFS='|' read -r name args; do
    # shellcheck disable=SC2086
    "$CHASE" $args -q -f json -o "$tmp/sim-$name.json" < /dev/null 2> "$tmp/err"
    st=$?
    check "sim $name: exit $st$(head -1 "$tmp/err" | sed 's/^/: /')" test $st -eq 0
done > "$tmp/tap"
cat "$tmp/tap"
checks=$((checks + $(grep -c '^ok\|^not ok' "$tmp/tap")))
failed=$((failed + $(grep -c '^not ok' "$tmp/tap")))

# The CPU's kinds that run in a moment: its own metadata (sysfs, cpuid,
# the counter) is what the simulator's runs do not have.  A kind the CPU
# cannot measure exits 7 and writes nothing to check.
"$CHASE" -b cpu --max 256K --steps 2 -q -f json -o "$tmp/cpu-sweep.json" < /dev/null 2> "$tmp/err"
st=$?
check "cpu sweep: exit $st$(head -1 "$tmp/err" | sed 's/^/: /')" test $st -eq 0
for k in lines assoc; do
    "$CHASE" $k -b cpu --from "$tmp/cpu-sweep.json" --level L1 -q -f json -o "$tmp/cpu-$k.json" < /dev/null 2> "$tmp/err"
    st=$?
    # A loaded machine's sweep may name no L1 to measure: nothing to check.
    [ $st -eq 0 ] || ok "# SKIP cpu $k: exit $st: $(head -1 "$tmp/err")"
done
"$CHASE" tlb -b cpu --alloc base --max 4M --steps 2 -q -f json -o "$tmp/cpu-tlb.json" < /dev/null 2> "$tmp/err"
st=$?
check "cpu tlb: exit $st$(head -1 "$tmp/err" | sed 's/^/: /')" test $st -eq 0
"$CHASE" bandwidth -b cpu --max 1M --steps 2 -q -f json -o "$tmp/cpu-bw.json" < /dev/null 2> "$tmp/err"
st=$?
check "cpu bandwidth: exit $st$(head -1 "$tmp/err" | sed 's/^/: /')" test $st -eq 0

# chase analyze: kind sweep, status analyzed, of its own files and others'.
"$CHASE" analyze -f json "$tmp/sim-sweep.json" "$tmp/cpu-sweep.json" "$srcdir/tests/data/h100-chase-1.tsv" \
    "$srcdir/tests/data/lmbench-lat_mem_rd.txt" \
    "$srcdir/tests/data/gpu-latency-sample.txt" -o "$tmp/analyzed.json"
check "analyze -f json writes analyzed sweeps" grep -q '"status": "analyzed"' "$tmp/analyzed.json"

# The committed reports: format 3 (an H100's: the cuda backend's keys and
# every part's columns, the report's parts nested) and format 2 (still
# read, checked as loosely as before).
h100=$srcdir/data/h100-report/report.json
h200=$srcdir/data/h200-report/report.json
node=$srcdir/data/h100-node/node.json
nodedev=$srcdir/data/h100-node/device0/report.json
check_all "$tmp"/sim-*.json "$tmp"/cpu-*.json "$tmp/analyzed.json" "$h100" "$h200" "$node" "$nodedev"
st=$?
check "the checker passes them all (exit $st)" test $st -eq 0
for f in "$tmp"/sim-*.json "$tmp"/cpu-*.json "$tmp/analyzed.json" "$h100" "$h200" "$node" "$nodedev"; do
    check "$(basename "$f"): valid against the schema" valid "$f"
done

# The check can fail.  edit FILE OUT PYTHON: OUT is FILE as the Python
# statement (on d, the document) leaves it.
edit() {
    python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
$3
json.dump(d, open(sys.argv[2], 'w'))" "$1" "$2"
}
edit "$tmp/sim-banks.json" "$tmp/bad1.json" 'd["conflicts"][0]["extra"] = 1'
edit "$tmp/sim-sweep.json" "$tmp/bad2.json" 'd["levels"][0]["name"] = 4'
edit "$tmp/sim-loads.json" "$tmp/bad3.json" 'd["loads"][0]["latency"] = "30 cycles"'
edit "$tmp/sim-tlb.json" "$tmp/bad4.json" 'del d["tlb"]'
edit "$tmp/sim-lines.json" "$tmp/bad5.json" 'd["meta"]["sweep_stride"] = "64 B"'
edit "$tmp/sim-assoc.json" "$tmp/bad6.json" 'd["results"]["L1.unheard_of"] = 1'
edit "$h100" "$tmp/bad7.json" 'd["banks"]["hypothesis"][0]["banks"] = "32"'
edit "$tmp/sim-sweep.json" "$tmp/bad8.json" 'd["kind"] = "sweeps"'
check_all "$tmp"/bad*.json
st=$?
check "the checker refuses them (exit $st)" test $st -eq 1
check "a row with a column the schema does not name is invalid" invalid "$tmp/bad1.json" "'extra' is not a key"
check "a number where a level's name (text) is required is invalid" invalid "$tmp/bad2.json" "4 is not string"
check "text where a number is required is invalid" invalid "$tmp/bad3.json" "'30 cycles' is not number"
check "a complete tlb without its tlb table is invalid" invalid "$tmp/bad4.json" "'tlb' is missing"
check "a meta key of the wrong type is invalid" invalid "$tmp/bad5.json" "'64 B' is not integer"
check "a results key the schema does not name is invalid" invalid "$tmp/bad6.json" "'L1.unheard_of' is not a key"
check "a report part's cell of the wrong type is invalid" invalid "$tmp/bad7.json" "'32' is not integer"
check "an unknown kind is invalid" invalid "$tmp/bad8.json" "'sweeps' is not one of"
# A schema keyword the checker does not know is the checker's error, so
# the schema cannot ask for what is not checked.
python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
s["$defs"]["row.banks.groups"]["uniqueItems"] = True
json.dump(s, open(sys.argv[2], "w"))' "$schema" "$tmp/schema-bad.json"
python3 "$jc" "$tmp/schema-bad.json" "$tmp/sim-banks.json" > "$tmp/why" 2>&1
st=$?
check "a schema keyword the checker does not handle is an error ($(tail -1 "$tmp/why" | cut -c1-120))" \
    sh -c "[ $st -ne 0 ] && grep -q 'not handled here' '$tmp/why'"
finish
