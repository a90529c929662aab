"""The evaluation harness: plan every question from its text, run all plans in ONE engine batch,
score every result with `latweave.eval.metrics`, and report.

Planners see `(question text, qid)` and nothing else: `_planner_inputs` is the only place the
harness reads examples for planning, and it takes those two fields alone. Gold answers are read
only by the scorer, after the batch has run.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from latweave.eval.datasets import Example
from latweave.eval.metrics import REPORT_ORDER, aggregate, aggregate_by, score_question
from latweave.owned_file import check_owned, write_owned
from latweave.plan.ast import Plan
from latweave.plan.printer import to_text
from latweave.planner.base import Planner, PlanOutput
from latweave.reasons import Reason


#: `eval --out`: what the file is, and what to do when it may not be replaced (latweave/owned_file.py)
RECORDS = "an eval records file"
RECORDS_HINT = "give a new file name: an existing file is replaced only when an earlier `eval --out` wrote it"


def is_records(path: Path) -> bool:
    """Did `eval --out` write this file? It is empty, or its first line is a JSON object with a
    question's `qid` and its `metrics` — anything else is the user's, and is never replaced."""
    try:
        with Path(path).open("rb") as handle:
            first = handle.readline(1 << 20)
    except OSError:
        return False
    if not first:
        return True
    try:
        row = json.loads(first)
    except ValueError:
        return False
    return isinstance(row, dict) and "qid" in row and "metrics" in row


def check_records_path(path: Path | str) -> None:
    """Refuse `--out` before the evaluation runs (SourceError, exit 2): a missing folder, a folder,
    a FIFO or a file `eval --out` did not write — not after minutes of work."""
    check_owned(path, is_records, what=RECORDS, hint=RECORDS_HINT)


def _finite(x):
    """JSON has no infinity: an infinite score (a margin with one candidate) prints as null."""
    return None if isinstance(x, float) and not math.isfinite(x) else x


@dataclass
class EvalReport:
    dataset: str
    split: str
    planner: str
    oracle: bool
    n: int
    metrics: dict
    by_type: dict
    by_hops: dict
    records: list[dict] = field(repr=False)
    plans: dict[str, Plan] = field(default_factory=dict, repr=False)   # qid → plan that ran
    timing: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)                          # e.g. "knockout", "notes"

    def to_dict(self) -> dict:
        out = {"dataset": self.dataset, "split": self.split, "planner": self.planner, "oracle": self.oracle,
               "n": self.n, "metrics": self.metrics, "by_type": self.by_type, "by_hops": self.by_hops,
               "timing": {k: round(v, 3) for k, v in self.timing.items()}}
        out.update(self.extra)
        return out

    def write_records(self, path: Path | str) -> None:
        """One JSON object per question, in example order, written atomically (never over a file
        `eval --out` did not write: `check_records_path`)."""
        text = "".join(json.dumps(rec, ensure_ascii=False, sort_keys=True) + "\n" for rec in self.records)
        write_owned(path, text, is_records, what=RECORDS, hint=RECORDS_HINT)

    def __rich__(self):
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        title = (f"{self.dataset} / {self.split} — planner {self.planner}"
                 + (" (ORACLE: reads gold paths)" if self.oracle else "") + f" — n={self.n:,}")
        groups = [("all", {"n": self.n, **self.metrics})]
        if len(self.by_type) > 1:
            groups += [(f"type {k}", g) for k, g in self.by_type.items()]
        if len(self.by_hops) > 1:
            groups += [(f"hops {k}", g) for k, g in self.by_hops.items()]
        groups = groups[:9]
        table = Table(title=title, title_justify="left")
        table.add_column("metric", style="bold")
        for label, _ in groups:
            table.add_column(label, justify="right")
        table.add_row("n", *(f"{g['n']:,}" for _, g in groups))
        for m in REPORT_ORDER:
            if any(m in g for _, g in groups):
                table.add_row(m, *(f"{g[m]:.3f}" if m in g else "–" for _, g in groups))
        parts = [table]
        reasons: dict[str, int] = {}
        for rec in self.records:
            if rec["status"] == "abstain":
                reasons[rec["reason"] or "?"] = reasons.get(rec["reason"] or "?", 0) + 1
        if reasons:
            parts.append(Text("abstentions: " + ", ".join(f"{k} {v:,}" for k, v in sorted(reasons.items()))))
        knock = self.extra.get("knockout")
        if knock:
            parts.append(Text(f"knock-out: {knock['leaks']:,} leaks / {knock['must_abstain']:,} must-abstain "
                              f"(leak rate {knock['leak_rate'] if knock['leak_rate'] is not None else '–'}); "
                              f"{knock['rerouted']:,} rerouted, {knock['lattices']:,} lattices rebuilt "
                              f"in {knock['seconds']:.1f}s", style="bold"))
        ranked = self.extra.get("ranking")
        if ranked and ranked["sets"]:
            parts.append(Text(f"ranking: Hits@1 on {ranked['sets']:,} non-singleton answer sets "
                              f"{ranked['hits_at_1_sorted']:.3f} sorted, {ranked['hits_at_1_ranked']:.3f} ranked "
                              f"({ranked['unranked']:,} without an anchor to rank from)", style="bold"))
        claims = self.extra.get("claims")
        if claims:
            parts.append(Text(f"claims: {claims['formed']:,} of {claims['claims']:,} formed from "
                              f"{claims['questions']:,} comparison questions; accuracy {claims['accuracy']:.3f} "
                              f"({claims['accuracy_formed']:.3f} on formed claims; true claims "
                              f"{claims['true_claims']['accuracy']:.3f}, false claims "
                              f"{claims['false_claims']['accuracy']:.3f})", style="bold"))
        failures = self.extra.get("failures")
        if failures and failures["n_missed"]:
            why = Table("failure class", "missed", title=f"why {failures['n_missed']:,} were missed",
                        title_justify="left")
            for cls, count in failures["classes"].items():
                why.add_row(cls.replace("_", " "), f"{count:,}")
            parts.append(why)
        if self.timing:
            parts.append(Text("timing: " + ", ".join(f"{k} {v:.2f}s" for k, v in self.timing.items()), style="dim"))
        return Group(*parts)


def _planner_inputs(examples: Sequence[Example]) -> list[tuple[str, str]]:
    """What a planner may see: (question text, qid). Nothing else leaves an Example for planning."""
    return [(str(ex.question), str(ex.qid)) for ex in examples]


def make_record(ex: Example, out: PlanOutput, result, plan_error: str | None = None,
                must_abstain: bool | None = None) -> dict:
    """One question's record: what was planned, what ran, what came back, and its scores."""
    if out.plan is None:
        status, answers, verdict, reason, by = "abstain", (), None, out.reason or Reason.NO_PLAN, "planner"
    elif plan_error is not None:
        status, answers, verdict, reason, by = "abstain", (), None, Reason.PLAN_ERROR, "planner"
    else:
        status, answers, verdict, reason = result.status, tuple(result.answers), result.verdict, result.reason
        by = "engine" if status == "abstain" else None
    metrics = score_question(status, answers, verdict, ex.answers, gold_verdict=ex.gold_yes_no,
                             must_abstain=must_abstain)
    rec = {"qid": ex.qid, "question": ex.question, "qtype": ex.qtype, "hops": ex.hops,
           "plan": to_text(out.plan) if out.plan is not None else None,
           "planner_score": _finite(out.score), "status": status, "answers": list(answers),
           "verdict": verdict, "reason": reason, "abstained_by": by, "gold_answers": list(ex.answers),
           "metrics": metrics}
    if plan_error is not None:
        rec["plan_error"] = plan_error
    return rec


