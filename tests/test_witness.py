"""Witness details, typed: one frozen dataclass per reason (latweave/proof/details.py), each writing
exactly the JSON results have always held and reading it back.

The examples are the witnesses real plans produce on the demo corpora (zoo, disputes, tenures)
and the lifespans fixture, as they were written before the details were typed, keys in the order
they were written: each round-trips byte for byte (also as a saved file holds it, keys sorted),
reads back as its reason's dataclass, renders as the same sentences typed and as it stands — and
running its plan writes it again, byte for byte. A detail that is not of its reason's shape (a
tampered or hand-edited file, a reason outside the vocabulary) is kept as it stands: written back
unchanged, rendered as it always was, and reported by the auditor.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from rich.tree import Tree

from latweave.ask import planner_abstention
from latweave.execute import Runner
from latweave.paths import RULES
from latweave.plan.parser import parse_plan
from latweave.planner.base import PlanOutput
from latweave.proof.audit import audit
from latweave.proof.contested_entries import Contested, ContestedValues
from latweave.proof.details import (ConflictDetail, EmptyStepDetail, IncomparableDetail, NoValueDetail,
                                    OutOfScopeDetail, PlannerDetail, UnknownAnchorDetail)
from latweave.proof.witness import RawDetail, Witness, detail_from_json, reason_branch
from latweave.reasons import Reason
from latweave.result import Result
from tests.support.corpora import built_lattice

CORPORA = RULES.parent / "corpora"
LIFESPANS = Path(__file__).parent / "fixtures" / "lifespans"


def _bytes(value) -> str:
    """A JSON value as written, key order included (what `to_json` must reproduce exactly)."""
    return json.dumps(value, ensure_ascii=False)


def _render(obj, width=200) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, force_terminal=False, legacy_windows=False).print(obj)
    return buffer.getvalue()


def _render_detail(reason, detail) -> str:
    tree = Tree("witness")
    detail.render_into(reason_branch(tree, reason))
    return _render(tree)


BO_BERLIN = {"instance": "Bo Brandt", "dimension": "city", "value": "berlin",
             "evidence": {"predicate": 8, "doc": "almanac", "source_text": "Bo Brandt, born 1903 in Berlin",
                          "start": 67, "end": 97, "confidence": 1.0, "line": 1, "column": 68}}
BO_PARIS = {"instance": "Bo Brandt", "dimension": "city", "value": "paris",
            "evidence": {"predicate": 9, "doc": "registry", "source_text": "Bo Brandt was born in 1901 in Paris",
                         "start": 67, "end": 102, "confidence": 1.0, "line": 1, "column": 68}}
DAWN_ADA = {"instance": "Dawn", "dimension": "directed_by", "value": "Ada Lovell",
            "evidence": {"predicate": 15, "doc": "films", "source_text": "Dawn was directed by Ada Lovell",
                         "start": 12, "end": 43, "confidence": 1.0, "line": 1, "column": 13}}
DAWN_BO = {"instance": "Dawn", "dimension": "directed_by", "value": "Bo Brandt",
           "evidence": {"predicate": 16, "doc": "films", "source_text": "Dawn as directed by Bo Brandt",
                        "start": 64, "end": 93, "confidence": 1.0, "line": 1, "column": 65}}
BO_BORN = [{"instance": "Bo Brandt", "dimension": "born", "value": "1901",
            "evidence": {"predicate": 6, "doc": "registry", "source_text": "Bo Brandt was born in 1901 in Paris",
                         "start": 67, "end": 102, "confidence": 1.0, "line": 1, "column": 68}},
           {"instance": "Bo Brandt", "dimension": "born", "value": "1903",
            "evidence": {"predicate": 7, "doc": "almanac", "source_text": "Bo Brandt, born 1903 in Berlin",
                         "start": 67, "end": 97, "confidence": 1.0, "line": 1, "column": 68}}]
SCULPTORS = 'let s = meet(occupation = sculptor)\nargmin(date_of_death - date_of_birth, [$s])'

# (corpus, plan, reason, the detail's type, the detail as the plan's result has always held it);
# corpus None: a shape no demo plan reaches (written by the same code in latweave/proof/extract.py)
EXAMPLES = [
    ("zoo", "meet(species <= unicorn)", "unknown_anchor", UnknownAnchorDetail,
     {"unknown": [{"name": "unicorn", "dimension": "species", "constraint": "species <= unicorn"}]}),
    ("zoo", "holds(Unicorn, species <= mammal)", "unknown_anchor", UnknownAnchorDetail,
     {"unknown": [{"name": "unicorn", "dimension": None, "constraint": "instance"}]}),
    ("zoo", "argmax(lifespan_years, [Whale, Nobody])", "unknown_anchor", UnknownAnchorDetail,
     {"unknown": [{"name": "nobody", "dimension": None, "constraint": "argument"}]}),
    ("zoo", "meet(colour <= red)", "out_of_scope", OutOfScopeDetail, {"unknown_dimensions": ["colour"]}),
    (None, None, "out_of_scope", OutOfScopeDetail, {"unsupported": True}),
    ("zoo", "meet(species <= mammal, species <= bird)", "conflict", ConflictDetail,
     {"conflicts": [{"dimension": "species", "constraints": ["species <= mammal", "species <= bird"],
                     "values": [["mammal"], ["bird"]]}], "contested": []}),
    ("disputes", "meet(city <= germany)", "conflict", ConflictDetail,
     {"conflicts": [], "contested": [{"answer": "Bo Brandt", "supported_by": [BO_BERLIN], "contradicted_by": [BO_PARIS]}]}),
    ("disputes", 'holds("Bo Brandt", city <= france)', "conflict", ConflictDetail,
     {"conflicts": [], "contested": [{"item": "Bo Brandt", "supported_by": [BO_PARIS], "contradicted_by": [BO_BERLIN]}]}),
    ("disputes", 'argmin(born, ["Dawn" -> directed_by, "Dusk" -> directed_by])', "conflict", ConflictDetail,
     {"conflicts": [], "contested": [{"item": "Bo Brandt", "dimension": "born", "values": BO_BORN}],
      "undecided_items": [{"argument": "Dawn", "item": "Ada Lovell", "supported_by": [DAWN_ADA], "contradicted_by": [DAWN_BO]},
                          {"argument": "Dawn", "item": "Bo Brandt", "supported_by": [DAWN_BO], "contradicted_by": [DAWN_ADA]}]}),
    ("zoo", "argmin(first_described, [Whale, Dog, Bat])", "incomparable", IncomparableDetail,
     {"pairs": [{"arguments": ["Whale", "Dog"], "values": ["1758", "1758-01-01"]}]}),
    ("lifespans", SCULPTORS, "incomparable", IncomparableDetail,
     {"pairs": [{"arguments": ["Cid Carter", "Dee Dalton"], "items": ["Cid Carter", "Dee Dalton"],
                 "spans": [[25567, 25567], [25354, 25718]]}],
      "ambiguous": [{"argument": "$s", "item": "Fay Fox", "dimension": "date_of_birth", "values": ["1901", "1902-03-03"]}]}),
    ("tenures", 'meet(club = "Rovers FC") at 2014', "incomparable", IncomparableDetail,
     {"in_time": {"answers": ["Mia Noor"], "periods": [{"predicate": 32, "instance": "Mia Noor", "dimension": "club",
                                                        "value": "Rovers FC", "period": "2011..?"}]}}),
    (None, None, "incomparable", IncomparableDetail,  # a compare at a time (a generated timed lattice)
     {"in_time": {"periods": [{"predicate": 15, "instance": "Thing 10", "dimension": "tax0", "value": "t0v3",
                               "period": "1968-11..?"}]}}),
    ("zoo", "meet(species <= mammal, species <= bird)", "empty", EmptyStepDetail,
     {"step": "final", "meets": [{"meet": "meet#0", "emptied_by": ["species <= mammal"], "matches_nothing": []}]}),
    ("zoo", "argmax(lifespan_years, [Whale, Nobody])", "empty", NoValueDetail,
     {"no_value": ["Nobody"], "dimension": "lifespan_years", "missing": []}),
    ("disputes", 'holds(Dusk, born > 1987, directed_by <= "Ada Lovell")', "empty", NoValueDetail,
     {"no_value": [], "dimension": None, "missing": ["born > 1987"]}),
    (None, None, "planner_failure", PlannerDetail, {"last_error": "the reply is not JSON"}),
    (None, None, "unknown_anchor", PlannerDetail, {"last_error": None}),
]
IDS = [f"{reason}-{kind.__name__}-{i}" for i, (_, _, reason, kind, _) in enumerate(EXAMPLES)]


@pytest.mark.parametrize("corpus, plan, reason, kind, example", EXAMPLES, ids=IDS)
def test_each_reason_detail_round_trips_its_json(corpus, plan, reason, kind, example):
    detail = detail_from_json(reason, example)
    assert type(detail) is kind
    assert _bytes(detail.to_json()) == _bytes(example)        # the same bytes, keys in the same order
    assert kind.from_json(detail.to_json()) == detail
    saved = json.loads(json.dumps(example, sort_keys=True))   # as a saved result holds it
    assert detail_from_json(reason, saved) == detail
    witness = Witness.from_json({reason: saved})
    assert witness.detail(reason) == detail and witness[reason] == example == witness.to_json()[reason]
    # the sentences are the same typed as read as it stands (the reading a tampered file gets)
    typed = _render_detail(Reason(reason), detail)
    assert typed == _render_detail(Reason(reason), RawDetail(Reason(reason), example))
    assert "{" not in typed and '":' not in typed


def test_the_typed_details_hold_what_the_json_says():
    by_index = {i: detail_from_json(reason, example) for i, (_, _, reason, _, example) in enumerate(EXAMPLES)}
    unknown = by_index[1].unknown[0]
    assert (unknown.name, unknown.dimension, unknown.constraint) == ("unicorn", None, "instance")
    meet, holds, compare = by_index[6], by_index[7], by_index[8]
    assert isinstance(meet.contested[0], Contested) and meet.contested[0].kind == "answer"
    assert meet.contested[0].supported_by[0].evidence.doc == "almanac" and meet.undecided_items is None
    assert (holds.contested[0].kind, holds.contested[0].label) == ("item", "Bo Brandt")
    assert isinstance(compare.contested[0], ContestedValues) and [s.value for s in compare.contested[0].values] == ["1901", "1903"]
    assert [(c.argument, c.label) for c in compare.undecided_items] == [("Dawn", "Ada Lovell"), ("Dawn", "Bo Brandt")]
    spans = by_index[10]
    assert spans.pairs[0].spans == ((25567, 25567), (25354, 25718)) and spans.in_time is None
    assert by_index[11].in_time.answers == ("Mia Noor",) and by_index[11].in_time.periods[0].predicate == 32
    assert by_index[13].meets[0].emptied_by == ("species <= mammal",)


@pytest.fixture(scope="module")
def produced(tmp_path_factory):
    """The result of each example's plan, run on its corpus: {(corpus, plan): Result}."""
    folders = {"lifespans": LIFESPANS, **{name: CORPORA / name for name in ("zoo", "disputes", "tenures")}}
    out = {}
    for corpus, folder in folders.items():
        plans = sorted({plan for c, plan, *_ in EXAMPLES if c == corpus})
        with Runner(built_lattice(tmp_path_factory, folder, corpus)) as runner:
            out.update({(corpus, plan): r for plan, r in zip(plans, runner.run([parse_plan(p) for p in plans]))})
    return out


