"""Run the `latweave` CLI with too little room to write, without root, for disk-full tests.

Two real mechanisms:
- `fsize_cli(limit, argv)`: a child process whose file-size limit (RLIMIT_FSIZE, `ulimit -f`) is
  `limit` bytes, SIGXFSZ ignored, so a write past it fails with EFBIG (Python, SQLite, DuckDB
  alike) — the way a full disk fails a write, on every POSIX machine;
- `tmpfs_script(room, script)`: a shell script run in a new user and mount namespace
  (`unshare -rm`), where it mounts a small tmpfs, so writes there fail with a true ENOSPC.
  Needs unprivileged user namespaces (`tmpfs_available()`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile

_FSIZE = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
from latweave.cli import main
sys.exit(main(sys.argv[2:]))
"""


def fsize_cli(limit: int, argv: list[str], timeout: float = 120) -> subprocess.CompletedProcess:
    """`latweave ARGV` in a child whose files may not grow past `limit` bytes."""
    return subprocess.run([sys.executable, "-c", _FSIZE, str(limit), *argv], capture_output=True, text=True,
                          timeout=timeout)


def tmpfs_available() -> bool:
    if shutil.which("unshare") is None or sys.platform != "linux":
        return False
    folder = tempfile.mkdtemp(prefix="latweave-tmpfs-")
    try:
        done = subprocess.run(["unshare", "-rm", "mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", folder],
                              capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        os.rmdir(folder)
    return done.returncode == 0


def tmpfs_script(room: str, script: str, timeout: float = 180) -> subprocess.CompletedProcess:
    """`script` (sh -e) in its own user and mount namespace, where it may mount tmpfs folders
    (seen only inside; $ROOM names `room`, $PY is this interpreter)."""
    env = {**os.environ, "ROOM": room, "PY": sys.executable}
    return subprocess.run(["unshare", "-rm", "sh", "-ec", script],
                          capture_output=True, text=True, timeout=timeout, env=env)
