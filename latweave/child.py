"""A second interpreter of this package, fed on its stdin: how a write puts work on the second
core (folder/blocks.py's deflate child, ingest/stream.py's engine database child).

Not a fork: the parent changes many pages while the child runs, which a forked child would make
it copy. The child imports this package from the same place as the parent (`PYTHONPATH` put
first), and its stdin is a pipe as large as one send (Linux, best effort: elsewhere the default),
so that the parent rarely waits on the child to take a batch — with the default 64 KiB pipe a
send of a few hundred KiB waits for several of the child's reads, each of which waits for its
reading thread to get the interpreter's lock."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

#: the largest pipe an unprivileged process may ask for on Linux by default (/proc/sys/fs/pipe-max-size)
PIPE_BYTES = 1 << 20


def spawn(command: str, *args: str, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
          pipe_bytes: int = PIPE_BYTES) -> subprocess.Popen:
    """`python -c command args…` of this interpreter, its stdin an unbuffered pipe of
    `pipe_bytes` (OSError when no process can be had)."""
    package = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (package, os.environ.get("PYTHONPATH")) if p)}
    proc = subprocess.Popen([sys.executable, "-c", command, *args], stdin=subprocess.PIPE, stdout=stdout,
                            stderr=stderr, bufsize=0, env=env)
    assert proc.stdin is not None   # (stdin=PIPE)
    try:
        import fcntl

        fcntl.fcntl(proc.stdin.fileno(), getattr(fcntl, "F_SETPIPE_SZ", 1031), pipe_bytes)
    except (ImportError, OSError):
        pass
    return proc


def stop(proc: subprocess.Popen) -> None:
    """End `proc` if it still runs, wait for it, and close the pipes this side holds (a child
    whose parent failed, or that failed itself: nothing of it is left behind)."""
    if proc.poll() is None:
        proc.kill()
    proc.wait()
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        if pipe is not None:
            try:
                pipe.close()
            except OSError:
                pass
