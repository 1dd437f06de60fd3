# plot.sh: PNGs from a fresh sweep and from saved curves, PDF and SVG, the
# generated script's level marks, series styles, spread band, title and
# label layout (tests/plot_check), and the plot errors' exit statuses.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

# Width and height from a PNG's IHDR chunk, or nothing if it is not a PNG.
png_size() {
    [ "$(od -An -tx1 -N8 "$1" | tr -d ' \n')" = 89504e470d0a1a0a ] || return 1
    od -An -tu1 -j16 -N8 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 "x" $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}
# The layout check: labels on the canvas, none over another or a curve.
layout() {
    "$(dirname "$CHASE")/tests/plot_check" "$1" > "$tmp/layout" 2>&1 || { cat "$tmp/layout"; return 1; }
}
# gnuplot said nothing: a warning means chase wrote something it ignored.
quiet() {
    test ! -s "$1" || { cat "$1"; return 1; }
}
# The plot command's linespoints series: "pt N dt D" each, one a line.
series() {
    grep -o 'with linespoints[^$]* pt [0-9]* dt [^ ]*' "$1" | sed 's/.* pt \([0-9]*\) dt \([^ ]*\)/pt \1 dt \2/'
}
sim='L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200'

[ -n "${GNUPLOT_PROG:-}" ] || skip_all "gnuplot was not found at configure time"
"$CHASE" --sim "$sim" --pattern sequential -q -o "$tmp/s.tsv" --plot "$tmp/s.png" --script "$tmp/s.gp" 2> "$tmp/s.err"
st=$?
check "--plot on a fresh sweep exits 0 (got $st)" test "$st" -eq 0
check "--plot writes a 1400x860 PNG" test "$(png_size "$tmp/s.png")" = 1400x860
check "gnuplot took the sweep's script without a word" quiet "$tmp/s.err"
check "the script marks L1 at its capacity" grep -Eq "label [0-9]+ 'L1 (~ )?32(-[0-9.]+)? KiB, 4 cyc'" "$tmp/s.gp"
check "the script marks L2 at its capacity" grep -Eq "label [0-9]+ 'L2 (~ )?1(-[0-9.]+)? MiB, 14 cyc'" "$tmp/s.gp"
check "the script labels memory" grep -q "label .*'memory, 200 cyc'" "$tmp/s.gp"
check "the script draws the capacities as lines" test "$(grep -c '^set arrow from 32768,' "$tmp/s.gp")" -eq 1
check "the x axis is labelled in IEC units" grep -q '"1 MiB" 1048576' "$tmp/s.gp"
check "the sweep's labels clear each other and the curve" layout "$tmp/s.gp"
check "a single curve's title is its legend" \
    grep -q "label [0-9]* 'simulated hierarchy: sequential, stride 64 B, measured by chase (sim)' at screen" "$tmp/s.gp"
check "and its timer is the line under it" \
    grep -q "label [0-9]* 'simulated cycles; ns at a 1000 MHz clock' at screen" "$tmp/s.gp"

"$CHASE" plot turing mi300x h100 -o "$tmp/compare.png" --script "$tmp/c.gp" 2> "$tmp/c.err"
check "chase plot turing mi300x h100 draws a PNG" test "$(png_size "$tmp/compare.png")" = 1400x860
check "gnuplot took the comparison's script without a word" quiet "$tmp/c.err"
check "the comparison has three curves with legends from their metadata" \
    sh -c "grep -c 'RTX 2080 Ti\\|MI300X\\|H100' '$tmp/c.gp' | awk '{ exit !(\$1 >= 3) }'"
check "each legend says the pattern and the stride" \
    test "$(grep -Ec "'(random|sequential), stride 128 B'" "$tmp/c.gp")" -eq 3
check "each legend says who measured it" \
    sh -c "grep -q \"'measured by chase (cuda)'\" '$tmp/c.gp' && grep -q 'measured by gpu-benches' '$tmp/c.gp'"
series "$tmp/c.gp" > "$tmp/series"
check "the comparison plots three series" test "$(wc -l < "$tmp/series")" -eq 3
check "each curve has a marker of its own" test "$(cut -d' ' -f2 "$tmp/series" | sort -u | wc -l)" -eq 3
check "each curve has a dash of its own" test "$(cut -d' ' -f4 "$tmp/series" | sort -u | wc -l)" -eq 3
check "no two of the comparison's labels overlap, none crosses a curve" layout "$tmp/c.gp"
# Every level of the three is named: on its plateau or in the table.
check "every level of the three curves is in the plot" \
    test "$(grep -Ec "^set label [0-9]+ '([^']*, )?[0-9.]+ cyc'" "$tmp/c.gp")" -ge 12

