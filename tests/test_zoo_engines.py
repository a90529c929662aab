"""The zoo's expected behaviour, on every engine, and byte-identical results across engines."""

from __future__ import annotations

import pytest

from latweave.execute import Runner
from latweave.plan.json_form import plan_from_json
from tests.support.engines import assert_byte_identical, on_every_engine

MAMMAL_AQUATIC = {"meet": [["species", "<=", "mammal"], ["habitat", "<=", "aquatic"]]}

# (plan, status, answers, verdict, reason)
CASES = [
    (MAMMAL_AQUATIC, "answer", ["Whale"], None, None),
    ({"meet": [["species", "<=", "whale"], ["habitat", "<=", "terrestrial"]]}, "abstain", [], None, "empty"),
    ({"meet": [["habitat", "<=", "aquatic"], ["habitat", "<=", "terrestrial"]]}, "answer", ["Frog", "Salamander"], None, None),
    ({"meet": [["habitat", "=", "amphibious"]]}, "answer", ["Frog", "Salamander"], None, None),
    ({"meet": [["habitat", "=", "aquatic"]]}, "abstain", [], None, "empty"),
    ({"meet": [["species", "<=", "mammal"], ["species", "<=", "bird"]]}, "abstain", [], None, "conflict"),
    ({"meet": [["species", "<=", "unicorn"]]}, "abstain", [], None, "unknown_anchor"),
    ({"meet": [["wingspan", "<=", "large"]]}, "abstain", [], None, "out_of_scope"),
    ({"meet": [["species", "<=", "cetacean"]]}, "answer", ["Whale"], None, None),
    ({"meet": [["habitat", "<=", "LAND"]]}, "answer", ["Dog", "Frog", "Salamander"], None, None),
    ({"meet": [["diet", "<=", "carnivore"], ["diet", "<=", "herbivore"]]}, "abstain", [], None, "empty"),
    ({"meet": [["diet", "<=", "insectivore"], ["diet", "<=", "piscivore"]]}, "answer", ["Salmon"], None, None),
    ({"meet": [["species", "<=", "mammal"]], "project": "diet"}, "answer", ["carnivore", "insectivore"], None, None),
    ({"union": [{"meet": [["species", "<=", "whale"]]}, {"meet": [["species", "<=", "frog"]]}]},
     "answer", ["Frog", "Whale"], None, None),
    ({"let": [["d", {"meet": [["species", "<=", "bird"]], "project": "diet"}]],
      "return": {"meet": [["diet", "=", {"ref": "d"}]]}}, "answer", ["Eagle", "Penguin", "Salmon"], None, None),
    ({"let": [["d", {"meet": [["species", "<=", "fish"]], "project": "habitat"}],
              ["e", {"meet": [["habitat", "=", {"ref": "d"}]]}]],
      "return": {"meet": [["species", "<=", "mammal"], ["species", "=", {"ref": "e"}]]}},
     "answer", ["Whale"], None, None),
    ({"let": [["d", {"meet": [["species", "<=", "fish"]], "project": "lifespan_years"}]],
      "return": {"meet": [["first_described", "=", {"ref": "d"}]]}}, "abstain", [], None, "empty"),
    ({"argmax": "lifespan_years", "args": ["Whale", "Dog"]}, "answer", ["Whale"], None, None),
    ({"argmin": "lifespan_years", "args": ["Whale", "Dog", "Salmon"]}, "answer", ["Dog", "Salmon"], None, None),
    ({"argmin": "first_described", "args": ["Bat", "Eagle", "Penguin"]}, "answer", ["Eagle"], None, None),
    ({"argmin": "first_described", "args": ["Whale", "Dog"]}, "abstain", [], None, "incomparable"),
    ({"argmax": "first_described", "args": ["Whale", "Shark"]}, "abstain", [], None, "empty"),
    ({"argmax": "species", "args": ["Whale", "Dog"]}, "abstain", [], None, "incomparable"),
    ({"argmax": "lifespan_years", "args": ["Whale", "Unicorn"]}, "abstain", [], None, "unknown_anchor"),
    ({"same": "diet", "args": ["Whale", "Dog"]}, "verdict", [], True, None),
    ({"same": "habitat", "args": ["Whale", "Dog"]}, "verdict", [], False, None),
    ({"differ": "habitat", "args": ["Whale", "Dog"]}, "verdict", [], True, None),
    ({"same": "diet", "args": ["Salmon", "Eagle", "Penguin"]}, "verdict", [], True, None),
    ({"same": "first_described", "args": ["Whale", "Shark"]}, "abstain", [], None, "empty"),
    ({"holds": "Whale", "where": [["habitat", "<=", "aquatic"]]}, "verdict", [], True, None),
    ({"holds": "Blue whale", "where": [["habitat", "<=", "aquatic"]]}, "verdict", [], True, None),
    ({"holds": "Whale", "where": [["habitat", "<=", "terrestrial"]]}, "verdict", [], False, None),
    ({"holds": "Shark", "where": [["first_described", "<=", "1758"]]}, "abstain", [], None, "empty"),
    ({"holds": "Nessie", "where": [["habitat", "<=", "aquatic"]]}, "abstain", [], None, "unknown_anchor"),
    ({"holds": "Frog", "where": [["habitat", "<=", "marine"], ["habitat", "<=", "terrestrial"]]},
     "abstain", [], None, "conflict"),
    # the year 1758 is an interval value: it subsumes the day 1758-01-01
    ({"meet": [["first_described", "<=", "1758"], ["species", "<=", "mammal"]]}, "answer", ["Dog", "Whale"], None, None),
    ({"meet": [["first_described", "=", "January 1, 1758"]]}, "answer", ["Dog"], None, None),
    # an interval the lattice does not hold is, for now, an unknown value (ad-hoc ranges: future work)
    ({"meet": [["lifespan_years", "<=", "20..60"]]}, "abstain", [], None, "unknown_anchor"),
]


