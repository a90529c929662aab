"""A derived value: argmax/argmin over the difference of two date dimensions ("who lived longer").

On a tiny corpus of people (tests/fixtures/lifespans) with exact dates, a year-precision birth
whose span overlaps another's (incomparable), a tie (the complete set), a missing death date
(empty), two birth dates for one person (no single span: incomparable), and the same value wider
than a point held by two people (two births in "1930": incomparable, where the same day ties): the outcome on every
engine, byte-identical result JSON across engines, proofs that show both coordinates of every
compared item with their evidence and the computed span, the independent audit of each, and
tampered proofs (a wrong span, a swapped winner) that the audit names.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from latweave.plan.parser import parse_plan
from latweave.proof.audit import audit, parse_atom
from tests.support.corpora import built_lattice
from tests.support.engines import assert_byte_identical, on_every_engine

LIFESPANS = Path(__file__).parent / "fixtures" / "lifespans"
LIVED = "date_of_death - date_of_birth"

# (plan, status, answers, reason). Days lived: Ann 25,567 and Cid 25,567 (a tie), Bob 18,263,
# Gus 23,740; Dee was born in 1905 (a year): 25,354..25,718, which overlaps Ann's; Eve has no
# date of death; Fay has two dates of birth (1901, 1902-03-03).
CASES = [
    (f'argmax({LIVED}, ["Ann Archer", "Bob Baker"])', "answer", ["Ann Archer"], None),
    (f'argmin({LIVED}, ["Ann Archer", "Bob Baker"])', "answer", ["Bob Baker"], None),
    (f'argmax({LIVED}, ["Ann Archer", "Cid Carter", "Bob Baker"])', "answer", ["Ann Archer", "Cid Carter"], None),
    (f'argmax({LIVED}, ["Bob Baker", "Dee Dalton"])', "answer", ["Dee Dalton"], None),
    (f'argmax({LIVED}, ["Ann Archer", "Dee Dalton"])', "abstain", [], "incomparable"),
    (f'argmax({LIVED}, ["Ann Archer", "Eve Evans"])', "abstain", [], "empty"),
    (f'argmax({LIVED}, ["Ann Archer", "Fay Fox"])', "abstain", [], "incomparable"),
    (f'argmax({LIVED}, ["First Light" -> directed_by, "Last Light" -> directed_by])', "answer", ["First Light"], None),
    (f'argmin({LIVED}, ["First Light" -> directed_by, "Long Shadow" -> directed_by])', "abstain", [], "empty"),
    (f'let p = meet(occupation = painter)\nargmax({LIVED}, [$p])', "answer", ["Ann Archer"], None),
    (f'let p = meet(occupation = painter)\nargmin({LIVED}, [$p])', "answer", ["Bob Baker"], None),
    (f'let s = meet(occupation = sculptor)\nargmin({LIVED}, [$s])', "abstain", [], "incomparable"),
    (f'let p = meet(occupation = painter)\nargmax({LIVED}, [$p, "Cid Carter"])', "answer", ["Ann Archer", "Cid Carter"], None),
    (f'argmax({LIVED}, ["Ann Archer", "Nobody"])', "abstain", [], "unknown_anchor"),
    ('argmax(date_of_death - date_of_burial, ["Ann Archer", "Bob Baker"])', "abstain", [], "out_of_scope"),
    # the plain extremum on one of the dimensions, in the same batch, is unchanged
    ('argmin(date_of_birth, ["Ann Archer", "Bob Baker"])', "answer", ["Ann Archer"], None),
    # the same value ties only where it is one point: Hal and Ida were both born "1930" (a year:
    # either may be the elder) and lived 1930..1990 alike (21,550..22,279 days each); Ann and Jon
    # were born on the same day (a tie, the complete set)
    ('argmin(date_of_birth, ["Hal Hart", "Ida Ives"])', "abstain", [], "incomparable"),
    ('argmin(date_of_birth, ["Ann Archer", "Jon Jay"])', "answer", ["Ann Archer", "Jon Jay"], None),
    (f'argmax({LIVED}, ["Hal Hart", "Ida Ives"])', "abstain", [], "incomparable"),
    ('let p = meet(occupation = potter)\nargmax(date_of_birth, [$p])', "abstain", [], "incomparable"),
    ('argmax(date_of_birth, ["Hal Hart", "Jon Jay"])', "answer", ["Hal Hart"], None),
]


@pytest.fixture(scope="module")
def lattice(tmp_path_factory):
    return built_lattice(tmp_path_factory, LIFESPANS, "lifespans")


@pytest.fixture(scope="module")
def results(lattice):
    """Every case on every available engine, one batch per engine."""
    plans = [parse_plan(case[0]) for case in CASES]
    return on_every_engine(lattice, plans)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(CASES)), ids=[str(i) for i in range(len(CASES))])
def test_expected_outcome(engine, results, index):
    plan, status, answers, reason = CASES[index]
    result = results[engine][index]
    assert (result.status, list(result.answers), result.reason) == (status, answers, reason), plan


def test_engines_agree_byte_for_byte(results):
    assert_byte_identical(results)


def test_every_result_passes_the_independent_audit(lattice, results):
    for name, got in results.items():
        for case, result in zip(CASES, got):
            report = audit(lattice, result.to_dict())
            assert report.ok, (name, case[0], report.to_dict()["failures"])


def _walk(tree, out):
    out.append(tree)
    for child in tree.get("children", []):
        _walk(child, out)
    return out


def _atoms(tree, relation):
    return [(n, parse_atom(n.get("premises", n.get("axiom")))[1]) for n in _walk(tree, [])
            if parse_atom(n.get("premises", n.get("axiom", "")))[0] == relation]


def test_the_proof_shows_both_coordinates_and_the_span_of_every_compared_item(results):
    result = results["duckdb"][0]
    (tree,) = result.proof.to_json()["trees"]
    (ext,) = tree["children"]
    assert ext["premises"] == f'argmax("{LIVED}", "Ann Archer")'
    spans = {args[0]: (node, args) for node, args in _atoms(tree, "span")}
    assert set(spans) == {"Ann Archer", "Bob Baker"}   # the winner's, and the one it beats
    assert spans["Ann Archer"][1] == ["Ann Archer", 25567, 25567]
    assert spans["Bob Baker"][1] == ["Bob Baker", 18263, 18263]
    ann = spans["Ann Archer"][0]
    assert ann["note"] == "25,567 days (70.0 years)"
    coords = [(c["axiom"], c["evidence"]["source_text"]) for c in ann["children"] if "evidence" in c]
    assert coords == [('coord("Ann Archer", "date_of_death", "1970-01-01")', "She died on 1 January 1970."),
                      ('coord("Ann Archer", "date_of_birth", "1900-01-01")', "born on 1 January 1900")]
    assert [c["axiom"] for c in ann["children"] if "evidence" not in c] == [
        'magnitude("date_of_death", "1970-01-01", 719163, 719163)',
        'magnitude("date_of_birth", "1900-01-01", 693596, 693596)']
    (beats, args), = _atoms(tree, "beats")
    assert args == ["Ann Archer", "Bob Baker", 25567, 25567, 18263, 18263]
    assert beats["order"] == {"kind": "span", "direction": "argmax"}


def test_a_year_precision_date_gives_an_interval_of_days(results):
    result = results["duckdb"][3]   # Bob against Dee, born in 1905
    spans = {args[0]: args[1:] for _, args in _atoms(result.proof.to_json()["trees"][0], "span")}
    assert spans == {"Dee Dalton": [25354, 25718], "Bob Baker": [18263, 18263]}


def test_witnesses_name_the_overlap_the_two_values_and_the_missing_date(results):
    overlap, missing, two = (results["duckdb"][i].witness for i in (4, 5, 6))
    assert overlap == {"incomparable": {"ambiguous": [], "pairs": [
        {"arguments": ["Ann Archer", "Dee Dalton"], "items": ["Ann Archer", "Dee Dalton"],
         "spans": [[25567, 25567], [25354, 25718]]}]}}
    assert missing == {"empty": {"dimension": LIVED, "missing": [], "no_value": ["Eve Evans"]}}
    assert two == {"incomparable": {"pairs": [], "ambiguous": [
        {"argument": "Fay Fox", "item": "Fay Fox", "dimension": "date_of_birth", "values": ["1901", "1902-03-03"]}]}}


def test_the_proof_renders_with_the_span_in_years(results):
    from rich.console import Console

    console = Console(width=200, color_system=None, record=True)
    console.print(results["duckdb"][7])
    text = console.export_text()
    assert 'span("Ann Archer", 25567, 25567)  25,567 days (70.0 years)' in text
    assert 'beats("First Light", "Last Light", 25567, 25567, 18263, 18263)' in text
    assert '“She died on 1 January 1970.”' in text


# ---------------------------------------------------------------------------------------------
# tampering: each must fail, naming the step

def _failed(lattice, result) -> list[str]:
    report = audit(lattice, result)
    assert not report.ok
    return [f["step"] for f in report.failures]


def test_a_wrong_span_is_named(lattice, results):
    result = copy.deepcopy(results["duckdb"][0].to_dict())
    node, _ = next((n, a) for n, a in _atoms(result["proof"]["trees"][0], "span") if a[0] == "Bob Baker")
    node["premises"] = 'span("Bob Baker", 18263, 30000)'
    assert 'span("Bob Baker", 18263, 30000)' in _failed(lattice, result)


def test_a_wrong_day_number_is_named(lattice, results):
    result = copy.deepcopy(results["duckdb"][0].to_dict())
    node, _ = next((n, a) for n, a in _atoms(result["proof"]["trees"][0], "span") if a[0] == "Ann Archer")
    mag = node["children"][1]
    mag["axiom"] = 'magnitude("date_of_death", "1970-01-01", 719999, 719999)'
    steps = _failed(lattice, result)
    assert mag["axiom"] in steps and node["premises"] in steps


def test_a_swapped_winner_is_named(lattice, results):
    """Claim Bob lived longer: his genuine span, said to beat Ann's genuine span."""
    result = copy.deepcopy(results["duckdb"][0].to_dict())
    tree = result["proof"]["trees"][0]
    ext = tree["children"][0]
    result["answers"] = ["Bob Baker"]
    tree["premises"] = 'answer("Bob Baker")'
    ext["premises"] = f'argmax("{LIVED}", "Bob Baker")'
    winner, beats = ext["children"]
    loser = beats["children"][0]
    ext["children"] = [loser, beats]
    beats["children"] = [winner]
    beats["premises"] = 'beats("Bob Baker", "Ann Archer", 18263, 18263, 25567, 25567)'
    assert beats["premises"] in _failed(lattice, result)


