# plot-safety.sh: no name or text chase hands gnuplot is read as anything
# but itself (issue 27).  Image names that begin with '|' or '~' (the
# measurement's --plot, chase plot -o, chase report -o and --compare -o,
# and the script kept with --script), a style directory named '<cmd'
# (CHASE_DATA_DIR); text that begins with a quote or holds two in a row,
# a macro after a quote, bytes that are not UTF-8; a name with a tab,
# refused before anything is measured; and an image gnuplot cut off (a
# fake gnuplot, and a full tmpfs where the test may mount one), which
# must leave the older image in place and exit 6.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

[ -n "${GNUPLOT_PROG:-}" ] || skip_all "gnuplot was not found at configure time"
sim='L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200'
data=$(cd "$top_srcdir/data" && pwd)
tab=$(printf '\t')

is_png() {
    [ "$(od -An -tx1 -N8 "$1" | tr -d ' \n')" = 89504e470d0a1a0a ]
}
# nothing DIR: the directory holds no file (no temporary or stray image).
nothing() {
    [ -z "$(ls -A "$1")" ] || { ls -A "$1" | sed 's/^/# left: /'; return 1; }
}
# only DIR NAME...: the directory holds these files and no other.
only() {
    d=$1
    shift
    [ "$(ls -A "$d" | sort)" = "$(printf '%s\n' "$@" | sort)" ] || { ls -A "$d" | sed 's/^/# has: /'; return 1; }
}

# ---- 1. a name beginning with '|' runs nothing ----
# Each runs in a directory of its own, where the name's command would
# leave its marker.
mkdir "$tmp/pipe" "$tmp/pipe/|touch m1;cat>" "$tmp/pipe/|touch m2;cat>"
(cd "$tmp/pipe" && "$CHASE" plot h100 -o '|touch m1;cat>/x.png' --script k1.gp 2> err1)
st=$?
check "plot -o '|cmd': exit 0 (got $st)" test "$st" -eq 0
check "plot -o '|cmd': the command did not run" test ! -e "$tmp/pipe/m1"
check "plot -o '|cmd': the image is the file of that name" is_png "$tmp/pipe/|touch m1;cat>/x.png"
check "plot -o '|cmd': nothing else in its directory" only "$tmp/pipe/|touch m1;cat>" x.png
check "the kept script names the image from ./" grep -q "^set output './|touch m1;cat>/x.png'$" "$tmp/pipe/k1.gp"
rm "$tmp/pipe/|touch m1;cat>/x.png"
(cd "$tmp/pipe" && gnuplot k1.gp 2> /dev/null)
check "gnuplot on the kept script runs nothing either" test ! -e "$tmp/pipe/m1"
check "... and draws the image of that name" is_png "$tmp/pipe/|touch m1;cat>/x.png"

(cd "$tmp/pipe" && "$CHASE" --sim "$sim" -q -o s.tsv --plot '|touch m2;cat>/s.png' 2> err2)
st=$?
check "--plot '|cmd': exit 0 (got $st)" test "$st" -eq 0
check "--plot '|cmd': the command did not run" test ! -e "$tmp/pipe/m2"
check "--plot '|cmd': the image is the file of that name" is_png "$tmp/pipe/|touch m2;cat>/s.png"

(cd "$tmp/pipe" && "$CHASE" report -b sim -q -o '|touch m3;cat>' 2> err3)
st=$?
check "report -o '|cmd': exit 0 (got $st)" test "$st" -eq 0
check "report -o '|cmd': the command did not run" test ! -e "$tmp/pipe/m3"
check "report -o '|cmd': the sweep's image is in the directory" is_png "$tmp/pipe/|touch m3;cat>/sweep.png"
check "report -o '|cmd': no temporary image is left" \
    sh -c "! ls -A '$tmp/pipe/|touch m3;cat>' | grep -q '^\\.'"

# The two reports' report.json and sweep.tsv (all --compare reads) go with the tarball.
(cd "$tmp/pipe" && "$CHASE" report --compare "$data/h100-report" "$data/h200-report" -q -o '|touch m4;cat>' 2> err4)
st=$?
check "report --compare -o '|cmd': exit 0 (got $st)" test "$st" -eq 0
check "report --compare -o '|cmd': the command did not run" test ! -e "$tmp/pipe/m4"
check "report --compare -o '|cmd': the plot is in the directory" is_png "$tmp/pipe/|touch m4;cat>/compare-cycles.png"

(cd "$tmp/pipe" && "$CHASE" plot h100 -o s5.png --script '|touch m5' 2> err5)
st=$?
check "--script '|cmd': exit 0 (got $st)" test "$st" -eq 0
check "--script '|cmd': the command did not run" test ! -e "$tmp/pipe/m5"
check "--script '|cmd': the script is the file of that name" grep -q "^set output 's5.png'$" "$tmp/pipe/|touch m5"

