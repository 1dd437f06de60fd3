# modules.sh: the GPU modules build, load with dlopen on a machine without a
# GPU, and report themselves unavailable with the reason, leaving the rest
# working.  CHASE_REQUIRE_MODULES=1 (CI) turns a missing module into a failure.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

for m in cuda hip; do
    eval have=\${CHASE_HAVE_$(echo $m | tr a-z A-Z):-no}
    if [ "$have" != yes ]; then
        if [ -n "${CHASE_REQUIRE_MODULES:-}" ]; then
            not_ok "the $m module was not configured, and this run requires it"
        else
            echo "# $m module not configured: skipping its checks"
        fi
        continue
    fi
    check "chase_$m.so was built" test -f "$CHASE_BACKEND_PATH/.libs/chase_$m.so"
    "$CHASE" --list-backends > "$tmp/list" 2>&1
    line=$(grep "^$m " "$tmp/list")
    case $line in
    *" available "*) ok "$m: a device is present here: $line" ;;
    *unavailable*"not installed"*|*unavailable*"undefined symbol"*|*unavailable*"ABI"*)
        not_ok "$m: the module did not load: $line" ;;
    *unavailable*) ok "$m: loads and reports unavailable with a reason: $line" ;;
    *) not_ok "$m: not listed: $line" ;;
    esac
    case $line in
    *" available "*) ;;
    *)
        "$CHASE" -b $m > /dev/null 2> "$tmp/err"
        st=$?
        check "$m without a device: exit 3 (got $st) and one line: $(head -1 "$tmp/err")" \
            sh -c "[ $st -eq 3 ] && [ \$(wc -l < '$tmp/err') -eq 1 ]"
        "$CHASE" -b cpu --max 64K -q -o /dev/null
        check "$m unavailable: the cpu backend still works" test $? -eq 0
        ;;
    esac
done

# A module built against another ABI is refused with the numbers, before
# any of its entry points is called, and the rest keeps working.
abi4="${abs_top_builddir:-.}/tests/abi4"
if [ -f "$abi4/.libs/chase_cuda.so" ]; then
    CHASE_BACKEND_PATH="$abi4" "$CHASE" --list-backends > "$tmp/list4" 2>&1
    line=$(grep "^cuda " "$tmp/list4")
    case $line in
    *unavailable*"module ABI 4, this chase needs "*) ok "an ABI 4 module is refused: $line" ;;
    *) not_ok "an ABI 4 module was not refused by its number: $line" ;;
    esac
    CHASE_BACKEND_PATH="$abi4" "$CHASE" -b cuda > /dev/null 2> "$tmp/err4"
    st=$?
    check "-b cuda with an ABI 4 module: exit 3 (got $st), the ABI named: $(head -1 "$tmp/err4")" \
        sh -c "[ $st -eq 3 ] && grep -q 'module ABI 4' '$tmp/err4'"
    CHASE_BACKEND_PATH="$abi4" "$CHASE" -b cpu --max 64K -q -o /dev/null
    check "an ABI 4 module present: the cpu backend still works" test $? -eq 0
else
    not_ok "the ABI 4 stand-in module (tests/abi4/chase_cuda.la) was not built"
fi
finish