@pytest.mark.parametrize("corpus, plan, reason, kind, example",
                         [e for e in EXAMPLES if e[0] is not None], ids=[i for i, e in zip(IDS, EXAMPLES) if e[0]])
def test_running_the_plan_writes_the_example_again(produced, corpus, plan, reason, kind, example):
    result = produced[(corpus, plan)]
    assert type(result.witness.detail(reason)) is kind
    assert _bytes(result.witness[reason]) == _bytes(example)   # built typed, written as it always was
    saved = result.to_json()
    again = Result.from_dict(json.loads(saved))
    assert again.to_json() == saved and again.witness.detail(reason) == result.witness.detail(reason)


def test_a_planner_abstention_holds_a_planner_detail():
    result = planner_abstention(PlanOutput(None, Reason.PLANNER_FAILURE, 0.0, {"last_error": "the reply is not JSON"}))
    assert result.witness.detail("planner_failure") == PlannerDetail("the reply is not JSON")
    assert json.loads(result.to_json())["witness"] == {"planner_failure": {"last_error": "the reply is not JSON"}}
    assert "last_error: the reply is not JSON" in _render(result)


def test_rendering_a_result_leaves_it_as_it_was(produced):
    """Rendering reads the witness and never changes it (it used to empty a period witness's
    `in_time` as it put it in words, so a result rendered, then saved, lost it)."""
    result = produced[("tenures", 'meet(club = "Rovers FC") at 2014')]
    saved = result.to_json()
    first = _render(result)
    assert result.to_json() == saved and _render(result) == first
    assert "Mia Noor may or may not belong" in first
    _render(result.proof)  # the proof's witness leaves render the same details
    assert result.to_json() == saved
    back = Result.from_dict(json.loads(saved))
    assert _render(back) == first and back.to_json() == saved