# '~/x.png' is the directory '~' here, not the home directory.
mkdir "$tmp/tilde" "$tmp/tilde/~" "$tmp/home"
(cd "$tmp/tilde" && HOME=$tmp/home "$CHASE" plot h100 -o '~/x.png' --script k.gp 2> err)
st=$?
check "plot -o '~/x.png': exit 0 (got $st)" test "$st" -eq 0
check "plot -o '~/x.png': the image is in ./~" is_png "$tmp/tilde/~/x.png"
check "plot -o '~/x.png': nothing was written in the home directory" nothing "$tmp/home"
rm "$tmp/tilde/~/x.png"
(cd "$tmp/tilde" && HOME=$tmp/home gnuplot k.gp 2> /dev/null)
check "gnuplot on its kept script draws ./~/x.png too" is_png "$tmp/tilde/~/x.png"
check "... and nothing in the home directory" nothing "$tmp/home"

# The style's directory is named by CHASE_DATA_DIR: one named '<cmd' (a
# command to gnuplot's load) is loaded as the file it is.
mkdir -p "$tmp/style/<touch m6;cat "
cp "$top_srcdir/plots/chase.gp" "$tmp/style/<touch m6;cat /"
(cd "$tmp/style" && CHASE_DATA_DIR="<touch m6;cat :$CHASE_DATA_DIR" "$CHASE" plot h100 -o s.png --script s.gp 2> err)
st=$?
check "a style directory named '<cmd': exit 0 (got $st)" test "$st" -eq 0
check "a style directory named '<cmd': the command did not run" test ! -e "$tmp/style/m6"
check "... the script loads the style by its absolute path" \
    grep -q "^load '$tmp/style/<touch m6;cat /chase.gp'$" "$tmp/style/s.gp"
check "... and the image is drawn" is_png "$tmp/style/s.png"

# ---- 9. text beginning with a quote, quotes in a row, a macro after one ----
title="'quoted' ''twice'' @title' and a''b '"
"$CHASE" plot h100 --title "$title" -o "$tmp/q.svg" --script "$tmp/q.gp" 2> "$tmp/q.err"
st=$?
check "--title beginning with a quote draws (exit $st)" test "$st" -eq 0
check "... gnuplot said nothing" test ! -s "$tmp/q.err"
check "... the title reaches the image as it is" grep -Fq ">$title<" "$tmp/q.svg"
sed "s/^# device: .*/# device: 'Q'' device/" "$data/h100.tsv" > "$tmp/dev.tsv"
"$CHASE" plot "$tmp/dev.tsv" -o "$tmp/dev.svg" 2> "$tmp/dev.err"
st=$?
check "a device name beginning with a quote draws (exit $st)" test "$st" -eq 0
check "... its legend reaches the image" grep -Fq "'Q'' device: random" "$tmp/dev.svg"
mkdir "$tmp/quote"
grep -v '^# device:' "$data/h100.tsv" > "$tmp/quote/'f.tsv"
(cd "$tmp/quote" && "$CHASE" plot "'f.tsv" -o "'f.svg" --script "'f.gp" 2> err)
st=$?
check "a file name beginning with a quote draws (exit $st)" test "$st" -eq 0
check "... in the legend and as the image's name" grep -Fq "'f.tsv: random" "$tmp/quote/'f.svg"
rm "$tmp/quote/'f.svg"
(cd "$tmp/quote" && gnuplot "'f.gp" 2> /dev/null)
check "... and gnuplot draws it from the kept script" grep -Fq "'f.tsv: random" "$tmp/quote/'f.svg"

# Bytes that are not UTF-8, a C1 control, DEL: drawn as U+FFFD and spaces,
# so the SVG stays XML and cairo has no charset to guess.
bad=$(printf 'bytes \377\376 c1 \302\205 del \177 end')
"$CHASE" plot h100 --title "$bad" -o "$tmp/u.svg" 2> "$tmp/u.err"
st=$?
check "a title that is not UTF-8 draws (exit $st)" test "$st" -eq 0
if command -v iconv > /dev/null; then
    check "... and the SVG is UTF-8 throughout" sh -c "iconv -f UTF-8 -t UTF-8 < '$tmp/u.svg' > /dev/null"
else
    ok "... and the SVG is UTF-8 throughout # SKIP no iconv"
fi
check "... the bad bytes became U+FFFD" grep -q "bytes $(printf '\357\277\275\357\277\275') c1   del   end" "$tmp/u.svg"
"$CHASE" plot h100 --title "$bad" -o "$tmp/u.pdf" 2> "$tmp/u.err"
check "... a PDF of it: gnuplot said nothing (it had no charset to guess)" test ! -s "$tmp/u.err"

