"""Failure classes of missed questions, on a small hand-made KB where each class is built on purpose."""

from __future__ import annotations

import pytest

from latweave.ingest.kb import BuildReport, lattice_from_triples, read_pathquestion_kb
from latweave.eval.failures import _LatticeIndex, classify, classify_one


@pytest.fixture(scope="module")
def lattice(tmp_path_factory):
    rows = [("Ann", "father", "Bob"), ("Bob", "place of birth", "Oslo"),
            ("Cid", "father", "Dan"), ("Daniel Smith", "place of birth", "Rome"),   # names disagree
            ("Eve", "country of citizenship", "American"), ("Fay", "country of citizenship", "America")]
    kb = tmp_path_factory.mktemp("failures") / "kb.txt"
    kb.write_text("".join(f"{s}\t{r}\t{o}\n" for s, r, o in rows), encoding="utf-8")
    return lattice_from_triples(read_pathquestion_kb(kb, BuildReport()), "t", BuildReport())


def _rec(qid, status, *, answers=(), verdict=None, reason=None, by=None, plan=None, gold=("x",), em=0.0,
         any_hit=0.0, qtype="compositional"):
    return {"qid": qid, "question": f"q {qid}", "qtype": qtype, "status": status, "answers": list(answers),
            "verdict": verdict, "reason": reason, "abstained_by": by, "plan": plan,
            "gold_answers": list(gold), "metrics": {"em": em, "any_hit": any_hit}}


def test_each_class_by_construction(lattice):
    index = _LatticeIndex(lattice)
    chain_ok = {"evidences": [["Ann", "father", "Bob"], ["Bob", "place of birth", "Oslo"]]}
    chain_broken = {"evidences": [["Cid", "father", "Dan"], ["Daniel Smith", "place of birth", "Rome"]]}
    cases = [
        (_rec("1", "answer", answers=["Oslo"], gold=["Oslo"], em=1.0), chain_ok, None),
        (_rec("2", "abstain", reason="out_of_scope", by="planner"), {}, "derived_value"),
        (_rec("3", "abstain", reason="unknown_anchor", by="planner"), {}, "anchor_not_linked"),
        (_rec("4", "answer", answers=["Oslo"], gold=["Atlantis"]), {}, "answer_not_in_lattice"),
        (_rec("5", "abstain", reason="low_score", by="planner", gold=["Rome"]), chain_broken,
         "evidence_chain_broken"),
        (_rec("6", "verdict", verdict=False, plan='same(country_of_citizenship, Eve, Fay)', gold=["yes"],
              qtype="comparison"), {}, "same_value_spelled_apart"),
        (_rec("7", "answer", answers=["Oslo", "Rome"], gold=["Oslo"], any_hit=1.0), chain_ok,
         "answer_set_not_singleton"),
        (_rec("8", "abstain", reason="low_score", by="planner", gold=["Oslo"]), chain_ok, "below_threshold"),
        (_rec("9", "abstain", reason="empty", by="engine", gold=["Oslo"]), chain_ok, "engine_abstained"),
        (_rec("10", "answer", answers=["Rome"], gold=["Oslo"]), chain_ok, "wrong_plan"),
    ]
    for rec, gold, expected in cases:
        assert classify_one(rec, gold, index) == expected, rec["qid"]


def test_summary_counts_and_examples(lattice):
    recs = [_rec("a", "abstain", reason="unknown_anchor", by="planner"),
            _rec("b", "abstain", reason="unknown_anchor", by="planner", qtype="inference"),
            _rec("c", "answer", answers=["Rome"], gold=["Oslo"]),
            _rec("d", "answer", answers=["Oslo"], gold=["Oslo"], em=1.0)]
    out = classify(recs, {}, lattice)
    assert out["n_missed"] == 3
    assert out["classes"] == {"anchor_not_linked": 2, "wrong_plan": 1}
    assert out["by_type"] == {"compositional": {"anchor_not_linked": 1, "wrong_plan": 1},
                              "inference": {"anchor_not_linked": 1}}
    assert out["examples"]["wrong_plan"] == ["q c"]
