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
    assert len(lines) >= 4 and os.cpu_count()
