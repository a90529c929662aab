"""The zoo's expected behaviour, on every engine, and byte-identical results across engines."""

from __future__ import annotations

import pytest

from latweave.execute import Runner
from latweave.plan.json_form import plan_from_json
from tests.support.engines import assert_byte_identical, on_every_engine, suite_engines
from tests.support.plans import ZOO_CASES as CASES, MAMMAL_AQUATIC


@pytest.fixture(scope="module")
def sessions(zoo_lattice):
    """engine -> (its Runner, kept open for the module, and its results for every case: one
    batch); test_same_plan_same_bytes_across_runs asks the same session again."""
    plans = [plan_from_json(case[0]) for case in CASES]
    runners = {}
    try:
        for name in suite_engines():
            runners[name] = Runner(zoo_lattice, name)
        yield {name: (runner, runner.run(plans)) for name, runner in runners.items()}
    finally:
        for runner in runners.values():
            runner.close()


@pytest.fixture(scope="module")
def results(sessions):
    """Every case on every available engine, one batch per engine."""
    return {name: got for name, (_, got) in sessions.items()}


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(CASES)), ids=[str(i) for i in range(len(CASES))])
def test_expected_outcome(engine, results, index):
    plan, status, answers, verdict, reason = CASES[index]
    result = results[engine][index]
    assert (result.status, list(result.answers), result.verdict, result.reason) == (status, answers, verdict, reason), plan


def test_engines_agree_byte_for_byte(results):
    assert_byte_identical(results)


@pytest.mark.slow
def test_same_plan_same_bytes_across_runs(zoo_lattice, engine, sessions):
    plans = [plan_from_json(case[0]) for case in CASES]
    first, got = sessions[engine]                   # a session's first run of every case
    a = [r.to_json() for r in got]
    b = [r.to_json() for r in first.run(plans)]     # the same session again
    with Runner(zoo_lattice, engine) as second:
        c = [r.to_json() for r in second.run(list(reversed(plans)))]
    assert a == b
    assert a == list(reversed(c))


@pytest.mark.slow
def test_aquatic_mammal_carries_its_evidence(zoo_lattice, engine):
    with Runner(zoo_lattice, engine) as runner:
        result = runner.run_one(plan_from_json(MAMMAL_AQUATIC))
    evidence = []

    def walk(node):
        if "evidence" in node:
            evidence.append((node["axiom"], node["evidence"]["source_text"], node["evidence"]["doc"]))
        for child in node.get("children", []):
            walk(child)

    for tree in result.proof.to_json()["trees"]:
        walk(tree)
    assert ('coord("Whale", "species", "whale")', "The blue whale is a marine mammal.", "whale") in evidence
    assert ('coord("Whale", "habitat", "marine")', "The blue whale is a marine mammal.", "whale") in evidence


#: The plans whose witnesses two tests below read, answered in one batch per engine (the fast
#: tier's unknown-anchor test asks its own plan alone).
WITNESSED = {"conflict": {"meet": [["species", "<=", "mammal"], ["species", "<=", "bird"]]},
             "empty": {"meet": [["species", "<=", "whale"], ["habitat", "<=", "terrestrial"]]}}


@pytest.fixture(scope="module")
def witnessed(zoo_lattice):
    """name -> engine -> the result of WITNESSED[name] (one batch per engine)."""
    got = on_every_engine(zoo_lattice, [plan_from_json(plan) for plan in WITNESSED.values()])
    return {name: {engine: results[i] for engine, results in got.items()} for i, name in enumerate(WITNESSED)}


@pytest.mark.slow
def test_conflict_names_dimension_and_values(witnessed, engine):
    result = witnessed["conflict"][engine]
    assert result.witness["conflict"]["conflicts"] == [
        {"dimension": "species", "constraints": ['species <= mammal', 'species <= bird'],
         "values": [["mammal"], ["bird"]]}]


def test_unknown_anchor_names_the_value(zoo_lattice, engine):
    with Runner(zoo_lattice, engine) as runner:
        result = runner.run_one(plan_from_json({"meet": [["species", "<=", "unicorn"], ["habitat", "<=", "aquatic"]]}))
    assert result.reason == "unknown_anchor"
    assert result.witness["unknown_anchor"]["unknown"] == [
        {"name": "unicorn", "dimension": "species", "constraint": 'species <= unicorn'}]


@pytest.mark.slow
def test_empty_names_the_constraint_that_emptied_the_set(witnessed, engine):
    result = witnessed["empty"][engine]
    (meet,) = result.witness["empty"]["meets"]
    assert meet["emptied_by"] == ['habitat <= terrestrial']
    assert meet["matches_nothing"] == []


@pytest.mark.slow
def test_every_result_passes_the_independent_audit(zoo_lattice, results):
    from latweave.proof.audit import audit

    for name, got in results.items():
        for case, result in zip(CASES, got):
            report = audit(zoo_lattice, result.to_dict())
            assert report.ok, (name, case[0], report.to_dict()["failures"])
