# loads-isa.sh: the ISA of chase loads' kernels for every configured AMD
# target.  In each burst kernel (cache operator x width) every timed region
# is `s_memtime; N x global_load_<width> [bits]; s_waitcnt vmcnt(0);
# s_memtime` with nothing else inside, once for each N of the bursts and
# once empty (the dry run); the loads carry the operator's cache bits;
# s_memtime's own counter is waited for (lgkmcnt(0)) before either clock
# value is read.  In each block kernel the warps' rounds of 1, 2 and 4 loads
# are each followed by s_waitcnt vmcnt(0).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

if [ "${CHASE_HAVE_HIP:-no}" != yes ]; then
    [ -n "${CHASE_REQUIRE_MODULES:-}" ] && { not_ok "the hip module was not configured"; finish; exit 1; }
    skip_all "the hip module was not configured"
fi
for arch in $HIP_ARCHS; do
    asm=$(kernel_asm hip $arch) || { not_ok "hipcc -S for $arch: $(head -3 "$tmp/asm.err")"; continue; }
    case $arch in gfx94*|gfx95*) bypass=sc1 ;; *) bypass=glc ;; esac
    for op in ca cg; do
        for w in 4 8 16; do
            case $w in 4) insn=global_load_dword ;; 8) insn=global_load_dwordx2 ;; 16) insn=global_load_dwordx4 ;; esac
            for kind in loads loadsblk; do
                awk -v f="chase_${kind}_${op}_${w}:" '$1 == f { on = 1 } on && /^\.Lfunc_end/ { exit } on { print }' "$asm" |
                    sed 's/;.*//; s/^[ \t]*//; /^$/d; /^\./{/^\.LBB/!d}' > "$tmp/body"
                verdict=$(awk -v kind="$kind" -v op="$op" -v insn="$insn" -v bypass="$bypass" '
                    { line[NR] = $0; split($0, tok, /[ ,]+/); first[NR] = tok[1] }
                    function isload(i) { return first[i] ~ /^global_load_/ }
                    function bits(i,   b) {
                        if (first[i] != insn) return "a " first[i] " where " insn " belongs: " line[i]
                        b = line[i] ~ /( glc| sc0| sc1| nt| slc| dlc)/
                        if (op == "ca" && b) return "a ca load with cache-policy bits: " line[i]
                        if (op == "cg" && line[i] !~ (" " bypass)) return "a cg load without " bypass ": " line[i]
                        return ""
                    }
                    # The SGPRs an s_memtime writes: s[a:b] -> "sa sb".
                    function regs(i,   r) { r = line[i]; sub(/^s_memtime s\[/, "", r); sub(/\].*/, "", r); split(r, p, ":"); return "s" p[1] " s" p[2] " s[" p[1] ":" p[2] "]" }
                    function reads(i, set,   n, t, k, m, s) {
                        n = split(line[i], t, /[ ,]+/); m = split(set, s, " ")
                        for (k = 2; k <= n; k++) for (j = 1; j <= m; j++) if (t[k] == s[j]) return 1
                        return 0
                    }
                    # Is the clock value read only after lgkmcnt(0)?
                    function waited(from, set,   i) {
                        for (i = from + 1; i <= NR; i++) {
                            if (line[i] ~ /^s_waitcnt/ && line[i] ~ /lgkmcnt\(0\)/) return 1
                            if (reads(i, set)) return 0
                        }
                        return 1
                    }
                    END {
                        if (!NR) { print "no such kernel"; exit }
                        if (kind == "loads") {
                            for (i = 1; i <= NR; i++) if (first[i] == "s_memtime") mt[++nmt] = i
                            for (m = 1; m < nmt; m++) {
                                a = mt[m]; b = mt[m + 1]; n = 0; wait = 0; other = 0
                                for (i = a + 1; i < b; i++) {
                                    if (isload(i)) { if (wait) other = 1; n++; e = bits(i); if (e != "") bad = bad e "; " }
                                    else if (line[i] == "s_waitcnt vmcnt(0)") wait++
                                    else if (first[i] != "s_nop") other = 1
                                }
                                if (other || wait != 1) continue
                                seen[n]++
                                if (!waited(b, regs(a) " " regs(b))) bad = bad "a clock value read before lgkmcnt(0) after line " b "; "
                            }
                            split("0 1 2 4 8 11 16 24 32", want, " ")
                            for (k in want) if (seen[want[k]] != 1) bad = bad (seen[want[k]] + 0) " regions of " want[k] " loads (want 1); "
                            for (k in seen) { ok = 0; for (j in want) if (k == want[j]) ok = 1; if (!ok) bad = bad "a region of " k " loads; " }
                        } else {
                            for (i = 1; i <= NR; i++) {
                                if (!isload(i) || first[i] != insn) continue
                                for (j = i; j <= NR && isload(j); j++) { e = bits(j); if (e != "") bad = bad e "; " }
                                if (line[j] == "s_waitcnt vmcnt(0)") runs[j - i]++
                                i = j
                            }
                            split("1 2 4", want, " ")
                            for (k in want) if (!runs[want[k]]) bad = bad "no round of " want[k] " loads then s_waitcnt vmcnt(0); "
                        }
                        print bad == "" ? "ok" : bad
                    }' "$tmp/body")
                what="$arch chase_${kind}_${op}_${w}"
                if [ "$verdict" = ok ]; then
                    if [ $kind = loads ]; then
                        ok "$what: s_memtime, N x $insn$([ $op = cg ] && echo " $bypass"), s_waitcnt vmcnt(0), s_memtime for N = 1 2 4 8 11 16 24 32 and the dry run; lgkmcnt(0) before the clocks are read"
                    else
                        ok "$what: rounds of 1, 2 and 4 x $insn, each then s_waitcnt vmcnt(0)"
                    fi
                else
                    not_ok "$what: $verdict"
                fi
            done
        done
    done
done
finish
