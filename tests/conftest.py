"""Shared fixtures: the zoo lattice, and the engine parameter every engine-level test runs over.

An engine that cannot run here is skipped with its reason, and the reasons are repeated in the
terminal summary so a missing Souffle is never silent; where $LATWEAVE_EXPECT_ENGINES names it (CI
does), its tests fail instead (tests/support/engines.py). The summary asks the engines themselves (not
what the tests recorded): the suite runs in pytest-xdist workers, and the summary is printed by the
controller, which runs no test.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from latweave.engines import engine_names, engine_status
from tests.support.corpora import ZOO, built_lattice
from tests.support.engines import needs_engine, require_engine

#: `pytest --hypothesis-profile=ci` (.ci/run): every property test draws the same examples on every
#: run (`derandomize`: its seed is derived from the test's name), so a CI run can be repeated and
#: a red one is red again; without it (a developer's run) each run draws new examples. Settings a
#: module makes at import inherit the profile, their budgets (`max_examples`) kept.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)

#: Spark's JVMs in the suite — each test module's driver (a local master's one JVM), each CLI
#: command's, a test cluster's executors — compile with C1 alone and collect with the serial
#: collector, as a user asks with Spark's own administrator settings (docs/spark.md, "Short
#: commands and the JIT"): a command is hundreds of small stages in JVMs that live a minute, whose C2
#: compilations and G1 threads were half their CPU on two cores that three test workers share
#: (the cluster's zoo plan 97 → 53 s of CPU). Results do not depend on it; one test runs the CLI
#: with Spark's defaults (test_spark_engine.py). A $LATWEAVE_SPARK_CONF of the caller's is kept.
QUICK_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
os.environ.setdefault("LATWEAVE_SPARK_CONF", f"spark.driver.defaultJavaOptions={QUICK_JVM},"
                                             f"spark.executor.defaultJavaOptions={QUICK_JVM}")


def engine_params():
    return [pytest.param(name, id=name) for name in engine_names()]


def skipped_engines() -> dict[str, str]:
    """engine name -> why the per-engine tests skip it here (unavailable, or tested elsewhere)."""
    from tests.support.engines import ELSEWHERE

    out = {name: reason for name, reason in engine_status() if reason is not None}
    for name, reason in ELSEWHERE.items():
        out.setdefault(name, reason)
    return out


@pytest.fixture(params=engine_params())
def engine(request) -> str:
    """Every registered engine; skipped (with the reason) where it cannot run."""
    return require_engine(request.param)


@pytest.fixture(scope="session", autouse=True)
def latweave_cache(tmp_path_factory):
    """Opening a lattice records its verified files under $LATWEAVE_CACHE: a temporary folder
    here (inherited by the CLI subprocesses), never the user's ~/.cache."""
    os.environ["LATWEAVE_CACHE"] = str(tmp_path_factory.mktemp("latweave-cache"))
    return os.environ["LATWEAVE_CACHE"]


@pytest.fixture(scope="session")
def zoo_lattice(tmp_path_factory):
    return built_lattice(tmp_path_factory, ZOO, "zoo")


#: The longest test files, longest first (pytest --durations=0 of a whole run, three workers; the Spark
#: files start a JVM; audit_complete runs every engine against the auditor; store_safety kills
#: builds at every step), then the rest in collection order: the workers take files in this order
#: (`--dist loadfile --no-loadscope-reorder`, pyproject), so a long file started last would keep
#: one worker busy while the others idle. audit_complete comes before spark_kb so that two JVMs,
#: not three, start at once; the cluster (test_spark_cluster: its daemons, a driver and two executors
#: per command) comes after audit_complete for the same reason.
LONGEST_FIRST = ("test_spark_engine.py", "test_spark_sessions.py", "test_audit_complete.py", "test_spark_cluster.py", "test_spark_kb.py",
                 "test_store_safety.py", "test_monotone.py", "test_engines_small.py", "test_living.py", "test_living_kills.py",
                 "test_paging.py", "test_sqlite_stored.py", "test_cli.py", "test_roundtrip.py", "test_kb_layer.py",
                 "test_stored.py", "test_disk_full.py", "test_examples.py", "test_zoo_engines.py", "test_parquet.py",
                 "test_eval_harness.py", "test_time.py", "test_layers_vs_one.py")


def pytest_configure(config):
    from tests.support.engines import expected_engines

    expected_engines()   # a name in $LATWEAVE_EXPECT_ENGINES that no engine has stops the run here


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """`@pytest.mark.needs_engine(name, problem)` (tests/support/engines.py needs_engine)."""
    needs_engine(item)


def pytest_collection_modifyitems(items):
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))   # stable: order within a file kept


def pytest_terminal_summary(terminalreporter):
    from tests.support.engines import EXPECT, missing_expected

    missing = missing_expected()
    if missing:
        terminalreporter.section(f"latweave: expected engines missing (${EXPECT}): their tests failed")
        for name, reason in sorted(missing.items()):
            terminalreporter.write_line(f"MISSING engine {name}: {reason}")
    skipped = {name: reason for name, reason in skipped_engines().items() if name not in missing}
    if skipped:
        terminalreporter.section("latweave: engines skipped")
        for name, reason in sorted(skipped.items()):
            terminalreporter.write_line(f"SKIPPED engine {name}: {reason}")
