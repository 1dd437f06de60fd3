# cli-errors.sh: every bad input gets one clear line and its documented exit status.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

sim='L1:size=4K,lat=4;mem:lat=100'
expect 2 "unknown unit 'Q'" --max 1Q
expect 2 "negative" --max -5
expect 2 "too large" --max 99999999T
expect 2 "ambiguous" --max 4KB
expect 2 "not a size" --min abc
expect 2 "above --max" --sim "$sim" --min 1M --max 64K
expect 2 "must not be zero" --stride 0
expect 2 "not a power of two" --stride 48
expect 2 "smaller than a pointer" --stride 4
expect 2 "larger than the working set" --sim "$sim" --stride 1M --max 64K
expect 2 "larger than the working set" -b cpu --stride 2M --max 1M
expect 2 "unknown backend 'foo'" --backend foo
expect 2 "unknown format 'xml'" --format xml
expect 2 "unknown pattern" --pattern zigzag
expect 2 "unknown cache operator" --cache-op xx
expect 2 "from 1 to 64" --steps 0
expect 2 "from 0 to 100" --carveout 101
expect 2 "unknown option '--frobnicate'" --frobnicate
expect 2 "needs a value" --max
expect 2 "unexpected argument 'stray' \(not a command: sweep, .*report, fleet\)" stray
expect 2 "unexpected argument 'x' \(chase banks takes no operands\)" banks x
expect 2 "unknown option '--maxx' \(did you mean --max\?\)" --maxx 1K
expect 2 "unknown option '--lane' \(did you mean --lanes\?\)" banks --lane x
expect 2 "help: no command 'nope'" help nope
expect 2 "chase report --compare does not take --backend" report --compare -b sim a b -o "$tmp/cmp"
expect 3 "device 5 does not exist" -b cpu --device 5
expect 3 "device 1 does not exist" --sim "$sim" --device 1
expect 2 "sim: spec: section 'garbage' needs a name" --sim garbage
expect 2 "sim: spec: level L1 needs size= and lat=" --sim 'L1:lat=4;mem:lat=9'
expect 2 "sim: spec: needs at least one cache level" --sim 'mem:lat=9'
expect 2 "sim: spec: unknown key 'colour'" --sim 'L1:size=4K,lat=4,colour=red;mem:lat=9'
expect 2 "sim: spec: policy=mru" --sim 'L1:size=4K,lat=4,policy=mru;mem:lat=9'
expect 2 "policy=plru needs ways" --sim 'L1:size=6K,ways=6,lat=4,policy=plru,index=hash;mem:lat=9'
expect 2 "power of two sets" --sim 'L1:size=3K,lat=4;mem:lat=9'
expect 2 "line must be a power of two from 8 bytes to 65536" --sim 'L1:line=1E,ways=4,size=8E,lat=2;L2:size=1M,lat=30;mem:lat=57'
# Sizes are exact: accepted where they come to whole bytes, refused otherwise.
expect 2 "--min 256 GiB is above --max 1 KiB" --sim "$sim" --min 0.25000000T --max 1K
expect 2 "'1.16777216T' is not a whole number of bytes" --max 1.16777216T
expect 2 "'0.16777216T' is not a whole number of bytes" --stride 0.16777216T
expect 2 "'1.0000000001K' is not a whole number of bytes" --max 1.0000000001K
expect 2 "too large" --max 16E
expect 2 "--min 4 KiB is above --max 1 KiB" --sim "$sim" --min ' 4K' --max 1K
expect 2 "--min 4 KiB is above --max 1 KiB" --sim "$sim" --min '4K ' --max 1K
# User numbers in a spec never wrap: these once overflowed the heap and
# divided by zero.
expect 2 "sim: spec: tlb: 4 entries of 8 EiB reach beyond 2\^64 bytes" \
    --sim 'L:size=2K,lat=3;mem:lat=2;tlb:entries=4,page=8388608T' --max 64K
