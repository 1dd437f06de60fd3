# lanes-asm.sh: each chase lanes row times the instruction it names, between
# the clock reads of its timed lap.
#
# PTX, every configured CUDA architecture (always): each kernel (1, 8 and
# 32 chains) holds its 64 operations (LANES_LAP; 128 shuffles at 64 bits:
# two a value) of shfl.sync.{idx,up,down,bfly}.b32, vote.sync.ballot.b32,
# match.any.sync.b32/b64, redux.sync (sm_80 and later; before it the
# kernel holds none and says it lacks it), or st/ld.volatile.shared with
# bar.warp.sync; six clock64 reads, every operation between the fourth and
# fifth (the timed lap's); in the one-chain kernels each shuffle reads the
# register the one before wrote (the dependent chain).
# SASS (where the toolkit has cuobjdump, from the fatbinary the module
# embeds): SHFL.IDX/UP/DOWN/BFLY, VOTE.ANY, MATCH.ANY(.U64), REDUX, STS and
# LDS as many, between the timed lap's SR_CLOCKLO reads.
# AMD ISA, every configured target (built with hipcc, never run on an AMD
# GPU): v_mov_b32_dpp with row_shr:1 or quad_perm:[1,0,3,2], ds_swizzle_b32,
# ds_permute_b32, ds_bpermute_b32, v_readlane_b32, v_readfirstlane_b32,
# ds_write_b32/b64 and ds_read_b32/b64 as many, between the timed lap's
# s_memtime reads.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

# body FILE KERNEL: one kernel's code (ptx, hip; sass_function in common.sh).
ptx_body() {
    awk -v k="$2" '/^\.visible \.entry/ { on = index($0, " " k "(") > 0 } on && /^}/ { on = 0 } on' "$1"
}
hip_body() {
    awk -v f="$2:" '$1 == f { on = 1 } on && /^\.Lfunc_end/ { exit } on' "$1"
}

# lap BODYFILE CLOCK OP: "N inside" when the N matches of OP all lie
# between the 4th and 5th match of CLOCK (the timed lap), else why not.
lap() {
    awk -v clk="$2" -v op="$3" '
        $0 ~ clk { n++; c[n] = NR; next }
        $0 ~ op { ops++; if (!first) first = NR; last = NR }
        END {
            if (n != 6) { printf "%d clock reads (want 6)", n; exit }
            if (!ops) { printf "none"; exit }
            if (first > c[4] && last < c[5]) printf "%d inside", ops
            else printf "%d, from line %d to %d, not inside the timed lap (%d to %d)", ops, first, last, c[4], c[5]
        }' "$1"
}

# has WHAT BODYFILE CLOCK OP MIN: at least MIN of OP, all in the timed lap.
has() {
    got=$(lap "$2" "$3" "$4")
    n=${got%% *}
    case $got in
    *" inside") if [ "$n" -ge "$5" ]; then ok "$1: $got"; else not_ok "$1: $got (want at least $5)"; fi ;;
    *) not_ok "$1: $got" ;;
    esac
}

# chained BODYFILE: the shuffles' links where a shuffle reads the register
# the one before wrote (PTX: "shfl.sync.MODE.b32 %rD|%pP, %rS, ...").
chained() {
    awk '/shfl\.sync/ { d = $2; sub(/\|.*/, "", d); s = $3; sub(/,$/, "", s); if (prev != "" && s == prev) n++; prev = d }
        END { print n + 0 }' "$1"
}

ops32="shfl_idx:shfl\.sync\.idx\.b32:SHFL\.IDX shfl_up:shfl\.sync\.up\.b32:SHFL\.UP shfl_down:shfl\.sync\.down\.b32:SHFL\.DOWN
shfl_bfly:shfl\.sync\.bfly\.b32:SHFL\.BFLY"

