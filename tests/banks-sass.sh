# banks-sass.sh: chase banks' CUDA timed functions, for every configured
# architecture: in the PTX always, in the SASS of the built fatbinary where
# the toolkit has cuobjdump.  Each lies between two clock reads with no
# other shared read between them:
#   chain_bW:  a loop of one read of width W (LDS, LDS.64, LDS.128) whose
#              address register is the first one it writes;
#   burstN_bW: N reads back to back, nothing reading their registers
#              between them, and an instruction reading the last one's
#              first register before the closing clock read;
#   blockN_bW: a loop of N reads, the clock reads outside it;
#   empty:     no read at all.
# The store kernels' (chase_banks_st_bW) the same way:
#   stburstN_bW: N stores of width W (STS, STS.64, STS.128) back to back,
#                then the one read of the lane's word and an instruction
#                reading it before the closing clock read (the shared
#                memory serves that read after the warp's stores);
#   stblockN_bW: a loop of N stores, the read after the loop;
#   stempty:     that read alone (the region's fixed cost).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

if [ "${CHASE_HAVE_CUDA:-no}" != yes ]; then
    [ -n "${CHASE_REQUIRE_MODULES:-}" ] && { not_ok "the cuda module was not configured"; finish; exit 1; }
    skip_all "the cuda module was not configured"
fi

# want W: the functions of width W.
want() {
    case $1 in 32) ns="1 2 4 8 16 32" ;; 64) ns="1 2 4 8 16" ;; 128) ns="1 2 4 8" ;; esac
    printf 'chain_b%s' "$1"
    for n in $ns; do printf ' burst%s_b%s block%s_b%s stburst%s_b%s stblock%s_b%s' "$n" "$1" "$n" "$1" "$n" "$1" "$n" "$1"; done
}

# judge WHAT FILE: TAP lines from FILE's 'NAME ok' / 'NAME bad: why' verdicts.
judge() {
    for w in 32 64 128; do
        missing=""
        for f in $(want $w); do grep -q "^$f " "$2" || missing="$missing $f"; done
        bad=$(grep "_b$w bad" "$2" | head -3 | tr '\n' ' ')
        if [ -z "$missing" ] && [ -z "$bad" ]; then
            ok "$1 b$w: a dependent read in the chain loop, bursts and block loops of back-to-back reads, between clock reads; store bursts and block loops of st.shared of the width, closed by a read of the lane's word"
        else
            not_ok "$1 b$w:${missing:+ missing$missing;} $bad"
        fi
    done
    if grep -q '^empty ok' "$2"; then ok "$1: the empty region holds no read"; else not_ok "$1: the empty region: $(grep '^empty' "$2")"; fi
    if grep -q '^stempty ok' "$2"; then ok "$1: the stores' empty region holds the closing read alone"; else not_ok "$1: the stores' empty region: $(grep '^stempty' "$2")"; fi
}