expect 2 "sim: spec: level L1: line must be a power of two from 8 bytes to 65536" --sim 'L1:line=2097152T,size=4,lat=2'
expect 2 "sim: spec: level L1: line x ways is larger than size" --sim 'L1:line=64K,size=4,lat=2'
expect 2 "sim: spec: level L1: line x ways is larger than size" --sim 'L1:line=64,ways=8,size=256,lat=2;mem:lat=9'
expect 2 "sim: spec: ways=1.5 is not a whole number" --sim 'L1:size=4K,lat=4,ways=1.5;mem:lat=9'
expect 2 "sim: spec: entries=1e3 is not a whole number" --sim "$sim;tlb:entries=1e3"
expect 2 "sim: spec: lat=nan is not a number" --sim 'L1:size=4K,lat=nan;mem:lat=9'
expect 2 "sim: spec: lat=inf is not a number" --sim 'L1:size=4K,lat=4;mem:lat=inf'
expect 2 "sim: spec: tlb needs entries= \(ways x a power of two\)" --sim "$sim;tlb:entries=12"
# The limits are checked at open, before the arrays are allocated: under a
# memory limit far below what L1:size=8G's arrays would take, the refusal
# still comes (the limit is left off where chase cannot start under it, as
# under ASan, which reserves terabytes of address space).
limit=1000000
(ulimit -v "$limit" && "$CHASE" --version) > /dev/null 2>&1 || limit=unlimited
(ulimit -v "$limit" 2>/dev/null
 expect 2 "sim: spec: level L1: 8 GiB of 64 B lines is 134217728 lines; the simulator holds at most 16777216 lines a level" \
    --sim 'L1:size=8G,lat=4;mem:lat=9' --max 8K
 echo "$checks $failed" > "$tmp/sub")
read checks failed < "$tmp/sub"
expect 4 "the simulator walks at most 16777216 lines" --sim "$sim" --max 2G --stride 8
expect 2 "applies to the sim backend only" -b cpu --sim "$sim"
expect 2 "not available on the cpu backend" -b cpu --cache-op cg --max 64K
# The constant and texture paths are the cuda backend's (chase(1)): the
# option parses, and the sim and cpu backends refuse it, usage.
expect 2 "not available on the cpu backend" -b cpu --cache-op const --max 64K
expect 2 "not available on the cpu backend" -b cpu --cache-op tex --max 64K
expect 2 "not available on the sim backend" --sim "$sim" --cache-op const
expect 2 "not available on the sim backend" --sim "$sim" --cache-op tex
expect 2 "not available on the sim backend" loads --sim "$sim" --cache-op const
expect 2 "unknown cache operator 'texture' \\(ca, cg, nc, const, tex\\)" --cache-op texture
expect 2 "not available on the cpu backend" -b cpu --sm 3 --max 64K
expect 2 "not available on the sim backend" --sim "$sim" --sm any
expect 2 "not available on the cpu backend" -b cpu --l2-fetch 32 --max 64K
expect 2 "not available on the sim backend" --sim "$sim" --l2-fetch 64
expect 2 "takes 32, 64 or 128" --l2-fetch 48
expect 2 "from 32 to 128" --l2-fetch 256
expect 2 "chase banks does not take --l2-fetch" banks --l2-fetch 32
expect 2 "--sm: 'x' is not a whole number" --sm x
expect 5 "cannot write '/nonexistent/dir/x.tsv'" --sim "$sim" --max 16K -o /nonexistent/dir/x.tsv
expect 4 "does not fit in this machine's memory" -b cpu --max 900T
expect 2 "analyze: name at least one FILE" analyze
expect 5 "cannot read 'no-such-file.tsv'" analyze no-such-file.tsv
printf '# a curve\n1024\t4.0\n2048\tfour\n' > "$tmp/bad.tsv"
expect 5 "bad.tsv:3: 'four' is not a number" analyze "$tmp/bad.tsv"
printf '{"meta": {"a": "b"}, "points": [{"bytes": 1024, "cycles": 4}, {"bytes": 2048, ' > "$tmp/bad.json"
expect 5 "bad.json:1:[0-9]+: malformed JSON" analyze "$tmp/bad.json"
: > "$tmp/empty.tsv"
expect 5 "no data rows" analyze "$tmp/empty.tsv"
head -c 3000 /dev/urandom > "$tmp/noise.bin" 2>/dev/null || printf '\001\002\003' > "$tmp/noise.bin"
"$CHASE" analyze "$tmp/noise.bin" > /dev/null 2>&1
st=$?
check "random bytes as input: an error, not a crash (exit $st)" test "$st" -eq 5
expect 2 "plot: name the image" plot "$tmp/bad.tsv"

