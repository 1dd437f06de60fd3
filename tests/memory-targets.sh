# memory-targets.sh: --memory local|peer:N|host|managed.  The option's
# hostile inputs are usage errors (exit 2); a memory that is not there is
# exit 11 with the reason; the sim's peer: and host: models give known
# truth the sweep, loads and bandwidth recover, with the levels named for
# what they are; the cpu backend takes host as its own memory and refuses
# peer and managed.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

base='L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200'
peer="$base;peer:lat=1700,bw=4"
host="$base;host:lat=2300,bw=2"

# level FILE NAME KEY: a key of a level's line in a sweep file.
level() {
    awk -v L="$2" -v K="$3" -F'\t' '/^# level: / { n = $1; sub(/^# level: /, "", n)
        if (n == L) for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] == K) print kv[2] } }' "$1"
}
# names FILE: the levels' names, one line, comma-separated.
names() {
    awk -F'\t' '/^# level: / { n = $1; sub(/^# level: /, "", n); s = s (s ? "," : "") n } END { print s }' "$1"
}
# within A B TOL: |A - B| <= TOL.
within() {
    awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; exit !(a != "" && d <= t && -d <= t) }'
}

# --- the option: hostile input is a usage error, before any device
expect 2 "peer needs the device that holds the memory" --sim "$peer" --memory peer
expect 2 "peer needs the device that holds the memory" --sim "$peer" --memory peer:
expect 2 "'peer:x': N is not a whole number from 0 to 1023" --sim "$peer" --memory peer:x
expect 2 "'peer:-1': N is not a whole number" --sim "$peer" --memory peer:-1
expect 2 "'peer:\+1': N is not a whole number" --sim "$peer" --memory peer:+1
expect 2 "'peer:1 ': N is not a whole number" --sim "$peer" --memory 'peer:1 '
expect 2 "'peer:1024': N is not a whole number" --sim "$peer" --memory peer:1024
expect 2 "N is not a whole number from 0 to 1023" --sim "$peer" --memory peer:18446744073709551617
expect 2 "unknown memory 'remote' \(local, peer:N, host, managed\)" --sim "$peer" --memory remote
expect 2 "unknown memory 'Peer:1'" --sim "$peer" --memory Peer:1
expect 2 "--memory host takes no ':'" --sim "$host" --memory host:0
expect 2 "peer:0 names the measuring device itself \(-d 0\)" --sim "$peer" --memory peer:0
expect 2 "peer:3 names the measuring device itself \(-d 3\)" --sim "$peer" --memory peer:3 -d 3
expect 2 "peer:3 names the measuring device itself \(-d 3\)" --sim "$peer" -d 3 --memory peer:3
expect 2 "chase banks does not take --memory" banks --sim "$peer" --memory host
expect 2 "chase tlb does not take --memory" tlb --sim "$peer" --memory host
expect 2 "chase report does not take --memory" report --sim "$peer" --memory host -o "$tmp/r"

# --- a memory that is not there: exit 11, saying which and why
expect 11 "peer:1: the target memory is not available: sim has no device 1 \(1 device\)" \
    --sim "$peer" --memory peer:1
# (exported, not set before expect: a shell may keep an assignment made
# before a function's call)
export CHASE_SIM_DEVICES=2
expect 11 "sim has no device 2 \(2 devices\)" --sim "$peer" --memory peer:2
expect 11 "the spec models no peer memory" --sim "$base" --memory peer:1
expect 11 "the spec models no host memory" --sim "$peer" --memory host
expect 11 "the simulator models no managed memory" --sim "$peer" --memory managed
expect 11 "models no peer memory" loads --sim "$base" --memory peer:1
expect 11 "models no host memory" bandwidth --sim "$base" --memory host
export CHASE_SIM_DEVICES=x2
expect 3 "CHASE_SIM_DEVICES='x2' is not a whole number from 1 to 64" --sim "$peer"
export CHASE_SIM_DEVICES=65
expect 3 "CHASE_SIM_DEVICES='65'" --sim "$peer"
unset CHASE_SIM_DEVICES
expect 2 "spec: peer needs lat=" --sim "$base;peer:bw=4" --memory local
expect 2 "spec: more than one peer section" --sim "$peer;peer:lat=5"
expect 2 "spec: peer: cached=3 is more levels than the spec has \(2\)" --sim "$base;peer:lat=9,cached=3"
expect 2 "unknown key 'size' in section 'peer'" --sim "$base;peer:lat=9,size=1M"

# --- the sim's truth: a peer's L2 at 1700, its memory 186 more (mem less
# the L2), the reader's L1 keeping the peer's lines
export CHASE_SIM_DEVICES=2
"$CHASE" --sim "$peer" --memory peer:1 --max 64M -q -o "$tmp/peer.tsv" 2> "$tmp/err"
check "a peer sweep runs (exit $?): $(head -1 "$tmp/err")" test -s "$tmp/peer.tsv"
check "its levels are named for what they are: $(names "$tmp/peer.tsv")" \
    test "$(names "$tmp/peer.tsv")" = "L1 (reader),peer L2,peer memory"
