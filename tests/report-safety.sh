# report-safety.sh: chase report writes only into a directory it may, never
# through a link left there, refuses a usage error before making anything,
# and passes a signal on to the part it waits for; loads stops on a signal
# while it reads --from, and says when it measured nothing; banks reads
# --lanes indices in decimal or 0x hex.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

sim='L1:size=4K,ways=4,lat=4;L2:size=64K,ways=8,lat=20,policy=fifo;mem:lat=150'

# A usage error is found before the directory is made.
expect 2 "sim: spec: section 'garbage' needs a name" report --sim garbage -o "$tmp/r-garbage"
check "report --sim garbage makes no directory" test ! -e "$tmp/r-garbage"
expect 2 "not available on the cpu backend" report -b cpu --cache-op cg -o "$tmp/r-cg"
check "report -b cpu --cache-op cg makes no directory" test ! -e "$tmp/r-cg"

# A directory holding a file no report writes is refused, the file kept.
mkdir "$tmp/mine" && echo keep > "$tmp/mine/notes.txt" && echo keep > "$tmp/mine/tlb.txt"
expect 2 "holds '.*', which no report writes" report --sim "$sim" -o "$tmp/mine"
check "the user's files are kept" sh -c "grep -q keep '$tmp/mine/notes.txt' && grep -q keep '$tmp/mine/tlb.txt'"
check "nothing was written there" test ! -e "$tmp/mine/sweep.tsv"

# Links left in a report's directory are taken away, never written through.
"$CHASE" report --sim "$sim" -q -o "$tmp/r" 2> /dev/null
echo outside > "$tmp/victim-log"; echo outside > "$tmp/victim-md"; echo outside > "$tmp/victim-tsv"
echo outside > "$tmp/victim-json"
ln -sf "$tmp/victim-log" "$tmp/r/sweep.log"
ln -sf "$tmp/victim-md" "$tmp/r/report.md"
ln -sf "$tmp/victim-tsv" "$tmp/r/banks.tsv"
ln -sf "$tmp/victim-json" "$tmp/r/report.json"
"$CHASE" report --sim "$sim" -q -o "$tmp/r" 2> /dev/null
for v in log md tsv json; do
    check "a link report.$v/part left in the directory is not written through" grep -qx outside "$tmp/victim-$v"
done
check "the report is whole again" sh -c "grep -q '^# status: complete' '$tmp/r/banks.tsv' && test ! -L '$tmp/r/report.md'"
"$CHASE" report --compare "$tmp/r" "$tmp/r" -q -o "$tmp/c" 2> /dev/null
echo outside > "$tmp/victim-cmp"
ln -sf "$tmp/victim-cmp" "$tmp/c/compare.md"
"$CHASE" report --compare "$tmp/r" "$tmp/r" -q -o "$tmp/c" 2> /dev/null
check "compare.md is not written through a link" grep -qx outside "$tmp/victim-cmp"

# A signal to the report alone reaches the part it waits for (a TLB of a
# large reach: the tlb part's curve runs to 16 x it, seconds long).
"$CHASE" report --sim "$sim;tlb:entries=4096,ways=8,page=64K,lat=10" -q -o "$tmp/sig" 2> /dev/null &
pid=$!
n=0
while [ ! -e "$tmp/sig/tlb.log" ] && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
sleep 0.3
kill -TERM $pid
wait $pid
st=$?
check "SIGTERM to the report: exit 143 (got $st)" test $st -eq 143
check "the tlb part it waited for was stopped too (its rows kept as .partial)" test -e "$tmp/sig/tlb.tsv.partial"

# loads stops on a signal while it waits on --from (a FIFO).
if mkfifo "$tmp/fifo" 2> /dev/null; then
    "$CHASE" loads -b sim --from "$tmp/fifo" -q -o "$tmp/f.tsv" 2> "$tmp/f.err" &
    pid=$!
    sleep 0.5
    kill -TERM $pid
    wait $pid
    st=$?
    check "SIGTERM while loads reads a FIFO given as --from: exit 143 (got $st)" test $st -eq 143
fi

# Nothing measured is no result.
"$CHASE" loads -b sim --bytes 1 -q -o "$tmp/b1.tsv" 2> "$tmp/b1.err"
st=$?
check "loads --bytes 1 measures nothing: exit 1 (got $st), saying so" \
    sh -c "test $st -eq 1 && grep -q 'nothing was measured' '$tmp/b1.err' && test ! -e '$tmp/b1.tsv'"

# --lanes: decimal, with leading zeros, or 0x hex.
i=0
while [ $i -lt 32 ]; do
    case $i in 8) echo 010 ;; 9) echo 08 ;; 10) echo 0x20 ;; *) echo $i ;; esac
    i=$((i + 1))