# The analysis, the same for PTX and SASS once each line is 'OPCODE OPERANDS'
# with reads as LD32/LD64/LD128 DST ADDR, clock reads as CLOCK, branches as
# BRANCH LABEL, labels as LABEL NAME, and functions as FUNCTION NAME.
cat > "$tmp/analyse.awk" <<'EOF'
function reads(i, r,   k, n, w) {     # does instruction i read register r (a source operand)?
    n = split(L[i], w, /[ ,\[\]{}]+/)
    for (k = 3; k <= n; k++) if (w[k] == r) return 1
    return 0
}
function flush(   i, j, k, bad, nck, c1, c2, n, lp, le, kind, N, W, t, first, used) {
    if (fn == "") return
    kind = fn; W = fn; N = fn
    sub(/_b(32|64|128)$/, "", kind); sub(/^.*_b/, "", W); sub(/^[a-z]+/, "", N); sub(/_.*/, "", N)
    sub(/[0-9]+$/, "", kind)
    if (fn == "empty") { kind = "empty"; W = 0 }
    if (fn == "stempty") { kind = "stempty"; W = 0; N = 0 }
    if (kind ~ /^st/) { stores(kind, W, N); return }
    bad = ""; nck = 0; n = 0; lp = 0; le = 0; c1 = 0; c2 = 0
    for (i = 1; i <= nl; i++) {
        split(L[i], t, " ")
        if (t[1] == "CLOCK") { nck++; if (nck == 1) c1 = i; else c2 = i }
        if (t[1] == "BRANCH" && (t[2] in at) && at[t[2]] <= i) { lp = at[t[2]]; le = i }
        if (t[1] ~ /^LD/) {
            if (t[1] != "LD" W || nck != 1) bad = bad "a shared read of another width or outside the region: " L[i] "; "
            else { n++; rd[n] = i; dst[n] = t[2]; adr[n] = t[3] }
        }
    }
    if (nck != 2) { print fn " bad: " nck " clock reads (want 2)"; return }
    if (kind == "empty") {
        if (n) bad = bad n " reads in the empty region; "
    } else if (kind == "chain") {
        if (n != 1) bad = bad n " reads (want 1); "
        else {
            if (!(lp && lp <= rd[1] && rd[1] < le && lp > c1 && le < c2)) bad = bad "the read is not in a loop inside the region; "
            if (dst[1] != adr[1]) bad = bad "the read at " adr[1] " writes " dst[1] " (not dependent); "
        }
    } else {
        if (n != N) bad = bad n " reads (want " N "); "
        used = ""
        for (k = 2; k <= n && used == ""; k++)
            for (i = rd[k - 1] + 1; i < rd[k] && used == ""; i++)
                for (j = 1; j < k; j++) if (reads(i, dst[j])) used = L[i]
        if (used != "") bad = bad "a read register used inside the burst: " used "; "
        if (kind == "burst") {
            if (lp > c1 && lp < c2) bad = bad "a loop in a burst; "
            first = 0
            for (i = rd[n] + 1; i < c2; i++) if (reads(i, dst[n])) first = 1
            if (n && !first) bad = bad "nothing reads the last read before the closing clock; "
        }
        if (kind == "block" && n && !(lp && lp <= rd[1] && rd[n] < le && lp > c1 && le < c2))
            bad = bad "the reads are not in a loop between the clock reads; "
    }
    print fn (bad == "" ? " ok" : " bad: " bad)
}
# A store region: N stores of width W between the clock reads (in a loop
# for stblock), then one 32-bit read at their address, read before the
# closing clock read.
function stores(kind, W, N,   i, t, nck, c1, c2, lp, le, ns, nld, ldi, sadr, bad, used) {
    bad = ""; nck = 0; ns = 0; nld = 0; lp = 0; le = 0; sadr = ""
    for (i = 1; i <= nl; i++) {
        split(L[i], t, " ")
        if (t[1] == "CLOCK") { nck++; if (nck == 1) c1 = i; else c2 = i }
        if (t[1] == "BRANCH" && (t[2] in at) && at[t[2]] <= i) { lp = at[t[2]]; le = i }
        if (t[1] ~ /^ST/) {
            if (t[1] != "ST" W || nck != 1) bad = bad "a store of another width or outside the region: " L[i] "; "
            else { ns++; if (sadr == "") sadr = t[2]; if (nld) bad = bad "a store after the closing read; " }
        }
        if (t[1] ~ /^LD/ && nck == 1) { nld++; ldi = i }
    }
    if (nck != 2) { print fn " bad: " nck " clock reads (want 2)"; return }
    if (ns != N) bad = bad ns " stores (want " N "); "
    if (nld != 1) bad = bad nld " reads (want the one closing read); "
    else {
        split(L[ldi], t, " ")
        if (t[1] != "LD32") bad = bad "the closing read is " t[1] "; "
        if (sadr != "" && t[3] != sadr) bad = bad "the closing read is at " t[3] ", the stores at " sadr "; "
        used = 0
        for (i = ldi + 1; i < c2; i++) if (reads(i, t[2])) used = 1
        if (!used) bad = bad "nothing reads the closing read before the clock; "
    }
    if (kind == "stburst" && lp > c1 && lp < c2) bad = bad "a loop in a burst; "
    if (kind == "stblock" && !(lp && lp > c1 && le < c2 && le < ldi)) bad = bad "the stores are not in a loop before the closing read; "
    print fn (bad == "" ? " ok" : " bad: " bad)
}
$1 == "FUNCTION" { flush(); fn = $2; nl = 0; delete at; next }
$1 == "LABEL" { at[$2] = nl + 1; next }
fn != "" { L[++nl] = $0 }
END { flush() }
EOF

