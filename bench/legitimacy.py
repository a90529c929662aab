"""Legitimacy checks (issue 6) on real and generated lattices: time per phase, sizes, verdicts.

Prints figures; asserts nothing about time. With no arguments it builds the largest benchmark
lattice available (2WikiMultihopQA dev evidences, then PathQuestion 3H) from ../shared/data into
a temporary folder, and adds a generated DAG-shaped lattice (trees plus extra parent edges, so
meets compete and the completion, König matching and witness search all run at size) and a
generated KB-shaped lattice of 60,000 instances (the shared data holds only 10,045 for 2Wiki).

    .venv/bin/python bench/legitimacy.py                      # benchmark + generated DAG + 60k KB-shaped
    .venv/bin/python bench/legitimacy.py out/lattices/2wiki-53461c567f20 --no-generated
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from latweave.lattice.model import Dimension, Lattice  # noqa: E402
from latweave.folder.store import load_lattice  # noqa: E402
from latweave.legitimacy import check_lattice  # noqa: E402
from latweave.legitimacy.check import check_fca  # noqa: E402
from latweave.legitimacy.dependence import dependent_dimensions  # noqa: E402
from latweave.legitimacy.distributive import check_distributive  # noqa: E402
from latweave.legitimacy.meets import check_meets, completion, completion_cuts  # noqa: E402
from latweave.legitimacy.poset import poset_of  # noqa: E402
from latweave.legitimacy.width import dilworth_width  # noqa: E402

DATA = Path(os.environ.get("LATWEAVE_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
SOURCES = [("2wiki", DATA / "2wikimultihopqa" / "lag" / "dev.json"),
           ("pathquestion", DATA / "pathquestion" / "3H-kb.txt")]


def build_benchmark(tmp: Path) -> Path | None:
    """Build the largest benchmark lattice whose source is present; None when there is no data."""
    from latweave.ingest.builds import build_kb

    for fmt, source in SOURCES:
        if source.is_file():
            out = tmp / fmt
            t0 = time.perf_counter()
            build_kb(source, fmt, out)
            print(f"built {source} ({fmt}) in {time.perf_counter() - t0:.2f} s")
            return out
    print(f"no benchmark data under {DATA} (set LATWEAVE_DATA); only the generated lattice is timed")
    return None


def generated() -> Lattice:
    """bench/spine.py's generated lattice (three DAG dimensions: trees of branching 6 and depth 4
    plus extra parents), with 2,000 instances: its meets are not unique, so the completion runs."""
    from spine import generate

    return generate(2000)[0]


def kb_like(instances: int, dimensions: int = 300, per_instance: int = 4, seed: int = 5) -> Lattice:
    """A KB-shaped lattice: flat open dimensions (⊤ over leaves), Zipf-distributed values."""
    rng = random.Random(seed)
    lattice = Lattice(name=f"kb-like-{instances}")
    names = [f"rel{k:03d}" for k in range(dimensions)]
    for name in names:
        lattice.add_dimension(Dimension(name, open=True))
    lattice.add_document("gen", "generated fact")
    weights = [1 / (k + 1) for k in range(dimensions)]
    for i in range(instances):
        for name in sorted(set(rng.choices(names, weights, k=per_instance))):
            value = f"v{int(rng.paretovariate(1.2)) % (instances // 4 + 1)}"
            lattice.add_predicate(f"e{i}", name, value, doc="gen", source_text="generated fact", start=0, end=14)
    return lattice


def phases(lattice: Lattice) -> None:
    """Time each phase over all dimensions, then the whole `check_lattice`."""
    totals = {"poset": 0.0, "meets": 0.0, "completion": 0.0, "distributive": 0.0, "width": 0.0}
    slowest = []
    counts = {"lattice": 0, "not lattice": 0, "distributive": 0, "not distributive": 0, "skipped": 0}
    for dim in sorted(lattice.dimensions.values(), key=lambda d: d.name):
        t0 = time.perf_counter()
        poset = poset_of(dim)
        t1 = time.perf_counter()
        meets = check_meets(poset)
        t2 = time.perf_counter()
        target = poset
        if meets.competing:
            target = completion(poset, completion_cuts(poset, meets.competing))
        t3 = time.perf_counter()
        verdict = check_distributive(target)
        t4 = time.perf_counter()
        dilworth_width(poset)
        t5 = time.perf_counter()
        for name, dt in zip(totals, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)):
            totals[name] += dt
        slowest.append((t5 - t0, dim.name, poset.size, len(meets.competing), target.size - poset.size))
        counts["lattice" if meets.unique else "not lattice"] += 1
        counts[{True: "distributive", False: "not distributive", None: "skipped"}[verdict.distributive]] += 1
    t0 = time.perf_counter()
    fca = check_fca(lattice)
    t1 = time.perf_counter()
    dependent = dependent_dimensions(lattice)
    t2 = time.perf_counter()
    totals["fca"], totals["dependence"] = t1 - t0, t2 - t1
    values = sum(len(d.labels) for d in lattice.dimensions.values())
    print(f"  {len(lattice.dimensions)} dimensions, {values} values, {len(lattice.instances)} instances, "
          f"{len(lattice.predicates)} predicates")
    print("  phase times (s): " + ", ".join(f"{k} {v:.3f}" for k, v in totals.items()))
    print("  verdicts: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    print(f"  fca: {fca.objects} × {fca.attributes}, concepts {fca.concepts} ({fca.message or 'complete'}), "
          f"{len(fca.co_occurring)} co-occurring groups, {len(fca.implications)} implications; "
          f"{len(dependent)} dependent dimension pairs")
    print("  slowest dimensions (s, name, elements, competing pairs, completion adds):")
    for row in sorted(slowest, reverse=True)[:5]:
        print(f"    {row[0]:.3f}  {row[1]}  {row[2]}  {row[3]}  {row[4]}")
    t0 = time.perf_counter()
    report = check_lattice(lattice)
    t1 = time.perf_counter()
    print(f"  check_lattice total {t1 - t0:.3f} s; ok={report.ok}, blockers={len(report.live_blockers)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lattices", nargs="*", help="lattice folders (default: build the largest benchmark)")
    parser.add_argument("--no-generated", action="store_true", help="skip the generated DAG lattice")
    parser.add_argument("--kb-like", type=int, default=60000, metavar="N",
                        help="also time a generated KB-shaped lattice of N instances (0: skip)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folders = [Path(p) for p in args.lattices]
        if not folders:
            built = build_benchmark(Path(tmp))
            folders = [built] if built else []
        for folder in folders:
            t0 = time.perf_counter()
            lattice = load_lattice(folder, verify=False)
            print(f"{folder} (loaded in {time.perf_counter() - t0:.2f} s)")
            phases(lattice)
    if not args.no_generated:
        t0 = time.perf_counter()
        lattice = generated()
        print(f"generated DAG lattice (built in {time.perf_counter() - t0:.2f} s)")
        phases(lattice)
    if args.kb_like:
        t0 = time.perf_counter()
        lattice = kb_like(args.kb_like)
        print(f"generated KB-shaped lattice (built in {time.perf_counter() - t0:.2f} s)")
        phases(lattice)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
