# cli-golden.sh: the sim backend is deterministic, so its output is checked in
# whole against tests/golden (less the lines that carry the date and timing).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

sim='L1:size=4K,ways=4,lat=4;L2:size=64K,ways=8,lat=20,policy=fifo;mem:lat=150'
strip() { grep -Ev '^# (date|command|elapsed_s):|"(date|command|elapsed_s)":'; }
for f in tsv csv json; do
    "$CHASE" --sim "$sim" --max 512K --steps 4 -q -f $f | strip > "$tmp/out.$f"
    if cmp -s "$tmp/out.$f" "$srcdir/tests/golden/sim.$f"; then
        ok "$f output matches tests/golden/sim.$f"
    else
        not_ok "$f output differs from tests/golden/sim.$f"
        diff "$srcdir/tests/golden/sim.$f" "$tmp/out.$f" | head -20
    fi
done
finish
