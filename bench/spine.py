"""Engines on the real rules: lattice load, a batch of meet plans, and warm single-plan latency.

A generated lattice in the shape of ../shared/ENGINES.md: 3 taxonomy dimensions (trees of depth 4,
branching 6, plus extra parent edges), instances with leaf coordinates on 2 of the 3 dimensions.
Two workloads of meet plans (`--workload`): `narrow` (the default; issue 12's "plans returning up
to 100 answers": 1-3 constraints at any depth, kept when the floor counts 1..100 answers — see
`narrow_plans`) and `broad` (the earlier figures: 1-2 constraints at shallow values, thousands of
answers at 1.2M). The answer-count distribution is printed. Prints tables; asserts nothing about
time. Engines must agree on every answer set, which it checks.

A second table puts each engine beside the paper's figures (at 1.2M instances only) and the
hand-indexed lower bound (bench/floor.py: closures and an inverted index built once, untimed),
timed alternating with the engine, plan by plan, with the ratios and how many plans' answer sets
the floor and the engine agree on. The single plans run in a runner of their own, after the batch's
(whose decoding of the same plans would otherwise leave their proofs' labels and evidence read).
`load` is `Runner(...)` (manifest, the stored view, the symbols), `open` the engine session (the lattice strata); batch rates are plans/s over the
batch; peak RSS is the whole process's. `--batch-sizes 200,1000,5000,20000` adds plans/s against
batch size (one `Runner.run` each, proofs off and on, with compile/engine/decode seconds from
`runner.last_timing`, and the floor's rate). `--stream` generates the lattice as rows in key order
and writes it with latweave/ingest/stream.py (no model of the whole lattice: how a 10M-instance
lattice is built), printing the build time and peak RSS. `--out DIR` keeps the lattice (reused
when present).

    .venv/bin/python bench/spine.py --instances 20000 --plans 200 --engines duckdb,clingo,souffle
    .venv/bin/python bench/spine.py --instances 1200000 --stream --out /tmp/l1m --engines duckdb,sqlite \
        --batch-sizes 200,1000,5000,20000
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
from array import array
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.floor import Floor  # noqa: E402
from latweave.ingest.write import save_lattice
from latweave.engines import engine_names, engine_status  # noqa: E402
from latweave.execute import Runner  # noqa: E402
from latweave.ingest.write import write_stream
from latweave.lattice.model import Dimension, Evidence, Lattice, Predicate  # noqa: E402
from latweave.lattice.names import normalize  # noqa: E402
from latweave.plan.ast import Constraint, Meet, Name, Plan  # noqa: E402


DIMENSIONS = ("alpha", "beta", "gamma")
PAIRS = [(a, b) for a in DIMENSIONS for b in DIMENSIONS if a != b]  # rng.sample(DIMENSIONS, 2), as drawn
EVIDENCE = Evidence("gen", "generated instance", 0, 18)


def generate_head(seed: int = 88) -> tuple[Lattice, dict[str, list[list[str]]], random.Random]:
    """The dimensions and the document (no instances), each dimension's levels (depth 1..4), and
    the random generator where the instances' draws continue."""
    rng = random.Random(seed)
    lattice = Lattice(name="generated")
    levels: dict[str, list[list[str]]] = {}
    for d in DIMENSIONS:
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
    return lattice, levels, rng


def _flat(levels: dict[str, list[list[str]]]) -> dict[str, list[str]]:
    return {d: [v for lay in levels[d] for v in lay] for d in levels}


def generate(instances: int, seed: int = 88) -> tuple[Lattice, dict[str, list[str]]]:
    """The whole lattice as the Python model: instance i (`i<i>`) has a leaf on 2 of the 3 dimensions."""
    lattice, levels, rng = generate_head(seed)
    for i in range(instances):
        for d in rng.sample(DIMENSIONS, 2):
            lattice.add_predicate(f"i{i}", d, rng.choice(levels[d][-1]), doc="gen",
                                  source_text="generated instance", start=0, end=18)
    return lattice, _flat(levels)


