"""Shared fixtures: the zoo lattice, and the engine parameter every engine-level test runs over.

An engine that cannot run here is skipped with its reason, and the reasons are repeated in the
terminal summary so a missing Souffle is never silent.
"""

from __future__ import annotations

import pytest

from latweave.engines.base import _REGISTRY, engine_names
from latweave.paths import RULES

ZOO = RULES.parent / "corpora" / "zoo"
_SKIPPED: dict[str, str] = {}


def engine_params():
    return [pytest.param(name, id=name) for name in engine_names()]


def require_engine(name: str) -> str:
    reason = _REGISTRY[name].unavailable_reason()
    if reason is not None:
        _SKIPPED[name] = reason
        pytest.skip(f"engine {name!r} unavailable: {reason}")
    return name


@pytest.fixture(params=engine_params())
def engine(request) -> str:
    """Every registered engine; skipped (with the reason) where it cannot run."""
    return require_engine(request.param)


@pytest.fixture(scope="session")
def zoo_lattice(tmp_path_factory):
    from latweave.ingest.build import build_corpus

    out = tmp_path_factory.mktemp("zoo") / "lattice"
    build_corpus(ZOO, out)
    return out


def pytest_terminal_summary(terminalreporter):
    if _SKIPPED:
        terminalreporter.section("latweave: engines skipped")
        for name, reason in sorted(_SKIPPED.items()):
            terminalreporter.write_line(f"SKIPPED engine {name}: {reason}")
