"""KB builds: time and peak memory of building each benchmark lattice, and a generated one.

Each build runs in its own subprocess so that its peak resident memory (resource.getrusage,
ru_maxrss) is its own. Times are split into reading the triples into a lattice and saving it
(validate, compile facts, atomic write). Prints a table; asserts nothing.

    .venv/bin/python bench/build.py                     # PQ-2H, PQ-3H, 2Wiki pooled, 1M generated
    .venv/bin/python bench/build.py --generated 200000  # a smaller generated file
    LATWEAVE_DATA=/path/to/shared/data .venv/bin/python bench/build.py

`--cli KB` times `latweave build KB --format pathquestion` whole, as a user runs it, in a fresh
process each run: wall time, CPU time (the process and the child it forks: ingest/beside.py), CPU
% of the wall, and the peak of the process tree's summed RSS and PSS (sampled from /proc; PSS
counts the pages parent and child share once). `--ref DIR` runs a reference checkout's code the
same way, alternating with this one, and checks the two lattice folders are identical file by
file (SOURCE_DATE_EPOCH fixed, so history.jsonl is too):

    git worktree add /tmp/ref 6dd048b
    .venv/bin/python bench/kb_gen.py --instances 100000 --out /tmp/kb100k.txt
    .venv/bin/python bench/build.py --cli /tmp/kb100k.txt --ref /tmp/ref --runs 2
    .venv/bin/python bench/build.py --cli /tmp/kb100k.txt --engine duckdb --ref . --ref-engine python
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import proctree  # noqa: E402

DATA = Path(os.environ.get("LATWEAVE_DATA", ROOT.parent / "shared" / "data"))
BENCHMARKS = (
    ("PQ-2H", "pathquestion", DATA / "pathquestion" / "2H-kb.txt"),
    ("PQ-3H", "pathquestion", DATA / "pathquestion" / "3H-kb.txt"),
    ("2Wiki pooled", "2wiki", DATA / "2wikimultihopqa" / "lag" / "dev.json"),
)


def generate(path: Path, triples: int, seed: int = 11) -> None:
    """A PathQuestion-format file shaped like a people KB: entity relations (spouse, parents,
    nationality, profession), a date relation and a number relation, ~5 triples per person."""
    rng = random.Random(seed)
    people = max(1, triples // 5)
    countries = [f"country_{i}" for i in range(200)]
    professions = [f"profession_{i}" for i in range(500)]
    months = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
              "October", "November", "December")
    with path.open("w", encoding="utf-8") as out:
        written = 0
        while written < triples:
            p = f"person_{rng.randrange(people)}"
            r = rng.randrange(6)
            if r == 0:
                line = f"{p}\tspouse\tperson_{rng.randrange(people)}"
            elif r == 1:
                line = f"{p}\tparents\tperson_{rng.randrange(people)}"
            elif r == 2:
                line = f"{p}\tnationality\t{rng.choice(countries)}"
            elif r == 3:
                line = f"{p}\tprofession\t{rng.choice(professions)}"
            elif r == 4:
                line = f"{p}\tdate_of_birth\t{rng.choice(months)} {rng.randint(1, 28)}, {rng.randint(1800, 2000)}"
            else:
                line = f"{p}\theight_cm\t{rng.randint(140, 210)}"
            out.write(line + "\n")
            written += 1


def one(fmt: str, path: str) -> dict:
    """Build one lattice in this process; its timings and this process's peak memory."""
    from latweave.ingest.write import save_lattice
    from latweave.ingest.kb import READERS, BuildReport, lattice_from_triples

    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        report = BuildReport()
        lattice = lattice_from_triples(READERS[fmt](path, report), Path(path).stem, report)
        read = time.perf_counter()
        manifest = save_lattice(lattice, Path(tmp) / "lattice")
        saved = time.perf_counter()
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return {"read_s": read - started, "save_s": saved - read, "peak_mib": peak_kb / 1024,
            "counts": report.to_dict()["counts"], "values": manifest["counts"]["values"]}