def lex_order(n: int) -> Iterator[int]:
    """0..n-1 in the order of their decimal strings (so `i<k>` keys come out sorted): a walk of the
    digit trie, no list of n strings.

    >>> list(lex_order(12))
    [0, 1, 10, 11, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    if n > 0:
        yield 0
    stack = list(range(min(9, n - 1), 0, -1))
    while stack:
        k = stack.pop()
        yield k
        stack.extend(range(min(k * 10 + 9, n - 1), k * 10 - 1, -1))


def generate_stream(instances: int, seed: int = 88):
    """The same lattice as `generate`, for ingest/stream.py: the head, the values, and the rows
    `(label, predicates)` in key order. The draws are made in `generate`'s order (instance 0, 1,
    ...) into compact arrays (5 bytes an instance), then read back in key order."""
    head, levels, rng = generate_head(seed)
    pair, first, second = array("B"), array("H"), array("H")
    leaves = {d: levels[d][-1] for d in DIMENSIONS}
    index = {d: {v: k for k, v in enumerate(leaves[d])} for d in DIMENSIONS}
    code = {p: k for k, p in enumerate(PAIRS)}
    for _ in range(instances):
        a, b = rng.sample(DIMENSIONS, 2)
        pair.append(code[(a, b)])
        first.append(index[a][rng.choice(leaves[a])])
        second.append(index[b][rng.choice(leaves[b])])

    def rows():
        for i in lex_order(instances):
            key = f"i{i}"
            a, b = PAIRS[pair[i]]
            yield key, [Predicate(key, a, normalize(leaves[a][first[i]]), EVIDENCE),
                        Predicate(key, b, normalize(leaves[b][second[i]]), EVIDENCE)]
    return head, levels, rows()


def plans(values: dict[str, list[str]], count: int, seed: int = 7) -> list[Plan]:
    """The broad workload (earlier figures): 1-2 constraints at the shallow values (the first 42
    of each dimension: depths 1-2 and part of 3), so plans return thousands of answers at 1.2M."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        dims = rng.sample(sorted(values), rng.randint(1, 2))
        out.append(Plan((), Meet(tuple(Constraint(d, "<=", Name(rng.choice(values[d][:42]))) for d in dims))))
    return out


def narrow_plans(levels: dict[str, list[list[str]]], count: int, floor: Floor, seed: int = 7,
                 most: int = 100, cost_cap: int = 50_000) -> tuple[list[Plan], list[int], int]:
    """The narrow workload (issue 12's "plans returning up to 100 answers"): meets of 1-2
    constraints and of 2-3 (a dimension may repeat: an instance holds only 2 of the 3), each
    constraint `dim <= v` at a depth drawn uniformly (1-4), kept when it returns 1..`most` answers.

    The answer count is the hand-indexed floor's (bench/floor.py: an independent Python index
    over the same compiled lattice), so the selection reads the lattice, not the engine: it does
    not tune the engine to the workload, and every engine answers the same plans. Seeded and
    deterministic; plans may repeat. A draw whose most selective constraint alone admits more than
    `cost_cap` coordinates is dropped before counting (so drawing stays cheap at 1.2M: such a meet
    of shallow values returns thousands). Returns the plans, their answer counts and the draws made."""
    rng = random.Random(seed)
    dims = sorted(levels)
    out, sizes, draws = [], [], 0
    while len(out) < count:
        draws += 1
        if draws > 1000 * count + 10000:
            raise SystemExit(f"narrow workload: {len(out)} plans of 1..{most} answers after {draws} draws")
        k = rng.choice((1, 2, 2, 3))  # 1-2 and 2-3-constraint meets, 2 counted in both
        chosen = [rng.choice(dims) for _ in range(k)] if k == 3 else rng.sample(dims, k)
        plan = Plan((), Meet(tuple(Constraint(d, "<=", Name(rng.choice(rng.choice(levels[d])))) for d in chosen)))
        if floor.estimate(plan) > cost_cap:
            continue
        n = len(floor.ids(plan))
        if 1 <= n <= most:
            out.append(plan)
            sizes.append(n)
    return out, sizes, draws


#: the LatWeave paper's figures for one plan at 1.2M instances (ms), shown beside that row only
PAPER = {1_200_000: (18.7, 50.0)}


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def peak_rss_mb() -> float:
    """This process's peak resident memory so far (ru_maxrss: KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def child_peak_mb() -> float:
    """The largest peak resident memory (VmHWM) among this process's live child processes: the
    Spark engine's JVM, which ru_maxrss does not count (Linux /proc; 0 elsewhere)."""
    peak = 0.0
    me = str(os.getpid())
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines() if ":" in line)
        except OSError:
            continue
        if fields.get("PPid", "").strip() == me and "VmHWM" in fields:
            peak = max(peak, int(fields["VmHWM"].split()[0]) / 1024)
    return peak


def lattice_folder(instances: int, out: str | None, stream: bool) -> tuple[Path, dict[str, list[list[str]]], str]:
    """Generate the lattice and save it (into `out` when given: a folder that already holds the
    lattice of this size is reused as it is). `stream`: generated as rows in key order and written
    by ingest/stream.py (no Python model of the whole lattice) instead of `save_lattice`."""
    folder = Path(out) if out else Path(tempfile.mkdtemp()) / "lattice"
    manifest = folder / "manifest.json"
    reused = manifest.is_file() and json.loads(manifest.read_text())["counts"]["instances"] == instances
    t = time.perf_counter()
    if stream or reused:
        head, levels, rows = generate_stream(0 if reused else instances)
        if not reused:
            write_stream(head, rows, folder)
    else:
        lattice, _ = generate(instances)
        _, levels, _ = generate_head()
        save_lattice(lattice, folder)
        del lattice
    counts = json.loads(manifest.read_text())["counts"]
    how = "reused" if reused else ("generated+streamed" if stream else "generated+saved")
    note = (f"cores={os.cpu_count()} instances={counts['instances']} predicates={counts['predicates']} "
            f"{how} in {time.perf_counter() - t:.1f}s (peak RSS so far {peak_rss_mb():,.0f} MB) folder={folder}")
    return folder, levels, note


