"""An engine CI expects ($LATWEAVE_EXPECT_ENGINES) that cannot run fails its tests instead of
skipping them, so an "every engine" check never passes with fewer engines than CI installed; a
user without the variable still gets a skip with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

import latweave.engines.base as base
from tests.support.engines import require_engine
from tests.support import engines


def outcome(call) -> tuple[str, str]:
    """("skip" | "fail" | "ran", message) of `call()`: a skip must not pass for a failure here."""
    try:
        call()
    except pytest.skip.Exception as exc:
        return "skip", str(exc)
    except pytest.fail.Exception as exc:
        return "fail", str(exc)
    return "ran", ""


@pytest.fixture
def clingo_missing(monkeypatch):
    """clingo cannot run here (its class says why), whatever is installed."""
    cls = base.engine_class("clingo")
    monkeypatch.setattr(cls, "unavailable_reason", classmethod(lambda c: "clingo is not installed (test)"))
    monkeypatch.setattr(base, "available_engines", lambda: [n for n in base.engine_names() if n != "clingo"])
    monkeypatch.setattr(engines, "available_engines", base.available_engines)
    return cls


def test_an_unexpected_missing_engine_is_skipped_with_its_reason(clingo_missing, monkeypatch):
    monkeypatch.delenv(engines.EXPECT, raising=False)
    for call in (lambda: require_engine("clingo"), lambda: engines.cannot_run("clingo", "clingo is not installed (test)")):
        kind, message = outcome(call)
        assert kind == "skip" and "clingo is not installed" in message
    assert "clingo" not in engines.suite_engines() and engines.missing_expected() == {}


def test_an_expected_missing_engine_fails_every_way_a_test_asks_for_it(clingo_missing, monkeypatch):
    monkeypatch.setenv(engines.EXPECT, "duckdb, clingo,sqlite")
    assert engines.expected_engines() == ("clingo", "duckdb", "sqlite")
    assert engines.missing_expected() == {"clingo": "clingo is not installed (test)"}
    for call in (lambda: require_engine("clingo"),        # the `engine` fixture's path
                 engines.suite_engines,                    # on_every_engine and the modules' engine lists
                 lambda: engines.cannot_run("clingo", "clingo is not installed (test)")):   # a module's own check
        kind, message = outcome(call)
        assert kind == "fail" and "engine 'clingo' is expected here ($LATWEAVE_EXPECT_ENGINES)" in message, message
        assert "clingo is not installed" in message
    assert require_engine("duckdb") == "duckdb"      # an expected engine that runs is unaffected


def test_a_name_no_engine_has_is_a_usage_error(monkeypatch):
    monkeypatch.setenv(engines.EXPECT, "duckdb,soufle")
    with pytest.raises(pytest.UsageError, match="'soufle'"):
        engines.expected_engines()


def test_a_module_marked_needs_engine_skips_or_fails_the_same_way(monkeypatch):
    class Item:   # what the hook reads of a test item: its markers
        def iter_markers(self, name):
            return [pytest.mark.needs_engine("spark", "no Java here (test)").mark] if name == "needs_engine" else []

    monkeypatch.delenv(engines.EXPECT, raising=False)
    assert outcome(lambda: engines.needs_engine(Item())) == ("skip", "spark cannot run here: no Java here (test)")
    monkeypatch.setenv(engines.EXPECT, "spark")
    kind, message = outcome(lambda: engines.needs_engine(Item()))
    assert kind == "fail" and "engine 'spark' is expected here" in message


# ---- what CI runs: the engines it expects and the property tests' fixed seeds (.ci/run)

CI_RUN = Path(__file__).resolve().parents[1] / ".ci" / "run"


def test_ci_names_its_engines_and_fixes_the_property_tests_seeds():
    text = CI_RUN.read_text(encoding="utf-8")
    assert "LATWEAVE_EXPECT_ENGINES=" in text and "--hypothesis-profile=ci" in text
    for name in ("sqlite", "duckdb", "clingo", "pydatalog", "spark"):
        assert name in text.split("expect=", 1)[1].splitlines()[0]


def test_the_ci_profile_draws_the_same_examples_on_every_run():
    from hypothesis import given, settings, strategies as st

    def draws():
        seen = []

        @settings(settings.get_profile("ci"), max_examples=8)
        @given(st.integers())
        def prop(n):
            seen.append(n)

        prop()
        return seen

    first = draws()
    assert len(first) == 8 and draws() == first
