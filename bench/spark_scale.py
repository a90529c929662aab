"""Spark's scale curve: build + open + a batch of plans at several KB sizes, on local[2] and on a
two-worker standalone cluster, beside DuckDB and SQLite on the same machine; a per-phase model
fitted on the points, projected to larger KBs on N machines.

    .venv/bin/python bench/spark_scale.py --lines 100000,1000000,3000000 --work /tmp/spark/scale
    .venv/bin/python bench/spark_scale.py --fit /tmp/spark/scale/points.jsonl   # the model again

For each size (bench/kb_gen.py's KB, ~7.03 lines a subject, written into --work and reused):

* **build** as a user runs it, a child process each, wall seconds: `latweave build KB --format
  pathquestion` (DuckDB's build, the default), `--engine spark --spark-master local[2]`, and `--engine
  spark --spark-master spark://127.0.0.1:PORT` on the cluster. The lattices must be the same
  (instances.jsonl, predicates.blocks, values.blocks and the symbols compared by hash).
* **open** and **plans**: a child process per target opens the (DuckDB-built) lattice with a
  `Runner` (for Spark: the JVM started, the lattice strata evaluated, as `latweave run` pays it)
  and runs --plans meet plans (bench/kb_scale.py's, seeded) in one batch without proofs. Every
  target's answers must be DuckDB's (a hash of the results' JSON).

The cluster: tests/support/spark_cluster.py's, a master and two workers (1 core, --worker-memory
each) on 127.0.0.1, started once and stopped by pid at the end. Spark's driver gets
--driver-memory; the cluster's shuffle partitions are 4 (twice its cores: Spark's default 200
made the 100k build 23,000 tasks). Each point is appended to points.jsonl as measured.

The model, per target and phase: seconds = fixed + per_line × lines, least squares over the
measured sizes; projected to 10M and 100M lines on N machines assuming (stated again when printed)
that the per-line part divides by N for Spark (executors share the lines; the driver's share does
not divide, so this is a lower bound) and that DuckDB and SQLite stay on one machine (N does not
apply; memory is their limit). Prints figures; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import kb_gen  # noqa: E402
from bench.kb_scale import kb_plans, measured  # noqa: E402

LATWEAVE = str(Path(sys.executable).with_name("latweave"))
LINES_PER_SUBJECT = 7.03
COMPARED = ("instances.jsonl", "predicates.blocks", "values.blocks", "symbols.jsonl", "dimensions.jsonl")
TARGETS = ("duckdb", "sqlite", "local", "cluster")


def spark_env(target: str, master: str | None, driver_memory: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LATWEAVE_SPARK_MASTER", "LATWEAVE_SPARK_PARTITIONS")}
    env["LATWEAVE_SPARK_DRIVER_MEMORY"] = driver_memory
    if target == "cluster":
        env.update({"SPARK_LOCAL_IP": "127.0.0.1", "LATWEAVE_SPARK_PARTITIONS": "4", "LATWEAVE_SPARK_MASTER": master})
    elif target == "local":
        env["LATWEAVE_SPARK_MASTER"] = "local[2]"
    return env


def digest(folder: Path) -> str:
    h = hashlib.sha256()
    for name in COMPARED:
        h.update((folder / name).read_bytes())
    return h.hexdigest()[:16]


def build(kb: Path, out: Path, target: str, master: str | None, driver_memory: str) -> float:
    if out.exists():
        subprocess.run(["rm", "-rf", "--", str(out)], check=True)   # the bench's own output folder
    argv = [LATWEAVE, "build", str(kb), "--format", "pathquestion", "--out", str(out)]
    env = None
    if target in ("local", "cluster"):
        argv += ["--engine", "spark"]
        env = spark_env(target, master, driver_memory)
    t = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env)
    took = time.perf_counter() - t
    if done.returncode:
        raise RuntimeError(f"build on {target} failed ({done.returncode}): {done.stderr[-2000:]}")
    return took


def batch_child(folder: str, engine: str, subjects: int, plans: int) -> None:
    """(In a child process) open `folder` on `engine`, run the plans; print one JSON line."""
    from latweave.execute import Runner

    todo = kb_plans(subjects, plans)
    t = time.perf_counter()
    with Runner(Path(folder), engine) as runner:
        runner.run(todo[:1], proofs=False)
        opened = time.perf_counter() - t
        t = time.perf_counter()
        results = runner.run(todo, proofs=False)
        took = time.perf_counter() - t
    text = "\n".join(r.to_json(indent=None) for r in results)
    answers = sum(len(getattr(r, "answers", ()) or ()) for r in results)
    print(json.dumps({"open_s": opened, "plans_s": took, "answers": answers,
                      "hash": hashlib.sha256(text.encode()).hexdigest()[:16]}))


def batch(folder: Path, target: str, subjects: int, plans: int, master: str | None, driver_memory: str) -> dict:
    engine = target if target in ("duckdb", "sqlite") else "spark"
    env = spark_env(target, master, driver_memory) if engine == "spark" else None
    done = subprocess.run([sys.executable, __file__, "--child", str(folder), engine, str(subjects), str(plans)],
                          capture_output=True, text=True, env=env)
    if done.returncode:
        raise RuntimeError(f"batch on {target} failed ({done.returncode}): {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def fit(points: list[dict]) -> dict[tuple[str, str], tuple[float, float]]:
    """(target, phase) -> (fixed s, s per line), least squares over two sizes or more."""
    model = {}
    keys = sorted({(p["target"], p["phase"]) for p in points})
    for key in keys:
        xs = [p["lines"] for p in points if (p["target"], p["phase"]) == key]
        ys = [p["seconds"] for p in points if (p["target"], p["phase"]) == key]
        if len(set(xs)) < 2:   # one size: fixed and per-line costs cannot be told apart
            continue
        n, mx, my = len(xs), sum(xs) / len(xs), sum(ys) / len(ys)
        slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
        fixed = my - slope * mx
        if fixed < 0:   # a negative fixed cost is noise: the line through the origin instead
            slope, fixed = sum(x * y for x, y in zip(xs, ys)) / sum(x * x for x in xs), 0.0
        if slope <= 0:   # the larger KB measured faster: the machine's load changed, not the cost
            continue
        model[key] = (fixed, slope)
    return model


def report(points: list[dict]) -> None:
    sizes = sorted({p["lines"] for p in points})
    print("\nmeasured seconds (shared machine: see docs/spark.md)")
    print(f"{'target':8} {'phase':6} " + " ".join(f"{s:>12,}" for s in sizes))
    for target in TARGETS:
        for phase in ("build", "open", "plans"):
            row = {p["lines"]: p["seconds"] for p in points if p["target"] == target and p["phase"] == phase}
            if row:
                print(f"{target:8} {phase:6} " + " ".join(f"{row[s]:12.1f}" if s in row else f"{'-':>12}"
                                                          for s in sizes))
    model = fit(points)
    print("\nmodel: seconds = fixed + per_line x lines (least squares on the sizes above; a target and "
          "phase measured at one size only, or faster at the larger size, has none)")
    for (target, phase), (fixed, slope) in sorted(model.items()):
        print(f"{target:8} {phase:6} fixed {fixed:8.1f} s   per line {slope * 1e6:9.2f} µs"
              f"   per 1M lines {slope * 1e6:8.1f} s")
    print("\nprojected build + open + plans, seconds (assumptions: Spark's per-line part divides by N "
          "machines, its fixed part does not — a lower bound, the driver's own share does not divide; "
          "DuckDB and SQLite on one machine, if it holds the lattice: ~7 GB a 7M lines)")
    for lines in (10_000_000, 100_000_000):
        for target in TARGETS:
            parts = [model.get((target, phase)) for phase in ("build", "open", "plans")]
            if not all(parts):
                continue
            if target in ("duckdb", "sqlite"):
                total = sum(f + s * lines for f, s in parts)
                print(f"{lines:>12,} lines  {target:8} 1 machine: {total:10,.0f} s")
            else:
                cells = []
                for n in (1, 2, 10, 100):
                    total = sum(f + s * lines / n for f, s in parts)
                    cells.append(f"N={n}: {total:10,.0f} s")
                print(f"{lines:>12,} lines  {target:8} " + "  ".join(cells))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", default="100000,1000000,3000000", help="KB sizes in lines, comma-separated")
    ap.add_argument("--work", default="/tmp/spark-scale")
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--plans", type=int, default=100)
    ap.add_argument("--driver-memory", default="3g")
    ap.add_argument("--worker-memory", default="2g")
    ap.add_argument("--fit", metavar="POINTS", help="only print the model of a points.jsonl")
    args = ap.parse_args(argv)
    if args.fit:
        report([json.loads(line) for line in Path(args.fit).read_text().splitlines() if line.strip()])
        return 0
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    points_file = work / "points.jsonl"
    targets = [t for t in args.targets.split(",") if t]
    print(f"cores={os.cpu_count()} targets={targets} plans={args.plans}", flush=True)

    def record(lines: int, target: str, phase: str, seconds: float, **more) -> None:
        point = {"lines": lines, "target": target, "phase": phase, "seconds": round(seconds, 2), **more}
        with open(points_file, "a", encoding="utf-8") as f:
            f.write(json.dumps(point) + "\n")
        print(f"{lines:>10,} lines  {target:8} {phase:6} {seconds:9.1f} s  {more or ''}", flush=True)

    from tests.support.spark_cluster import standalone

    cluster_ctx = standalone(work / "cluster", workers=2, cores=1, memory=args.worker_memory) \
        if "cluster" in targets else None
    cluster = cluster_ctx.__enter__() if cluster_ctx else None
    try:
        master = cluster.master if cluster else None
        for lines in [int(x) for x in args.lines.split(",")]:
            subjects = round(lines / LINES_PER_SUBJECT)
            kb = work / f"kb-{subjects}.txt"
            if not kb.is_file():
                kb_gen.main(["--instances", str(subjects), "--out", str(kb)])
            real = sum(1 for _ in open(kb, "rb"))
            digests = {}
            for target in [t for t in targets if t != "sqlite"]:   # SQLite's lattice is DuckDB's build
                out = work / f"lattice-{subjects}-{target}"
                try:
                    record(real, target, "build", build(kb, out, target, master, args.driver_memory))
                    digests[target] = digest(out)
                except RuntimeError as exc:
                    print(f"{real:>10,} lines  {target:8} build FAILED: {exc}", flush=True)
            if len(set(digests.values())) > 1:
                sys.exit(f"the builds differ: {digests}")
            folder = work / f"lattice-{subjects}-duckdb"
            answers = {}
            for target in targets:
                try:
                    got = batch(folder, target, subjects, args.plans, master, args.driver_memory)
                except RuntimeError as exc:
                    print(f"{real:>10,} lines  {target:8} batch FAILED: {exc}", flush=True)
                    continue
                answers[target] = got["hash"]
                record(real, target, "open", got["open_s"])
                record(real, target, "plans", got["plans_s"], answers=got["answers"])
            if len(set(answers.values())) > 1:
                sys.exit(f"the answers differ: {answers}")
            for target in targets:   # disk: keep only DuckDB's lattice of the largest size so far
                if target not in ("duckdb", "sqlite"):
                    subprocess.run(["rm", "-rf", "--", str(work / f"lattice-{subjects}-{target}")], check=True)
    finally:
        if cluster_ctx:
            cluster_ctx.__exit__(None, None, None)
    report([json.loads(line) for line in points_file.read_text().splitlines() if line.strip()])
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        batch_child(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
        sys.exit(0)
    sys.exit(main())
