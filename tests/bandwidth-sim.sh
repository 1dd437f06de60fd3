# bandwidth-sim.sh: chase bandwidth against simulated devices whose truth is
# the spec (sim_bandwidth.c's model): each level's figure for read, write
# and copy, the levels found on the curve (far apart, close together,
# noisy), the levels named by the caches, replicated reading the whole set
# a block and partitioned a slice, the curve's extent, the launch-shape
# search finding a shape the default cannot match,
# the peaks (the driver's memory figure, the architecture's L1 and shared
# figure, a figure above its peak reported as a defect), a clock that drops,
# many multiprocessors, and the usage errors.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

# run NAME ARGS...: chase bandwidth ARGS to $tmp/NAME.tsv, stderr to $tmp/NAME.err.
run() {
    name=$1
    shift
    "$CHASE" bandwidth -b sim -q -o "$tmp/$name.tsv" "$@" 2> "$tmp/$name.err" < /dev/null
    echo $? > "$tmp/$name.rc"
}

# level NAME LEVEL OP COL: a column of the levels table's row.
level() {
    awk -F'\t' -v L="$2" -v op="$3" -v col="$4" '
        /^# table: levels/ { t = 1; getline; for (i = 1; i <= NF; i++) c[$i] = i; next }
        t && /^#/ { t = 0 }
        t && $1 == L && $2 == op { print $(c[col]); exit }' "$tmp/$1.tsv"
}

# near GOT WANT REL: |got - want| <= rel x want.
near() {
    awk -v g="$1" -v w="$2" -v r="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g != "" && d <= r * w) }'
}

# The levels of the run's own placement (a GPU's default run adds
# partitioned read rows beside the replicated ones: left out here).
levels_of() {
    awk -F'\t' -v op="$2" '/^# placement: replicated/ { rep = 1 }
        /^# table: levels/ { t = 1; getline; next } t && /^#/ { t = 0; next }
        t && $2 == op && $4 == "global" && !(rep && $3 == "partitioned") { printf "%s%s", s, $1; s = "," }' "$tmp/$1.tsv"
}

