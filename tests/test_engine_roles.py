"""Which engine runs what when none is named: one plan on the single-plan default (SQLite's stored
index database), a batch on the batch default (DuckDB), with the same results; a named engine
serves both; `latweave engines` says which is used for what and why."""

from __future__ import annotations

import json
import subprocess
import sys
import pytest

from latweave.engines.base import DEFAULTS, default_engine
from latweave.execute import Runner
from latweave.plan.parser import parse_plan

PLANS = ["meet(habitat <= aquatic)", "meet(class = mammal)", "meet(habitat <= terrestrial, class = bird)"]


def test_one_plan_and_a_batch_run_on_their_defaults_with_the_same_results(zoo_lattice):
    plans = [parse_plan(text) for text in PLANS]
    with Runner(zoo_lattice) as runner:
        assert runner.engines == {"single": default_engine("single"), "batch": default_engine("batch")}
        singles = [runner.run([plan])[0] for plan in plans]
        assert sorted(runner._sessions) == [default_engine("single")]  # no batch engine opened yet
        batch = runner.run(plans)
        assert sorted(runner._sessions) == sorted({default_engine("single"), default_engine("batch")})
    assert [r.to_json() for r in singles] == [r.to_json() for r in batch]
    assert any(r.answers for r in batch)
    assert runner._sessions == {}  # closing released both


def test_a_named_engine_serves_both_roles(zoo_lattice):
    plans = [parse_plan(text) for text in PLANS]
    with Runner(zoo_lattice, "duckdb") as runner:
        assert runner.engines == {"single": "duckdb", "batch": "duckdb"}
        runner.run(plans[:1])
        runner.run(plans)
        assert sorted(runner._sessions) == ["duckdb"]


@pytest.mark.slow
def test_engines_command_says_which_engine_for_what_and_why():
    out = subprocess.run([sys.executable, "-m", "latweave.cli", "engines", "--json"], capture_output=True,
                         text=True, check=True).stdout
    used = json.loads(out)["used_for"]
    assert {role: entry["engine"] for role, entry in used.items()} == {r: DEFAULTS[r][0] for r in DEFAULTS}
    assert all(entry["why"] for entry in used.values())
    text = subprocess.run([sys.executable, "-m", "latweave.cli", "engines"], capture_output=True,
                          text=True, check=True).stdout
    assert f"one plan: {DEFAULTS['single'][0]}" in text and f"batches: {DEFAULTS['batch'][0]}" in text


@pytest.mark.slow
def test_a_batch_longer_than_the_engines_bound_runs_a_chunk_at_a_time_with_the_same_results(zoo_lattice):
    """DuckDB evaluates at most `batch_plans` plans at once (a 10,000-plan batch on a 1M-subject KB
    lattice needed 16 GB in one evaluation, and took 259 s against 105 s in chunks): a longer batch
    is chunked, and every result is the one a single evaluation gives, in order."""
    from latweave.engines.duckdb_engine import DuckDBEngine

    assert DuckDBEngine.batch_plans == 1_000
    plans = [parse_plan(text) for text in PLANS * 3]
    with Runner(zoo_lattice, "duckdb") as runner:
        whole = runner.run(plans)
        engine = runner.engine_for("batch")
        # 1,000 plans from the 100k-subject lattice's size (1.31M predicates) up, more on a smaller
        # one (every chunk pays the evaluation's fixed cost): the 2Wiki dev batch is one evaluation
        assert engine.chunk_for(13_100_000) == 1_000 and engine.chunk_for(1_306_000) == 1_000
        assert engine.chunk_for(25_597) > 3_438 and engine.chunk_for(130_600) == 10_000
        engine.batch_plans, engine.batch_budget = 2, None  # this engine object only
        session = runner.session_for("batch")
        evaluations = []
        real = session.run
        session.run = lambda facts: evaluations.append(1) or real(facts)
        chunked = runner.run(plans)
    assert len(evaluations) == 5  # 9 plans, 2 at a time
    assert [r.to_json() for r in chunked] == [r.to_json() for r in whole]
    assert sum(bool(r.answers) for r in whole) == 3 * sum(bool(r.answers) for r in whole[:3]) > 0
