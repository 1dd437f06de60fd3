# on-terminal.py: runs a command with a terminal (a pseudo-terminal) as its
# standard input, output and error, as a person at a terminal would, and
# copies what the terminal received to stdout; exits with the command's
# status.  (Not named pty.py: that would hide Python's own module.)
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
# Usage: python3 on-terminal.py COMMAND [ARG]...
import os
import pty
import select
import sys


def main():
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execvp(sys.argv[1], sys.argv[1:])
        finally:
            os._exit(127)
    got = []
    while True:
        try:
            ready, _, _ = select.select([fd], [], [], 120)
            if not ready:
                break
            data = os.read(fd, 65536)
        except OSError:     # EIO: the command closed the terminal
            break
        if not data:
            break
        got.append(data)
    _, status = os.waitpid(pid, 0)
    sys.stdout.buffer.write(b"".join(got))
    return os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)


if __name__ == "__main__":
    sys.exit(main())
