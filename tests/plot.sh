# plot.sh: PNGs from a fresh sweep and from saved curves, the generated
# script's level marks, and the plot errors' exit statuses.
. "$srcdir/tests/common.sh"

# Width and height from a PNG's IHDR chunk, or nothing if it is not a PNG.
png_size() {
    [ "$(od -An -tx1 -N8 "$1" | tr -d ' \n')" = 89504e470d0a1a0a ] || return 1
    od -An -tu1 -j16 -N8 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 "x" $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}
sim='L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200'

[ -n "${GNUPLOT_PROG:-}" ] || skip_all "gnuplot was not found at configure time"
"$CHASE" --sim "$sim" --pattern sequential -q -o "$tmp/s.tsv" --plot "$tmp/s.png" --script "$tmp/s.gp"
st=$?
check "--plot on a fresh sweep exits 0 (got $st)" test "$st" -eq 0
check "--plot writes a 1400x860 PNG" test "$(png_size "$tmp/s.png")" = 1400x860
check "the script marks L1 at its capacity" grep -q "label .*'L1 ~ 32 KiB, 4 cyc'" "$tmp/s.gp"
check "the script marks L2 at its capacity" grep -q "label .*'L2 ~ 1 MiB, 14 cyc'" "$tmp/s.gp"
check "the script labels memory" grep -q "label .*'memory, 200 cyc'" "$tmp/s.gp"
check "the script draws the capacities as lines" test "$(grep -c '^set arrow from 32768,' "$tmp/s.gp")" -eq 1
check "the x axis is labelled in IEC units" grep -q '"1 MiB" 1048576' "$tmp/s.gp"

"$CHASE" plot turing mi300x h100 -o "$tmp/compare.png" --script "$tmp/c.gp"
check "chase plot turing mi300x h100 draws a PNG" test "$(png_size "$tmp/compare.png")" = 1400x860
check "the comparison has three curves with legends from their metadata" \
    sh -c "grep -c 'RTX 2080 Ti\\|MI300X\\|H100' '$tmp/c.gp' | awk '{ exit !(\$1 >= 3) }'"
"$CHASE" plot --ns h100 "$tmp/s.tsv" -o "$tmp/ns.png" --script "$tmp/ns.gp"
check "--ns plots nanoseconds" grep -q 'latency (ns)' "$tmp/ns.gp"
check "--ns draws a PNG" test "$(png_size "$tmp/ns.png")" = 1400x860
awk '!/^#/ { print $1, $2 }' "$tmp/s.tsv" > "$tmp/plain.txt"
expect 5 "has no ns column" plot --ns "$tmp/plain.txt" -o "$tmp/x.png"
expect 5 "cannot read 'missing.tsv'" plot missing.tsv -o "$tmp/x.png"
printf 'bytes latency\n1024 x\n' > "$tmp/bad.txt"
expect 5 "bad.txt:2" plot "$tmp/bad.txt" -o "$tmp/x.png"

# No gnuplot: a clear error that says what to install, and the data is kept.
mkdir "$tmp/empty"
PATH="$tmp/empty" GNUPLOT= "$CHASE" --sim "$sim" -q -o "$tmp/nogp.tsv" --plot "$tmp/nogp.png" 2> "$tmp/err"
st=$?
check "no gnuplot: exit 6 (got $st)" test "$st" -eq 6
check "no gnuplot: the message says what to install" grep -q 'gnuplot not found.*apt-get install gnuplot-nox' "$tmp/err"
check "no gnuplot: the data was still written" grep -q '^# status: complete' "$tmp/nogp.tsv"
finish
