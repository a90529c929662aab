"""Engines on the real rules: lattice load, a batch of meet plans, and warm single-plan latency.

A generated lattice in the shape of ../shared/ENGINES.md: 3 taxonomy dimensions (trees of depth 4,
branching 6, plus extra parent edges), instances with leaf coordinates on 2 of the 3 dimensions,
and meet plans of 1-2 constraints. Prints a table; asserts nothing about time. Engines must agree
on every answer set, which it checks.

A second table puts each engine beside the paper's figures (at 1.2M instances only) and the
hand-indexed lower bound (bench/floor.py: closures and an inverted index built once, untimed),
timed alternating with the engine, plan by plan, with the ratios and how many plans' answer sets
the floor and the engine agree on. `load` is `Runner(...)` (manifest, the Python model, the
compiled facts), `open` the engine session (the lattice strata); batch rates are plans/s over
the batch; peak RSS is the whole process's. `--out DIR` keeps the lattice (reused when present).

    .venv/bin/python bench/spine.py --instances 20000 --plans 200 --engines duckdb,clingo,souffle
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.floor import Floor  # noqa: E402
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


#: the LatWeave paper's figures for one plan at 1.2M instances (ms), shown beside that row only
PAPER = {1_200_000: (18.7, 50.0)}


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def peak_rss_mb() -> float:
    """This process's peak resident memory so far (ru_maxrss: KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def lattice_folder(instances: int, out: str | None) -> tuple[Path, dict[str, list[str]], str]:
    """Generate the lattice and save it (into `out` when given: a folder that already holds the
    lattice of this size is reused as it is)."""
    t = time.perf_counter()
    lattice, values = generate(instances)
    folder = Path(out) if out else Path(tempfile.mkdtemp()) / "lattice"
    manifest = folder / "manifest.json"
    reused = manifest.is_file() and json.loads(manifest.read_text())["counts"]["predicates"] == len(lattice.predicates)
    if not reused:
        save_lattice(lattice, folder)
    note = (f"cores={os.cpu_count()} instances={instances} predicates={len(lattice.predicates)} "
            f"build{'' if reused else '+save'}={time.perf_counter() - t:.1f}s folder={folder}")
    return folder, values, note


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--instances", type=int, default=20000)
    ap.add_argument("--plans", type=int, default=200)
    ap.add_argument("--single", type=int, default=30)
    ap.add_argument("--engines", default=",".join(engine_names()))
    ap.add_argument("--out", default=None, help="keep the generated lattice in this folder (reused when present)")
    args = ap.parse_args()
    folder, values, note = lattice_folder(args.instances, args.out)
    print(note)
    batch = plans(values, args.plans)
    singles = batch[: args.single]
    print(f"{'engine':10} {'open':>8} {'batch':>9} {'engine':>9} {'decode':>8} {'no-proof':>9} {'answers':>9} "
          f"{'p50 ms':>8} {'p95 ms':>8} {'p50 eng':>8}")
    reference = None
    status = dict(engine_status())
    floor_rows = []
    for name in args.engines.split(","):
        reason = status.get(name, f"no engine is registered as {name!r}")
        if reason:
            print(f"{name:10} skipped: {reason}")
            continue
        t = time.perf_counter()
        with Runner(folder, name) as runner:
            loaded = time.perf_counter() - t  # manifest, the Python model, the compiled facts
            t = time.perf_counter()
            runner.session
            opened = time.perf_counter() - t
            if reference is None:  # the floor is built once, from the same compiled lattice
                t = time.perf_counter()
                floor = Floor(runner.compiled, runner.lattice)
                floor_build = time.perf_counter() - t
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
            lat, eng, low = [], [], []
            floor_agree = 0
            for plan in singles:  # floor and engine alternate, plan by plan
                t = time.perf_counter()
                mine = floor.answers(plan)
                low.append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                result = runner.run_one(plan)
                lat.append((time.perf_counter() - t) * 1000)
                eng.append(runner.last_timing["engine_s"] * 1000)
                floor_agree += mine == sorted(result.answers)
            t = time.perf_counter()
            for plan in batch:
                floor.answers(plan)
            floor_batch_s = time.perf_counter() - t
            print(f"{name:10} {opened:7.2f}s {batch_s:8.2f}s {timing['engine_s']:8.2f}s "
                  f"{timing['decode_s']:7.2f}s {bare_s:8.2f}s {sum(map(len, answers)):9d} "
                  f"{statistics.median(lat):8.1f} {quantile(lat, 0.95):8.1f} {statistics.median(eng):8.1f}{agree}")
            floor_rows.append((name, loaded, opened, low, eng, lat, len(batch) / floor_batch_s, len(batch) / bare_s,
                               len(batch) / batch_s, floor_agree))
    if not floor_rows:
        return
    paper = PAPER.get(args.instances)
    print(f"\nlower bound: closures + inverted index built in {floor_build:.2f}s (not timed per plan); "
          f"one plan at a time over {len(singles)} plans, floor and engine alternating")
    print(f"{'engine':10} {'paper p50/p95':>14} {'floor p50/p95':>15} {'engine p50/p95':>16} "
          f"{'+proof p50/p95':>16} {'floor/s':>9} {'bare/s':>8} {'+proof/s':>9} {'load':>7} {'open':>7} "
          f"{'eng÷floor':>10} {'+proof÷floor':>13} {'agree':>7}")
    for name, loaded, opened, low, eng, lat, floor_rate, bare_rate, proof_rate, floor_agree in floor_rows:
        paper_text = f"{paper[0]:.1f}/{paper[1]:.0f} ms" if paper else "-"
        f50, e50, w50 = statistics.median(low), statistics.median(eng), statistics.median(lat)
        print(f"{name:10} {paper_text:>14} {f50:6.3f}/{quantile(low, 0.95):.3f} ms "
              f"{e50:7.1f}/{quantile(eng, 0.95):.1f} ms {w50:7.1f}/{quantile(lat, 0.95):.1f} ms "
              f"{floor_rate:9.0f} {bare_rate:8.1f} {proof_rate:9.1f} {loaded:6.2f}s {opened:6.2f}s "
              f"{e50 / f50:9.0f}× {w50 / f50:12.0f}× {floor_agree:>3}/{len(low)}")
    print(f"peak RSS {peak_rss_mb():,.0f} MB (the whole run: generation, engines, floor)")


if __name__ == "__main__":
    main()
