"""Engines on the real rules: lattice load, a batch of meet plans, and warm single-plan latency.

A generated lattice in the shape of ../shared/ENGINES.md: 3 taxonomy dimensions (trees of depth 4,
branching 6, plus extra parent edges), instances with leaf coordinates on 2 of the 3 dimensions,
and meet plans of 1-3 constraints. Prints a table; asserts nothing about time. Engines must agree
on every answer set, which it checks.

    .venv/bin/python bench/spine.py --instances 20000 --plans 200 --engines duckdb,clingo,souffle
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from latweave.ingest.build import save_lattice  # noqa: E402
from latweave.engines import engine_names, engine_status  # noqa: E402
from latweave.execute import Runner  # noqa: E402
from latweave.lattice.model import Dimension, Lattice  # noqa: E402
from latweave.plan.ast import Constraint, Meet, Name, Plan  # noqa: E402


def generate(instances: int, seed: int = 88) -> tuple[Lattice, dict[str, list[str]]]:
    rng = random.Random(seed)
    lattice = Lattice(name="generated")
    levels: dict[str, list[list[str]]] = {}
    for d in ("alpha", "beta", "gamma"):
        dim = lattice.add_dimension(Dimension(d, functional=True))
        layer, all_layers = ["TOP"], []
        for depth in range(4):
            nxt = []
            for parent in layer:
                for b in range(6):
                    child = f"{d}{depth}-{parent}-{b}" if parent != "TOP" else f"{d}{depth}-{b}"
                    dim.add_edge(parent, child)
                    nxt.append(child)
            all_layers.append(nxt)
            layer = nxt
        inner = [v for lay in all_layers[:-1] for v in lay]
        for _ in range(434):  # extra parents make it a DAG
            child = rng.choice(all_layers[-1])
            dim.add_edge(rng.choice(inner), child)
        levels[d] = all_layers
    lattice.add_document("gen", "generated instance")
    for i in range(instances):
        for d in rng.sample(("alpha", "beta", "gamma"), 2):
            lattice.add_predicate(f"i{i}", d, rng.choice(levels[d][-1]), doc="gen",
                                  source_text="generated instance", start=0, end=18)
    return lattice, {d: [v for lay in levels[d] for v in lay] for d in levels}


def plans(values: dict[str, list[str]], count: int, seed: int = 7) -> list[Plan]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        dims = rng.sample(sorted(values), rng.randint(1, 2))
        out.append(Plan((), Meet(tuple(Constraint(d, "<=", Name(rng.choice(values[d][:42]))) for d in dims))))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--instances", type=int, default=20000)
    ap.add_argument("--plans", type=int, default=200)
    ap.add_argument("--single", type=int, default=30)
    ap.add_argument("--engines", default=",".join(engine_names()))
    args = ap.parse_args()
    t = time.perf_counter()
    lattice, values = generate(args.instances)
    folder = Path(tempfile.mkdtemp()) / "lattice"
    save_lattice(lattice, folder)
    print(f"cores={os.cpu_count()} instances={args.instances} predicates={len(lattice.predicates)} "
          f"build+save={time.perf_counter() - t:.1f}s")
    batch = plans(values, args.plans)
    print(f"{'engine':10} {'open':>8} {'batch':>9} {'engine':>9} {'decode':>8} {'no-proof':>9} {'answers':>9} "
          f"{'p50 ms':>8} {'p95 ms':>8} {'p50 eng':>8}")
    reference = None
    status = dict(engine_status())
    for name in args.engines.split(","):
        reason = status.get(name, f"no engine is registered as {name!r}")
        if reason:
            print(f"{name:10} skipped: {reason}")
            continue
        with Runner(folder, name) as runner:
            t = time.perf_counter()
            runner.session
            opened = time.perf_counter() - t
            t = time.perf_counter()
            results = runner.run(batch)
            batch_s = time.perf_counter() - t
            timing = dict(runner.last_timing)
            t = time.perf_counter()
            bare = runner.run(batch, proofs=False)
            bare_s = time.perf_counter() - t
            assert [r.answers for r in bare] == [r.answers for r in results]
            answers = [r.answers for r in results]
            if reference is None:
                reference = answers
            agree = "" if answers == reference else "  DISAGREES with the first engine"
            lat, eng = [], []
            for plan in batch[: args.single]:
                t = time.perf_counter()
                runner.run_one(plan)
                lat.append((time.perf_counter() - t) * 1000)
                eng.append(runner.last_timing["engine_s"] * 1000)
            lat.sort()
            p95 = lat[min(len(lat) - 1, int(len(lat) * 0.95))]
            print(f"{name:10} {opened:7.2f}s {batch_s:8.2f}s {timing['engine_s']:8.2f}s "
                  f"{timing['decode_s']:7.2f}s {bare_s:8.2f}s {sum(map(len, answers)):9d} "
                  f"{statistics.median(lat):8.1f} {p95:8.1f} {statistics.median(eng):8.1f}{agree}")


if __name__ == "__main__":
    main()