"$CHASE" plot --ns h100 "$tmp/s.tsv" -o "$tmp/ns.png" --script "$tmp/ns.gp" 2> "$tmp/ns.err"
check "--ns plots nanoseconds" grep -q 'latency (ns)' "$tmp/ns.gp"
check "--ns draws a PNG" test "$(png_size "$tmp/ns.png")" = 1400x860
check "--ns: the labels clear each other and the curves" layout "$tmp/ns.gp"
"$CHASE" plot --ns turing mi300x h100 -o "$tmp/cns.png" --script "$tmp/cns.gp" 2> "$tmp/cns.err"
st=$?
check "--ns compares the reference curves (each has a clock; got $st)" test "$st" -eq 0
check "--ns comparison: the labels clear each other and the curves" layout "$tmp/cns.gp"
check "gnuplot took the --ns scripts without a word" sh -c "cat '$tmp/ns.err' '$tmp/cns.err' | { ! grep .; }"

# --spread: a band from p5 to p95 under each curve that has one, said so under the plot.
"$CHASE" plot --spread h100 mi300x -o "$tmp/sp.png" --script "$tmp/sp.gp" 2> "$tmp/sp.err"
check "--spread draws (got $?)" test "$(png_size "$tmp/sp.png")" = 1400x860
check "--spread draws a band for each curve" test "$(grep -c 'using 1:3:4 with filledcurves' "$tmp/sp.gp")" -eq 2
check "--spread's data carries p5 and p95" \
    awk '/^\$curve0 <</ { on = 1; next } /^EOD/ { on = 0 } on && NF != 4 { exit 1 }' "$tmp/sp.gp"
check "--spread says what the band is" grep -q "5th to 95th percentile" "$tmp/sp.gp"
check "--spread: labels clear the bands, the curves and each other" layout "$tmp/sp.gp"
check "without --spread no band" sh -c "! grep -q filledcurves '$tmp/c.gp'"

# --title: outside text is never evaluated (backquotes, quotes, macros),
# and a line break starts a second line.
title="\`touch $tmp/marker\` it's @title
second line"
"$CHASE" plot h100 --title "$title" -o "$tmp/t.svg" --script "$tmp/t.gp" 2> "$tmp/t.err"
st=$?
check "--title draws (got $st)" test "$st" -eq 0
check "--title: gnuplot ran nothing the title holds" test ! -e "$tmp/marker"
check "--title: gnuplot took the script without a word" quiet "$tmp/t.err"
check "--title sets the title, quotes doubled" \
    grep -q "^set label [0-9]* '\`touch $tmp/marker\` it''s @title' at screen 0.50000" "$tmp/t.gp"
check "--title's second line is a line of its own" grep -q "^set label [0-9]* 'second line' at screen 0.50000" "$tmp/t.gp"
check "--title's text reaches the image intact" grep -Fq "\`touch $tmp/marker\` it" "$tmp/t.svg"
check "--title: the curve's legend moves under the plot" grep -q "'NVIDIA H100 80GB HBM3' at screen" "$tmp/t.gp"
check "--title: the labels clear each other and the curve" layout "$tmp/t.gp"

# PDF and SVG are real files of their kind, and lay out as the PNG does.
"$CHASE" plot turing mi300x h100 h200 --spread -o "$tmp/c.pdf" --script "$tmp/cpdf.gp" 2> "$tmp/pdf.err"
check "a .pdf name draws a PDF" test "$(head -c 5 "$tmp/c.pdf")" = "%PDF-"
check "the PDF's script asks for pdfcairo" grep -q '^set terminal pdfcairo' "$tmp/cpdf.gp"
check "the PDF: four curves' labels clear each other and the curves" layout "$tmp/cpdf.gp"
check "gnuplot took the PDF's script without a word" quiet "$tmp/pdf.err"
"$CHASE" plot turing mi300x h100 -o "$tmp/c.svg" 2> "$tmp/svg.err"
check "an .svg name draws an SVG" sh -c "head -c 400 '$tmp/c.svg' | grep -q '<svg'"
check "gnuplot took the SVG's script without a word" quiet "$tmp/svg.err"
expect 2 "name it .png, .pdf or .svg" plot h100 -o "$tmp/x.jpg"

data "$tmp/s.tsv" | awk '{ print $1, $2 }' > "$tmp/plain.txt"
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
