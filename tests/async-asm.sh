# async-asm.sh: each chase async row times the copy it names, between the
# clock reads of its timed lap.
#
# PTX, every configured CUDA architecture (always): the chain kernels
# (chase_async_lat_*) hold six clock64 reads, and between the fourth and
# fifth (the timed lap) the copy: ld.global.ca + st.volatile.shared for
# the plain path, cp.async.ca/.cg.shared.global with cp.async.commit_group
# and cp.async.wait_group for cp.async (sm_80 and later; before it the
# kernel holds none and says it lacks it), and for the bulk copy (sm_90
# and later) mbarrier.arrive.expect_tx, cp.async.bulk.shared::cluster.global
# .mbarrier::complete_tx::bytes and mbarrier.try_wait.parity; each followed
# by the ld.volatile.shared of the landed word.  The stream kernels hold
# their copies (8 in flight: 8 of them).
# SASS (where the toolkit has cuobjdump, from the fatbinary the module
# embeds): LDG + STS + LDS for the plain path, LDGSTS and DEPBAR for
# cp.async, UBLKCP and SYNCS for the bulk copy, between the timed lap's
# SR_CLOCKLO reads.
# AMD ISA, every configured target (built with hipcc, never run on an AMD
# GPU): the plain path's global_load_dword(x2/x4), ds_write_b32/b64/b128
# and ds_read_b32, and on gfx94x global_load_lds_dword with M0 set before
# it and s_waitcnt vmcnt(0) then ds_read_b32 after it, inside the timed
# region (after the 4th of the six s_memtime reads and before the 6th: the
# compiler lays the timed lap's closing read out before the loop); the
# stream kernels' 8 direct-to-LDS loads a round, with one wait a round
# (lds_direct) or one a load (lds_direct_wait); elsewhere the kernels hold
# no such load and say the target lacks it.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

ptx_body() {
    awk -v k="$2" '/^\.visible \.entry/ { on = index($0, " " k "(") > 0 } on && /^}/ { on = 0 } on' "$1"
}
sass_body() {
    awk -v k="$2" '/Function : / { on = ($NF == k) } on' "$1"
}

# lap BODYFILE CLOCK OP: "N inside": N matches of OP between the 4th and
# 5th match of CLOCK (the timed lap; the warm walk before the samples
# holds the same copy, outside it), else why none.
lap() {
    awk -v clk="$2" -v op="$3" '
        $0 ~ clk { n++; c[n] = NR; next }
        $0 ~ op { line[++ops] = NR }
        END {
            if (n != 6) { printf "%d clock reads (want 6)", n; exit }
            inside = 0
            for (i = 1; i <= ops; i++) if (line[i] > c[4] && line[i] < c[5]) inside++
            if (inside) printf "%d inside", inside; else printf "none of %d inside the timed lap (lines %d to %d)", ops, c[4], c[5]
        }' "$1"
}

has() {
    got=$(lap "$2" "$3" "$4")
    case $got in
    *" inside") ok "$1: $got" ;;
    *) not_ok "$1: $got" ;;
    esac
}

# count BODYFILE OP: matches of OP in a body.
count() {
    grep -Ec -- "$2" "$1"
}