# Our function names from a mangled one: ...chase_banks_burst8_b32EjjPj -> burst8_b32.
cat > "$tmp/name.awk" <<'EOF'
function ours(s) {
    sub(/^.*chase_banks_/, "", s)
    if (s ~ /^empty/) return "empty"
    if (s ~ /^stempty/) return "stempty"
    if (match(s, /^[a-z]+[0-9]*_b(32|64|128)/)) return substr(s, 1, RLENGTH)
    return ""
}
EOF

cat > "$tmp/ptx.awk" <<'EOF'
/^\.func/ && /chase_banks_/ { s = ours($0); print "FUNCTION", s; on = s != ""; next }
/^\.(func|entry|visible)/ { on = 0 }
on {
    l = $0; sub(/\/\/.*/, "", l); gsub(/^[ \t]+|[ \t;]+$/, "", l)
    if (l == "") next
    if (l ~ /^\$L__BB[0-9_]+:$/) { sub(/:$/, "", l); print "LABEL", l; next }
    if (l ~ /%clock64/) { print "CLOCK"; next }
    if (l ~ /[ \t]bra[. \t]/ || l ~ /^bra/) { n = split(l, w, /[ \t]+/); print "BRANCH", w[n]; next }
    if (l ~ /ld\.volatile\.shared\./) {
        sub(/^.*ld\.volatile\.shared/, "ld.volatile.shared", l)
        wd = l ~ /\.v4\./ ? 128 : l ~ /\.v2\./ ? 64 : 32
        d = l; sub(/^[^ \t]+[ \t]+/, "", d); sub(/^\{/, "", d); sub(/[,}].*/, "", d)
        a = l; sub(/^.*\[/, "", a); sub(/\].*/, "", a)
        print "LD" wd, d, a; next
    }
    if (l ~ /ld\.shared/) { print "LD0 x x"; next }
    if (l ~ /st\.volatile\.shared\./) {
        sub(/^.*st\.volatile\.shared/, "st.volatile.shared", l)
        wd = l ~ /\.v4\./ ? 128 : l ~ /\.v2\./ ? 64 : 32
        a = l; sub(/^[^\[]*\[/, "", a); sub(/\].*/, "", a)
        print "ST" wd, a; next
    }
    if (l ~ /st\.shared/) { print "ST0 x"; next }
    print l
}
EOF

for arch in $CUDA_ARCHS; do
    ptx=$(kernel_asm cuda $arch) || { not_ok "nvcc -ptx for sm_$arch: $(head -3 "$tmp/asm.err")"; continue; }
    awk -f "$tmp/name.awk" -f "$tmp/ptx.awk" "$ptx" > "$tmp/ptx.norm"
    awk -f "$tmp/analyse.awk" "$tmp/ptx.norm" > "$tmp/ptx.verdicts"
    judge "PTX compute_$arch" "$tmp/ptx.verdicts"
done

# The SASS of the fatbinary the module embeds (CHASE_FATBIN: another).
# The timed functions are code inside each kernel's listing (reached by
# CALL), so tests/sass-regions.awk finds the regions by their CS2R
# SR_CLOCKLO reads: bursts of N back-to-back LDS of the width, the closing
# read right after the instruction that reads the last one and waits for
# it; loops of N reads (blocks) and of one dependent read (the chain)
# between clock reads; the empty region.
sass_verdict() {   # FILE KERNEL WIDTH
    case $3 in 32) ns="1 2 4 8 16 32" ;; 64) ns="1 2 4 8 16" ;; 128) ns="1 2 4 8" ;; esac
    awk -v fn="$2" -v unit=LDS -v width=$(($3 / 8)) -v bursts="$ns" -v loops="$ns" -v chain=1 -v empty=1 \
        -v combine='^(LOP3|IADD3|IMAD\.IADD)' -f "$srcdir/tests/sass-regions.awk" "$1"
}
# The checker itself, on an excerpt of the H100's listing.
v=$(awk -v fn=chase_banks_b32 -v unit=LDS -v width=4 -v bursts="1 2 4" -v loops="1 2 4 8" -v chain=1 \
    -v combine='^(LOP3|IADD3|IMAD\.IADD)' -f "$srcdir/tests/sass-regions.awk" "$srcdir/tests/data/sass-banks-b32.txt")
