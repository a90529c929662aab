"""Contested coordinates on every engine: sources that contradict each other are kept, and the rules
neither silently include nor silently drop what depends on them.

The corpus `corpora/disputes` states, among others: Ada born on 10 December 1815 and in 1815
(compatible: the day), in Paris and in France (compatible: Paris); Bo born in 1901 and in 1903, in
Paris and in Berlin (contested both); Ed in Paris and in Lyon (contested, but both in France); Fay
on land and on water (compatible: the shore, which no source states); the film Dawn directed by
Ada and by Bo (contested). Each case states the outcome the semantics give (rules/meet.dl,
rules/compare.dl): the certain answers, the contested ones, or the reason to abstain.
"""

from __future__ import annotations

import pytest

from latweave.paths import RULES
from latweave.plan.parser import parse_plan
from tests.support.corpora import built_lattice
from tests.support.engines import assert_byte_identical, on_every_engine
from tests.support.plans import DISPUTE_CASES as CASES

DISPUTES = RULES.parent / "corpora" / "disputes"


@pytest.fixture(scope="module")
def lattice(tmp_path_factory):
    return built_lattice(tmp_path_factory, DISPUTES, "disputes")


@pytest.fixture(scope="module")
def results(lattice):
    plans = [parse_plan(case[0]) for case in CASES]
    return on_every_engine(lattice, plans)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(CASES)), ids=[str(i) for i in range(len(CASES))])
def test_outcome(engine, results, index):
    plan, status, answers, contested, reason = CASES[index]
    result = results[engine][index]
    got_answers = result.verdict if status == "verdict" else list(result.answers)
    got = (result.status, got_answers, [e["answer"] for e in result.contested], result.reason)
    assert got == (status, answers, contested, reason), plan


def test_engines_agree_byte_for_byte(results):
    assert_byte_identical(results)


def by_plan(results, plan):
    return results["duckdb"][[c[0] for c in CASES].index(plan)]


def values(entries):
    return sorted((e["instance"], e["value"]) for e in entries)


def test_contested_answers_carry_both_sides_with_evidence(results):
    result = by_plan(results, "meet(city <= france)")
    (bo,) = result.contested
    assert bo["answer"] == "Bo Brandt"
    assert values(bo["supported_by"]) == [("Bo Brandt", "paris")]
    assert values(bo["contradicted_by"]) == [("Bo Brandt", "berlin")]
    assert bo["contradicted_by"][0]["evidence"]["source_text"] == "Bo Brandt, born 1903 in Berlin"
    assert bo["contradicted_by"][0]["evidence"]["doc"] == "almanac"
    # the proof carries the same entries in Soufflé's shape
    (node,) = result.proof.to_json()["contested"]
    assert node["premises"] == 'contested("Bo Brandt")'
    sides = {child["premises"]: [leaf["axiom"] for leaf in child["children"]] for child in node["children"]}
    assert sides == {'supported_by("Bo Brandt")': ['stated("Bo Brandt", "city", "paris")'],
                     'contradicted_by("Bo Brandt")': ['stated("Bo Brandt", "city", "berlin")']}


def test_a_contest_inherited_through_a_chain_is_traced_to_its_source(results):
    result = by_plan(results, "let c = meet(employer = globex) -> city\nmeet(city = $c)")
    entries = {e["answer"]: e for e in result.witness["conflict"]["contested"]}
    assert sorted(entries) == ["Ada Lovell", "Bo Brandt", "Ed Eames"]
    # Ada's own city is certain; her membership hangs on Bo's contested city (Globex's employee)
    assert values(entries["Ada Lovell"]["supported_by"]) == [("Bo Brandt", "paris")]
    assert values(entries["Ada Lovell"]["contradicted_by"]) == [("Bo Brandt", "berlin")]


def test_projection_contest_names_the_other_world(results):
    result = by_plan(results, "meet(employer = acme) -> city")
    (berlin,) = result.contested
    assert berlin["answer"] == "berlin"
    assert values(berlin["supported_by"]) == [("Bo Brandt", "berlin")]
    assert values(berlin["contradicted_by"]) == [("Bo Brandt", "paris")]


def test_compare_conflict_names_both_values_and_their_evidence(results):
    witness = by_plan(results, 'argmax(born, ["Bo Brandt", "Gil Grey"])').witness["conflict"]
    (entry,) = witness["contested"]
    assert (entry["item"], entry["dimension"]) == ("Bo Brandt", "born")
    assert [(v["value"], v["evidence"]["doc"]) for v in entry["values"]] == [("1901", "registry"), ("1903", "almanac")]
    chain = by_plan(results, 'argmin(born, ["Dawn" -> directed_by, "Dusk" -> directed_by])').witness["conflict"]
    assert sorted((e["argument"], e["item"]) for e in chain["undecided_items"]) == [
        ("Dawn", "Ada Lovell"), ("Dawn", "Bo Brandt")]


def test_a_merged_coordinate_is_proved_by_every_stated_value(results):
    result = by_plan(results, "meet(zone = shore)")
    text = repr(result.proof.to_json())
    assert 'coord(\\"Fay Finch\\", \\"zone\\", \\"shore\\")' in text or 'coord("Fay Finch", "zone", "shore")' in text
    hit = result.proof.to_json()["trees"][0]["children"][0]["children"][0]["children"][0]
    coord = hit["children"][-1]
    assert coord["rule-number"] == "(meet)"
    assert [leaf["axiom"] for leaf in coord["children"]] == [
        'stated("Fay Finch", "zone", "land")', 'stated("Fay Finch", "zone", "water")']


def test_a_certain_member_through_every_world_is_proved_so(results):
    result = by_plan(results, "meet(born in 1900..1910)")
    bo = next(t for t in result.proof.to_json()["trees"] if t["premises"] == 'answer("Bo Brandt")')
    member = bo["children"][0]["children"][0]
    (every,) = member["children"]
    assert every["premises"] == 'hit_all("born", "in", "1900..1910", "Bo Brandt")'
    assert [h["premises"] for h in every["children"]] == [
        'hit("born", "in", "1900..1910", "Bo Brandt", "1901")', 'hit("born", "in", "1900..1910", "Bo Brandt", "1903")']


def test_check_counts_contested_coordinates(lattice):
    from latweave.folder.store import load_lattice
    from latweave.legitimacy import check_lattice

    report = check_lattice(load_lattice(lattice))
    assert report.contested == {"born": 1, "city": 2, "died": 0, "directed_by": 1, "zone": 0}
    assert report.to_dict()["dimensions"]["city"]["contested"] == 2


def test_rendering_shows_both_sides(results):
    from rich.console import Console

    console = Console(width=120, color_system=None, record=True, file=open("/dev/null", "w"))
    console.print(by_plan(results, "meet(city <= france)"))
    text = console.export_text()
    assert "answer Ada Lovell, Cy Corin, Ed Eames  (1 contested: Bo Brandt)" in text
    assert "supported by" in text and "contradicted by" in text
    assert "Bo Brandt: city = berlin  “Bo Brandt, born 1903 in Berlin”" in text
