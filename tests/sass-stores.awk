# sass-stores.awk: the timed regions of one chase banks store kernel
# (chase_banks_st_bW) in `cuobjdump -sass` output, judged
# (tests/banks-sass.sh).  As in tests/sass-regions.awk, a region is two
# consecutive `CS2R Rn, SR_CLOCKLO` with no CALL, RET or EXIT between
# them, straight or a loop (a branch back inside it).  In each region:
#   - every STS is of the width (STS, STS.64, STS.128 for 4, 8, 16 bytes);
#   - one LDS, 32-bit, after the last STS: the read of the lane's word that
#     the shared memory serves after the warp's stores;
#   - an instruction between that LDS and the closing clock read reads its
#     register, so the clock waits for the read, hence for the stores (on
#     the H100 the LOP3 that makes a warp barrier's mask of it, with the
#     barrier's BRA.DIV to a path that returns);
#   - straight regions of N stores for each N of bursts, loop regions
#     holding N stores (the LDS after the loop) for each N of loops, and an
#     empty region (the LDS alone): nothing else.
# Variables: fn (the kernel), width (4, 8, 16), bursts, loops (space
# separated counts).  Prints "ok", or what is wrong, on one line.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
function hexval(s,   i, c, v) {
    v = 0; s = tolower(s); sub(/^0x/, "", s)
    for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; v = v * 16 + c }
    return v
}
function isreg(t) { return t ~ /^R[0-9]+$/ }
function sources(i,   n, w, k, s, r) {
    n = split(ops[i], w, /[ ,\[\]{}|]+/); s = " "
    for (k = 2; k <= n; k++) { r = w[k]; sub(/\.(reuse|64|128|U32|X4)$/, "", r); sub(/\.reuse$/, "", r); if (isreg(r)) s = s r " " }
    return s
}
function dest(i,   w) { split(ops[i], w, /[ ,]+/); return w[1] }
function width_of(o) { return o ~ /\.128/ ? 16 : o ~ /\.64/ ? 8 : o ~ /\.(U8|S8|U16|S16)/ ? 0 : 4 }
function isclock(i) { return op[i] == "CS2R" && ops[i] ~ /SR_CLOCKLO/ }
function hard(i) { return op[i] ~ /^(CALL|RET|EXIT|BRX|JMX)/ }
/Function : / { on = ($NF == fn); next }
!on { next }
match($0, /\/\*[0-9a-f]+\*\/[ \t]+[^ \t]/) {
    a = $0; sub(/^[ \t]*\/\*/, "", a); sub(/\*\/.*/, "", a)
    t = $0; sub(/^[ \t]*\/\*[0-9a-f]+\*\/[ \t]+/, "", t); sub(/[ \t]*;.*$/, "", t)
    n++; addr[n] = hexval(a); txt[n] = t
    p = t
    if (p ~ /^@!?U?P[0-9T]+[ \t]/) sub(/^@!?U?P[0-9T]+[ \t]+/, "", p)
    op[n] = p; sub(/[ \t].*/, "", op[n]); ops[n] = p; sub(/^[^ \t]+[ \t]*/, "", ops[n])
    next
}
function judge(a, b, kind, lp, le,   i, ns, nl, st, ld, bad, d, used) {
    bad = ""; ns = 0; nl = 0
    for (i = a + 1; i < b; i++) {
        if (op[i] ~ /^STS(\.|$)/) {
            st[++ns] = i
            if (width_of(op[i]) != width) bad = bad op[i] " is not " width " bytes; "
        }
        if (op[i] ~ /^LDS(\.|$)/) ld[++nl] = i
    }
    if (nl != 1) bad = bad nl " shared reads (want the one closing read); "
    else {
        if (width_of(op[ld[1]]) != 4) bad = bad "the closing read " op[ld[1]] " is not 32-bit; "
        if (ns && ld[1] < st[ns]) bad = bad "the closing read comes before a store; "
        d = dest(ld[1]); used = 0
        for (i = ld[1] + 1; i < b; i++) if (index(sources(i), " " d " ")) used = 1
        if (!used) bad = bad "nothing reads the closing read's " d " before the clock; "
        if (kind == "loop" && ns && !(lp <= st[1] && st[ns] < le && ld[1] > le))
            bad = bad "the stores are not in the loop, the closing read after it; "
    }
    if (bad != "") problems = problems "[" kind " " ns " stores at " sprintf("%04x", addr[a]) "] " bad
    return ns
}
END {
    if (!n) { print "no function " fn " in the listing"; exit }
    for (i = 1; i <= n; i++) if (isclock(i)) c[++nc] = i
    for (k = 1; k < nc; k++) {
        a = c[k]; b = c[k + 1]; kind = "straight"; okr = 1; lp = 0; le = 0
        for (i = a + 1; i < b; i++) {
            if (hard(i)) okr = 0
            # BRA.DIV: a warp barrier's way out when the warp has diverged
            # (it comes back to the region); the closing read's value makes
            # that barrier's mask, which is how the clock waits for it.
            if (op[i] ~ /^BRA/ && op[i] !~ /^BRA\.DIV/) {
                tg = ops[i]; sub(/^.*0x/, "", tg); sub(/[^0-9a-f].*$/, "", tg); tg = hexval(tg)
                if (tg <= addr[i] && tg > addr[a]) {
                    kind = "loop"; le = i
                    for (j = a + 1; j <= i; j++) if (addr[j] == tg) lp = j
                } else if (!(tg > addr[i] && tg <= addr[b])) okr = 0
            }
        }
        if (!okr) continue
        ns = judge(a, b, kind, lp, le)
        if (kind == "straight") straight[ns]++; else loop[ns]++
        k++
    }
    split(bursts, want, " ")
    for (k in want) if (!straight[want[k]]) problems = problems "no region of " want[k] " stores; "
    split(loops, want, " ")
    for (k in want) if (!loop[want[k]]) problems = problems "no loop of " want[k] " stores between clock reads; "
    if (!straight[0]) problems = problems "no empty region (the closing read alone); "
    for (k in straight) if (k > 0) { ok = 0; split(bursts, want, " "); for (j in want) if (want[j] == k) ok = 1; if (!ok) problems = problems "a region of " k " stores (a burst split or hoisted); " }
    for (k in loop) { ok = 0; split(loops, want, " "); for (j in want) if (want[j] == k) ok = 1; if (!ok) problems = problems "a loop of " k " stores; " }
    print problems == "" ? "ok" : problems
}
