"""A labelled question: what a planner may see (`qid`, `question`) kept apart from what only
training and scoring may read (`answers`, `gold`).

It lives with the planners because `Planner.fit` learns from it; the benchmark readers in
`latweave.eval.datasets` make Examples, and the harness hands a planner the question text alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Example:
    qid: str
    question: str
    answers: tuple[str, ...]        # gold answers (aliases, or the complete answer set)
    qtype: str
    hops: int | None
    gold: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def gold_yes_no(self) -> bool | None:
        """True/False when the gold answer is "yes"/"no" (a verdict question), else None."""
        if len(self.answers) == 1 and self.answers[0].strip().lower() in ("yes", "no"):
            return self.answers[0].strip().lower() == "yes"
        return None
