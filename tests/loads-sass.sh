# loads-sass.sh: chase loads' CUDA kernels, for every configured
# architecture, where the order is decided.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
#
# PTX (always): each burst function (cache operator x width x N) has, in
# its sample loop, one clock read, then exactly N ld.global.OP loads of the
# width back to back, then only XORs (lop3) of the loads' words, the last
# of them right before the second clock read and reading the last load;
# the dry function the same with no load (its XOR reads the low half of
# an address register: a cvt.u32.u64, which is no instruction in SASS).
#
# SASS (from the fatbinary the module embeds, where the toolkit has
# cuobjdump; the GPU run's make check): tests/sass-regions.awk finds every
# timed region of each kernel by its CS2R SR_CLOCKLO reads (the burst
# functions are code inside the kernel's listing, reached by CALL) and
# wants: for each N a region of N LDGs of the width with the operator's
# bits (ca: STRONG.SM, cg: STRONG.GPU, nc: CONSTANT), no load register
# read between them, nothing but the XORs reading them before the closing
# read, which follows the last XOR, every load's scoreboard waited for
# before it, no load hoisted above the first read; the dry run's empty
# region; in the block kernels loops of 1, 2 and 4 loads between clock
# reads.  Its own test runs on excerpts of the H100's listing
# (tests/data/sass-loads.txt) everywhere.
. "$srcdir/tests/common.sh"

regions() { awk -f "$srcdir/tests/sass-regions.awk" "$@"; }

# The checker itself, on real listings (no disassembler needed).
fx=$srcdir/tests/data/sass-loads.txt
v=$(regions -v fn=new_burst -v unit=LDG -v width=4 -v mods='STRONG\.SM' -v bursts=1 "$fx")
[ "$v" = ok ] && ok "the SASS checker accepts a burst whose closing read follows its XOR" || not_ok "the SASS checker on new_burst: $v"
v=$(regions -v fn=old_burst -v unit=LDG -v width=4 -v mods='STRONG\.SM' -v bursts=1 "$fx")
case $v in *"a use of the loads before the closing read: ISETP"*) ok "the SASS checker rejects the old burst (its closing read followed a compare)" ;;
           *) not_ok "the SASS checker on old_burst: $v" ;; esac
v=$(regions -v fn=old_block -v unit=LDG -v width=4 -v mods='STRONG\.SM' -v loops=1 "$fx")
case $v in *"no loop of 1 loads"*) ok "the SASS checker rejects the old block kernel (ptxas had dropped its loads)" ;;
           *) not_ok "the SASS checker on old_block: $v" ;; esac
v=$(regions -v fn=new_burst -v unit=LDG -v width=8 -v mods='STRONG\.GPU' -v bursts=1 "$fx")
case $v in *"is not 8 bytes"*"lacks"*) ok "the SASS checker rejects a load of another width or operator" ;;
           *) not_ok "the SASS checker on a wrong width: $v" ;; esac

v=$(regions -v fn=burst8 -v unit=LDG -v width=8 -v mods='STRONG\.SM' -v bursts=2 "$fx")
[ "$v" = ok ] && ok "the SASS checker accepts a burst that moves an address out of a register a later load writes" ||
    not_ok "the SASS checker on burst8: $v"
v=$(regions -v fn=guarded_block -v unit=LDG -v width=4 -v mods='STRONG\.SM' -v loops=4 "$fx")
[ "$v" = ok ] && ok "the SASS checker accepts a loop of 4 loads behind a forward guard branch" ||
    not_ok "the SASS checker on guarded_block: $v"
# The burst with its second load's address read from the first load's
# registers (a dependent load: serialised) is rejected.
sed '/Function : burst8/,$ s/LDG.E.64.STRONG.SM R18, desc\[UR8\]\[R10.64\]/LDG.E.64.STRONG.SM R18, desc[UR8][R16.64]/; /Function : burst8/,$ s/IMAD.MOV.U32 R10, RZ, RZ, R19 ;/IMAD.MOV.U32 R10, RZ, RZ, R17 ;/' "$fx" > "$tmp/dep.txt"
v=$(regions -v fn=burst8 -v unit=LDG -v width=8 -v mods='STRONG\.SM' -v bursts=2 "$tmp/dep.txt")
case $v in *"a loaded register used inside the burst"*) ok "the SASS checker rejects a burst whose second load waits for the first" ;;
           *) not_ok "the SASS checker on a dependent burst: $v" ;; esac

if [ "${CHASE_HAVE_CUDA:-no}" != yes ]; then
    [ -n "${CHASE_REQUIRE_MODULES:-}" ] && { not_ok "the cuda module was not configured"; finish; exit 1; }
    finish
    exit $?
fi