any=no
if [ "${CHASE_HAVE_CUDA:-no}" = yes ]; then
    any=yes
    dis=""
    for d in "$(dirname "$NVCC")" $(echo "$PATH" | tr ':' ' '); do
        [ -x "$d/cuobjdump" ] && { dis=$d/cuobjdump; break; }
    done
    fatbin=${CHASE_FATBIN:-$CHASE_BACKEND_PATH/backends/cuda/chase_cuda.fatbin}
    if [ -n "$dis" ] && [ -f "$fatbin" ]; then
        "$dis" -sass "$fatbin" > "$tmp/sass.txt" 2> "$tmp/dis.err" || { not_ok "cuobjdump -sass: $(head -2 "$tmp/dis.err")"; dis=""; }
    fi
    for arch in $CUDA_ARCHS; do
        ptx=$(kernel_asm cuda "$arch") || { not_ok "nvcc -ptx for sm_$arch: $(head -3 "$tmp/asm.err")"; continue; }
        [ -n "$dis" ] && awk -v a="sm_$arch" '/code for sm_/ { on = ($NF == a) } on' "$tmp/sass.txt" > "$tmp/sass.$arch"
        # lat K OP_PTX...: the chain kernel K holds each OP_PTX in its timed lap.
        lat() {
            k=chase_async_lat_$1
            shift
            ptx_body "$ptx" "$k" > "$tmp/b.ptx"
            for op in "$@"; do
                has "sm_$arch PTX $k: $op" "$tmp/b.ptx" 'clock64' "$op"
            done
        }
        sass() {
            [ -n "$dis" ] || return 0
            k=chase_async_lat_$1
            shift
            sass_body "$tmp/sass.$arch" "$k" > "$tmp/b.sass"
            for op in "$@"; do
                has "sm_$arch SASS $k: $op" "$tmp/b.sass" 'SR_CLOCKLO' "$op"
            done
        }
        # lacks K: the kernel K holds no copy and says so.
        lacks() {
            ptx_body "$ptx" "$1" > "$tmp/l.ptx"
            n=$(count "$tmp/l.ptx" 'cp\.async|mbarrier')
            check "sm_$arch PTX $1: no copy ($n) before its architecture, a kernel that says so" \
                sh -c "[ $n -eq 0 ] && grep -q 'st\.global' '$tmp/l.ptx'"
        }
        for b in 4 8 16; do
            lat load_store_$b 'ld\.global\.ca' 'st\.volatile\.shared' 'ld\.volatile\.shared'
            sass load_store_$b 'LDG\.E' 'STS' 'LDS'
        done
        if [ "$arch" -ge 80 ]; then
            for b in 4 8 16; do
                lat cp_async_ca_$b "cp\\.async\\.ca\\.shared\\.global \\[%r[0-9]+\\], \\[%rd[0-9]+\\], $b;" \
                    'cp\.async\.commit_group' 'cp\.async\.wait_group 0' 'ld\.volatile\.shared'
                sass cp_async_ca_$b 'LDGSTS' 'DEPBAR' 'LDS'
            done
            lat cp_async_cg_16 'cp\.async\.cg\.shared\.global \[%r[0-9]+\], \[%rd[0-9]+\], 16;' \
                'cp\.async\.wait_group 0' 'ld\.volatile\.shared'
            sass cp_async_cg_16 'LDGSTS\.E\.BYPASS' 'DEPBAR' 'LDS'
            ptx_body "$ptx" chase_async_tp_cp_async_ca_16_8 > "$tmp/t.ptx"
            n=$(count "$tmp/t.ptx" 'cp\.async\.ca\.shared\.global')
            check "sm_$arch PTX chase_async_tp_cp_async_ca_16_8: 8 copies in flight a round ($n)" test "$n" -eq 8
        else
            for k in cp_async_ca_4 cp_async_ca_16 cp_async_cg_16; do
                lacks chase_async_lat_$k
            done
            lacks chase_async_tp_cp_async_cg_16_8
        fi
        if [ "$arch" -ge 90 ]; then
            lat bulk 'mbarrier\.arrive\.expect_tx' 'cp\.async\.bulk\.shared::cluster\.global\.mbarrier::complete_tx::bytes' \
                'mbarrier\.try_wait\.parity' 'ld\.volatile\.shared'
            sass bulk 'UBLKCP\.S\.G' 'SYNCS\.ARRIVE\.TRANS64' 'SYNCS\.PHASECHK\.TRANS64\.TRYWAIT' 'LDS'
            ptx_body "$ptx" chase_async_tp_bulk > "$tmp/t.ptx"
            check "sm_$arch PTX chase_async_tp_bulk: bulk copies and the barrier's wait" \
                sh -c "grep -q 'cp\.async\.bulk\.shared::cluster' '$tmp/t.ptx' && grep -q 'mbarrier\.try_wait\.parity' '$tmp/t.ptx'"
        else
            lacks chase_async_lat_bulk
            lacks chase_async_tp_bulk
        fi
        ptx_body "$ptx" chase_async_tp_load_store_16_8 > "$tmp/t.ptx"
        n=$(count "$tmp/t.ptx" 'ld\.global\.ca\.v4')
        check "sm_$arch PTX chase_async_tp_load_store_16_8: 8 loads in flight a round ($n)" test "$n" -eq 8
    done
    [ -n "$dis" ] || echo "# no cuobjdump here (or no fatbinary): the SASS part runs where the toolkit has one"
