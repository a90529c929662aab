"""The planner interface: question text in, a plan (or a reasoned abstention) out.

A planner sees the question TEXT and its id, nothing else: the evaluation harness never hands it
answers, gold paths or evidences (those live in `Example` fields the harness does not pass). A
planner may learn from a training split in `fit` (labelled examples are supervision there), and
may set thresholds on a dev split.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Sequence

from latweave.plan.ast import Plan
from latweave.planner.example import Example
from latweave.reasons import PLANNER_REASONS, Reason  # noqa: F401 - the reasons a planner gives


@dataclass(frozen=True)
class PlanOutput:
    plan: Plan | None
    reason: Reason | None = None  # why there is no plan (set exactly when plan is None)
    score: float = 0.0
    trace: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def abstained(self) -> bool:
        return self.plan is None


class Planner(ABC):
    """Question text → PlanOutput. Subclasses set `name`; `reads_gold` is True only for oracles."""

    name: str = "planner"
    #: An oracle reads gold annotations (for a ceiling figure); every report says so.
    reads_gold: bool = False

    def fit(self, train: Sequence[Example], dev: Sequence[Example]) -> None:
        """Learn from train (answers may be read here), tune thresholds on dev. Default: nothing."""

    @abstractmethod
    def plan(self, question: str, qid: str) -> PlanOutput:
        """Plan one question from its text alone."""
