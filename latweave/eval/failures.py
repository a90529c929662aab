"""Why each missed question was missed: failure classes, sorted out AFTER scoring.

A target that is missed must say by how much and why. This module reads gold annotations (the
answer, and for 2WikiMultihopQA the evidence triples) to sort the misses of a finished
evaluation into classes — it is reporting, like the oracle planner, and never runs at answer
time: `classify` takes records that already hold their answers and scores.

Classes, first match wins (each is a cause a person can act on):

    derived_value          the planner declared the question out of scope: a value no stored
                           dimension orders and no rule derives (the offline planner learns such
                           question templates; "who lived longer" is now a difference of dates)
    anchor_not_linked      no lattice entity matches the question's entity name (or several do)
    answer_not_in_lattice  the gold answer is no entity and no value of the lattice at all
    evidence_chain_broken  the gold evidence chain does not connect in the lattice: one triple
                           names an entity differently from the next ("Marie of Burgundy" /
                           "Mary of Burgundy, Duchess of Cleves"), so no plan can reach the answer
    same_value_spelled_apart   a `same` verdict said no where gold says yes: the two values are
                           one thing spelled two ways ("American" / "United States")
    answer_set_not_singleton   the answer set holds the gold answer and more (ties at year
                           precision, several directors)
    below_threshold        the planner's best plan scored under the dev-set threshold: abstained
    engine_abstained       a plan ran and the rules abstained (reason attached)
    wrong_plan             a plan ran and answered, wrongly
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from latweave.lattice.model import Lattice
from latweave.lattice.names import normalize
from latweave.lattice.ordered import parse_ordered
from latweave.planner.graph import LatticeGraph
from latweave.reasons import Reason

ORDER = ("derived_value", "anchor_not_linked", "answer_not_in_lattice", "evidence_chain_broken",
         "same_value_spelled_apart", "answer_set_not_singleton", "below_threshold",
         "engine_abstained", "wrong_plan")


def _keys(text: str) -> set[str]:
    """The lattice keys a gold answer could be: its normal form, and its canonical date."""
    keys = {normalize(text)}
    if any(ch.isdigit() for ch in text):
        try:
            keys.add(normalize(parse_ordered(text, "date").canonical))
        except Exception:  # noqa: BLE001 - not a date
            pass
    return keys


class _LatticeIndex:
    """Out-edges per instance (the planner's LatticeGraph) and every key the lattice knows, built
    once per evaluation."""

    def __init__(self, lattice: Lattice):
        self.out = LatticeGraph(lattice).out
        known: set[str] = set(lattice.instances)
        for inst in lattice.instances.values():
            known |= inst.aliases
        for dim in lattice.dimensions.values():
            known |= set(dim.labels) | set(dim.synonyms)
        self.known = known

    def chain_reaches(self, evidences: Sequence[Sequence[str]], answers: set[str] | None) -> bool | None:
        """Do the gold evidence chains (a triple's object the next one's subject) hold in the
        lattice? With `answers`: does a chain end on one; without: does every chain reach
        something. False also when the evidences name the linking entity two ways, so that no
        chain of two triples forms at all. None when there are fewer than two triples."""
        triples = [tuple(t) for t in evidences if len(t) == 3]
        if len(triples) < 2:
            return None
        by_subject: dict[str, list[tuple[str, str]]] = {}
        for s, r, o in triples:
            by_subject.setdefault(normalize(s), []).append((normalize(r), normalize(o)))
        objects = {normalize(o) for _, _, o in triples}
        chains = []
        for s in sorted({normalize(s) for s, _, _ in triples} - objects):
            for r, o in by_subject[s]:
                for r2, _ in by_subject.get(o, ()):
                    chains.append((s, r, r2))
        if not chains:
            return False
        walked = []
        for s, *dims in chains:
            current = {s} if s in self.out else set()
            for dim in dims:
                current = {v for k in current for v in self.out.get(k, {}).get(dim, ())}
            walked.append(current)
        if answers is not None:
            return any(current & answers for current in walked)
        return all(walked)


def classify_one(record: dict, gold: dict, index: _LatticeIndex) -> str | None:
    """The failure class of one scored record, or None when it was answered right."""
    metrics = record.get("metrics", {})
    if metrics.get("em", 0.0) >= 1.0 or metrics.get("verdict_acc", 0.0) >= 1.0:
        return None
    reason = record.get("reason")
    if record["status"] == "abstain" and reason == Reason.OUT_OF_SCOPE and record.get("abstained_by") == "planner":
        return "derived_value"
    if record["status"] == "abstain" and reason in (Reason.UNKNOWN_ANCHOR, Reason.AMBIGUOUS_ANCHOR):
        return "anchor_not_linked"
    answers = set().union(*(_keys(a) for a in record.get("gold_answers", ()))) if record.get("gold_answers") else set()
    verdict_question = {normalize(a) for a in record.get("gold_answers", ())} <= {"yes", "no"}
    if not verdict_question and answers and not answers & index.known:
        return "answer_not_in_lattice"
    if gold.get("evidences") and record.get("qtype") != "comparison":
        ends = None if verdict_question or record.get("qtype") == "bridge_comparison" else answers
        if index.chain_reaches(gold["evidences"], ends) is False:
            return "evidence_chain_broken"
    plan = record.get("plan") or ""
    if record["status"] == "verdict" and plan.startswith("same(") and record.get("verdict") is False:
        return "same_value_spelled_apart"
    if record["status"] == "answer" and metrics.get("any_hit", 0.0) >= 1.0:
        return "answer_set_not_singleton"
    if record["status"] == "abstain" and record.get("abstained_by") == "planner":
        return "below_threshold"
    if record["status"] == "abstain":
        return "engine_abstained"
    return "wrong_plan"


def classify(records: Sequence[dict], golds: dict[str, dict], lattice: Lattice,
             examples_per_class: int = 3) -> dict:
    """{"n_missed", "classes": {class: count}, "by_type": {qtype: {class: count}}, "examples": ...}
    over the records of one evaluation; `golds` maps qid → the example's gold annotations."""
    index = _LatticeIndex(lattice)
    counts: Counter = Counter()
    by_type: dict[str, Counter] = {}
    examples: dict[str, list[str]] = {}
    for rec in records:
        cls = classify_one(rec, golds.get(rec["qid"], {}), index)
        if cls is None:
            continue
        counts[cls] += 1
        by_type.setdefault(str(rec.get("qtype")), Counter())[cls] += 1
        if len(examples.setdefault(cls, [])) < examples_per_class:
            examples[cls].append(rec["question"])
    ordered = [c for c in ORDER if counts[c]]
    return {"n_missed": sum(counts.values()),
            "classes": {c: counts[c] for c in ordered},
            "by_type": {t: {c: by_type[t][c] for c in ORDER if by_type[t][c]} for t in sorted(by_type)},
            "examples": {c: examples[c] for c in ordered}}

