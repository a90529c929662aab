"""The Spark engine and the Spark build on a real standalone cluster: a master and two workers (1
core, 1 GB each) on 127.0.0.1, each a process of its own started by pyspark's `spark-class`
(tests/support/spark_cluster.py), and `latweave` commands run against it as a user runs them —
`run --engine spark --spark-master spark://127.0.0.1:PORT` on the zoo and the movies, `build
--engine spark --spark-master …` and `run` on a generated KB of ~100k lines (bench/kb_gen.py,
14,200 subjects) — each command's stdout compared byte for byte with DuckDB's, its stderr free of
the JVM's lines, and its tasks run by executors in the workers' JVMs (each worker's work
directory gets the application's executor, whose log shows tasks run; the driver's JVM runs
none). Nothing listens beyond loopback: every socket the cluster's processes and the driver's
listen on while a command runs is checked.

The cluster is the module's, stopped by its processes' ids when the module ends (also when a
test fails). Where it cannot start (no Java, not Linux, a daemon that exits or does not register
within five minutes) the tests skip saying why. Slow: each command starts a driver JVM and two
executors (a minute or two on 2 shared cores).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from latweave.engines.spark_context import spark_problem
from tests.support import spark_cluster
from tests.support.spark_runs import ROOT

PROBLEM = spark_problem()
pytestmark = [pytest.mark.slow, pytest.mark.needs_engine("spark", PROBLEM)]

#: a line the driver's JVM or Spark prints when not kept quiet (spark_jvm.py)
JVM_LINE = re.compile(r"^\d\d/\d\d/\d\d \d\d:\d\d:\d\d [A-Z]+ |^WARNING: |log4j|Setting default log level|"
                      r"setLogLevel|NativeCodeLoader|SPARK_LOCAL_IP", re.MULTILINE)
#: the KB: ~100k lines
SUBJECTS = 14_200


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    root = tmp_path_factory.mktemp("cluster")
    try:
        with spark_cluster.standalone(root, workers=2, cores=1, memory="1g") as running:
            yield running
    except spark_cluster.NoCluster as exc:
        pytest.skip(f"no Spark standalone cluster here: {exc}")


def _cli(args: list[str], env: dict[str, str] | None = None, watch: spark_cluster.Cluster | None = None,
         cwd: Path | None = None):
    """`latweave ARGS` in a process of its own; with `watch`, every address the cluster's processes
    and the command's own (its driver JVM) listen on while it runs is collected."""
    full = {**{k: v for k, v in os.environ.items() if k not in ("LATWEAVE_SPARK_LOG", "SPARK_REMOTE")},
            "COLUMNS": "200", **(env or {})}
    proc = subprocess.Popen([sys.executable, "-m", "latweave.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=full, cwd=cwd)
    heard: set[str] = set()
    stop = threading.Event()

    def listen() -> None:
        while not stop.wait(0.5):
            pids = spark_cluster.processes(watch) + [proc.pid] + spark_cluster._children(proc.pid)
            for pid in pids:
                heard.update(spark_cluster.listening(pid))

    watcher = threading.Thread(target=listen, daemon=True) if watch is not None else None
    if watcher:
        watcher.start()
    try:
        out, err = proc.communicate(timeout=1800)
    finally:
        stop.set()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if watcher:
        watcher.join()
    return proc.returncode, out, err.decode("utf-8", "replace"), sorted(heard)


def _apps(cluster: spark_cluster.Cluster) -> dict[Path, set[str]]:
    return {work: {p.name for p in work.iterdir() if p.name.startswith("app-")} for work in cluster.work_dirs}


def _on_cluster(cluster, args: list[str], cwd: Path | None = None) -> bytes:
    """`latweave ARGS` on the cluster: exit 0, no JVM line on stderr, only loopback listening, and
    one new application whose executors — one in each worker — ran tasks. Its stdout."""
    before = _apps(cluster)
    code, out, err, heard = _cli([*args, "--engine", "spark", "--spark-master", cluster.master],
                                 env={**cluster.env(), "LATWEAVE_SPARK_DRIVER_MEMORY": "1g",
                                                        "LATWEAVE_SPARK_PARTITIONS": "2"}, watch=cluster, cwd=cwd)
    assert code == 0, err[-3000:]
    assert not JVM_LINE.search(err), err[-3000:]
    assert heard and all(spark_cluster.loopback(a) for a in heard), heard
    for work, apps in _apps(cluster).items():
        new = sorted(apps - before[work])
        assert len(new) == 1, (work, new)
        logs = list((work / new[0]).glob("*/stderr"))   # <app>/<executor id>/stderr
        assert len(logs) == 1 and "Executor: Running task" in logs[0].read_text(errors="replace"), logs
    return out


def _duckdb(args: list[str], cwd: Path | None = None) -> bytes:
    code, out, err, _ = _cli([*args, "--engine", "duckdb"], cwd=cwd)
    assert code == 0, err[-3000:]
    return out


@pytest.fixture(scope="module")
def beside():
    """A thread that runs DuckDB's reference command while the cluster runs its own (they share
    nothing but the files they read, and the Parquet cache, written by rename: parquet_cache.py):
    the module's wall time is the cluster's commands', not theirs plus DuckDB's."""
    with ThreadPoolExecutor(1, thread_name_prefix="duckdb") as pool:
        yield lambda args, cwd=None: pool.submit(_duckdb, args, cwd)


def _both(cluster, beside, args: list[str], cwd: tuple[Path | None, Path | None] = (None, None)) -> tuple[bytes, bytes]:
    """`latweave ARGS` on the cluster (`_on_cluster`'s checks) and on DuckDB, side by side: both stdouts."""
    duck: Future = beside(args, cwd[1])
    try:
        spark = _on_cluster(cluster, args, cwd=cwd[0])
    finally:
        duckdb = duck.result()   # (also when the cluster's command failed: no thread left running)
    return spark, duckdb


@pytest.fixture(scope="module")
def corpora(tmp_path_factory):
    """corpora/zoo and corpora/movies, one lattice (two sources), built by `latweave build`."""
    from latweave.cli import main

    out = tmp_path_factory.mktemp("corpora") / "zoo+movies"
    assert main(["build", str(ROOT / "corpora" / "zoo"), str(ROOT / "corpora" / "movies"), "--out", str(out)]) == 0
    return out


def test_a_plan_on_the_zoo_and_movies_on_the_cluster_prints_duckdbs_bytes(cluster, corpora, beside):
    """One command (each starts a driver and two executors): a two-hop plan with its proofs."""
    plan = 'let d = meet(subject = "Blade Runner") -> directed_by\nmeet(directed_by = $d) -> subject'
    spark, duck = _both(cluster, beside, ["run", "--lattice", str(corpora), "--json", plan])
    assert spark == duck and b'"Gladiator"' in spark


def test_a_100k_line_kb_built_and_run_on_the_cluster_is_duckdbs(cluster, beside, tmp_path):
    """The Spark build on the cluster prints what DuckDB's build prints and writes the lattice
    DuckDB's does (every file but the KB's own copy: DuckDB's living lattice keeps it as a source);
    a plan with a join on it prints on the cluster what DuckDB prints on the same lattice."""
    from bench.kb_gen import lines
    from tests.test_spark_kb import files

    kb = tmp_path / "kb.txt"
    with open(kb, "w", encoding="utf-8") as out:
        out.writelines(lines(SUBJECTS, 7))
    for side in ("spark", "duckdb"):   # each builds `lattice` in a folder of its own: the same stdout
        (tmp_path / side).mkdir()
    build = ["build", str(kb), "--format", "pathquestion", "--out", "lattice"]
    spark_built, duck_built = _both(cluster, beside, build, cwd=(tmp_path / "spark", tmp_path / "duckdb"))
    assert spark_built == duck_built and b"14,200" in spark_built
    spark_files, duck_files = files(tmp_path / "spark" / "lattice"), files(tmp_path / "duckdb" / "lattice")
    # DuckDB's build keeps the KB as the living lattice's source (sources/, history.jsonl, kb.json,
    # documents.jsonl naming it), Spark's stores the text: every other file is the same
    differ = {"documents.jsonl", "documents.idx", "manifest.json"}
    same = sorted(n for n in spark_files if n not in differ)
    assert len(same) > 10 and "instances.jsonl" in same
    for name in same:
        assert spark_files[name] == duck_files.get(name), name
    plan = 'meet(profession <= profession_3, place_of_birth <= city_0000042)'
    # (DuckDB on the same lattice: the two folders' content hashes differ by the KB's copy, and a
    # result names its lattice's)
    spark, duck = _both(cluster, beside, ["run", "--lattice", str(tmp_path / "spark" / "lattice"), "--json", plan])
    assert spark == duck and b'"person_' in spark
