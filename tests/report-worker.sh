# report-worker.sh: a report's parts run one after another in one worker
# process (report/worker.h); a worker that dies takes only its part with
# it, the next part starting a new one; the worker refuses to run where no
# report started it, and reads a request only as the protocol says.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

sim='L1:size=4K,ways=4,lat=4;L2:size=64K,ways=8,lat=20,policy=fifo;mem:lat=150'
slow="$sim;tlb:entries=4096,ways=8,page=64K,lat=10"

# The report's workers, every 20 ms while it runs, into $1.  Only the
# children whose command line is a worker's count: under LeakSanitizer the
# report's leak check at exit clones a tracer, a child of the report too.
watch_children() {
    : > "$1"
    while kill -0 $pid 2> /dev/null; do
        pgrep -P $pid -f 'report-worker' >> "$1" 2> /dev/null
        sleep 0.02
    done
}

# One report: one worker for all its parts.
"$CHASE" report -b sim --sim "$slow" -q -o "$tmp/one" 2> "$tmp/one.err" &
pid=$!
watch_children "$tmp/kids"
wait $pid
st=$?
n=$(sort -u "$tmp/kids" | grep -c .)
check "a report of every part: exit 0 (got $st)" test $st -eq 0
check "its parts ran in one process (children seen: $n)" test "$n" -eq 1

# The worker killed in the middle of a part: that part is lost, the
# report goes on with a new worker and says which part failed.
"$CHASE" report -b sim --sim "$slow" -q -o "$tmp/kill" 2> "$tmp/kill.err" &
pid=$!
k=0
while [ ! -e "$tmp/kill/tlb.log" ] && [ $k -lt 400 ]; do sleep 0.02; k=$((k + 1)); done
sleep 0.2
victim=$(pgrep -P $pid -f 'report-worker' | head -1)
[ -n "$victim" ] && kill -KILL "$victim"
watch_children "$tmp/kids2"
wait $pid
st=$?
check "a worker killed: the report exits 1, a part failed (got $st)" test $st -eq 1
check "... report.json says the tlb part was killed, and every later part complete" python3 -c "
import json, sys
d = json.load(open('$tmp/kill/report.json'))
st = {p['name']: p for p in d['parts']}
assert st['tlb']['exit'] == 137, st['tlb']
later = [p['name'] for p in d['parts']][[p['name'] for p in d['parts']].index('tlb') + 1:]
assert later, 'no part after tlb'
for name in later:
    assert st[name]['status'] in ('complete', 'not available'), (name, st[name])
"
check "... the later parts ran in a new worker" sh -c "grep -vx '$victim' '$tmp/kids2' | grep -q ."

# Standard input closed: the report still reaches its worker (here the
# report's own files take fd 0 first; spawn.c keeps a socket made on fd 0
# open across exec for where they do not).
"$CHASE" report -b sim --sim "$sim" -q -o "$tmp/closed" 2> "$tmp/closed.err" <&-
st=$?
check "a report with standard input closed: exit 0 (got $st: $(head -1 "$tmp/closed.err"))" test $st -eq 0

# Run by hand, it refuses.
expect 2 "report-worker is chase report's own" --report-worker

# The protocol: a request runs its command with its log; one it cannot
# read ends the worker with status 1; the socket closed, it exits 0.
check "a worker runs a request, answers its status, writes its log, and exits when the socket closes" \
    python3 - "$CHASE" "$tmp" << 'EOF'
import os, socket, struct, subprocess, sys
chase, tmp = sys.argv[1], sys.argv[2]

def start():
    a, b = socket.socketpair()
    p = subprocess.Popen([chase, "--report-worker"], stdin=b, stderr=subprocess.PIPE)
    b.close()
    return a, p

def ask(s, kind, strings):
    body = b"".join(x.encode() + b"\0" for x in strings)
    s.sendall(struct.pack("=III", 0x31574843, kind, len(body)) + body)
    rep = b""
    while len(rep) < 36:
        k = s.recv(36 - len(rep))
        if not k:
            return None
        rep += k
    return struct.unpack("=i32s", rep)

s, p = start()
st, _ = ask(s, 1, [tmp + "/w1.log", "chase", "-b", "sim", "--sizes", "4K,64K", "-o", tmp + "/w1.tsv"])
assert st == 0, st
assert os.path.exists(tmp + "/w1.tsv")
st, _ = ask(s, 1, [tmp + "/w2.log", "chase", "--no-such-option"])
assert st == 2, st
assert "no-such-option" in open(tmp + "/w2.log").read()
st, name = ask(s, 2, ["", "chase", "-b", "sim"])
assert st == 0 and name.rstrip(b"\0") == b"sim", (st, name)
s.close()
assert p.wait(timeout=30) == 0
s, p = start()
s.sendall(b"junkjunkjunk")
s.shutdown(socket.SHUT_WR)
assert s.recv(64) == b""
s.close()
assert p.wait(timeout=30) == 1, p.returncode
assert b"cannot read" in p.stderr.read()
EOF

finish
