"""Build a generated KB at scale, then answer a batch of plans on it: Spark beside Python and DuckDB.

    .venv/bin/python bench/kb_scale.py --instances 1000000 --builds spark --engines duckdb,spark \
        --plans 10000 --work /tmp/kbs

For N subjects (bench/kb_gen.py's KB, written into --work and reused when present):

* **build**: `latweave build KB --format pathquestion --engine E --out DIR` for each E of --builds, as
  a child process (a cold start, as a user runs it). Printed: wall seconds, and peak memory as the
  largest sum of the resident memory of the build's whole process tree (Spark's JVM and Python
  workers included), sampled every 0.2 s from /proc. When two builds ran, their manifests must
  match (the builds are byte-identical; the script stops otherwise). A lattice folder already in
  --work is reused (not rebuilt, no build figures) unless --rebuild.
* **batch**: one batch of --plans meet plans (below) through `Runner.run` on each engine of
  --engines, without proofs, on a warm session: opening seconds, the batch's seconds and plans/s,
  and the engine's peak (this process's peak RSS; for Spark the JVM's, a child process). Every
  engine must return the same answers, in the same JSON, as the first; the script stops otherwise.

The plans (seeded, the same for the same arguments) ask what a user of such a KB asks, each with
a handful to a few hundred answers: people of one profession born in one city; people of one gender
born in one city; the children of one person; the cities of one country.

Prints figures and ratios; asserts nothing about time. The scale table in docs/spark.md comes from this script.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import kb_gen  # noqa: E402
from bench.spine import child_peak_mb  # noqa: E402
from latweave.execute import Runner  # noqa: E402
from latweave.plan.ast import Constraint, Meet, Name, Plan  # noqa: E402

LATWEAVE = str(Path(sys.executable).with_name("latweave"))


def tree_rss_mb(root: int) -> float:
    """The resident memory of process `root` and all its descendants, summed (Linux /proc)."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines() if ":" in line)
            pid = int(status.parent.name)
            parents[pid] = int(fields["PPid"])
            rss[pid] = int(fields.get("VmRSS", "0 kB").split()[0])
        except (OSError, KeyError, ValueError):
            continue
    total, frontier = 0, {root}
    while frontier:
        total += sum(rss.get(p, 0) for p in frontier)
        frontier = {p for p, parent in parents.items() if parent in frontier}
    return total / 1024


