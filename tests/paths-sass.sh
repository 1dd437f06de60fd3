# paths-sass.sh: the kernels of --cache-op const and tex (chase(1): the
# constant and texture paths), for every configured architecture.
#
# PTX (always): chase_walk_const and the timed function it calls hold
# three loops of one ld.const.u64 each (the parallel warm, the serial warm
# and the timed loop), each load's address the register it writes, and no
# ld.global in any loop; the timed loop between %clock64 reads.
# chase_walk_tex the same with tex.1d.v4.u32.s32, the next index the
# first word fetched at the index before.
#
# SASS (from the fatbinary the module embeds, where the toolkit has
# cuobjdump; the GPU run's make check): the loop between two CS2R
# SR_CLOCKLO reads holds LDC (const) or a TEX/TLD-class instruction (tex),
# one, and no LDG: the timed loads take the path the metadata names.
# The checker itself runs everywhere on two small listings.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

# timed_loop FN LISTING: the opcodes of the loop of FN that lies between
# two clock reads (a backward branch inside, no CALL/RET/EXIT), one a line;
# "none" where there is no such loop.
timed_loop() {
    awk -v fn="$1" '
        function hexval(s,   i, v) { v = 0; s = tolower(s); sub(/^0x/, "", s)
            for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
            return v }
        /Function : / { on = ($NF == fn); next }
        !on { next }
        match($0, /\/\*[0-9a-f]+\*\/[ \t]+[^ \t]/) {
            a = $0; sub(/^[ \t]*\/\*/, "", a); sub(/\*\/.*/, "", a)
            t = $0; sub(/^[ \t]*\/\*[0-9a-f]+\*\/[ \t]+/, "", t); sub(/[ \t]*;.*$/, "", t)
            sub(/^@!?U?P[0-9T]+[ \t]+/, "", t)
            n++; addr[n] = hexval(a); op[n] = t; sub(/[ \t].*/, "", op[n]); ops[n] = t
        }
        END {
            for (i = 1; i <= n; i++) if (op[i] == "CS2R" && ops[i] ~ /SR_CLOCKLO/) c[++nc] = i
            for (k = 1; k < nc; k++) {
                loop = 0; hard = 0
                for (i = c[k] + 1; i < c[k + 1]; i++) {
                    if (op[i] ~ /^(CALL|RET|EXIT)/) hard = 1
                    if (op[i] ~ /^BRA/) { tg = ops[i]; sub(/^.*0x/, "", tg); sub(/[^0-9a-f].*$/, "", tg)
                                          if (hexval(tg) <= addr[i] && hexval(tg) > addr[c[k]]) loop = 1 }
                }
                if (loop && !hard) { for (i = c[k] + 1; i < c[k + 1]; i++) print op[i]; found = 1; exit }
            }
            if (!found) print "none"
        }' "$2"
}

# sass_verdict FN LISTING PATH-REGEX: ok, or what is wrong with FN's timed loop.
sass_verdict() {
    timed_loop "$1" "$2" > "$tmp/loop"
    if grep -qx none "$tmp/loop"; then echo "no loop between clock reads"; return; fi
    n=$(grep -Ec "$3" "$tmp/loop")
    g=$(grep -c '^LDG' "$tmp/loop")
    if [ "$n" -eq 1 ] && [ "$g" -eq 0 ]; then echo ok; else echo "$n of $3 and $g LDG in the timed loop: $(tr '\n' ' ' < "$tmp/loop")"; fi
}

# The chase is LDC (its address a register the load before wrote); ULDC,
# the uniform datapath's, reads a kernel parameter (the H100's timed
# region holds one beside the chase's LDC.64).
const_re='^LDC(\.|$)'
tex_re='^(TEX|TLD|TLD4|TXD|TEXS|TLDS|TLD4S)(\.|$)'

