# data-run.sh: the data/ reports of one device, from the `make dist`
# tarball, in one lease: the SASS checks of every kernel (cuobjdump runs
# on the device), the full `chase report` (every part), chase bandwidth's
# partitioned read, and each command's time.  The plots are drawn
# elsewhere from what comes back (no gnuplot on the device): sh
# bench/replot.sh DIR plots/chase.gp.
#
#   sh bench/data-run.sh chase-0.2.0.tar.gz NAME
#
# Results: $OUT/NAME.tar.gz (NAME-report/, bandwidth-partitioned.tsv,
# check.log, times.txt, smi.txt).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
[ $# -eq 2 ] || { echo "usage: sh bench/data-run.sh TARBALL NAME" >&2; exit 2; }
tarball=$1 name=$2
case $tarball in /*) ;; *) tarball=$PWD/$tarball ;; esac
R=$OUT/$name
mkdir -p "$R" build
tar xzf "$tarball" -C build && cd build/chase-* || exit 1
(./configure --with-cuda=/usr/local/cuda --without-hip --with-cuda-arch=90 --enable-werror > conf.log 2>&1 &&
    make -j16 > make.log 2>&1) || { tail -30 conf.log make.log; exit 1; }
export CHASE_BACKEND_PATH=$PWD
nvidia-smi -L > "$R/smi.txt"
make check TESTS="$(ls tests/*-asm.sh tests/*-sass.sh 2> /dev/null | tr '\n' ' ')" > "$R/check.log" 2>&1
grep -E "^(FAIL|ERROR)|^# (TOTAL|PASS|FAIL|SKIP)" "$R/check.log"
t() { /usr/bin/time -a -o "$R/times.txt" -f "%e s: $*" "$@"; }
t ./chase report -b cuda -q -o "$R/$name-report"
t ./chase bandwidth -b cuda --placement partitioned --op read -q -o "$R/bandwidth-partitioned.tsv"
cat "$R/times.txt"
grep -o '"name": "[a-z]*", "what": "[^"]*", "status": "[^"]*", "exit": [0-9]*, "seconds": [0-9.]*' \
    "$R/$name-report/report.json"
for f in bandwidth assoc async; do
    echo "== $f"; grep -A16 "^# table: levels" "$R/$name-report/$f.tsv" 2> /dev/null | cut -f1-9 | head -18
done
rm -f "$R/$name-report"/*.png
cd "$OUT" && tar czf "$name.tar.gz" "$name" && rm -rf "$name"
