"""Per-question latency and batch throughput on a benchmark lattice, with the plans a planner wrote.

Takes the JSON-lines records of an evaluation (`latweave eval ... --out records.jsonl`) and the
lattice it ran on (the `lattice` field of `latweave eval --json`), and times, warm and in-process,
per engine: one plan at a time (p50 / p95, engine part and whole run with the proof tree), and all
plans in one batch (plans per second, proofs off and on). Beside them, the hand-indexed lower
bound (bench/floor.py) on the plans whose shape it answers, timed alternating with the engine,
plan by plan, and checked against the engine's answers (the count that agree is printed). The
table has bench/spine.py's layout (paper, floor, engine, with proof, batch rates, load and open,
ratios, agreement; peak RSS). Prints tables; asserts nothing about time.

    latweave eval 2wiki --split dev --out /tmp/w2.jsonl --json | jq -r .lattice
    .venv/bin/python bench/questions.py --records /tmp/w2.jsonl --lattice out/lattices/2wiki-… \
        --engines duckdb,sqlite --single 200
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


def _table_header() -> str:
    return (f"{'engine':10} {'paper p50/p95':>14} {'floor p50/p95':>15} {'engine p50/p95':>16} "
            f"{'+proof p50/p95':>16} {'floor/s':>9} {'bare/s':>8} {'+proof/s':>9} {'load':>7} {'open':>7} "
            f"{'eng÷floor':>10} {'+proof÷floor':>13} {'agree':>7}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", required=True, help="records.jsonl written by latweave eval --out")
    ap.add_argument("--lattice", required=True, help="the lattice folder the evaluation ran on")
    ap.add_argument("--engines", "--engine", default="duckdb", help="comma-separated engines, e.g. duckdb,sqlite")
    ap.add_argument("--single", type=int, default=200, help="plans timed one at a time (the first N)")
    args = ap.parse_args()

    plans = []
    for line in Path(args.records).read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec.get("plan"):
            plans.append(read_plan(rec["plan"]))
    answerable: list = []   # the plans the floor answers (known once it is built: `<=` on a date is a window)
    rows = []
    floor = None
    for name in args.engines.split(","):
        t0 = time.perf_counter()
        with Runner(args.lattice, name) as runner:
            loaded = time.perf_counter() - t0              # manifest, the stored view, the symbols
            t = time.perf_counter()
            runner.run_one(plans[0])                       # warm: opens the session, loads the lattice strata
            opened = time.perf_counter() - t
            if floor is None:
                t = time.perf_counter()
                floor = Floor(runner.compiled, getattr(runner, "view", None) or runner.lattice)
                answerable = [p for p in plans if Floor.covers(p, floor.ordered)]
                for plan in answerable:                    # built and warmed once, not timed per plan
                    floor.answers(plan)
                floor_build = time.perf_counter() - t
            engine_ms, whole_ms = [], []
            covered: list[tuple[float, float, float]] = []  # (floor, engine, whole) ms of the plans the floor answers
            agree = 0
            for plan in plans[:args.single]:               # floor and engine alternate, plan by plan
                mine = None
                if Floor.covers(plan, floor.ordered):
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
            bare_timing = dict(runner.last_timing)
            started = time.perf_counter()
            runner.run(plans, proofs=True)
            batch_proofs_s = time.perf_counter() - started
            proof_timing = dict(runner.last_timing)
            started = time.perf_counter()
            for plan in answerable:
                floor.answers(plan)
            floor_batch_s = time.perf_counter() - started
            counts = runner.manifest["counts"]
        rows.append((name, loaded, opened, engine_ms, whole_ms, covered, agree, len(plans) / batch_s,
                     len(plans) / batch_proofs_s, len(answerable) / floor_batch_s, bare_timing, proof_timing))
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"lattice {args.lattice}: {counts['instances']:,} instances, {counts['predicates']:,} predicates; "
          f"cores {cores}; {len(plans)} plans ({len(answerable)} of a shape the floor answers: chains of meets "
          f"with projections; the rest are compare, holds, union, numeric window); the paper reports no figure here")
    print(f"lower bound (bench/floor.py): closures + inverted index built and warmed in {floor_build:.2f}s; "
          f"one plan at a time over the first {args.single}, floor and engine alternating; the p50/p95 columns and "
          f"ratios are over the plans the floor answers; batch rates are all {len(plans)} plans in one Runner.run "
          f"(the floor's over its {len(answerable)})")
    print(_table_header())
    for (name, loaded, opened, engine_ms, whole_ms, covered, agree, bare_rate, proof_rate, floor_rate,
         _, _) in rows:
        if covered:
            low, eng, whole = (sorted(c[i] for c in covered) for i in range(3))
        else:
            low, eng, whole = [float("nan")], engine_ms, whole_ms
        f50, e50, w50 = statistics.median(low), statistics.median(eng), statistics.median(whole)
        print(f"{name:10} {'-':>14} {f50:6.3f}/{_quantile(low, 0.95):.3f} ms "
              f"{e50:7.1f}/{_quantile(eng, 0.95):.1f} ms {w50:7.1f}/{_quantile(whole, 0.95):.1f} ms "
              f"{floor_rate:9.0f} {bare_rate:8.1f} {proof_rate:9.1f} {loaded:6.2f}s {opened:6.2f}s "
              f"{e50 / f50:9.0f}× {w50 / f50:12.0f}× {agree:>3}/{len(covered)}")
    print(f"\nall {min(args.single, len(plans))} timed plans (every shape), and where a whole batch's time goes "
          f"(runner.last_timing, seconds)")
    print(f"{'engine':10} {'engine p50/p95':>16} {'+proof p50/p95':>16} {'bare: compile/engine/decode':>28} "
          f"{'+proof: compile/engine/decode':>30}")
    for name, _, _, engine_ms, whole_ms, _, _, _, _, _, bare, proof in rows:
        split = lambda tm: f"{tm['compile_s']:.2f}/{tm['engine_s']:.2f}/{tm['decode_s']:.2f}"  # noqa: E731
        print(f"{name:10} {statistics.median(engine_ms):7.1f}/{_quantile(engine_ms, 0.95):.1f} ms "
              f"{statistics.median(whole_ms):7.1f}/{_quantile(whole_ms, 0.95):.1f} ms {split(bare):>28} "
              f"{split(proof):>30}")
    print(f"peak RSS {_peak_rss_mb():,.0f} MB (the whole run: every engine, the floor)")


if __name__ == "__main__":
    main()