fi
if [ "${CHASE_HAVE_HIP:-no}" = yes ]; then
    any=yes
    hip_body() {
        awk -v f="$2:" '$1 == f { on = 1 } on && /^\.Lfunc_end/ { exit } on' "$1" | grep -v '^[[:space:]]*;'
    }
    # hregion BODY OP: matches of OP after the 4th s_memtime and before the 6th.
    hregion() {
        awk -v op="$2" '/s_memtime/ { n++; next } $0 ~ op && n >= 4 && n < 6 { k++ } END { print (n == 6 ? k + 0 : "clock reads: " n + 0) }' "$1"
    }
    for arch in $HIP_ARCHS; do
        asm=$(kernel_asm hip "$arch") || { not_ok "hipcc -S for $arch: $(head -3 "$tmp/asm.err")"; continue; }
        for e in 4:global_load_dword:ds_write_b32 8:global_load_dwordx2:ds_write_b64 16:global_load_dwordx4:ds_write_b128; do
            b=${e%%:*} rest=${e#*:}
            hip_body "$asm" chase_async_lat_load_store_$b > "$tmp/h.s"
            for op in "${rest%%:*}[[:space:]]" "${rest#*:}[[:space:]]" 'ds_read_b32[[:space:]]'; do
                n=$(hregion "$tmp/h.s" "$op")
                check "$arch chase_async_lat_load_store_$b: $op in the timed region ($n)" test "$n" -ge 1 2> /dev/null
            done
        done
        case $arch in
        gfx94*)
            hip_body "$asm" chase_async_lat_lds_direct_4 > "$tmp/h.s"
            n=$(hregion "$tmp/h.s" 'global_load_lds_dword')
            check "$arch chase_async_lat_lds_direct_4: global_load_lds_dword in the timed region ($n)" test "$n" -ge 1 2> /dev/null
            check "$arch chase_async_lat_lds_direct_4: M0 set, then the load, its wait, the read of the landed word" \
                awk '/s_mov_b32 m0,/ { m = NR } /global_load_lds_dword/ && m == NR - 1 { l = NR }
                     /s_waitcnt vmcnt\(0\)/ && l && NR == l + 1 { w = NR } /ds_read_b32/ && w && NR == w + 1 { ok = 1 }
                     END { exit !ok }' "$tmp/h.s"
            hip_body "$asm" chase_async_tp_lds_direct_4_8 > "$tmp/h.s"
            n=$(grep -c 'global_load_lds_dword' "$tmp/h.s")
            w=$(grep -c 's_waitcnt vmcnt(0)' "$tmp/h.s")
            check "$arch chase_async_tp_lds_direct_4_8: 8 loads a round ($n), fewer waits ($w)" sh -c "[ $n -eq 8 ] && [ $w -lt 8 ]"
            hip_body "$asm" chase_async_tp_lds_direct_wait_4_8 > "$tmp/h.s"
            n=$(grep -c 'global_load_lds_dword' "$tmp/h.s")
            w=$(awk '/global_load_lds_dword/ { l = NR } /s_waitcnt vmcnt\(0\)/ && l && NR == l + 1 { k++ } END { print k + 0 }' "$tmp/h.s")
            check "$arch chase_async_tp_lds_direct_wait_4_8: 8 loads a round ($n), each followed by its wait ($w)" \
                sh -c "[ $n -eq 8 ] && [ $w -eq 8 ]"
            ;;
        *)
            for k in chase_async_lat_lds_direct_4 chase_async_tp_lds_direct_wait_4_8; do
                hip_body "$asm" $k > "$tmp/h.s"
                n=$(grep -c 'global_load_lds\|buffer_load.*lds' "$tmp/h.s")
                check "$arch $k: no direct-to-LDS load ($n) here, a kernel that says so" \
                    sh -c "[ $n -eq 0 ] && grep -q 'global_store\|flat_store' '$tmp/h.s'"
            done
            ;;
        esac
    done
fi
[ $any = yes ] || skip_all "neither GPU module was configured"
finish
