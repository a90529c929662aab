"""`latweave eval <dataset> --baseline NAME`: a baseline answers a split in the harness's place.

The same dataset loader, seed-88 splits, cached lattice, entity linker and metrics as `latweave
eval` with a planner, so the figures compare one for one: the baseline sees each question's
text and id (the harness's own `_planner_inputs`), its knobs are set on the split's dev part as
`Loaded.fit_on` prescribes for the planner (PathQuestion test: its dev split; 2Wiki heldout: its
dev split), and only the scorer reads gold answers. The report's planner is `baseline:<name>`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

from latweave.errors import LatweaveError
from latweave.eval.baselines import NAMES, make
from latweave.eval.baselines.base import Answer
from latweave.eval.datasets import Example
from latweave.eval.harness import EvalReport, _planner_inputs
from latweave.eval.metrics import aggregate, aggregate_by, score_question


def refuse_options(name: str, *, planner: str = "offline", engine: str | None = None, knockout: bool = False,
                   failures: bool = False, llm: dict | None = None, engine_timeout: float | None = None,
                   train_questions=None, train_kb=None, train_hops=None, train_fraction=None,
                   claims: bool = False, rank: bool = False, folds: int | None = None) -> None:
    """A LatweaveError for what makes no sense beside `--baseline`: a baseline is neither a
    planner nor fitted on a training split, and runs no engine."""
    if name not in NAMES:
        raise LatweaveError(f"unknown baseline {name!r}", hint=f"one of {', '.join(NAMES)}")
    clash = [flag for flag, given in (
        (f"--planner {planner}", planner != "offline" or llm is not None),
        ("--knockout", knockout),
        ("--failures", failures),
        ("--claims", claims),
        ("--rank", rank),
        ("--engine", engine is not None),
        ("--engine-timeout", engine_timeout is not None),
        ("--train-questions", train_questions is not None),
        ("--train-kb", train_kb is not None),
        ("--train-hops", train_hops is not None),
        ("--train-fraction", train_fraction is not None),
        ("--folds", folds is not None)) if given]
    if clash:
        raise LatweaveError(f"--baseline {name} answers without a planner, an engine or a training split: "
                            f"it cannot be combined with {', '.join(clash)}",
                            hint="drop those options, or drop --baseline to evaluate the planner")


def make_record(ex: Example, out: Answer, name: str) -> dict:
    """One question's record, in the harness's shape (no plan: `support` says what answered)."""
    metrics = score_question(out.status, out.answers, out.verdict, ex.answers, gold_verdict=ex.gold_yes_no)
    return {"qid": ex.qid, "question": ex.question, "qtype": ex.qtype, "hops": ex.hops, "plan": None,
            "baseline": name, "planner_score": out.score, "status": out.status, "answers": list(out.answers),
            "verdict": out.verdict, "reason": out.reason,
            "abstained_by": "baseline" if out.status == "abstain" else None,
            "support": list(out.support), "gold_answers": list(ex.answers), "metrics": metrics}


def run_baseline(dataset: str, name: str, *, split: str = "dev", data=None, hops=None, questions=None, kb=None,
                 limit: int | None = None, cache: Path | str = "out/lattices",
                 progress: Callable[[int, int], None] | None = None) -> EvalReport:
    """Evaluate baseline `name` on `split` of `dataset`; the EvalReport of `latweave eval`."""
    from latweave.eval.run import cached_lattice, load_dataset
    from latweave.folder.store import load_lattice

    if name not in NAMES:
        raise LatweaveError(f"unknown baseline {name!r}", hint=f"one of {', '.join(NAMES)}")
    loaded = load_dataset(dataset, data=data, hops=hops, questions=questions, kb=kb)
    if split not in loaded.splits:
        raise LatweaveError(f"{loaded.name} has no split {split!r}", hint=f"one of {', '.join(loaded.splits)}")
    t0 = time.perf_counter()
    folder = cached_lattice(loaded, cache)
    lattice = load_lattice(folder)
    t1 = time.perf_counter()
    baseline = make(name, lattice)
    train_part, dev_part = loaded.fit_on.get(split, (None, None))
    baseline.fit(loaded.splits.get(train_part, []) if train_part else [],
                 loaded.splits.get(dev_part, []) if dev_part else [])
    t2 = time.perf_counter()
    examples = loaded.splits[split][:limit] if limit is not None else loaded.splits[split]
    answers = []
    for i, (question, qid) in enumerate(_planner_inputs(examples), 1):   # question text and id only
        answers.append(baseline.explain(question, qid))
        if progress is not None:
            progress(i, len(examples))
    t3 = time.perf_counter()
    records = [make_record(ex, out, name) for ex, out in zip(examples, answers)]
    t4 = time.perf_counter()
    notes = list(loaded.notes)
    notes.append(f"baseline {name}: knobs {baseline.knobs}"
                 + (f", set on {baseline.tuned_on}" if baseline.tuned_on else " (none set on dev)"))
    report = EvalReport(loaded.name, split, f"baseline:{name}", False, len(records),
                        aggregate([r["metrics"] for r in records]), aggregate_by(records, "qtype"),
                        aggregate_by(records, "hops"), records, {},
                        {"lattice_s": t1 - t0, "load_fit_s": t2 - t1, "answer_s": t3 - t2, "score_s": t4 - t3},
                        {"lattice": str(folder), "notes": notes,
                         "baseline": {"name": name, "knobs": dict(baseline.knobs), "tuned_on": baseline.tuned_on}})
    return report
