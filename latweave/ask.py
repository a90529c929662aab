"""`latweave ask`: plan a question with a planner, run the plan, and keep both outcomes together.

The answer still comes from running the plan on the lattice; the planner only chose the plan.
A planner abstention (`planner_failure`, `planner_unavailable`, `cache_miss`, ...) becomes a
result-shaped abstention, so scripts read one JSON shape: `latweave run --json`'s object plus
`"planner": {"calls", "repairs", "cached"}` ("plan" is the canonical text, or null).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from latweave.planner.base import Planner, PlanOutput
from latweave.proof.details import PlannerDetail
from latweave.proof.witness import Witness
from latweave.reasons import Reason
from latweave.result import Result


@dataclass(frozen=True)
class Asked:
    question: str
    output: PlanOutput
    result: Result

    @property
    def planner(self) -> dict:
        trace = self.output.trace
        return {"calls": trace.get("calls", 0), "repairs": trace.get("repairs", 0),
                "cached": bool(trace.get("cached", False))}

    def to_dict(self) -> dict:
        return {**self.result.to_dict(), "planner": self.planner}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True, indent=2)

    def __rich__(self):
        from rich.console import Group
        from rich.text import Text

        p = self.planner
        line = Text(f"planner: {p['calls']} call(s), {p['repairs']} repair(s)"
                    + (", from the plan cache" if p["cached"] else ""), style="dim")
        return Group(self.result, line)


def planner_abstention(output: PlanOutput) -> Result:
    """A result-shaped abstention for a planner that gave no plan; the witness says why."""
    reason = output.reason or Reason.NO_PLAN
    witness = Witness.of({reason: PlannerDetail(output.trace.get("last_error"))})
    return Result("abstain", (), None, reason, (reason,), witness, {}, None)


def ask(planner: Planner, runner, question: str, qid: str = "ask") -> Asked:
    """Plan `question`, run the plan (with its proof) on `runner`'s lattice."""
    output = planner.plan(question, qid)
    result = planner_abstention(output) if output.plan is None else runner.run_one(output.plan)
    return Asked(question, output, result)
