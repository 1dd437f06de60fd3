# banks-isa.sh: the ISA of chase banks' timed functions for every
# configured AMD target.  Each lies between two s_memtime reads, the first
# followed by s_waitcnt lgkmcnt(0) (s_memtime returns through lgkmcnt: its
# return must not overlap what is timed), the second preceded by
# s_waitcnt lgkmcnt(0) (every read has returned), with nothing else reading
# LDS between them:
#   chain_bW:  a loop of one ds_read_bW whose address register is the
#              first one it writes, each followed by s_waitcnt lgkmcnt(0);
#   burstN_bW: N ds_read_bW back to back (distinct registers), no loop;
#   blockN_bW: a loop of N ds_read_bW back to back, then one wait;
#   empty:     the two reads and their waits, no LDS read.
# The stores' functions the same way with ds_write_bW (stburstN_bW,
# stblockN_bW; stempty: the waits alone), and the two-address reads'
# (chain, burstN, blockN _read2_b64 and _read2st64_b64) with
# ds_read2_b64 ... offset1:16 and ds_read2st64_b64 ... offset1:1 (the
# second word one bank row, or 512 bytes, further: chase_backend.h's
# CHASE_SHARED_READ2_SPAN and _READ2ST64_SPAN).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

if [ "${CHASE_HAVE_HIP:-no}" != yes ]; then
    [ -n "${CHASE_REQUIRE_MODULES:-}" ] && { not_ok "the hip module was not configured"; finish; exit 1; }
    skip_all "the hip module was not configured"
