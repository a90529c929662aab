"""ORACLE planner for PathQuestion: it READS THE GOLD PATH. For the oracle-plan ceiling only.

It builds the chain plan a perfect planner would write from the gold relation path:

    let h1 = meet(subject = "<anchor>") -> r1
    let h2 = meet(subject = $h1) -> r2
    meet(subject = $h2) -> r3

Its figures measure the lattice and the engine (is the gold answer reachable by the gold plan?),
never a planner. It is used only with `latweave eval --planner oracle`, and every report made
with it says `"oracle": true`.
"""

from __future__ import annotations

from typing import Iterable

from latweave.plan.ast import Constraint, Let, Meet, Name, Plan, Ref
from latweave.planner.base import Planner, PlanOutput
from latweave.reasons import Reason


def chain_plan(anchor: str, relations: list[str] | tuple[str, ...]) -> Plan:
    """meet(subject = anchor) -> r1, then through each relation in turn."""
    if not relations:
        raise ValueError("a chain plan needs at least one relation")
    lets = []
    value = Name(anchor)
    for i, relation in enumerate(relations[:-1], 1):
        lets.append(Let(f"h{i}", Meet((Constraint("subject", "=", value),), relation)))
        value = Ref(f"h{i}")
    return Plan(tuple(lets), Meet((Constraint("subject", "=", value),), relations[-1]))


class OraclePlanner(Planner):
    """Plans from gold paths (`Example.gold["path"]`, `["anchor"]`), looked up by qid."""

    name = "oracle"
    reads_gold = True

    def __init__(self, examples: Iterable = ()):
        self._gold: dict[str, tuple[str, tuple[str, ...]]] = {}
        self.add(examples)

    def add(self, examples: Iterable) -> None:
        """Index the gold paths of these examples (the oracle's only source)."""
        for ex in examples:
            path, anchor = ex.gold.get("path"), ex.gold.get("anchor")
            if path and anchor:
                self._gold[ex.qid] = (anchor, tuple(path))

    def fit(self, train, dev) -> None:
        self.add(train)
        self.add(dev)

    def plan(self, question: str, qid: str) -> PlanOutput:
        gold = self._gold.get(qid)
        if gold is None:
            return PlanOutput(None, Reason.OUT_OF_SCOPE, 0.0, {"oracle": True, "why": "no gold path for this qid"})
        anchor, path = gold
        return PlanOutput(chain_plan(anchor, path), None, 1.0,
                          {"oracle": True, "anchor": anchor, "relations": list(path)})
