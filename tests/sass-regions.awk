# sass-regions.awk: the timed regions of one kernel in `cuobjdump -sass`
# output, judged (tests/loads-sass.sh, tests/banks-sass.sh).  A kernel's
# __noinline__ device functions are code inside its listing (reached by
# CALL.REL.NOINC), so regions are found by their clock reads, not by name:
# a region is two consecutive `CS2R Rn, SR_CLOCKLO` with no CALL, RET or
# EXIT between them; it is straight (no branch) or a loop (a branch in it
# jumps back to an address inside it; a forward one may only skip to a
# place inside it, the guard of a loop of no iterations).  The control bits are read from
# each instruction's second 64-bit word (bits 41-63: stall, yield, write
# barrier 46-48, read barrier 49-51, wait mask 52-57).
#
# Variables: fn (the kernel), unit (LDG or LDS), width (4, 8, 16), mods (a
# regex the load's modifiers must match, "" for any), bursts (the straight
# regions' load counts wanted, each at least once), loops (the loop regions'
# load counts wanted), chain (1: a loop of one load whose address is the
# register it writes), empty (1: a straight region with no load), combine
# (a regex of the opcodes allowed to read a loaded register before the
# closing read).  Prints "ok", or what is wrong, on one line.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
function hexval(s,   i, c, v) {
    v = 0; s = tolower(s); sub(/^0x/, "", s)
    for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; v = v * 16 + c }
    return v
}
function isreg(t) { return t ~ /^R[0-9]+$/ }
# The registers instruction i reads (its operands after the first), as " R1 R2 ".
function sources(i,   n, w, k, s, r) {
    n = split(ops[i], w, /[ ,\[\]{}|]+/); s = " "
    for (k = 2; k <= n; k++) { r = w[k]; sub(/\.(reuse|64|128|U32|X4)$/, "", r); sub(/\.reuse$/, "", r); if (isreg(r)) s = s r " " }
    return s
}
function dest(i,   w) { split(ops[i], w, /[ ,]+/); return w[1] }
# Marks the registers load i writes (one per 4 bytes of its width).
function taint(i, t,   d, dn, m) {
    d = dest(i); dn = substr(d, 2) + 0
    for (m = 0; m < width / 4 || m < 1; m++) t["R" (dn + m)] = 1
}
function width_of(o) { return o ~ /\.128/ ? 16 : o ~ /\.64/ ? 8 : o ~ /\.(U8|S8|U16|S16)/ ? 0 : 4 }
function isload(i) { return op[i] ~ ("^" unit "(\\.|$)") }
function isclock(i) { return op[i] == "CS2R" && ops[i] ~ /SR_CLOCKLO/ }
function hard(i) { return op[i] ~ /^(CALL|RET|EXIT|BRX|JMX)/ }
BEGIN { if (combine == "") combine = "^LOP3" }
/Function : / { on = ($NF == fn); next }
!on { next }
match($0, /\/\*[0-9a-f]+\*\/[ \t]+[^ \t]/) {
    a = $0; sub(/^[ \t]*\/\*/, "", a); sub(/\*\/.*/, "", a)
    t = $0; sub(/^[ \t]*\/\*[0-9a-f]+\*\/[ \t]+/, "", t); sub(/[ \t]*;.*$/, "", t)
    n++; addr[n] = hexval(a); txt[n] = t
    p = t; pred[n] = ""
    if (p ~ /^@!?U?P[0-9T]+[ \t]/) { pred[n] = p; sub(/[ \t].*/, "", pred[n]); sub(/^@!?U?P[0-9T]+[ \t]+/, "", p) }
    op[n] = p; sub(/[ \t].*/, "", op[n]); ops[n] = p; sub(/^[^ \t]+[ \t]*/, "", ops[n])
    pending = n; next
}
pending && /^[ \t]*\/\* 0x[0-9a-f]+ \*\/[ \t]*$/ {
    h = $0; sub(/^[ \t]*\/\* 0x/, "", h); sub(/ .*/, "", h)
    x = hexval(substr(h, 1, 5))          # bits 44-63
    wb[pending] = int(x / 4) % 8; wt[pending] = int(x / 256) % 64
    pending = 0; next
}
function waits(i, b) { return int(wt[i] / 2 ^ b) % 2 }
function judge(a, b, kind,   i, j, k, nl, ld, bad, r, tainted, s, w, ww, ok, last, lo, hi, d, dn, m) {
    bad = ""; nl = 0
    for (i = a + 1; i < b; i++) if (isload(i)) {
        ld[++nl] = i
        if (width_of(op[i]) != width) bad = bad op[i] " is not " width " bytes; "
        if (mods != "" && op[i] !~ mods) bad = bad op[i] " lacks " mods "; "
    }
    # Inside the burst, a register is a load's from that load on (before
    # it, the same register may hold an address or an old value): an
    # instruction between the first and the last load that reads or
    # writes one waits for that load, and the loads are no longer back to
    # back.
    delete tainted
    if (kind == "straight" && nl) {
        for (i = ld[1]; i < ld[nl]; i++) {
            if (isload(i)) { taint(i, tainted); continue }
            s = sources(i) dest(i) " "
            for (r in tainted) if (index(s, " " r " ")) { bad = bad "a loaded register used inside the burst: " txt[i] "; "; break }
        }
    }
    # After the last load, every load's registers.
    delete tainted
    for (k = 1; k <= nl; k++) taint(ld[k], tainted)
    if (kind == "straight" && nl) {
        # After the last load: only the combine reads what the loads wrote
        # (and what the combine made), and the closing read follows it.
        last = 0
        for (i = ld[nl] + 1; i < b; i++) {
            s = sources(i); ok = 0
            for (r in tainted) if (index(s, " " r " ")) ok = 1
            if (ok) {
                if (op[i] !~ combine) bad = bad "a use of the loads before the closing read: " txt[i] "; "
                d = dest(i); if (isreg(d)) tainted[d] = 1
                last = i
            }
        }
        if (last != b - 1) bad = bad "the closing clock read does not follow the instruction that uses the loads; "
        # Every load's scoreboard is waited for before the closing read
        # (a load with none: a later one's, as LDS complete in order).
        for (k = nl; k >= 1; k--) {
            w = wb[ld[k]]
            if (w == 7) { if (k == nl) bad = bad "the last load sets no scoreboard; "; continue }
            ok = 0; for (i = ld[k] + 1; i <= b; i++) if (waits(i, w)) ok = 1
            if (!ok) bad = bad "nothing waits for " txt[ld[k]] " before the closing read; "
        }
    }
    if (kind == "loop" && nl == 1 && chain_wanted) {
        split(ops[ld[1]], ww, /[ ,\[\]]+/); lo = ww[2]; sub(/\.64$/, "", lo)
        if (dest(ld[1]) == lo) chains++
    }
    # No load of the unit just before the first clock read (hoisted out).
    for (i = a - 1; i >= 1 && i >= a - 12; i--) {
        if (isclock(i) || hard(i) || op[i] ~ /^BRA/) break
        if (isload(i) && width_of(op[i]) == width) { bad = bad "a load before the first clock read: " txt[i] "; "; break }
    }
    if (bad != "") problems = problems "[" kind " " nl " loads at " sprintf("%04x", addr[a]) "] " bad
    return nl
}
END {
    chain_wanted = chain + 0
    if (!n) { print "no function " fn " in the listing"; exit }
    for (i = 1; i <= n; i++) if (isclock(i)) c[++nc] = i
    for (k = 1; k < nc; k++) {
        a = c[k]; b = c[k + 1]; kind = "straight"; okr = 1
        for (i = a + 1; i < b; i++) {
            if (hard(i)) okr = 0
            if (op[i] ~ /^BRA/) {
                tg = ops[i]; sub(/^.*0x/, "", tg); sub(/[^0-9a-f].*$/, "", tg); tg = hexval(tg)
                # Back inside: a loop; forward inside: the guard that skips
                # a loop of no iterations; anywhere else: not one region.
                if (tg <= addr[i] && tg > addr[a]) kind = "loop"
                else if (!(tg > addr[i] && tg <= addr[b])) okr = 0
            }
        }
        if (!okr) continue
        nl = judge(a, b, kind)
        if (kind == "straight") straight[nl]++; else loop[nl]++
        k++
    }
    split(bursts, want, " ")
    for (k in want) if (!straight[want[k]]) problems = problems "no region of " want[k] " back-to-back loads; "
    split(loops, want, " ")
    for (k in want) if (!loop[want[k]]) problems = problems "no loop of " want[k] " loads between clock reads; "
    if (empty && !straight[0]) problems = problems "no empty region; "
    if (chain_wanted && !chains) problems = problems "no loop of one dependent load; "
    for (k in straight) if (k > 0) { ok = 0; split(bursts, want, " "); for (j in want) if (want[j] == k) ok = 1; if (!ok) problems = problems "a region of " k " loads (a burst split or hoisted); " }
    print problems == "" ? "ok" : problems
}
