"""DuckDB (and Spark, tests/test_spark_sessions.py) read the lattice strata the engine database holds
evaluated instead of evaluating them at open (engines/stored_strata.py): only where the database's
fingerprint is these rules', only for a lattice of one layer, and with the same results as a
session that evaluates them; other rules, a layered lattice or a read-only cache evaluate as before.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from latweave.compile.parquet_cache import cache_folder
from latweave.datalog.parser import load_rules
from latweave.engines.duckdb_engine import DuckDBEngine
from latweave.engines.stored_strata import program_digest, stored_strata
from latweave.execute import Runner
from latweave.ingest.builds import build_corpus
from latweave.ingest.living import build_sources
from latweave.paths import RULES
from latweave.plan.read import read_plan
from tests.support.plans import ZOO_PLANS

ZOO = RULES.parent / "corpora" / "zoo"
MOVIES = RULES.parent / "corpora" / "movies"

@pytest.fixture(scope="module")
def zoo(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("strata") / "zoo"
    build_corpus(ZOO, out)
    return out


def _results(runner: Runner) -> list[str]:
    return [json.dumps(r.to_dict(), sort_keys=True) for r in runner.run([read_plan(t) for t in ZOO_PLANS])]


def _reference(folder: Path) -> list[str]:
    """The zoo plans' results on SQLite (its stored database: every engine answers alike)."""
    with Runner(folder, "sqlite") as runner:
        return _results(runner)


def test_a_stored_lattice_opens_on_duckdb_with_its_strata_read_and_answers_the_same(zoo):
    expected = _reference(zoo)
    for _ in range(2):   # the first open derives the cache entry, the second reads it
        with Runner(zoo, "duckdb") as runner:
            session = runner.session
            at_open = {r for p in session.schedule.at_open() for r in p.stratum.relations}
            assert at_open and session.strata_read == at_open   # every one read, none evaluated
            assert "desc" in session.strata_read and "resolve" in session.strata_read
            assert _results(runner) == expected
    entry = sorted(cache_folder(zoo).glob("strata-*"))
    assert len(entry) == 1 and program_digest(load_rules())[:24] in entry[0].name
    index = json.loads((entry[0] / "strata.json").read_text(encoding="utf-8"))
    assert index["program"] == program_digest(load_rules()) and index["relations"]["desc"] > 0


def test_other_rules_evaluate_their_strata(zoo, tmp_path):
    """A rule added to the lattice strata: the database's fingerprint is not these rules', so
    nothing is read (no entry is written: an empty mark says so, for the next open) and the session
    evaluates every stratum."""
    rules = tmp_path / "rules"
    shutil.copytree(RULES, rules)
    with (rules / "closure.dl").open("a", encoding="utf-8") as handle:
        handle.write("\n.decl rooted(d:number)\nrooted(d) :- top(d, _).\n")
    other = load_rules(rules)
    assert program_digest(other) != program_digest(load_rules())
    at_open = {r for p in DuckDBEngine(other).plan.schedule(frozenset({"top", "node", "subsumes"})).at_open()
               for r in p.stratum.relations}
    assert "rooted" in at_open
    assert stored_strata(zoo, other, at_open) is None
    assert not list(cache_folder(zoo).glob(f"strata-*-{program_digest(other)[:24]}"))
    # what it found is kept beside, so that the next open does not plan the SQLite engine again
    marks = list(cache_folder(zoo).glob(f"strata-*-{program_digest(other)[:24]}.other-rules"))
    assert len(marks) == 1
    assert stored_strata(zoo, other, at_open) is None and marks[0].exists()
    with Runner(zoo, "duckdb") as runner:   # the rules in use still read theirs
        assert "desc" in runner.session.strata_read


def test_a_layered_lattice_evaluates_its_strata(tmp_path):
    """The top layer's rows reach Parquet from its own facts: its strata are evaluated."""
    out = tmp_path / "zoo+movies"
    build_sources([ZOO, MOVIES], out)
    with Runner(out, "duckdb") as runner:
        assert runner.session.strata_read == frozenset()
        assert stored_strata(out, load_rules(), ["desc"]) is None


def test_a_cache_that_cannot_be_written_evaluates(zoo, tmp_path, monkeypatch):
    """Nothing derived where the cache is read-only: the strata are evaluated, the answers the same."""
    expected = _reference(zoo)
    copy = tmp_path / "zoo"
    shutil.copytree(zoo, copy)
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be\n", encoding="utf-8")
    monkeypatch.setenv("LATWEAVE_CACHE", str(blocked / "cache"))
    with Runner(copy, "duckdb") as runner:
        assert runner.session.strata_read == frozenset()
        assert _results(runner) == expected


def test_an_entry_that_cannot_be_written_whole_evaluates_and_leaves_nothing(zoo, tmp_path, monkeypatch):
    """A write that fails half-way (a full disk, say) is not an error of the open: the session
    evaluates, answers the same, and no entry (nor its temporary folder) is left in the cache."""
    import latweave.compile.parquet_facts as parquet_facts

    expected = _reference(zoo)
    copy = tmp_path / "zoo"
    shutil.copytree(zoo, copy)
    monkeypatch.setenv("LATWEAVE_CACHE", str(tmp_path / "cache"))

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(parquet_facts, "write_derived_parquet", full)
    with Runner(copy, "duckdb") as runner:
        assert runner.session.strata_read == frozenset()
        assert _results(runner) == expected
    assert not [p.name for p in cache_folder(copy).iterdir() if p.name.startswith((".strata", "strata"))]
