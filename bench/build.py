"""KB builds: time and peak memory of building each benchmark lattice, and a generated one.

Each build runs in its own subprocess so that its peak resident memory (resource.getrusage,
ru_maxrss) is its own. Times are split into reading the triples into a lattice and saving it
(validate, compile facts, atomic write). Prints a table; asserts nothing.

    .venv/bin/python bench/build.py                     # PQ-2H, PQ-3H, 2Wiki pooled, 1M generated
    .venv/bin/python bench/build.py --generated 200000  # a smaller generated file
    LATWEAVE_DATA=/path/to/shared/data .venv/bin/python bench/build.py
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--generated", type=int, default=1_000_000, help="triples in the generated file (0: none)")
    ap.add_argument("--one", nargs=2, metavar=("FORMAT", "PATH"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(json.dumps(one(*args.one)))
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
