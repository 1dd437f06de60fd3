# packaging.sh: what a distribution of chase owes its users: the licence
# (LICENSE, an SPDX line in every source file, --version, README, the man
# page), NEWS and CITATION.cff for this version, --help ending with where to
# report bugs, the man page's version and the parts of it other tests do not
# read, and data that names devices, never the machines they were lent as.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

version=$("$CHASE" --version | head -1 | awk '{ print $2 }')
check "--version's first line names chase and a version ($version)" test -n "$version"
"$CHASE" --version > "$tmp/version"
check "--version states the licence" grep -q 'BSD-3-Clause' "$tmp/version"
check "--version lists the backends built" grep -q '^backends: .*cpu.*sim' "$tmp/version"
"$CHASE" --help > "$tmp/help"
check "--help ends with where to report bugs" sh -c "tail -2 '$tmp/help' | grep -q '^Report bugs to: <.*@.*>$'"

check "LICENSE is the BSD-3-Clause text" sh -c "grep -q '^Copyright (c) 2026 the chase developers' '$srcdir/LICENSE' &&
    grep -q 'Neither the name of the copyright holder' '$srcdir/LICENSE'"
check "README states the licence" grep -q 'BSD-3-Clause' "$srcdir/README.md"
check "README points at NEWS" grep -q 'NEWS' "$srcdir/README.md"
# Every exit status chase has (core/exitcode.h) is in --help's list and
# the man page's EXIT STATUS (8 and 9 were missing from --help).
for n in $(sed -n 's/^ *CHASE_EXIT_[A-Z]* = \([0-9]*\),.*/\1/p' "$srcdir/src/core/exitcode.h"); do
    case $n in 129|130|141|143) continue ;; esac
    check "exit status $n is in --help" grep -Eq "(^|[ ,:])$n [a-z-]" "$tmp/help"
    check "exit status $n is in chase(1)'s EXIT STATUS" \
        sh -c 'sed -n "/^\.SH EXIT STATUS/,/^\.SH [A-Z]/p" "$1" | grep -qx "\.B $2"' sh "$srcdir/man/chase.1" "$n"
done
# Every file or folder of data/ that README names or shows is in the tree
# the tests run from: under distcheck, the tarball (its images were broken
# and its 'report --compare' example could not run from a release).
for p in $(grep -o 'data/[A-Za-z0-9_./-]*[A-Za-z0-9_]' "$srcdir/README.md" | sort -u); do
    check "README's $p is in the tree (the tarball under distcheck)" test -e "$srcdir/$p"
done
check "NEWS has an entry for $version" grep -q "^\\* $version" "$srcdir/NEWS"
check "CITATION.cff is CFF 1.2.0 for $version under BSD-3-Clause" sh -c "
    grep -q '^cff-version: 1.2.0$' '$srcdir/CITATION.cff' && grep -q '^version: \"$version\"$' '$srcdir/CITATION.cff' &&
    grep -q '^license: BSD-3-Clause$' '$srcdir/CITATION.cff' && grep -q '^message: ' '$srcdir/CITATION.cff' &&
    grep -q '^title: ' '$srcdir/CITATION.cff' && grep -q '^authors:' '$srcdir/CITATION.cff'"
if command -v python3 > /dev/null 2>&1 && python3 -c 'import yaml' 2> /dev/null; then
    check "CITATION.cff parses as YAML with the required keys" python3 -c "
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
assert all(k in d for k in ('cff-version', 'message', 'title', 'authors'))
assert all('name' in a or 'family-names' in a for a in d['authors'])" "$srcdir/CITATION.cff"
fi

# Every source file says its licence (the distribution holds what is listed).
missing=
for f in $(cd "$srcdir" && find src backends tests plots m4 -type f -not -path 'tests/golden/*' \
        \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.hip' -o -name '*.sh' -o -name '*.am' \
           -o -name '*.py' -o -name '*.gp' -o -name 'cuda.m4' -o -name 'hip.m4' \) | sort) \
        configure.ac Makefile.am; do
    head -40 "$srcdir/$f" | grep -q 'SPDX-License-Identifier: BSD-3-Clause' || missing="$missing $f"
done
check "every source file has an SPDX licence line near its top (missing:${missing:- none})" test -z "$missing"

# The man page: this version, and what the other tests do not read.
man=$srcdir/man/chase.1
# The man page's synopsis names every command the program has (the list
# comes from one table: the help prints it).
missing=
for c in $("$CHASE" --help | sed -n 's/^\(Usage:\|      \) chase \([a-z]*\) .*/\2/p'); do
    grep -q "^\.B chase $c\$" "$srcdir/man/chase.1" || missing="$missing $c"
done
check "the man page's synopsis names every command (missing:${missing:- none})" test -z "$missing"
check "the man page is for chase $version" grep -q "^\\.TH CHASE 1 .*\"chase $version\"" "$man"
for w in 'BSD-3-Clause' 'CHASE_BACKEND_PATH' 'CHASE_DATA_DIR' 'GNUPLOT' 'chase-format.schema.json' \
         '# format: chase 3' '# level:' '# status:' '"version": 3' 'lat_mem_rd' 'gpu-latency' '\.partial' \
         'dev@chase.invalid'; do
    check "the man page documents $w" grep -q -- "$w" "$man"
done
# mandoc's lint, down to style notes, where mandoc is installed.
if command -v mandoc > /dev/null 2>&1; then
    lint=$(mandoc -T lint -W style "$man" 2>&1)
    check "mandoc -T lint -W style finds nothing in the man page: $(echo "$lint" | head -1)" test -z "$lint"
else
    ok "# SKIP mandoc is not installed"
fi
for st in 0 1 2 3 4 5 6 7 129 130 141 143; do
    check "the man page documents exit status $st" grep -Eq "^\\.B(R)? \"?$st\"?( |$)|^\\.BR .*\\b$st\\b" "$man"
done

# Shipped data measured or published by others says where it comes from
# and under which licence.
for f in $(cd "$srcdir" && grep -l '^# source:' data/*.tsv tests/data/*.tsv 2>/dev/null); do
    check "$f: a source line and a licence line" grep -q '^# licence: ' "$srcdir/$f"
done

# Data names the device as its driver reports it, never the machine it was lent as.
named=$(cd "$srcdir" && grep -l 'nvidia-h[0-9]' data/* tests/data/* 2>/dev/null | tr '\n' ' ')
check "no data file names a lent machine's kind (${named:-none})" test -z "$named"
finish
