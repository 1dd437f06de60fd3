# bandwidth-asm.sh: chase bandwidth's kernels move what they are asked to,
# at the width asked, with nothing optimised away.
#
# PTX, every configured CUDA architecture (always): the 16-byte read
# kernel holds at least BW_ILP (4) ld.global.v4.u32 (independent loads in
# flight: its unrolled grid-stride loop), the write kernel as many
# st.global.v4.u32, the copy kernel both, the 8- and 4-byte kernels
# ld.global.v2.u32 and ld.global.u32 likewise, shared memory's kernel 5
# ld.volatile.shared.v4.u32 (4 in flight, and one for the rest of a set
# that a block's threads do not divide into fours: without it a block of
# more threads than n / 4 read nothing and its bytes were counted all the
# same); the read kernels keep what they read (a store
# guarded by a compare with the runtime magic word).
# SASS (where the toolkit has cuobjdump, from the fatbinary the module
# embeds): LDG.E.128, STG.E.128 and LDS.128 as many.
# AMD ISA, every configured target (built with hipcc, never run on an AMD
# GPU): global_load_dwordx4, global_store_dwordx4 and ds_read_b128 as many.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

# count FILE KERNEL REGEX: matching instructions in one kernel's body.
ptx_count() {
    awk -v k="$2" '/^\.visible \.entry/ { on = index($0, " " k "(") > 0 } on && /^}/ { on = 0 } on' "$1" |
        grep -cE "$3"
}
hip_count() {
    awk -v f="$2:" '$1 == f { on = 1 } on && /^\.Lfunc_end/ { exit } on' "$1" | grep -cE "$3"
}
sass_count() {
    sass_function "$1" "$2" | grep -cE "$3"
}

# atleast N GOT WHAT
atleast() {
    if [ "$2" -ge "$1" ]; then ok "$3: $2 (at least $1)"; else not_ok "$3: $2 (want at least $1)"; fi
}

any=no
if [ "${CHASE_HAVE_CUDA:-no}" = yes ]; then
    any=yes
    sass_listing
    [ $? -eq 2 ] && not_ok "cuobjdump -sass: $(head -2 "$tmp/dis.err")"
    for arch in $CUDA_ARCHS; do
        ptx=$(kernel_asm cuda "$arch") || { not_ok "nvcc -ptx for sm_$arch: $(head -3 "$tmp/asm.err")"; continue; }
        atleast 4 "$(ptx_count "$ptx" chase_bw_read_16 'ld\.global\.v4\.u32')" "sm_$arch PTX chase_bw_read_16: ld.global.v4.u32"
        atleast 4 "$(ptx_count "$ptx" chase_bw_write_16 'st\.global\.v4\.u32')" "sm_$arch PTX chase_bw_write_16: st.global.v4.u32"
        atleast 4 "$(ptx_count "$ptx" chase_bw_copy_16 'ld\.global\.v4\.u32')" "sm_$arch PTX chase_bw_copy_16: ld.global.v4.u32"
        atleast 4 "$(ptx_count "$ptx" chase_bw_copy_16 'st\.global\.v4\.u32')" "sm_$arch PTX chase_bw_copy_16: st.global.v4.u32"
        atleast 4 "$(ptx_count "$ptx" chase_bw_read_8 'ld\.global\.v2\.u32')" "sm_$arch PTX chase_bw_read_8: ld.global.v2.u32"
        atleast 4 "$(ptx_count "$ptx" chase_bw_read_4 'ld\.global\.u32')" "sm_$arch PTX chase_bw_read_4: ld.global.u32"
        atleast 5 "$(ptx_count "$ptx" chase_bw_shared_16 'ld\.volatile\.shared\.v4\.u32')" \
            "sm_$arch PTX chase_bw_shared_16: ld.volatile.shared.v4.u32"
        for k in chase_bw_read_16 chase_bw_shared_16; do
            atleast 1 "$(ptx_count "$ptx" $k 'setp\.(eq|ne)\.s32')" "sm_$arch PTX $k: what it read is compared with the magic word (kept)"
        done
        [ -n "$dis" ] || continue
        sass_arch "$arch"
        atleast 4 "$(sass_count "$tmp/sass.$arch" chase_bw_read_16 'LDG\.E\.128')" "sm_$arch SASS chase_bw_read_16: LDG.E.128"
        atleast 4 "$(sass_count "$tmp/sass.$arch" chase_bw_write_16 'STG\.E\.128')" "sm_$arch SASS chase_bw_write_16: STG.E.128"
        atleast 4 "$(sass_count "$tmp/sass.$arch" chase_bw_copy_16 'LDG\.E\.128')" "sm_$arch SASS chase_bw_copy_16: LDG.E.128"
        atleast 4 "$(sass_count "$tmp/sass.$arch" chase_bw_copy_16 'STG\.E\.128')" "sm_$arch SASS chase_bw_copy_16: STG.E.128"
        atleast 5 "$(sass_count "$tmp/sass.$arch" chase_bw_shared_16 'LDS\.128')" "sm_$arch SASS chase_bw_shared_16: LDS.128"
    done
    [ -n "$dis" ] || echo "# no cuobjdump here (or no fatbinary): the SASS part runs where the toolkit has one"
fi
if [ "${CHASE_HAVE_HIP:-no}" = yes ]; then
    any=yes
    for arch in $HIP_ARCHS; do
        asm=$(kernel_asm hip "$arch") || { not_ok "hipcc -S for $arch: $(head -3 "$tmp/asm.err")"; continue; }
        atleast 4 "$(hip_count "$asm" chase_bw_read_16 'global_load_dwordx4')" "$arch chase_bw_read_16: global_load_dwordx4"
        atleast 4 "$(hip_count "$asm" chase_bw_write_16 'global_store_dwordx4')" "$arch chase_bw_write_16: global_store_dwordx4"
        atleast 4 "$(hip_count "$asm" chase_bw_copy_16 'global_load_dwordx4')" "$arch chase_bw_copy_16: global_load_dwordx4"
        atleast 4 "$(hip_count "$asm" chase_bw_copy_16 'global_store_dwordx4')" "$arch chase_bw_copy_16: global_store_dwordx4"
        atleast 5 "$(hip_count "$asm" chase_bw_shared_16 'ds_read_b128')" "$arch chase_bw_shared_16: ds_read_b128"
        n=$(hip_count "$asm" chase_bw_read_16 'flat_load')
        check "$arch chase_bw_read_16: no flat (generic) loads ($n)" test "$n" -eq 0
    done
fi
[ $any = yes ] || skip_all "neither GPU module was configured"
finish