def ranking_hits(examples: Sequence[Example], records: Sequence[dict], plans: dict, results: dict, runner) -> dict:
    """Hits@1 on the non-singleton answer sets, taking the first answer as the set sorts it and as
    the ranking orders it (latweave/ranking.py): what an order inside a complete set is worth."""
    from latweave.lattice.answers import normalize_answer

    sets = sorted_hits = ranked_hits = unranked = 0
    for ex, rec in zip(examples, records):
        plan = plans.get(ex.qid)
        if rec["status"] != "answer" or len(rec["answers"]) < 2 or plan is None:
            continue
        gold = {normalize_answer(g) for g in ex.answers}
        sets += 1
        sorted_hits += normalize_answer(rec["answers"][0]) in gold
        ranking = runner.ranked(plan, results[plan]).ranking
        unranked += ranking is None      # no anchor: the sorted order stands
        ranked_hits += normalize_answer(ranking[0][0] if ranking else rec["answers"][0]) in gold
    return {"sets": sets, "hits_at_1_sorted": sorted_hits / sets if sets else None,
            "hits_at_1_ranked": ranked_hits / sets if sets else None, "unranked": unranked}


def evaluate(examples: Sequence[Example], planner: Planner, runner, *, limit: int | None = None,
             progress: Callable[[int, int], None] | None = None, dataset: str = "", split: str = "",
             rank: bool = False) -> EvalReport:
    """Plan (question text only), run every plan in one batch, score, report; with `rank`, also
    Hits@1 on the non-singleton answer sets with and without the ranking (`ranking_hits`)."""
    examples = list(examples)[:limit] if limit is not None else list(examples)
    inputs = _planner_inputs(examples)
    t0 = time.perf_counter()
    outputs: list[PlanOutput] = []
    for i, (question, qid) in enumerate(inputs, 1):
        outputs.append(planner.plan(question, qid))
        if progress is not None:
            progress(i, len(inputs))
    t1 = time.perf_counter()
    results, bad = runner.run_many([o.plan for o in outputs if o.plan is not None], proofs=False)
    t2 = time.perf_counter()
    records, plans = [], {}
    for ex, out in zip(examples, outputs):
        result = results.get(out.plan) if out.plan is not None else None
        records.append(make_record(ex, out, result, bad.get(out.plan) if out.plan is not None else None))
        if result is not None:
            plans[ex.qid] = out.plan
    t3 = time.perf_counter()
    extra = {"distinct_plans": len(set(plans.values()))}
    if rank:
        extra["ranking"] = ranking_hits(examples, records, plans, results, runner)
    timing = {"plan_s": t1 - t0, "run_s": t2 - t1, "score_s": t3 - t2}
    timing.update({f"engine_{k}": v for k, v in getattr(runner, "last_timing", {}).items()})
    return EvalReport(dataset, split, getattr(planner, "name", type(planner).__name__),
                      bool(getattr(planner, "reads_gold", False)), len(records),
                      aggregate([r["metrics"] for r in records]), aggregate_by(records, "qtype"),
                      aggregate_by(records, "hops"), records, plans, timing, extra)
