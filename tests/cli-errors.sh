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
expect 2 "unexpected argument" stray
expect 3 "device 5 does not exist" -b cpu --device 5
expect 3 "device 1 does not exist" --sim "$sim" --device 1
expect 2 "sim spec: section 'garbage' needs a name" --sim garbage
expect 2 "sim spec: level L1 needs size= and lat=" --sim 'L1:lat=4;mem:lat=9'
expect 2 "sim spec: needs at least one cache level" --sim 'mem:lat=9'
expect 2 "sim spec: unknown key 'colour'" --sim 'L1:size=4K,lat=4,colour=red;mem:lat=9'
expect 2 "sim spec: policy=plru" --sim 'L1:size=4K,lat=4,policy=plru;mem:lat=9'
expect 2 "power of two sets" --sim 'L1:size=3K,lat=4;mem:lat=9'
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
expect 2 "sim spec: tlb: 4 entries of 8 EiB reach beyond 2\^64 bytes" \
    --sim 'L:size=2K,lat=3;mem:lat=2;tlb:entries=4,page=8388608T' --max 64K
expect 2 "sim spec: level L1: line x ways is larger than size" --sim 'L1:line=2097152T,size=4,lat=2'
expect 2 "sim spec: level L1: line x ways is larger than size" --sim 'L1:line=64,ways=8,size=256,lat=2;mem:lat=9'
expect 2 "sim spec: ways=1.5 is not a whole number" --sim 'L1:size=4K,lat=4,ways=1.5;mem:lat=9'
expect 2 "sim spec: entries=1e3 is not a whole number" --sim "$sim;tlb:entries=1e3"
expect 2 "sim spec: lat=nan is not a number" --sim 'L1:size=4K,lat=nan;mem:lat=9'
expect 2 "sim spec: lat=inf is not a number" --sim 'L1:size=4K,lat=4;mem:lat=inf'
expect 2 "sim spec: tlb needs entries= \(ways x a power of two\)" --sim "$sim;tlb:entries=12"
# The limits are checked at open, before the arrays are allocated: under a
# memory limit far below what L1:size=8G's arrays would take, the refusal
# still comes (the limit is left off where chase cannot start under it, as
# under ASan, which reserves terabytes of address space).
limit=1000000
(ulimit -v "$limit" && "$CHASE" --version) > /dev/null 2>&1 || limit=unlimited
(ulimit -v "$limit" 2>/dev/null
 expect 2 "sim spec: level L1: 8 GiB of 64 B lines is 134217728 lines; the simulator holds at most 16777216 lines a level" \
    --sim 'L1:size=8G,lat=4;mem:lat=9' --max 8K
 echo "$checks $failed" > "$tmp/sub")
read checks failed < "$tmp/sub"
expect 4 "the simulator walks at most 16777216 lines" --sim "$sim" --max 2G --stride 8
expect 2 "applies to the sim backend only" -b cpu --sim "$sim"
expect 2 "not available on the cpu backend" -b cpu --cache-op cg --max 64K
expect 2 "not available on the cpu backend" -b cpu --sm 3 --max 64K
expect 2 "not available on the sim backend" --sim "$sim" --sm any
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
finish
