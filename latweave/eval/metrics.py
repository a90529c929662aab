"""The one scoring module: every figure latweave reports is computed here.

Normalisation (`latweave.lattice.answers.normalize_answer`, shared with the offline planner's
training) is SQuAD's (lowercase, drop punctuation, drop the articles a/an/the, collapse
whitespace), after turning underscores into spaces (PathQuestion writes `united_kingdom`) and a
text that names exactly one day into its canonical form (2WikiMultihopQA's gold "7 August 1672"
and the lattice's date value 1672-08-07 are the same answer; a year alone stays text).

Per question, the system gives an ordered answer list P (empty when it abstains; a verdict
true/false counts as the answer "yes"/"no") and the gold is a list G of acceptable answers
(aliases, or the complete answer set of a path question):

  em               P, normalised as a set, is exactly one gold answer {g} or exactly the gold set G
  f1               SQuAD token F1 of the answer text (P joined by spaces) against the best g in G
  f1_star          max(f1, em): credits a complete-set answer that token F1 against one g cannot
  any_hit          some p in P matches some g in G
  hits_at_1        the first p in P matches some g in G
  complete_recall  |P ∩ G| / |G| on normalised sets: how much of the gold set came back
  set_f1           F1 of the normalised sets P and G
  strict_set_em    normalised P == normalised G
  resolved         the system answered (did not abstain)
  em_resolved      em, averaged over resolved questions only
  verdict_acc      on yes/no questions: the verdict (or the answer yes/no) equals the gold

Abstention (knock-out runs, where a question is marked `must_abstain` when its gold is no longer
reachable):
  abstain_accuracy   abstained exactly when it must
  leak_rate          answered although it must abstain, over the must-abstain questions
  abstain_precision  of the abstentions, the share that were must-abstain
  abstain_recall     of the must-abstain questions, the share that abstained (1 − leak_rate)
  abstain_dual       abstain_recall × abstain_precision (the recall × precision dual measure)

Aggregates are means over the questions a metric applies to; a metric that applies to none is
omitted, never reported as 0.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Iterable, Sequence

from latweave.lattice.answers import normalize_answer  # noqa: F401 - the normalisation, re-exported

# Metrics every scored question gets, in report order.
ANSWER_METRICS = ("em", "f1", "f1_star", "any_hit", "hits_at_1", "complete_recall", "set_f1",
                  "strict_set_em", "resolved")
REPORT_ORDER = ANSWER_METRICS + ("em_resolved", "verdict_acc", "abstain_accuracy", "leak_rate",
                                 "abstain_precision", "abstain_recall", "abstain_dual")


def exact_match(prediction: str, gold: str) -> float:
    return float(normalize_answer(prediction) == normalize_answer(gold))


def token_f1(prediction: str, gold: str) -> float:
    """SQuAD token F1 (yes/no/noanswer must match exactly, as in the HotpotQA scorer)."""
    pred, ref = normalize_answer(prediction), normalize_answer(gold)
    special = ("yes", "no", "noanswer")
    if (pred in special or ref in special) and pred != ref:
        return 0.0
    p_toks, g_toks = pred.split(), ref.split()
    if not p_toks and not g_toks:
        return 1.0
    common = Counter(p_toks) & Counter(g_toks)
    same = sum(common.values())
    if same == 0:
        return 0.0
    precision, recall = same / len(p_toks), same / len(g_toks)
    return 2 * precision * recall / (precision + recall)


def _set(items: Iterable[str]) -> set[str]:
    return {n for n in (normalize_answer(i) for i in items)}


def predicted_answers(status: str, answers: Sequence[str], verdict: bool | None) -> list[str]:
    """The answer list a result stands for: abstain → [], verdict → ["yes"] / ["no"]."""
    if status == "abstain":
        return []
    if status == "verdict":
        return [] if verdict is None else ["yes" if verdict else "no"]
    return list(answers)


def score_answers(predictions: Sequence[str], gold: Sequence[str], *, resolved: bool | None = None) -> dict:
    """Every per-question answer metric for one question (see the module docstring)."""
    preds = list(predictions)
    golds = [g for g in gold if str(g).strip()]
    resolved = bool(preds) if resolved is None else resolved
    if not golds:
        raise ValueError("a question needs at least one gold answer to be scored")
    pset, gset = _set(preds), _set(golds)
    hit = pset & gset
    em = float(bool(pset) and (pset == gset or any(pset == {g} for g in gset)))
    text = " ".join(preds)
    f1 = max(token_f1(text, g) for g in golds) if preds else 0.0
    precision = len(hit) / len(pset) if pset else 0.0
    recall = len(hit) / len(gset)
    set_f1 = 2 * precision * recall / (precision + recall) if hit else 0.0
    return {
        "em": em,
        "f1": f1,
        "f1_star": max(f1, em),
        "any_hit": float(bool(hit)),
        "hits_at_1": float(bool(preds) and normalize_answer(preds[0]) in gset),
        "complete_recall": recall,
        "set_f1": set_f1,
        "strict_set_em": float(pset == gset),
        "resolved": float(resolved),
    }


def score_verdict(verdict: bool | None, gold: bool) -> float:
    """A verdict question: the gold is yes (True) or no (False); an abstention scores 0."""
    return float(verdict is not None and verdict == gold)


def score_question(status: str, answers: Sequence[str], verdict: bool | None, gold: Sequence[str],
                   *, gold_verdict: bool | None = None, must_abstain: bool | None = None) -> dict:
    """All metrics that apply to one result against its gold."""
    preds = predicted_answers(status, answers, verdict)
    metrics = score_answers(preds, gold, resolved=status != "abstain")
    if gold_verdict is not None:
        said = verdict if status == "verdict" else (
            None if len(_set(preds)) != 1 else {"yes": True, "no": False}.get(normalize_answer(preds[0])))
        metrics["verdict_acc"] = score_verdict(said, gold_verdict)
    if must_abstain is not None:
        metrics.update(score_abstention(status == "abstain", must_abstain))
    return metrics


def score_abstention(abstained: bool, must_abstain: bool) -> dict:
    """Per-question abstention facts; aggregate() turns them into rates."""
    return {"abstain_accuracy": float(abstained == must_abstain), "abstained": abstained,
            "must_abstain": must_abstain}


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def aggregate(per_question: Sequence[dict]) -> dict:
    """Means over the questions each metric applies to, plus the derived rates."""
    out: dict[str, float] = {}
    if not per_question:
        return out
    for name in ANSWER_METRICS + ("verdict_acc", "abstain_accuracy"):
        values = [m[name] for m in per_question if name in m]
        if values:
            out[name] = _mean(values)
    resolved = [m for m in per_question if m.get("resolved")]
    if resolved:
        out["em_resolved"] = _mean([m["em"] for m in resolved])
    judged = [m for m in per_question if "must_abstain" in m]
    if judged:
        must = [m for m in judged if m["must_abstain"]]
        abstained = [m for m in judged if m["abstained"]]
        correct = [m for m in must if m["abstained"]]
        if must:
            out["leak_rate"] = 1 - len(correct) / len(must)
            out["abstain_recall"] = len(correct) / len(must)
        if abstained:
            out["abstain_precision"] = len(correct) / len(abstained)
        if must and abstained:
            out["abstain_dual"] = out["abstain_recall"] * out["abstain_precision"]
    return {k: out[k] for k in REPORT_ORDER if k in out}


def aggregate_by(records: Sequence[dict], key: str) -> dict[str, dict]:
    """aggregate() per value of records[i][key] (e.g. "qtype", "hops"); each with its count n."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for rec in records:
        groups[str(rec.get(key))].append(rec["metrics"])
    return {k: {"n": len(v), **aggregate(v)} for k, v in sorted(groups.items())}
