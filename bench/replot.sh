#!/bin/sh
# replot.sh DIR [STYLE]: draws the plots of a chase report made where there
# was no gnuplot (the lent GPU machines have none).  Each part kept its
# gnuplot script beside its data (DIR/PART.gp, the data inline); the script
# names the image and the style file by their paths on that machine, so
# those two lines are pointed here (STYLE: plots/chase.gp of this tree by
# default), gnuplot draws DIR/PART.png (made smaller by pngquant where it
# is installed), and report.md's "Plot: not drawn here" line for the part
# becomes the image.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -eu
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -d "$1" ]; then
    echo "usage: $0 REPORT_DIR [STYLE.gp]" >&2
    exit 2
fi
dir=$(cd "$1" && pwd)
style=${2:-$(cd "$(dirname "$0")/.." && pwd)/plots/chase.gp}
[ -r "$style" ] || { echo "$0: no style file '$style'" >&2; exit 2; }
command -v gnuplot > /dev/null || { echo "$0: gnuplot is not installed" >&2; exit 6; }
# Paths go into gnuplot's single-quoted strings: a quote in one would end it.
case "$dir$style" in *"'"*) echo "$0: a path holds a single quote" >&2; exit 2 ;; esac

status=0
for gp in "$dir"/*.gp; do
    [ -f "$gp" ] || continue
    part=$(basename "$gp" .gp)
    case $part in *[!a-z]*) continue ;; esac     # chase's parts only: sweep, banks, ...
    tmp=$(mktemp)
    # Only the first 'set output' and 'load' lines (the preamble chase
    # writes) are replaced; the rest of the script is kept as it is.
    awk -v out="$dir/$part.png" -v style="$style" '
        !o && /^set output / { print "set output '\''" out "'\''"; o = 1; next }
        !l && /^load / { print "load '\''" style "'\''"; l = 1; next }
        { print }' "$gp" > "$tmp"
    if gnuplot "$tmp" && [ -s "$dir/$part.png" ]; then
        # A palette of at most 256 colours looks the same on these plots at
        # a third of the size (for a report kept in a repository).
        if command -v pngquant > /dev/null; then
            pngquant --quality 60-90 --speed 1 --force --output "$dir/$part.png" "$dir/$part.png" || true
        fi
        echo "drew $dir/$part.png"
        if [ -f "$dir/report.md" ]; then
            sed "s|^Plot: not drawn here; its gnuplot script is \`$part\\.gp\`\\.\$|![$part]($part.png)|" \
                "$dir/report.md" > "$tmp.md" && mv "$tmp.md" "$dir/report.md"
        fi
    else
        echo "gnuplot could not draw $part" >&2
        status=6
    fi
    rm -f "$tmp"
done
exit $status
