"""What a question asks for, read off its words, and a planner that abstains when its plan's last
hop answers something else ("Where did X's father die?" answered by a date of death).

On a KB lattice every relation a question names is there, and the offline planner's best plan
ends on it; on a lattice extracted from a few paragraphs the asked relation is often missing,
and the best plan that does ground ends on a neighbour (`date of death` for "where … die").
`ASKS` says, per cue, which dimensions a question with that cue may end on; the first cue that
fits the question decides. A plan that ends on another dimension is no answer: the planner
abstains `out_of_scope`. Comparisons (a compare's verdict or extremum) are not checked. The
table is data over question words only; it never reads an answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from latweave.lattice.names import normalize
from latweave.planner.base import PlanOutput
from latweave.reasons import Reason

#: (cue, the dimensions the last hop may be), first match wins. Cues are case-insensitive.
ASKS: tuple[tuple[str, frozenset[str]], ...] = tuple((re.compile(cue, re.IGNORECASE), frozenset(dims)) for cue, dims in (
    (r"\bplace of birth\b|\bwhere\b.*\bborn\b|\bborn where\b", {"place of birth"}),
    (r"\bplace of death\b|\bwhere\b.*\b(?:die|died|death)\b", {"place of death"}),
    (r"\bplace of burial\b|\bburied\b", {"place of burial"}),
    (r"\bdate of birth\b|\bbirthday\b|\bwhen\b.*\bborn\b", {"date of birth"}),
    (r"\bdate of death\b|\bwhen\b.*\b(?:die|died)\b", {"date of death"}),
    (r"\bnationality\b|\bwhich country\b|\bwhat country\b|\bcountry of citizenship\b", {
        "country of citizenship", "country", "country of origin"}),
    (r"\b(?:study|studied|educated|graduate|graduated)\b", {"educated at"}),
    (r"\baward\b", {"award received"}),
    (r"\bwork at\b|\bemployer\b|\bwork for\b", {"employer"}),
    (r"^who\b.*\b(?:spouse|husband|wife)\b", {"spouse"}),
    (r"^who\b.*\b(?:father|grandfather)\b", {"father"}),
    (r"^who\b.*\b(?:mother|grandmother)\b", {"mother"}),
))
_LAST_HOP = re.compile(r"->\s*([^\s;)]+)\s*$")


def asked(question: str) -> frozenset[str] | None:
    """The dimensions the question's answer may come from, or None when no cue says."""
    for cue, dims in ASKS:
        if cue.search(question):
            return dims
    return None


@dataclass
class AnswerTypeChecked:
    """A planner whose chains must end on a dimension the question asks for (`asked`)."""

    planner: object
    name: str = "offline+answer-type"

    def plan(self, question: str, qid: str | None = None) -> PlanOutput:
        from latweave.plan.printer import to_text

        out = self.planner.plan(question, qid)
        dims = asked(question)
        if out.plan is None or dims is None:
            return out
        m = _LAST_HOP.search(to_text(out.plan).strip())
        if m is None:    # a compare, not a chain
            return out
        last = normalize(m.group(1))
        if last.startswith("inverse "):
            return out
        if last not in dims:
            return PlanOutput(None, Reason.OUT_OF_SCOPE, out.score,
                              {**out.trace, "answer_type": f"asks {sorted(dims)}, the plan ends on {last!r}"})
        return out
