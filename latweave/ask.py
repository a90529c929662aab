"""`latweave ask`: plan a question with a planner, run the plan, and keep both outcomes together.

The answer still comes from running the plan on the lattice; the planner only chose the plan.
A planner abstention (`planner_failure`, `planner_unavailable`, `cache_miss`, ...) becomes a
result-shaped abstention, so scripts read one JSON shape: `latweave run --json`'s object plus
`"planner": {"calls", "repairs", "cached"}` ("plan" is the canonical text, or null).
`ask -f FILE` reads one question a line (`read_questions`) and writes one JSON line each, the same
object with its "question" (`Asked.to_json_line`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from latweave.errors import LatweaveError
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

    def to_json_line(self) -> str:
        """One line of `ask -f --json`: the object of `to_json`, with the question it answers."""
        return json.dumps({"question": self.question, **self.to_dict()}, ensure_ascii=False, sort_keys=True)

    def __rich__(self):
        from rich.console import Group
        from rich.text import Text

        p = self.planner
        line = Text(f"planner: {p['calls']} call(s), {p['repairs']} repair(s)"
                    + (", from the plan cache" if p["cached"] else ""), style="dim")
        return Group(self.result, line)


def read_questions(text: str, source: str) -> list[str]:
    """The questions of a file given to `ask -f`: one a line, spaces around it dropped, blank
    lines skipped; a LatweaveError when there is none (`source` names the file)."""
    questions = [line.strip() for line in text.splitlines() if line.strip()]
    if not questions:
        raise LatweaveError(f"no question in {source}", hint="write one question a line")
    return questions


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
