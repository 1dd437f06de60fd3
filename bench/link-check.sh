# link-check.sh: a peer's and the host's bandwidth against the link's
# bound as NVML gives it (read and copy: a copy's bound is twice the
# link's each way), and --sizes with --cache-op const (the constant array
# holds 64 KiB: a sweep of named sizes must fit it).  Run from the
# directory holding chase-0.2.0.tar.gz on a host of two GPUs; the files go
# to $OUT.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$(dirname "$0")/device-build.sh"
chase_build chase-0.2.0.tar.gz c > /dev/null && cd c || exit 1
export CHASE_BACKEND_PATH=$PWD
for t in peer:1 host; do
    ./chase bandwidth -b cuda -d 0 --memory $t --op read,copy --placement stream --min 200M --max 200M -q \
        -o $OUT/bw-${t%%:*}.tsv
    grep -E "^# driver.link|^# over_peak" $OUT/bw-${t%%:*}.tsv
    awk -F'\t' '/^# table: levels/ { on = 1; next } on && !/^#/' $OUT/bw-${t%%:*}.tsv | cut -f1-3,14,17-22
done
./chase --cache-op const --sizes 4K,16K,64K -b cuda -q -o $OUT/const.tsv
echo "const sizes: exit $?"
grep -v "^#" $OUT/const.tsv