# The default spec: L1 64, L2 32, memory 16 bytes a cycle, a 1000 MHz clock, one SM.
run def
check "default: exit 0" test "$(cat "$tmp/def.rc")" -eq 0
for op in read write copy; do
    got=$(levels_of def $op)
    check "default, $op: the levels L1, L2 and memory are found on the curve (got $got)" test "$got" = "L1,L2,memory"
    for pair in L1:64 L2:32 memory:16; do
        L=${pair%:*} want=${pair#*:}
        g=$(level def "$L" $op gbs)
        check "default, $op $L: $g GB/s is the spec's $want (1000 MHz x $want B/clk)" near "$g" "$want" 0.01
    done
done
check "default: the memory figure is a streamed array of at least 4 x the L2 (1 MiB)" \
    test "$(level def memory read bytes)" -ge 4194304
check "default: shared memory's row reads the spec's default 128 B/clk" near "$(level def shared read bytes_per_clock_sm)" 128 0.01
check "default: no peak is invented where the driver gives none" test "$(level def memory read peak)" = nan

# Writes slower than reads, copy in between (bytes read + written over both times).
run wr --sim 'L1:size=32K,lat=4,bw=64,wbw=32;L2:size=1M,ways=16,lat=14,bw=32,wbw=16;mem:lat=200,bw=16,wbw=8'
check "write below read: L1 write $(level wr L1 write gbs) GB/s is the spec's 32" near "$(level wr L1 write gbs)" 32 0.01
check "copy: L1 copy $(level wr L1 copy gbs) GB/s is 2 / (1/64 + 1/32) = 42.67" near "$(level wr L1 copy gbs)" 42.6667 0.01
check "copy: memory copy $(level wr memory copy gbs) GB/s is 2 / (1/16 + 1/8) = 10.67" near "$(level wr memory copy gbs)" 10.6667 0.01

# Close plateaus with noise: L1 64, L2 54 (a 16% step), 2% noise.
close='L1:size=32K,lat=4,bw=64;L2:size=1M,ways=16,lat=14,bw=54;mem:lat=200,bw=16,noise=0.02'
run close --sim "$close" --op read --steps 16
got=$(levels_of close read)
check "close plateaus, noisy: three levels (got $got)" test "$got" = "L1,L2,memory"
check "close plateaus: L1 $(level close L1 read gbs) within 4% of 64" near "$(level close L1 read gbs)" 64 0.04
check "close plateaus: L2 $(level close L2 read gbs) within 4% of 54" near "$(level close L2 read gbs)" 54 0.04

# A far memory (latency 4000): the default shape (1 x 256 threads of 16 B
# = 4 KiB in flight) gets 1 B/clk; 8 x 256 gets the spec's 8.
run far --sim 'L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=4000,bw=8' --op read
g=$(level far memory read gbs) shape="$(level far memory read blocks_per_sm)x$(level far memory read threads)"
check "shape search: memory $g GB/s is the spec's 8, at $shape (the default reaches 1)" near "$g" 8 0.01
check "shape search: the best shape is not the default 1x256" test "$shape" != 1x256
check "shape search: seven shapes tried" test "$(level far memory read shapes)" -eq 7

# Peaks: memory 1000 MHz x 2 x 128 bit = 32 GB/s against the spec's 16;
# L1 and shared against the architecture's 128 B/clk.
run peak --sim 'L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200,memclk=1000,bus=128,l1peak=128' --op read
check "peak: memory's is the driver's 32 GB/s" near "$(level peak memory read peak)" 32 0.0001
check "peak: memory at half of it" near "$(level peak memory read fraction)" 0.5 0.001
check "peak: L1's is the architecture's 128 B/clk/SM, fraction 0.5" near "$(level peak L1 read fraction)" 0.5 0.001
check "peak: shared's fraction 1 (the spec's 128)" near "$(level peak shared read fraction)" 1 0.001
check "peak: L2 has none" test "$(level peak L2 read peak)" = nan
check "peak: nothing over its peak, over_peak 0" grep -q '^# over_peak: 0$' "$tmp/peak.tsv"

# A figure above its peak is a defect: said on stderr, in the row, counted.
run over --sim 'L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200,bw=20,memclk=1000,bus=64' --op read
check "over peak: exit 0 (the data stands), over_peak 1 in the results" grep -q '^# over_peak: 1$' "$tmp/over.tsv"
check "over peak: the row says defect" sh -c "awk -F'\t' '\$1 == \"memory\" && /defect: 20 GB\/s is above the driver/' '$tmp/over.tsv' | grep -q ."
check "over peak: stderr says defect" grep -q 'bandwidth: read memory: defect' "$tmp/over.err"

# A clock that drops from 3 MiB up: those points flagged, kept off the levels.
run drop --sim 'L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200,throttle=3M' --op read
n=$(awk -F'\t' '$1 == "read" && $3 >= 3145728 && $13 == 1 && $12 == 750' "$tmp/drop.tsv" | wc -l)
m=$(awk -F'\t' '$1 == "read" && $3 >= 3145728' "$tmp/drop.tsv" | wc -l)
check "clock drop: every point from 3 MiB flagged at 750 MHz ($n of $m)" test "$n" -eq "$m" -a "$m" -gt 0
check "clock drop: the results count them" grep -q "^# clock_dropped: $m\$" "$tmp/drop.tsv"
check "clock drop: L2's figure stands ($(level drop L2 read gbs))" near "$(level drop L2 read gbs)" 32 0.01

# Many multiprocessors: GB/s is the device's, B/clk a multiprocessor's.
run sms --sim 'L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200;sms:count=8,far=0' --op read --placement partitioned
check "8 SMs, partitioned: memory 8 x 16 = 128 GB/s ($(level sms memory read gbs))" near "$(level sms memory read gbs)" 128 0.01
check "8 SMs: B/clk/SM stays 16" near "$(level sms memory read bytes_per_clock_sm)" 16 0.01

# Replicated: every block reads the whole set, so the L1's plateau ends at
# the L1's size (32 KiB), not at the L1 x the multiprocessors.
# Partitioned, on a GPU (the sim has shared memory): each block reads a
# window of twice the L1 (64 KiB) from its slice on, so no slice is read
# from the L1 (a slice a multiprocessor under the L1 would be all L1
# hits): no L1 level, the L2's plateau from the smallest set, and its
# GB/s counts every window's bytes (8 x 32, as replicated).
sms8='L1:size=32K,lat=4;L2:size=4M,ways=16,lat=14;mem:lat=200;sms:count=8,far=0'
run rep8 --sim "$sms8" --op read --placement replicated
run part8 --sim "$sms8" --op read --placement partitioned
l=$(level rep8 L1 read last)
check "8 SMs, replicated: the L1's plateau ends at the L1's 32 KiB (last $l), below 1.5 x 32 KiB" \
    test "${l:-0}" -ge 16384 -a "${l:-0}" -le 49152
check "8 SMs, partitioned: no L1 level (windows of twice the L1)" \
    test "$(awk -F'\t' '$1 == "L1"' "$tmp/part8.tsv" | wc -l)" -eq 0
check "8 SMs, partitioned: the window is said in the metadata" grep -q '^# placement: partitioned: .*window of twice the L1' "$tmp/part8.tsv"
l=$(level part8 L2 read last)
check "8 SMs, partitioned: the L2's plateau ends near the L2's 4 MiB (last $l)" \
    test "${l:-0}" -ge 2097152 -a "${l:-0}" -le 6291456
check "8 SMs, partitioned: L2 $(level part8 L2 read gbs) GB/s is 8 x 32 (every window's bytes counted)" \
    near "$(level part8 L2 read gbs)" 256 0.01
check "8 SMs, replicated: L2 $(level rep8 L2 read gbs) GB/s is 8 x 32" near "$(level rep8 L2 read gbs)" 256 0.01
check "levels are named by the caches: no TLB on a bandwidth curve" \
    sh -c "! grep -q TLB '$tmp/rep8.tsv' '$tmp/part8.tsv' '$tmp/def.tsv'"
# A default run on a GPU (the sim has shared memory): a partitioned read
# curve beside the replicated one, its own rows (the caches past the L1,
# read only), its own points; --placement replicated asked for has none.
run side --sim "$sms8"
check "default: a partitioned read row at the L2 beside the replicated ones" \
    test "$(awk -F'\t' '$1 == "L2" && $2 == "read" && $3 == "partitioned"' "$tmp/side.tsv" | wc -l)" -eq 1
check "default: no partitioned row at the L1 or for write and copy" \
    test "$(awk -F'\t' '$3 == "partitioned" && ($1 == "L1" || $2 != "read")' "$tmp/side.tsv" | wc -l)" -eq 0
check "default: partitioned L2 read $(awk -F'\t' '$1 == "L2" && $3 == "partitioned" { print $14 }' "$tmp/side.tsv") GB/s is 8 x 32" \
    near "$(awk -F'\t' '$1 == "L2" && $3 == "partitioned" { print $14 }' "$tmp/side.tsv")" 256 0.01
check "default: the partitioned points start at one window (64 KiB)" \
    test "$(awk -F'\t' '$1 == "read" && $2 == "partitioned" { print $3; exit }' "$tmp/side.tsv")" -eq 65536
check "default: the curve's metadata says so" grep -q '^# curve: .*reads partitioned too' "$tmp/side.tsv"
run rep8only --sim "$sms8" --placement replicated
check "--placement replicated: no partitioned point" \
    test "$(awk -F'\t' '$2 == "partitioned" || $3 == "partitioned"' "$tmp/rep8only.tsv" | wc -l)" -eq 0
# Partitioned over many multiprocessors: the curve starts where each has a
# slice (a kilobyte cut 132 ways would leave them none), and runs.
run part132 --sim 'L1:size=32K,lat=4;L2:size=8M,ways=16,lat=14;mem:lat=200;sms:count=132,far=0' --placement partitioned
check "132 SMs, partitioned: exit 0 ($(head -c 200 "$tmp/part132.err"))" test "$(cat "$tmp/part132.rc")" -eq 0
check "132 SMs, partitioned: read, write and copy rows at the L2, none at the L1" \
    test "$(awk -F'\t' '$1 == "L2" && $3 == "partitioned"' "$tmp/part132.tsv" | wc -l)" -eq 3 -a \
    "$(awk -F'\t' '$1 == "L1"' "$tmp/part132.tsv" | wc -l)" -eq 0
# Replicated and partitioned curves end at 2 x the last cache; past it
# only a few streamed points (memory's), so a large --max stays quick.
run big --sim "$sms8" --op read --max 1G
check "a 1 GiB run: exit 0" test "$(cat "$tmp/big.rc")" -eq 0
n=$(awk -F'\t' '$1 == "read" && $2 == "replicated" && $3 > 8388608' "$tmp/big.tsv" | wc -l)
check "replicated points end at 2 x the 4 MiB L2 ($n past it)" test "$n" -eq 0
n=$(awk -F'\t' '$1 == "read" && $2 == "stream"' "$tmp/big.tsv" | wc -l)
check "streamed points from 4 x the L2 to 1 GiB: a handful ($n)" test "$n" -ge 2 -a "$n" -le 5

# --from a sweep that split the L2 into near and far (the H100's, read
# with --mixed): a read row for each part in each placement, the figure
# in the part's middle.  The spec puts an L2 of 25 MiB at 60 B/clk and a
# level behind it to 50 MiB at 40, as the sweep's parts lie: the near
# part's figure is the L2's; the far part's (37 MiB: a third past the L2)
# below it and above the level behind's.
h100like='L1:size=256K,ways=4,line=128,lat=32,bw=120;L2:size=25M,ways=25,line=128,lat=282,bw=60;L3:size=50M,ways=25,line=128,lat=528,bw=40;mem:lat=687,bw=12'
run parts --sim "$h100like" --op read --from "$srcdir/data/h100-report/sweep.tsv" --mixed
check "--from a sweep with L2 near and far: exit 0 ($(cat "$tmp/parts.rc"): $(head -1 "$tmp/parts.err"))" \
    test "$(cat "$tmp/parts.rc")" -eq 0
for P in replicated partitioned; do
    n=$(awk -F'\t' -v P=$P '($1 == "L2 near" || $1 == "L2 far") && $2 == "read" && $3 == P' "$tmp/parts.tsv" | wc -l)
    check "--from: an L2 near and an L2 far read row, $P ($n)" test "$n" -eq 2
done
g=$(awk -F'\t' '/^# table: levels/ { t = 1; getline; next } t && $1 == "L2 near" && $3 == "replicated" { print $14; exit }' "$tmp/parts.tsv")
check "--from: L2 near reads the spec's L2, 60 GB/s (got $g)" near "$g" 60 0.02
f=$(awk -F'\t' '/^# table: levels/ { t = 1; getline; next } t && $1 == "L2 far" && $3 == "replicated" { print $14; exit }' "$tmp/parts.tsv")
check "--from: L2 far between the level behind's 40 and the L2's 60 ($f)" \
    awk -v f="$f" 'BEGIN { exit !(f > 40 * 1.02 && f < 60 * 0.98) }'
check "--from: each part's row says where its figure was taken" \
    sh -c "grep -c \"the sweep's L2 far (--from's levels), 25.2 MiB .. 49.9 MiB\" '$tmp/parts.tsv' | grep -qx 2"
check "--from: the file is named in the metadata" grep -q "^# levels_from: .*h100-report/sweep.tsv: " "$tmp/parts.tsv"
# A sweep of one L2 (no parts): no part rows; no --from: none either.  Two
# steps an octave find the spec's levels as eight do, in half the time.
"$CHASE" -b sim --sim "$h100like" --max 128M --steps 2 -q -o "$tmp/simsweep.tsv" 2> /dev/null
run noparts --sim "$h100like" --op read --from "$tmp/simsweep.tsv"
check "--from a sweep with no parts: exit 0, no near or far row" \
    sh -c "[ \$(cat '$tmp/noparts.rc') -eq 0 ] && ! grep -qE '^L[0-9] (near|far)' '$tmp/noparts.tsv'"
check "without --from: no near or far row" sh -c "! grep -qE '^L[0-9] (near|far)' '$tmp/def.tsv'"
run nofile --op read --from "$tmp/no-such.tsv"
check "--from a file that is not there: exit 5 ($(head -1 "$tmp/nofile.err"))" test "$(cat "$tmp/nofile.rc")" -eq 5

# chase plot of bandwidth files: every file's curves on one canvas, an
# operation and placement a file, named by device and file; a latency
# file among them is refused.
mkdir -p "$tmp/a'b" "$tmp/two"
cp "$tmp/def.tsv" "$tmp/a'b/bandwidth.tsv"
cp "$tmp/parts.tsv" "$tmp/two/bandwidth.tsv"
if [ -n "${GNUPLOT_PROG:-}" ] && command -v "$GNUPLOT_PROG" > /dev/null 2>&1; then
    "$CHASE" plot "$tmp/a'b/bandwidth.tsv" "$tmp/two/bandwidth.tsv" -o "$tmp/ov.png" --script "$tmp/ov.gp" 2> "$tmp/ov.err"
    st=$?
    check "plot of two bandwidth files: exit 0 ($st: $(head -1 "$tmp/ov.err")), a PNG" \
        sh -c "[ $st -eq 0 ] && od -An -tx1 -N4 '$tmp/ov.png' | grep -q '89 50 4e 47'"
    want=$(($(awk -F'\t' '/^# table: points/ { t = 1; getline; next } /^# table:/ { t = 0 } t && !/^#/ && $1 != "" { print $1, $2 }' \
        "$tmp/def.tsv" | sort -u | wc -l) + $(awk -F'\t' '/^# table: points/ { t = 1; getline; next } /^# table:/ { t = 0 }
        t && !/^#/ && $1 != "" { print $1, $2 }' "$tmp/parts.tsv" | sort -u | wc -l)))
    got=$(grep -c '^EOD$' "$tmp/ov.gp")
    check "... a curve an operation and placement a file ($got, the files hold $want)" test "$got" -eq "$want"
    check "... each named by its file and folder, the quote a gnuplot string's (doubled)" \
        sh -c "grep -q \"(a''b/bandwidth.tsv): read, replicated'\" '$tmp/ov.gp' && grep -q 'two/bandwidth.tsv): read, partitioned' '$tmp/ov.gp'"
fi
"$CHASE" plot "$tmp/two/bandwidth.tsv" --ns -o "$tmp/ns.png" 2> "$tmp/ns.err"
st=$?
check "plot of a bandwidth file with --ns: refused, exit 2 ($st: $(head -1 "$tmp/ns.err"))" \
    sh -c "[ $st -eq 2 ] && [ ! -e '$tmp/ns.png' ]"
"$CHASE" -b sim --max 64K -q -o "$tmp/lat.tsv" 2> /dev/null
"$CHASE" plot "$tmp/two/bandwidth.tsv" "$tmp/lat.tsv" -o "$tmp/mix.png" 2> "$tmp/mix.err"
st=$?
check "plot of a bandwidth and a latency file: refused, exit 2 ($st: $(head -1 "$tmp/mix.err"))" \
    sh -c "[ $st -eq 2 ] && grep -q 'plot them apart' '$tmp/mix.err' && [ ! -e '$tmp/mix.png' ]"

# The formats: JSON carries both tables.
"$CHASE" bandwidth -b sim --op read -f json -q > "$tmp/j.json" 2> /dev/null
check "json: the points and levels tables" sh -c "grep -q '\"points\"' '$tmp/j.json' && grep -q '\"levels\"' '$tmp/j.json'"

expect 2 "--op" bandwidth -b sim --op fetch
expect 2 "--op" bandwidth -b sim --op read,read
expect 2 "placement" bandwidth -b sim --placement everywhere
expect 2 "--width" bandwidth -b sim --width 12
expect 2 "stride" bandwidth -b sim --stride 64
expect 2 "lanes" bandwidth -b sim --lanes /dev/null
expect 2 "--min" bandwidth -b sim --min 1M --max 64K
expect 2 "every multiprocessor" bandwidth -b sim --sm 0
expect 2 "carveout" bandwidth -b sim --carveout 50
# --width BITS: a thread's access (it was refused as a --lanes option).
"$CHASE" bandwidth -b sim --width 64 --op read --placement stream --min 1M --max 1M -q -o "$tmp/w64.tsv"
st=$?
check "bandwidth --width 64: exit 0 (got $st), 8-byte accesses" sh -c '[ "$1" -eq 0 ] && grep -q "^# width: 8$" "$2"' sh "$st" "$tmp/w64.tsv"
finish