# ---- 15. a name with a tab: refused before anything is measured ----
mkdir "$tmp/tab"
expect 2 "control character" --sim "$sim" -q -o "$tmp/tab/t.tsv" --plot "$tmp/tab/a${tab}b.png"
check "--plot with a tab: nothing measured, no stray file" nothing "$tmp/tab"
expect 2 "control character" plot h100 -o "$tmp/tab/a${tab}b.png"
check "plot -o with a tab: no stray file" nothing "$tmp/tab"
expect 2 "control character" report -b sim -q -o "$tmp/tab/r${tab}d"
check "report -o with a tab: the directory was not made" nothing "$tmp/tab"
mkdir "$tmp/st${tab}yle"
cp "$top_srcdir/plots/chase.gp" "$tmp/st${tab}yle/"
data_dir=$CHASE_DATA_DIR
CHASE_DATA_DIR="$tmp/st${tab}yle:$data_dir"
expect 2 "plot style" --sim "$sim" -q -o "$tmp/tab/t.tsv" --plot "$tmp/tab/t.png"
CHASE_DATA_DIR=$data_dir
check "a style path with a tab: refused before measuring" nothing "$tmp/tab"

# ---- 4. a cut-off image never replaces the older one ----
# A gnuplot that writes all but the last FAKE_DROP bytes of FAKE_IMAGE to
# the output its script names (the name holds no quote here).
cat > "$tmp/fakegp" << 'EOF'
#!/bin/sh
out=$(sed -n "s/^set output '\(.*\)'\$/\1/p" "$1" | head -n 1)
size=$(wc -c < "$FAKE_IMAGE")
head -c $((size - FAKE_DROP)) "$FAKE_IMAGE" > "$out"
EOF
chmod +x "$tmp/fakegp"
mkdir "$tmp/ref" "$tmp/cut"
for e in png pdf svg; do
    "$CHASE" plot h100 -o "$tmp/ref/new.$e" 2> /dev/null
    "$CHASE" plot turing -o "$tmp/ref/old.$e" 2> /dev/null
done
# cut_off EXT DROP WHY: the fake draws new.EXT less DROP bytes over old.EXT.
cut_off() {
    cp "$tmp/ref/old.$1" "$tmp/cut/x.$1"
    FAKE_IMAGE=$tmp/ref/new.$1 FAKE_DROP=$2
    export FAKE_IMAGE FAKE_DROP
    GNUPLOT=$tmp/fakegp
    export GNUPLOT
    expect 6 "$3" plot h100 -o "$tmp/cut/x.$1"
    unset GNUPLOT
    check "... the older .$1 is kept as it was" cmp -s "$tmp/ref/old.$1" "$tmp/cut/x.$1"
    check "... and no temporary is left" only "$tmp/cut" "x.$1"
    rm -f "$tmp/cut/x.$1"
}
cut_off png 12 "does not end with its IEND chunk"
cut_off png $(($(wc -c < "$tmp/ref/new.png") - 1000)) "does not end with its IEND chunk"
cut_off pdf 8 "no %%EOF"
cut_off svg 8 "does not end with </svg>"
cp "$tmp/ref/old.png" "$tmp/cut/x.png"
GNUPLOT=$tmp/fakegp FAKE_IMAGE=$tmp/ref/new.png FAKE_DROP=0 "$CHASE" plot h100 -o "$tmp/cut/x.png" 2> /dev/null
st=$?
check "a whole image from the same fake is put in place (exit $st)" cmp -s "$tmp/ref/new.png" "$tmp/cut/x.png"

# A full disk: a tmpfs of 1 MiB with an image on it, filled but for 8 KiB.
mnt=$tmp/full
mkdir "$mnt"
if [ "$(id -u)" -ne 0 ]; then
    ok "a full disk keeps the older image # SKIP not root: cannot mount a tmpfs"
elif ! mount -t tmpfs -o size=1m tmpfs "$mnt" 2> /dev/null; then
    ok "a full disk keeps the older image # SKIP mount -t tmpfs failed here"
else
    trap 'umount "$mnt" 2> /dev/null; rm -rf "$tmp"' EXIT
    cp "$tmp/ref/old.png" "$mnt/x.png"
    dd if=/dev/zero of="$mnt/fill" bs=4096 2> /dev/null
    truncate -s -8K "$mnt/fill"
    expect 6 "cut off" plot h100 -o "$mnt/x.png"
    check "a full disk: the older image is kept as it was" cmp -s "$tmp/ref/old.png" "$mnt/x.png"
    check "a full disk: no temporary is left" only "$mnt" fill x.png
    umount "$mnt"
fi
finish