# An output that is an input or another output is refused before anything
# runs (by name, and by device and inode for links).
expect 2 "-o and --plot name the same file" --sim "$sim" --max 16K -o "$tmp/x.png" --plot "$tmp/x.png"
expect 2 "-o and --plot name the same file" --sim "$sim" --max 16K -o "$tmp/x.png" --plot "$tmp/../${tmp##*/}/./x.png"
expect 2 "-o and --script name the same file" --sim "$sim" --max 16K -o "$tmp/x.tsv" --plot "$tmp/x.png" --script "$tmp/x.tsv"
expect 2 "--script keeps the script of a --plot" --sim "$sim" --max 16K -o "$tmp/x.tsv" --script "$tmp/x.gp"
expect 2 "--script keeps the script of a --plot" banks -b sim --script "$tmp/x.gp"
expect 2 "--plot and --script name the same file" --sim "$sim" --max 16K --plot "$tmp/x.svg" --script "$tmp/x.svg"
check "... and nothing was measured or written" sh -c "! ls '$tmp'/x.* '$tmp'/.x.* 2>/dev/null | grep -q ."
"$CHASE" --sim "$sim" --max 16K -q -o "$tmp/c.tsv"
cp "$tmp/c.tsv" "$tmp/c.png"
cp "$tmp/c.tsv" "$tmp/c.orig"
ln "$tmp/c.tsv" "$tmp/hard.tsv"
ln -s c.tsv "$tmp/link.tsv"
expect 2 "the image \(-o\) '.*c.png' is also an input" plot "$tmp/c.png" -o "$tmp/c.png"
expect 2 "-o '.*hard.tsv' is also an input" analyze "$tmp/c.tsv" -o "$tmp/hard.tsv"
expect 2 "-o '.*link.tsv' is also an input" analyze -f json "$tmp/c.tsv" -o "$tmp/link.tsv"
expect 2 "--script '.*c.tsv' is also an input" plot "$tmp/c.tsv" -o "$tmp/d.png" --script "$tmp/c.tsv"
check "... and the inputs are as they were" sh -c "cmp -s '$tmp/c.tsv' '$tmp/c.orig' && cmp -s '$tmp/c.png' '$tmp/c.orig'"
expect 2 "--plot: cannot tell what to draw '.*y.txt' as" --sim "$sim" --max 16K -o "$tmp/y.tsv" --plot "$tmp/y.txt"
check "... refused before the sweep ran: no data written" test ! -e "$tmp/y.tsv"
"$CHASE" --sim "$sim" --max 16K -q -o /dev/null --plot "$tmp/dev.png" --script /dev/null
st=$?
# Not refused (2); without gnuplot the plot itself fails (6), after the check.
check "a device named twice (-o /dev/null --script /dev/null) is not refused (exit $st)" test $st -eq 0 -o $st -eq 6

# Write errors: exit 5, the file named, at the first failed write.
if [ -w /dev/full ]; then
    expect 5 "writing '/dev/full' failed: No space left on device" --sim "$sim" --max 16K -o /dev/full
    expect 5 "writing '/dev/full' failed" analyze -f json "$tmp/c.tsv" -o /dev/full
    for how in --help --version --list-backends; do
        "$CHASE" $how > /dev/full 2> "$tmp/err"
        st=$?
        check "chase $how > /dev/full: exit 5 (got $st): $(head -1 "$tmp/err")" \
            sh -c "[ $st -eq 5 ] && grep -q 'writing standard output failed: No space left' '$tmp/err'"
    done
    for how in "analyze" "analyze -f tsv" "analyze -f json" "--sim $sim --max 16K -q"; do
        # shellcheck disable=SC2086
        "$CHASE" $how "$tmp/c.tsv" > /dev/full 2> "$tmp/err" < /dev/null
        st=$?
        [ "${how#--sim}" != "$how" ] && { "$CHASE" $how > /dev/full 2> "$tmp/err" < /dev/null; st=$?; }
        check "chase $how > /dev/full: exit 5 (got $st) naming standard output: $(head -1 "$tmp/err")" \
            sh -c "[ $st -eq 5 ] && grep -q 'writing standard output.*No space left' '$tmp/err'"
    done