# The checker, on listings of the shape cuobjdump writes.
cat > "$tmp/fx.txt" <<'EOF'
        Function : good
        /*0100*/                   CS2R R6, SR_CLOCKLO ;                 /* 0x0000000000067805 */
                                                                         /* 0x000fc40000015000 */
        /*0110*/                   LDC.64 R2, c[0x3][R2] ;               /* 0x00c0000002027b82 */
                                                                         /* 0x001e240000000a00 */
        /*0120*/                   IADD3 R0, R0, 0x1, RZ ;               /* 0x0000000100007810 */
                                                                         /* 0x000fc80007ffe0ff */
        /*0130*/              @P0 BRA 0x110 ;                            /* 0xfffffffc00c88947 */
                                                                         /* 0x000fea000383ffff */
        /*0140*/                   CS2R R8, SR_CLOCKLO ;                 /* 0x0000000000087805 */
                                                                         /* 0x000fc40000015000 */
        Function : bad
        /*0100*/                   CS2R R6, SR_CLOCKLO ;                 /* 0x0000000000067805 */
                                                                         /* 0x000fc40000015000 */
        /*0110*/                   LDG.E.64 R2, desc[UR4][R2.64] ;       /* 0x0000000402027981 */
                                                                         /* 0x001e240000000a00 */
        /*0120*/              @P0 BRA 0x110 ;                            /* 0xfffffffc00c88947 */
                                                                         /* 0x000fea000383ffff */
        /*0130*/                   CS2R R8, SR_CLOCKLO ;                 /* 0x0000000000087805 */
                                                                         /* 0x000fc40000015000 */
EOF
v=$(sass_verdict good "$tmp/fx.txt" "$const_re")
[ "$v" = ok ] && ok "the SASS checker accepts a timed loop of one LDC" || not_ok "the SASS checker on good: $v"
v=$(sass_verdict bad "$tmp/fx.txt" "$const_re")
case $v in "0 of"*"and 1 LDG"*) ok "the SASS checker rejects a timed loop of an LDG" ;;
           *) not_ok "the SASS checker on bad: $v" ;; esac
v=$(sass_verdict good "$tmp/fx.txt" "$tex_re")
case $v in "0 of"*) ok "the SASS checker wants a texture instruction where tex is timed" ;;
           *) not_ok "the SASS checker on good as tex: $v" ;; esac

if [ "${CHASE_HAVE_CUDA:-no}" != yes ]; then
    [ -n "${CHASE_REQUIRE_MODULES:-}" ] && { not_ok "the cuda module was not configured"; finish; exit 1; }
    finish
    exit $?
fi

# The walk kernel's body, then its timed function's, one instruction a line.
ptx_walk() {
    { awk -v f="chase_walk_$2" '$0 ~ "entry " f "\\(" { on = 1 } on { print } on && /^}/ { exit }' "$1"
      awk -v f="chase_timed_$2" '/^\.func/ && index($0, f) { on = 1 } on { print } on && /^}/ { exit }' "$1"
    } | sed 's/^[ \t]*//; /^\/\//d; /^$/d'
}

