"""bench/build_phases.py: a build's processes sampled from /proc and named by their command lines —
the engine database's child and the deflating child told apart from the parent and its forks."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc (Linux only)")


def _module(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_processes_are_named_by_their_command_lines():
    phases = _module("build_phases")
    parent = "python -c import sys; from latweave.cli import main build kb.txt"
    assert phases.kind(10, 10, parent, parent) == "parent"
    assert phases.kind(11, 10, parent, parent) == "split"
    assert phases.kind(12, 10, "python -c from latweave.ingest.stream import engine_child; engine_child()", parent) \
        == "engine"
    assert phases.kind(13, 10, "python -c from latweave.folder.blocks import deflate_child; deflate_child() p 16 3",
                       parent) == "deflate"
    assert phases.kind(14, 10, "", parent) == "other"


def test_the_parents_threads_are_listed_main_first_then_by_when_they_were_seen():
    phases = _module("build_phases")
    tick = phases.proctree.TICK
    threads = {12: (9.2, (11 * tick, 1 * tick)), 10: (0.0, (22 * tick, 2 * tick)), 11: (0.4, (3 * tick, 0)),
               13: (14.1, (0, 0)), 14: (14.2, (0.05 * tick, 0.03 * tick))}   # (the last two: under 0.1 s)
    lines = phases.thread_lines(threads, 10)
    assert lines[0].startswith("parent's threads")
    assert [line.split()[:3] for line in lines[1:]] == [["main", "22.00", "+"], ["from", "0.4", "s"],
                                                       ["from", "9.2", "s"], ["others", "0.05", "+"]]
    assert lines[3].split()[-3:] == ["11.00", "+", "1.00"] and lines[4].split()[-1] == "0.03"
    assert phases.thread_lines({10: (0.0, (0, 0))}, 10) == [lines[0], "  main            0.00 +  0.00"]


def test_a_bulk_build_is_sampled_process_by_process(tmp_path, monkeypatch, capsys):
    """A DuckDB build of a small KB with its children forced (LATWEAVE_BUILD_FORK=1): the lattice is
    built, the timeline and the summary printed, and the CPU counted is the parent's and children's."""
    kb = tmp_path / "kb.txt"
    kb.write_text("".join(_module("kb_gen").lines(3000, 7)), encoding="utf-8")
    monkeypatch.setenv("LATWEAVE_BUILD_FORK", "1")
    code = _module("build_phases").main(["--every", "0.1", "--", str(kb), "--format", "pathquestion",
                                         "--engine", "duckdb", "--out", str(tmp_path / "l")])
    out = capsys.readouterr().out
    assert code == 0 and (tmp_path / "l" / "manifest.json").is_file()
    lines = out.splitlines()
    assert lines[0].split()[:6] == ["s", "split", "parent", "deflate", "engine", "other"]
    summary = dict(zip(lines[-2].split()[2::2], map(float, lines[-2].split()[3::2])))
    assert summary["parent"] > 0 and summary["all"] == pytest.approx(sum(v for k, v in summary.items() if k != "all"),
                                                                     abs=0.2)
    assert lines[-1].startswith("wall ") and lines[-1].endswith("exit 0")
    system = dict(zip(lines[-3].split()[1::2], map(float, lines[-3].split()[2::2])))
    assert lines[-3].startswith("system ") and 0 <= system["all"] <= summary["all"]
    listed = lines[lines.index("parent's threads, CPU s (user + system):") + 1:-3]
    assert listed[0].split()[0] == "main"   # the parent's threads add up to the parent's CPU (±a reading)
    assert sum(float(line.split()[-3]) + float(line.split()[-1]) for line in listed) == \
        pytest.approx(summary["parent"], abs=0.2)
    assert len(lines) >= 4 and os.cpu_count()