fi
# A disk that fills mid-sweep (a file size limit): the sweep stops at the
# first row that could not be written, and FILE.partial keeps the whole
# rows before it.
# The limit lies half way through the file's rows, whatever the header's
# length (the command line in it names this build's path) and whatever
# unit this shell's ulimit -f counts in (dash 512 bytes, bash 1024).
big='L1:size=32K,lat=4;L2:size=1M,ways=16,lat=20;mem:lat=200'
"$CHASE" --sim "$big" --max 16M -q -o "$tmp/whole.tsv"
head_bytes=$(awk '/^bytes/ { print c; exit } { c += length($0) + 1 }' "$tmp/whole.tsv")
all_bytes=$(wc -c < "$tmp/whole.tsv")
unit=$( (trap '' XFSZ; ulimit -f 1; head -c 4096 /dev/zero > "$tmp/unit" 2> /dev/null); wc -c < "$tmp/unit")
blocks=$(( (head_bytes + (all_bytes - head_bytes) / 2) / unit ))
( trap '' XFSZ; ulimit -f "$blocks"; "$CHASE" --sim "$big" --max 16M -v -o "$tmp/big.tsv" 2>&1; echo "exit $?" ) |
    cat > "$tmp/err"
measured=$(grep -c ' cycles, [0-9]* samples$' "$tmp/err")
kept=$(data "$tmp/big.tsv.partial" 2>/dev/null | wc -l)
after=$(sed -n "/big.tsv' failed/,\$p" "$tmp/err" | grep -c ' cycles, [0-9]* samples$')
check "a full disk mid-sweep: exit 5 naming the file: $(grep "big.tsv' failed" "$tmp/err")" \
    sh -c "grep -q '^exit 5$' '$tmp/err' && grep -q \"writing '.*big.tsv' failed: File too large\" '$tmp/err'"
check "... stops at the first failed row ($measured measured and written, $kept whole rows kept, $after after)" \
    sh -c "[ '$measured' -ge 5 ] && [ '$measured' -eq '$kept' ] && [ '$after' -eq 0 ]"
check "... and what it kept reads back" sh -c '"$CHASE" analyze "$1" > /dev/null' sh "$tmp/big.tsv.partial"

# gnuplot that fails, or that exits 0 having drawn nothing: exit 6, and an
# older image stays as it was.
printf '#!/bin/sh\nexit 1\n' > "$tmp/gp-fails"
printf '#!/bin/sh\nexit 0\n' > "$tmp/gp-draws-nothing"
chmod +x "$tmp/gp-fails" "$tmp/gp-draws-nothing"
echo "an older image" > "$tmp/old.png"
GNUPLOT=$tmp/gp-fails expect 6 "gnuplot failed to draw '.*old.png'" plot "$tmp/c.tsv" -o "$tmp/old.png"
GNUPLOT=$tmp/gp-draws-nothing expect 6 "gnuplot drew nothing for '.*old.png'" plot "$tmp/c.tsv" -o "$tmp/old.png"
check "... the older image is left as it was, and no temporary" \
    sh -c "grep -qx 'an older image' '$tmp/old.png' && ! ls '$tmp'/.old.png.* 2>/dev/null | grep -q ."
if [ -n "${GNUPLOT_PROG:-}" ] && [ -w /dev/full ]; then
    ln -s /dev/full "$tmp/full.png"
    expect 5 "writing '.*full.png' failed: No space left on device" plot "$tmp/c.tsv" -o "$tmp/full.png"
    expect 5 "writing the gnuplot script '/dev/full' failed" plot "$tmp/c.tsv" -o "$tmp/e.png" --script /dev/full
fi
finish
