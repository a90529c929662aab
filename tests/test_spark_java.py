"""Spark's Java probe and a machine without Java: no orphan left by a probe that hangs, and one
exit code (4, an engine not available here, as docs/spark.md says) for `build --engine spark`
and `run --engine spark` alike. No Spark session is started: these run where Java is absent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from latweave.cli import EXIT_ENGINE
from latweave.engines import spark_context

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="POSIX process groups")]


def _alive(pid: int) -> bool:
    """True while `pid` runs (a zombie, or a process gone, is not running)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


def test_a_hanging_java_probe_is_killed_with_what_it_started(tmp_path):
    pidfile = tmp_path / "grandchild.pid"
    fake = tmp_path / "java"
    fake.write_text(f"#!/bin/sh\nsleep 300 &\necho $! > {pidfile}\nwait\n")
    fake.chmod(0o755)
    problem = spark_context._ask_java(str(fake), timeout=1.0)
    assert problem is not None and "did not answer within 1 s" in problem
    grandchild = int(pidfile.read_text())
    for _ in range(50):   # the kernel may take a moment to tear it down
        if not _alive(grandchild):
            break
        time.sleep(0.1)
    try:
        assert not _alive(grandchild), "the probe's child process was left running"
    finally:
        if _alive(grandchild):
            os.kill(grandchild, signal.SIGKILL)


def test_a_java_probe_that_answers_is_read():
    assert spark_context._ask_java(sys.executable) is not None  # runs, prints no Java version
    assert "cannot read the version" in spark_context._ask_java(sys.executable)


@pytest.fixture
def no_java_env(tmp_path):
    home = tmp_path / "no-java"          # $JAVA_HOME/bin/java does not exist
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("SPARK_REMOTE", "LATWEAVE_SPARK_MASTER")}
    env["JAVA_HOME"] = str(home)
    return env


def _cli(env, *argv):
    return subprocess.run([sys.executable, "-m", "latweave.cli", *argv], capture_output=True, text=True,
                          env=env, timeout=120)


def test_without_java_build_and_run_with_spark_exit_alike(tmp_path, zoo_lattice, no_java_env):
    kb = tmp_path / "kb.txt"
    kb.write_text("alice\tknows\tbob\n")
    build = _cli(no_java_env, "build", str(kb), "--format", "pathquestion", "--engine", "spark",
                 "--out", str(tmp_path / "out"))
    run = _cli(no_java_env, "run", "meet(species <= mammal)", "--lattice", str(zoo_lattice), "--engine", "spark")
    assert build.returncode == run.returncode == EXIT_ENGINE, (build.stderr, run.stderr)
    for done in (build, run):
        assert "Traceback" not in done.stderr and "cannot run here" in done.stderr
    assert "Spark needs Java 17 or 21" in run.stderr
    assert not (tmp_path / "out").exists()
    listed = _cli(no_java_env, "engines")      # the engine is listed, with the reason it cannot run
    assert "spark" in listed.stdout and "Java" in listed.stdout


@pytest.mark.skipif(spark_context.spark_problem() is not None, reason=f"{spark_context.spark_problem()}")
def test_a_jvm_that_exits_before_it_starts_is_named_by_its_last_lines(zoo_lattice):
    """The quiet JVM's own output (engines/spark_jvm.py) is read, not shown; when the JVM exits
    before it answers (here: a heap size Java cannot read), the error names what it said — one
    `error:` line, exit 4, no traceback, nothing else on stderr. The JVM dies at once: cheap."""
    env = {k: v for k, v in os.environ.items() if k not in ("SPARK_REMOTE", "LATWEAVE_SPARK_LOG")}
    env.update({"LATWEAVE_SPARK_DRIVER_MEMORY": "9x", "COLUMNS": "1000"})
    done = _cli(env, "run", "meet(species <= mammal)", "--lattice", str(zoo_lattice), "--engine", "spark")
    assert done.returncode == EXIT_ENGINE, done.stderr[-2000:]
    lines = done.stderr.strip().splitlines()
    assert lines[0].startswith("error: spark: the JVM exited before it started: ") and "-Xmx9x" in lines[0], lines
    assert len(lines) == 2 and "LATWEAVE_SPARK_LOG=1" in lines[1] and "Traceback" not in done.stderr
