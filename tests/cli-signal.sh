# cli-signal.sh: SIGINT, SIGTERM and SIGHUP stop a sweep cleanly: the rows
# measured so far are kept in a valid file beside the output (never over an
# older one), and the exit status names the signal.  SIGPIPE (a reader that
# went away) stops it too.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

# A slow sweep: a big simulated hierarchy walked line by line.
slow='L1:size=32K,lat=4;L2:size=4M,ways=16,lat=30;mem:lat=300'
for sig in INT TERM HUP; do
    case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
    for f in tsv json; do
        rm -f "$tmp/s.$f" "$tmp/s.$f.partial"
        echo "an older curve" > "$tmp/s.$f"
        "$CHASE" --sim "$slow" --max 256M --steps 8 -q -f $f -o "$tmp/s.$f" 2> "$tmp/err" &
        pid=$!
        # Wait for some rows in the file being written (a temporary beside it), then interrupt.
        n=0
        while [ "$n" -lt 300 ] && ! cat "$tmp"/.s.$f.* 2>/dev/null | grep -q '"bytes": 65536\|^65536'; do
            sleep 0.1
            n=$((n + 1))
        done
        kill -$sig $pid
        wait $pid
        st=$?
        check "SIG$sig ($f): exit $want (got $st)" test "$st" -eq "$want"
        check "SIG$sig ($f): the older file is left as it was" grep -qx "an older curve" "$tmp/s.$f"
        check "SIG$sig ($f): the message names where the rows are" grep -q "s.$f.partial" "$tmp/err"
        check "SIG$sig ($f): no temporary file is left" sh -c "! ls '$tmp'/.s.$f.* 2>/dev/null | grep -q ."
        if [ $f = tsv ]; then
            check "SIG$sig ($f): the kept file says it was interrupted" grep -q '^# status: interrupted' "$tmp/s.$f.partial"
            check "SIG$sig ($f): rows measured before it are kept" test "$(data "$tmp/s.$f.partial" | wc -l)" -ge 10
        else
            check "SIG$sig ($f): the JSON is closed and says it was interrupted" grep -q '"status": "interrupted"' "$tmp/s.$f.partial"
            if command -v python3 > /dev/null 2>&1; then
                check "SIG$sig ($f): the kept JSON is valid against the schema" python3 "$srcdir/tests/json-check.py" \
                    "$srcdir/data/chase-format.schema.json" "$tmp/s.$f.partial"
            fi
        fi
        check "SIG$sig ($f): the kept file reads back" sh -c '"$CHASE" analyze "$1" > /dev/null' sh "$tmp/s.$f.partial"
    done
done

# A reader that goes away: the sweep stops with 141 and, as cat or grep,
# says nothing (the reader took what it wanted; nothing is "kept").  To
# 16 MiB: a sweep to standard output writes its rows when it ends (sorted,
# the refinement's among them), and the pipe breaks there (to 256 MiB: 9 s).
( "$CHASE" --sim "$slow" --max 16M -q 2> "$tmp/err"; echo $? > "$tmp/st" ) | head -3 > /dev/null
check "SIGPIPE: exit 141 (got $(cat "$tmp/st"))" test "$(cat "$tmp/st")" -eq 141
check "SIGPIPE: nothing on stderr: $(head -1 "$tmp/err")" test ! -s "$tmp/err"

# Interrupted while writing to standard output: the count, no claim that
# rows are kept (they went to the reader); interrupted with -o and no older
# file: no claim that one "was left as it was", for the data or the plot.
"$CHASE" --sim "$slow" --max 256M > /dev/null 2> "$tmp/err" &
pid=$!
sleep 1
kill -INT $pid
wait $pid
check "SIGINT to stdout: the count is said: $(head -1 "$tmp/err")" grep -q 'stopped by SIGINT after [0-9]* point' "$tmp/err"
check "SIGINT to stdout: no rows claimed kept" sh -c '! grep -q "kept" "$1"' sh "$tmp/err"
rm -f "$tmp/new.tsv" "$tmp/new.png"
"$CHASE" --sim "$slow" --max 256M -q -o "$tmp/new.tsv" --plot "$tmp/new.png" 2> "$tmp/err" &
pid=$!
sleep 1
kill -INT $pid
wait $pid
check "SIGINT, no older file: nothing said to be left as it was: $(grep left "$tmp/err")" \
    sh -c '! grep -q "left as it was" "$1"' sh "$tmp/err"
check "SIGINT, no older file: the partial file is named" grep -q "new.tsv.partial" "$tmp/err"
finish
