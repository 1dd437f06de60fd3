# node.sh: chase report --devices on three simulated devices (known truth:
# the spec's peer: and host: costs).  One report a device, concurrently;
# the topology of every ordered pair and the host, each latency the
# spec's (near: the peer's last cache holds the set; far: its memory
# adds what the spec's memory costs past that level), each bandwidth
# within the link the spec gives; node.json valid against the schema;
# node.md's matrix; fleet.md's devices side by side; bad --devices, and
# --devices beside -d or --compare, refused before anything is measured.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

spec='L1:size=8K,lat=4;L2:size=256K,ways=16,lat=20;mem:lat=200;peer:lat=1700,bw=8,peak=10;host:lat=2300'
export CHASE_SIM_DEVICES=3
"$CHASE" report -b sim --sim "$spec" --devices all -o "$tmp/node" 2> "$tmp/err"
st=$?
check "report --devices all on three devices: exit 0 (got $st: $(tail -1 "$tmp/err"))" test "$st" -eq 0
for d in 0 1 2; do
    check "device $d: a whole report of its own (device$d/report.json, complete)" \
        grep -q '"status": "complete"' "$tmp/node/device$d/report.json"
done
j=$tmp/node/node.json
if command -v jq > /dev/null 2>&1; then
    check "node.json: three devices, each its own UUID" \
        test "$(jq -r '.devices[].uuid' "$j" | sort -u | grep -c '^SIM-')" -eq 3
    check "node.json: nine ordered pairs (two peers and the host for each device)" \
        test "$(jq '.topology | length' "$j")" -eq 9
    check "every peer's near latency is the spec's 1700 cycles" \
        test "$(jq '[.topology[] | select(.target != "host") | .near_cycles] | unique' -c "$j")" = '[1700]'
    check "every peer's far latency is 1700 + (200 - 20) = 1880 cycles" \
        test "$(jq '[.topology[] | select(.target != "host") | .far_cycles] | unique' -c "$j")" = '[1880]'
    check "the host's is the spec's 2300 near and far" \
        test "$(jq '[.topology[] | select(.target == "host") | .near_cycles, .far_cycles] | unique' -c "$j")" = '[2300]'
    check "every read bandwidth measured, and within the link (8 B a cycle at 1000 MHz: 8 GB/s)" \
        jq -e '[.topology[] | select(.target != "host") | .read_gbs] | all(. > 0 and . <= 8)' "$j"
    check "each pair's link as the backend words it" \
        jq -e '[.topology[] | .link | test("simulated: ")] | all' "$j"
    check "each peer's link bound as the driver would give it (the spec's peak=10), the host's none" \
        test "$(jq -c '[.topology[] | "\(.target | test("peer")) \(.link_peak_gbs)"] | unique' "$j")" = '["false null","true 10"]'
    check "node.md gives each peer's read as a share of its link's bound" \
        grep -q "GB/s ([0-9]*% of the link's 10)" "$tmp/node/node.md"
    check "no pair measured twice, none skipped: from x target distinct" \
        test "$(jq -r '.topology[] | "\(.from) \(.target)"' "$j" | sort -u | wc -l)" -eq 9
    check "the times: the reports, the latencies, the bandwidths" \
        jq -e '.results | (.reports_s > 0) and (.topology_latency_s > 0) and (.topology_bandwidth_s >= 0)' "$j"
fi
if python3 -c 'import json' 2> /dev/null; then
    check "node.json is valid against the schema" \
        python3 "$srcdir/tests/json-check.py" "$srcdir/data/chase-format.schema.json" "$j"
fi
check "node.md: the topology matrix, a row a reader, a column a memory" \
    grep -q '^| device 1 | 1700 / 1880 cyc (1700 / 1880 ns)<br>[0-9.]* GB/s ([0-9]*% of the link.s 10)<br>simulated: 8 B a cycle .* | (own: its report) | 1700 / 1880 cyc .* | 2300 / 2300 cyc' "$tmp/node/node.md"
check "node.md says what ran at once" grep -q "the devices' reports at once" "$tmp/node/node.md"
check "fleet.md: the three devices' figures side by side" \
    grep -q '^| sweep memory cycles | 200 | 200 | 200 |$' "$tmp/node/fleet.md"
check "the files: a sweep and a bandwidth a pair, named without a colon" \
    sh -c 'ls "$1"/topology/latency-0-peer1.tsv "$1"/topology/bandwidth-2-host.tsv > /dev/null' sh "$tmp/node"

# A list: devices 0 and 2 only, reports again into the same directory.
"$CHASE" report -b sim --sim "$spec" --devices 2,0 -q -o "$tmp/two" 2> "$tmp/err"
st=$?
check "--devices 2,0: exit 0 (got $st)" test "$st" -eq 0
check "... two reports, four pairs" sh -c 'ls -d "$1"/device0 "$1"/device2 > /dev/null && ! test -e "$1/device1" &&
    test "$(grep -c "^# topology:" "$1/node.md")" -eq 0' sh "$tmp/two"
