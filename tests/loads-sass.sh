# loads-sass.sh: chase loads' CUDA bursts, for every configured
# architecture, where the order is decided.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
#
# PTX (always): in each burst function (cache operator x width x N) the
# sample loop holds one clock read that sets the loads' guard _chase_p, then
# exactly N guarded ld.global.OP loads of the width back to back, then only
# the XOR chains that use every load (ceil(N/2) links and one final XOR),
# then the second clock read, guarded by a predicate on that final XOR; the
# next addresses are computed after it.  Those are data dependences: ptxas
# cannot issue a load before the first read or the second read before the
# loads' values arrive.
#
# SASS (where cuobjdump or nvdisasm is installed; the GPU run's script
# runs it too): between the first CS2R SR_CLOCKLO and the predicated one,
# exactly N predicated LDGs of the width, back to back, with nothing but the
# guard before them and nothing but XORs, moves and the compare after them;
# no load of the burst after the second read.
. "$srcdir/tests/common.sh"

if [ "${CHASE_HAVE_CUDA:-no}" != yes ]; then
    [ -n "${CHASE_REQUIRE_MODULES:-}" ] && { not_ok "the cuda module was not configured"; finish; exit 1; }
    skip_all "the cuda module was not configured"
fi

# One function's PTX, one instruction or label a line.
ptx_body() {
    awk -v f="$2" 'index($0, ".func") && (index($0, f "(") || index($0, f "E")) { on = 1 } on { print } on && /^}/ { exit }' "$1" |
        sed 's|//.*||; s/^[ \t]*//; /^$/d'
}

ptx_verdict() {
    awk -v n="$1" -v op="$2" -v type="$3" '
        { line[NR] = $0 }
        /mov\.u64 %rd[0-9]+, %clock64;/ && !/^@/ { start[++ns] = NR }
        /setp\.ne\.u32 _chase_p,/ { guard = NR }
        /^@q mov\.u64 %rd[0-9]+, %clock64;/ { stop[++nt] = NR }
        /^@_chase_p ld\.global\./ { ld[++nl] = NR; if ($2 != "ld.global." op "." type) bad = bad "load " $2 "; "
                                   d = $3; gsub(/[{},;]/, "", d); dst[nl] = d }
        /^ld\.global\./ { plain++ }
        /^lop3\.b32/ { lop[++nx] = NR; out[nx] = $2; sub(/,$/, "", out[nx]); ins[nx] = $3 " " $4 " " $5; gsub(/,/, "", ins[nx]) }
        /^mad\.wide\.u32/ { mad[++nm] = NR }
        /setp\.ne\.u32 q, %r[0-9]+, -1;/ { q = $3; sub(/,$/, "", q) }
        END {
            if (ns != 1 || nt != 1) { print ns " first and " nt " second clock reads (want 1 and 1)"; exit }
            if (!guard || guard < start[1] || guard > ld[1]) bad = bad "the loads guard is not set from the first read; "
            if (nl != n) bad = bad nl " guarded loads (want " n "); "
            if (plain) bad = bad plain " unguarded global loads; "
            for (i = 1; i <= nl; i++) if (ld[i] < start[1] || ld[i] > stop[1]) bad = bad "a load outside the clock reads; "
            for (i = 2; i <= nl; i++) if (ld[i] != ld[i - 1] + 1) bad = bad "loads not back to back; "
            # Between the last load and the second read: the chains alone.
            for (i = ld[nl] + 1; i < stop[1]; i++)
                if (line[i] !~ /^(lop3\.b32|mov\.u64|\{|\}|\.reg \.pred q;|setp\.ne\.u32 q,)/) bad = bad "between the loads and the second read: " line[i] "; "
            inside = 0; final = 0
            for (i = 1; i <= nx; i++) if (lop[i] > ld[nl] && lop[i] < stop[1]) { inside++; final = i }
            if (inside != int((n + 1) / 2) + 1) bad = bad inside " XORs before the second read (want " int((n + 1) / 2) + 1 "); "
            if (!final || out[final] != q) bad = bad "the second read is not guarded by the final XOR; "
            # Every load value reaches a XOR before the second read.
            for (i = 1; i <= nl; i++) {
                used = 0
                for (j = 1; j <= nx; j++) if (lop[j] < stop[1] && index(" " ins[j] " ", " " dst[i] " ")) used = 1
                if (!used) bad = bad "load " i " (" dst[i] ") is not used before the second read; "
            }
            after = 0; for (i = 1; i <= nm; i++) if (mad[i] > stop[1]) after++
            if (after != n) bad = bad after " address computations after the second read (want " n "); "
            print bad == "" ? "ok" : bad
        }'
}

# The SASS of one function, from cuobjdump -sass or nvdisasm output: one
# instruction a line, without addresses and encodings.
sass_body() {
    awk -v f="$2" '/Function : / || /^[ \t]*\.text\./ || /^[ \t]*\.(global|weak|local)/ {
                       on = index($0, f) && ($0 ~ (f "E") || $0 ~ (f "[^0-9_]") || $0 ~ (f "$")) }
                   on' "$1" |
        sed -n 's|^[ \t]*/\*[0-9a-f]*\*/[ \t]*||p' | sed 's|[ \t]*;.*||; s|[ \t]*/\*.*||' | sed '/^$/d'
}