done > "$tmp/lanes.txt"
"$CHASE" banks -b sim --lanes "$tmp/lanes.txt" -q -o "$tmp/lanes.tsv" 2> "$tmp/lanes.err"
check "--lanes reads 010 and 08 as decimal, 0x20 as hex (exit $?: $(head -1 "$tmp/lanes.err"))" \
    grep -q '^# status: complete' "$tmp/lanes.tsv"
# No user size equals the backends' "most of the memory" sentinel.
expect 2 "too large \(at most 8 EiB\)" --sim "$sim" --max 18446744073709551615
# The CPU's guard takes the process's own limits: under ulimit -v 1 GiB a
# 2 GiB working set is refused before anything is mapped.
# (AddressSanitizer reserves terabytes of address space: no ulimit -v under it.)
if grep -qa __asan_init "$CHASE"; then
    ok "-b cpu --max 2G under ulimit -v 1 GiB # SKIP under AddressSanitizer"
else
    ( ulimit -v 1048576 2> /dev/null && "$CHASE" -b cpu --max 2G -q -o "$tmp/big.tsv" ) 2> "$tmp/big.err"
    st=$?
    check "-b cpu --max 2G under ulimit -v 1 GiB: exit 4 naming the limit (got $st)" \
        sh -c "test $st -eq 4 && grep -q 'ulimit -v' '$tmp/big.err'"
fi

# An interrupted run leaves an older --plot image as it was.
echo OLD > "$tmp/old.png"
"$CHASE" -b cpu --max 512M -q -o "$tmp/int.tsv" --plot "$tmp/old.png" 2> "$tmp/int.err" &
pid=$!
sleep 1
kill -TERM $pid
wait $pid
st=$?
check "an interrupted sweep exits 143 (got $st)" test $st -eq 143
check "its --plot image was left as it was" grep -qx OLD "$tmp/old.png"
check "it says so" grep -q "no plot drawn: the run is interrupted" "$tmp/int.err"
# A signal while gnuplot draws stops gnuplot too, and is a stop (exit
# 143), not a plot failure; the older image stays.
cat > "$tmp/slowgp" <<EOS
#!/bin/sh
echo \$\$ > "$tmp/gp.pid"
sleep 30
EOS
chmod +x "$tmp/slowgp"
echo OLD > "$tmp/slow.png"
GNUPLOT="$tmp/slowgp" "$CHASE" plot "$srcdir/tests/golden/sim.tsv" -o "$tmp/slow.png" 2> "$tmp/slow.err" &
pid=$!
n=0
while [ ! -s "$tmp/gp.pid" ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
kill -TERM $pid
wait $pid
st=$?
check "SIGTERM while gnuplot draws: exit 143 (got $st: $(head -1 "$tmp/slow.err"))" test $st -eq 143
sleep 0.2
check "gnuplot was stopped with it" sh -c "! kill -0 \$(cat '$tmp/gp.pid') 2> /dev/null"
check "the older image stays" grep -qx OLD "$tmp/slow.png"
# Text from data reaches report.md and compare.md as text: no HTML, no
# link, no heading, no code span broken by a backquote.
mkdir -p "$tmp/hostile"
"$CHASE" report --sim "$sim" -q -o "$tmp/hostile/a\`b" 2> /dev/null
check "a backquote in the command stays inside its code span" \
    grep -q 'Command: `` .*a`b.* ``' "$tmp/hostile/a\`b/report.md"
cp -r "$tmp/r" "$tmp/evil"
sed -i 's/^# level: L1\t/# level: <img src=x onerror=alert(1)>\t/' "$tmp/evil/sweep.tsv"
sed -i 's/"name": "L1"/"name": "<img src=x onerror=alert(1)>"/g' "$tmp/evil/report.json"
sed -i 's/"simulated hierarchy"/"[x](javascript:alert(1)) <b>#1<\/b>"/' "$tmp/evil/report.json"
"$CHASE" report --compare "$tmp/r" "$tmp/evil" -q -o "$tmp/cmp-evil" 2> /dev/null
check "compare.md holds no HTML tag from another report" sh -c "! grep -q '<img\|<b>' '$tmp/cmp-evil/compare.md'"
check "compare.md holds no link from another report" sh -c "! grep -q '[^\\\\]](javascript' '$tmp/cmp-evil/compare.md'"
check "the hostile names are shown, escaped" grep -q '&lt;img src=x onerror=alert(1)&gt;' "$tmp/cmp-evil/compare.md"
finish
