"""Cross-fitted evaluation (`latweave eval --folds K`): each question of the split the planner is
fitted on is answered by a planner fitted without it.

2Wiki has no train split, so the offline planner is fitted — lexicon, weights and thresholds — on
the very dev questions it is then scored on: dev figures are configuration figures, and a step
measured there can look better than it is (a fitted question's margin is larger than an unseen
one's). With `--folds K` the split is cut into K folds, stratified by the split's stratum (question
type, hop count) with seed 88; fold k is planned by a planner fitted on the other K−1 folds exactly
as `eval` fits one (thresholds on those folds too when the dataset sets them on the training part,
on its dev split otherwise), and all the plans then run in one batch as usual. The figure is an
estimate of what the planner fitted on the whole split does on questions it has never seen — what
the held-out split measures once per release — at the cost of K fits, so configuration can be
measured on it.

Only the offline planner is fitted, and only a split it is fitted on can be cross-fitted.
"""

from __future__ import annotations

from typing import Callable, Sequence

from latweave.eval.datasets import Example
from latweave.eval.splits import stratified_split
from latweave.planner.base import Planner, PlanOutput

#: the most folds `--folds` takes: every fold is a full fit
MAX_FOLDS = 20


def folds_of(examples: Sequence[Example], k: int, key: Callable[[Example], object]) -> list[list[Example]]:
    """`examples` in `k` folds, stratified by `key`, seeded (splits.SEED), each sorted by qid."""
    if not 2 <= k <= MAX_FOLDS:
        raise ValueError(f"folds are 2 to {MAX_FOLDS}, got {k}")
    parts = stratified_split(examples, key, {f"fold{i}": 1.0 / k for i in range(k)})
    return [parts[f"fold{i}"] for i in range(k)]


class CrossFitted(Planner):
    """Plans a question with the planner fitted without its fold (chosen by the question's id,
    which every planner sees; nothing else of the example)."""

    def __init__(self, planners: Sequence[Planner], folds: Sequence[Sequence[Example]]):
        if len(planners) != len(folds):
            raise ValueError("one planner per fold")
        self.planners = list(planners)
        self.name = f"{getattr(planners[0], 'name', 'planner')} (cross-fitted, {len(folds)} folds)"
        self.fold_of: dict[str, int] = {}
        for k, fold in enumerate(folds):
            for ex in fold:
                self.fold_of[str(ex.qid)] = k

    def plan(self, question: str, qid: str) -> PlanOutput:
        fold = self.fold_of.get(str(qid))
        if fold is None:
            raise KeyError(f"question {qid!r} is in no fold: a cross-fitted planner plans only its split")
        return self.planners[fold].plan(question, qid)
