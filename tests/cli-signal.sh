# cli-signal.sh: SIGINT and SIGTERM stop a sweep cleanly: the rows measured so
# far stay in a valid file and the exit status says it was interrupted.
. "$srcdir/tests/common.sh"

# A slow sweep: a big simulated hierarchy walked line by line.
slow='L1:size=32K,lat=4;L2:size=4M,ways=16,lat=30;mem:lat=300'
for sig in INT TERM; do
    want=130
    [ $sig = TERM ] && want=143
    for f in tsv json; do
        rm -f "$tmp/s.$f"
        "$CHASE" --sim "$slow" --max 256M --steps 8 -q -f $f -o "$tmp/s.$f" 2> "$tmp/err" &
        pid=$!
        # Wait for some rows, then interrupt.
        n=0
        while [ "$n" -lt 300 ] && ! grep -q '"bytes": 65536\|^65536' "$tmp/s.$f" 2>/dev/null; do
            sleep 0.1
            n=$((n + 1))
        done
        kill -$sig $pid
        wait $pid
        st=$?
        check "SIG$sig ($f): exit $want (got $st)" test "$st" -eq "$want"
        if [ $f = tsv ]; then
            check "SIG$sig ($f): the file says it was interrupted" grep -q '^# status: interrupted' "$tmp/s.$f"
            check "SIG$sig ($f): rows measured before it are kept" test "$(grep -vc '^#' "$tmp/s.$f")" -ge 10
        else
            check "SIG$sig ($f): the JSON is closed and says it was interrupted" grep -q '"status": "interrupted"' "$tmp/s.$f"
        fi
        check "SIG$sig ($f): the kept file reads back" sh -c '"$CHASE" analyze "$1" > /dev/null' sh "$tmp/s.$f"
    done
done
finish