fi
for arch in $HIP_ARCHS; do
    asm=$(kernel_asm hip $arch) || { not_ok "hipcc -S for $arch: $(head -3 "$tmp/asm.err")"; continue; }
    awk '
        function flush(   i, bad, nmt, mt1, mt2, n, nother, lp, le, nin, w, dst, addr, first, k, j, kind, N, W, insn, off, st) {
            if (fn == "") return
            kind = fn; sub(/_(read2st64_|read2_)?b(32|64|128)$/, "", kind)
            W = fn; sub(/^.*_b/, "", W)
            N = kind; gsub(/[a-z]/, "", N)
            sub(/[0-9]+$/, "", kind)
            if (fn == "stempty") { kind = "stempty"; W = 0 }
            st = kind ~ /^st/
            insn = st ? "ds_write_b" W : "ds_read_b" W; off = ""
            if (fn ~ /_read2_b64$/) { insn = "ds_read2_b64"; off = "offset1:16" }
            if (fn ~ /_read2st64_b64$/) { insn = "ds_read2st64_b64"; off = "offset1:1" }
            sub(/^st/, "", kind)
            bad = ""; nmt = 0; n = 0; nother = 0; lp = 0; le = 0
            for (i = 1; i <= nl; i++) {
                if (L[i] ~ /^s_memtime/) { nmt++; if (nmt == 1) mt1 = i; if (nmt == 2) mt2 = i }
                if (L[i] ~ /^s_cbranch_|^s_branch/) { split(L[i], w, /[ \t]+/); if (w[2] in at && at[w[2]] < i) { lp = at[w[2]]; le = i } }
            }
            if (nmt != 2) { print fn " bad: " nmt " s_memtime reads (want 2)"; return }
            if (L[mt1 + 1] != "s_waitcnt lgkmcnt(0)") bad = bad "no s_waitcnt lgkmcnt(0) right after the first s_memtime; "
            if (kind != "block" && L[mt2 - 1] != "s_waitcnt lgkmcnt(0)")
                bad = bad "no s_waitcnt lgkmcnt(0) right before the second s_memtime; "
            for (i = 1; i <= nl; i++) {
                if (L[i] !~ /^ds_(read|write)/) continue
                if (L[i] ~ ("^" insn " ")) {
                    if (i < mt1 || i > mt2) bad = bad "an access outside the timed region; "
                    else { n++; at_read[n] = i }
                    if (off != "" && L[i] !~ (" " off "$")) bad = bad "no " off " in " L[i] "; "
                } else nother++
            }
            if (nother) bad = bad nother " LDS accesses of another kind; "
            if (kind == "empty") {
                if (n || nother) bad = bad "reads in the empty region; "
            } else if (kind == "chain") {
                if (n != 1) bad = bad n " reads (want 1, in a loop); "
                else {
                    i = at_read[1]
                    if (!(lp && lp <= i && i < le && lp > mt1 && le < mt2)) bad = bad "the read is not in a loop inside the region; "
                    if (L[i + 1] != "s_waitcnt lgkmcnt(0)") bad = bad "the read is not followed by its wait; "
                    split(L[i], w, /[ \t,]+/); dst = w[2]; addr = w[3]
                    first = dst; sub(/^v\[/, "v", first); sub(/:.*$/, "", first)
                    if (first != addr) bad = bad "the read'"'"'s address " addr " is not its result " dst "; "
                }
            } else {
                if (n != N) bad = bad n " reads (want " N "); "
                for (k = 2; k <= n; k++) if (at_read[k] != at_read[k - 1] + 1) { bad = bad "the reads are not back to back; "; break }
                # Reads into distinct registers (a store writes none: its first operand is the address).
                for (k = 1; k <= n && !st; k++) { split(L[at_read[k]], w, /[ \t,]+/); seen[w[2]]++; if (seen[w[2]] > 1) { bad = bad "two reads write " w[2] "; "; break } }
                delete seen
                if (n && L[at_read[n] + 1] != "s_waitcnt lgkmcnt(0)") bad = bad "no wait right after the last read; "
                if (kind == "burst" && lp && lp > mt1 && lp < mt2) bad = bad "a loop in a burst; "
                if (kind == "block" && !(lp && lp <= at_read[1] && at_read[n] < le && lp > mt1 && le < mt2))
                    bad = bad "the reads are not in a loop inside the region; "
            }
            print fn (bad == "" ? " ok" : " bad: " bad)
        }
        /^_ZL[0-9]+chase_banks_[A-Za-z0-9_]+:/ {
            # _ZL22chase_banks_burst8_b32jjPj: -> burst8_b32; the empty region -> empty
            flush(); nl = 0; delete at
            fn = $1; sub(/^_ZL[0-9]+chase_banks_/, "", fn)
            if (fn ~ /^empty/) fn = "empty"
            else if (fn ~ /^stempty/) fn = "stempty"
            else if (match(fn, /^[a-z]+[0-9]*_(read2st64_|read2_)?b(32|64|128)/)) fn = substr(fn, 1, RLENGTH)
            next
        }
        /^[A-Za-z_.][A-Za-z0-9_.$]*:/ && !/^\.LBB/ { flush(); fn = ""; next }
        fn != "" {
            line = $0; sub(/;.*/, "", line); sub(/^[ \t]+/, "", line); sub(/[ \t]+$/, "", line)
            if (line == "") next
            if (line ~ /^\.LBB[0-9_]+:/) { lab = line; sub(/:$/, "", lab); at[lab] = nl + 1; next }
            if (line ~ /^\./) next
            L[++nl] = line
        }
        END { flush() }' "$asm" > "$tmp/verdicts"
    # Every timed function each width should have.
    for w in 32 64 128; do
        case $w in 32) ns="1 2 4 8 16 32" ;; 64) ns="1 2 4 8 16" ;; 128) ns="1 2 4 8" ;; esac
        want="chain_b$w"
        for n in $ns; do want="$want burst${n}_b$w block${n}_b$w stburst${n}_b$w stblock${n}_b$w"; done
        missing=""
        for f in $want; do grep -q "^$f " "$tmp/verdicts" || missing="$missing $f"; done
        bad=$(grep -E "^[a-z]+[0-9]*_b$w bad" "$tmp/verdicts" | head -3 | tr '\n' ' ')
        if [ -z "$missing" ] && [ -z "$bad" ]; then
            ok "$arch b$w: ds_read_b$w in chain, bursts of $ns and block loops, ds_write_b$w in bursts and block loops, each between s_memtime reads with lgkmcnt(0) waits"
        else
            not_ok "$arch b$w:${missing:+ missing$missing;} $bad"
        fi
    done
    for r2 in read2 read2st64; do
        want="chain_${r2}_b64"
        for n in 1 2 4 8; do want="$want burst${n}_${r2}_b64 block${n}_${r2}_b64"; done
        missing=""
        for f in $want; do grep -q "^$f " "$tmp/verdicts" || missing="$missing $f"; done
        bad=$(grep "_${r2}_b64 bad" "$tmp/verdicts" | head -3 | tr '\n' ' ')
        if [ -z "$missing" ] && [ -z "$bad" ]; then
            ok "$arch ds_${r2}_b64: chain, bursts of 1 2 4 8 and block loops, each between s_memtime reads with lgkmcnt(0) waits, the second word's offset as chase_backend.h gives it"
        else
            not_ok "$arch ds_${r2}_b64:${missing:+ missing$missing;} $bad"
        fi
    done
    if grep -q "^stempty ok" "$tmp/verdicts"; then
        ok "$arch: the stores' empty region is the same two reads and waits, no LDS access"
    else
        not_ok "$arch: the stores' empty region: $(grep '^stempty' "$tmp/verdicts")"
    fi
    if grep -q "^empty ok" "$tmp/verdicts"; then
        ok "$arch: the empty region (the timer's cost) is the same two reads and waits"
    else
        not_ok "$arch: the empty region: $(grep '^empty' "$tmp/verdicts")"
    fi
    check "$arch: the eight kernels are in the code object (reads, stores, two-address reads)" \
        sh -c "for k in b32 b64 b128 st_b32 st_b64 st_b128 read2_b64 read2st64_b64; do grep -q \"^chase_banks_\$k:\" '$asm' || exit 1; done"
done
finish
