"""One batch of plans on every engine that can run here, and the byte-for-byte agreement check;
and what a test does when an engine cannot run here.

An engine that cannot run here is skipped with its reason — unless $LATWEAVE_EXPECT_ENGINES names
it: then the test fails. CI names every engine it installs (.ci/run), so an "every engine" check
never passes with fewer voices than CI meant to hear; a user without the variable gets skips with
the reason, as before.
"""

from __future__ import annotations

import os
from typing import NoReturn

import pytest

from pathlib import Path

from latweave.engines.base import available_engines
from latweave.execute import Runner

#: Engines the per-engine tests leave out, and where they are tested instead. A Spark run costs
#: about a minute whatever its size (tens of small jobs, each tens of milliseconds a stage), so
#: Spark runs the same differential checks in its own module: one session, one batch per lattice.
ELSEWHERE = {"spark": "Spark runs the differential tests in tests/test_spark_engine.py and test_spark_sessions.py "
                      "(one session per module, one batch per lattice), not in each per-engine test"}


#: The environment variable naming (comma-separated) the engines that must run here.
EXPECT = "LATWEAVE_EXPECT_ENGINES"


def expected_engines() -> tuple[str, ...]:
    """The engines $LATWEAVE_EXPECT_ENGINES names (none when unset); a name no engine has is a
    usage error, so a typo cannot expect nothing."""
    from latweave.engines.base import engine_names

    names = tuple(sorted({n.strip() for n in os.environ.get(EXPECT, "").split(",") if n.strip()}))
    unknown = [n for n in names if n not in engine_names()]
    if unknown:
        raise pytest.UsageError(f"${EXPECT} names no engine {', '.join(map(repr, unknown))} "
                                f"(engines: {', '.join(engine_names())})")
    return names


def cannot_run(name: str, reason: str) -> NoReturn:
    """Skip the calling test, engine `name` cannot run here (`reason`); fail it instead where
    $LATWEAVE_EXPECT_ENGINES names the engine."""
    if name in expected_engines():
        pytest.fail(f"engine {name!r} is expected here (${EXPECT}) but cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


def require_engine(name: str) -> str:
    """`name`, when that engine can run here and the per-engine tests run it; else the calling
    test is skipped with the reason (failed, where it is expected: `cannot_run`)."""
    from latweave.engines import engine_status

    reason = dict(engine_status()).get(name, f"no engine is named {name!r}")
    if reason is not None:
        cannot_run(name, f"engine {name!r} unavailable: {reason}")
    if name in ELSEWHERE:
        pytest.skip(f"engine {name!r}: {ELSEWHERE[name]}")
    return name


def needs_engine(item) -> None:
    """What conftest's `pytest_runtest_setup` does with `@pytest.mark.needs_engine(name, problem)`:
    skip (or, for an expected engine, fail) every test of a module whose engine cannot run here
    (`problem` not None)."""
    for mark in item.iter_markers("needs_engine"):
        name, problem = mark.args
        if problem is not None:
            cannot_run(name, f"{name} cannot run here: {problem}")


def missing_expected() -> dict[str, str]:
    """Expected engine -> why it cannot run here, for each expected engine that cannot."""
    from latweave.engines import engine_status

    status = dict(engine_status())
    return {name: status[name] for name in expected_engines() if status[name] is not None}


def suite_engines() -> list[str]:
    """The engines that can run here, less those tested in their own module (ELSEWHERE). An
    expected engine that cannot run fails the caller rather than leave the list shorter."""
    for name, reason in missing_expected().items():
        if name not in ELSEWHERE:
            pytest.fail(f"engine {name!r} is expected here (${EXPECT}) but cannot run: {reason}", pytrace=False)
    return [name for name in available_engines() if name not in ELSEWHERE]


def on_every_engine(lattice: Path, plans: list) -> dict[str, list]:
    """engine name → the results of `plans`, one batch (one evaluation) per engine."""
    out = {}
    for name in suite_engines():
        with Runner(lattice, name) as runner:
            out[name] = runner.run(plans)
    return out


def assert_byte_identical(results: dict[str, list]) -> None:
    """Every engine's result JSON equals DuckDB's (the embedded default), plan by plan."""
    reference = [r.to_json() for r in results["duckdb"]]
    for name, got in results.items():
        assert [r.to_json() for r in got] == reference, f"{name} differs from duckdb"


def data_path(*parts: str) -> Path:
    from latweave.eval.datasets import data_dir

    path = data_dir().joinpath(*parts)
    if not path.exists():
        pytest.skip(f"benchmark data not here: {path}")
    return path
