# cli-terminal.sh: at a terminal, progress goes to stderr only where no data
# goes to the same terminal: `chase -f tsv` (rows on the terminal) shows no
# progress bar among them, nor do -o -, -o /dev/stdout and -o /dev/tty;
# with the rows in a file the bar shows; -q silences it.  The terminal is a
# pseudo-terminal made by tests/on-terminal.py.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

command -v python3 > /dev/null 2>&1 || skip_all "python3 is needed to make a terminal"
python3 "$srcdir/tests/on-terminal.py" true > /dev/null 2>&1 || skip_all "no pseudo-terminal here"

sim='L1:size=4K,lat=4;L2:size=256K,ways=16,lat=20;mem:lat=200'
esc=$(printf '\033')
# on_terminal NAME ARGS...: chase on a terminal; what the terminal showed goes to $tmp/NAME.
on_terminal() {
    name=$1
    shift
    python3 "$srcdir/tests/on-terminal.py" "$CHASE" --sim "$sim" --max 4M "$@" > "$tmp/$name"
}
bars() { grep -c "$esc\\[K" "$tmp/$1"; }
rows() { grep -c '^[0-9][0-9]*	' "$tmp/$1"; }

for how in "-f tsv" "-f csv" "-f json" "-f tsv -o -" "-o /dev/stdout" "-o /dev/tty"; do
    name=$(echo "$how" | tr -c 'a-z0-9\n' _)
    # shellcheck disable=SC2086
    on_terminal "$name" $how
    st=$?
    check "chase $how at a terminal: exit $st, and no progress among the rows ($(bars "$name") bars)" \
        sh -c "[ $st -eq 0 ] && [ $(bars "$name") -eq 0 ]"
done
check "the rows did reach the terminal ($(rows _f_tsv) rows)" test "$(rows _f_tsv)" -ge 20

on_terminal file -o "$tmp/s.tsv"
check "with the rows in a file, the progress bar shows at the terminal" test "$(bars file)" -ge 1
check "... and the file has no progress in it" test "$(grep -c "$esc" "$tmp/s.tsv")" -eq 0
# One bar for the whole sweep: refinement counts on (it restarted at 1 each
# round), and a rough time left once two points set the pace.
tr '\r' '\n' < "$tmp/file" | sed -n 's/^.*\] \([0-9]*\)\/[0-9]* .*/\1/p' > "$tmp/done"
check "the bar's count never goes back ($(tr '\n' ' ' < "$tmp/done" | cut -c1-60)...)" \
    awk 'NR > 1 && $1 < p { bad = 1 } { p = $1 } END { exit bad || NR < 10 }' "$tmp/done"
check "... and says what is left (~N s left)" grep -q ', ~[0-9]* s left' "$tmp/file"
on_terminal quiet -q -o "$tmp/q.tsv"
check "-q: nothing at the terminal" test ! -s "$tmp/quiet"
on_terminal human
check "chase alone at a terminal: a progress bar, then the report" \
    sh -c "[ $(bars human) -ge 1 ] && grep -q '^memory ' '$tmp/human'"
check "... the levels, not the curve's rows (-v shows them)" \
    sh -c "! grep -q 'working set  *cycles' '$tmp/human' && grep -q 'points measured (-v lists them' '$tmp/human'"
on_terminal verbose -v
check "-v at a terminal: the curve's rows too" grep -q 'working set  *cycles' "$tmp/verbose"

# --plot says where the image went, unless -q.
if [ -n "${GNUPLOT_PROG:-}" ]; then
    "$CHASE" --sim "$sim" --max 1M --plot "$tmp/p.png" -o "$tmp/p.tsv" 2> "$tmp/p.err"
    check "--plot: 'chase: plot: FILE' on stderr" grep -qx "chase: plot: $tmp/p.png" "$tmp/p.err"
    "$CHASE" --sim "$sim" --max 1M --plot "$tmp/q.png" -q -o "$tmp/q2.tsv" 2> "$tmp/q.err"
    check "--plot -q: nothing on stderr" test ! -s "$tmp/q.err"
fi
finish
