#!/bin/sh
# loads-vs-sweep.sh TARBALL: on a CUDA machine, builds chase from its dist
# tarball, sweeps 32 MiB to 1 GiB, then times one lane's loads (chase loads
# --bytes) at sizes past the L2 and prints one lane's T(1) (median, mean)
# beside the sweep's curve: the check that a single load agrees with the
# chase where the level's single loads spread widely (bench/NOTES.md).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
[ $# -eq 1 ] && [ -f "$1" ] || { echo "usage: $0 chase-VERSION.tar.gz" >&2; exit 2; }
tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
cd "$work" && tar xzf "$tarball" && cd chase-*/ || exit 1
{ ./configure --with-cuda --without-hip --with-cuda-arch=90 && make -j16; } > build.log 2>&1 ||
    { tail -20 build.log; exit 1; }
./chase -b cuda --min 32M --max 1G -q -o s.tsv || exit 1
grep '^# level' s.tsv | cut -f1-4
for b in 56M 64M 128M 256M 512M 1G; do
    ./chase loads -b cuda --bytes "$b" -q -o l.tsv || continue
    awk -F'\t' -v b="$b" '/^# table: loads/ { on = 1; next } /^# table:/ { on = 0 }
        on && !/^#/ && $4 == 1 { printf "%-5s one lane, b%d: T(1) median %s, mean %s cycles\n", b, $3 * 8, $7, $19 }' l.tsv
done
echo "the sweep (every third point):"
awk '/^[0-9]/ { printf "%.0f MiB %.1f\n", $1 / 1048576, $2 }' s.tsv | awk 'NR % 3 == 0'
