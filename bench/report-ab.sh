# report-ab.sh: one report of device 0, the code before (chase-old.tar.gz)
# and after (chase-0.2.0.tar.gz) a change, built side by side and run
# alternately ROUNDS times (default 3): each report's seconds and its
# parts' (report.md's table), and what its assoc part read of the L1.
# Run from a directory holding both tarballs (make dist).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
R=$OUT/r
mkdir -p $R
. "$(dirname "$0")/device-build.sh"
chase_build_ab || exit 1
nvidia-smi --query-gpu=name,clocks.sm,temperature.gpu --format=csv,noheader
i=0
while [ $i -lt "${ROUNDS:-3}" ]; do
    i=$((i + 1))
    for v in old new; do
        (cd $v && CHASE_BACKEND_PATH=$PWD T "$v-$i" ./chase report -b cuda -d 0 -q -o $R/$v-$i)
        grep -E "^\| (sweep|assoc|tlb|bandwidth) \|" $R/$v-$i/report.md | tr '\n' ' '
        echo
        grep -E "^# (L1|L1_c[0-9]+)\.(ways|policy): |^# also_carveout_ways" $R/$v-$i/assoc.tsv | tr '\n' ' '
        echo
        rm -f $R/$v-$i/*.png
    done
done
cd $OUT && tar czf report-ab.tar.gz r && rm -rf r
