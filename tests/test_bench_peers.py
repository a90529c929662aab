"""bench/peers.py reads no goal off a run that compares different things: a peer's store built from
another KB stops the run before anything is timed, and a ratio over answers that differ says so
instead of "met" (a 300k store timed against a 100k lattice once printed "met" over answers that
agreed on 13 questions of 300)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _peers():
    spec = importlib.util.spec_from_file_location("latweave_bench_peers", ROOT / "bench" / "peers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_store_is_reused_only_for_the_kb_it_was_built_from(tmp_path):
    peers = _peers()
    kb, other = tmp_path / "kb.txt", tmp_path / "other.txt"
    kb.write_text("person_1\tgender\tmale\n", encoding="utf-8")
    other.write_text("person_2\tgender\tfemale\n", encoding="utf-8")
    work = tmp_path / "work"
    (work / "oxigraph").mkdir(parents=True)
    systems = ["latweave", "oxigraph", "kuzu"]
    assert peers.stale_stores(kb, work, systems) == [str(work / "oxigraph")]    # no stamp: unknown origin
    (work / "oxigraph.kb").write_text(peers.kb_stamp(kb), encoding="utf-8")
    assert peers.stale_stores(kb, work, systems) == []
    assert peers.stale_stores(other, work, systems) == [str(work / "oxigraph")]
    kb.write_text("person_1\tgender\tmale\nperson_1\tname\tx\n", encoding="utf-8")   # the same path, changed
    os.utime(kb, ns=(1, 1))
    assert peers.stale_stores(kb, work, systems) == [str(work / "oxigraph")]


def test_ratios_over_answers_that_differ_read_no_goal():
    peers = _peers()
    row = {"p50_ms": {"1": 0.2, "2": 0.2, "3": 0.2}, "open_s": 1.0, "batch_qps": 100.0}
    fast = {**row, "p50_ms": {"1": 0.1, "2": 0.1, "3": 0.1}}
    agreeing = peers.ratios({"latweave-answers": {**row, "differ": 0}, "oxigraph": {**fast, "differ": 0}})
    assert "goal <= 2x: met" in agreeing[0]
    differing = peers.ratios({"latweave-answers": {**row, "differ": 0}, "oxigraph": {**fast, "differ": 287}})
    assert "met" not in differing[0] and "answers differ on 287 questions" in differing[0]