def test_a_tie_cannot_be_dropped(lattice, results):
    result = copy.deepcopy(results["duckdb"][2].to_dict())
    result["answers"] = ["Ann Archer"]
    result["proof"]["trees"] = result["proof"]["trees"][:1]
    assert "answers" in _failed(lattice, result)


def test_a_forged_overlap_is_named(lattice, results):
    result = copy.deepcopy(results["duckdb"][4].to_dict())
    detail = {"ambiguous": [], "pairs": [{"arguments": ["Ann Archer", "Dee Dalton"],
                                          "items": ["Ann Archer", "Dee Dalton"],
                                          "spans": [[25567, 25567], [20000, 20001]]}]}
    result["witness"]["incomparable"] = detail
    text = json.dumps(detail, ensure_ascii=False, sort_keys=True)
    result["proof"]["children"][0]["axiom"] = text
    assert text in _failed(lattice, result)


def test_a_winner_relabelled_to_another_argument_is_named(lattice, results):
    """argmax names Bob the winner over Ann's span: Ann is not what argument Bob stands for."""
    result = copy.deepcopy(results["duckdb"][0].to_dict())
    ext = result["proof"]["trees"][0]["children"][0]
    ext["premises"] = f'argmax("{LIVED}", "Bob Baker")'
    report = audit(lattice, result)
    assert not report.ok and ext["premises"] in [f["step"] for f in report.failures]
    assert any("'Ann Archer' is not what argument 'Bob Baker' stands for" in f["problem"] for f in report.failures)


