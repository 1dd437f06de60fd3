# common.sh: helpers for the shell tests (sourced).  A test prints each of
# its checks as TAP and exits 1 if any failed.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
: "${CHASE:?run through make check}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/chase-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failed=0
checks=0

ok() {
    checks=$((checks + 1))
    echo "ok $checks - $*"
}

not_ok() {
    checks=$((checks + 1))
    failed=$((failed + 1))
    echo "not ok $checks - $*"
}

# data FILE...: the data rows of chase's TSV files, without comments,
# blank lines or header lines (a header is the line after '# table: NAME'
# that is not a comment; format 2 wrote it as a comment).
data() {
    awk '/^# table:/ { h = 1; next } /^#/ { h = 0; next } !NF { next } h { h = 0; next } { print }' "$@"
}

# check DESCRIPTION COMMAND...: passes if the command succeeds.
check() {
    desc=$1
    shift
    if "$@"; then ok "$desc"; else not_ok "$desc"; fi
}

# expect STATUS REGEX ARGS...: runs chase ARGS, wants that exit status and a
# single stderr line matching REGEX, and no crash.
expect() {
    want=$1 re=$2
    shift 2
    "$CHASE" "$@" > "$tmp/out" 2> "$tmp/err" < /dev/null
    got=$?
    lines=$(grep -vc '^Try ' "$tmp/err")
    if [ "$got" -eq "$want" ] && grep -Eq -- "$re" "$tmp/err" && [ "$lines" -le 1 ]; then
        ok "chase $* -> exit $got: $(head -1 "$tmp/err")"
    else
        not_ok "chase $* -> exit $got (want $want), stderr: $(head -3 "$tmp/err" | tr '\n' '|')"
    fi
}

# skip_all REASON: the whole test does not apply here (TAP's skip).
skip_all() {
    echo "1..0 # SKIP $*"
    exit 0
}

finish() {
    echo "1..$checks"
    [ "$failed" -eq 0 ]
}

# kernel_asm cuda|hip ARCH: prints the path of the kernels' PTX (cuda) or
# assembly (hip) for one architecture.  make check compiles them once for
# every configured one (tests/asm/, the rules in cuda.am and hip.am); a
# test run on its own, or for an architecture not configured, compiles its
# own.  Fails with the compiler's first lines in $tmp/asm.err.
kernel_asm() {
    case $1 in
    cuda) f=$PWD/tests/asm/cuda-$2.ptx ;;
    hip) f=$PWD/tests/asm/hip-$2.s ;;
    *) return 1 ;;
    esac
    if [ -s "$f" ]; then
        echo "$f"
        return 0
    fi
    f=$tmp/kernel-$1-$2
    case $1 in
    cuda) "$NVCC" -ptx -arch=compute_$2 -I"$top_srcdir/src" -I"$top_srcdir/backends/gpu" \
              -o "$f" "$top_srcdir/backends/cuda/chase_cuda.cu" ;;
    hip) "$HIPCC" --offload-arch=$2 --cuda-device-only -S -O3 -I"$top_srcdir/src" -I"$top_srcdir/backends/gpu" \
              -o "$f" "$top_srcdir/backends/hip/chase_hip.hip" ;;
    esac > "$tmp/asm.err" 2>&1 || return 1
    echo "$f"
}

# SASS, where the toolkit has cuobjdump (the GPU machine's make check):
# sass_listing disassembles the cuda module's fatbinary ($CHASE_FATBIN,
# else the one the build made; in $fatbin) into $tmp/sass.txt and sets dis
# to the disassembler.  It returns 1, dis empty, where there is no
# cuobjdump or no fatbinary (the SASS checks do not run here), and 2, dis
# empty, where cuobjdump failed (its first lines in $tmp/dis.err).
sass_listing() {
    dis=""
    for d in "$(dirname "${NVCC:-nvcc}")" $(echo "$PATH" | tr ':' ' '); do
        [ -x "$d/cuobjdump" ] && { dis=$d/cuobjdump; break; }
    done
    fatbin=${CHASE_FATBIN:-$CHASE_BACKEND_PATH/backends/cuda/chase_cuda.fatbin}
    [ -n "$dis" ] && [ -f "$fatbin" ] || { dis=""; return 1; }
    "$dis" -sass "$fatbin" > "$tmp/sass.txt" 2> "$tmp/dis.err" || { dis=""; return 2; }
}
# sass_arch ARCH: the part of $tmp/sass.txt for sm_ARCH, into $tmp/sass.ARCH.
sass_arch() {
    awk -v a="sm_$1" '/code for sm_/ { on = ($NF == a) } on' "$tmp/sass.txt" > "$tmp/sass.$1"
}
# sass_function FILE KERNEL: one kernel's listing in FILE (its __noinline__
# device functions are code inside it).
sass_function() {
    awk -v k="$2" '/Function : / { on = ($NF == k) } on' "$1"
}

# sysfs_cache_bytes LEVEL [CPU]: the bytes of the data (or unified) cache
# of that level of logical CPU CPU (default 0), as sysfs gives it ("48K" ->
# 49152); nothing where it has none.
sysfs_cache_bytes() {
    sysfs_cache size "$1" "${2:-0}" | sed 's/K$/ * 1024/; s/M$/ * 1048576/' | awk '{ print $1 * ($3 ? $3 : 1) }'
}
# pinned_cpu: the logical CPU the cpu backend pins its pointer chase to,
# the last one this shell (and so chase) may run on (chase(1), BACKENDS).
pinned_cpu() {
    sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status | tr ',' '\n' | tail -1 | sed 's/.*-//'
}
# sysfs_cache FILE LEVEL CPU: that file of the data (or unified) cache of
# that level of logical CPU CPU (size, ways_of_associativity,
# coherency_line_size, shared_cpu_list, type); nothing where it has none.
sysfs_cache() {
    for d in /sys/devices/system/cpu/cpu$3/cache/index*; do
        if [ "$(cat "$d/level" 2>/dev/null)" = "$2" ] && [ "$(cat "$d/type")" != Instruction ]; then
            cat "$d/$1"
            return
        fi
    done
}
