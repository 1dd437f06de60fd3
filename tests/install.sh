# install.sh: an installed chase finds its data and modules wherever the
# tree was put.  The build was configured for another prefix (/usr/local,
# or distcheck's); `make install prefix=DIR` puts the tree elsewhere and the
# installed program is run with no CHASE_* variable, then from a copy of
# the tree moved again; `make uninstall` leaves no file and none of the
# directories it made.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

[ -n "${CHASE_MAKE:-}" ] && [ -n "${abs_top_builddir:-}" ] || skip_all "run through make check"
pfx=$tmp/pfx
# A make of its own: not the jobs of the make that runs the tests.
(
    unset MAKEFLAGS MFLAGS MAKELEVEL
    cd "$abs_top_builddir" && $CHASE_MAKE install prefix="$pfx"
) > "$tmp/install.log" 2>&1
st=$?
check "make install prefix=$pfx (exit $st)" test "$st" -eq 0
[ "$st" -eq 0 ] || { sed 's/^/# /' "$tmp/install.log" | tail -20; finish; exit 1; }

# The installed program, with nothing in the environment to help it.
installed() {
    env -u CHASE_BACKEND_PATH -u CHASE_DATA_DIR "$@"
}
run_checks() {
    bin=$1 where=$2
    installed "$bin" analyze turing mi300x h100 > "$tmp/analyze" 2> "$tmp/err"
    st=$?
    check "$where: analyze turing mi300x h100 finds the reference curves (exit $st: $(head -1 "$tmp/err"))" \
        test "$st" -eq 0
    check "$where: ... and reports each" test "$(grep -c '^memory' "$tmp/analyze")" -eq 3
    installed "$bin" --list-backends > "$tmp/list" 2>&1
    check "$where: --list-backends lists cpu as available" grep -q '^cpu .*available' "$tmp/list"
    for m in cuda hip; do
        eval have=\${CHASE_HAVE_$(echo $m | tr a-z A-Z):-no}
        [ "$have" = yes ] || continue
        line=$(grep "^$m " "$tmp/list")
        case $line in
        *"not found"*|*"not installed"*) not_ok "$where: the installed $m module is not found: $line" ;;
        *) ok "$where: the installed $m module is found: $line" ;;
        esac
    done
    if [ -n "${GNUPLOT_PROG:-}" ]; then
        rm -f "$tmp/x.png"
        installed "$bin" plot turing mi300x h100 -o "$tmp/x.png" 2> "$tmp/err"
        st=$?
        check "$where: plot turing mi300x h100 -o x.png (exit $st: $(head -1 "$tmp/err"))" \
            sh -c "[ $st -eq 0 ] && [ -s '$tmp/x.png' ]"
    fi
}
run_checks "$pfx/bin/chase" "installed in $pfx"
# Nothing installed names the machine that built it (reproducible builds):
# neither tree's absolute path is in the program or a module, and the
# modules go without libtool's .la files.
# (The configured install directories are compiled in, as they must be;
# under distcheck they lie inside the source tree, so what is looked for
# is the build tree and the source tree's own folders, not any prefix.)
src_abs=$(cd "$srcdir" && pwd)
for f in "$pfx/bin/chase" "$pfx"/lib/chase/*.so; do
    [ -f "$f" ] || continue
    check "$(basename "$f") holds no path of the build tree" \
        sh -c '! strings -a "$1" | grep -qF -e "$2" -e "$3/src" -e "$3/plots" -e "$3/data" -e "$3/backends"' \
        sh "$f" "$abs_top_builddir" "$src_abs"
done
check "no .la file is installed with the modules" sh -c '! ls "$1"/lib/chase/*.la 2>/dev/null | grep -q .' sh "$pfx"
for f in LICENSE NEWS CITATION.cff README.md; do
    check "$f is installed with the docs" test -f "$pfx/share/doc/chase/$f"
done
check "the JSON schema is installed with the data" test -f "$pfx/share/chase/chase-format.schema.json"
check "the man page is installed" test -f "$pfx/share/man/man1/chase.1"

# Moved again, as a package manager or a user copying a tree might.
cp -R "$pfx" "$tmp/moved"
run_checks "$tmp/moved/bin/chase" "moved to $tmp/moved"

(
    unset MAKEFLAGS MFLAGS MAKELEVEL
    cd "$abs_top_builddir" && $CHASE_MAKE uninstall prefix="$pfx"
) > "$tmp/uninstall.log" 2>&1
st=$?
check "make uninstall (exit $st)" test "$st" -eq 0
left=$(find "$pfx" -type f | head -5)
check "make uninstall leaves no file (${left:-none})" test -z "$left"
for d in share/chase lib/chase share/doc/chase; do
    check "make uninstall removes $d" test ! -d "$pfx/$d"
done
finish
