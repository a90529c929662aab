"""Time-qualified facts (issue 15): `meet(...) at T` / `during A..B` read only the predicates
whose period (start / end qualifiers) surely meets the time; a fact without a period holds at
every time; an answer that depends on the unknown part of a period abstains `incomparable`, with
the answers in question and the periods as its witness. On every engine, byte for byte, with
`during` leaves in the proofs that the auditor checks and catches when tampered with; KB lines
with start/end fields; bad periods refused at their line."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

from latweave.errors import CorpusError, LatticeError, PlanError
from latweave.execute import Runner
from latweave.ingest.builds import build_corpus
from latweave.lattice.periods import FOREVER, NEVER, period_of
from latweave.folder.store import load_lattice
from latweave.paths import RULES
from latweave.plan.check import check_plan
from latweave.plan.json_form import plan_from_json
from latweave.plan.parser import parse_claims, parse_plan
from latweave.plan.printer import claims_to_text, to_text
from latweave.plan.read import read_plan
from latweave.proof.audit import audit_many
from tests.support.corpora import built_lattice
from tests.support.engines import assert_byte_identical, on_every_engine
from tests.support.plans import TENURE_CASES as PLANS

TENURES = RULES.parent / "corpora" / "tenures"


@pytest.fixture(scope="module")
def tenures(tmp_path_factory):
    return built_lattice(tmp_path_factory, TENURES, "tenures")


def test_time_round_trips_through_the_printer_and_the_json_form():
    for text in ('meet(spouse = X) at 1990', 'meet(subject = X) during 1990..1995-06 -> spouse',
                 'holds(X, spouse = Y) at "May 1990"', 'let s = meet(a = x) at 1990-05-02 -> b\nmeet(c = $s)'):
        plan = parse_plan(text)
        assert to_text(plan) == text and parse_plan(to_text(plan)) == plan
    claims = parse_claims('holds(Ada, spouse = Ben) at 1990 & holds(Ada, spouse = Carl) during 1997..1998')
    assert parse_claims(claims_to_text(claims)) == claims and claims.assertions[1].expr.time.hi == "1998"
    assert plan_from_json({"meet": [["spouse", "=", "X"]], "at": 1990}) == parse_plan("meet(spouse = X) at 1990")
    assert plan_from_json({"holds": "X", "where": [["spouse", "=", "Y"]], "during": ["1990", "1995"]}) == \
        parse_plan("holds(X, spouse = Y) during 1990..1995")
    assert parse_plan("meet(at = 3) -> during") != parse_plan("meet(at = 3)")   # still names, where names go
    with pytest.raises(PlanError, match='"at" or "during", not both'):
        plan_from_json({"meet": [["a", "=", "x"]], "at": 1990, "during": [1990, 1991]})


@pytest.mark.parametrize("text, message", [
    ('meet(subject = "Ada Lovell") at "soon" -> spouse', "`at` takes a date"),
    ('meet(subject = "Ada Lovell") during 1995..1990 -> spouse', "empty period 1995..1990"),
    ('holds("Ada Lovell", spouse = "Ben Carter") at "the nineties"', "`at` takes a date"),
])
def test_a_time_that_is_no_date_is_a_type_error_at_its_column(tenures, text, message):
    with pytest.raises(PlanError) as caught:
        check_plan(read_plan(text), load_lattice(tenures), text)
    assert message in caught.value.message and caught.value.code == "bad_time"
    assert caught.value.line == 1 and caught.value.column == text.index(" at " if " at " in text else " during ") + 2


def test_a_time_that_is_no_time_is_a_syntax_error_with_a_hint():
    with pytest.raises(PlanError) as caught:
        parse_plan('meet(subject = "Ada Lovell") at soon -> spouse')
    assert caught.value.code == "bad_time" and caught.value.column == 33 and "at 1990" in caught.value.hint


def test_periods_from_qualifiers():
    day = lambda text: int(__import__("latweave.lattice.ordered", fromlist=["x"]).parse_ordered(text, "date").lo)
    assert period_of(()) is None and period_of((("source", "x"),)) is None
    p = period_of((("start", "1985"), ("end", "1993")))
    assert (p.start_lo, p.start_hi, p.end_lo) == (day("1985-01-01"), day("1985-12-31"), day("1993-01-01"))
    assert p.surely(day("1990-01-01"), day("1990-12-31")) and not p.possibly(day("1994-01-01"), day("1994-12-31"))
    open_end = period_of((("start", "June 1996"),))
    assert open_end.end_hi == FOREVER and open_end.end_lo == day("1996-06-01")
    assert open_end.possibly(day("2000-01-01"), day("2000-12-31")) and not open_end.surely(day("2000-01-01"), day("2000-12-31"))
    only_end = period_of((("valid to", "1999"),))
    assert only_end.start_lo == NEVER and only_end.surely(day("1999-01-01"), day("1999-12-31"))
    # `present`: still holding as of the evidence's date (its `as of`, else its own latest date), unknown after
    still = period_of((("start", "2001"), ("end", "present"), ("as of", "2024")))
    assert still.surely(day("2024-01-01"), day("2024-12-31")) and still.text == "2001..present as of 2024"
    assert still.possibly(day("2050-01-01"), day("2050-12-31")) and not still.surely(day("2050-01-01"), day("2050-12-31"))
    undated = period_of((("start", "2001"), ("end", "present")))
    assert (undated.end_lo, undated.end_hi) == (day("2001-01-01"), FOREVER)
    assert undated.surely(day("2001-01-01"), day("2001-12-31")) and not undated.surely(day("2002-01-01"), day("2002-12-31"))
    assert not period_of((("end", "present"),)).surely(day("1990-01-01"), day("2990-12-31"))
    assert period_of((("end", "present"), ("as of", "2024"))).surely(day("2024-01-01"), day("2024-12-31"))
    for bad, message in [((("start", "soon"),), "is not a date"), ((("start", "1990"), ("end", "1980")), "before it starts"),
                         ((("start", "1990"), ("valid from", "1991")), "two start qualifiers"),
                         ((("start", "1990"), ("end", "present"), ("as of", "1980")), "before it starts"),
                         ((("start", "1990"), ("end", "present"), ("as of", "lately")), "is not a date")]:
        with pytest.raises(LatticeError, match=message):
            period_of(bad)


@pytest.mark.slow
def test_timed_plans_on_every_engine_byte_identical_and_audited(tenures):
    results = on_every_engine(tenures, [read_plan(p) for p, *_ in PLANS])
    assert_byte_identical(results)
    got = [r.to_dict() for r in results["duckdb"]]
    for (text, status, expected, reasons), result in zip(PLANS, got):
        assert result["status"] == status, (text, result["status"], result["reasons"])
        assert result["reasons"] == reasons, text
        if status == "answer":
            assert result["answers"] == expected, text
        elif status == "verdict":
            assert result["verdict"] is expected, text
    for text, report in zip([p for p, *_ in PLANS], audit_many(tenures, got)):
        assert report.ok, (text, report.failures[:3])


def _run(tenures, text: str) -> dict:
    """One plan's result on DuckDB (every engine's agree: the test above)."""
    with Runner(tenures) as runner:
        return runner.run([read_plan(text)])[0].to_dict()


def _leaves(tree, relation: str) -> list[dict]:
    """Every leaf `relation(...)` anywhere under `tree` (a proof, or a node of one)."""
    if isinstance(tree, list):
        return [leaf for item in tree for leaf in _leaves(item, relation)]
    if not isinstance(tree, dict):
        return []
    found = [tree] if str(tree.get("axiom", "")).startswith(relation + "(") else []
    for value in tree.values():
        if isinstance(value, (dict, list)):
            found += _leaves(value, relation)
    return found


def test_a_timed_answer_shows_the_period_it_holds_over(tenures):
    result = _run(tenures, 'meet(subject = "Ada Lovell") at 1990 -> spouse')
    (during,) = [leaf for tree in result["proof"]["trees"] for leaf in _leaves(tree, "during")]
    assert during["axiom"] == 'during("Ada Lovell", "spouse", "Ben Carter", "1985..1993", "1990")'
    assert during["window"][1] - during["window"][0] == 364 and during["period"][1] <= during["window"][1]
    # an untimed meet shows no period: the fact holds at every time it is asked
    untimed = _run(tenures, 'meet(subject = "Ada Lovell") -> spouse')
    assert not [leaf for tree in untimed["proof"]["trees"] for leaf in _leaves(tree, "during")]


def test_a_false_claim_at_a_time_shows_the_period_that_does_not_meet_it(tenures):
    result = _run(tenures, 'holds("Ada Lovell", spouse = "Ben Carter") at 2000')
    (outside,) = _leaves(result["proof"], "outside")
    assert outside["axiom"] == 'outside("Ada Lovell", "spouse", "Ben Carter", "1985..1993", "2000")'
    assert audit_many(tenures, [result])[0].ok
    # without it, Ben Carter (the coordinate) satisfies the constraint: no failure
    forged = _tamper(result, lambda r: _drop(r["proof"], "outside("))
    report = audit_many(tenures, [forged])[0]
    assert not report.ok and any("it is no failure" in str(f) for f in report.failures)


def test_a_partly_known_period_is_the_witness_of_incomparable(tenures):
    result = _run(tenures, 'meet(club = "Rovers FC") at 2014')
    in_time = result["witness"]["incomparable"]["in_time"]
    assert in_time["answers"] == ["Mia Noor"]
    assert [(e["instance"], e["value"], e["period"]) for e in in_time["periods"]] == [("Mia Noor", "Rovers FC", "2011..?")]


def _tamper(result: dict, edit) -> dict:
    copied = copy.deepcopy(result)
    edit(copied)
    return copied


def _first_during(result):
    return next(leaf for tree in result["proof"]["trees"] for leaf in _leaves(tree, "during"))


def _drop(node, prefix: str):
    """Remove every leaf whose axiom starts with `prefix` under `node` (in place)."""
    if isinstance(node, list):
        for item in node:
            _drop(item, prefix)
        return
    if not isinstance(node, dict):
        return
    if isinstance(node.get("children"), list):
        node["children"] = [c for c in node["children"] if not str(c.get("axiom", "")).startswith(prefix)]
    for value in node.values():
        if isinstance(value, (dict, list)):
            _drop(value, prefix)


def _drop_during(node):
    _drop(node, "during(")


@pytest.mark.parametrize("edit, message", [
    (lambda r: _first_during(r).update(window=[0, 9]), "are not the predicate's period"),
    (lambda r: _first_during(r).update(axiom=_first_during(r)["axiom"].replace('"1990")', '"1999")')), "asks at"),
    (lambda r: [_drop_during(t) for t in r["proof"]["trees"]], "needs its during premise"),
    (lambda r: r.update(answers=["Ben Carter", "Carl Dunn"]), "Carl Dunn"),
])
def test_the_auditor_catches_a_tampered_period(tenures, edit, message):
    result = _run(tenures, 'meet(subject = "Ada Lovell") at 1990 -> spouse')
    assert audit_many(tenures, [result])[0].ok
    report = audit_many(tenures, [_tamper(result, edit)])[0]
    assert not report.ok and any(message in str(f) for f in report.failures), report.failures[:3]


def test_an_answer_that_depends_on_a_partly_known_period_cannot_be_passed_off(tenures):
    """A result that answers where the rules abstain (the shadow would differ) fails the audit."""
    result = _run(tenures, 'meet(subject = "Ada Lovell") at 2000 -> spouse')
    forged = _tamper(result, lambda r: r.update(status="answer", answers=["Carl Dunn"], reason=None, reasons=[],
                                                 witness={}))
    assert not audit_many(tenures, [forged])[0].ok


def test_an_open_period_cannot_be_passed_off_as_holding_forever(tenures):
    """The auditor reads `present` with its own code: known up to the evidence's `as of` date, so
    an answer at 9999 resting on "2001..present as of 1 July 2026" fails its sure test."""
    from latweave.lattice.periods import window_of

    result = _run(tenures, 'meet(subject = "Dora Fisk") at 2026-06-01 -> spouse')
    assert result["answers"] == ["Evan Gale"] and audit_many(tenures, [result])[0].ok
    assert _first_during(result)["axiom"].endswith('"2001..present as of 1 July 2026", "2026-06-01")')
    forged = json.loads(json.dumps(result).replace("2026-06-01", "9999"))
    _first_during(forged)["window"] = list(window_of("9999", "9999"))
    report = audit_many(tenures, [forged])[0]
    assert not report.ok and any("during" in str(f) for f in report.failures), report.failures[:3]


def _latweave(*args):
    return subprocess.run([sys.executable, "-m", "latweave.cli", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_a_kb_with_start_and_end_fields(tmp_path, capsys):
    kb = tmp_path / "kb.txt"
    kb.write_text("Ann\tspouse\tBob\t1990\t1995\nAnn\tspouse\tCal\t1998\t\nAnn\tspouse\tBob\t2003\tpresent\n"
                  "Ann\tborn\t1960\nDee\tspouse\tEd\t\t2001\nZed\tspouse\tYan\tsoon\n", encoding="utf-8")
    out = tmp_path / "lat"
    built = _latweave("build", str(kb), "--format", "pathquestion", "--out", str(out), "--json")
    assert built.returncode == 0, built.stderr
    problems = json.loads(built.stdout)["report"]["problems"]
    assert [(p["line"], "'soon' is not a date" in p["message"]) for p in problems] == [(6, True)]
    expect = {"meet(subject = Ann) at 1992 -> spouse": ["Bob"], "meet(subject = Ann) at 2020 -> spouse": None,
              "meet(subject = Ann) at 2000 -> spouse": None, "meet(inverse_spouse = Ann) at 1992": ["Bob"],
              "meet(inverse_spouse = Ann) at 2004": None,
              "meet(subject = Ann) -> spouse": ["Bob", "Cal"]}
    from latweave.cli import main

    def run_json(plan: str) -> dict:   # `latweave run` in this process (the build above was a process)
        capsys.readouterr()
        main(["run", "--lattice", str(out), "--json", plan])
        return json.loads(capsys.readouterr().out)

    for plan, answers in expect.items():
        run = run_json(plan)
        assert (run["answers"] if answers else run["reason"]) == (answers or "incomparable"), plan
    # between the marriages (1996): nobody, for certain
    assert run_json("meet(subject = Ann) at 1996 -> spouse")["reasons"] == ["empty"]
    strict = _latweave("build", str(kb), "--format", "pathquestion", "--out", str(tmp_path / "s"), "--strict")
    assert strict.returncode == 2 and f"{kb}:6" in strict.stderr and "Traceback" not in strict.stderr
    assert not (tmp_path / "s").exists()


def test_a_corpus_fact_with_a_bad_period_is_refused_at_its_line(tmp_path):
    import shutil

    corpus = tmp_path / "tenures"
    shutil.copytree(TENURES, corpus)
    lines = (corpus / "facts.jsonl").read_text(encoding="utf-8").splitlines()
    row = json.loads(lines[12])
    row["qualifiers"] = {"start": "2002", "end": "1990"}
    lines[12] = json.dumps(row)
    (corpus / "facts.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(CorpusError) as caught:
        build_corpus(corpus, tmp_path / "out")
    assert "facts.jsonl:13" in str(caught.value) and "before it starts" in str(caught.value)
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_claims_at_a_time_are_verified_and_audited(tenures, tmp_path):
    claim = ('holds("Ada Lovell", spouse = "Ben Carter") at 1990 & holds("Ada Lovell", spouse = "Carl Dunn") at 2000'
             ' & holds("Ada Lovell", spouse = "Ben Carter") at 2000')
    saved = tmp_path / "claim.json"
    done = _latweave("verify", "--lattice", str(tenures), "--json", "--save", str(saved), claim)
    assert done.returncode == 0, done.stderr
    verdicts = [a["verdict"] for a in json.loads(done.stdout)["assertions"]]
    assert verdicts == ["supported", "not_enough_evidence", "refuted"]
    assert json.loads(done.stdout)["verdict"] == "refuted"
    audited = _latweave("audit", "--lattice", str(tenures), str(saved))
    assert audited.returncode == 0 and "audit ok" in audited.stdout


@pytest.mark.slow
def test_a_saved_abstention_explains_its_reasons_in_report_order(tenures, tmp_path):
    """The saved JSON sorts the witness's keys (empty < incomparable); explain shows the reasons
    as the result lists them, first reported first."""
    saved = tmp_path / "r.json"
    run = _latweave("run", "--lattice", str(tenures), "--save", str(saved), 'meet(subject = "Ada Lovell") at 2000 -> spouse')
    assert run.returncode == 3 and json.loads(saved.read_text())["reasons"] == ["incomparable", "empty"]
    shown = _latweave("explain", str(saved)).stdout.splitlines()
    first = [line.strip("├└─│ ") for line in shown if line.strip("├└─│ ") in ("incomparable", "empty")]
    assert first == ["incomparable", "empty"], shown[:8]


@pytest.mark.slow
def test_present_is_known_only_up_to_the_evidence_date(tmp_path):
    """`end = present` is not forever: a KB line records no date of its own, so an open period is
    known up to the latest date it states (its start) and unknown after — a query past it abstains
    (incomparable, the period in the witness) instead of answering, on every engine, and audits."""
    kb = tmp_path / "kb.txt"
    kb.write_text("Ann\tspouse\tBob\t2003\tpresent\nAnn\tborn\t1960\n", encoding="utf-8")
    out = tmp_path / "lat"
    assert _latweave("build", str(kb), "--format", "pathquestion", "--out", str(out)).returncode == 0
    asked = [("meet(subject = Ann) at 2003 -> spouse", "answer"), ("meet(subject = Ann) at 9999 -> spouse", "abstain")]
    results = on_every_engine(out, [read_plan(plan) for plan, _ in asked])   # one batch per engine
    assert_byte_identical(results)
    for n, (plan, status) in enumerate(asked):
        result = next(iter(results.values()))[n]
        assert result.status == status, plan
        if status == "abstain":
            assert result.reason == "incomparable"
            assert "2003..present" in json.dumps(result.to_dict()["witness"])
        else:
            assert list(result.answers) == ["Bob"]
        assert all(r.ok for r in audit_many(out, [result.to_dict()])), plan
