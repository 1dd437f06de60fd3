#!/usr/bin/env python3
# worker-pair.py: two report workers (src/report/worker.h), one a device,
# each warmed by a 4 KiB sweep; then ROUNDS rounds of one command line run
# by both at once, then by each alone.  Prints each run's time; the files
# are OUTDIR/{at-once,alone}-ROUND-DEVICE.tsv.
#   worker-pair.py CHASE OUTDIR ROUNDS 'ARGS...'   (ARGS split on spaces,
#   without -d or -o: the device is each worker's 0)
import os, socket, struct, subprocess, sys, time
chase, out, rounds, args = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4].split()

def start(visible):
    a, b = socket.socketpair()
    env = dict(os.environ, CUDA_VISIBLE_DEVICES=visible)
    p = subprocess.Popen([chase, "--report-worker"], stdin=b, env=env)
    b.close()
    return a, p

def send(w, log, argv):
    body = b"".join(x.encode() + b"\0" for x in [log, "chase"] + argv)
    w[0].sendall(struct.pack("=III", 0x31574843, 1, len(body)) + body)

def wait(w):
    rep = b""
    while len(rep) < 36:
        k = w[0].recv(36 - len(rep))
        if not k:
            sys.exit("a worker ended")
        rep += k
    return struct.unpack("=i32s", rep)[0]

ws = [start("0,1"), start("1,0")]
for i, w in enumerate(ws):
    send(w, "%s/warm-%d.log" % (out, i), ["-b", "cuda", "-d", "0", "--sizes", "4K", "-q", "-o", "%s/warm-%d.tsv" % (out, i)])
for w in ws:
    wait(w)
for r in range(rounds):
    t = time.time()
    for i, w in enumerate(ws):
        send(w, "%s/at-once-%d-%d.log" % (out, r, i), args + ["-d", "0", "-q", "-o", "%s/at-once-%d-%d.tsv" % (out, r, i)])
    st = [wait(w) for w in ws]
    print("round %d at once: %.3f s, exit %s" % (r, time.time() - t, st), flush=True)
    for i, w in enumerate(ws):
        t = time.time()
        send(w, "%s/alone-%d-%d.log" % (out, r, i), args + ["-d", "0", "-q", "-o", "%s/alone-%d-%d.tsv" % (out, r, i)])
        st = wait(w)
        print("round %d device %d alone: %.3f s, exit %d" % (r, i, time.time() - t, st), flush=True)
for w in ws:
    w[0].close()
    w[1].wait()