[ "$v" = ok ] && ok "the SASS checker accepts the H100's chase_banks_b32 (bursts, blocks, chain)" || not_ok "the SASS checker on the banks fixture: $v"
sed 's/LDS R5, \[R5\]/LDS.64 R5, [R5]/' "$srcdir/tests/data/sass-banks-b32.txt" > "$tmp/wide.txt"
v=$(awk -v fn=chase_banks_b32 -v unit=LDS -v width=4 -v bursts="1 2 4" -v loops="1 2 4 8" -v chain=1 \
    -v combine='^(LOP3|IADD3|IMAD\.IADD)' -f "$srcdir/tests/sass-regions.awk" "$tmp/wide.txt")
case $v in *"is not 4 bytes"*) ok "the SASS checker rejects a read of another width" ;; *) not_ok "the SASS checker on a widened read: $v" ;; esac

# The store checker, on a hand-written listing of the store kernel's shape.
v=$(awk -v fn=chase_banks_st_b32 -v width=4 -v bursts="1 2" -v loops="2" -f "$srcdir/tests/sass-stores.awk" \
    "$srcdir/tests/data/sass-stores-b32.txt")
[ "$v" = ok ] && ok "the SASS store checker accepts bursts, a block loop and the empty region of STS" || not_ok "the SASS store checker on its fixture: $v"
sed 's/STS \[R5\], R5/STS.64 [R5], R4/' "$srcdir/tests/data/sass-stores-b32.txt" > "$tmp/wide-st.txt"
v=$(awk -v fn=chase_banks_st_b32 -v width=4 -v bursts="1 2" -v loops="2" -f "$srcdir/tests/sass-stores.awk" "$tmp/wide-st.txt")
case $v in *"is not 4 bytes"*) ok "the SASS store checker rejects a store of another width" ;; *) not_ok "the SASS store checker on a widened store: $v" ;; esac
sed '/LOP3.LUT R7, R7/d' "$srcdir/tests/data/sass-stores-b32.txt" > "$tmp/open-st.txt"
v=$(awk -v fn=chase_banks_st_b32 -v width=4 -v bursts="1 2" -v loops="2" -f "$srcdir/tests/sass-stores.awk" "$tmp/open-st.txt")
case $v in *"nothing reads the closing read"*) ok "the SASS store checker rejects a clock read that does not wait for the closing read" ;; *) not_ok "the SASS store checker on an unwaited read: $v" ;; esac

sass_listing
rc=$?
if [ $rc -eq 1 ]; then
    # Not a skip: the PTX checks above are this machine's; the SASS is
    # checked where the toolkit has a disassembler for its own output (the
    # GPU machine's make check and tests/gpu/).
    echo "# no cuobjdump here (or no fatbinary): the SASS part runs where the toolkit has one"
    finish
    exit $?
fi
[ $rc -eq 0 ] || { not_ok "cuobjdump -sass $fatbin: $(head -2 "$tmp/dis.err")"; finish; exit 1; }
for arch in $CUDA_ARCHS; do
    sass_arch "$arch"
    for w in 32 64 128; do
        if ! grep -q "Function : chase_banks_b$w\$" "$tmp/sass.$arch"; then
            not_ok "SASS sm_$arch: no chase_banks_b$w kernel in the listing of $fatbin"
            continue
        fi
        v=$(sass_verdict "$tmp/sass.$arch" chase_banks_b$w $w)
        [ "$v" = ok ] && ok "SASS sm_$arch chase_banks_b$w: bursts of back-to-back LDS, the closing CS2R after the instruction that waits for the last; block loops; the dependent chain loop; the empty region" ||
            not_ok "SASS sm_$arch chase_banks_b$w: $v"
        if ! grep -q "Function : chase_banks_st_b$w\$" "$tmp/sass.$arch"; then
            not_ok "SASS sm_$arch: no chase_banks_st_b$w kernel in the listing of $fatbin"
            continue
        fi
        case $w in 32) ns="1 2 4 8 16 32" ;; 64) ns="1 2 4 8 16" ;; 128) ns="1 2 4 8" ;; esac
        v=$(awk -v fn=chase_banks_st_b$w -v width=$((w / 8)) -v bursts="$ns" -v loops="$ns" \
            -f "$srcdir/tests/sass-stores.awk" "$tmp/sass.$arch")
        [ "$v" = ok ] && ok "SASS sm_$arch chase_banks_st_b$w: bursts and block loops of STS of $((w / 8)) bytes between clock reads, each closed by an LDS of the lane's word that the closing CS2R waits for; the empty region" ||
            not_ok "SASS sm_$arch chase_banks_st_b$w: $v"
    done
done
finish
