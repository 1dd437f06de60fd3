# hip-isa.sh: the ISA of the walk kernels for every configured AMD target:
# s_memtime and s_memrealtime read around the samples, the chosen
# cache-policy bits on every load, no unrolling, and three loops of one
# global/flat/buffer load each: the parallel warm (its loads independent,
# and kept although only a sink uses them), and the serial warm and the
# timed loop, whose load's address is the register it loads (so each load
# waits for the one before); the timed loop is bracketed by s_memtime.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

if [ "${CHASE_HAVE_HIP:-no}" != yes ]; then
    [ -n "${CHASE_REQUIRE_MODULES:-}" ] && { not_ok "the hip module was not configured"; finish; exit 1; }
    skip_all "the hip module was not configured"
fi
for arch in $HIP_ARCHS; do
    asm=$(kernel_asm hip $arch) || { not_ok "hipcc -S for $arch: $(head -3 "$tmp/asm.err")"; continue; }
    # gfx940 and later name the L1-bypassing bit sc1; earlier targets glc.
    case $arch in gfx94*|gfx95*) bypass=sc1 ;; *) bypass=glc ;; esac
    for op in ca cg; do
        awk -v f="chase_walk_$op:" '$1 == f { on = 1 } on && /^\.Lfunc_end/ { exit } on { print }' "$asm" |
            sed 's/;.*//; s/^[ \t]*//; /^$/d; /^\./{/^\.LBB/!d}' > "$tmp/body"
        verdict=$(awk -v op="$op" -v bypass="$bypass" '
            { line[NR] = $0 }
            /^\.LBB[0-9_]+:/ { lab = $1; sub(/:$/, "", lab); at[lab] = NR }
            /^s_memtime/ { mtl[++mt] = NR }
            /^s_memrealtime/ { rt++ }
            /^(global|flat|buffer)_load_/ { all[++nall] = NR }
            /^s_cbranch_|^s_branch/ { br[++nbr] = NR; tgt[nbr] = $2 }
            function interesting(i) { return line[i] ~ /^(s_memtime|global_load_|flat_load_|buffer_load_)/ }
            function inloop(i,   b) {
                for (b = 1; b <= nbr; b++) if ((tgt[b] in at) && at[tgt[b]] < i && br[b] > i) return 1
                return 0
            }
            END {
                # The chain loads are the loads inside loops; the rest (the
                # cursor, read once) are not timed.
                for (k = 1; k <= nall; k++) {
                    if (!inloop(all[k])) continue
                    nld++; ld[nld] = all[k]; split(line[all[k]], w, /[ ,]+/)
                    dep[nld] = w[2] == w[3]
                    ndep += dep[nld]
                    bits = (line[all[k]] ~ / glc| sc0| sc1| nt| slc| dlc/)
                    if (op == "ca" && bits) bad = bad "ca load has cache-policy bits: " line[all[k]] "; "
                    if (op == "cg" && line[all[k]] !~ (" " bypass)) bad = bad "cg load lacks " bypass ": " line[all[k]] "; "
                }
                if (!mt || !rt) bad = bad "no s_memtime or s_memrealtime; "
                if (nld != 3) bad = bad nld " loads in loops (want 3: the parallel warm, the serial warm and the timed loop); "
                if (ndep < 2) bad = bad ndep " loads in loops read the register they write (want the serial warm and the timed loop to); "
                timed = 0
                for (b = 1; b <= nbr; b++) {
                    if (!(tgt[b] in at) || at[tgt[b]] >= br[b]) continue      # not a backward branch
                    s = at[tgt[b]]; e = br[b]; n = 0
                    for (i = 1; i <= nld; i++) if (ld[i] > s && ld[i] < e) n++
                    inner = 1; for (c = 1; c <= nbr; c++) if (c != b && (tgt[c] in at) && at[tgt[c]] > s && br[c] < e && at[tgt[c]] < br[c]) inner = 0
                    if (inner && n > 1) bad = bad "a loop holds " n " loads; "
                    if (!inner || n != 1) continue
                    for (i = 1; i <= nld; i++) if (ld[i] > s && ld[i] < e) thisdep = dep[i]
                    for (i = s - 1; i > 0 && !interesting(i); i--) ;
                    # not the pair that times the timer itself
                    before = i > 0 && line[i] ~ /^s_memtime/ && i > mtl[2]
                    i = e + 1
                    for (hops = 0; i <= NR && !interesting(i) && hops < 8; i++)
                        if (line[i] ~ /^s_branch/) { split(line[i], w, " "); if (w[2] in at) i = at[w[2]]; hops++ }
                    after = i <= NR && line[i] ~ /^s_memtime/
                    if (before && after) { timed++; if (!thisdep) bad = bad "the timed load does not read the register it writes; " }
                }
                if (timed != 1) bad = bad timed " loops bracketed by s_memtime (want 1); "
                print bad == "" ? "ok" : bad
            }' "$tmp/body")
        if [ "$verdict" = ok ]; then
            ok "$arch chase_walk_$op: one dependent load a iteration ($([ $op = cg ] && echo "$bypass" || echo "no policy bits")), not unrolled, between s_memtime reads"
        else
            not_ok "$arch chase_walk_$op: $verdict"
        fi
    done
done
finish
