"""Per-question latency and batch throughput on a benchmark lattice, with the plans a planner wrote.

Takes the JSON-lines records of an evaluation (`latweave eval ... --out records.jsonl`) and the
lattice it ran on (the `lattice` field of `latweave eval --json`), and times, warm and in-process:
one plan at a time (p50 / p95, engine part and whole run with the proof tree), and all plans in one
batch (questions per second). Beside them, the hand-indexed lower bound (bench/floor.py) on the plans
whose shape it answers, timed alternating with the engine, plan by plan, and checked against the
engine's answers (the count that agree is printed). Prints tables; asserts nothing about time.

    latweave eval 2wiki --split dev --out /tmp/w2.jsonl --json | jq -r .lattice
    .venv/bin/python bench/questions.py --records /tmp/w2.jsonl --lattice out/lattices/2wiki-… --single 200
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.floor import Floor  # noqa: E402
from latweave.execute import Runner  # noqa: E402
from latweave.plan.read import read_plan  # noqa: E402


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _peak_rss_mb() -> float:
    """This process's peak resident memory so far (ru_maxrss: KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", required=True, help="records.jsonl written by latweave eval --out")
    ap.add_argument("--lattice", required=True, help="the lattice folder the evaluation ran on")
    ap.add_argument("--engine", default=None)
    ap.add_argument("--single", type=int, default=200, help="plans timed one at a time (the first N)")
    args = ap.parse_args()

    plans = []
    for line in Path(args.records).read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec.get("plan"):
            plans.append(read_plan(rec["plan"]))
    t0 = time.perf_counter()
    with Runner(args.lattice, args.engine) as runner:
        runner.run_one(plans[0])                       # warm: opens the session, loads the lattice strata
        opened = time.perf_counter() - t0
        t = time.perf_counter()
        floor = Floor(runner.compiled, runner.lattice)  # built once, not timed per plan
        floor_build = time.perf_counter() - t
        engine_ms, whole_ms = [], []
        covered: list[tuple[float, float, float]] = []  # (floor, engine, whole) ms of the plans the floor answers
        agree = 0
        for plan in plans[:args.single]:               # floor and engine alternate, plan by plan
            mine = None
            if Floor.covers(plan):
                started = time.perf_counter()
                mine = floor.answers(plan)
                low = (time.perf_counter() - started) * 1000
            started = time.perf_counter()
            (result,) = runner.run([plan], proofs=True)
            whole_ms.append((time.perf_counter() - started) * 1000)
            engine_ms.append(runner.last_timing["engine_s"] * 1000)
            if mine is not None:
                covered.append((low, engine_ms[-1], whole_ms[-1]))
                agree += mine == sorted(result.answers)
        started = time.perf_counter()
        runner.run(plans, proofs=False)
        batch_s = time.perf_counter() - started
        started = time.perf_counter()
        runner.run(plans, proofs=True)
        batch_proofs_s = time.perf_counter() - started
        answerable = [p for p in plans if Floor.covers(p)]
        started = time.perf_counter()
        for plan in answerable:
            floor.answers(plan)
        floor_batch_s = time.perf_counter() - started
        counts = runner.manifest["counts"]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"lattice {args.lattice}: {counts['instances']:,} instances, {counts['predicates']:,} predicates; "
          f"engine {runner.engine.name}; cores {cores}; open + first plan {opened:.2f} s")
    print(f"{'plans':>8} {'p50 engine':>11} {'p95 engine':>11} {'p50 whole':>10} {'p95 whole':>10} "
          f"{'batch q/s':>10} {'batch+proofs q/s':>17}")
    print(f"{len(engine_ms):>8} {statistics.median(engine_ms):>9.1f}ms {_quantile(engine_ms, 0.95):>9.1f}ms "
          f"{statistics.median(whole_ms):>8.1f}ms {_quantile(whole_ms, 0.95):>8.1f}ms "
          f"{len(plans) / batch_s:>10.1f} {len(plans) / batch_proofs_s:>17.1f}   (batch of {len(plans)})")
    timed = len(engine_ms)
    print(f"\nlower bound (bench/floor.py): closures + inverted index built in {floor_build:.2f}s; it answers "
          f"{len(covered)} of the {timed} timed plans (chains of meets with projections) and skips "
          f"{timed - len(covered)} (compare, holds, union, numeric window); the paper reports no figure here")
    if not covered:
        print(f"peak RSS {_peak_rss_mb():,.0f} MB")
        return
    low, eng, whole = (sorted(c[i] for c in covered) for i in range(3))
    f50, e50, w50 = statistics.median(low), statistics.median(eng), statistics.median(whole)
    print(f"{'plans':>6} {'floor p50/p95':>16} {'engine p50/p95':>16} {'+proof p50/p95':>16} {'floor q/s':>10} "
          f"{'eng÷floor':>10} {'+proof÷floor':>13} {'agree':>9}   (over the plans the floor answers)")
    print(f"{len(covered):>6} {f50:7.3f}/{_quantile(low, 0.95):.3f} ms {e50:7.1f}/{_quantile(eng, 0.95):.1f} ms "
          f"{w50:7.1f}/{_quantile(whole, 0.95):.1f} ms {len(answerable) / floor_batch_s:10.0f} "
          f"{e50 / f50:9.0f}× {w50 / f50:12.0f}× {agree:>4}/{len(covered)}")
    print(f"peak RSS {_peak_rss_mb():,.0f} MB")


if __name__ == "__main__":
    main()
