"""Ctrl-C or SIGTERM in any command is the user's stop: exit 130 / 143 and one line, never a traceback.

The command waits on its standard input (a plan read with `-f -`, the pipe held open); the test
sends the signal only once the process sleeps in that read (its /proc wchan/state say so), so what is
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


@pytest.mark.parametrize("sent, code, said", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
                         ids=["ctrl-c", "sigterm"])
def test_a_stop_while_a_command_runs_is_one_line_and_the_shells_status(tmp_path, sent, code, said):
    """Ctrl-C, and `kill` (a scheduler's timeout, a container's stop) alike: one line, 128 + the signal."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "latweave.cli", "check-plan", "-f", "-"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=tmp_path, env=env)
    try:
        assert _blocked_reading(proc.pid), "the command never waited on its input"
        proc.send_signal(sent)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == code, (proc.returncode, err)
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err
    assert err.decode().strip() == said


def test_sigterm_during_a_duckdb_build_removes_its_scratch_and_writes_nothing(tmp_path):
    """A bulk build keeps DuckDB's tables in a scratch folder beside --out (tens of GB at scale):
    stopped by SIGTERM while it works, it removes that folder and leaves --out unwritten."""
    import time

    root = Path(__file__).resolve().parents[1]
    kb = tmp_path / "kb.txt"
    subprocess.run([sys.executable, str(root / "bench" / "kb_gen.py"), "--instances", "40000", "--out", str(kb)],
                   check=True, capture_output=True)
    out = tmp_path / "lattice"
    proc = subprocess.Popen([sys.executable, "-m", "latweave.cli", "build", str(kb), "--format", "pathquestion",
                             "--engine", "duckdb", "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    try:
        seen = False
        for _ in range(30_000):   # until its scratch folder exists (bounded in count; a loaded machine is slow)
            seen = any(p.name.startswith(".latweave-duckdb-") for p in tmp_path.iterdir())
            if seen or proc.poll() is not None:
                break
            time.sleep(0.01)
        assert seen and proc.poll() is None, "the build ended, or never began its DuckDB work, before it was stopped"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 143, (proc.returncode, err.decode())
    assert b"Traceback" not in err and err.decode().strip().endswith("terminated"), err.decode()
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kb.txt"]