check "the reader's L1: 4 cycles, 32 KiB" \
    sh -c '[ "$1" = 4 ] && [ "$2" -ge 30000 ] && [ "$2" -le 32768 ]' sh "$(level "$tmp/peer.tsv" "L1 (reader)" cycles)" \
    "$(level "$tmp/peer.tsv" "L1 (reader)" lo)"
check "the peer's L2: the peer latency, 1700 cycles ($(level "$tmp/peer.tsv" "peer L2" cycles))" \
    within "$(level "$tmp/peer.tsv" "peer L2" cycles)" 1700 1
check "the peer's memory: 1700 + 186 ($(level "$tmp/peer.tsv" "peer memory" cycles))" \
    within "$(level "$tmp/peer.tsv" "peer memory" cycles)" 1886 2
check "the metadata names the target and how it was placed" \
    sh -c 'grep -q "^# memory_target: peer:1$" "$1" && grep -q "^# memory_alloc: peer:1: simulated device 1" "$1" &&
           grep -q "^# memory_reader_caches: 1$" "$1"' sh "$tmp/peer.tsv"
check "analyze names the saved file's levels alike" \
    sh -c '"$1" analyze "$2" -f tsv -o "$3" 2>/dev/null && grep -q "^# level: peer memory" "$3"' sh "$CHASE" \
    "$tmp/peer.tsv" "$tmp/an.tsv"

# A reader that keeps no peer line (cached=0): the peer's L2 comes first.
"$CHASE" --sim "$base;peer:lat=900,cached=0" --memory peer:1 --max 16M -q -o "$tmp/p0.tsv" 2> "$tmp/err"
check "cached=0: $(names "$tmp/p0.tsv"), none the reader's" test "$(names "$tmp/p0.tsv")" = "peer L2,peer memory"
check "... the peer's L2 first, at 900 cycles ($(level "$tmp/p0.tsv" "peer L2" cycles))" \
    within "$(level "$tmp/p0.tsv" "peer L2" cycles)" 900 1

# Host memory: the reader's L1, then the host's 2300 cycles flat.
"$CHASE" --sim "$host" --memory host -q -o "$tmp/host.tsv" 2> "$tmp/err"
check "a host sweep: $(names "$tmp/host.tsv")" test "$(names "$tmp/host.tsv")" = "L1 (reader),host memory"
check "host memory at 2300 cycles ($(level "$tmp/host.tsv" "host memory" cycles))" \
    within "$(level "$tmp/host.tsv" "host memory" cycles)" 2300 1

# The same memory without --memory: the device's own names and latencies.
"$CHASE" --sim "$peer" --max 64M -q -o "$tmp/local.tsv" 2> "$tmp/err"
check "local: $(names "$tmp/local.tsv")" test "$(names "$tmp/local.tsv")" = "L1,L2,memory"
check "... and no memory_ line in its metadata" sh -c '! grep -q "^# memory_" "$1"' sh "$tmp/local.tsv"

# loads: the levels its default sweep finds in the peer's memory.
"$CHASE" loads --sim "$peer" --memory peer:1 -q -o "$tmp/loads.tsv" 2> "$tmp/err"
check "loads on a peer (exit $?): $(head -1 "$tmp/err")" test -s "$tmp/loads.tsv"
check "loads: one lane at the peer's L2 costs 1700 cycles" \
    awk -F'\t' '/^# table:/ { on = $0 == "# table: loads" } on && !/^#/ && $1 == "peer L2" && $4 == 1 {
                found = 1; if ($7 < 1699 || $7 > 1701) bad = 1 } END { exit bad || !found }' "$tmp/loads.tsv"
expect 9 "was measured in local memory, this run reads peer:1 memory" loads --sim "$peer" --memory peer:1 \
    --from "$tmp/local.tsv" -o "$tmp/l2.tsv"
"$CHASE" loads --sim "$peer" --memory peer:1 --from "$tmp/peer.tsv" --level "peer memory" -q -o "$tmp/l3.tsv" 2> "$tmp/err"
check "loads --from a peer sweep, --level 'peer memory' (exit $?): $(head -1 "$tmp/err")" \
    awk -F'\t' '/^# table:/ { on = $0 == "# table: loads" } on && !/^#/ && NF && $1 != "level" { n++; if ($1 != "peer memory") bad = 1 }
                END { exit bad || !n }' "$tmp/l3.tsv"

