# list-asm.sh: the list chain kernels (chase assoc's eviction sets and
# replacement sequences: list_kernels.h), for every configured target.
#
# PTX (cuda): chase_list_timed_ca and _cg each hold two loops of one
# ld.global.OP.u64 whose address is the register it writes (a lap's
# untimed head and its timed tail), exactly two %clock64 reads, each right
# after an xor.b64 of the chain's register (the read waits for the load
# that wrote it), and the tail's loop between them.  chase_list_spread_ca
# and _cg (a block's threads walking a lap's untimed stretches at once)
# call that function for the tail, and each chain load's register is
# compared before the next barrier (a thread's last load has returned
# before the tail starts).
# SASS (where the toolkit has cuobjdump: the GPU machine): in chase_list_ca
# and _cg, and the spread kernels, the last two CS2R SR_CLOCKLO reads
# bracket a loop of one LDG (no CALL, RET or EXIT), and an instruction
# between that LDG and the closing read uses the register the LDG wrote
# (so the read waits for it).  The checker runs everywhere on small
# listings.
# AMD ISA: in chase_list_ca and _cg and the spread kernels every innermost
# loop holds at most one vector load, there are loops whose one load reads
# the registers it writes, and at least four s_memtime reads (the
# overhead's two, a lap's two) come right after an s_waitcnt vmcnt(0).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

# sass_list FN LISTING: ok, or what is wrong with FN's last clock region.
sass_list() {
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
            n++; addr[n] = hexval(a); ops[n] = t; op[n] = t; sub(/[ \t].*/, "", op[n])
        }
        END {
            for (i = 1; i <= n; i++) if (op[i] == "CS2R" && ops[i] ~ /SR_CLOCKLO/) c[++nc] = i
            if (nc < 2) { print "fewer than two clock reads"; exit }
            s = c[nc - 1]; e = c[nc]; loop = 0; hard = 0; ldg = 0; used = 0
            for (i = s + 1; i < e; i++) {
                if (op[i] ~ /^(CALL|RET|EXIT)/) hard = 1
                if (op[i] ~ /^BRA/) { tg = ops[i]; sub(/^.*0x/, "", tg); sub(/[^0-9a-f].*$/, "", tg)
                                      if (hexval(tg) <= addr[i] && hexval(tg) > addr[s]) loop = 1 }
                if (op[i] ~ /^LDG/) { ldg++; d = ops[i]; sub(/^[^ ]+[ \t]+/, "", d); sub(/,.*/, "", d); at = i }
            }
            if (ldg == 1)
                for (i = at + 1; i < e; i++) {
                    src = ops[i]; sub(/^[^ ]+[ \t]+[^,]+,/, "", src)
                    if (op[i] !~ /^(BRA|LDG)/ && (src ~ ("(^|[^0-9])" d "([^0-9]|$)"))) used = 1
                }
            bad = ""
            if (!loop) bad = bad "no loop between the last two clock reads; "
            if (hard) bad = bad "a call, return or exit inside; "
            if (ldg != 1) bad = bad ldg " LDG inside (want 1); "
            if (ldg == 1 && !used) bad = bad "nothing reads " d " before the closing clock read; "
            print bad == "" ? "ok" : bad
        }' "$2"
}

cat > "$tmp/fx.txt" <<'EOF2'
        Function : good
        /*0100*/                   CS2R R6, SR_CLOCKLO ;
        /*0110*/                   LDG.E.64 R2, desc[UR4][R2.64] ;
        /*0120*/                   IADD3 R0, R0, 0x1, RZ ;
        /*0130*/              @P0 BRA 0x110 ;
        /*0140*/                   LOP3.LUT R2, R2, R4, RZ, 0x3c, !PT ;
        /*0150*/                   CS2R R8, SR_CLOCKLO ;
        Function : bad
        /*0100*/                   CS2R R6, SR_CLOCKLO ;
        /*0110*/                   LDG.E.64 R2, desc[UR4][R2.64] ;
        /*0120*/              @P0 BRA 0x110 ;
        /*0130*/                   CS2R R8, SR_CLOCKLO ;
