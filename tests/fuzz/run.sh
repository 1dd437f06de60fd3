#!/bin/sh
# run.sh DIR SECONDS [JOBS]: runs each libFuzzer harness built in DIR (a
# build tree configured with --enable-fuzzers) for SECONDS on a copy of its
# corpus, JOBS of them at once (default 1).
# Prints one line per harness, "ok fuzz_NAME ..." or "CRASH fuzz_NAME ...",
# and for a crash the sanitizer's summary and the input that caused it,
# which is also kept in DIR/fuzz-crashes.  Exits 1 if any harness crashed.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 BUILD_DIR SECONDS [JOBS]" >&2
    exit 2
fi
dir=$1
secs=$2
jobs=${3:-1}     # harnesses run at once (each is one process)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/chase-fuzz.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
crashes=0

one() {     # one NAME: runs that harness, prints its verdict
    name=$1
    bin=$dir/tests/fuzz/fuzz_$name
    if [ ! -x "$bin" ]; then
        echo "CRASH fuzz_$name: not built in $dir (configure with CC=clang --enable-fuzzers)"
        return
    fi
    mkdir -p "$work/$name/corpus" "$work/$name/crash"
    cp "$here/corpus/$name"/* "$work/$name/corpus/"
    # A slow input (over 20 s) or one that takes over 2 GB is a finding too.
    # The option parser's refusals would fill the log: its stderr is closed
    # (libFuzzer keeps its own messages and the sanitizers' reports).
    quiet=
    [ "$name" = options ] && quiet=-close_fd_mask=2
    "$bin" $quiet -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -max_len=4096 \
        -print_final_stats=1 -artifact_prefix="$work/$name/crash/" "$work/$name/corpus" \
        > "$work/$name/log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$name/log" | tail -1)
    found=$(ls "$work/$name/crash" | wc -l)
    if [ "$status" -eq 0 ] && [ "$found" -eq 0 ]; then
        echo "ok fuzz_$name: $secs s, ${runs:-?} inputs, corpus $(ls "$work/$name/corpus" | wc -l) files, no crash"
        return
    fi
    echo "CRASH fuzz_$name (exit $status) after ${runs:-?} inputs:"
    grep -E 'ERROR: (AddressSanitizer|libFuzzer)|runtime error|^SUMMARY' "$work/$name/log" | head -5 | sed 's/^/    /'
    mkdir -p "$dir/fuzz-crashes"
    for f in "$work/$name/crash"/*; do
        [ -f "$f" ] || continue
        cp "$f" "$dir/fuzz-crashes/$name-$(basename "$f")"
        echo "    input $name-$(basename "$f"), $(wc -c < "$f") bytes (kept in $dir/fuzz-crashes):"
        od -An -c "$f" | head -16 | sed 's/^/    /'
    done
    [ "$found" -gt 0 ] || tail -20 "$work/$name/log" | sed 's/^/    /'
}

n=0
for name in size spec json read lanes options report; do
    one "$name" > "$work/$name.verdict" 2>&1 &
    n=$((n + 1))
    [ $((n % jobs)) -eq 0 ] && wait
done
wait
for name in size spec json read lanes options report; do
    cat "$work/$name.verdict"
    grep -q '^CRASH' "$work/$name.verdict" && crashes=$((crashes + 1))
done
[ "$crashes" -eq 0 ]