# ---- details that are not of their reason's shape ------------------------------------------------

EVIDENCE_IN_PART = {"doc": "almanac", "source_text": "Bo Brandt, born 1903 in Berlin", "start": 67, "end": 97}
# (reason, detail as a file holds it, what its rendering shows)
MALFORMED = [
    ("bogus", {"a": 1, "b": [True, None]}, ["bogus", "a: 1", "b: yes, none"]),     # a reason outside the vocabulary
    ("empty", ["not", "an object"], ["not, an object"]),
    ("empty", {"no_value": ["$s"], "dimension": None, "missing": [], "extra": {"a": [1, {"b": 2}]}},
     ["no value: $s", "extra", "a", "b: 2"]),                                        # a key no detail has
    ("out_of_scope", {"unsupported": False}, ["unsupported: no"]),                  # a value of another type
    ("conflict", {"conflicts": [{"dimension": "species", "constraints": ["a", "b"]}]},  # a key left out
     ["a and b: no common lower bound on species"]),
    ("incomparable", {"in_time": {"periods": [{"predicate": True, "instance": "Mia", "dimension": "club",
                                               "value": "Rovers", "period": "2011..?"}], "note": "x"}},
     ["the outcome depends on when a period began or ended",
      "Mia club Rovers: 2011..? (predicate True) only possibly meets the time asked", "note: x"]),
    ("conflict", {"conflicts": [], "contested": [{"answer": "Bo", "supported_by": [{**BO_BERLIN, "evidence": EVIDENCE_IN_PART}],
                                                  "contradicted_by": []}]},
     ["contested Bo", "supported by", "Bo Brandt: city = berlin  “Bo Brandt, born 1903 in Berlin”  [almanac 67:97]"]),
    ("empty", {"step": "final", "meets": ["meet#0"]}, ["step final has no members", "meet#0"]),
    ("unknown_anchor", {"unknown": [{"name": "x"}]}, ["“x” is not an instance of the lattice"]),
]


