# sim-score.awk: one simulated hierarchy's found levels scored against its
# true edges (tests/sim-classes.sh, bench/sim-set.sh).
# Input: first file "lo hi" of every level the finder bounded; second the
# true edges (bytes, one line, space-separated).  Variables: class, spec.
# An edge is found when a level's interval lies within an octave of it
# (each found level matched once, nearest first); a found level matched to
# none is a phantom; a capacity within a step (2^(1/8)) of its level's
# interval is placed.  Prints: class edges found phantoms placed|spec|missed: ... phantom: ...
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
NR == FNR { lo[++n] = $1; hi[n] = $2; next }
{ for (i = 1; i <= NF; i++) t[++m] = $i }
END {
    st = 2 ^ (1 / 8)
    for (i = 1; i <= m; i++) {
        best = 0; bd = 1e9
        for (j = 1; j <= n; j++) {
            if (used[j] || t[i] < lo[j] / 2 || t[i] > hi[j] * 2) continue
            d = t[i] < lo[j] ? log(lo[j] / t[i]) : t[i] > hi[j] ? log(t[i] / hi[j]) : 0
            if (d < bd) { bd = d; best = j }
        }
        if (best) { used[best] = 1; found++; if (t[i] >= lo[best] / st && t[i] <= hi[best] * st) placed++ }
        else miss = miss " " t[i]
    }
    for (j = 1; j <= n; j++) if (!used[j]) { ph++; phs = phs " " lo[j] ".." hi[j] }
    printf "%s %d %d %d %d|%s|missed:%s phantom:%s\n", class, m, found, ph, placed, spec, miss, phs
}
