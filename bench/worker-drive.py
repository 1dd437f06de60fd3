#!/usr/bin/env python3
# worker-drive.py: runs command lines in one chase report worker, as a
# report does (src/report/worker.h), and prints each one's status and time.
#   worker-drive.py CHASE LOGDIR 'ARGS...' ['ARGS...' ...]
# Each ARGS is split on spaces; its log is LOGDIR/N.log.
import socket, struct, subprocess, sys, time
chase, logdir, cmds = sys.argv[1], sys.argv[2], sys.argv[3:]
a, b = socket.socketpair()
p = subprocess.Popen([chase, "--report-worker"], stdin=b)
b.close()
for i, c in enumerate(cmds):
    strings = ["%s/%d.log" % (logdir, i), "chase"] + c.split()
    body = b"".join(x.encode() + b"\0" for x in strings)
    t = time.time()
    a.sendall(struct.pack("=III", 0x31574843, 1, len(body)) + body)
    rep = b""
    while len(rep) < 36:
        k = a.recv(36 - len(rep))
        if not k:
            sys.exit("the worker ended")
        rep += k
    print("%-70s exit %d, %.3f s" % (c[:70], struct.unpack("=i32s", rep)[0], time.time() - t), flush=True)
a.close()
sys.exit(p.wait())