# ptx_verdict OP: reads ptx_walk's lines; ok or what is wrong.
ptx_verdict() {
    awk -v op="$1" '
        /^\$L__BB[0-9_]+:$/ { label = substr($1, 1, length($1) - 1); start[label] = NR }
        /%clock64/ { clk[++nclk] = NR }
        $1 ~ /^ld\.global/ { glob[++ng] = NR }
        op == "const" && $1 ~ /^ld\.const/ {
            nld++; ldline[nld] = NR
            if ($1 != "ld.const.u64") bad = bad "load " $1 "; "
            dst = $2; sub(/,$/, "", dst); src = $3; gsub(/[\[\];]/, "", src)
            if (dst != src) bad = bad "load at line " NR " reads " src " but writes " dst "; "
        }
        op == "tex" && /tex\.1d/ {
            nld++; ldline[nld] = NR
            if ($0 !~ /tex\.1d\.v4\.u32\.s32 \{i, y, z, w\}, \[%rd[0-9]+, \{i\}\]/) bad = bad "fetch " $0 "; "
            s = $0; sub(/.*cvt\.u32\.u64 i, /, "", s); sub(/;.*/, "", s)
            d = $0; sub(/.*cvt\.u64\.u32 /, "", d); sub(/,.*/, "", d)
            if (s != d) bad = bad "fetch at line " NR " indexes by " s " but writes " d "; "
        }
        /^@%p[0-9]+ bra/ { tgt = $3; sub(/;$/, "", tgt); if (tgt in start) { ls[++nl] = start[tgt]; le[nl] = NR } }
        END {
            if (nld != 3) bad = bad nld " loads of the path (want 3: the parallel warm, the serial warm and the timed loop); "
            for (i = 1; i <= ng; i++) for (l = 1; l <= nl; l++)
                if (glob[i] > ls[l] && glob[i] < le[l]) bad = bad "an ld.global inside a loop; "
            timed = 0
            for (l = 1; l <= nl; l++) {
                n = 0; for (i = 1; i <= nld; i++) if (ldline[i] > ls[l] && ldline[i] < le[l]) n++
                if (n > 1) bad = bad "a loop holds " n " loads; "
                if (n != 1) continue
                before = 0; after = 0
                for (c = 1; c <= nclk; c++) { if (clk[c] < ls[l]) before = clk[c]; if (clk[c] > le[l] && !after) after = clk[c] }
                if (before && after && before > clk[2]) timed++
            }
            if (timed != 1) bad = bad timed " loops bracketed by clock reads (want 1); "
            print bad == "" ? "ok" : bad
        }'
}

dis=""
for d in "$(dirname "$NVCC")" $(echo "$PATH" | tr ':' ' '); do
    [ -x "$d/cuobjdump" ] && { dis=$d/cuobjdump; break; }
done
fatbin=${CHASE_FATBIN:-$CHASE_BACKEND_PATH/backends/cuda/chase_cuda.fatbin}
if [ -n "$dis" ] && [ -f "$fatbin" ]; then
    "$dis" -sass "$fatbin" > "$tmp/sass.txt" 2> "$tmp/dis.err" || { not_ok "cuobjdump -sass $fatbin: $(head -2 "$tmp/dis.err")"; dis=""; }
fi

for arch in $CUDA_ARCHS; do
    ptx=$(kernel_asm cuda $arch) || { not_ok "nvcc -ptx for sm_$arch: $(head -3 "$tmp/asm.err")"; continue; }
    [ -n "$dis" ] && awk -v a="sm_$arch" '/code for sm_/ { on = ($NF == a) } on' "$tmp/sass.txt" > "$tmp/sass.$arch"
    for op in const tex; do
        case $op in const) what="ld.const.u64" re=$const_re ;; tex) what="tex.1d.v4.u32.s32" re=$tex_re ;; esac
        grep -q "entry chase_walk_$op(" "$ptx" || { not_ok "sm_$arch PTX: no chase_walk_$op"; continue; }
        v=$(ptx_walk "$ptx" $op | ptx_verdict $op)
        [ "$v" = ok ] && ok "sm_$arch PTX chase_walk_$op: three loops of one $what, each reading what the one before wrote, no ld.global in a loop; the timed one between %clock64 reads" ||
            not_ok "sm_$arch PTX chase_walk_$op: $v"
        [ -n "$dis" ] || continue
        v=$(sass_verdict chase_walk_$op "$tmp/sass.$arch" "$re")
        [ "$v" = ok ] && ok "sm_$arch SASS chase_walk_$op: the timed loop holds one $re and no LDG" ||
            not_ok "sm_$arch SASS chase_walk_$op: $v"
    done
done
[ -n "$dis" ] || echo "# no cuobjdump here (or no fatbinary): the SASS part runs where the toolkit has one"
finish