@pytest.mark.parametrize("reason, detail, shown", MALFORMED, ids=[f"{r}-{i}" for i, (r, _, _) in enumerate(MALFORMED)])
def test_a_malformed_detail_is_kept_and_shown_as_it_stands(reason, detail, shown):
    """As it always was: written back unchanged, rendered without a JSON dump, in the sentences of
    its reason where it has the keys they read."""
    witness = Witness.from_json({reason: copy.deepcopy(detail)})
    assert witness.to_json() == {reason: detail} and witness[reason] == detail
    text = _render(witness)
    assert all(line in text for line in shown), text
    assert '":' not in text
    assert witness.to_json() == {reason: detail}  # rendering changed nothing
    assert isinstance(witness.detail(reason), RawDetail)


def test_the_auditor_reports_a_malformed_witness_read_back(zoo_lattice):
    """A tampered witness read into the typed model comes out as it went in, and the auditor
    names it: a detail of the wrong shape, a reason outside the vocabulary."""
    with Runner(zoo_lattice) as runner:
        genuine = runner.run_one(parse_plan("meet(species <= mammal, species <= bird)")).to_dict()
    assert audit(zoo_lattice, genuine).ok
    for reason, detail, expected in (("conflict", {"conflicts": "none"}, "conflict witness"),
                                     ("bogus", {"a": 1}, "bogus")):
        tampered = copy.deepcopy(genuine)
        tampered["witness"][reason] = detail
        if reason not in tampered["reasons"]:
            tampered["reasons"].append(reason)
        read = Result.from_dict(json.loads(json.dumps(tampered))).to_dict()
        assert read["witness"] == tampered["witness"]
        report = audit(zoo_lattice, read)
        assert not report.ok and any(expected in f["problem"] for f in report.failures), report.failures
