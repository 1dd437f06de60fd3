# layers.sh: src/ is layered, and every #include points down the layers:
#   abi <- core <- io <- levels <- plot <- run <- measurements <- report <- cli <- main.c
# A measurement (a folder of its own: sweep, banks, ...) includes none of
# the others, except that the sweep uses sms's probe.  Fails on an include
# that points up or sideways, and on a cycle between files.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

cd "$srcdir/src" || exit 1
rank() {
    case $1 in
    abi) echo 0 ;; core) echo 1 ;; io) echo 2 ;; levels) echo 3 ;; plot) echo 4 ;; run) echo 5 ;;
    report) echo 7 ;; cli) echo 8 ;; main.c) echo 9 ;;
    *) echo 6 ;;        # a measurement
    esac
}
# Every include edge: FILE TARGET (both relative to src/).
for f in $(find . -name '*.[ch]' | sed 's|^\./||' | sort); do
    sed -n 's/^#include "\([a-z_]*\/[a-z_0-9]*\.h\)".*/\1/p' "$f" | sed "s|^|$f |"
done > "$tmp/edges"

bad=
while read -r from to; do
    a=${from%%/*} b=${to%%/*}
    ra=$(rank "$a") rb=$(rank "$b")
    if [ "$rb" -gt "$ra" ]; then
        bad="$bad $from->$to"
    elif [ "$ra" -eq 6 ] && [ "$rb" -eq 6 ] && [ "$a" != "$b" ] && ! [ "$a" = sweep ] && [ "$b" = sms ]; then
        bad="$bad $from->$to"
    fi
done < "$tmp/edges"
check "every include points down the layers (up or sideways:${bad:- none})" test -z "$bad"

# A cycle between headers (include guards make it silent, and it means
# two modules that cannot be understood apart).
awk '$1 ~ /\.h$/ && $1 != $2' "$tmp/edges" | sort -u > "$tmp/graph"
cycles=$(tsort "$tmp/graph" 2>&1 >/dev/null | grep -v 'input contains a loop' | sed 's/^tsort: //' | sort -u | tr '\n' ' ')
check "no include cycle (in a cycle: ${cycles:-none})" test -z "$cycles"

n=$(wc -l < "$tmp/edges")
check "the check read the includes ($n edges)" test "$n" -gt 100
finish
