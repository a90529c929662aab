"""Ctrl-C in any command is the user's stop: exit 130 and one line, never a traceback.

The command waits on its standard input (a plan read with `-f -`, the pipe held open); the test
sends SIGINT only once the process sleeps in that read (its /proc wchan/state say so), so what is
interrupted is the command itself, not Python's start-up.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")


def _blocked_reading(pid: int, attempts: int = 2000) -> bool:
    """Whether the process is asleep in a read of a pipe (polled; bounded in count, not time)."""
    import time

    for _ in range(attempts):
        try:
            wchan = Path(f"/proc/{pid}/wchan").read_text()
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return False
        if state == "S" and "pipe" in wchan:
            return True
        time.sleep(0.01)
    return False


def test_ctrl_c_while_a_command_runs_is_exit_130_without_a_traceback(tmp_path):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "latweave.cli", "check-plan", "-f", "-"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=tmp_path, env=env)
    try:
        assert _blocked_reading(proc.pid), "the command never waited on its input"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, (proc.returncode, err)
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err
    assert err.decode().strip() == "interrupted"