sass_verdict() {
    awk -v n="$1" -v w="$2" '
        { line[NR] = $0; split($0, t, " "); pred[NR] = t[1] ~ /^@!?P/; op[NR] = pred[NR] ? t[2] : t[1] }
        op[NR] == "CS2R" && /SR_CLOCKLO/ { if (pred[NR]) stop[++nt] = NR; else start[++ns] = NR }
        op[NR] ~ /^LDG/ { ld[++nl] = NR; if (!pred[NR]) unpred++
                          wid = op[NR] ~ /\.128/ ? 16 : op[NR] ~ /\.64/ ? 8 : op[NR] ~ /\.(U8|S8|U16|S16)/ ? 0 : 4
                          if (wid != w) bad = bad op[NR] " is not a " w "-byte load; " }
        END {
            if (ns < 1 || nt != 1) { print ns " plain and " nt " predicated clock reads (want 1 or more and 1)"; exit }
            s = 0; for (i = 1; i <= ns; i++) if (start[i] < stop[1]) s = start[i]
            if (nl != n) bad = bad nl " LDGs (want " n "); "
            if (unpred) bad = bad unpred " unpredicated LDGs; "
            for (i = 1; i <= nl; i++) if (ld[i] < s || ld[i] > stop[1]) bad = bad "an LDG outside the clock reads (line " ld[i] "); "
            for (i = ld[1] + 1; i < ld[nl]; i++) if (op[i] !~ /^(LDG|NOP)/) bad = bad "not back to back: " line[i] "; "
            for (i = s + 1; i < ld[1]; i++) if (op[i] !~ /^(LOP3|ISETP|NOP|MOV|IMAD\.MOV|PLOP3|S2R)/) bad = bad "before the loads: " line[i] "; "
            for (i = ld[nl] + 1; i < stop[1]; i++) if (op[i] !~ /^(LOP3|ISETP|NOP|MOV|IMAD\.MOV|PLOP3|DEPBAR)/) bad = bad "after the loads: " line[i] "; "
            print bad == "" ? "ok" : bad
        }'
}

disasm=
for d in "${NVCC%/nvcc}/cuobjdump" "${NVCC%/nvcc}/nvdisasm" cuobjdump nvdisasm; do
    if command -v "$d" > /dev/null 2>&1; then disasm=$d; break; fi
done

# The checker itself, on a listing of the form cuobjdump prints.
if [ -f "$srcdir/tests/data/loads-sass-fixture.txt" ]; then
    v=$(sass_body "$srcdir/tests/data/loads-sass-fixture.txt" chase_loads_ca_16_n2 | sass_verdict 2 16)
    [ "$v" = ok ] && ok "the SASS checker accepts a well-formed burst" || not_ok "the SASS checker on the good fixture: $v"
    v=$(sass_body "$srcdir/tests/data/loads-sass-fixture.txt" chase_loads_ca_16_n3 | sass_verdict 3 16)
    case $v in *"not back to back"*"after the loads"*) ok "the SASS checker rejects a burst split by a use and an address computation inside the region" ;;
               *) not_ok "the SASS checker on the bad fixture: $v" ;; esac
fi

for arch in $CUDA_ARCHS; do
    "$NVCC" -ptx -arch=compute_$arch -I"$top_srcdir/src" -I"$top_srcdir/backends/gpu" \
        -o "$tmp/k.ptx" "$top_srcdir/backends/cuda/chase_cuda.cu" || { not_ok "nvcc -ptx for sm_$arch"; continue; }
    if [ -n "$disasm" ]; then
        "$NVCC" -cubin -arch=sm_$arch -I"$top_srcdir/src" -I"$top_srcdir/backends/gpu" \
            -o "$tmp/k.cubin" "$top_srcdir/backends/cuda/chase_cuda.cu" &&
            case $disasm in *cuobjdump) "$disasm" -sass "$tmp/k.cubin" ;; *) "$disasm" "$tmp/k.cubin" ;; esac \
            > "$tmp/k.sass" 2> "$tmp/dis.err" || { not_ok "sm_$arch: no SASS: $(head -2 "$tmp/dis.err")"; disasm_failed=1; }
    fi
    for op in ca cg nc; do
        for w in 4 8 16; do
            case $w in 4) type=u32 ;; 8) type=v2.u32 ;; 16) type=v4.u32 ;; esac
            pbad= sbad=
            for n in 1 2 4 8 11 16 24 32; do
                f=chase_loads_${op}_${w}_n$n
                v=$(ptx_body "$tmp/k.ptx" "$f" | ptx_verdict $n $op $type)
                [ "$v" = ok ] || pbad="$pbad N=$n: $v"
                if [ -n "$disasm" ] && [ -z "${disasm_failed:-}" ]; then
                    v=$(sass_body "$tmp/k.sass" "$f" | sass_verdict $n $w)
                    [ "$v" = ok ] || sbad="$sbad N=$n: $v"
                fi
            done
            if [ -z "$pbad" ]; then
                ok "sm_$arch PTX chase_loads_${op}_${w}: N guarded ld.global.$op.$type back to back, used by the XOR chains before the guarded second clock read, for N = 1 2 4 8 11 16 24 32"
            else
                not_ok "sm_$arch PTX chase_loads_${op}_${w}:$pbad"
            fi
            if [ -z "$disasm" ]; then
                ok "sm_$arch SASS chase_loads_${op}_${w} # SKIP no cuobjdump or nvdisasm beside $NVCC or on the PATH"
            elif [ -z "${disasm_failed:-}" ]; then
                if [ -z "$sbad" ]; then
                    ok "sm_$arch SASS chase_loads_${op}_${w}: N predicated LDGs of $w bytes back to back between CS2R SR_CLOCKLO and the predicated one"
                else
                    not_ok "sm_$arch SASS chase_loads_${op}_${w}:$sbad"
                fi
            fi
        done
    done
done
finish