def _memory(pid: int, pss: bool) -> int:
    """KiB resident (statm: cheap) or proportional (smaps_rollup: walks the page tables, so sampled
    less often) of one process; 0 when it is gone."""
    try:
        if not pss:
            with open(f"/proc/{pid}/statm") as handle:
                return int(handle.read().split()[1]) * (os.sysconf("SC_PAGE_SIZE") // 1024)
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            return next((int(line.split()[1]) for line in handle if line.startswith("Pss:")), 0)
    except (OSError, ValueError, IndexError):
        return 0


def cli_run(code: Path, kb: str, out: Path, fmt: str, engine: str | None = None) -> dict:
    """One `latweave build` of `kb` at `out` by the latweave at `code`, measured (its CPU time is
    the caller's: RUSAGE_CHILDREN, which a forked grandchild's joins once it is waited for)."""
    env = {**os.environ, "PYTHONPATH": str(code), "SOURCE_DATE_EPOCH": "1700000000"}
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from latweave.cli import main; sys.exit(main())",
                             "build", kb, "--format", fmt, "--out", str(out),
                             *(["--engine", engine] if engine else [])], env=env, stdout=subprocess.DEVNULL,
                            cwd=out.parent)   # not this checkout: `-c` puts the working folder first on sys.path
    peak_rss = peak_pss = processes = samples = 0
    while proc.poll() is None:
        pids = proctree.tree(proc.pid)
        processes = max(processes, len(pids))
        samples += 1
        peak_rss = max(peak_rss, sum(_memory(p, False) for p in pids))
        if samples % 5 == 0:
            peak_pss = max(peak_pss, sum(_memory(p, True) for p in pids))
        time.sleep(0.2)
    wall = time.perf_counter() - started
    return {"wall": wall, "rc": proc.returncode, "rss_mib": peak_rss / 1024, "pss_mib": peak_pss / 1024,
            "processes": processes}


def cli_main(args) -> None:
    codes = [("this", ROOT, args.engine)] + ([("ref", Path(args.ref).resolve(), args.ref_engine)] if args.ref else [])
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            for name, code, engine in (codes if run % 2 == 0 else codes[::-1]):
                out = Path(tmp) / f"{name}-{run}"
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                row = cli_run(code, args.cli, out, args.format, engine)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                row["cpu"] = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
                rows.append((name, row))
                print(f"{name:5s} {engine or ''} run {run + 1}: {row['wall']:7.1f} s wall, {row['cpu']:7.1f} s CPU "
                      f"({100 * row['cpu'] / row['wall']:.0f} %), peak RSS {row['rss_mib']:,.0f} MiB, "
                      f"PSS {row['pss_mib']:,.0f} MiB, {row['processes']} process(es), exit {row['rc']}", flush=True)
        if args.ref:
            same = all(_same_folder(Path(tmp) / f"this-{run}", Path(tmp) / f"ref-{run}") for run in range(args.runs))
            print("lattice folders identical, file by file:", same)


def _same_folder(a: Path, b: Path) -> bool:
    files = sorted(p.relative_to(a).as_posix() for p in a.rglob("*") if p.is_file())
    if files != sorted(p.relative_to(b).as_posix() for p in b.rglob("*") if p.is_file()):
        return False
    return all((a / f).read_bytes() == (b / f).read_bytes() for f in files)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--generated", type=int, default=1_000_000, help="triples in the generated file (0: none)")
    ap.add_argument("--one", nargs=2, metavar=("FORMAT", "PATH"), help=argparse.SUPPRESS)
    ap.add_argument("--cli", metavar="KB", help="time `latweave build KB` whole (module docstring)")
    ap.add_argument("--format", default="pathquestion", help="the KB's format, with --cli")
    ap.add_argument("--ref", metavar="DIR", help="with --cli: a reference checkout to run alternately and compare")
    ap.add_argument("--runs", type=int, default=1, help="with --cli: runs of each")
    ap.add_argument("--engine", help="with --cli: `build --engine E` (python, duckdb, auto)")
    ap.add_argument("--ref-engine", help="with --ref: the reference's --engine (`--ref . --engine duckdb "
                    "--ref-engine python` compares the two builds of this checkout)")
    args = ap.parse_args()
    if args.one:
        print(json.dumps(one(*args.one)))
        return
    if args.cli:
        cli_main(args)
        return

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        runs = [b for b in BENCHMARKS if b[2].exists()]
        for name, _, path in BENCHMARKS:
            if not path.exists():
                print(f"skipped {name}: {path} not found (set LATWEAVE_DATA)", file=sys.stderr)
        if args.generated:
            gen = Path(tmp) / "generated-kb.txt"
            generate(gen, args.generated)
            runs.append((f"generated {args.generated:,}", "pathquestion", gen))
        for name, fmt, path in runs:
            done = subprocess.run([sys.executable, __file__, "--one", fmt, str(path)], check=True,
                                  capture_output=True, text=True)
            rows.append((name, json.loads(done.stdout.strip().splitlines()[-1])))

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"KB lattice builds, {cores} cores, Python {sys.version.split()[0]}; one process per build")
    head = ("lattice", "triples", "instances", "dims", "values", "predicates", "read s", "save s", "total s", "peak MiB")
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join("---" for _ in head) + "|")
    for name, r in rows:
        c = r["counts"]
        print(f"| {name} | {c['triples_read']:,} | {c['instances']:,} | {c['dimensions']} | {r['values']:,} | "
              f"{c['predicates']:,} | {r['read_s']:.2f} | {r['save_s']:.2f} | {r['read_s'] + r['save_s']:.2f} | "
              f"{r['peak_mib']:.0f} |")


if __name__ == "__main__":
    main()
