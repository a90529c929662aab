"""The Spark engine against DuckDB, byte for byte, and against the independent auditor.

Spark runs the same differential checks as the other engines, but in this one module: a Spark
evaluation costs tens of seconds whatever its size (tens of small jobs), so every lattice gets
one session and one batch of plans — the zoo's expected outcomes with the movies' examples and
audit plans, on one lattice built from both corpora (one evaluation, not two; the zoo's hand-written
expectations hold on it, as test_zoo_expected_outcomes_on_spark checks), a generated lattice with contested coordinates and periods (random plans, some asked at a
time), and a sample of plans on the 2Wiki KB
lattice (when the data is here) — and each result must equal DuckDB's JSON exactly and pass
`latweave audit`. Spark runs in local mode (`local[*]`, this machine's cores).

Skipped, with the reason, only where Spark cannot run: no pyspark (`pip install 'latweave[spark]'`)
or no Java 17+ (spark_context.spark_problem says which).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from latweave.engines.spark_context import spark_problem
from latweave.errors import EngineTimeout
from latweave.execute import Runner
from latweave.plan.read import read_plan

PROBLEM = spark_problem()
pytestmark = pytest.mark.skipif(PROBLEM is not None, reason=f"spark cannot run here: {PROBLEM}")

ROOT = Path(__file__).resolve().parent.parent
#: the zoo and the movies, one lattice (`latweave build corpora/zoo corpora/movies`)
ZOO = "zoo+movies"


def _plans(name: str, folder: Path) -> list[str]:
    from latweave.lattice.store import load_lattice
    from tests.test_audit import MOVIE_PLANS, ZOO_PLANS
    from tests.test_audit_complete import random_plans
    from tests.test_examples import EXAMPLES
    from tests.test_zoo_engines import CASES
    from latweave.plan.json_form import plan_from_json
    from latweave.plan.printer import to_text

    if name == ZOO:   # the zoo's cases first (test_zoo_expected_outcomes_on_spark reads them in order)
        return list(dict.fromkeys([to_text(plan_from_json(c[0])) for c in CASES] + ZOO_PLANS
                                  + [e[1] for e in EXAMPLES if e[0] == "movies"] + MOVIE_PLANS))
    if name == "contested0":
        return random_plans(load_lattice(folder), 110, 40)
    # 2wiki: a sample of 30 random plans, half of them plans DuckDB answers (most random plans on
    # a KB abstain), chosen before Spark runs
    texts = random_plans(load_lattice(folder), 11, 150)
    statuses = [r["status"] for r in _run(folder, "duckdb", texts)]
    answered = [t for t, s in zip(texts, statuses) if s != "abstain"][:15]
    return answered + [t for t in texts if t not in answered][:30 - len(answered)]


def _lattice(name: str, root: Path) -> Path:
    from latweave.ingest.build import save_lattice
    from latweave.ingest.living import build_sources
    from tests.test_audit_complete import random_lattice

    out = root / name
    if name == ZOO:
        build_sources([ROOT / "corpora" / "zoo", ROOT / "corpora" / "movies"], out)
    elif name == "contested0":
        save_lattice(random_lattice(10, functional_pairs=True, periods=True), out)
    else:
        from latweave.ingest.kb import build_kb
        from tests.test_stored import _data

        build_kb(_data("2wikimultihopqa", "lag", "dev.json"), "2wiki", out)
    return out


def _run(folder: Path, engine: str, texts: list[str]) -> list[dict]:
    plans = [read_plan(t) for t in texts]
    with Runner(folder, engine) as runner:
        return [r.to_dict() for r in runner.run(plans)]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """name -> (lattice folder, plan texts, DuckDB's results, Spark's results); built on demand."""
    root = tmp_path_factory.mktemp("spark")
    cache: dict[str, tuple] = {}

    def get(name: str):
        if name not in cache:
            folder = _lattice(name, root)
            texts = _plans(name, folder)
            cache[name] = (folder, texts, _run(folder, "duckdb", texts), _run(folder, "spark", texts))
        return cache[name]
    return get


@pytest.mark.parametrize("name", [ZOO, "contested0", pytest.param("2wiki", marks=pytest.mark.data)])
def test_spark_results_are_byte_identical_to_duckdb_and_audit(runs, name):
    from latweave.proof.audit import audit_many

    folder, texts, reference, got = runs(name)
    assert len(got) == len(texts) >= 20
    for text, ref, res in zip(texts, reference, got):
        assert json.dumps(res, sort_keys=True) == json.dumps(ref, sort_keys=True), f"spark differs on {text!r}"
    statuses = {r["status"] for r in got}
    assert "abstain" in statuses and "answer" in statuses
    for text, report in zip(texts, audit_many(folder, got)):
        assert report.ok, (text, report.failures[:3])


def test_zoo_expected_outcomes_on_spark(runs):
    """Not only equal to DuckDB: the zoo's hand-written expectations hold on Spark."""
    from tests.test_zoo_engines import CASES

    _, _, _, got = runs(ZOO)
    for (plan, status, answers, verdict, reason), result in zip(CASES, got):
        assert (result["status"], result["answers"], result["verdict"], result["reason"]) == \
            (status, answers, verdict, reason), plan