if command -v jq > /dev/null 2>&1; then
    check "... four pairs: 2 and 0 each reading the other and the host" \
        test "$(jq -r '.topology[] | "\(.from) \(.target)"' "$tmp/two/node.json" | sort | tr '\n' ,)" = '0 host,0 peer:2,2 host,2 peer:0,'
fi

expect 2 "names device 1 twice" report -b sim --devices 1,1 -o "$tmp/bad"
expect 2 "device indices below 3" report -b sim --devices 3 -o "$tmp/bad"
expect 2 "device indices below 3" report -b sim --devices 0,x -o "$tmp/bad"
expect 2 "names no device" report -b sim --devices '' -o "$tmp/bad"
expect 2 "give one of them" report -b sim --devices all -d 1 -o "$tmp/bad"
expect 2 "give one" report --compare --devices all "$tmp/node/device0" "$tmp/node/device1" -o "$tmp/bad"
check "nothing was made for a refused command" test ! -e "$tmp/bad"
mkdir -p "$tmp/mine"
echo keep > "$tmp/mine/notes.txt"
expect 2 "holds 'notes.txt', which no node report writes" report -b sim --devices all -o "$tmp/mine"
check "... and the user's file is still there" grep -q keep "$tmp/mine/notes.txt"

# A launcher's task, as srun and mpirun set its environment (no daemon
# needed): its local rank's device, a directory named by host and UUID.
SLURM_PROCID=5 SLURM_NTASKS=6 SLURM_LOCALID=1 SLURMD_NODENAME='n/7 x' \
    "$CHASE" report -b sim --sim "$spec" -q -o "$tmp/task" 2> "$tmp/err"
st=$?
d=$(ls "$tmp/task" 2> /dev/null)
check "a Slurm task (rank 5, local rank 1): exit 0 (got $st), into HOST-UUID of device 1 ($d)" \
    sh -c '[ "$1" -eq 0 ] && [ -f "$2/n_7_x-SIM-"*"-0001/report.json" ]' sh "$st" "$tmp/task"
check "... its place in report.json" sh -c 'grep -q "\"launcher\": \"slurm\"" "$1"/*/report.json &&
    grep -q "\"rank\": 5," "$1"/*/report.json && grep -q "\"local_rank\": 1," "$1"/*/report.json' sh "$tmp/task"
OMPI_COMM_WORLD_RANK=0 OMPI_COMM_WORLD_SIZE=2 OMPI_COMM_WORLD_LOCAL_RANK=0 \
    "$CHASE" report -b sim --sim "$spec" -d 2 -q -o "$tmp/ompi" 2> "$tmp/err"
check "an Open MPI task given -d 2: device 2's directory" sh -c 'ls "$1"/*-SIM-*-0002/report.json > /dev/null' sh "$tmp/ompi"
SLURM_PROCID=x expect 2 "SLURM_PROCID='x' is not a whole number" report -b sim -o "$tmp/bad"
SLURM_PROCID=3 SLURM_LOCALID=3 expect 3 "shows 3 devices: give each task a device of its own" report -b sim -o "$tmp/bad"
CHASE_LAUNCHER=maybe expect 2 "CHASE_LAUNCHER='maybe': give auto or none" report -b sim -o "$tmp/bad"
# The lock: a directory whose report.lock another process holds is
# refused (exit 5), nothing written there; once free, the report runs.
if command -v flock > /dev/null 2>&1; then
    mkdir -p "$tmp/locked"
    flock "$tmp/locked/report.lock" sleep 30 &
    holder=$!
    i=0
    while ! [ -e "$tmp/locked/report.lock" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    sleep 0.2
    CHASE_LAUNCHER=none expect 5 "another chase report is writing" report -b sim --sim "$spec" -o "$tmp/locked"
    check "... and wrote nothing there" test "$(ls "$tmp/locked")" = report.lock
    kill "$holder" 2> /dev/null
    wait "$holder" 2> /dev/null
fi
unset SLURM_PROCID SLURM_LOCALID CHASE_LAUNCHER     # (assignments before a function may persist)
SLURM_PROCID=1 CHASE_LAUNCHER=none "$CHASE" report -b sim --sim "$spec" -q -o "$tmp/plain" 2> /dev/null
check "CHASE_LAUNCHER=none: the report goes to -o itself" test -f "$tmp/plain/report.json"
check "no report.lock is left behind" sh -c '! ls "$1"/report.lock "$2"/*/report.lock 2> /dev/null' sh "$tmp/plain" "$tmp/task"

finish
