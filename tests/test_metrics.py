"""The scoring module, against values worked out by hand."""

from __future__ import annotations

import pytest

from latweave.eval.metrics import (aggregate, aggregate_by, exact_match, normalize_answer, predicted_answers,
                                   score_abstention, score_answers, score_question, token_f1)


def test_normalisation():
    assert normalize_answer("The  United_Kingdom!") == "united kingdom"
    assert normalize_answer("an Apple, a pear") == "apple pear"
    assert exact_match("united_kingdom", "The United Kingdom") == 1.0
    assert exact_match("burnham-on-sea", "burnhamonsea") == 1.0   # punctuation dropped on both sides


def test_token_f1_by_hand():
    # pred tokens {roy, del, ruth}; gold {roy, ruth}: P = 2/3, R = 1, F1 = 0.8
    assert token_f1("Roy Del Ruth", "Roy Ruth") == pytest.approx(0.8)
    assert token_f1("yes", "no") == 0.0
    assert token_f1("no answer", "yes") == 0.0


def test_single_answer():
    m = score_answers(["George Cukor"], ["George Cukor"])
    assert m == {"em": 1.0, "f1": 1.0, "f1_star": 1.0, "any_hit": 1.0, "hits_at_1": 1.0,
                 "complete_recall": 1.0, "set_f1": 1.0, "strict_set_em": 1.0, "resolved": 1.0}


def test_hedged_answer_set():
    # P = [a, b] against G = [b]: not EM; answer text "paris lyon" vs "lyon": P 1/2, R 1 → F1 2/3
    m = score_answers(["paris", "lyon"], ["lyon"])
    assert m["em"] == 0.0
    assert m["f1"] == pytest.approx(2 / 3)
    assert m["f1_star"] == pytest.approx(2 / 3)
    assert m["any_hit"] == 1.0
    assert m["hits_at_1"] == 0.0          # the first prediction is wrong
    assert m["complete_recall"] == 1.0
    assert m["set_f1"] == pytest.approx(2 / 3)   # P 1/2, R 1
    assert m["strict_set_em"] == 0.0


def test_complete_set_answer_gets_em_and_f1_star():
    # gold set {female, male}; the system returns both: EM (the set), token F1 against one alias 2/3
    m = score_answers(["female", "male"], ["female", "male"])
    assert m["em"] == 1.0 and m["strict_set_em"] == 1.0
    assert m["f1"] == pytest.approx(2 / 3)
    assert m["f1_star"] == 1.0


def test_partial_set():
    # G = {a, b, c}, P = [a, d]: recall 1/3, precision 1/2, set F1 = 2·(1/2·1/3)/(5/6) = 0.4
    m = score_answers(["a1", "d4"], ["a1", "b2", "c3"])
    assert m["complete_recall"] == pytest.approx(1 / 3)
    assert m["set_f1"] == pytest.approx(0.4)
    assert m["any_hit"] == 1.0 and m["hits_at_1"] == 1.0
    assert m["em"] == 0.0 and m["strict_set_em"] == 0.0


def test_abstention_scores_zero_and_unresolved():
    m = score_question("abstain", (), None, ["x"])
    assert m["resolved"] == 0.0 and m["em"] == 0.0 and m["f1"] == 0.0 and m["any_hit"] == 0.0


def test_verdicts():
    assert predicted_answers("verdict", (), True) == ["yes"]
    assert predicted_answers("abstain", ("x",), None) == []
    m = score_question("verdict", (), False, ["no"], gold_verdict=False)
    assert m["em"] == 1.0 and m["verdict_acc"] == 1.0
    m = score_question("verdict", (), True, ["no"], gold_verdict=False)
    assert m["em"] == 0.0 and m["verdict_acc"] == 0.0 and m["f1"] == 0.0
    m = score_question("abstain", (), None, ["yes"], gold_verdict=True)
    assert m["verdict_acc"] == 0.0


def test_aggregate_resolved_and_omitted():
    a = score_question("answer", ("x",), None, ["x"])
    b = score_question("answer", ("y",), None, ["x"])
    c = score_question("abstain", (), None, ["x"])
    agg = aggregate([a, b, c])
    assert agg["em"] == pytest.approx(1 / 3)
    assert agg["resolved"] == pytest.approx(2 / 3)
    assert agg["em_resolved"] == pytest.approx(1 / 2)
    assert "leak_rate" not in agg and "verdict_acc" not in agg   # do not apply: omitted


def test_abstention_metrics_by_hand():
    # 4 must-abstain (3 abstained, 1 leaked), 2 answerable (1 answered, 1 abstained wrongly)
    cases = [score_abstention(True, True)] * 3 + [score_abstention(False, True),
                                                   score_abstention(False, False), score_abstention(True, False)]
    agg = aggregate([{**score_answers([], ["g"], resolved=False), **c} for c in cases])
    assert agg["abstain_accuracy"] == pytest.approx(4 / 6)
    assert agg["leak_rate"] == pytest.approx(1 / 4)
    assert agg["abstain_recall"] == pytest.approx(3 / 4)
    assert agg["abstain_precision"] == pytest.approx(3 / 4)      # 3 of the 4 abstentions were due
    assert agg["abstain_dual"] == pytest.approx(9 / 16)


def test_aggregate_by_group():
    recs = [{"qtype": "2H", "metrics": score_answers(["a"], ["a"])},
            {"qtype": "3H", "metrics": score_answers(["b"], ["a"])},
            {"qtype": "3H", "metrics": score_answers(["a"], ["a"])}]
    groups = aggregate_by(recs, "qtype")
    assert groups["2H"]["n"] == 1 and groups["2H"]["em"] == 1.0
    assert groups["3H"]["n"] == 2 and groups["3H"]["em"] == 0.5


def test_zero_padded_years_are_the_year():
    # The lattice's canonical year 922 is "0922"; the gold answer says "922".
    assert exact_match("0922", "922") == 1.0
    assert exact_match("1922", "922") == 0.0
    assert normalize_answer("007") == "007"          # not a four-digit year: left alone
