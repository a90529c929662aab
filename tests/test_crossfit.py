"""`latweave eval --folds K`: each question of the split the planner is fitted on is planned by a
planner fitted on the other folds (latweave/eval/crossfit.py), on the PathQuestion fixture."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from latweave.eval.crossfit import MAX_FOLDS, CrossFitted, folds_of
from latweave.eval.datasets import Example
from latweave.planner.base import Planner, PlanOutput

FIXTURE = Path(__file__).parent / "fixtures" / "pathquestion"
BASE = ["eval", "pathquestion", "--questions", str(FIXTURE / "questions.txt"), "--kb", str(FIXTURE / "kb.txt"),
        "--json"]


def _examples(kinds: list[int]) -> list[Example]:
    return [Example(qid=f"q{i:03d}", question=f"question {i}", answers=("a",), qtype=f"t{k}", hops=None)
            for i, k in enumerate(kinds)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=0, max_size=60), st.integers(2, 8))
def test_folds_partition_the_split_stratified_and_seeded(kinds, k):
    examples = _examples(kinds)
    folds = folds_of(examples, k, lambda e: e.qtype)
    assert len(folds) == k
    assert sorted(e.qid for f in folds for e in f) == sorted(e.qid for e in examples)   # each once
    for fold in folds:
        assert [e.qid for e in fold] == sorted(e.qid for e in fold)
    for stratum in set(kinds):            # every stratum spread evenly: fold sizes differ by one at most
        sizes = [sum(e.qtype == f"t{stratum}" for e in fold) for fold in folds]
        assert max(sizes) - min(sizes) <= 1
    again = folds_of(list(reversed(examples)), k, lambda e: e.qtype)
    assert [[e.qid for e in f] for f in again] == [[e.qid for e in f] for f in folds]


def test_folds_out_of_range_are_refused():
    for k in (1, MAX_FOLDS + 1):
        with pytest.raises(ValueError, match="folds are 2 to"):
            folds_of(_examples([0, 1]), k, lambda e: e.qtype)


class _Named(Planner):
    def __init__(self, tag: str):
        self.tag = tag

    def plan(self, question, qid):
        return PlanOutput(None, None, 0.0, {"by": self.tag})


def test_a_question_is_planned_by_the_planner_of_its_fold_and_an_unknown_one_is_refused():
    examples = _examples([0, 0, 1, 1, 1])
    folds = folds_of(examples, 2, lambda e: e.qtype)
    crossed = CrossFitted([_Named("first"), _Named("second")], folds)
    for k, fold in enumerate(folds):
        for ex in fold:
            assert crossed.plan(ex.question, ex.qid).trace["by"] == ("first", "second")[k]
    with pytest.raises(KeyError, match="in no fold"):
        crossed.plan("another", "q999")
    with pytest.raises(ValueError):
        CrossFitted([_Named("one")], folds)


@pytest.mark.slow
def test_each_fold_is_planned_by_a_fit_on_the_other_folds_only(tmp_path):
    """The fold planners are the planners `eval` fits on the other folds (same weights as such a
    fit made here), and not the planner fitted on the whole split (the check can fail)."""
    from latweave.eval.run import _cross_fitted, cached_lattice, load_dataset
    from latweave.execute import Runner
    from latweave.planner.offline import OfflinePlanner

    loaded = load_dataset("pathquestion", questions=FIXTURE / "questions.txt", kb=FIXTURE / "kb.txt")
    split = loaded.splits["train"]
    with Runner(cached_lattice(loaded, tmp_path), None) as runner:
        crossed = _cross_fitted(loaded, "train", 5, runner.lattice, runner=runner, cache=tmp_path, data=None,
                                own=False)
        whole = OfflinePlanner(runner.lattice, runner=runner)
        whole.fit(split, loaded.splits["dev"])
        assert Counter(crossed.fold_of.values()) == Counter({k: 2 for k in range(5)})
        differs = 0
        for k, planner in enumerate(crossed.planners):
            rest = [ex for ex in split if crossed.fold_of[ex.qid] != k]
            alone = OfflinePlanner(runner.lattice, runner=runner)
            alone.fit(rest, loaded.splits["dev"])
            assert planner.weights == alone.weights and planner.thresholds == alone.thresholds
            differs += planner.weights != whole.weights
        assert differs >= 1
    assert any("cross-fitted: 5 folds of train" in note for note in loaded.notes)


@pytest.mark.slow
def test_cli_folds_on_the_fitted_split_and_the_refusals(tmp_path, capsys):
    from latweave.cli import main

    base = BASE + ["--lattices", str(tmp_path / "cache")]
    assert main(base + ["--split", "train", "--folds", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["n"] == 10 and report["planner"] == "offline (cross-fitted, 2 folds)"
    assert any(note.startswith("cross-fitted: 2 folds of train") for note in report["notes"])
    refusals = [
        (["--split", "test", "--folds", "2"], "is not what the planner is fitted on", "--split train --folds K"),
        (["--split", "train", "--folds", "2", "--planner", "oracle"], "cross-fits the offline planner", "offline"),
        (["--split", "train", "--folds", "2", "--train-fraction", "0.5"], "does not combine", "drop one"),
        (["--split", "train", "--folds", str(MAX_FOLDS + 1)], f"2 to {MAX_FOLDS} folds", "--folds 5"),
        (["--split", "train", "--folds", "2", "--baseline", "keyword"], "--folds", "drop those options"),
    ]
    for extra, message, hint in refusals:
        assert main(base + extra) == 2, extra
        error = json.loads(capsys.readouterr().out)
        assert message in error["message"] and hint in error["hint"], (extra, error)
    with pytest.raises(SystemExit) as exit_:
        main(base + ["--split", "train", "--folds", "1"])
    assert exit_.value.code == 2 and "at least 2" in capsys.readouterr().err