def _case(plan: str) -> int:
    return next(i for i, case in enumerate(CASES) if case[0] == plan)


def test_the_same_value_is_a_pair_only_where_it_is_wider_than_a_point(lattice, results):
    """Hal and Ida born in "1930" is an incomparable pair the audit accepts (checked above); the same
    witness naming Ann's and Jon's one birthday — a tie — is refused, and so is a pair of equal
    one-day spans on the derived compare."""
    plain = copy.deepcopy(results["duckdb"][_case('argmin(date_of_birth, ["Hal Hart", "Ida Ives"])')].to_dict())
    assert plain["witness"]["incomparable"]["pairs"] == [{"arguments": ["Hal Hart", "Ida Ives"], "values": ["1930", "1930"]}]
    detail = {"pairs": [{"arguments": ["Ann Archer", "Jon Jay"], "values": ["1900-01-01", "1900-01-01"]}]}
    plain["plan"] = 'argmin(date_of_birth, ["Ann Archer", "Jon Jay"])'
    plain["witness"]["incomparable"] = detail
    text = json.dumps(detail, ensure_ascii=False, sort_keys=True)
    plain["proof"]["children"][0]["axiom"] = text
    assert text in _failed(lattice, plain)

    derived = copy.deepcopy(results["duckdb"][_case(f'argmax({LIVED}, ["Hal Hart", "Ida Ives"])')].to_dict())
    pair = derived["witness"]["incomparable"]["pairs"][0]
    assert pair["spans"][0] == pair["spans"][1] and pair["spans"][0][0] < pair["spans"][0][1]
    detail = {"ambiguous": [], "pairs": [{"arguments": ["Ann Archer", "Cid Carter"], "items": ["Ann Archer", "Cid Carter"],
                                          "spans": [[25567, 25567], [25567, 25567]]}]}
    derived["plan"] = f'argmax({LIVED}, ["Ann Archer", "Cid Carter"])'
    derived["witness"]["incomparable"] = detail
    text = json.dumps(detail, ensure_ascii=False, sort_keys=True)
    derived["proof"]["children"][0]["axiom"] = text
    assert text in _failed(lattice, derived)
