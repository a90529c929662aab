"""Small lattices of numbers and dates written from fact triples, and one batch of plans run on
every engine here against DuckDB's results and the auditor (test_ordered_windows, test_extremum_values)."""

from __future__ import annotations

import json

from latweave.lattice.model import Dimension, Lattice
from latweave.plan.read import read_plan


def save_facts(tmp_path, name: str, dims: dict[str, tuple[str, bool]], facts: list[tuple[str, str, str]]):
    """A lattice of `facts` (instance, dimension, value) over `dims` (name → (kind, functional);
    kind "entity": an open dimension whose values name instances), written at tmp_path/name."""
    from latweave.ingest.write import save_lattice

    lattice = Lattice(name=name)
    for dim, (kind, functional) in dims.items():
        if kind == "entity":
            lattice.add_dimension(Dimension(dim, functional=functional, open=True))
        else:
            lattice.add_dimension(Dimension(dim, kind=kind, functional=functional))
    sentences = [f"{x} has {d} {v}." for x, d, v in facts]
    lattice.add_document("doc", " ".join(sentences))
    for x, _, _ in facts:
        lattice.add_instance(x)
    for (x, d, v), sentence in zip(facts, sentences):
        lattice.add_predicate(x, d, v, doc="doc", source_text=sentence)
    save_lattice(lattice, tmp_path / name)
    return tmp_path / name


_DUCKDB: dict[tuple[str, str], str] = {}   # (lattice folder, plan text) → DuckDB's result JSON


def _run(lattice_dir, engine: str, texts: list[str]) -> list[str]:
    """`engine`'s result JSON of `texts`, one batch. DuckDB's (the reference) are kept for the
    session, plan by plan: a plan's result is the same in any batch."""
    from latweave.execute import Runner

    if engine == "duckdb":
        texts_left = [t for t in dict.fromkeys(texts) if (str(lattice_dir), t) not in _DUCKDB]
        if texts_left:
            for text, got in zip(texts_left, _run(lattice_dir, "duckdb-fresh", texts_left)):
                _DUCKDB[(str(lattice_dir), text)] = got
        return [_DUCKDB[(str(lattice_dir), t)] for t in texts]
    with Runner(lattice_dir, engine.removesuffix("-fresh")) as runner:
        return [r.to_json() for r in runner.run([read_plan(t) for t in texts])]


def agreed(lattice_dir, engine: str, texts: list[str]) -> list[dict]:
    """`engine`'s results of `texts`, byte-identical to DuckDB's and certified by the auditor."""
    from latweave.proof.audit import audit_many

    got, reference = _run(lattice_dir, engine, texts), _run(lattice_dir, "duckdb", texts)
    diffs = [t for t, a, b in zip(texts, got, reference) if a != b]
    assert not diffs, f"{engine} differs from duckdb on {diffs[:3]}"
    dicts = [json.loads(r) for r in got]
    for text, report in zip(texts, audit_many(lattice_dir, dicts)):
        assert report.ok, (text, report.failures)
    return dicts
