# cuda-ptx.sh: the PTX of the walk kernels and of the timed sample function
# each calls, for every configured architecture: three loops of one global
# load each with the chosen cache operator (the parallel warm, the serial
# warm, and the timed loop; each load's address register is the register it
# writes), not unrolled into independent loads, %clock64 reads bracketing
# the timed loop.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

if [ "${CHASE_HAVE_CUDA:-no}" != yes ]; then
    [ -n "${CHASE_REQUIRE_MODULES:-}" ] && { not_ok "the cuda module was not configured"; finish; exit 1; }
    skip_all "the cuda module was not configured"
fi
for arch in $CUDA_ARCHS; do
    ptx=$(kernel_asm cuda $arch) || { not_ok "nvcc -ptx for sm_$arch: $(head -3 "$tmp/asm.err")"; continue; }
    for op in ca cg nc; do
        # The kernel's body, then the timed sample's function it calls, one
        # instruction or label a line.
        { awk -v f="chase_walk_$op" '$0 ~ "entry " f "\\(" { on = 1 } on { print } on && /^}/ { exit }' "$ptx"
          awk -v f="chase_timed_$op" '/^\.func/ && index($0, f) { on = 1 } on { print } on && /^}/ { exit }' "$ptx"
        } | sed 's/^[ \t]*//; /^\/\//d; /^$/d' > "$tmp/body"
        verdict=$(awk -v op="$op" '
            /^\$L__BB[0-9_]+:$/ { label = substr($1, 1, length($1) - 1); start[label] = NR }
            /%clock64/ { clk[++nclk] = NR }
            $1 ~ /^ld\.global\./ && $1 !~ /^ld\.global\.(ca|cg|nc|cs|lu|cv)\./ { other[++nother] = NR }
            $1 ~ /^ld\.global\.(ca|cg|nc|cs|lu|cv)\./ {
                nld++; ldline[nld] = NR; ldop[nld] = $1
                dst = $2; sub(/,$/, "", dst); src = $3; gsub(/[\[\];]/, "", src)
                if (dst != src) bad = bad "load at line " NR " reads " src " but writes " dst "; "
            }
            /^@%p[0-9]+ bra/ { tgt = $3; sub(/;$/, "", tgt); if (tgt in start) { ls[++nl] = start[tgt]; le[nl] = NR } }
            END {
                if (nld != 3) bad = bad nld " global loads (want 3: the parallel warm, the serial warm and the timed loop); "
                for (i = 1; i <= nld; i++) if (ldop[i] != "ld.global." op ".u64") bad = bad "load " ldop[i] "; "
                for (i = 1; i <= nother; i++) for (l = 1; l <= nl; l++)
                    if (other[i] > ls[l] && other[i] < le[l]) bad = bad "another load inside a loop; "
                timed = 0
                for (l = 1; l <= nl; l++) {
                    n = 0; for (i = 1; i <= nld; i++) if (ldline[i] > ls[l] && ldline[i] < le[l]) n++
                    inner = 1; for (m = 1; m <= nl; m++) if (m != l && ls[m] > ls[l] && le[m] < le[l]) inner = 0
                    if (inner && n > 1) bad = bad "a loop holds " n " loads; "
                    if (!inner || n != 1) continue
                    before = 0; after = 0
                    for (c = 1; c <= nclk; c++) { if (clk[c] < ls[l]) before = clk[c]; if (clk[c] > le[l] && !after) after = clk[c] }
                    gap = 0; for (i = 1; i <= nld; i++) if ((ldline[i] > before && ldline[i] < ls[l]) || (ldline[i] > le[l] && ldline[i] < after)) gap = 1
                    if (before && after && !gap && before > clk[2]) timed++
                }
                if (timed != 1) bad = bad timed " loops bracketed by clock reads (want 1); "
                print bad == "" ? "ok" : bad
            }' "$tmp/body")
        if [ "$verdict" = ok ]; then
            ok "sm_$arch chase_walk_$op: three loops of one ld.global.$op.u64, not unrolled; the timed one between %clock64 reads"
        else
            not_ok "sm_$arch chase_walk_$op: $verdict"
        fi
    done
done
finish