any=no
if [ "${CHASE_HAVE_CUDA:-no}" = yes ]; then
    any=yes
    sass_listing
    [ $? -eq 2 ] && not_ok "cuobjdump -sass: $(head -2 "$tmp/dis.err")"
    for arch in $CUDA_ARCHS; do
        ptx=$(kernel_asm cuda "$arch") || { not_ok "nvcc -ptx for sm_$arch: $(head -3 "$tmp/asm.err")"; continue; }
        [ -n "$dis" ] && sass_arch "$arch"
        # kernel K OP_PTX OP_SASS MIN: every chain count's kernel of K.
        kernel() {
            for ch in 1 8 32; do
                k=chase_lanes_$1_$ch
                ptx_body "$ptx" "$k" > "$tmp/b.ptx"
                has "sm_$arch PTX $k: $2" "$tmp/b.ptx" 'clock64' "$2" "$4"
                [ -n "$dis" ] && [ "$3" != - ] || continue
                sass_function "$tmp/sass.$arch" "$k" > "$tmp/b.sass"
                has "sm_$arch SASS $k: $3" "$tmp/b.sass" 'SR_CLOCKLO' "$3" "$4"
            done
        }
        for e in $ops32; do
            op=${e%%:*} rest=${e#*:}
            kernel "${op}_32" "${rest%%:*}" "${rest#*:}" 64
            kernel "${op}_64" "${rest%%:*}" "${rest#*:}" 128
            ptx_body "$ptx" "chase_lanes_${op}_32_1" > "$tmp/c.ptx"
            n=$(chained "$tmp/c.ptx")
            check "sm_$arch PTX chase_lanes_${op}_32_1: $n of 63 links read the shuffle before's result" test "$n" -ge 63
        done
        kernel ballot_32 'vote\.sync\.ballot\.b32' 'VOTE\.ANY' 64
        kernel match_32 'match\.any\.sync\.b32' 'MATCH\.ANY' 64
        kernel match_64 'match\.any\.sync\.b64' 'MATCH\.ANY\.U64' 64
        kernel shared_32 'st\.volatile\.shared\.u32' 'STS ' 64
        kernel shared_32 'ld\.volatile\.shared\.u32' 'LDS ' 64
        kernel shared_32 'bar\.warp\.sync' - 64
        kernel shared_64 'st\.volatile\.shared\.u64' 'STS\.64' 64
        kernel shared_64 'ld\.volatile\.shared\.u64' 'LDS\.64' 64
        if [ "$arch" -ge 80 ]; then
            kernel redux_32 'redux\.sync\.add' 'REDUX' 64
        else
            ptx_body "$ptx" chase_lanes_redux_32_1 > "$tmp/r.ptx"
            n=$(grep -c 'redux\.sync' "$tmp/r.ptx")
            check "sm_$arch PTX chase_lanes_redux_32_1: no redux.sync ($n) before sm_80, a kernel that says so" \
                sh -c "[ $n -eq 0 ] && grep -q 'st\.global' '$tmp/r.ptx'"
        fi
    done
    [ -n "$dis" ] || echo "# no cuobjdump here (or no fatbinary): the SASS part runs where the toolkit has one"
fi
if [ "${CHASE_HAVE_HIP:-no}" = yes ]; then
    any=yes
    for arch in $HIP_ARCHS; do
        asm=$(kernel_asm hip "$arch") || { not_ok "hipcc -S for $arch: $(head -3 "$tmp/asm.err")"; continue; }
        hkernel() {
            for ch in 1 8 32; do
                k=chase_lanes_$1_$ch
                hip_body "$asm" "$k" > "$tmp/b.s"
                has "$arch $k: $2" "$tmp/b.s" 's_memtime' "$2" "$3"
            done
        }
        hkernel dpp_row_32 'v_mov_b32_dpp.*row_shr:1' 64
        hkernel dpp_quad_32 'v_mov_b32_dpp.*quad_perm:\[1,0,3,2\]' 64
        hkernel swizzle_32 'ds_swizzle_b32' 64
        hkernel permute_32 'ds_permute_b32' 64
        hkernel bpermute_32 'ds_bpermute_b32' 64
        hkernel readlane_32 'v_readlane_b32' 64
        hkernel readfirstlane_32 'v_readfirstlane_b32' 64
        hkernel shared_32 'ds_write_b32' 64
        hkernel shared_32 'ds_read_b32' 64
        hkernel shared_64 'ds_write_b64' 64
        hkernel shared_64 'ds_read_b64' 64
        n=$(hip_body "$asm" chase_lanes_shared_32_1 | grep -c 'flat_load\|flat_store')
        check "$arch chase_lanes_shared_32_1: LDS through ds_ instructions, flat only for the results ($n <= 4)" \
            test "$n" -le 4
    done
fi
[ $any = yes ] || skip_all "neither GPU module was configured"
finish
