#!/bin/sh
# examples.sh: README.md's example outputs and man/chase.1's sample files,
# made by running the built chase on the committed data (and the
# simulator), so that they say what chase says of that data and cannot
# drift from it.  `make examples` rewrites them in place; `make check`
# (tests/examples.sh) fails when they differ from what this script makes.
#
# Usage: tools/examples.sh CHASE SRCDIR [OUTDIR]
#   CHASE   the built chase (its modules and data found as `make check` finds them)
#   SRCDIR  the source tree: README.md, man/chase.1 and data/ are read there
#   OUTDIR  where the regenerated README.md and chase.1 go (default: in place)
#
# In README.md a block lies between
#     <!-- example: chase ARGS -->   and   <!-- end example -->
# and is the output of `chase ARGS` run in SRCDIR, indented four spaces.
# ARGS are split at blanks and never given to a shell: words only.
# In man/chase.1 the blocks lie between `.\" example: tsv` (or json) and
# `.\" end example`: the native file's and JSON's shapes, from the sweep
# of the simulated hierarchy the man page names.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -eu

[ $# -ge 2 ] || { echo "usage: $0 CHASE SRCDIR [OUTDIR]" >&2; exit 2; }
chase=$1 src=$2 out=${3:-$2}
case $chase in /*) ;; *) chase=$(pwd)/$chase ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/chase-examples.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# The reports must not depend on a terminal or the caller's locale.
LC_ALL=C
export LC_ALL

# ---- README.md ----
n=0
grep '^<!-- example: .* -->$' "$src/README.md" | sed 's/^<!-- example: //; s/ -->$//' > "$tmp/cmds" || true
while IFS= read -r cmd; do
    n=$((n + 1))
    case $cmd in
        chase\ *) ;;
        *) echo "$0: README.md: example $n does not run chase: '$cmd'" >&2; exit 1 ;;
    esac
    case $cmd in
        *[\;\&\|\<\>\`\$\(\)\\\"\'*?]*)
            echo "$0: README.md: example $n holds shell syntax; words only: '$cmd'" >&2; exit 1 ;;
    esac
    # shellcheck disable=SC2086  # word splitting is the point: words only
    set -- ${cmd#chase }
    if ! (cd "$src" && "$chase" "$@") > "$tmp/ex.$n" 2> "$tmp/err.$n" < /dev/null; then
        echo "$0: README.md: '$cmd' failed: $(head -3 "$tmp/err.$n")" >&2
        exit 1
    fi
    sed 's/[[:space:]]*$//; s/^/    /; s/^    $//' "$tmp/ex.$n" > "$tmp/ex.$n.md"
done < "$tmp/cmds"

awk -v dir="$tmp" '
    /^<!-- example: .* -->$/ {
        print; n++; f = dir "/ex." n ".md"
        print ""
        while ((getline line < f) > 0) print line
        close(f)
        print ""
        skip = 1; next
    }
    /^<!-- end example -->$/ { if (!skip) { print "README.md: an end marker without its start" > "/dev/stderr"; exit 1 }
                               skip = 0 }
    !skip { print }
    END { if (skip) { print "README.md: an example without its end marker" > "/dev/stderr"; exit 1 } }
' "$src/README.md" > "$tmp/README.md"

# ---- man/chase.1 ----
# The sweep the man page shows, and its JSON.
spec='L1:size=32K,lat=4;mem:lat=200'
"$chase" --sim "$spec" -q -o "$tmp/c.tsv" < /dev/null
# troff: a backslash is \e, a minus \-.
esc() { sed 's/\\/\\e/g; s/-/\\-/g'; }
{
    grep -E '^# (format|kind|tool):' "$tmp/c.tsv"
    echo "# command: chase --sim '$spec' -o c.tsv"
} | esc > "$tmp/tsv"
{
    printf '%s\n' '# \fIkey\fP: \fIvalue\fP            (the metadata, one line each)'
    grep -E '^# table: points$' "$tmp/c.tsv" | esc
    grep -v '^#' "$tmp/c.tsv" | grep . | head -3 | esc
    echo '\&...'
    grep '^# level: ' "$tmp/c.tsv" | esc
    printf '%s\n' '# \fIkey\fP: \fIvalue\fP            (results, if the kind has any)'
    grep '^# status: ' "$tmp/c.tsv" | esc
} >> "$tmp/tsv"
# The JSON block: its shape written here, its numbers the run's.
field() { # field LEVEL KEY: a level line's KEY=value, null for nan
    awk -F'\t' -v l="$1" -v k="$2" '$1 == "# level: " l {
        for (i = 2; i <= NF; i++) if (index($i, k "=") == 1) { v = substr($i, length(k) + 2); print v == "nan" ? "null" : v } }' "$tmp/c.tsv"
}
row1=$(grep -v '^#' "$tmp/c.tsv" | grep . | sed -n 2p)
tool=$(sed -n 's/^# tool: //p' "$tmp/c.tsv")
version=$(sed -n 's/^# format: chase //p' "$tmp/c.tsv")
stride=$(sed -n 's/^# stride: //p' "$tmp/c.tsv")
set -- $row1
cat > "$tmp/json" <<JSON
{"format": "chase", "version": $version, "kind": "sweep",
 "meta": {"tool": "$tool", "stride": $stride, ...},
 "points": [{"bytes": $1, "cycles": $2, "p5": $3, "p95": $4,
             "ns": $5, "samples": $6}, ...],
 "levels": [{"name": "L1", "lo": $(field L1 lo), "hi": $(field L1 hi), "cycles": $(field L1 cycles),
             "ns": $(field L1 ns), "confidence": $(field L1 confidence), ...},
            {"name": "memory", "lo": $(field memory lo), "hi": $(field memory hi), ...}],
 "results": {...},
 "status": "complete"}
JSON
esc < "$tmp/json" > "$tmp/json.man"

awk -v dir="$tmp" '
    /^\.\\" example: (tsv|json)$/ {
        print; f = dir "/" ($3 == "tsv" ? "tsv" : "json.man")
        while ((getline line < f) > 0) print line
        close(f)
        skip = 1; next
    }
    /^\.\\" end example$/ { if (!skip) { print "chase.1: an end marker without its start" > "/dev/stderr"; exit 1 }
                            skip = 0 }
    !skip { print }
    END { if (skip) { print "chase.1: an example without its end marker" > "/dev/stderr"; exit 1 } }
' "$src/man/chase.1" > "$tmp/chase.1"

mkdir -p "$out" "$out/man"
cp "$tmp/README.md" "$out/README.md.new" && mv "$out/README.md.new" "$out/README.md"
cp "$tmp/chase.1" "$out/man/chase.1.new" && mv "$out/man/chase.1.new" "$out/man/chase.1"
