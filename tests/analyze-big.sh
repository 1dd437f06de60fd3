# analyze-big.sh: chase analyze of a million-row curve finishes in seconds,
# in bounded memory, with the right levels (the finder bins the points).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"
# CHASE_TEST_QUICK: the sanitizer build, where a million rows take minutes;
# reader-bounds.sh reads large files under it.
[ -z "${CHASE_TEST_QUICK:-}" ] || skip_all "a million rows under CHASE_TEST_QUICK (a sanitizer build)"

# 1 KiB to 1 GiB, 50 000 rows an octave: L1 to 48 KiB, L2 to 2 MiB, memory,
# 1% noise.
awk 'BEGIN { srand(3); print "#bytes\tcycles"
             for (i = 0; i < 1000000; i++) {
                 b = int(1024 * 2 ^ (i / 50000)); c = b <= 49152 ? 4 : b <= 2097152 ? 14 : 200
                 printf "%d\t%.4g\n", b, c * (1 + 0.02 * (rand() - 0.5)) } }' > "$tmp/big.tsv"
check "the generated curve has a million rows" test "$(data "$tmp/big.tsv" | wc -l)" -eq 1000000

# Memory: a gigabyte of address space is plenty (AddressSanitizer reserves
# far more, so not under it).
limit="ulimit -v 1048576;"
if [ -n "${CHASE_TEST_NO_TIMING:-}" ] || grep -qa __asan_init "$CHASE"; then limit=; fi
start=$(date +%s)
sh -c "$limit timeout 20 \"\$0\" analyze -f tsv \"\$1\"" "$CHASE" "$tmp/big.tsv" > "$tmp/out" 2> "$tmp/err"
st=$?
end=$(date +%s)
check "analyze of a million rows exits 0 within 20 s (exit $st, $((end - start)) s)" test "$st" -eq 0
grep '^# level' "$tmp/out" | sed 's/^# level: //; s/[a-z]*=//g; s/ /_/g' | cut -f1-4 | tr '\t' ' ' > "$tmp/lv"
sed 's/^/# found: /' "$tmp/lv"
check "three levels" test "$(wc -l < "$tmp/lv")" -eq 3
check "the L1 ends at 48 KiB and the L2 at 2 MiB, each interval within a bin of the truth" \
    awk 'NR == 1 { a = $2 <= 49152 && $3 >= 49152 && $3 / $2 < 1.01 }
         NR == 2 { b = $2 <= 2097152 && $3 >= 2097152 && $3 / $2 < 1.01 } END { exit !(a && b) }' "$tmp/lv"
finish