# One function's PTX, one instruction or label a line.
ptx_body() {
    awk -v f="$2" 'index($0, ".func") && (index($0, f "(") || index($0, f "E")) { on = 1 } on { print } on && /^}/ { exit }' "$1" |
        sed 's|//.*||; s/^[ \t]*//; /^$/d'
}

ptx_verdict() {
    awk -v n="$1" -v op="$2" -v type="$3" '
        { line[NR] = $0 }
        /mov\.u64 %rd[0-9]+, %clock64;/ { ck[++nc] = NR }
        /^ld\.global\./ { ld[++nl] = NR; if ($1 != "ld.global." op "." type) bad = bad "load " $1 "; "
                          d = $2; gsub(/[{},;]/, "", d); dst[nl] = d }
        /^@/ && /ld\.global/ { bad = bad "a guarded load; " }
        END {
            if (nc != 2) { print nc " clock reads (want 2)"; exit }
            if (nl != n) bad = bad nl " loads (want " n "); "
            for (i = 1; i <= nl; i++) if (ld[i] < ck[1] || ld[i] > ck[2]) bad = bad "a load outside the clock reads; "
            for (i = 2; i <= nl; i++) if (ld[i] != ld[i - 1] + 1) bad = bad "loads not back to back; "
            for (i = (nl ? ld[nl] : ck[1]) + 1; i < ck[2]; i++)
                if (line[i] !~ /^lop3\.b32/ && !(n == 0 && line[i] ~ /^cvt\.u32\.u64/)) bad = bad "before the second read: " line[i] "; "
            if (line[ck[2] - 1] !~ /^lop3\.b32/) bad = bad "the second read does not follow a XOR; "
            else if (nl && index(line[ck[2] - 1] ",", " " dst[nl] ",") == 0) bad = bad "the last XOR does not read the last load; "
            print bad == "" ? "ok" : bad
        }'
}

sass_listing
[ $? -eq 2 ] && not_ok "cuobjdump -sass $fatbin: $(head -2 "$tmp/dis.err")"

for arch in $CUDA_ARCHS; do
    ptx=$(kernel_asm cuda $arch) || { not_ok "nvcc -ptx for sm_$arch: $(head -3 "$tmp/asm.err")"; continue; }
    # This architecture's part of the listing.
    [ -n "$dis" ] && sass_arch "$arch"
    for op in ca cg nc; do
        case $op in ca) mods='STRONG\.SM' ;; cg) mods='STRONG\.GPU' ;; nc) mods='CONSTANT' ;; esac
        for w in 4 8 16; do
            case $w in 4) type=u32 ;; 8) type=v2.u32 ;; 16) type=v4.u32 ;; esac
            pbad=
            for n in 0 1 2 4 8 11 16 24 32; do
                f=chase_loads_${op}_${w}_n$n
                [ $n = 0 ] && f=chase_loads_${op}_${w}_dry
                v=$(ptx_body "$ptx" "$f" | ptx_verdict $n $op $type)
                [ "$v" = ok ] || pbad="$pbad N=$n: $v"
            done
            if [ -z "$pbad" ]; then
                ok "sm_$arch PTX chase_loads_${op}_${w}: N ld.global.$op.$type back to back, then XORs of them, the last right before the second clock read, for N = 1 2 4 8 11 16 24 32, and the dry run"
            else
                not_ok "sm_$arch PTX chase_loads_${op}_${w}:$pbad"
            fi
            [ -n "$dis" ] || continue
            if ! grep -q "Function : chase_loads_${op}_${w}\$" "$tmp/sass.$arch"; then
                not_ok "sm_$arch SASS: no chase_loads_${op}_${w} in the listing of $fatbin"
                continue
            fi
            v=$(regions -v fn=chase_loads_${op}_${w} -v unit=LDG -v width=$w -v mods="$mods" \
                -v bursts="1 2 4 8 11 16 24 32" -v empty=1 "$tmp/sass.$arch")
            [ "$v" = ok ] && ok "sm_$arch SASS chase_loads_${op}_${w}: bursts of 1 2 4 8 11 16 24 32 LDGs ($mods) between CS2R SR_CLOCKLO reads, the closing one after the XOR that waits for them, and the dry run" ||
                not_ok "sm_$arch SASS chase_loads_${op}_${w}: $v"
            v=$(regions -v fn=chase_loadsblk_${op}_${w} -v unit=LDG -v width=$w -v mods="$mods" -v loops="1 2 4" "$tmp/sass.$arch")
            [ "$v" = ok ] && ok "sm_$arch SASS chase_loadsblk_${op}_${w}: loops of 1, 2 and 4 LDGs between each warp's clock reads" ||
                not_ok "sm_$arch SASS chase_loadsblk_${op}_${w}: $v"
        done
    done
done
[ -n "$dis" ] || echo "# no cuobjdump here (or no fatbinary): the SASS part runs where the toolkit has one"
finish