def measured(argv: list[str]) -> tuple[float, float, subprocess.CompletedProcess]:
    """Run `argv`; (wall seconds, peak MB of its process tree, the completed process)."""
    peak = [0.0]
    t = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.2):
            peak[0] = max(peak[0], tree_rss_mb(child.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = child.communicate()
    took = time.perf_counter() - t
    done.set()
    sampler.join()
    return took, peak[0], subprocess.CompletedProcess(argv, child.returncode, out, err)


def kb_plans(subjects: int, count: int, seed: int = 7) -> list[Plan]:
    """`count` meet plans over the generated KB's dimensions (see the module docstring)."""
    rng = random.Random(seed)
    cities = max(1, subjects // 50)

    def meet(*pairs: tuple[str, str]) -> Plan:
        return Plan((), Meet(tuple(Constraint(d, "<=", Name(v)) for d, v in pairs)))

    out = []
    for i in range(count):
        city = f"city_{rng.randrange(cities):07d}"
        shape = i % 4
        if shape == 0:
            out.append(meet(("profession", kb_gen.PROFESSIONS[rng.randrange(len(kb_gen.PROFESSIONS))]),
                            ("place_of_birth", city)))
        elif shape == 1:
            out.append(meet(("gender", rng.choice(("male", "female"))), ("place_of_birth", city)))
        elif shape == 2:
            out.append(meet(("parents", f"person_{rng.randrange(subjects):08d}")))
        else:
            out.append(meet(("country", kb_gen.COUNTRIES[rng.randrange(len(kb_gen.COUNTRIES))])))
    return out


def build(kb: Path, work: Path, engines: list[str], rebuild: bool) -> Path:
    """Build the KB with each of `engines`; the first's folder is returned."""
    folders = []
    for engine in engines:
        folder = work / f"lattice-{engine}"
        folders.append(folder)
        if (folder / "manifest.json").is_file() and not rebuild:
            print(f"build {engine:7} reused {folder}", flush=True)
            continue
        if folder.exists():
            subprocess.run(["rm", "-rf", "--", str(folder)], check=True)  # the bench's own output folder
        took, peak, done = measured([LATWEAVE, "build", str(kb), "--format", "pathquestion", "--engine", engine,
                                     "--out", str(folder), "--json"])
        if done.returncode:
            sys.exit(f"build --engine {engine} failed ({done.returncode}):\n{done.stderr[-4000:]}")
        counts = json.loads((folder / "manifest.json").read_text())["counts"]
        print(f"build {engine:7} {took:8.1f} s  peak {peak:8,.0f} MB  instances {counts['instances']:,}  "
              f"predicates {counts['predicates']:,}", flush=True)
    manifests = [json.loads((f / "manifest.json").read_text()) for f in folders]
    if not all(m.get("files") for m in manifests):
        sys.exit("a manifest without its file hashes: nothing to compare")
    for other, folder in zip(manifests[1:], folders[1:]):
        if other.get("files") != manifests[0].get("files"):
            sys.exit(f"{folder} differs from {folders[0]}: the builds are not byte-identical")
    if len(folders) > 1:
        print(f"builds byte-identical: {', '.join(engines)} (manifest file hashes)")
    return folders[0]


def batch(folder: Path, engines: list[str], plans: list[Plan]) -> None:
    first = None
    for engine in engines:
        t = time.perf_counter()
        with Runner(folder, engine) as runner:
            runner.run(plans[:1], proofs=False)  # the session opened, the lattice strata loaded
            opened = time.perf_counter() - t
            t = time.perf_counter()
            results = runner.run(plans, proofs=False)
            took = time.perf_counter() - t
            timing = runner.last_timing
        text = "\n".join(r.to_json(indent=None) for r in results)
        answers = sum(len(getattr(r, "answers", ()) or ()) for r in results)
        first = first or (engine, text)
        same = "same JSON as " + first[0] if engine != first[0] else f"{answers:,} answers"
        if text != first[1]:
            sys.exit(f"{engine} returned other results than {first[0]}")
        own = max(child_peak_mb(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
        print(f"batch {engine:7} open {opened:6.1f} s  {len(plans):,} plans {took:8.1f} s  "
              f"{len(plans) / took:8.1f} plans/s  engine {timing['engine_s']:7.1f} s  peak {own:8,.0f} MB  {same}",
              flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--instances", type=int, required=True, help="subjects of the generated KB")
    ap.add_argument("--work", required=True, help="a folder for the KB and the lattices (reused when present)")
    ap.add_argument("--builds", default="spark", help="comma-separated build engines: spark, python")
    ap.add_argument("--engines", default="duckdb,spark", help="comma-separated query engines ('' for none)")
    ap.add_argument("--plans", type=int, default=10000)
    ap.add_argument("--rebuild", action="store_true", help="build even when the lattice folder exists")
    args = ap.parse_args(argv)
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    kb = work / f"kb-{args.instances}.txt"
    if not kb.is_file():
        kb_gen.main(["--instances", str(args.instances), "--out", str(kb)])
    print(f"KB {kb}: {kb.stat().st_size:,} bytes, {args.instances:,} subjects; cores={os.cpu_count()}", flush=True)
    folder = build(kb, work, [e for e in args.builds.split(",") if e], args.rebuild)
    engines = [e for e in args.engines.split(",") if e]
    if engines:
        batch(folder, engines, kb_plans(args.instances, args.plans))
    return 0


if __name__ == "__main__":
    sys.exit(main())