EOF2
v=$(sass_list good "$tmp/fx.txt")
[ "$v" = ok ] && ok "the SASS checker accepts a timed tail of one LDG whose value the clock read waits for" ||
    not_ok "the SASS checker on good: $v"
v=$(sass_list bad "$tmp/fx.txt")
case $v in *"nothing reads R2"*) ok "the SASS checker rejects a clock read that does not wait for the load" ;;
           *) not_ok "the SASS checker on bad: $v" ;; esac

any=no
if [ "${CHASE_HAVE_CUDA:-no}" = yes ]; then
    any=yes
    sass_listing
    case $? in 2) not_ok "cuobjdump -sass: $(head -2 "$tmp/dis.err")" ;; esac
    for arch in $CUDA_ARCHS; do
        ptx=$(kernel_asm cuda "$arch") || { not_ok "nvcc -ptx for sm_$arch: $(head -3 "$tmp/asm.err")"; continue; }
        [ -n "$dis" ] && sass_arch "$arch"
        for op in ca cg; do
            awk -v f="chase_list_timed_$op" '/^\.func/ && index($0, f) { on = 1 } on { print } on && /^}/ { exit }' \
                "$ptx" | sed 's/^[ \t]*//; /^\/\//d; /^$/d' > "$tmp/f.ptx"
            v=$(awk -v op="$op" '
                /^\$L__BB[0-9_]+:$/ { start[substr($1, 1, length($1) - 1)] = NR }
                $1 ~ /^ld\.global/ {
                    nld++; ld[nld] = NR
                    if ($1 != "ld.global." op ".u64") bad = bad "load " $1 "; "
                    d = $2; sub(/,$/, "", d); s = $3; gsub(/[\[\];]/, "", s)
                    if (d != s) bad = bad "a load reads " s " but writes " d "; "
                    reg = d
                }
                /%clock64/ { nclk++; clk[nclk] = NR; if (prev !~ "^xor\\.b64") bad = bad "a clock read not right after an xor; "
                             else { x = prev; sub(/^xor\.b64[ \t]+/, "", x); sub(/,.*/, "", x); xr[nclk] = x } }
                /^@%p[0-9]+ bra/ { t = $3; sub(/;$/, "", t); if (t in start) { nl++; ls[nl] = start[t]; le[nl] = NR } }
                { prev = $0 }
                END {
                    if (nld != 2) bad = bad nld " loads (want 2); "
                    if (nclk != 2) bad = bad nclk " clock reads (want 2); "
                    for (i = 1; i <= nclk; i++) if (xr[i] != reg) bad = bad "the xor before clock read " i " is of " xr[i] ", not the chain register " reg "; "
                    inside = 0
                    for (l = 1; l <= nl; l++) for (i = 1; i <= nld; i++)
                        if (ld[i] > ls[l] && ld[i] < le[l] && ls[l] > clk[1] && le[l] < clk[2]) inside++
                    if (inside != 1) bad = bad inside " load loops between the clock reads (want 1); "
                    print bad == "" ? "ok" : bad
                }' "$tmp/f.ptx")
            [ "$v" = ok ] && ok "sm_$arch PTX chase_list_timed_$op: two loops of one ld.global.$op.u64 each reading what it writes, the tail's between two %clock64 reads that wait on the chain" ||
                not_ok "sm_$arch PTX chase_list_timed_$op: $v"
            # The spread kernel: its timed tail is the function checked
            # above; its threads' stretches are loops of the chain's load,
            # each thread's last value compared before the barrier that
            # lets the tail start.
            awk -v f="chase_list_spread_$op(" '/\.entry/ && index($0, f) { on = 1 } on { print } on && /^}/ { exit }' \
                "$ptx" | sed 's/^[ \t]*//; /^\/\//d; /^$/d' > "$tmp/s.ptx"
            v=$(awk -v op="$op" '
                $1 ~ /^ld\.global\./ && $1 != "ld.global.u64" {
                    if ($1 != "ld.global." op ".u64") bad = bad "load " $1 "; "
                    d = $2; sub(/,$/, "", d); s = $3; gsub(/[\[\];]/, "", s)
                    if (d != s) bad = bad "a chain load reads " s " but writes " d "; "
                    nld++; pend[d] = 1 }
                /^setp/ { for (r in pend) if (index($0, r ";") || index($0, r ",")) { waited[r] = 1; delete pend[r] } }
                /^bar\.sync/ { nbar++; for (r in pend) { if (!(r in waited)) early = early r " "; delete pend[r] } }
                /chase_list_timed_/ { if (index($0, "chase_list_timed_" op)) calls++ }
                END {
                    if (nld < 2) bad = bad nld " chain loads (want 2 or more); "
                    if (nbar < 3) bad = bad nbar " barriers (want 3 or more); "
                    if (calls < 1) bad = bad "no call of chase_list_timed_" op "; "
                    if (early != "") bad = bad "a barrier before a comparison of " early "; "
                    print bad == "" ? "ok" : bad
                }' "$tmp/s.ptx")
            [ "$v" = ok ] && ok "sm_$arch PTX chase_list_spread_$op: stretches of ld.global.$op.u64 each waited for before a barrier; the tail timed by chase_list_timed_$op" ||
                not_ok "sm_$arch PTX chase_list_spread_$op: $v"
            [ -n "$dis" ] || continue
            for k in chase_list_$op chase_list_spread_$op; do
                sass_function "$tmp/sass.$arch" $k > "$tmp/k.sass"
                v=$(sass_list $k "$tmp/k.sass")
                [ "$v" = ok ] && ok "sm_$arch SASS $k: the timed tail is a loop of one LDG, its value waited for before the clock read" ||
                    not_ok "sm_$arch SASS $k: $v"
            done
        done
    done
    [ -n "$dis" ] || echo "# no cuobjdump here (or no fatbinary): the SASS part runs where the toolkit has one"
fi
if [ "${CHASE_HAVE_HIP:-no}" = yes ]; then
    any=yes
    for arch in $HIP_ARCHS; do
        asm=$(kernel_asm hip "$arch") || { not_ok "hipcc -S for $arch: $(head -3 "$tmp/asm.err")"; continue; }
        for op in ca cg spread_ca spread_cg; do
            awk -v k="chase_list_$op:" '$1 == k { on = 1 } on { print } on && /s_endpgm/ { exit }' "$asm" |
                grep -v '^[[:space:]]*;' > "$tmp/h.s"
            v=$(awk '
                /^\.LBB[0-9_]+:/ { l = $1; sub(/:$/, "", l); start[l] = NR }
                $1 ~ /^(global|flat)_load_dwordx2$/ { nld++; ld[nld] = NR
                    d = $2; sub(/,$/, "", d); s = $3; sub(/,$/, "", s); if (d == s) self++ }
                index($0, "s_waitcnt") && index($0, "vmcnt(0)") { waitat = NR }
                $1 ~ /_load_/ { lastload = NR }
                $1 == "s_memtime" && waitat && NR - waitat <= 3 && waitat > lastload { waited++ }
                $1 ~ /^s_cbranch/ && ($2 in start) { nl++; ls[nl] = start[$2]; le[nl] = NR }
                { prev = $0 }
                END {
                    for (l = 1; l <= nl; l++) { n = 0; outer = 0
                        for (m = 1; m <= nl; m++) if (m != l && ls[m] > ls[l] && le[m] < le[l]) outer = 1
                        if (outer) continue     # a loop of loops (a lap of the spread kernels: its stretch and its tail)
                        for (i = 1; i <= nld; i++) if (ld[i] > ls[l] && ld[i] < le[l]) n++
                        if (n > 1) bad = bad "a loop holds " n " loads; " }
                    if (self < 2) bad = bad self " loads read the registers they write (want 2 or more); "
                    if (waited < 4) bad = bad waited " s_memtime reads after s_waitcnt vmcnt(0) (want 4 or more); "
                    print bad == "" ? "ok" : bad
                }' "$tmp/h.s")
            [ "$v" = ok ] && ok "$arch chase_list_$op: one load a loop, each reading what it writes; the clock reads wait for it (not run on an AMD GPU here)" ||
                not_ok "$arch chase_list_$op: $v"
        done
    done
fi
# Without a GPU module only the checker's own tests above ran (a plan of
# 0 after them would be an error).
[ $any = yes ] || echo "# neither GPU module was configured: the kernels were not checked here"
finish