@pytest.fixture(scope="module")
def results(zoo_lattice):
    """Every case on every available engine, one batch per engine."""
    plans = [plan_from_json(case[0]) for case in CASES]
    return on_every_engine(zoo_lattice, plans)


@pytest.mark.parametrize("index", range(len(CASES)), ids=[str(i) for i in range(len(CASES))])
def test_expected_outcome(engine, results, index):
    plan, status, answers, verdict, reason = CASES[index]
    result = results[engine][index]
    assert (result.status, list(result.answers), result.verdict, result.reason) == (status, answers, verdict, reason), plan


def test_engines_agree_byte_for_byte(results):
    assert_byte_identical(results)


def test_same_plan_same_bytes_across_runs(zoo_lattice, engine):
    plans = [plan_from_json(case[0]) for case in CASES]
    with Runner(zoo_lattice, engine) as first:
        a = [r.to_json() for r in first.run(plans)]
        b = [r.to_json() for r in first.run(plans)]  # the same session again
    with Runner(zoo_lattice, engine) as second:
        c = [r.to_json() for r in second.run(list(reversed(plans)))]
    assert a == b
    assert a == list(reversed(c))


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


def test_conflict_names_dimension_and_values(zoo_lattice, engine):
    with Runner(zoo_lattice, engine) as runner:
        result = runner.run_one(plan_from_json({"meet": [["species", "<=", "mammal"], ["species", "<=", "bird"]]}))
    assert result.witness["conflict"]["conflicts"] == [
        {"dimension": "species", "constraints": ['species <= mammal', 'species <= bird'],
         "values": [["mammal"], ["bird"]]}]


def test_unknown_anchor_names_the_value(zoo_lattice, engine):
    with Runner(zoo_lattice, engine) as runner:
        result = runner.run_one(plan_from_json({"meet": [["species", "<=", "unicorn"], ["habitat", "<=", "aquatic"]]}))
    assert result.reason == "unknown_anchor"
    assert result.witness["unknown_anchor"]["unknown"] == [
        {"name": "unicorn", "dimension": "species", "constraint": 'species <= unicorn'}]


def test_empty_names_the_constraint_that_emptied_the_set(zoo_lattice, engine):
    with Runner(zoo_lattice, engine) as runner:
        result = runner.run_one(plan_from_json({"meet": [["species", "<=", "whale"], ["habitat", "<=", "terrestrial"]]}))
    (meet,) = result.witness["empty"]["meets"]
    assert meet["emptied_by"] == ['habitat <= terrestrial']
    assert meet["matches_nothing"] == []


def test_every_result_passes_the_independent_audit(zoo_lattice, results):
    from latweave.proof.audit import audit

    for name, got in results.items():
        for case, result in zip(CASES, got):
            report = audit(zoo_lattice, result.to_dict())
            assert report.ok, (name, case[0], report.to_dict()["failures"])