def test_contested_answers_reach_spark(runs):
    _, _, _, got = runs("contested0")
    assert any(r["contested"] for r in got)


def test_timed_plans_reach_spark(runs):
    """Plans asked at a time run on Spark too: some answer through periods (`during` leaves)."""
    _, texts, _, got = runs("contested0")
    timed = [r for t, r in zip(texts, got) if " at " in t or " during " in t]
    assert timed and any(r["status"] == "answer" and '"during' in json.dumps(r["proof"]) for r in timed)


def test_a_session_runs_again_and_a_single_plan(runs):
    """A session keeps its lattice between runs: a second, different batch answers as a fresh
    session would (the per-run relations of the first are gone)."""
    folder, texts, reference, _ = runs(ZOO)
    with Runner(folder, "spark") as runner:
        first = [r.to_dict() for r in runner.run([read_plan(t) for t in texts[:3]])]
        one = runner.run([read_plan(texts[5])])[0].to_dict()
    assert first == reference[:3]
    assert one == reference[5]


def test_parquet_read_from_a_copy_at_a_uri_and_a_bad_copy_is_refused(runs, tmp_path, monkeypatch):
    """$LATWEAVE_SPARK_PARQUET: the lattice's parquet/ copied to a URI every executor reads (a
    cluster's object store; here a file:// URI): the same results; a copy missing a file, or with
    one of another size, is refused naming it, before any plan runs."""
    import shutil

    from latweave.errors import EngineError

    layered = runs(ZOO)[0]    # zoo + movies: two layers, whose Parquet facts are not all under parquet/
    folder, texts, reference, _ = runs("contested0")
    copy = tmp_path / "bucket" / "zoo-parquet"
    shutil.copytree(folder / "parquet", copy)
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


def test_spark_timeout_stops_the_run_and_the_next_run_opens_a_fresh_session(runs):
    folder, texts, reference, _ = runs(ZOO)
    with Runner(folder, "spark", timeout=0.05) as runner:
        with pytest.raises(EngineTimeout):
            runner.run([read_plan(t) for t in texts])
        runner.timeout = None
        assert runner.run([read_plan(texts[0])])[0].to_dict() == reference[0]


def _cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "latweave.cli", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=600)


def test_cli_run_with_engine_spark_prints_what_duckdb_prints(runs, capsys):
    """In this process (`latweave.cli.main`): the command reuses the module's session for its
    master instead of starting a JVM of its own (the module's first run starts one)."""
    from latweave.cli import main

    folder, texts, _, _ = runs(ZOO)
    plan = 'meet(species <= mammal, habitat <= aquatic)'
    capsys.readouterr()
    assert main(["run", "--lattice", str(folder), "--engine", "spark", "--spark-master", "local[*]", "--json", plan]) == 0
    spark = json.loads(capsys.readouterr().out)
    assert main(["run", "--lattice", str(folder), "--engine", "duckdb", "--json", plan]) == 0
    duck = json.loads(capsys.readouterr().out)
    assert spark == duck and spark["answers"] == ["Whale"]


def test_without_java_spark_is_refused_with_the_reason(runs, tmp_path):
    folder, _, _, _ = runs(ZOO)
    done = _cli("run", "--lattice", str(folder), "--engine", "spark", "meet(species <= mammal)",
                env={"JAVA_HOME": str(tmp_path / "no-java")})
    assert done.returncode == 4, done.stderr
    assert "Spark needs Java 17 or 21" in done.stderr and "Traceback" not in done.stderr
    listed = _cli("engines", env={"JAVA_HOME": str(tmp_path / "no-java")})
    assert "spark" in listed.stdout and "Java" in listed.stdout


def test_shuffle_partitions_follow_this_machine_only_on_a_local_master(monkeypatch):
    from latweave.engines.spark_context import partitions

    monkeypatch.delenv("LATWEAVE_SPARK_PARTITIONS", raising=False)
    monkeypatch.delenv("LATWEAVE_SPARK_MASTER", raising=False)
    assert partitions() == partitions("local[2]") == max(2, 2 * (os.cpu_count() or 1))
    assert partitions("spark://head:7077") is None and partitions("yarn") is None
    monkeypatch.setenv("LATWEAVE_SPARK_MASTER", "spark://head:7077")
    assert partitions() is None
    monkeypatch.setenv("LATWEAVE_SPARK_PARTITIONS", "64")
    assert partitions() == partitions("local[*]") == 64


def test_the_driver_memory_follows_this_machine_only_on_a_local_master(monkeypatch):
    """Local mode's one JVM is driver and executors: a third of this machine's memory (4g ran out
    building a 1M-subject KB), at least 4g; a cluster's driver keeps 4g; the variable wins."""
    from latweave.engines.spark_context import driver_memory

    monkeypatch.delenv("LATWEAVE_SPARK_DRIVER_MEMORY", raising=False)
    monkeypatch.delenv("LATWEAVE_SPARK_MASTER", raising=False)
    machine = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    assert driver_memory() == driver_memory("local[2]") == f"{max(4, machine // 3 // 2**30)}g"
    assert driver_memory("spark://head:7077") == "4g"
    monkeypatch.setenv("LATWEAVE_SPARK_DRIVER_MEMORY", "6g")
    assert driver_memory() == driver_memory("yarn") == "6g"
