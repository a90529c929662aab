"""bench/suite_cpu.py: the suite's CPU test by test — the process tree's CPU counts a reaped
child's, the plugin writes a line per test with what it used, and the summary groups by file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.suite_cpu import OUT_ENV, summary, tree_cpu

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="bench/suite_cpu.py reads /proc (Linux)")

#: a child that burns about a third of a second of CPU
BURN = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass"


def test_a_reaped_childs_cpu_counts_in_the_tree():
    before = tree_cpu(os.getpid())
    subprocess.run([sys.executable, "-c", BURN], check=True)
    assert tree_cpu(os.getpid()) - before >= 0.25


def test_the_plugin_writes_each_tests_cpu_and_the_summary_groups_them(tmp_path):
    (tmp_path / "test_two.py").write_text(
        "import subprocess, sys\n"
        f"BURN = {BURN!r}\n"
        "def test_burns():\n    subprocess.run([sys.executable, '-c', BURN], check=True)\n"
        "def test_idle():\n    assert True\n", encoding="utf-8")
    out = tmp_path / "cpu.jsonl"
    env = {**os.environ, OUT_ENV: str(out), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "bench.suite_cpu", "-p", "no:cacheprovider",
                           "-o", "addopts=", "--rootdir", str(tmp_path), str(tmp_path / "test_two.py")],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {r["id"].split("::")[1]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    assert set(rows) == {"test_burns", "test_idle"}
    assert rows["test_burns"]["cpu"] >= 0.25 > rows["test_idle"]["cpu"]
    lines = summary(out, before=out)
    assert lines[0].startswith("2 tests, ") and "(before: " in lines[0]
    assert len(lines) == 2 and lines[1].endswith("  test_two.py") and " → " in lines[1]
