"""The Spark engine against DuckDB on a generated lattice with contested coordinates and periods
(random plans, some asked at a time), byte for byte and against the auditor; a session that runs
again, a timeout, and Parquet read from a copy at a URI (tests/test_spark_engine.py has the zoo,
the movies and 2Wiki: two modules, so that two test workers run them side by side).

Skipped, with the reason, only where Spark cannot run: no pyspark (`pip install 'latweave[spark]'`)
or no Java 17+ (spark_context.spark_problem says which).
"""

from __future__ import annotations

import json

import pytest

from latweave.engines.spark_context import spark_problem
from latweave.errors import EngineTimeout
from latweave.execute import Runner
from latweave.plan.read import read_plan
from tests.support.spark_runs import ZOO, assert_as_duckdb_and_audited, runs_of

PROBLEM = spark_problem()
pytestmark = [pytest.mark.slow, pytest.mark.needs_engine("spark", PROBLEM)]
CONTESTED = "contested0"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """name -> (lattice folder, plan texts, DuckDB's results, Spark's results); built on demand."""
    return runs_of(tmp_path_factory.mktemp("spark"), tmp_path_factory)


def test_spark_results_are_byte_identical_to_duckdb_and_audit(runs):
    assert_as_duckdb_and_audited(runs(CONTESTED))


def test_spark_reads_the_lattice_strata_the_engine_database_holds(runs):
    """The one-layer lattice's strata are read from the engine database's Parquet (stored_strata.py),
    by Spark as by DuckDB, not evaluated again (and the results are DuckDB's bytes, above). Spark
    counts only its non-empty lattice relations as the lattice's (`base_inputs`), so a stratum
    reading an empty one (`resolve` reads the synonyms, `resolve_instance` the aliases) is its
    run's, not its open's: it reads fewer."""
    from tests.support.spark_runs import STRATA_READ

    folder = str(runs(CONTESTED)[0])
    read = STRATA_READ[(folder, "spark")]
    assert {"desc", "contested", "world"} <= read <= STRATA_READ[(folder, "duckdb")]


def test_contested_answers_reach_spark(runs):
    _, _, _, got = runs(CONTESTED)
    assert any(r["contested"] for r in got)


def test_timed_plans_reach_spark(runs):
    """Plans asked at a time run on Spark too: some answer through periods (`during` leaves)."""
    _, texts, _, got = runs(CONTESTED)
    timed = [r for t, r in zip(texts, got) if " at " in t or " during " in t]
    assert timed and any(r["status"] == "answer" and '"during' in json.dumps(r["proof"]) for r in timed)


def test_parquet_read_from_a_copy_at_a_uri_and_a_bad_copy_is_refused(runs, tmp_path, monkeypatch):
    """$LATWEAVE_SPARK_PARQUET: the lattice's parquet/ copied to a URI every executor reads (a
    cluster's object store; here a file:// URI): the same results; a copy missing a file, or with
    one of another size, is refused naming it, before any plan runs."""
    import shutil

    from latweave.errors import EngineError

    from tests.support.spark_runs import lattice

    layered = lattice(ZOO, tmp_path)   # zoo + movies: two layers, whose Parquet facts are not all under parquet/
    folder, texts, reference, _ = runs(CONTESTED)
    copy = tmp_path / "bucket" / "zoo-parquet"
    from latweave.compile.parquet_cache import cache_folder
    from latweave.compile.parquet_facts import stored_parquet

    stored_parquet(folder)     # derived into the cache (compile/parquet_cache.py): what a cluster copies
    shutil.copytree(cache_folder(folder) / "parquet", copy)
    monkeypatch.setenv("LATWEAVE_SPARK_PARQUET", copy.as_uri())
    with pytest.raises(EngineError, match="has layers") as refused:
        Runner(layered, "spark").run([read_plan(texts[0])])
    assert "unset $LATWEAVE_SPARK_PARQUET" in refused.value.hint
    with Runner(folder, "spark") as runner:
        assert [r.to_dict() for r in runner.run([read_plan(t) for t in texts[:4]])] == reference[:4]
    coord = sorted((copy / "coord").glob("d=*/part-0.parquet"))[0]
    coord.write_bytes(coord.read_bytes() + b"x")
    with pytest.raises(EngineError) as bad:
        Runner(folder, "spark").run([read_plan(texts[0])])
    assert f"{coord.relative_to(tmp_path)}" in str(bad.value) and "bytes, the lattice's" in str(bad.value)
    assert "copy the lattice's parquet/ folder there again" in bad.value.hint
    coord.unlink()
    with pytest.raises(EngineError, match="is missing"):
        Runner(folder, "spark").run([read_plan(texts[0])])


def test_a_timeout_stops_the_run_and_the_fresh_session_answers_batch_after_batch(runs):
    """A run past its timeout stops and the next run opens a fresh session; that session keeps its
    lattice between runs: a batch, then a single plan, each answered as a fresh session would (the
    per-run relations of the first are gone). One session for both: each costs a Spark evaluation."""
    folder, texts, reference, _ = runs(CONTESTED)
    with Runner(folder, "spark", timeout=0.05) as runner:
        with pytest.raises(EngineTimeout):
            runner.run([read_plan(t) for t in texts])
        runner.timeout = None
        first = [r.to_dict() for r in runner.run([read_plan(t) for t in texts[:3]])]
        one = runner.run([read_plan(texts[5])])[0].to_dict()
    assert first == reference[:3]
    assert one == reference[5]
