"""One batch of plans on every engine that can run here, and the byte-for-byte agreement check."""

from __future__ import annotations

import pytest

from pathlib import Path

from latweave.engines.base import available_engines
from latweave.execute import Runner

#: Engines the per-engine tests leave out, and where they are tested instead. A Spark run costs
#: about a minute whatever its size (tens of small jobs, each tens of milliseconds a stage), so
#: Spark runs the same differential checks in its own module: one session, one batch per lattice.
ELSEWHERE = {"spark": "Spark runs the differential tests in tests/test_spark_engine.py and test_spark_sessions.py "
                      "(one session per module, one batch per lattice), not in each per-engine test"}


def suite_engines() -> list[str]:
    """The engines that can run here, less those tested in their own module (ELSEWHERE)."""
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