# bandwidth: the link's 4 B/clk (the spec's bw=) at 1000 MHz is 4 GB/s.
"$CHASE" bandwidth --sim "$peer" --memory peer:1 --op read -q -o "$tmp/bw.tsv" 2> "$tmp/err"
check "bandwidth on a peer (exit $?): $(head -1 "$tmp/err")" test -s "$tmp/bw.tsv"
gbs=$(awk -F'\t' '/^# table: levels/ { on = 1; next } on && !/^#/ && $1 == "peer memory" { print $14; exit }' "$tmp/bw.tsv")
check "bandwidth: the peer's memory through the link, 4 GB/s ($gbs)" within "$gbs" 4 0.2
# The device's memory peak (memclk=, bus=: 16 GB/s) is its own memory's,
# not the peer's: its rows have none.
withpeak="${base%%mem:*}mem:lat=200,memclk=1000,bus=64;peer:lat=1700,bw=4"
"$CHASE" bandwidth --sim "$withpeak" --op read -q -o "$tmp/bwl.tsv" 2> /dev/null
"$CHASE" bandwidth --sim "$withpeak" --memory peer:1 --op read -q -o "$tmp/bwp.tsv" 2> "$tmp/err"
peak() {
    awk -F'\t' -v L="$2" '/^# table:/ { on = $0 == "# table: levels" } on && !/^#/ && $1 == L { print $17; exit }' "$1"
}
check "bandwidth: its own memory's peak, 16 GB/s ($(peak "$tmp/bwl.tsv" memory))" test "$(peak "$tmp/bwl.tsv" memory)" = 16
check "bandwidth: no memory peak for the peer's memory ($(peak "$tmp/bwp.tsv" "peer memory"))" \
    test "$(peak "$tmp/bwp.tsv" "peer memory")" = nan
# The link's peak (peak=, as a driver's NVLink or PCIe words give it) is
# the peer memory's bound: 8 GB/s, read at half; at 3 GB/s the 4 GB/s
# read is a defect, said and counted.
"$CHASE" bandwidth --sim "${withpeak},peak=8" --memory peer:1 --op read -q -o "$tmp/bwk.tsv" 2> "$tmp/err"
col() {
    awk -F'\t' -v L="$2" -v c="$3" '/^# table:/ { on = $0 == "# table: levels" } on && !/^#/ && $1 == "level" {
        for (i = 1; i <= NF; i++) k[$i] = i; next } on && !/^#/ && $1 == L { print $k[c]; exit }' "$1"
}
check "bandwidth: the peer's memory against the link's 8 GB/s ($(col "$tmp/bwk.tsv" "peer memory" peak), from $(col "$tmp/bwk.tsv" "peer memory" peak_from))" \
    test "$(col "$tmp/bwk.tsv" "peer memory" peak) $(col "$tmp/bwk.tsv" "peer memory" peak_from)" = "8 link"
check "... read at half of it ($(col "$tmp/bwk.tsv" "peer memory" fraction)), no defect" \
    sh -c 'awk -v f="$1" "BEGIN { exit !(f > 0.45 && f < 0.55) }" && grep -q "^# over_peak: 0$" "$2"' sh \
    "$(col "$tmp/bwk.tsv" "peer memory" fraction)" "$tmp/bwk.tsv"
check "... the metadata names the link's bound" grep -q "^# peak: memory (peer:1's, read through a link): the link's" "$tmp/bwk.tsv"
"$CHASE" bandwidth --sim "${withpeak},peak=3" --memory peer:1 --op read -q -o "$tmp/bwd.tsv" 2> "$tmp/err"
check "bandwidth: 4 GB/s through a link of 3 is a defect: counted, said on stderr" \
    sh -c 'grep -q "^# over_peak: 1$" "$1" && grep -q "defect" "$2"' sh "$tmp/bwd.tsv" "$tmp/err"
# A copy's reads and writes cross the link in opposite ways: its bound is
# twice the link's each way (6 GB/s), and its 4 GB/s no defect.
"$CHASE" bandwidth --sim "${withpeak},peak=3" --memory peer:1 --op copy -q -o "$tmp/bwc.tsv" 2> "$tmp/err"
check "bandwidth: a copy through a link of 3 GB/s each way against 6 ($(col "$tmp/bwc.tsv" "peer memory" peak)), no defect" \
    sh -c 'test "$1" = 6 && grep -q "^# over_peak: 0$" "$2"' sh "$(col "$tmp/bwc.tsv" "peer memory" peak)" "$tmp/bwc.tsv"
unset CHASE_SIM_DEVICES

# --- the cpu backend: host is its own memory; peer and managed it has not
"$CHASE" -b cpu --memory host --max 256K -s 2 -q -o "$tmp/cpu.tsv" 2> "$tmp/err"
check "cpu --memory host measures its own memory (exit $?): $(head -1 "$tmp/err")" \
    sh -c 'grep -q "^# memory_target: host$" "$1" && grep -q "^# memory_alloc: host: .*measured as local" "$1" &&
           ! grep -q "(reader)\|^# level: host" "$1"' sh "$tmp/cpu.tsv"
expect 11 "cpu: the target memory is not available: --memory managed: the cpu backend reads only its own memory" \
    -b cpu --memory managed --max 64K
expect 11 "peer:1: the target memory is not available: cpu has no device 1" -b cpu --memory peer:1 --max 64K

finish
