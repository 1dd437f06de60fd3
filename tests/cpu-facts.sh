# cpu-facts.sh: what the cpu backend says of this machine's caches (from
# hwloc, or from sysfs where chase was built without it) is what sysfs says
# of the logical CPU it pinned its measuring thread to, the last one the
# process may run on; the metadata names the source and the CPU, and
# taskset moves it.  No timing is judged: the sweep is 64 KiB.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

[ -r /sys/devices/system/cpu/cpu0/cache/index0/size ] || skip_all "sysfs describes no caches here"

# meta FILE KEY: the value of '# KEY: VALUE' in a chase TSV file.
meta() {
    sed -n "s/^# $2: //p" "$1" | head -1
}

source=$("$CHASE" --version | sed -n 's/^CPU described by: //p')
check "--version says what describes the CPU ($source)" test -n "$source"

"$CHASE" -b cpu --max 64K -q -o "$tmp/c.tsv" 2> "$tmp/err"
st=$?
check "a 64 KiB cpu sweep runs (exit $st)" test "$st" -eq 0
cpu=$(meta "$tmp/c.tsv" pinned_cpu)
allowed=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)
want=$(pinned_cpu)
check "pinned_cpu ($cpu) is the last CPU this process may run on ($allowed)" test "$cpu" = "$want"
check "pinning says how: $(meta "$tmp/c.tsv" pinning)" \
    sh -c "grep -q '^# pinning: the pointer chase.s thread on logical CPU $cpu[ ,(]' '$tmp/c.tsv'"
# The thread is where the metadata says while it measures: a longer sweep,
# its main thread's allowed CPUs read from /proc while it runs.
"$CHASE" -b cpu --max 64M -q -o "$tmp/long.tsv" 2> /dev/null &
pid=$!
during=
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    sleep 0.25
    during=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "/proc/$pid/task/$pid/status" 2>/dev/null)
    [ "$during" = "$cpu" ] && break
done
kill "$pid" 2> /dev/null
wait "$pid" 2> /dev/null
check "while it measures, the thread may run on CPU $cpu alone (/proc: '$during')" test "$during" = "$cpu"
got=$(meta "$tmp/c.tsv" driver.cache_source)
case $source in
hwloc*) check "driver.cache_source names hwloc: $got" sh -c "echo '$got' | grep -q '^hwloc .*logical CPU $cpu)'" ;;
*) check "driver.cache_source names sysfs: $got" sh -c "echo '$got' | grep -q '^sysfs (/sys/devices/system/cpu/cpu$cpu/cache)'" ;;
esac

# Each level sysfs describes for that CPU, figure by figure.
for level in 1 2 3 4; do
    size=$(sysfs_cache_bytes $level "$cpu")
    [ -n "$size" ] || continue
    d=
    [ "$(sysfs_cache type $level "$cpu")" = Data ] && d=d
    line=$(sysfs_cache coherency_line_size $level "$cpu")
    ways=$(sysfs_cache ways_of_associativity $level "$cpu")
    shared=$(sysfs_cache shared_cpu_list $level "$cpu" | tr ',' '\n' |
             awk -F- '{ n += ($2 == "" ? 1 : $2 - $1 + 1) } END { print n }')
    k=l$level$d
    check "$k: $(meta "$tmp/c.tsv" "driver.${k}_bytes") B, sysfs $size B" \
        test "$(meta "$tmp/c.tsv" "driver.${k}_bytes")" = "$size"
    check "$k: $(meta "$tmp/c.tsv" "driver.${k}_line_bytes") B lines, sysfs $line" \
        test "$(meta "$tmp/c.tsv" "driver.${k}_line_bytes")" = "$line"
    # sysfs says 0 ways for a fully associative cache, hwloc -1; neither here
    # is a figure to compare.
    if [ "$ways" -gt 0 ]; then
        check "$k: $(meta "$tmp/c.tsv" "driver.${k}_ways") ways, sysfs $ways" \
            test "$(meta "$tmp/c.tsv" "driver.${k}_ways")" = "$ways"
    fi
    check "$k: shared by $(meta "$tmp/c.tsv" "driver.${k}_shared_cpus") logical CPUs, sysfs $shared" \
        test "$(meta "$tmp/c.tsv" "driver.${k}_shared_cpus")" = "$shared"
    check "$k: driver.cache.L$level is the same $size B" test "$(meta "$tmp/c.tsv" "driver.cache.L$level")" = "$size"
done

# taskset: the thread goes to the last CPU of the set it is given.
if command -v taskset > /dev/null 2>&1 && [ "$want" != 0 ]; then
    taskset -c 0 "$CHASE" -b cpu --max 64K -q -o "$tmp/t.tsv" 2> "$tmp/err"
    check "under taskset -c 0, pinned_cpu is 0 ($(meta "$tmp/t.tsv" pinned_cpu))" \
        test "$(meta "$tmp/t.tsv" pinned_cpu)" = 0
else
    ok "taskset moves the pinned CPU # SKIP no taskset, or CPU 0 is the only one"
fi
finish