def _rate(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("inf")


def batch_table(folder: Path, engines: list[str], batch: list[Plan], sizes: list[int], floor: Floor | None) -> None:
    """Plans/s against batch size: one `Runner.run` per size, proofs off then on, per engine;
    where the time goes (runner.last_timing: compile, engine, decode); the floor's rate."""
    print("\nbatch throughput: the first N plans of the workload in one Runner.run (warm session); "
          "compile/engine/decode are runner.last_timing")
    print(f"{'engine':10} {'plans':>7} {'floor/s':>9} {'bare/s':>8} {'compile':>8} {'engine':>8} {'decode':>8} "
          f"{'+proof/s':>9} {'compile':>8} {'engine':>8} {'decode':>8}")
    for name in engines:
        with Runner(folder, name) as runner:
            runner.run(batch[:1], proofs=False)  # warm: the session opened, the lattice strata loaded
            for n in sizes:
                plans_n = batch[:n]
                floor_text = "-"
                if floor is not None:
                    t = time.perf_counter()
                    for plan in plans_n:
                        floor.answers(plan)
                    floor_text = f"{_rate(n, time.perf_counter() - t):9.0f}"
                row = []
                for proofs in (False, True):
                    t = time.perf_counter()
                    runner.run(plans_n, proofs=proofs)
                    took = time.perf_counter() - t
                    tm = runner.last_timing
                    row.append(f"{_rate(n, took):8.0f} {tm['compile_s']:7.2f}s {tm['engine_s']:7.2f}s "
                               f"{tm['decode_s']:7.2f}s")
                print(f"{name:10} {n:7d} {floor_text:>9} {row[0]} {' ' + row[1]}", flush=True)
            if child_peak_mb():
                print(f"{'':10} peak RSS of child processes (Spark's JVM) so far: {child_peak_mb():,.0f} MB")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--instances", type=int, default=20000)
    ap.add_argument("--plans", type=int, default=200)
    ap.add_argument("--single", type=int, default=30)
    ap.add_argument("--engines", default=",".join(engine_names()))
    ap.add_argument("--workload", choices=("narrow", "broad"), default="narrow",
                    help="narrow: plans returning 1..100 answers (issue 12's workload); broad: the earlier "
                         "plans at shallow values (thousands of answers at 1.2M)")
    ap.add_argument("--batch-sizes", default="",
                    help="comma-separated batch sizes (e.g. 200,1000,5000,20000): plans/s against batch size")
    ap.add_argument("--distinct", type=int, default=5000,
                    help="narrow workload: plans drawn (a longer workload cycles through them)")
    ap.add_argument("--stream", action="store_true",
                    help="generate and write the lattice streamed (ingest/stream.py), not through the model")
    ap.add_argument("--skip-table", action="store_true", help="only the batch-size table (with --batch-sizes)")
    ap.add_argument("--build-only", action="store_true", help="generate and write the lattice, print its figures, stop")
    ap.add_argument("--known-shapes", action="store_true",
                    help="before the single plans, run the batch's other plans one at a time (untimed), so that "
                         "a single plan is asked for the first time but its shape's statement may be written "
                         "already (engines/fused.py)")
    ap.add_argument("--out", default=None, help="keep the generated lattice in this folder (reused when present)")
    ap.add_argument("--answers-only", action="store_true",
                    help="the single plans asked without their proofs (the +proof columns then time answers only)")
    ap.add_argument("--partial-outputs", choices=("on", "off"), default=None,
                    help="a single plan's run computes the outputs its outcome reads first (Runner.partial_outputs, "
                         "engines/partial.py), or every output; default: the Runner's default")
    args = ap.parse_args()
    if args.partial_outputs:
        Runner.partial_outputs = args.partial_outputs == "on"
    folder, levels, note = lattice_folder(args.instances, args.out, args.stream)
    print(note)
    if args.build_only:
        return
    sizes = [int(n) for n in args.batch_sizes.split(",") if n]
    status = dict(engine_status())
    engines = []
    for name in args.engines.split(","):
        reason = status.get(name, f"no engine is registered as {name!r}")
        if reason:
            print(f"{name:10} skipped: {reason}")
        else:
            engines.append(name)
    # the floor is built once, from the same compiled lattice the engines read (untimed per plan)
    t = time.perf_counter()
    with Runner(folder, engines[0] if engines else None) as probe:
        opened = time.perf_counter() - t
        t = time.perf_counter()
        floor = Floor(probe.compiled, getattr(probe, "view", None) or probe.lattice)
        floor_build = time.perf_counter() - t
    del probe  # its compiled facts (every coord row, parsed for the floor) are not kept
    print(f"Runner(...) {opened:.2f}s; floor (closures + inverted index) built in {floor_build:.2f}s; "
          f"peak RSS {peak_rss_mb():,.0f} MB")
    wanted = max([args.plans, *sizes])
    if args.workload == "broad":
        batch = plans(_flat(levels), wanted)
        counts = [len(floor.ids(p)) for p in batch]
        print(f"workload broad: {len(batch)} plans")
    else:
        t = time.perf_counter()
        drawn, counts, draws = narrow_plans(levels, min(wanted, args.distinct), floor)
        batch = [drawn[i % len(drawn)] for i in range(wanted)]
        counts = [counts[i % len(drawn)] for i in range(wanted)]
        k = [len(p.final.constraints) for p in batch]
        print(f"workload narrow: {len(batch)} plans of 1..100 answers ({len(drawn)} drawn, cycled; kept "
              f"{len(drawn)} of {draws} draws, "
              f"{time.perf_counter() - t:.1f}s); constraints 1/2/3: {k.count(1)}/{k.count(2)}/{k.count(3)}")
    print(f"answers per plan (floor's count): min {min(counts)} p50 {statistics.median(counts):g} "
          f"p95 {quantile(counts, 0.95)} max {max(counts)}")
    t = time.perf_counter()
    for plan in batch:  # the floor's label cache filled for the workload's answers, untimed like its index
        floor.answers(plan)
    print(f"floor warmed over the workload in {time.perf_counter() - t:.2f}s")
    if not args.skip_table:
        single_table(folder, engines, batch[:args.plans], batch[:args.single], floor, args.instances,
                     args.known_shapes, not args.answers_only)
    if sizes:
        batch_table(folder, engines, batch, sizes, floor)
    print(f"peak RSS {peak_rss_mb():,.0f} MB (the whole run: generation, engines, floor)")


def single_table(folder: Path, engines: list[str], batch: list[Plan], singles: list[Plan], floor: Floor,
                 instances: int, known_shapes: bool = False, proofs: bool = True) -> None:
    print(f"{'engine':10} {'open':>8} {'batch':>9} {'engine':>9} {'decode':>8} {'no-proof':>9} {'answers':>9} "
          f"{'p50 ms':>8} {'p95 ms':>8} {'p50 eng':>8}")
    reference = None
    floor_rows = []
    for name in engines:
        t = time.perf_counter()
        with Runner(folder, name) as runner:
            loaded = time.perf_counter() - t  # manifest, the stored view, the symbols
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
        # the single plans in a runner of their own: the batch above decoded them already, and a
        # runner keeps the proofs' labels, evidence and leaves it read (proof/extract.py `Kept`),
        # so in its runner a single plan's proof would be read from what the batch left
        with Runner(folder, name) as runner:
            runner.session
            if known_shapes:   # the batch's other plans, one at a time: their shapes' statements written
                for plan in batch[len(singles):]:
                    runner.run([plan], proofs=proofs)
            lat, eng, low = [], [], []
            floor_agree = 0
            for plan in singles:  # floor and engine alternate, plan by plan
                t = time.perf_counter()
                mine = floor.answers(plan)
                low.append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                result = runner.run([plan], proofs=proofs)[0]
                lat.append((time.perf_counter() - t) * 1000)
                eng.append(runner.last_timing["engine_s"] * 1000)
                floor_agree += mine == sorted(result.answers)
            t = time.perf_counter()
            for plan in batch:
                floor.answers(plan)
            floor_batch_s = time.perf_counter() - t
            print(f"{name:10} {opened:7.2f}s {batch_s:8.2f}s {timing['engine_s']:8.2f}s "
                  f"{timing['decode_s']:7.2f}s {bare_s:8.2f}s {sum(map(len, answers)):9d} "
                  f"{statistics.median(lat):8.1f} {quantile(lat, 0.95):8.1f} {statistics.median(eng):8.1f}{agree}",
                  flush=True)
            floor_rows.append((name, loaded, opened, low, eng, lat, len(batch) / floor_batch_s, len(batch) / bare_s,
                               len(batch) / batch_s, floor_agree))
    if not floor_rows:
        return
    paper = PAPER.get(instances)
    print(f"\nlower bound (bench/floor.py), one plan at a time over {len(singles)} plans, floor and engine "
          f"alternating; batch rates over {len(batch)} plans")
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


if __name__ == "__main__":
    main()
